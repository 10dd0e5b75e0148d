"""The rules of English draughts: positions, moves, games.

Imports neither pygame nor the engine, and imports fast: the tournament agent
is started afresh for every move.
"""

from .errors import IllegalMoveError, PositionError, RulesError
from .game import (AGREEMENT, DRAW_RULES, NO_MOVES, NO_PIECES, NO_PROGRESS, REPETITION,
                   RESIGNATION, DrawRule, Game, Outcome, board_outcome)
from .position import BLACK, COLOR_NAMES, WHITE, Move, Position, opponent
from .setup import setup_problem

__all__ = [
    "AGREEMENT", "BLACK", "COLOR_NAMES", "DRAW_RULES", "DrawRule", "Game", "IllegalMoveError",
    "Move", "NO_MOVES", "NO_PIECES", "NO_PROGRESS", "Outcome", "Position", "PositionError",
    "REPETITION", "RESIGNATION", "RulesError", "WHITE", "board_outcome", "opponent", "setup_problem",
]
