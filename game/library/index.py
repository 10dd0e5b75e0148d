"""The library index on disk: sqlite3 (stdlib) in the data folder.

``sources`` has one row per file (its path, kind, size and modification time
when it was indexed); ``games`` one row per game with the columns the library
shows and the game's own text.  Reopening the library reads the small columns
only; a game's text is read when it is opened or exported.  A file whose size
or modification time changed, or that was indexed by an older version of the
indexer, is indexed again.

The index is a cache: if it cannot be read it is set aside and rebuilt; the
players' files are never touched here.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import Any

    from ..store.paths import StrPath
    from .entry import Entry

    # (id, kind, size, mtime_ns, version, complete) of an indexed file
    Source = tuple[int, str, int, int, str, int]

log = logging.getLogger("checkers.library")

SCHEMA_VERSION = 3  # ids are never reused: a stale id finds nothing rather than another game

_SCHEMA = """
CREATE TABLE IF NOT EXISTS sources (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    path BLOB UNIQUE NOT NULL,
    kind TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    version TEXT NOT NULL,
    complete INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    source INTEGER NOT NULL,
    number INTEGER NOT NULL,
    sub INTEGER NOT NULL DEFAULT 0,
    black TEXT, white TEXT, event TEXT, site TEXT, levels TEXT, date TEXT,
    result TEXT, plies INTEGER, opening TEXT, error TEXT,
    text TEXT
);
CREATE INDEX IF NOT EXISTS games_source ON games(source);
"""

ENTRY_COLUMNS = ("g.id, g.source, s.kind, g.number, g.black, g.white, g.event, g.site, g.levels, g.date, "
                 "g.result, g.plies, g.opening, g.error, s.mtime_ns, s.path")


def connect(path: StrPath) -> sqlite3.Connection:
    """Open (or create) the index at ``path``; an unreadable one is set aside and started afresh."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        return _open(path)
    except sqlite3.OperationalError:
        raise  # busy or locked, not broken: the index is kept
    except sqlite3.DatabaseError as e:
        log.warning("library index %s unusable (%s): rebuilding it", path, e)
        from ..store.paths import keep_aside

        for suffix in ("", "-wal", "-shm"):
            p = Path(str(path) + suffix)
            if p.exists():
                if suffix:
                    p.unlink()
                else:
                    keep_aside(p)
        return _open(path)


def _open(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path), timeout=10, check_same_thread=False)
    try:
        conn.execute("PRAGMA busy_timeout=10000")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version not in (0, SCHEMA_VERSION):
            conn.executescript("DROP TABLE IF EXISTS games; DROP TABLE IF EXISTS sources;")
        conn.executescript(_SCHEMA)
        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        conn.execute("SELECT count(*) FROM sources").fetchone()
        conn.commit()
    except BaseException:
        conn.close()
        raise
    return conn


def path_key(path: StrPath) -> bytes:
    return os.fsencode(os.path.abspath(os.fspath(path)))


def path_of(key: bytes) -> Path:
    return Path(os.fsdecode(bytes(key)))


def file_stamp(path: StrPath) -> tuple[int, int] | None:
    """``(size, mtime_ns)`` of a file, or None if it is gone."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


def known_sources(conn: sqlite3.Connection) -> dict[bytes, Source]:
    """``{path key: (id, kind, size, mtime_ns, version, complete)}`` of every indexed file."""
    out: dict[bytes, Source] = {}
    for sid, key, kind, size, mtime, version, complete in conn.execute(
            "SELECT id, path, kind, size, mtime_ns, version, complete FROM sources"):
        out[bytes(key)] = (sid, kind, size, mtime, version, complete)
    return out


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


def add_rows(conn: sqlite3.Connection, source_id: int, rows: Iterable[Entry]) -> None:
    """Add the scanned games (``entry.Entry``, with their text) of a file being indexed.

    Each game is stored with its own text, so it is game 0 (``sub``) of that text.
    """
    with conn:
        conn.executemany(
            "INSERT INTO games(source, number, sub, black, white, event, site, levels, date, result, plies, "
            "opening, error, text) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [(source_id, r.number, 0, r.black, r.white, r.event, r.site, r.levels, r.date, r.result, r.plies,
              r.opening, r.error, r.text) for r in rows])


def add_file_error(conn: sqlite3.Connection, source_id: int, path: StrPath, error: str) -> None:
    """A file that cannot be read: one row that says why."""
    with conn:
        conn.execute("INSERT INTO games(source, number, black, white, event, levels, date, result, plies, "
                     "opening, error, text) VALUES (?, -1, ?, '', '', '', '', '*', 0, '', ?, '')",
                     (source_id, os.path.basename(os.fsdecode(path))[:80], error))


def finish_source(conn: sqlite3.Connection, source_id: int) -> None:
    with conn:
        conn.execute("UPDATE sources SET complete=1 WHERE id=?", (source_id,))


def entry_rows(conn: sqlite3.Connection, source_id: int | None = None, batch: int = 2000,
               after: int = 0) -> Iterator[list[Any]]:
    """Yield lists of entry tuples (ENTRY_COLUMNS), ``batch`` at a time.

    Every fully indexed file's rows; or, with ``source_id``, the rows of that
    file with an id above ``after``, in id order, even while it is being
    indexed (a big file's games are listed as they are read).
    """
    sql = f"SELECT {ENTRY_COLUMNS} FROM games g JOIN sources s ON s.id = g.source"
    args: tuple[int, ...]
    if source_id is None:
        sql += " WHERE s.complete = 1"
        args = ()
    else:
        sql += " WHERE g.source = ? AND g.id > ? ORDER BY g.id"
        args = (source_id, after)
    cur = conn.execute(sql, args)
    try:
        while True:
            rows = cur.fetchmany(batch)
            if not rows:
                return
            yield rows
    finally:
        cur.close()


def game_text(conn: sqlite3.Connection, game_id: int) -> tuple[str, int, Path, int] | None:
    """``(text, sub, source path, number)`` of one game, or None if it is no longer indexed."""
    row = conn.execute("SELECT g.text, g.sub, s.path, g.number FROM games g JOIN sources s ON s.id = g.source "
                       "WHERE g.id = ?", (game_id,)).fetchone()
    if row is None:
        return None
    return row[0] or "", row[1] or 0, path_of(row[2]), row[3]
