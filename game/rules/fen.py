"""FEN for checkers: ``B:W18,24,K10:B12,16``.

The first field is the side to move; then one field per colour, each a list
of squares, kings prefixed with ``K``.  Reading is forgiving (ranges such as
``B1-12``, quotes, a trailing dot, colours in either order, lower case);
writing is canonical (white's field first, men then kings, ascending).

This module reads and writes the text only; ``Position.from_fen`` and
``Position.fen`` turn it into a position and back.
"""

from __future__ import annotations

import re

from ..textfile import excerpt
from .errors import FenError

TYPE_CHECKING = False  # typing is not imported at run time: the tournament agent starts afresh every move
if TYPE_CHECKING:
    from collections.abc import Iterable

# Plain ASCII digits, at most three: int() would also take "+5", "1_2", other
# scripts' digits, and refuses (with a bare ValueError) more than 4300 digits.
_NUMBER = re.compile(r"[0-9]{1,3}")


def _squares(field: str, fen: str) -> tuple[list[int], list[int]]:
    """The (men, kings) squares of one colour's field, e.g. ``W18,K10,21-24``."""
    men: list[int] = []
    kings: list[int] = []
    body = field[1:].strip()
    if not body:
        return men, kings
    for item in body.split(","):
        item = item.strip()
        if not item:
            continue
        raw = item
        king = item[:1].upper() == "K"
        if king:
            item = item[1:]
        lo, sep, hi = (part.strip() for part in item.partition("-"))
        if not (_NUMBER.fullmatch(lo) and (not sep or _NUMBER.fullmatch(hi))):
            raise FenError(f"bad square {excerpt(raw, 20)} in FEN {excerpt(fen)}")
        first = int(lo)
        last = int(hi) if sep else first
        if not (1 <= first <= 32 and 1 <= last <= 32):
            raise FenError(f"square {excerpt(raw, 20)} out of range 1-32 in FEN {excerpt(fen)}")
        if last < first:
            raise FenError(f"range {excerpt(raw, 20)} runs backwards (write it low-high) in FEN {excerpt(fen)}")
        (kings if king else men).extend(range(first, last + 1))
    return men, kings


def read_fen(text: str) -> tuple[list[int], list[int], list[int], list[int], bool]:
    """``(black_men, black_kings, white_men, white_kings, black_to_move)`` of a FEN string.

    FenError (a ValueError) naming the problem and quoting the text otherwise.
    The squares are not checked against each other: ``Position.from_fen`` does that.
    """
    if not isinstance(text, str):
        raise FenError(f"FEN must be text, not {type(text).__name__}")
    fen = text.strip().strip('"').strip().rstrip(".").strip()
    fields = [f.strip() for f in fen.split(":")]
    if len(fields) != 3:
        raise FenError(f"FEN {excerpt(text)} should have three fields separated by ':' like B:W21-32:B1-12")
    turn_field = fields[0].upper()
    if turn_field not in ("B", "W"):
        raise FenError(f"FEN {excerpt(text)} should start with B or W (the side to move), "
                       f"not {excerpt(fields[0], 20)}")
    sides: dict[str, tuple[list[int], list[int]]] = {}
    for field in fields[1:]:
        colour = field[:1].upper()
        if colour not in ("B", "W"):
            raise FenError(f"FEN field {excerpt(field, 20)} should start with B or W in {excerpt(text)}")
        if colour in sides:
            raise FenError(f"FEN {excerpt(text)} lists {'black' if colour == 'B' else 'white'} twice")
        sides[colour] = _squares(field, text)
    (bm, bk), (wm, wk) = sides["B"], sides["W"]
    return bm, bk, wm, wk, turn_field == "B"


def write_fen(black_to_move: bool, black_men: Iterable[int], black_kings: Iterable[int],
              white_men: Iterable[int], white_kings: Iterable[int]) -> str:
    """The canonical FEN: side to move, white's field, black's field; men then kings, ascending."""
    def field(colour: str, men: Iterable[int], kings: Iterable[int]) -> str:
        return colour + ",".join([str(s) for s in sorted(men)] + ["K" + str(s) for s in sorted(kings)])

    return ":".join(["B" if black_to_move else "W",
                     field("W", white_men, white_kings), field("B", black_men, black_kings)])
