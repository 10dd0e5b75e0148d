"""One PDN file -> index rows, game by game, without ever raising on the file's content.

A row (an ``Entry``) holds what the library shows (players, event or levels,
date, result, length, opening), why the game is broken if it is, and the
game's own text, so opening or exporting a game later never re-reads the whole
file.  A file that cannot be read at all is one error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..notation.damage import stop_words
from ..notation.pdn import iter_pdn
from ..store.gamefile import GAME_ID
from ..textfile import FileReadError, read_text
from .entry import Entry
from .text import clean

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping, Sequence
    from typing import Any, Protocol

    from ..notation.openings import Opening
    from ..notation.pdn import PdnGame
    from ..textfile import StrPath

    Namer = Callable[[Any], Opening | None]  # notation.openings.opening_of

    class GameHead(Protocol):
        """What a row is made of: a PdnGame, or the same read from a game already loaded."""

        @property
        def tags(self) -> Mapping[str, str]: ...
        @property
        def moves(self) -> Sequence[object]: ...
        @property
        def result(self) -> str: ...
        @property
        def error(self) -> str | None: ...

MAX_FILE_BYTES = 32 * 1024 * 1024  # a bigger file is refused with a message (a game's text is kept whole)
_GAME_ID = GAME_ID  # the store's game ids (store.gamefile)


@dataclass
class FileScan:
    rows: list[Entry] = field(default_factory=list)
    error: str = ""        # the whole file could not be read


def opening_namer() -> Namer | None:
    """``opening_of`` from the openings table when it exists, else None (the column stays empty)."""
    try:
        from ..notation.openings import opening_of
    except ImportError:
        return None
    return opening_of


def _opening(namer: Namer | None, tags: Mapping[str, str], moves: Sequence[object]) -> str:
    """``Old Fourteenth (ballot 104)``, ``Ballot 37``…: the opening's label, or "" when it has none."""
    if namer is None or not moves or "FEN" in tags:
        return ""
    try:
        found = namer(moves)
        if found is None:
            return ""
        return clean(getattr(found, "label", found))
    except Exception:  # a naming table problem must never stop indexing
        return ""


def display_date(value: object, time_of_day: object = "") -> str:
    """A Date tag as shown: empty for an unknown one (``????.??.??``), PDN's ``2026.11.28`` as
    ``2026-11-28`` (an unknown month or day left off: ``2026.??.??`` is ``2026``); with a whole date
    and a Time tag (``14:05:09``), its hour and minute after it: ``2026-11-28 14:05``."""
    date = _display_date(value)
    clock = re.fullmatch(r"([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?", clean(time_of_day, 12))
    if clock is None or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        return date
    return f"{date} {clock.group(1)}:{clock.group(2)}"


def _display_date(value: object) -> str:
    value = clean(value, 20)
    if not value or set(value) <= set("?.-"):
        return ""
    found = re.fullmatch(r"(\d{4})[.-](\d{2}|\?\?)[.-](\d{2}|\?\?)", value)
    if found is None:
        return value
    year, month, day = found.groups()
    if month == "??":
        return year
    return f"{year}-{month}" if day == "??" else f"{year}-{month}-{day}"


def row_of(pg: GameHead, number: int, text: str, namer: Namer | None = None, *, id: int = 0, source: int = 0,
           kind: str = "imported") -> Entry:
    """The row of a PdnGame (or anything with ``tags``, ``moves``, ``result`` and ``error``)."""
    tags = pg.tags
    levels = [clean(tags.get(k, ""), 30) for k in ("BlackLevel", "WhiteLevel")]
    event = clean(tags.get("Event", ""))
    if event in ("?", "-"):
        event = ""
    return Entry(
        id=id,
        source=source,
        kind=kind,
        number=number,
        black=clean(tags.get("Black", "?")) or "?",
        white=clean(tags.get("White", "?")) or "?",
        event=event,
        site="" if clean(tags.get("Site", ""), 40) in ("?", "-") else clean(tags.get("Site", ""), 40),
        levels=" v ".join(x for x in levels if x),
        date=display_date(tags.get("Date", ""), tags.get("Time", "")),  # with its time of day
        result=pg.result,
        plies=len(pg.moves),
        opening=_opening(namer, tags, pg.moves),
        # where a damaged record stops, in a player's words (no FEN): "after 2... 22-18; …"
        error=clean(stop_words(tags, pg.moves, pg.error), 200),
        key=game_key(tags),
        text=text,  # whole: export and delete need the game exactly as its file has it
    )


def game_key(tags: Mapping[str, str]) -> str:
    """The store's id of a game (its ``GameId`` tag), or "" for a game the store did not write."""
    value = str(tags.get("GameId", ""))
    return value if _GAME_ID.match(value) else ""


def is_game(pg: GameHead) -> bool:
    """Is this something of a game (a tag or a move), not just text the reader could not place?"""
    return bool(pg.tags) or bool(pg.moves)


def holds_a_game(text: str) -> bool:
    """Does ``text`` hold at least one game?  Stops at the first (a collection answers at once)."""
    try:
        return any(is_game(pg) for pg in iter_pdn(text))
    except (ValueError, RecursionError, MemoryError):
        return False


def games_in(text: str) -> Iterator[tuple[PdnGame, str, int, int, int]]:
    """Yield ``(PdnGame, its text, 0, start, end)`` for every game of ``text``, one at a time.

    ``text[start:end]`` is the game alone (the reader's ``span``), kept so the
    game can be read again without the rest of its file.  Every move is checked,
    so a game broken after its opening is marked broken in the list too.
    """
    for pg in iter_pdn(text):
        start, end = pg.span if pg.span is not None else (0, len(text))
        yield pg, text[start:end], 0, start, end


def iter_rows(text: str, namer: Namer | None = None) -> Iterator[tuple[Entry, int]]:
    """Yield ``(Entry, characters of text read so far)`` for every game of ``text``.

    Text that holds neither a tag nor a move (a line the reader could not place)
    is a broken row only beside real games: a file of no game gives no row.
    """
    held: list[tuple[Entry, int]] = []  # such rows, until a real game is seen
    real = False
    for number, (pg, game_text, _, _, done) in enumerate(games_in(text)):
        row = row_of(pg, number, game_text, namer)
        if is_game(pg):
            real = True
            yield from held
            held = []
            yield row, done
        elif real:
            yield row, done
        else:
            held.append((row, done))


def read_source(path: StrPath) -> tuple[str, str]:
    """``(text, "")`` for a readable PDN file, else ``("", one line saying why)``.  Never raises."""
    try:
        text = read_text(path, limit=MAX_FILE_BYTES, what="PDN file")
    except FileReadError as e:
        return "", clean(str(e), 200)
    if "\0" in text[:4096]:
        return "", f"{clean(_name(path), 60)} is not a text file"
    return text, ""


def scan_file(path: StrPath, namer: Namer | None = None) -> FileScan:
    """Every game of a PDN file as rows; a file that cannot be read is one error.  Never raises."""
    text, error = read_source(path)
    if error:
        return FileScan(error=error)
    try:
        rows = [row for row, _ in iter_rows(text, namer)]
    except (ValueError, RecursionError, MemoryError) as e:
        return FileScan(error=clean(f"cannot read {_name(path)}: {e}", 200))
    if not rows:
        return FileScan(error=no_games(path))
    return FileScan(rows)


def no_games(path: StrPath) -> str:
    """The one line for a file that holds no game."""
    return f"no games found in {clean(_name(path), 60)}"


def _name(path: StrPath) -> str:
    import os

    return os.path.basename(os.fsdecode(path))
