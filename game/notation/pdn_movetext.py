"""One move written as text -> the legal move it names: the one matcher for PDN, saves and the autosave.

Players and programs write a move in many ways; all of these name legal moves:

- ``11-15``, ``11x15``, ``11:15`` — any separator; a hyphen for a jump (``16-23``)
  is common in old collections, and the legal moves decide whether it jumps;
- ``9x18x27`` — every landing square; ``9x27`` or ``25-2`` — only start and end
  of a multi-jump, accepted when exactly one legal move fits (landing squares
  written in between must lie on its path, in order);
- ``c3-d4``, ``c3xe5`` — algebraic square names (a1 is square 29);
- ``8-11!``, ``25-22?``, ``4-8*``, ``10-15!?`` — annotation symbols are ignored.

Errors are MoveTextError (a NotationError, so a ValueError) quoting a short
excerpt of the text and saying why: no such square, not legal here (with the legal
moves), or ambiguous (with the candidates).
"""

from __future__ import annotations

import re

from ..rules import bitboard as bb
from ..rules.position import Move, Position
from ..textfile import excerpt
from .errors import NotationError
from .squares import SQUARE_NAMES

TYPE_CHECKING = False  # typing is not imported at run time: the tournament agent starts afresh every move
if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["MoveTextError", "find_move", "parse_move_squares", "match_raw", "read_move"]

_BITS = bb.SQUARE_BITS
_BY_NAME = {name: i + 1 for i, name in enumerate(SQUARE_NAMES)}
_SEPARATOR = re.compile(r"\s*[-xX:]\s*")
_ANNOTATION = re.compile(r"[!?*+#]+\Z")
_LONGEST_PATH = 24  # more landing squares than any capture can have; longer text is not a move


class MoveTextError(NotationError):
    """Text that does not name exactly one legal move of the position."""


def _square(part: str, text: object) -> int:
    p = part.strip()
    if p.isascii() and p.isdigit():
        if len(p) > 2 or not 1 <= int(p) <= 32:  # never int() a 5000-digit string
            shown = p if len(p) <= 8 else p[:8] + "\u2026"
            raise MoveTextError(f"{excerpt(text, 40)}: no square {shown} (squares are 1-32)")
        return int(p)
    sq = _BY_NAME.get(p.lower())
    if sq is None:
        if len(p) == 2 and p[0].lower() in "abcdefgh" and p[1] in "12345678":
            raise MoveTextError(f"{excerpt(text, 40)}: {p} is a light square")
        raise MoveTextError(f"{excerpt(text, 40)} is not a move (expected squares like 11-15, 9x18 or c3-d4)")
    return sq


def parse_move_squares(text: object) -> list[int]:
    """The squares written in a move's text: ``'9x18x27!'`` -> ``[9, 18, 27]``; MoveTextError if it is not a move."""
    t = str(text).strip()
    t = _ANNOTATION.sub("", t) if t and t[-1] in "!?*+#" else t
    parts = _SEPARATOR.split(t) if len(t) <= 4 * _LONGEST_PATH else None
    if not parts or len(parts) < 2 or len(parts) > _LONGEST_PATH:
        raise MoveTextError(f"{excerpt(text, 40)} is not a move (expected squares like 11-15, 9x18 or c3-d4)")
    return [_square(p, text) for p in parts]


def _subsequence(needle: Sequence[int], hay: Sequence[int]) -> bool:
    it = iter(hay)
    return all(any(x == y for y in it) for x in needle)


def match_raw(state: bb.State, squares: Sequence[int], text: object = None) -> bb.RawMove:
    """The raw legal move of a bitboard ``state`` that ``squares`` names (see the module text).

    The reader's fast path: no Move or Position is built unless something is wrong.
    """
    legal = bb.moves(*state)
    bits = tuple(_BITS[s - 1] for s in squares)
    frm, to, middle = bits[0], bits[-1], bits[1:-1]
    fits: list[bb.RawMove] = []
    for raw in legal:
        if raw[0] == frm and raw[1] == to:
            if raw[3] == bits:
                return raw
            if not middle or _subsequence(middle, raw[3][1:-1]):
                fits.append(raw)
    if len(fits) == 1:
        return fits[0]
    shown = excerpt(text if text is not None else "-".join(map(str, squares)), 40)
    fen = Position.from_state(state).fen()
    if not fits:
        names = ", ".join(str(Move.from_raw(m)) for m in legal) or "none"
        raise MoveTextError(f"{shown} is not legal in {fen} (legal: {names})")
    names = ", ".join(str(Move.from_raw(m)) for m in fits)
    raise MoveTextError(f"{shown} is ambiguous in {fen}: it could be {names}")


_BOARD = bb.BOARD
_MOVE_CACHE: dict[tuple[int, ...], Move] = {}  # (start, end) squares -> the Move of a quiet step (Moves are immutable)
_SQUARES_CACHE: dict[str, tuple[int, ...]] = {}  # a move's text -> its squares, for the texts a collection repeats
_SQUARES_CACHE_MAX = 100_000


def read_move(state: bb.State, text: str) -> tuple[Move, bb.RawMove]:
    """``(move, raw)`` for the legal move ``text`` names in a bitboard ``state``; MoveTextError if none.

    The reader's hot path: the squares of a text are remembered, and a quiet step
    is checked with a few bit operations instead of generating every legal move.
    """
    squares = _SQUARES_CACHE.get(text)
    if squares is None:
        squares = tuple(parse_move_squares(text))
        if len(_SQUARES_CACHE) < _SQUARES_CACHE_MAX:
            _SQUARES_CACHE[text] = squares
    if len(squares) == 2:
        bm, bk, wm, wk, black = state
        frm, to = _BITS[squares[0] - 1], _BITS[squares[1] - 1]
        if not to & (bm | bk | wm | wk):
            if black:
                ok = (frm & bm and (to == frm << 4 or to == frm << 5)) or \
                    (frm & bk and (to == frm << 4 or to == frm << 5 or to == frm >> 4 or to == frm >> 5))
            else:
                ok = (frm & wm and (to == frm >> 4 or to == frm >> 5)) or \
                    (frm & wk and (to == frm << 4 or to == frm << 5 or to == frm >> 4 or to == frm >> 5))
            if ok and to & _BOARD and not bb.has_capture(*state):
                move = _MOVE_CACHE.get(squares)
                if move is None:
                    move = _MOVE_CACHE[squares] = Move(squares)
                return move, (frm, to, 0, (frm, to))
    raw = match_raw(state, squares, text)
    return Move.from_raw(raw), raw


def find_move(position: Position, text: str | Move | Sequence[int]) -> Move:
    """The legal Move of ``position`` that ``text`` names, or MoveTextError saying why there is none.

    ``text`` may also be a Move (checked for legality) or a sequence of squares.
    """
    if isinstance(text, Move):
        if text in position.legal_moves():
            return text
        raise MoveTextError(f"{excerpt(str(text), 40)} is not legal in {position.fen()}")
    if isinstance(text, (list, tuple)):
        squares = list(text)
        if not (2 <= len(squares) <= _LONGEST_PATH) or not all(isinstance(s, int) and 1 <= s <= 32
                                                                 for s in squares):
            raise MoveTextError(f"{excerpt(repr(text), 40)} is not a list of squares 1-32")
        label = "-".join(map(str, squares))
    else:
        squares = parse_move_squares(text)
        label = str(text)
    return Move.from_raw(match_raw(position.state, squares, label))
