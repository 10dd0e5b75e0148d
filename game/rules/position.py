"""Positions and moves: the immutable values the rest of the game passes around."""

from __future__ import annotations

from ..textfile import excerpt
from . import bitboard as bb
from .errors import FenError, PositionError, RulesError
from .fen import read_fen, write_fen

TYPE_CHECKING = False  # typing is not imported at run time: the tournament agent starts afresh every move
if TYPE_CHECKING:
    from collections.abc import Iterable

BLACK = 0
WHITE = 1
COLOUR_NAMES = ("Black", "White")
# the sides as keys in files and settings (the autosave, the clocks' record), lower case
COLOUR_KEYS = ("black", "white")


def opponent(colour: int) -> int:
    return 1 - colour


def _row_col(square: int) -> tuple[int, int]:
    i = square - 1
    row = i // 4
    return row, (i % 4) * 2 + (1 if row % 2 == 0 else 0)


def _jump_table() -> dict[tuple[int, int], int]:
    """{(from, to): jumped square} for every two-square diagonal jump on the board."""
    table = {}
    for a in range(1, 33):
        ra, ca = _row_col(a)
        for b in range(1, 33):
            rb, cb = _row_col(b)
            if abs(ra - rb) == 2 and abs(ca - cb) == 2:
                mr, mc = (ra + rb) // 2, (ca + cb) // 2
                table[(a, b)] = mr * 4 + mc // 2 + 1
    return table


# In English draughts every hop jumps the square between its two landing
# squares, so the path alone decides what a move captures.
_JUMPED = _jump_table()


