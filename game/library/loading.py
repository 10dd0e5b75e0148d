"""The index's rows read into the list, one batch at a time, a few milliseconds a frame.

One load reads every complete file's rows at opening; each file indexed since (by the
worker or here) gets a load of its own, which reads on from the last row it read, so a
file whose rows keep coming is followed until it is done.  A re-indexed file's old rows
are dropped once.  The rows wait in ``pending`` and are listed together.

Part of ``Library`` (``library.py``), which is made of one part per job.
"""

from __future__ import annotations

import os
import sqlite3

from . import index
from .entry import Entry

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

BATCH = 250  # rows read a step
LIST_AT = 5000  # rows waiting that are listed even while loads go on


def entry_of(row: Iterable[Any], file_names: dict[int, str]) -> Entry:
    """The Entry of one row of ``index.entry_batch`` (``file_names``: each source's shown name, filled in)."""
    (gid, source, kind, number, black, white, event, site, levels, date, result, plies, opening, error,
     mtime_ns, path_key, game_id) = row
    name = file_names.get(source)
    if name is None:
        from .jobs import shown_name

        name = file_names[source] = shown_name(os.fsdecode(bytes(path_key)), kind, 80)
    return Entry(gid, source, kind, number, black or "?", white or "?", event or "", levels or "",
                 date or "", result or "*", plies or 0, opening or "", error or "", (mtime_ns or 0) / 1e9, name,
                 site or "", game_id or "")


class RowLoader:
    """The loads still to read and the rows read but not listed yet."""

    def __init__(self, trouble: Callable[[sqlite3.Error], None]) -> None:
        self._trouble = trouble  # a read failed for another reason than a lock
        self.reset()

    def reset(self) -> None:
        """Nothing read yet (the index file was replaced)."""
        self.loads: list[list[Any]] = []  # [source id or None (every complete file), the last id read]
        self.pending: list[Entry] = []
        self._file_names: dict[int, str] = {}
        self.skip: set[int] = set()       # sources whose rows come by their own load (stale or re-indexed)
        self._upto: dict[int, int] = {}   # source -> the highest game id read so far
        self._again: set[int] = set()     # sources with more rows stored since their load started
        self._dropped: set[int] = set()   # old ids of re-indexed files, whose rows are gone

    @property
    def waiting(self) -> bool:
        """Are rows still to read or to list?"""
        return bool(self.loads or self.pending)

    def load_all(self) -> None:
        """Read every complete file's rows (but those of ``skip``)."""
        self.loads.append([None, 0])

    def step(self, conn: sqlite3.Connection) -> bool:
        """Read one batch of the first load; False when the index is busy (try next frame)."""
        load = self.loads[0]
        source, after = load
        try:
            rows = index.entry_batch(conn, source, after, BATCH)
        except sqlite3.Error as e:
            if index.is_busy(e):
                return False
            self.loads.pop(0)
            self._trouble(e)
            return True
        names = self._file_names
        if rows:
            load[1] = rows[-1][0]
            if source is None:
                self.pending.extend(entry_of(r, names) for r in rows if r[1] not in self.skip)
            else:
                self._upto[source] = rows[-1][0]
                self.pending.extend(entry_of(r, names) for r in rows)
        if len(rows) < BATCH:
            if source is not None and source in self._again:
                self._again.discard(source)  # more rows were stored meanwhile: read on from here
            else:
                self.loads.pop(0)
        return True

    def ready(self) -> list[Entry]:
        """The rows to list now (all of them once the loads are done, or when many wait)."""
        if self.pending and (not self.loads or len(self.pending) >= LIST_AT):
            ready, self.pending = self.pending, []
            return ready
        return []

    def follow(self, source_id: int, old_id: int | None = None) -> bool:
        """Rows of ``source_id`` were stored: read the new ones.  True when ``old_id``, the file's
        id before, is dropped now (its rows are to leave the list)."""
        self.skip.update(s for s in (source_id, old_id) if s is not None)
        dropped = old_id is not None and old_id not in self._dropped
        if old_id is not None and dropped:
            self._dropped.add(old_id)
            self.pending = [e for e in self.pending if e.source != old_id]
        if any(load[0] == source_id for load in self.loads):
            self._again.add(source_id)
        else:
            self.loads.append([source_id, self._upto.get(source_id, 0)])
        return dropped

    def reload(self, source_id: int) -> None:
        """Read a file's rows again from the first (the caller dropped them from the list)."""
        self._upto[source_id] = 0
        self.follow(source_id)
