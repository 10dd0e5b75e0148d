"""Standard square numbers (1-32) and algebraic names (a1-h8).

Columns a-h run left to right and row 8 is at the top, on black's side:
square 1 is b8, square 4 is h8, square 29 is a1 and square 32 is g1.
"""

from __future__ import annotations

from ..textfile import excerpt
from .errors import NotationError

SQUARE_NAMES = tuple(
    "abcdefgh"[(i % 4) * 2 + (1 if (i // 4) % 2 == 0 else 0)] + str(8 - i // 4) for i in range(32)
)
_SQUARE_BY_NAME = {name: i + 1 for i, name in enumerate(SQUARE_NAMES)}


def square_name(square: int) -> str:
    """``square_name(1) == 'b8'``."""
    if not isinstance(square, int) or not 1 <= square <= 32:
        raise NotationError(f"no square {excerpt(square, 20)}: squares are numbered 1 to 32")
    return SQUARE_NAMES[square - 1]


def parse_square(text: str | int) -> int:
    """A standard square from ``'b8'`` or ``'1'``; NotationError for anything else."""
    if isinstance(text, int) and not isinstance(text, bool) and 1 <= text <= 32:
        return text
    if not isinstance(text, str):
        raise NotationError(f"no square {excerpt(text, 20)}: a square is text like b8 or 1")
    t = text.strip().lower()
    if t.isascii() and t.isdigit():
        # at most two digits after leading zeros: int() refuses over 4300 digits with a bare ValueError
        digits = t.lstrip("0")
        if len(digits) <= 2 and 1 <= int(digits or "0") <= 32:
            return int(digits)
        raise NotationError(f"no square {excerpt(text, 20)}: squares are numbered 1 to 32")
    if t in _SQUARE_BY_NAME:
        return _SQUARE_BY_NAME[t]
    if len(t) == 2 and t[0] in "abcdefgh" and t[1] in "12345678":
        raise NotationError(f"{excerpt(text, 20)} is a light square: pieces stand only on dark squares")
    raise NotationError(f"no square {excerpt(text, 20)}: expected a number 1-32 or a name like b8")


def square_at(row: int, col: int) -> int | None:
    """The square at a board row (0 = top, row 8) and column (0 = a), or None on a light square."""
    if not (0 <= row < 8 and 0 <= col < 8) or (row + col) % 2 == 0:
        return None
    return row * 4 + col // 2 + 1


def row_col(square: int) -> tuple[int, int]:
    """(row, col) of a square: row 0 is the top (row 8), col 0 is column a."""
    i = square - 1
    row = i // 4
    return row, (i % 4) * 2 + (1 if row % 2 == 0 else 0)
