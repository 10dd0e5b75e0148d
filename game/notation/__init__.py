"""Notations: square names, PDN and the two board-text formats of the seeds.

FEN is read and written by the rules (``Position.from_fen``, ``Position.fen``);
``NotationError`` is the rules' class, so ``except NotationError`` catches a
bad FEN too.

The submodules load on first use: the tournament agent is started afresh for
every move and needs only the board format, not the PDN reader.
"""

from ..lazy import lazy_exports
from .errors import FenError, NotationError

_EXPORTS = {
    "CsciInput": "boards", "csci_board": "boards", "csci_input": "boards", "digit_board": "boards",
    "parse_csci_board": "boards", "parse_csci_input": "boards", "parse_digit_board": "boards",
    "read_board_file": "boards", "load_board_file": "boards", "load_csci_input": "boards",
    "BOARD_FILE_LIMIT": "boards",
    "PdnError": "pdn", "PdnGame": "pdn", "read_pdn": "pdn", "write_pdn": "pdn", "write_pdn_games": "pdn",
    "iter_pdn": "pdn", "read_pdn_file": "pdn", "read_pdn_text": "pdn", "find_move": "pdn",
    "MoveTextError": "pdn", "normal_result": "pdn",
    "Opening": "openings", "opening_of": "openings",
    "parse_square": "squares", "row_col": "squares", "square_at": "squares", "square_name": "squares",
}

__all__ = ["FenError", "NotationError", *sorted(_EXPORTS)]


__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)
