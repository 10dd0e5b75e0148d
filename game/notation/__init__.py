"""Notations: square names, FEN, PDN and the two board-text formats of the seeds."""

from .boards import (CsciInput, csci_board, csci_input, digit_board, parse_csci_board,
                     parse_csci_input, parse_digit_board, read_board_file)
from .errors import NotationError
from .fen import parse_fen, position_fen
from .pdn import PdnError, PdnGame, read_pdn, write_pdn, write_pdn_games
from .squares import parse_square, row_col, square_at, square_name

__all__ = [
    "CsciInput", "NotationError", "PdnError", "PdnGame", "csci_board", "csci_input", "digit_board",
    "parse_csci_board", "parse_csci_input", "parse_digit_board", "parse_fen", "parse_square",
    "position_fen", "read_board_file", "read_pdn", "row_col", "square_at", "square_name",
    "write_pdn", "write_pdn_games",
]
