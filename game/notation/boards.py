"""The two board-text formats the seeds use, read strictly and written exactly.

(a) The CSCI-561 board: 8 rows of 8 characters ``b B w W .`` (black men,
black kings, white men, white kings, empty), black's side at the top.  The
course's ``input.txt`` adds three lines before it: ``SINGLE`` or ``GAME``,
the side to move (``BLACK``/``WHITE``) and the seconds left (``100.``).

(b) The digits file: 8 lines of 4 digits, one per dark square of a row, top
row (squares 1-4) first: 0 empty, 1 black man, 2 black king, 3 white man,
4 white king.

A man standing on the row where it would have been crowned cannot occur in
a game, so both formats reject it: it is almost always a file written
upside down or with the colours swapped.  Every error quotes (an excerpt of)
the bad line and gives its line number.

Text is taken as a master program may reasonably write it: a UTF-8 byte-order
mark, CRLF or CR line ends, trailing blanks and blank lines at the end are
all fine.  Files are read through ``game.textfile.read_text`` with a cap
(``BOARD_FILE_LIMIT``): a board file is a few hundred bytes.
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from ..rules.position import BLACK, WHITE, Position
from ..textfile import excerpt, read_text
from .errors import NotationError
from .squares import square_at

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..textfile import StrPath

    Piece = tuple[int, bool]  # (colour, is a king)
    BoardText = str | bytes | Iterable[str]  # the text, or its lines

__all__ = ["BOARD_FILE_LIMIT", "CsciInput", "csci_board", "csci_input", "digit_board", "load_board_file",
           "load_csci_input", "parse_csci_board", "parse_csci_input", "parse_digit_board", "read_board_file"]

# The largest board file or input.txt read (an input.txt is about 90 bytes).
BOARD_FILE_LIMIT = 64 * 1024

_CSCI_CHARS: dict[str, Piece] = {"b": (BLACK, False), "B": (BLACK, True), "w": (WHITE, False), "W": (WHITE, True)}
_DIGITS: dict[str, Piece | None] = {"0": None, "1": (BLACK, False), "2": (BLACK, True), "3": (WHITE, False),
                                    "4": (WHITE, True)}
_PIECE_NAMES: dict[Piece, str] = {(BLACK, False): "black man", (BLACK, True): "black king",
                (WHITE, False): "white man", (WHITE, True): "white king"}


class CsciInput(NamedTuple):
    """A whole CSCI-561 ``input.txt``."""

    mode: str       # 'SINGLE' or 'GAME'
    turn: int       # BLACK or WHITE
    seconds: float  # time left for the player to move
    position: Position


def _lines(text: BoardText) -> list[str]:
    """Lines with trailing whitespace (and CR) removed, trailing blank lines dropped."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    if isinstance(text, str):
        lines = text.removeprefix("\ufeff").splitlines()
    else:
        try:
            lines = list(text)
        except TypeError:
            raise NotationError(f"a board must be text or a list of lines, not {type(text).__name__}") from None
    out = []
    for i, line in enumerate(lines):
        if not isinstance(line, str):
            raise NotationError(f"line {i + 1}: {excerpt(line)} is not text")
        out.append(line.rstrip())
    while out and not out[-1]:
        out.pop()
    return out


def _turn(turn: int | str) -> int:
    if turn in (BLACK, WHITE) and not isinstance(turn, bool):
        return turn
    if isinstance(turn, str) and turn.strip().upper() in ("BLACK", "B", "WHITE", "W"):
        return BLACK if turn.strip().upper()[0] == "B" else WHITE
    raise NotationError(f"turn {excerpt(turn, 20)} should be BLACK or WHITE")


def _build(pieces: dict[int, tuple[Piece, int, str]], turn: int, where: str) -> Position:
    """The Position of ``{square: (piece, line_no, line)}``, refusing uncrowned men on crowning rows."""
    sets: dict[Piece, list[int]] = {key: [] for key in _PIECE_NAMES}
    for square, (piece, line_no, line) in pieces.items():
        colour, king = piece
        if not king and ((colour == BLACK and square >= 29) or (colour == WHITE and square <= 4)):
            row = "bottom" if colour == BLACK else "top"
            raise NotationError(
                f"{where} line {line_no}: {excerpt(line)} has a {_PIECE_NAMES[piece]} on square {square}, "
                f"the {row} row where it would have been crowned (is the board upside down?)")
        sets[piece].append(square)
    return Position.from_squares(sets[(BLACK, False)], sets[(BLACK, True)],
                                 sets[(WHITE, False)], sets[(WHITE, True)], turn)


