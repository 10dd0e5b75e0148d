"""Notations: square names, FEN, PDN and the two board-text formats of the seeds."""

from .errors import NotationError
from .fen import parse_fen, position_fen
from .squares import parse_square, row_col, square_at, square_name

__all__ = ["NotationError", "parse_fen", "parse_square", "position_fen", "row_col", "square_at", "square_name"]
