"""Where the game keeps its files, and how it writes them without losing any.

The config folder holds ``settings.json``; the data folder holds
``unfinished/`` (one record per unfinished game), ``archive/`` (every
finished game, PDN), ``games/`` (games the player saved, PDN) and the
``autosave.json`` of earlier versions.  Both come from
platformdirs (``user_config_dir("checkers")``, ``user_data_dir("checkers")``)
unless the environment variable ``CHECKERS_HOME`` names a root folder, in
which case they are ``$CHECKERS_HOME/config`` and ``$CHECKERS_HOME/data``
(tests and portable installs use this).

Every write is atomic: a temporary file in the same folder, flushed and
fsynced, then ``os.replace``d over the target.  A crash at any moment leaves
either the old file or the new one, never a torn one.  The temporary file is
named ``.<target>.<pid>.<random>.checkers-tmp``: a save killed halfway leaves
one behind, and ``clean_stale_temporaries()`` (called once at start) removes
exactly those whose process is gone, never any other file.
"""

from __future__ import annotations

import logging
import os
import re
import tempfile
import threading
from pathlib import Path

from .aside import set_file_aside as set_file_aside

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from .lock import FileLock

StrPath = str | os.PathLike[str]  # a path as the store's functions take it

log = logging.getLogger("checkers.store")

APP_NAME = "checkers"
HOME_ENV = "CHECKERS_HOME"


def _home_root() -> Path | None:
    root = os.environ.get(HOME_ENV, "").strip()
    return Path(root).expanduser() if root else None


def config_dir() -> Path:
    root = _home_root()
    if root is not None:
        return root / "config"
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    root = _home_root()
    if root is not None:
        return root / "data"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def games_dir() -> Path:
    return data_dir() / "games"


def archive_dir() -> Path:
    """Every finished game, archived automatically as PDN (the library lists them)."""
    return data_dir() / "archive"


def unfinished_dir() -> Path:
    """One JSON file per unfinished game (the autosaves behind Continue)."""
    return data_dir() / "unfinished"


def library_dir() -> Path:
    """The library's index and its copies of imported files (``game.library``)."""
    return data_dir() / "library"


def our_folders() -> list[Path]:
    """Every folder the game writes its own files in (where its temporaries may be left by a kill)."""
    lib = library_dir()
    return [config_dir(), data_dir(), games_dir(), unfinished_dir(), archive_dir(), lib, lib / "imported"]