def _parse_csci_rows(rows: list[str], turn: int, first_line: int, where: str) -> Position:
    if len(rows) != 8:
        raise NotationError(f"{where}: a board has 8 rows of 8 characters, found {len(rows)} line(s)"
                            + (f" (first: {excerpt(rows[0])})" if rows else ""))
    pieces: dict[int, tuple[Piece, int, str]] = {}
    for r, line in enumerate(rows):
        line_no = first_line + r
        if len(line) != 8:
            raise NotationError(f"{where} line {line_no}: {excerpt(line)} should be 8 characters of b B w W .")
        for c, ch in enumerate(line):
            if ch == ".":
                continue
            if ch not in _CSCI_CHARS:
                raise NotationError(f"{where} line {line_no}: {excerpt(line)} has {excerpt(ch)} in column {c + 1} "
                                    "(expected one of b B w W .)")
            square = square_at(r, c)
            if square is None:
                raise NotationError(f"{where} line {line_no}: {excerpt(line)} has a piece {ch!r} on a light "
                                    f"square (column {c + 1}): pieces stand only on dark squares")
            pieces[square] = (_CSCI_CHARS[ch], line_no, line)
    return _build(pieces, turn, where)


def parse_csci_board(lines: BoardText, turn: int | str = BLACK) -> Position:
    """The Position of a CSCI-561 board (8 lines of ``b B w W .``, black at the top)."""
    return _parse_csci_rows(_lines(lines), _turn(turn), 1, "board")


def csci_board(position: Position) -> list[str]:
    """The 8 rows of a position as a CSCI-561 board, black's side first."""
    rows = []
    for r in range(8):
        row = []
        for c in range(8):
            square = square_at(r, c)
            piece = position.piece_at(square) if square else None
            row.append("." if piece is None else "bBwW"[piece[0] * 2 + piece[1]])
        rows.append("".join(row))
    return rows


# Seconds as a master program may write them: 100, 100., 0.25, .5, 1e9, 2.5E+3.
# No sign, nan or inf.  Every part is a run of one character class with a
# mandatory separator before the next, so matching is linear in the length.
_SECONDS = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_SECONDS_MAX_CHARS = 40  # more than any clock needs: longer is refused before matching


def _seconds(text: str) -> float:
    """The positive, finite number of seconds on input.txt's third line; NotationError otherwise."""
    t = text.strip()
    if len(t) <= _SECONDS_MAX_CHARS and _SECONDS.fullmatch(t):
        value = float(t)  # float() has no digit limit; too large a number is inf
        if 0 < value and math.isfinite(value):
            return value
    raise NotationError(f"input.txt line 3: {excerpt(text)} should be the seconds left, a positive "
                        "number such as 100. (not negative, zero, nan or infinite)")


def parse_csci_input(text: BoardText) -> CsciInput:
    """A whole CSCI-561 ``input.txt``: mode, side to move, seconds left, then the board."""
    lines = _lines(text)
    if len(lines) != 11:
        raise NotationError(f"input.txt: expected 11 lines (mode, colour, seconds, 8 board rows), "
                            f"found {len(lines)}" + (f" (first: {excerpt(lines[0])})" if lines else ""))
    mode = lines[0].strip().upper()
    if mode not in ("SINGLE", "GAME"):
        raise NotationError(f"input.txt line 1: {excerpt(lines[0])} should be SINGLE or GAME")
    colour = lines[1].strip().upper()
    if colour not in ("BLACK", "WHITE"):
        raise NotationError(f"input.txt line 2: {excerpt(lines[1])} should be BLACK or WHITE")
    seconds = _seconds(lines[2])
    turn = BLACK if colour == "BLACK" else WHITE
    position = _parse_csci_rows(lines[3:], turn, 4, "input.txt")
    return CsciInput(mode, turn, seconds, position)


