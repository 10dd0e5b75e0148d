"""One writer at a time on the library's index, across every game window on one home.

Two windows (two processes) may share a data folder.  SQLite keeps each
transaction whole, but a file indexed by one window looks stale to the other
(incomplete, or a size not yet recorded), which would index it again under it.
So every write to the index happens while holding an exclusive ``flock`` on
``index.sqlite3.lock`` beside it: the background worker waits for it (it is
in the background); the window's own thread only ever *tries* it and hands
the work to the worker when another holds it.  A writer re-checks, once it
holds the lock, whether its work is still needed.

The lock file is a regular file the game made: a link, folder or FIFO in its
place is set aside (``store.paths.set_file_aside``; the file is opened by ``store.lock.open_lock_file``,
as the store's own locks are, and ``LockUnusable`` is the store's).  The lock goes with the
process that held it (a kill releases it).  Where ``fcntl`` does not exist,
locking is a no-op and SQLite's transactions alone keep the index whole.
"""

from __future__ import annotations

import errno
import os

from ..store.lock import LockUnusable, open_lock_file

try:
    import fcntl
except ImportError:  # Windows: no flock
    fcntl = None  # type: ignore[assignment]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..store.paths import StrPath


class WriterLock:
    """The index's writer lock, for one process (each process opens its own)."""

    def __init__(self, path: StrPath) -> None:
        self.path = os.fspath(path)
        self._fd: int | None = None
        self.held = False
        self.notes: list[str] = []  # what was set aside, for the player

    def _open(self) -> int:
        if self._fd is not None:
            return self._fd
        try:
            folder = os.path.dirname(self.path) or "."
            if os.path.basename(folder) == "library":  # the library's own folder: never through a link
                from ..store.paths import own_folder

                note = own_folder(folder)
                if note:
                    self.notes.append(f"The library's folder {note}")
            os.makedirs(folder, exist_ok=True)
        except OSError as e:
            raise LockUnusable(f"the library's folder cannot be made: {e.strerror or e}") from None
        self._fd = open_lock_file(self.path, self._set_aside, f"the library's lock file {self.path}")
        return self._fd

    def _set_aside(self) -> None:
        from ..store.paths import set_file_aside

        aside = set_file_aside(self.path)
        if aside is not None:
            self.notes.append(f"Something that was not the library's lock file was set aside as {aside.name}")

    def acquire(self) -> bool:
        """Take the lock if no other process holds it; True when held.  Never waits."""
        if self.held:
            return True
        if fcntl is None:
            self.held = True
            return True
        fd = self._open()
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                return False
            raise LockUnusable(f"the library's lock file cannot be locked: {e.strerror or e}") from None
        self.held = True
        return True

    def release(self) -> None:
        if not self.held:
            return
        self.held = False
        if fcntl is not None and self._fd is not None:
            try:
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            except OSError:
                pass

    def held_elsewhere(self) -> bool:
        """Does another process hold the lock right now (another window writing)?"""
        if self.held:
            return False
        try:
            if self.acquire():
                self.release()
                return False
        except LockUnusable:
            return False
        return True

    def close(self) -> None:
        self.release()
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None

    def __enter__(self) -> WriterLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
