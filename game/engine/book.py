"""The opening book: moves for the first plies, computed by our own deep searches.

``assets/book.txt`` is written by ``tools/build_book.py`` (no games from
elsewhere): one line per position, its FEN and then every move the long
search found within a small margin of the best, each with its score in
centi-men from the side to move's view, best first::

    W:W17,22,...:B1,2,... 22-18:0 23-18:0 25-21:-3

The file is read on the first lookup (not at import: the tournament agent
starts afresh for every move) and kept as text per position; only the line
of the position asked for is turned into moves.  A position that is not in
the book, or a line that names no legal move, gives no book moves: the
search plays instead.

    move = book.choose(position)          # None: not in the book
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from ..rules import Move, Position
from . import shipped

__all__ = ["BookError", "BOOK_LEVELS", "MARGIN", "book_moves", "choose", "load", "parse_line"]

# Levels that play from the book when it is on (the lower levels keep their
# looser character: a book would make them play the opening like Master).
# From a ballot opening the book plays only a move or two a game, so matches
# cannot see it (docs/measurements.md); it gives the top levels variety and
# saves their time in the opening.
BOOK_LEVELS = ("Expert", "Master")
# A move is chosen among those scoring at most this much below the best
# (centi-men): games differ, and no choice gives away more than a tenth of a
# man by the build's long search.
MARGIN = 10
_LIMIT = 4 << 20  # the shipped book is ~100 KB; anything this big is not ours


class BookError(ValueError):
    """A book line that cannot be read (quoted in the message)."""


_books: dict[str, dict[str, str]] = {}  # path (str) -> {fen: rest of its line}


def load(path: str | os.PathLike[str] | None = None) -> dict[str, str]:
    """The book at ``path`` (default: the shipped one) as {FEN: moves text};
    read once and cached.  A missing file is an empty book; one too big to
    be ours is reported and unused; bytes that are not UTF-8 are reported
    and only their lines are lost."""
    p = shipped.path("book.txt") if path is None else Path(path)
    key = str(p)
    book = _books.get(key)
    if book is None:
        book = {}
        from ..textfile import FileReadError, read_bytes

        try:  # a regular file under the cap: never a FIFO's hang nor /dev/zero's endless read
            data = read_bytes(p, limit=_LIMIT, what="opening book")
        except FileReadError as e:
            data = b""  # (no book: the search plays)
            if "too large" in str(e):
                shipped.report(p.name, f"opening book {key!r} is over {_LIMIT >> 20} MB, not ours: "
                                       "playing without it")
            elif "does not exist" not in str(e):  # (a missing book is no problem: the search plays)
                shipped.report(p.name, f"{e}: playing without it")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            # the rest of the book is still good: a damaged line names no
            # position or no legal move, and is never played
            shipped.report(p.name, f"opening book {key!r} is damaged (not UTF-8): its bad lines are skipped")
            text = data.decode("utf-8", errors="replace")
        for line in text.splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                fen, _, rest = line.partition(" ")
                book[fen] = rest
        _books[key] = book
    return book


def parse_line(fen: str, rest: str) -> list[tuple[str, int]]:
    """[(move text, score)] of one book line; BookError quoting it if malformed."""
    out: list[tuple[str, int]] = []
    for item in rest.split():
        move, sep, score = item.rpartition(":")
        try:
            if not sep or not move:
                raise ValueError
            out.append((move, int(score)))
        except ValueError:
            raise BookError(f"bad book entry {item[:40]!r} for {fen[:60]}") from None
    return out


def book_moves(position: Position, path: str | os.PathLike[str] | None = None) -> list[tuple[Move, int]]:
    """The book's moves for ``position``: [(Move, score)], best first; [] when
    the position is not in the book.  Entries that are not legal here are
    skipped (the tests check that there are none)."""
    fen = position.fen()
    rest = load(path).get(fen)
    if not rest:
        return []
    legal = {str(m): m for m in position.legal_moves()}
    try:
        entries = parse_line(fen, rest)
    except BookError as e:
        # one bad line never stops the game: the search plays this position
        shipped.report(Path(str(path)).name if path is not None else "book.txt",
                       f"{e}: the search plays this position")
        return []
    out = [(legal[text], score) for text, score in entries if text in legal]
    out.sort(key=lambda ms: -ms[1])
    return out


def choose(position: Position, rng: random.Random | None = None, margin: int = MARGIN,
           path: str | os.PathLike[str] | None = None) -> Move | None:
    """A book move for ``position``, chosen at random (``rng``, a
    ``random.Random``, for repeatable tests) among those within ``margin``
    of the best; None when the position is not in the book."""
    moves = book_moves(position, path)
    if not moves:
        return None
    best = moves[0][1]
    pool = [m for m, s in moves if s >= best - margin]
    return (rng if rng is not None else random).choice(pool)
