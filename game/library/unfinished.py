"""The store's unfinished games in the library: read a few a frame, never indexed.

Each one the store keeps (``store.unfinished``) is one row, dated by its record's last
change; a finished game's record (waiting to be archived) and a game not played yet are
not listed.  Its rows have the source ``UNFINISHED_SOURCE`` and negative ids, so they
never meet the index's.

Part of ``Library`` (``library.py``), which is made of one part per job.
"""

from __future__ import annotations

import logging
import time

from .entry import Entry
from .errors import LibraryError
from .text import clean

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

    from ..store.saves import LoadedGame
    from ..store.unfinished import UnfinishedGame
    from .scan import Namer

log = logging.getLogger("checkers.library")

UNFINISHED_SOURCE = -1  # the source of the store's unfinished games' rows
STEP = 8  # records read a step


class UnfinishedGames:
    """The store's unfinished games: the records still to read, and each row's record."""

    def __init__(self) -> None:
        self.todo: list[tuple[float, str, Path]] | None = None  # records still to read
        self.records: dict[int, UnfinishedGame] = {}  # entry id -> the store's record

    def start(self) -> None:
        """Read every record afresh (``step`` lists them; the caller drops the old rows)."""
        from ..store.unfinished import record_files

        try:
            self.todo = record_files()
        except Exception as e:  # never a traceback for the store's records
            log.warning("unfinished games cannot be listed: %s", e)
            self.todo = []
        self.records = {}

    def step(self, namer: Namer | None, n: int = STEP) -> list[Entry]:
        """The rows of a few of the store's records (every one is listed, however many)."""
        from ..store.unfinished import read_entry

        todo = self.todo
        assert todo is not None
        entries: list[Entry] = []
        for modified, game_id, path in todo[:n]:
            u = read_entry(game_id, path, modified)
            if u.game is not None and u.game.outcome is not None:
                continue  # a finished game's record waits for start_up to archive it
            if u.game is not None and not u.game.moves and u.game.start == type(u.game.start).initial():
                continue  # an unplayed new game (or one undone to its start) is no row of 0 moves
            eid = -(len(self.records) + 2)  # index ids are positive: these never meet them
            self.records[eid] = u
            entries.append(entry_of(eid, u, namer))
        del todo[:n]
        if not todo:
            self.todo = None
        return entries

    def record(self, entry: Entry) -> UnfinishedGame | None:
        """The store's record behind an unfinished game's row, or None."""
        return self.records.get(entry.id) if entry.kind == "unfinished" else None

    def game(self, entry: Entry) -> LoadedGame:
        """The game of an unfinished game's row, with its players' and levels' tags."""
        from ..store.saves import LoadedGame

        u = self.records.get(entry.id)
        if u is None or u.game is None:
            raise LibraryError((u.error if u is not None else "") or "this unfinished game cannot be read")
        tags = {"Event": "Unfinished game", "Black": u.player("black"), "White": u.player("white")}
        for key, tag in (("black", "BlackLevel"), ("white", "WhiteLevel")):
            if key in u.levels and key not in u.humans:
                tags[tag] = str(u.levels[key])
        return LoadedGame(0, tags, u.game, "*", None)

    def delete(self, chosen: Iterable[Entry]) -> tuple[int, int]:
        """Delete the records of the unfinished games among ``chosen``: (how many could not be
        deleted, how many of those because another window plays them)."""
        from ..store.unfinished import GameInUse, delete_unfinished

        failed = in_use = 0
        for entry in chosen:
            if entry.kind == "unfinished":
                u = self.records.pop(entry.id, None)
                try:
                    if u is not None and not delete_unfinished(u.id):
                        failed += 1
                except GameInUse:  # another window plays it: refused, and said
                    failed += 1
                    in_use += 1
        return failed, in_use


def entry_of(eid: int, u: UnfinishedGame, namer: Namer | None) -> Entry:
    """A row for an unfinished game: its date and time of day are its record's last change."""
    when = time.localtime(u.modified or 0)
    plies = u.game.ply if u.game is not None else 0
    opening = ""
    if u.game is not None and namer is not None:
        try:
            found = namer(u.game)
            opening = clean(found.label) if found is not None else ""
        except Exception:
            opening = ""
    return Entry(eid, UNFINISHED_SOURCE, "unfinished", -1 if u.broken else 0,
                 clean(u.player("black")), clean(u.player("white")), "Unfinished game", "",
                 time.strftime("%Y-%m-%d %H:%M", when), "*", plies, opening,
                 clean(u.error or "", 200), u.modified or 0.0, clean(u.id, 40), "", u.id)


def not_deleted_words(failed: int, in_use: int) -> str:
    """Why unfinished games were not deleted, in one line."""
    if in_use:
        return ("Not deleted: the game is open in another window; close it there first" if in_use == 1
                else f"{in_use} games not deleted: they are open in another window")
    return "The game could not be deleted" if failed == 1 else f"{failed} games could not be deleted"
