"""One writer at a time on a store file, across every game window on one home.

Two windows (two processes) may keep attempts in one record at once.  Each
read-modify-write of a training record happens while holding an exclusive
``flock`` on ``<file>.lock`` beside it, so neither writes over what the other
kept between its read and its write.  The lock goes with the process that held
it (a kill releases it).

    with FileLock(path):          # waits (in a worker thread, never the window's)
        ...read, change, write...

``FileLock`` waits at most ``timeout`` seconds and then raises ``LockTimeout``;
a lock file that cannot be made (a read-only folder) raises ``LockUnusable``.
Both are OSErrors with a one-line message, so a caller that says "not saved"
for a full disk says it for these too.  A link, folder or FIFO in the lock
file's place is set aside (``aside.set_file_aside``) once, never followed.  Where
``fcntl`` does not exist, locking is a no-op.  (The library's index has its
own non-waiting lock, ``library.lock``.)
"""

from __future__ import annotations

import errno
import os
import stat
import time

try:
    import fcntl
except ImportError:  # Windows: no flock
    fcntl = None  # type: ignore[assignment]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

StrPath = str | os.PathLike[str]  # as paths.StrPath (not imported: paths locks its journal with this module)

DEFAULT_TIMEOUT = 30.0    # seconds: another window's write takes far less; past it, the write is refused
_POLL = 0.005


class LockUnusable(OSError):
    """The lock file cannot be made or locked; the message is one line."""


class LockTimeout(OSError):
    """Another process held the lock for longer than the wait allowed."""


def open_lock_file(path: str, set_aside: Callable[[], None], what: str) -> int:
    """A descriptor of the lock file ``path`` (made if missing), to flock: never through a link, and
    only ever a regular file; a link, folder or FIFO in its place is set aside once (``set_aside``).
    LockUnusable, saying ``what`` it is ("the lock file …"), when it cannot be had.  The store's
    locks and the library's index lock (``library.lock``) open theirs here."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) \
        | getattr(os, "O_CLOEXEC", 0)
    for attempt in range(2):
        try:
            fd = os.open(path, flags, 0o644)
        except OSError as e:
            if attempt == 0 and (e.errno in (errno.ELOOP, errno.EISDIR, errno.ENXIO, errno.EMLINK)
                                 or os.path.islink(path)):
                set_aside()
                continue
            raise LockUnusable(f"{what} cannot be made ({e.strerror or e})") from None
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd
        os.close(fd)
        if attempt == 0:
            set_aside()
    raise LockUnusable(f"{what} is not a regular file")


class FileLock:
    """The exclusive lock of one store file (``<path>.lock``), for one use at a time."""

    def __init__(self, path: StrPath, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.path = os.fspath(path) + ".lock"
        self.timeout = timeout
        self._fd: int | None = None

    def _open(self) -> int:
        folder = os.path.dirname(self.path) or "."
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as e:
            raise LockUnusable(f"the folder {folder} cannot be made ({e.strerror or e})") from None
        return open_lock_file(self.path, self._set_aside, f"the lock file {self.path}")

    def _set_aside(self) -> None:
        from .aside import set_file_aside

        set_file_aside(self.path)

    def acquire(self) -> None:
        """Take the lock, waiting up to ``timeout`` seconds; LockTimeout or LockUnusable if not."""
        if fcntl is None or self._fd is not None:
            return
        fd = self._open()
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                self._fd = fd
                return
            except OSError as e:
                if e.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    os.close(fd)
                    raise LockUnusable(f"the lock file {self.path} cannot be locked ({e.strerror or e})") from None
            if time.monotonic() >= deadline:
                os.close(fd)
                raise LockTimeout(f"another window kept {self.path} locked for {self.timeout:g} s")
            time.sleep(_POLL)

    @property
    def held(self) -> bool:
        """Is the lock held by this object now?"""
        return self._fd is not None

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            os.close(fd)  # closing the only descriptor releases the flock
        except OSError:
            pass

    def __enter__(self) -> FileLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
