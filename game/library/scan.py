"""One PDN file -> index rows, game by game, without ever raising on the file's content.

A row holds what the library shows (players, event or levels, date, result,
length, opening), why the game is broken if it is, and the game's own text, so
opening or exporting a game later never re-reads the whole file.  A file that
cannot be read at all is one row with its error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..notation.pdn import read_pdn
from ..textfile import FileReadError, read_text
from .text import clean

MAX_FILE_BYTES = 32 * 1024 * 1024
CHUNK_CHARS = 256 * 1024  # how much text is parsed between two progress reports
MAX_GAME_TEXT = 256 * 1024  # a "game" longer than this is kept as its first part only

# a line that starts a tag after a line of movetext: where one game ends and the next begins
_BOUNDARY = re.compile(r"\n(?=[ \t]*\[)")


@dataclass
class Row:
    number: int            # the game's place in its file, from 0
    black: str = "?"
    white: str = "?"
    event: str = ""
    site: str = ""
    levels: str = ""
    date: str = ""
    result: str = "*"
    plies: int = 0
    opening: str = ""
    error: str = ""
    text: str = ""         # the game's PDN text as the file has it
    sub: int = 0           # which game of ``text`` it is (0 unless games share a line)


@dataclass
class FileScan:
    rows: list = field(default_factory=list)
    error: str = ""        # the whole file could not be read


def opening_namer():
    """``opening_of`` from the openings table when it exists, else None (the column stays empty)."""
    try:
        from ..notation.openings import opening_of
    except ImportError:
        return None
    return opening_of


def _opening(namer, pg):
    if namer is None or not pg.moves or "FEN" in pg.tags:
        return ""
    try:
        name = namer(pg.moves)
    except Exception:  # a naming table problem must never stop indexing
        return ""
    if name is None:
        return ""
    return clean(getattr(name, "name", name))


def _date(value):
    value = clean(value, 20)
    return "" if not value or set(value) <= set("?.-") else value


def row_of(pg, number, text, namer=None) -> Row:
    tags = pg.tags
    levels = [clean(tags.get(k, ""), 30) for k in ("BlackLevel", "WhiteLevel")]
    event = clean(tags.get("Event", ""))
    if event in ("?", "-"):
        event = ""
    return Row(
        number=number,
        black=clean(tags.get("Black", "?")) or "?",
        white=clean(tags.get("White", "?")) or "?",
        event=event,
        site="" if clean(tags.get("Site", ""), 40) in ("?", "-") else clean(tags.get("Site", ""), 40),
        levels=" v ".join(x for x in levels if x),
        date=_date(tags.get("Date", "")),
        result=pg.result,
        plies=len(pg.moves),
        opening=_opening(namer, pg),
        error=clean(pg.error or "", 200),
        text=text[:MAX_GAME_TEXT],
    )


def _chunks(text, size=CHUNK_CHARS):
    """Cut ``text`` into pieces of about ``size`` characters at game boundaries."""
    start, n = 0, len(text)
    while start < n:
        end = start + size
        if end >= n:
            yield start, n
            return
        m = _BOUNDARY.search(text, end)
        while m is not None and _tag_line_before(text, m.start()):
            m = _BOUNDARY.search(text, m.end())
        cut = n if m is None else m.start() + 1
        yield start, cut
        start = cut


def _tag_line_before(text, newline):
    """Is the line ending at ``newline`` a tag (so the next tag is the same game's)?"""
    prev = text.rfind("\n", 0, newline) + 1
    return text[prev:newline].lstrip().startswith("[")


def _line_starts(text):
    starts = [0]
    find = text.find
    i = find("\n")
    while i >= 0:
        starts.append(i + 1)
        i = find("\n", i + 1)
    return starts


def games_in(text):
    """Yield ``(PdnGame, its text, its place in that text, start, end)`` for every game.

    ``start`` and ``end`` are the offsets of the game's text in ``text``.

    A game's text runs from the line it starts on to the line the next game
    starts on; games that begin on one line share that text and are told apart
    by their place in it.
    """
    for start, end in _chunks(text):
        piece = text[start:end]
        games = read_pdn(piece)
        if not games:
            continue
        lines = _line_starts(piece)
        firsts = [min(max(g.line, 1), len(lines)) for g in games]
        first_on_line = 0
        for k, pg in enumerate(games):
            if k > 0 and firsts[k] != firsts[k - 1]:
                first_on_line = k
            j = k + 1
            while j < len(games) and firsts[j] == firsts[k]:
                j += 1
            a = 0 if first_on_line == 0 else lines[firsts[k] - 1]
            b = lines[firsts[j] - 1] if j < len(games) else len(piece)
            yield pg, piece[a:b], k - first_on_line, start + a, start + b


def iter_rows(text, namer=None):
    """Yield ``(Row, characters of text read so far)`` for every game of ``text``."""
    for number, (pg, game_text, sub, _, done) in enumerate(games_in(text)):
        row = row_of(pg, number, game_text, namer)
        row.sub = sub
        yield row, done


def read_source(path):
    """``(text, "")`` for a readable PDN file, else ``("", one line saying why)``.  Never raises."""
    try:
        text = read_text(path, limit=MAX_FILE_BYTES, what="PDN file")
    except FileReadError as e:
        return "", clean(str(e), 200)
    if "\0" in text[:4096]:
        return "", f"{clean(_name(path), 60)} is not a text file"
    return text, ""


def scan_file(path, namer=None) -> FileScan:
    """Every game of a PDN file as rows; a file that cannot be read is one error.  Never raises."""
    text, error = read_source(path)
    if error:
        return FileScan(error=error)
    try:
        rows = [row for row, _ in iter_rows(text, namer)]
    except (ValueError, RecursionError, MemoryError) as e:
        return FileScan(error=clean(f"cannot read {_name(path)}: {e}", 200))
    if not rows:
        return FileScan(error=f"{clean(_name(path), 60)} holds no games")
    return FileScan(rows)


def _name(path):
    import os

    return os.path.basename(os.fsdecode(path))