TEMP_SUFFIX = ".checkers-tmp"
# ".<target>.<pid>.<random>.checkers-tmp": mkstemp's random part is 8 characters
_OUR_TEMP = re.compile(r"\A\..+\.(\d+)\.[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX) + r"\Z")


# what earlier versions left when killed mid-save (no pid in the name): only these exact shapes
_OLD_TEMP = re.compile(r"\A\.(?:(?:settings|autosave)\.json\.[a-z0-9_]{8}\.tmp"
                       r"|[^/]+\.pdn\.tmp|\.[^/]+\.pdn\.tmp\.[a-z0-9_]{8}\.tmp)\Z")


def temp_name_prefix(target_name: str) -> str:
    # cut: a target name of 255 bytes must still leave room for the rest of a file name
    return f".{target_name[:60]}.{os.getpid()}."


def atomic_write(path: StrPath, data: str | bytes) -> Path:
    """Write ``data`` (str or bytes) to ``path`` atomically; make the folder if needed.

    Raises OSError when the disk refuses; the old file is then untouched.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=temp_name_prefix(path.name), suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)
    return path


def own_folder(folder: StrPath) -> str | None:
    """Make sure ``folder`` (one the game alone writes in) is a real folder, never a link that would send
    its files elsewhere: a link or a file in its place is set aside (a new name).  A line saying so, or
    None.  OSError when the folder cannot be made."""
    folder = Path(folder)
    note = None
    if os.path.islink(folder) or os.path.lexists(folder) and not folder.is_dir():
        aside = set_file_aside(folder)
        if aside is None:
            raise OSError(f"{folder} is not a folder and cannot be moved aside")
        note = f"{folder.name} was not a folder of the game's; it was set aside as {aside.name}"
        log.warning("%s", note)
    folder.mkdir(parents=True, exist_ok=True)
    return note


def write_new(folder: StrPath, names: Iterable[str], data: str | bytes) -> Path:
    """Write ``data`` to the first of ``names`` (in ``folder``) that is free; its path.

    Never replaces a file: the data goes to a temporary file (our own name,
    cleaned at start if a kill leaves it) which is then hard-linked to a free
    name.  FileExistsError when every name is taken; OSError when the disk refuses.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    names = list(names)
    fd, tmp = tempfile.mkstemp(prefix=temp_name_prefix(names[0]), suffix=TEMP_SUFFIX, dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        for name in names:
            target = folder / name
            try:
                os.link(tmp, target)  # fails if the name is taken: never replaces a file
            except FileExistsError:
                continue
            except OSError:
                # a file system without hard links: check, then rename
                if os.path.lexists(target):
                    continue
                os.replace(tmp, target)
            _fsync_dir(folder)
            return target
        raise FileExistsError(f"no free name in {folder}")
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def why(error: BaseException) -> str:
    """The reason a write failed, in a player's words: "the disk is full", "the disk is read-only"…"""
    import errno

    code = getattr(error, "errno", None)
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return "the disk is full"
    if code == errno.EROFS:
        return "the disk is read-only"
    if code in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if code == errno.ENAMETOOLONG:
        return "the name is too long"
    return (getattr(error, "strerror", None) or str(error) or type(error).__name__).strip()


def _fsync_dir(folder: StrPath) -> None:
    # make the rename itself durable where the platform allows it
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove(path: StrPath, what: str = "file") -> bool:
    """Remove one of our own files; True when it is gone (or was never there).  Never raises."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as e:
        log.warning("cannot remove the %s %s: %s", what, path, e)
        return False
    return True


def clean_stale_temporaries(folders: Iterable[StrPath] | None = None) -> list[Path]:
    """Remove the temporary files of saves that were interrupted; the paths removed.

    Only our own names (``.<target>.<pid>.<random>.checkers-tmp``) whose
    process no longer runs (or is this one, at start), and the exact shapes
    earlier versions used, are removed; anything else is left alone.  Never raises.
    """
    removed: list[Path] = []
    if folders is None:
        folders = our_folders()
        tidy_outside_in_background()  # the journal, whatever its size or kind, is never read on the way
    for folder in folders:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            m = _OUR_TEMP.match(name)
            if m is None and not _OLD_TEMP.match(name):
                continue
            if m is not None and _alive(int(m.group(1))):
                continue
            _remove_stale(Path(folder) / name, removed)
    return removed


def _remove_stale(p: Path, removed: list[Path]) -> bool:
    """Remove the stale temporary ``p`` if it is a regular file (never a link), noting it in
    ``removed``; False when it is there but could not be removed."""
    try:
        if p.is_file() and not p.is_symlink():
            p.unlink()
            removed.append(p)
    except OSError as e:
        log.warning("could not remove the stale temporary file %s: %s", p, e)
        return False
    return True


def _alive(pid: int) -> bool:
    if pid == os.getpid() or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process: leave its files alone
    return True


# -- temporaries outside our folders --------------------------------------------
#
# An export writes a temporary file in the player's chosen folder (then renames
# it): a kill at that moment would leave it there, in a folder the game does not
# look at on its own.  So its path is noted first in a journal in the data
# folder, and ``clean_stale_temporaries`` (at start) removes the ones whose
# process is gone.  Only files of our own temporary shape are ever removed.

def _journal() -> Path:
    return data_dir() / "outside-temporaries.txt"


# The journal is tidied in a thread at start (``tidy_outside_in_background``): the launch's first frame never
# waits on it, however large it is or whatever is in its place.  ``wait_tidied`` is for tools and tests.
_tidying: threading.Thread | None = None
tidied_outside: list[Path] = []  # what the last background tidying removed


def tidy_outside_in_background() -> threading.Thread:
    """Start ``clean_outside_temporaries`` in a daemon thread (once at start); the thread."""
    global _tidying

    def run() -> None:
        try:
            tidied_outside[:] = clean_outside_temporaries()
            if tidied_outside:
                log.info("removed %d temporary file(s) of interrupted exports", len(tidied_outside))
        except Exception as e:  # never raises: the next start tries again
            log.warning("could not tidy the journal of temporary files: %s", e)

    thread = threading.Thread(target=run, name="checkers-tidy-journal", daemon=True)
    if _tidying is None:  # a game closed right after its launch lets the tidying end first (a few seconds at most)
        import atexit

        atexit.register(wait_tidied, 5.0)
    _tidying = thread
    thread.start()
    return thread


def wait_tidied(timeout: float | None = None) -> bool:
    """Wait for the start's tidying of the journal (``tidy_outside_in_background``); True once it is over."""
    thread = _tidying
    if thread is None:
        return True
    thread.join(timeout)
    return not thread.is_alive()


def _journal_lock(timeout: float) -> FileLock | None:
    """The journal's lock, held while it is read and rewritten or appended to (another window's export may
    note a temporary while this one tidies); None when it cannot be had in ``timeout`` seconds."""
    from .lock import FileLock

    lock = FileLock(_journal(), timeout=timeout)
    try:
        lock.acquire()
    except OSError as e:
        log.warning("the journal of temporary files is not locked: %s", e)
        return None
    return lock


JOURNAL_LIMIT = 4 << 20  # bytes: thousands of noted paths; a larger journal is not one we wrote


def note_temporary(path: StrPath) -> None:
    """Remember a temporary file made outside our folders (one line, appended).  Never raises.

    The journal is opened without blocking and must be a regular file: a FIFO, device or link in
    its place is set aside (a new name) and a new journal started, so an export never waits on it.
    """
    import stat

    line = os.fsencode(os.path.abspath(os.fspath(path))).hex() + "\n"
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    lock = None
    try:
        journal = _journal()
        journal.parent.mkdir(parents=True, exist_ok=True)
        lock = _journal_lock(5.0)  # a tidying under way ends soon; past that the line is appended anyway
        for attempt in range(2):
            try:
                fd = os.open(journal, flags, 0o644)
            except OSError:
                # a FIFO nobody reads (ENXIO), a link (ELOOP), a folder...: not ours to write through
                if attempt == 0 and os.path.lexists(journal) and _not_a_file(journal):
                    set_file_aside(journal)
                    continue
                raise
            try:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    if attempt == 0:
                        os.close(fd)
                        fd = -1
                        set_file_aside(journal)
                        continue
                    raise OSError(f"{journal} is not a regular file")
                os.write(fd, line.encode("ascii"))
                os.fsync(fd)
                return
            finally:
                if fd >= 0:
                    os.close(fd)
    except OSError as e:
        log.warning("cannot note the temporary file %s: %s", path, e)
    finally:
        if lock is not None:
            lock.release()


def _not_a_file(path: Path) -> bool:
    return os.path.islink(path) or not path.is_file()


def clean_outside_temporaries() -> list[Path]:
    """Remove the noted temporaries whose process is gone; the paths removed.  Never raises.
    (At start it runs in a thread: ``tidy_outside_in_background``.)"""
    journal = _journal()
    if not os.path.lexists(journal):
        return []
    lock = _journal_lock(30.0)
    try:
        return _clean_outside(journal)
    finally:
        if lock is not None:
            lock.release()


def _clean_outside(journal: Path) -> list[Path]:
    from ..textfile import FileReadError, read_bytes

    try:
        # never blocks on a FIFO, never reads past the cap: a start-up costs the same whatever is there
        lines = read_bytes(journal, limit=JOURNAL_LIMIT, what="the journal of temporary files",
                           follow_symlinks=False).decode("ascii", "replace").split()
    except FileReadError as e:
        try:
            there = os.path.lexists(journal)
        except (OSError, ValueError):
            there = False
        if there:  # not a journal we wrote (a link, FIFO, device, folder, or grown past the cap)
            log.warning("%s; it is set aside", e)
            set_file_aside(journal)
        return []
    except OSError:
        return []
    removed: list[Path] = []
    keep: list[str] = []
    for line in lines:
        try:
            p = Path(os.fsdecode(bytes.fromhex(line)))
        except ValueError:
            continue
        m = _OUR_TEMP.match(p.name)
        if m is None or not os.path.lexists(p):
            continue
        if _alive(int(m.group(1))):
            keep.append(line)
            continue
        if not _remove_stale(p, removed):
            keep.append(line)
    try:
        if keep:
            atomic_write(journal, "".join(k + "\n" for k in keep))
        else:
            os.unlink(journal)
    except OSError:
        pass
    return removed
