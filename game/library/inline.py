"""Small stale files indexed in the window, a few a frame; a game the store wrote listed from its record.

Files up to ``INLINE_BYTES`` are indexed here (a saved game takes about a millisecond);
starting the background process is worth it only for bigger ones.  The window only ever
*tries* the index's writer lock: while another window writes, and for an index that is
busy or keeps failing, the files go to the worker, which may wait.  A file the store wrote
in this process (``store.gamefile.written_game``) is listed from the record it was written
from, without reading or parsing it.

Part of ``Library`` (``library.py``), which is made of one part per job.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from pathlib import Path

from . import index

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from .jobs import Event
    from .lock import WriterLock
    from .scan import Namer

log = logging.getLogger("checkers.library")

INLINE_BYTES = 64 * 1024


class _Told:
    """A written game's record (``store.gamefile.WrittenGame``) in the form a row is made of
    (``scan.GameHead``)."""

    def __init__(self, tags: dict[str, str], moves: tuple[object, ...]) -> None:
        from ..notation.pdn import normal_result

        self.tags = tags
        self.moves = moves
        self.result: str = normal_result(tags.get("Result") or "*") or "*"
        self.error: str | None = None


class InlineIndexer:
    """The small stale files still to index here, oldest first."""

    def __init__(self, to_worker: Callable[[Path, str], None], on_event: Callable[[Event], None]) -> None:
        self.todo: list[tuple[Path, str]] = []
        self._to_worker = to_worker  # index this file in the background instead
        self._on_event = on_event    # what indexing a file here tells, as the worker's events

    def run(self, conn: sqlite3.Connection, lock: WriterLock, namer: Namer | None, version: str | None,
            deadline: float) -> int:
        """Index files until ``deadline`` (at least one) while the writer lock is free; the steps taken."""
        from .jobs import run_job
        from .lock import LockUnusable

        try:
            free = lock.acquire()
        except LockUnusable:
            free = False
        if not free:  # another window is writing: our worker waits for it, the window does not
            for path, kind in self.todo:
                self._to_worker(path, kind)
            self.todo = []
            return 0
        steps = 0
        try:
            while self.todo and (steps == 0 or time.perf_counter() < deadline):
                steps += 1
                path, kind = self.todo.pop(0)
                if self._told(conn, path, kind, namer, version):
                    continue
                busy: list[Event] = []

                def emit(event: Event, busy: list[Event] = busy) -> None:
                    if event[0] == "failed" and "busy" in str(event[2]):
                        busy.append(event)  # a lock we cannot wait for here: the worker retries it
                    else:
                        self._on_event(event)

                fault = run_job(conn, ("index", 0, path, kind), emit, namer, version)
                if busy or fault is not None:  # the worker sets aside and rebuilds an index that keeps failing
                    self._to_worker(path, kind)
        finally:
            lock.release()
        return steps

    def _told(self, conn: sqlite3.Connection, path: Path, kind: str, namer: Namer | None,
              version: str | None) -> bool:
        """List a game file the store wrote in this process from the record it was written from,
        without reading or parsing the file; False when there is none, or the file changed since
        (then it is read as any other)."""
        from ..store.gamefile import written_game
        from . import scan

        written = written_game(path)
        if written is None or version is None:
            return False
        try:
            source_id, old_id = index.begin_source(conn, path, kind, written.stamp, version)
            row = scan.row_of(_Told(dict(written.tags), written.moves), 0, written.text, namer, kind=kind)
            index.add_rows(conn, source_id, [row])
            index.finish_source(conn, source_id)
        except (sqlite3.Error, index.SourceGone) as e:
            log.warning("could not list %s from its record: %s", path, e)
            return False
        self._on_event(("indexed", 0, source_id, 1, "", old_id))
        return True