def load_csci_input(path: StrPath) -> CsciInput:
    """The CsciInput of the ``input.txt`` at ``path``, read with a cap.

    FileReadError (missing, not a regular file, too large) or NotationError:
    both ValueErrors with a one-line message.
    """
    return parse_csci_input(read_text(path, limit=BOARD_FILE_LIMIT, what="input.txt"))


def csci_input(mode: str, seconds: float | str, position: Position) -> str:
    """The text of an ``input.txt`` for ``position`` (the side to move is the position's)."""
    if mode not in ("SINGLE", "GAME"):
        raise NotationError(f"mode {excerpt(mode, 20)} should be SINGLE or GAME")
    try:
        value = float(seconds)
    except (TypeError, ValueError, OverflowError):
        raise NotationError(f"seconds {excerpt(seconds, 20)} should be a number") from None
    text = f"{value:.6f}".rstrip("0")  # "100." as the referee writes it; no rounding away of time
    if not (math.isfinite(value) and float(text) > 0):
        raise NotationError(f"seconds {excerpt(seconds, 20)} should be a positive number of at least 0.000001")
    colour = "BLACK" if position.turn == BLACK else "WHITE"
    return "\n".join([mode, colour, text] + csci_board(position)) + "\n"


def parse_digit_board(text: BoardText, turn: int | str = BLACK) -> Position:
    """The Position of a digits file: 8 lines of 4 digits 0-4, the top row (squares 1-4) first.

    Blanks between the digits are allowed.
    """
    turn = _turn(turn)
    lines = _lines(text)
    if len(lines) != 8:
        raise NotationError(f"digits board: expected 8 lines of 4 digits, found {len(lines)} line(s)"
                            + (f" (first: {excerpt(lines[0])})" if lines else ""))
    pieces: dict[int, tuple[Piece, int, str]] = {}
    for r, line in enumerate(lines):
        cells = "".join(line.split())
        if len(cells) != 4 or any(ch not in _DIGITS for ch in cells):
            raise NotationError(f"digits board line {r + 1}: {excerpt(line)} should be 4 digits from 0 to 4 "
                                "(0 empty, 1 black man, 2 black king, 3 white man, 4 white king)")
        for k, ch in enumerate(cells):
            piece = _DIGITS[ch]
            if piece is not None:
                pieces[r * 4 + k + 1] = (piece, r + 1, line)
    return _build(pieces, turn, "digits board")


def digit_board(position: Position) -> str:
    """A position as a digits file (8 lines of 4 digits, ending with a newline)."""
    rows = []
    for r in range(8):
        row = ""
        for k in range(4):
            piece = position.piece_at(r * 4 + k + 1)
            row += "0" if piece is None else "1234"[piece[0] * 2 + piece[1]]
        rows.append(row)
    return "\n".join(rows) + "\n"


_DIGIT_LINE = re.compile(r"[0-9\s]+")
_CSCI_LINE = re.compile(r"[bBwW.]+")


def read_board_file(text: BoardText) -> Position:
    """A Position from the text of a board file in whichever format it is in.

    Recognised: a CSCI-561 ``input.txt``, a bare CSCI-561 board (black to
    move), a digits file (black to move) and a one-line FEN.
    """
    lines = _lines(text)
    while lines and not lines[0].strip():
        lines.pop(0)
    if not lines:
        raise NotationError("empty board file: expected a CSCI-561 board, a digits board or a FEN")
    first = lines[0].strip()
    if first.upper() in ("SINGLE", "GAME"):
        return parse_csci_input("\n".join(lines)).position
    if len(lines) == 1 and ":" in first:
        return Position.from_fen(first)
    if _DIGIT_LINE.fullmatch(first):
        return parse_digit_board(lines)
    if _CSCI_LINE.fullmatch(first):
        return parse_csci_board(lines)
    raise NotationError(f"line 1: {excerpt(lines[0])} starts neither a CSCI-561 board (b B w W .), "
                        "a digits board (0-4), an input.txt (SINGLE/GAME) nor a FEN")


def load_board_file(path: StrPath) -> Position:
    """The Position of the board file at ``path`` (any format ``read_board_file`` knows), read with a cap.

    FileReadError (missing, not a regular file, too large) or NotationError:
    both ValueErrors with a one-line message.
    """
    return read_board_file(read_text(path, limit=BOARD_FILE_LIMIT, what="board file"))
