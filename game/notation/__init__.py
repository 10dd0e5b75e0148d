"""Notations: square names, FEN, PDN and the two board-text formats of the seeds.

The submodules load on first use: the tournament agent is started afresh for
every move and needs only the board format, not the PDN reader.
"""

from importlib import import_module

from .errors import NotationError

_EXPORTS = {
    "CsciInput": "boards", "csci_board": "boards", "csci_input": "boards", "digit_board": "boards",
    "parse_csci_board": "boards", "parse_csci_input": "boards", "parse_digit_board": "boards",
    "read_board_file": "boards",
    "parse_fen": "fen", "position_fen": "fen",
    "PdnError": "pdn", "PdnGame": "pdn", "read_pdn": "pdn", "write_pdn": "pdn", "write_pdn_games": "pdn",
    "parse_square": "squares", "row_col": "squares", "square_at": "squares", "square_name": "squares",
}

__all__ = ["NotationError", *sorted(_EXPORTS)]


def __getattr__(name):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__():
    return __all__
