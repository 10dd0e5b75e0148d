"""The rules of English draughts: positions, moves, games, and their FEN.

Imports nothing of the game above it (no notation, engine, store, ui or
pygame), and imports fast: the tournament agent is started afresh for every
move.
"""

from .errors import FenError, IllegalMoveError, NotationError, PositionError, RulesError
from .game import (
    CSCI561_NO_PROGRESS_PLIES,
    DRAW_RULES,
    NO_MOVES,
    NO_PIECES,
    NO_PROGRESS,
    OFFICIAL_NO_PROGRESS_PLIES,
    REPETITION,
    RESIGNATION,
    DrawRule,
    Game,
    Outcome,
    board_outcome,
    draw_rule_named,
)
from .position import BLACK, COLOUR_KEYS, COLOUR_NAMES, WHITE, Move, Position, opponent
from .setup import setup_problem

__all__ = [
    "BLACK", "COLOUR_KEYS", "COLOUR_NAMES", "CSCI561_NO_PROGRESS_PLIES", "DRAW_RULES", "DrawRule", "FenError", "Game",
    "IllegalMoveError", "Move", "NO_MOVES", "NO_PIECES", "NO_PROGRESS", "NotationError",
    "OFFICIAL_NO_PROGRESS_PLIES", "Outcome", "Position", "PositionError", "REPETITION", "RESIGNATION",
    "RulesError", "WHITE", "board_outcome", "draw_rule_named", "opponent", "setup_problem",
]
