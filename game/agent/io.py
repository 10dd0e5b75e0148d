"""The referee's file formats: input.txt in, output.txt out.

input.txt (csci561)::

    GAME            SINGLE or GAME
    BLACK           the colour to play, BLACK or WHITE
    100.            CPU seconds left, a positive float
    .b.b.b.b        8 rows of 8: b B w W . (men, kings, empty),
    ...             black's side at the top (row 8), column a on the left

It is read by ``game.notation.boards.parse_csci_input`` (strict: every error
quotes the bad line).  output.txt: ``E c3 b4`` for a simple move; one
``J from to`` line per hop for a capture.  Columns a-h from the left, rows 8
(top) to 1, so square 1 is b8 and square 29 is a1 (``game.notation.squares``).
"""

from __future__ import annotations

from ..notation.boards import CsciInput, csci_input, parse_csci_input
from ..notation.squares import square_name

TYPE_CHECKING = False  # typing is not imported at run time: the agent starts afresh every move
if TYPE_CHECKING:
    from ..rules import Move, Position

__all__ = ["CsciInput", "format_move", "input_text", "parse_input"]


def parse_input(text: str) -> CsciInput:
    """The CsciInput (mode, turn, seconds, position) of input.txt; NotationError (a ValueError) otherwise."""
    return parse_csci_input(text)


def format_move(move: Move) -> str:
    """output.txt's text for a Move: ``E c3 b4``, or one ``J a b`` line per hop."""
    names = [square_name(s) for s in move.path]
    if not move.captures:
        return f"E {names[0]} {names[1]}\n"
    return "".join(f"J {a} {b}\n" for a, b in zip(names, names[1:]))


def input_text(mode: str, position: Position, seconds: float) -> str:
    """The whole input.txt for the side to move of ``position`` (for referees and tests).

    The notation's writer (``csci_input``): seconds keep their decimals, as a
    referee that rounds to 0.1 s would give a player time it does not have.
    A clock already at zero is written as the smallest time it can show.
    """
    return csci_input(mode, max(float(seconds), 1e-6), position)
