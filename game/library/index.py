"""The library index on disk: sqlite3 (stdlib) in the data folder.

``sources`` has one row per file (its path, kind, size and modification time
when it was indexed); ``games`` one row per game with the columns the library
shows, the game's own text (whole, however long) and the store's id of the
game (its ``GameId`` tag: one game the store keeps is one row of the list,
whatever copies of it exist).  Reopening the library reads
the small columns only; a game's text is read when it is opened or exported.
A file whose size or modification time changed, or that was indexed by an
older version of the indexer, is indexed again.

The index is a cache, and only ever ours:

- ``index.sqlite3`` and its ``-wal``/``-shm``/``-journal`` must be regular
  files: a link, a folder or a FIFO in their place is set aside (a new name,
  and a note for the player), never opened, so nothing is ever written
  through a link;
- a database that is not the library's (another program's, or ours with the
  wrong shape) is set aside, never changed; an earlier version of ours is
  emptied and rebuilt;
- a file SQLite cannot read, or one holding what the library never puts there
  (a trigger, a view, an index, a changed table: every write could fail for good),
  is set aside and the index started afresh; so is one whose writes keep failing
  (``is_fault``, seen by the worker).

``connect(path, wait=0)`` never waits on another writer: a locked index
raises ``IndexBusy`` at once (the window's thread tries again later; the
background worker, which may wait, decides when a lock held by no game window
means the index is stuck, and sets it aside).  Every write is made by the
holder of the ``lock.WriterLock``.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
import time
from pathlib import Path
from urllib.parse import quote

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import Any

    from ..store.paths import StrPath
    from .entry import Entry

    # (id, kind, size, mtime_ns, version, complete) of an indexed file
    Source = tuple[int, str, int, int, str, int]

log = logging.getLogger("checkers.library")

SCHEMA_VERSION = 4  # ids are never reused: a stale id finds nothing rather than another game
APPLICATION_ID = 0x43484B52  # "CHKR": PRAGMA application_id of the library's index
SIDE_FILES = ("-wal", "-shm", "-journal")

SOURCE_COLUMNS = ("id", "path", "kind", "size", "mtime_ns", "version", "complete")
GAME_COLUMNS = ("id", "source", "number", "sub", "black", "white", "event", "site", "levels", "date", "result",
                "plies", "opening", "error", "text", "game_id")

_SCHEMA = """
CREATE TABLE sources (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    path BLOB UNIQUE NOT NULL,
    kind TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    version TEXT NOT NULL,
    complete INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    source INTEGER NOT NULL,
    number INTEGER NOT NULL,
    sub INTEGER NOT NULL DEFAULT 0,
    black TEXT, white TEXT, event TEXT, site TEXT, levels TEXT, date TEXT,
    result TEXT, plies INTEGER, opening TEXT, error TEXT,
    text TEXT,
    game_id TEXT
);
CREATE INDEX games_source ON games(source);
"""
_OUR_TABLES = {"sources", "games", "sqlite_sequence"}

ENTRY_COLUMNS = ("g.id, g.source, s.kind, g.number, g.black, g.white, g.event, g.site, g.levels, g.date, "
                 "g.result, g.plies, g.opening, g.error, s.mtime_ns, s.path, g.game_id")


class IndexBusy(Exception):
    """Another connection holds a lock on the index; try again later (never wait on the window's thread)."""


class IndexUnusable(Exception):
    """No index can be kept at this place (a read-only folder, say); the message is one line."""


def is_busy(error: BaseException) -> bool:
    """Is this sqlite3 error a lock held by another connection (not a broken file)?"""
    text = str(error).lower()
    return isinstance(error, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


def is_full(error: BaseException) -> bool:
    """Is this error a full disk (SQLite's or the file system's)?"""
    import errno

    if isinstance(error, OSError):
        return error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", -1))
    return isinstance(error, sqlite3.Error) and ("full" in str(error).lower())


def is_fault(error: BaseException) -> bool:
    """Is this error the index's own fault: a file that refuses what the library writes (a trigger,
    constraint or table it was never given, a damaged page), not a lock, a full disk nor a read-only
    folder?  An index that keeps failing so is set aside and rebuilt (``worker``)."""
    if not isinstance(error, sqlite3.DatabaseError) or is_busy(error) or is_full(error):
        return False
    if isinstance(error, sqlite3.OperationalError):
        return "no such" in str(error).lower()  # a table, column or index of ours gone
    return True


def _line(error: BaseException) -> str:
    return " ".join(str(error).split())[:160] or type(error).__name__


def _set_aside(path: Path, why: str, notes: list[str]) -> None:
    """Move ``path`` (and its side files) to a new name and say so; IndexUnusable when it cannot be moved."""
    from ..store.paths import set_file_aside

    if not os.path.lexists(path):
        return
    aside = set_file_aside(path)
    if aside is None:
        raise IndexUnusable(f"the library's index {path} {why} and cannot be moved aside")
    log.warning("library index %s %s: set aside as %s", path, why, aside)
    notes.append(f"The library's index {why}; it was set aside as {aside.name} and is rebuilt")
    if path.name.endswith(SIDE_FILES):
        return
    for suffix in SIDE_FILES:  # its WAL goes with it (a regular file: it holds that database's last writes)
        side = Path(str(path) + suffix)
        try:
            st = os.lstat(side)
        except OSError:
            continue
        try:
            if stat.S_ISREG(st.st_mode):
                os.rename(side, str(aside) + suffix)
            else:
                _set_aside(side, "had something that is not a file beside it", notes)
        except OSError as e:
            log.warning("cannot move %s aside: %s", side, e)


def _check_files(path: Path, notes: list[str]) -> None:
    """Every file SQLite would open here must be a regular file (not a link, folder, FIFO or device)."""
    for suffix in SIDE_FILES + ("",):
        p = Path(str(path) + suffix)
        try:
            st = os.lstat(p)
        except FileNotFoundError:
            continue
        except OSError as e:
            raise IndexUnusable(f"the library's index {p} cannot be checked: {e.strerror or e}") from None
        if stat.S_ISLNK(st.st_mode):
            _set_aside(p, "was a link (the index is only ever a file of its own)", notes)
        elif stat.S_ISDIR(st.st_mode):
            _set_aside(p, "was a folder", notes)
        elif not stat.S_ISREG(st.st_mode):
            _set_aside(p, "was not a regular file (a FIFO, socket or device)", notes)


def connect(path: StrPath, *, wait: float = 0.0, notes: list[str] | None = None) -> sqlite3.Connection:
    """Open (or create) the index at ``path``, ours and of the right shape.

    ``wait``: seconds a statement may wait for another writer (0 on the window's
    thread).  Whatever is wrong with the file is set aside (``notes`` gets a line
    for the player) and a fresh index made.  Raises IndexBusy (locked: try
    again) or IndexUnusable (no index can be kept here, one line).
    """
    path = Path(path)
    notes = [] if notes is None else notes
    try:
        if path.parent.name == "library":  # the library's own folder: a link there would send the index elsewhere
            from ..store.paths import own_folder

            note = own_folder(path.parent)
            if note:
                notes.append(f"The library's folder {note}")
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise IndexUnusable(f"the library's folder {path.parent} cannot be made: {e.strerror or e}") from None
    for _ in range(3):
        _check_files(path, notes)
        try:
            return _open(path, wait)
        except IndexBusy:
            raise
        except _NotOurs as e:
            _set_aside(path, str(e), notes)
        except sqlite3.DatabaseError as e:
            if is_busy(e):
                raise IndexBusy(_line(e)) from None
            refused = _folder_refuses(path.parent) if isinstance(e, sqlite3.OperationalError) else None
            if is_full(e) or refused or not os.path.lexists(path):
                # the disk or the folder refuses (full, read-only): the file is not to blame, it stays
                why = "the disk is full" if is_full(e) else refused or _line(e)
                raise IndexUnusable(f"the library cannot keep its index in {path.parent}: {why}") from None
            _set_aside(path, f"could not be used ({_line(e)})", notes)
        except OSError as e:
            raise IndexUnusable(f"the library cannot keep its index in {path.parent}: {e.strerror or e}") from None
    raise IndexUnusable(f"the library cannot keep an index in {path.parent}")


def _folder_refuses(folder: Path) -> str | None:
    """Why the folder cannot take a new file (full, read-only, not ours to write), or None if it can."""
    import tempfile

    from ..store.paths import TEMP_SUFFIX, temp_name_prefix, why

    try:  # our temporary's name: a kill right now leaves what start_up removes
        fd, name = tempfile.mkstemp(prefix=temp_name_prefix("index-probe"), suffix=TEMP_SUFFIX, dir=folder)
    except OSError as e:
        return why(e)
    try:
        os.write(fd, b"x" * 4096)  # a page: a full disk may still hand out a name
    except OSError as e:
        return why(e)
    finally:
        os.close(fd)
        os.unlink(name)
    return None


class _NotOurs(Exception):
    """The database at the index's path is not the library's (the message says why)."""


def _open(path: Path, wait: float) -> sqlite3.Connection:
    # the path's own bytes, percent-encoded: a home whose name is not UTF-8 is opened as it is
    uri = "file:" + quote(os.fsencode(os.path.abspath(path))) + "?nofollow=1"
    conn = sqlite3.connect(uri, uri=True, timeout=wait, check_same_thread=False)
    try:
        conn.execute(f"PRAGMA busy_timeout={int(wait * 1000)}")
        _adopt(conn)
        conn.execute("PRAGMA synchronous=NORMAL")
    except BaseException:
        conn.close()
        raise
    return conn


_OUR_SCHEMA: set[tuple[Any, ...]] = set()


def _schema(conn: sqlite3.Connection) -> set[tuple[Any, ...]]:
    return {tuple(r) for r in conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master")}


def _our_schema() -> set[tuple[Any, ...]]:
    """What ``_SCHEMA`` puts in sqlite_master, exactly (made once in memory): anything else in an index
    (a trigger, a view, an index, a table with a changed definition) was put there by someone else."""
    if not _OUR_SCHEMA:
        mem = sqlite3.connect(":memory:")
        try:
            mem.executescript(_SCHEMA)
            _OUR_SCHEMA.update(_schema(mem))
        finally:
            mem.close()
    return _OUR_SCHEMA


def _columns(conn: sqlite3.Connection, table: str) -> tuple[str, ...]:
    return tuple(r[1] for r in conn.execute(f"PRAGMA table_info({table})"))


def _adopt(conn: sqlite3.Connection) -> None:
    """Make sure the database is the library's index of this version: create, rebuild or refuse it."""
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if app_id == APPLICATION_ID and version == SCHEMA_VERSION:
        if _columns(conn, "sources") != SOURCE_COLUMNS or _columns(conn, "games") != GAME_COLUMNS:
            raise _NotOurs("had tables of the wrong shape")
        extra = _schema(conn) - _our_schema()
        if extra:  # a trigger or index planted, a table changed: every write could fail for good
            kinds = sorted({kind for kind, *_ in extra})
            raise _NotOurs(f"held {' and '.join(f'a {k}' for k in kinds)} the library never made")
        if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            conn.execute("PRAGMA journal_mode=WAL")
        return
    ours_before = app_id == 0 and 1 <= version < SCHEMA_VERSION and tables <= _OUR_TABLES and "games" in tables
    if tables and not ours_before and not (app_id == APPLICATION_ID and version < SCHEMA_VERSION):
        raise _NotOurs("was not the library's database" if app_id != APPLICATION_ID or version > SCHEMA_VERSION
                       else "had an unknown shape")
    if app_id not in (0, APPLICATION_ID):
        raise _NotOurs("was another program's database")
    # empty, or an earlier version of our own cache: (re)made here
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("BEGIN IMMEDIATE")
    try:
        for table in ("games", "sources"):
            if table in tables:
                conn.execute(f"DROP TABLE {table}")
        conn.execute("DROP INDEX IF EXISTS games_source")
        for statement in _SCHEMA.split(";"):
            if statement.strip():
                conn.execute(statement)
        conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK") if conn.in_transaction else None
        raise


def checkpoint(conn: sqlite3.Connection) -> None:
    """Give the WAL's space back to the disk (after each job).  Never raises."""
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    except sqlite3.Error as e:
        log.debug("checkpoint: %s", e)


def tidy(conn: sqlite3.Connection, gone: Iterable[int] = ()) -> int:
    """Forget the sources whose files are ``gone`` and every game row whose file is not indexed
    (an orphan, left by an older version); how many game rows went."""
    with conn:
        for sid in gone:
            conn.execute("DELETE FROM games WHERE source=?", (sid,))
            conn.execute("DELETE FROM sources WHERE id=?", (sid,))
        cur = conn.execute("DELETE FROM games WHERE source NOT IN (SELECT id FROM sources)")
        return cur.rowcount or 0


def has_orphans(conn: sqlite3.Connection) -> bool:
    """Is there a game row whose file is not indexed?  One index seek per file, not a scan of every row
    (the window asks when the library opens)."""
    known = {r[0] for r in conn.execute("SELECT id FROM sources")}
    row = conn.execute("SELECT min(source) FROM games").fetchone()
    source = row[0] if row is not None else None
    while source is not None:
        if source not in known:
            return True
        row = conn.execute("SELECT source FROM games WHERE source > ? ORDER BY source LIMIT 1", (source,)).fetchone()
        source = row[0] if row is not None else None
    return False


def orphans(conn: sqlite3.Connection) -> int:
    """Game rows whose file is not indexed (none, in a healthy index)."""
    return int(conn.execute("SELECT count(*) FROM games WHERE source NOT IN (SELECT id FROM sources)").fetchone()[0])


def path_key(path: StrPath) -> bytes:
    return os.fsencode(os.path.abspath(os.fspath(path)))


def path_of(key: bytes) -> Path:
    return Path(os.fsdecode(bytes(key)))


def file_stamp(path: StrPath) -> tuple[int, int] | None:
    """``(size, mtime_ns)`` of a file, or None if it is gone (or cannot be looked at)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return st.st_size, st.st_mtime_ns


def known_sources(conn: sqlite3.Connection) -> dict[bytes, Source]:
    """``{path key: (id, kind, size, mtime_ns, version, complete)}`` of every indexed file."""
    out: dict[bytes, Source] = {}
    for sid, key, kind, size, mtime, version, complete in conn.execute(
            "SELECT id, path, kind, size, mtime_ns, version, complete FROM sources"):
        out[bytes(key)] = (sid, kind, size, mtime, version, complete)
    return out


def source_of(conn: sqlite3.Connection, path: StrPath) -> Source | None:
    row = conn.execute("SELECT id, kind, size, mtime_ns, version, complete FROM sources WHERE path=?",
                       (path_key(path),)).fetchone()
    if row is None:
        return None
    sid, kind, size, mtime, version, complete = row
    return sid, kind, size, mtime, version, complete


def forget_source(conn: sqlite3.Connection, source_id: int) -> None:
    with conn:
        conn.execute("DELETE FROM games WHERE source=?", (source_id,))
        conn.execute("DELETE FROM sources WHERE id=?", (source_id,))


def begin_source(conn: sqlite3.Connection, path: StrPath, kind: str, stamp: tuple[int, int],
                 version: str) -> tuple[int, int | None]:
    """Start (re)indexing a file: its old rows go, a new source row is made (incomplete).

    Returns ``(new id, old id or None)``: the screen drops the old rows by the old id.
    """
    key = path_key(path)
    with conn:
        row = conn.execute("SELECT id FROM sources WHERE path=?", (key,)).fetchone()
        old = row[0] if row is not None else None
        if row is not None:
            conn.execute("DELETE FROM games WHERE source=?", (row[0],))
            conn.execute("DELETE FROM sources WHERE id=?", (row[0],))
        cur = conn.execute("INSERT INTO sources(path, kind, size, mtime_ns, version, complete) "
                           "VALUES (?, ?, ?, ?, ?, 0)", (key, kind, stamp[0], stamp[1], version))
        assert cur.lastrowid is not None  # an INSERT has made a row
        return cur.lastrowid, old


class SourceGone(Exception):
    """The file being indexed was taken over (indexed again by another writer): stop."""


def add_rows(conn: sqlite3.Connection, source_id: int, rows: Iterable[Entry]) -> None:
    """Add the scanned games (``entry.Entry``, with their text) of a file being indexed.

    Each game is stored with its own text, so it is game 0 (``sub``) of that text.
    Rows are only ever added to a source that exists (SourceGone otherwise): a
    game row never outlives its file's row.
    """
    with conn:
        if conn.execute("SELECT 1 FROM sources WHERE id=?", (source_id,)).fetchone() is None:
            raise SourceGone(source_id)
        conn.executemany(
            "INSERT INTO games(source, number, sub, black, white, event, site, levels, date, result, plies, "
            "opening, error, text, game_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [(source_id, r.number, 0, r.black, r.white, r.event, r.site, r.levels, r.date, r.result, r.plies,
              r.opening, r.error, r.text, r.key or None) for r in rows])


def add_file_error(conn: sqlite3.Connection, source_id: int, path: StrPath, error: str) -> None:
    """A file that cannot be read: one row that says why."""
    with conn:
        conn.execute("INSERT INTO games(source, number, black, white, event, levels, date, result, plies, "
                     "opening, error, text) SELECT ?, -1, ?, '', '', '', '', '*', 0, '', ?, '' "
                     "WHERE EXISTS (SELECT 1 FROM sources WHERE id=?)",
                     (source_id, os.path.basename(os.fsdecode(path))[:80], error, source_id))


def finish_source(conn: sqlite3.Connection, source_id: int) -> None:
    with conn:
        conn.execute("UPDATE sources SET complete=1 WHERE id=?", (source_id,))


def count_games(conn: sqlite3.Connection, source_id: int) -> int:
    return int(conn.execute("SELECT count(*) FROM games WHERE source=? AND number >= 0",
                            (source_id,)).fetchone()[0])


def damaged_games(conn: sqlite3.Connection, source_id: int) -> tuple[int, str]:
    """How many games of a file stop early (their record is damaged), and the first one's error."""
    count, = conn.execute("SELECT count(*) FROM games WHERE source=? AND number >= 0 AND error != ''",
                          (source_id,)).fetchone()
    first = conn.execute("SELECT error FROM games WHERE source=? AND number >= 0 AND error != '' "
                         "ORDER BY number LIMIT 1", (source_id,)).fetchone()
    return int(count), str(first[0]) if first else ""


def entry_batch(conn: sqlite3.Connection, source_id: int | None, after: int, batch: int) -> list[Any]:
    """The next ``batch`` entry tuples (ENTRY_COLUMNS) with an id above ``after``, in id order: of every
    fully indexed file, or (``source_id``) of one file even while it is being indexed.

    One short query: no read stays open between two batches (a reader held open
    keeps the WAL from being reset), and a batch that meets a lock raises
    (sqlite3.OperationalError) without losing the place: ask again.
    """
    if source_id is None:
        return conn.execute(f"SELECT {ENTRY_COLUMNS} FROM games g JOIN sources s ON s.id = g.source "
                            "WHERE s.complete = 1 AND g.id > ? ORDER BY g.id LIMIT ?", (after, batch)).fetchall()
    return conn.execute(f"SELECT {ENTRY_COLUMNS} FROM games g JOIN sources s ON s.id = g.source "
                        "WHERE g.source = ? AND g.id > ? ORDER BY g.id LIMIT ?", (source_id, after, batch)).fetchall()


def entry_rows(conn: sqlite3.Connection, source_id: int | None = None, batch: int = 2000,
               after: int = 0) -> Iterator[list[Any]]:
    """Yield lists of entry tuples (``entry_batch``), ``batch`` at a time, until none is left."""
    while True:
        rows = entry_batch(conn, source_id, after, batch)
        if not rows:
            return
        after = rows[-1][0]
        yield rows
        if len(rows) < batch:
            return


def game_text(conn: sqlite3.Connection, game_id: int) -> tuple[str, int, Path, int] | None:
    """``(text, sub, source path, number)`` of one game, or None if it is no longer indexed."""
    row = conn.execute("SELECT g.text, g.sub, s.path, g.number FROM games g JOIN sources s ON s.id = g.source "
                       "WHERE g.id = ?", (game_id,)).fetchone()
    if row is None:
        return None
    return row[0] or "", row[1] or 0, path_of(row[2]), row[3]


def wait_for(fn: Any, *, seconds: float, step: float = 0.05) -> Any:
    """``fn()``, retried while the index is busy for at most ``seconds`` (the worker only)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return fn()
        except sqlite3.OperationalError as e:
            if not is_busy(e) or time.monotonic() >= deadline:
                raise
        time.sleep(step)
