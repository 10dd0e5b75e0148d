"""Where the library's index is kept, and the window's connection to it.

The window never waits on the database: its connection has no busy timeout, so an
index locked when the library opens is opened again a moment later (``retry_at``).
One that cannot be kept at all (a read-only home) is replaced by an index of this
session only, in a temporary folder, and the player is told once.  A file that turns
out broken when read is set aside, and the library reads everything afresh.

Part of ``Library`` (``library.py``), which is made of one part per job.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path

from . import index
from .text import clean

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Literal

    from .lock import WriterLock

    Say = Callable[[str, bool], None]  # (text, bad): a one-liner for the player
    Opened = Literal["open", "busy", "unusable"]

log = logging.getLogger("checkers.library")

RETRY_SECONDS = 0.5  # a locked index is tried again this often


class IndexHome:
    """The index's file, the window's connection to it (None while locked or unusable), its writer lock."""

    def __init__(self, db_path: Path, say: Say) -> None:
        self.db_path = db_path
        self.conn: sqlite3.Connection | None = None
        self.lock: WriterLock | None = None
        self.retry_at: float | None = None  # when to try a locked index again
        self._temp_home: str | None = None  # the session's own index folder (the home cannot keep one)
        self._say = say

    def connect(self) -> Opened:
        """Open the index without waiting: "busy" when it is locked (try again at ``retry_at``),
        "unusable" when neither the home nor a folder of this session can keep one."""
        from .lock import LockUnusable, WriterLock

        notes: list[str] = []
        try:
            self.conn = index.connect(self.db_path, wait=0.0, notes=notes)
            self.lock = WriterLock(str(self.db_path) + ".lock")
        except index.IndexBusy:
            self.conn = None
            self.retry_at = time.monotonic() + RETRY_SECONDS
            return "busy"
        except (index.IndexUnusable, LockUnusable, OSError, sqlite3.Error) as e:
            opened = self._use_session_index(e)
            if opened != "open":
                return opened
        for note in notes:
            self._say(note, True)
        self.retry_at = None
        return "open"

    def _use_session_index(self, why: BaseException) -> Opened:
        """The home cannot keep an index (read-only, say): list the games from an index of this session."""
        log.warning("library index unusable: %s", why)
        if self._temp_home is not None:
            self._say(f"The library cannot keep an index: {clean(why, 120)}", True)
            return "unusable"
        try:
            self._temp_home = tempfile.mkdtemp(prefix="checkers-library-")
        except OSError as e:
            self._say(f"The library cannot keep an index: {clean(e, 120)}", True)
            return "unusable"
        self.db_path = Path(self._temp_home) / "index.sqlite3"
        opened = self.connect()
        if opened != "open":
            return opened
        reason = str(why).rsplit(": ", 1)[-1] if str(why).startswith("the library") else str(why)
        self._say(f"The library cannot keep its index ({clean(reason, 100)}); its games are listed for this "
                  "session only", True)
        return "open"

    @property
    def due(self) -> bool:
        """Is a locked index to be tried again now?"""
        return self.conn is None and self.retry_at is not None and time.monotonic() >= self.retry_at

    def broken(self, e: BaseException) -> bool:
        """A read of the index failed: True when the file was broken and has been set aside (the
        library reads everything afresh); False for a lock (try again later) or a passing error."""
        if index.is_busy(e):
            return False
        log.warning("library index read failed: %s", e)
        if not isinstance(e, sqlite3.DatabaseError) or isinstance(e, sqlite3.OperationalError):
            return False
        notes: list[str] = []
        try:
            index._set_aside(self.db_path, f"could not be read ({clean(e, 80)})", notes)
        except index.IndexUnusable:
            pass
        for note in notes:
            self._say(note, True)
        return True

    def disconnect(self) -> None:
        if self.conn is not None:
            try:
                self.conn.close()
            except sqlite3.Error:
                pass
            self.conn = None

    def close(self) -> None:
        """Close the index and its lock, and remove a session's own index."""
        self.disconnect()
        if self.lock is not None:
            self.lock.close()
            self.lock = None
        if self._temp_home is not None:
            shutil.rmtree(self._temp_home, ignore_errors=True)
            self._temp_home = None
