"""The server's disk writes, off its event loop: one thread commits the changes in order, in batches.

The loop hands each change (``keep.change``: the rows as they were at that
moment) to ``put`` and goes on; the thread takes every change waiting, writes
them in one transaction and calls ``committed(n)`` with how many changes are on
disk so far.  The server holds each message it sends until the changes made
before it are committed, so what a player has been told survives a SIGKILL
(``keep``), while a slow commit (a busy disk) holds only the games waiting on
it, never the loop that reads every other message.  Many moves waiting on one
commit share it (a group commit): the disk's cost is paid once a batch.
"""

from __future__ import annotations

import logging
import queue
import sqlite3
import threading
from typing import Callable

from .keep import Change, write_changes

__all__ = ["MAX_BATCH", "Writer"]

log = logging.getLogger(__name__)
MAX_BATCH = 512   # changes in one transaction at most


class Writer:
    """Commits changes to the SQLite file ``path`` in a thread; ``committed(n)`` is called from that thread."""

    def __init__(self, path: str, committed: Callable[[int], None]) -> None:
        self.path, self.committed = path, committed
        self.queue: queue.SimpleQueue[Change | None] = queue.SimpleQueue()
        self.put_count = 0
        self.failures = 0
        self.thread = threading.Thread(target=self._run, name="checkers-server-writer", daemon=True)
        self.thread.start()

    def put(self, item: Change) -> int:
        """Queue one change; its number (1, 2, ...): it is on disk once ``committed`` says that many are."""
        self.put_count += 1
        self.queue.put(item)
        return self.put_count

    def close(self) -> None:
        """Write everything queued, then stop (returns once the thread has)."""
        self.queue.put(None)
        self.thread.join()

    def _run(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None)
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA wal_autocheckpoint=0")   # checkpoints run in a thread of their own (Server._checkpoints)
        done = 0
        try:
            while True:
                batch: list[Change] = []
                item = self.queue.get()
                stop = item is None
                if item is not None:
                    batch.append(item)
                while not stop and len(batch) < MAX_BATCH:
                    try:
                        item = self.queue.get_nowait()
                    except queue.Empty:
                        break
                    if item is None:
                        stop = True
                    else:
                        batch.append(item)
                if batch:
                    try:
                        write_changes(db, batch)
                    except sqlite3.Error as e:   # the games go on in memory; the log says the disk refused
                        self.failures += 1
                        log.error("%d changes could not be written: %s", len(batch), e)
                    done += len(batch)
                    self.committed(done)
                if stop:
                    return
        finally:
            db.close()