class Move:
    """A complete move: every square the piece visits, and what it takes.

    ``path`` holds standard squares (1-32): the start, then each landing
    square.  ``captures`` holds the captured squares in the order they are
    jumped; they follow from the path (each hop takes the square it jumps
    over), so two moves with equal paths are equal and play the same.
    ``str(move)`` is PDN with every landing square.
    """

    __slots__ = ("path", "captures", "_hash")
    path: tuple[int, ...]
    captures: tuple[int, ...]
    _hash: int

    def __init__(self, path: Iterable[int], captures: Iterable[int] | None = None) -> None:
        path = tuple(path)
        derived = tuple(_JUMPED[hop] for hop in zip(path, path[1:]) if hop in _JUMPED)
        if captures is not None and tuple(captures) != derived:
            raise RulesError(f"move {excerpt('-'.join(map(str, path)))} jumps {list(derived)}, "
                             f"not {excerpt(list(captures))}")
        self._init(path, derived)

    def _init(self, path: tuple[int, ...], captures: tuple[int, ...]) -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "captures", captures)
        object.__setattr__(self, "_hash", hash(path))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    def __reduce__(self) -> tuple[type[Move], tuple[tuple[int, ...]]]:
        return (Move, (self.path,))

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self.path == other.path

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return ("x" if self.captures else "-").join(str(s) for s in self.path)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @classmethod
    def from_raw(cls, raw: bb.RawMove) -> Move:
        """The Move of a raw bitboard move (see ``bitboard``)."""
        _, _, _, path = raw
        sq = bb.square_of_bit
        move = object.__new__(cls)
        if len(path) == 2 and not raw[2]:
            move._init((sq(path[0]), sq(path[1])), ())
            return move
        caps = []
        for a, b in zip(path, path[1:]):
            # the jumped square is the one between two landing squares
            ia, ib = a.bit_length() - 1, b.bit_length() - 1
            caps.append(sq(1 << ((ia + ib) // 2)))
        move._init(tuple(sq(b) for b in path), tuple(caps))
        return move

    def to_raw(self) -> bb.RawMove:
        bits = tuple(bb.SQUARE_BITS[s - 1] for s in self.path)
        cap = 0
        for s in self.captures:
            cap |= bb.SQUARE_BITS[s - 1]
        return (bits[0], bits[-1], cap, bits)


class Position:
    """Four sets of squares and the side to move.

    Each set is a bitboard int in the ghost-square layout of ``bitboard``.
    Positions are immutable and hashable: a position is its own cache key and
    its own repetition token.
    """

    __slots__ = ("bm", "bk", "wm", "wk", "turn", "_hash")
    bm: int    # black men
    bk: int    # black kings
    wm: int    # white men
    wk: int    # white kings
    turn: int  # BLACK or WHITE
    _hash: int

    def __init__(self, bm: int = 0, bk: int = 0, wm: int = 0, wk: int = 0, turn: int = BLACK) -> None:
        object.__setattr__(self, "bm", bm)
        object.__setattr__(self, "bk", bk)
        object.__setattr__(self, "wm", wm)
        object.__setattr__(self, "wk", wk)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "_hash", hash((bm, bk, wm, wk, turn)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable")

    def __reduce__(self) -> tuple[type[Position], tuple[int, int, int, int, int]]:
        return (Position, (self.bm, self.bk, self.wm, self.wk, self.turn))

    # -- construction ---------------------------------------------------------

    @classmethod
    def initial(cls) -> Position:
        return cls(bb.mask_of(range(1, 13)), 0, bb.mask_of(range(21, 33)), 0, BLACK)

    @classmethod
    def empty(cls, turn: int = BLACK) -> Position:
        return cls(0, 0, 0, 0, turn)

    @classmethod
    def from_squares(cls, black_men: Iterable[int] = (), black_kings: Iterable[int] = (),
                     white_men: Iterable[int] = (), white_kings: Iterable[int] = (), turn: int = BLACK) -> Position:
        """A position from four collections of standard squares (1-32).

        The sets must be disjoint and every square in 1-32; a ValueError says
        which square is wrong.
        """
        seen: dict[int, str] = {}
        for name, squares in (("black man", black_men), ("black king", black_kings),
                              ("white man", white_men), ("white king", white_kings)):
            for s in squares:
                if not isinstance(s, int) or not 1 <= s <= 32:
                    raise PositionError(f"square {excerpt(s, 20)} is not a square from 1 to 32")
                if s in seen:
                    raise PositionError(f"square {s} holds both a {seen[s]} and a {name}")
                seen[s] = name
        if turn not in (BLACK, WHITE):
            raise PositionError(f"turn {excerpt(turn, 20)} is neither BLACK nor WHITE")
        return cls(bb.mask_of(black_men), bb.mask_of(black_kings),
                   bb.mask_of(white_men), bb.mask_of(white_kings), turn)

    @classmethod
    def from_fen(cls, text: str) -> Position:
        """A position from FEN such as ``B:W18,24,K10:B12,16`` (see ``game.rules.fen``).

        FenError (a ValueError) quoting the text when it names no position.
        """
        bm, bk, wm, wk, black = read_fen(text)
        try:
            return cls.from_squares(bm, bk, wm, wk, BLACK if black else WHITE)
        except PositionError as e:
            raise FenError(f"FEN {excerpt(text)}: {e}") from None

    def fen(self) -> str:
        """The canonical FEN of the position."""
        return write_fen(self.turn == BLACK, self.black_men, self.black_kings, self.white_men, self.white_kings)

    @classmethod
    def from_state(cls, state: bb.State) -> Position:
        bm, bk, wm, wk, black = state
        return cls(bm, bk, wm, wk, BLACK if black else WHITE)

    @property
    def state(self) -> bb.State:
        """The raw tuple the bitboard functions and the engine work on."""
        return (self.bm, self.bk, self.wm, self.wk, self.turn == BLACK)

    # -- views ----------------------------------------------------------------

    @property
    def black_men(self) -> frozenset[int]:
        return frozenset(bb.squares_of(self.bm))

    @property
    def black_kings(self) -> frozenset[int]:
        return frozenset(bb.squares_of(self.bk))

    @property
    def white_men(self) -> frozenset[int]:
        return frozenset(bb.squares_of(self.wm))

    @property
    def white_kings(self) -> frozenset[int]:
        return frozenset(bb.squares_of(self.wk))

    def piece_at(self, square: int) -> tuple[int, bool] | None:
        """``None`` or a ``(colour, is_king)`` pair for a standard square."""
        if not (isinstance(square, int) and 1 <= square <= 32):  # 0 would index square 32
            raise PositionError(f"no square {excerpt(square, 20)}: squares are numbered 1 to 32")
        bit = bb.SQUARE_BITS[square - 1]
        if bit & self.bm:
            return (BLACK, False)
        if bit & self.bk:
            return (BLACK, True)
        if bit & self.wm:
            return (WHITE, False)
        if bit & self.wk:
            return (WHITE, True)
        return None

    def pieces(self, colour: int) -> int:
        """Mask of all pieces of a colour."""
        return (self.bm | self.bk) if colour == BLACK else (self.wm | self.wk)

    def count(self, colour: int) -> int:
        return self.pieces(colour).bit_count()

    # -- moves ----------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move: all complete capture sequences if any exists, else all quiet moves."""
        return [Move.from_raw(m) for m in bb.moves(*self.state)]

    def has_capture(self) -> bool:
        return bb.has_capture(*self.state)

    def play(self, move: Move | bb.RawMove) -> Position:
        """The position after ``move``.  Unchecked and fast: the move must be legal here."""
        raw = move.to_raw() if isinstance(move, Move) else move
        return Position.from_state(bb.play(*self.state, raw))

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves()

    def movable_squares(self) -> frozenset[int]:
        """The squares of the pieces that have a legal move (only capturers when capturing is due)."""
        return frozenset(m.start for m in self.legal_moves())

    # -- identity -------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Position) and self.bm == other.bm and self.bk == other.bk
                and self.wm == other.wm and self.wk == other.wk and self.turn == other.turn)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Position.from_fen({self.fen()!r})"

    def __str__(self) -> str:
        """The board as text, black's side at the top: b/B black, w/W white."""
        rows = []
        for r in range(8):
            row = []
            for c in range(8):
                if (r + c) % 2 == 0:
                    row.append(" ")
                    continue
                s = r * 4 + c // 2 + 1
                p = self.piece_at(s)
                row.append("." if p is None else "bBwW"[p[0] * 2 + p[1]])
            rows.append("".join(row))
        return "\n".join(rows)
