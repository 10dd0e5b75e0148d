"""FEN is read and written by the rules (``game.rules.fen``); these names stay for callers.

``parse_fen`` raises ``FenError``, a ``NotationError`` (and a ValueError).
"""

from ..rules.errors import FenError
from ..rules.position import Position

__all__ = ["FenError", "parse_fen", "position_fen"]


def parse_fen(text):
    """The Position of a FEN string; FenError (a NotationError) naming the problem otherwise."""
    return Position.from_fen(text)


def position_fen(position):
    """The canonical FEN of a position."""
    return position.fen()
