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


TYPE_CHECKING = False
if TYPE_CHECKING:  # the same names, imported for the type checker: `from game.notation import X` types as X
    # (tests/test_imports.py checks that this block and _EXPORTS name the same things)
    from .boards import BOARD_FILE_LIMIT as BOARD_FILE_LIMIT
    from .boards import CsciInput as CsciInput
    from .boards import csci_board as csci_board
    from .boards import csci_input as csci_input
    from .boards import digit_board as digit_board
    from .boards import load_board_file as load_board_file
    from .boards import load_csci_input as load_csci_input
    from .boards import parse_csci_board as parse_csci_board
    from .boards import parse_csci_input as parse_csci_input
    from .boards import parse_digit_board as parse_digit_board
    from .boards import read_board_file as read_board_file
    from .openings import Opening as Opening
    from .openings import opening_of as opening_of
    from .pdn import MoveTextError as MoveTextError
    from .pdn import PdnError as PdnError
    from .pdn import PdnGame as PdnGame
    from .pdn import find_move as find_move
    from .pdn import iter_pdn as iter_pdn
    from .pdn import normal_result as normal_result
    from .pdn import read_pdn as read_pdn
    from .pdn import read_pdn_file as read_pdn_file
    from .pdn import read_pdn_text as read_pdn_text
    from .pdn import write_pdn as write_pdn
    from .pdn import write_pdn_games as write_pdn_games
    from .squares import parse_square as parse_square
    from .squares import row_col as row_col
    from .squares import square_at as square_at
    from .squares import square_name as square_name

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)
