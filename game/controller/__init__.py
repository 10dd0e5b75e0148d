"""The match being played, without a window: the game, who plays it, the computer's turns.

Imports the rules, the engine (its process client), and the store; never
pygame or the UI.  The play screen, watch mode and review's "continue from
here" drive a ``Match``; tests drive it with a fake engine client.
"""

from .computer import STOP_GRACE, ComputerTurn, limit_for
from .match import DRAW, MOVE, REDO, RESIGN, UNDO, Match, MatchError, game_up_to
from .players import (
    COLOR_KEYS,
    DEFAULT_LEVEL,
    MODES,
    bottom_colour,
    humans_of,
    mode_of,
    players_for,
    players_from_keys,
    players_to_keys,
)
from .record import MatchRecord

__all__ = [
    "COLOR_KEYS", "ComputerTurn", "DEFAULT_LEVEL", "DRAW", "MODES", "MOVE", "Match", "MatchError", "MatchRecord",
    "REDO", "RESIGN", "STOP_GRACE", "UNDO", "bottom_colour", "game_up_to", "humans_of", "limit_for",
    "mode_of", "players_for", "players_from_keys", "players_to_keys",
]
