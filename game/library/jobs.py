"""The library's slow work, one job at a time: index, import, export, remove games, tidy.

``run_job(conn, job, emit)`` does one job against an open index connection and
reports through ``emit(event)``; it runs in the background process
(``worker``) and, for small files and in tests, directly.  Jobs and events are
plain tuples so they cross a process boundary:

    ("index", job_id, path, kind)         -> ("indexed", job_id, source_id, games, error, old source_id)
    ("import", job_id, path, folder)      -> ("imported", job_id, name, games, damaged, first damage)
                                             then "indexed"
    ("paste", job_id, text, folder)       -> the same, for PDN text from the clipboard
    ("export", job_id, game_ids, path)    -> ("exported", job_id, path, games, missing)
    ("remove", job_id, game_ids)          -> ("removed", job_id, games) then "indexed" or "forgotten"
    ("tidy", job_id, gone source ids)     -> ("forgotten", job_id, source_id) for each, orphans dropped
    "index" and "import", while reading   -> ("rows", job_id, source_id, old source_id) as games are stored
    any job                               -> ("progress", job_id, label, done, total) now and then
                                          -> ("failed", job_id, one line for the player[, "full"])

A writer re-checks its work once it holds the index (another window may have
done it meanwhile): a file already indexed as it is now is only listed.  A full
disk is a "failed" event marked "full" (the screen says it once).  After each
job the WAL's space goes back to the disk.  Never raises for a bad file: every
problem is a "failed" event or an error row.  An export writes each game as its
file holds it (comments, clock times and all), never a rewritten copy.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import tempfile
import time
from pathlib import Path

from . import index, scan
from .text import clean

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ..store.paths import StrPath
    from .scan import Namer

    Job = tuple[Any, ...]    # ("index", job_id, path, kind) and the others of the module text
    Event = tuple[Any, ...]  # ("indexed", job_id, ...) and the others of the module text
    Emit = Callable[[Event], None]

BATCH = 500
PROGRESS_EVERY = 0.05  # seconds between two progress events
FULL = "full"  # the mark of a "failed" event caused by a full disk


def index_version(namer: Namer | None) -> str:
    """Changes when what a row holds changes: rows indexed before openings had names are redone."""
    openings = "0"
    if namer is not None:  # the table is in the module's source: a new table, new names
        module = __import__(namer.__module__, fromlist=["*"])
        from ..textfile import FileReadError, read_bytes

        try:
            source = read_bytes(module.__file__, limit=1 << 24, what="openings table")  # type: ignore[arg-type]
            openings = hashlib.sha1(source).hexdigest()[:8]
        except (FileReadError, TypeError):  # no file (a frozen build): TypeError
            openings = "1"
    # .4: a damaged game's error in a player's words, dates shown 2026-11-28; .5: with the time of day
    # (2026-11-28 14:05): rows made before are made again
    return f"{index.SCHEMA_VERSION}.5.{openings}"


class _Progress:
    def __init__(self, emit: Emit, job_id: int, label: str) -> None:
        self.emit, self.job_id, self.label = emit, job_id, label
        self.last = 0.0

    def __call__(self, done: float, total: float, force: bool = False) -> None:
        now = time.monotonic()
        if force or now - self.last >= PROGRESS_EVERY:
            self.last = now
            self.emit(("progress", self.job_id, self.label, int(done), int(total)))


def _base(path: StrPath) -> str:
    return os.path.basename(os.fsdecode(path))


def index_text(conn: sqlite3.Connection, job_id: int, path: StrPath, kind: str, text: str, error: str,
               stamp: tuple[int, int], emit: Emit, namer: Namer | None,
               version: str) -> tuple[int, int | None, int, str]:
    """Put one file's games (or its error) in the index; returns ``(source_id, old id, games, error)``."""
    source_id, old_id = index.begin_source(conn, path, kind, stamp, version)
    progress = _Progress(emit, job_id, f"Reading {shown_name(path, kind, 50)}")
    count = 0
    if not error:
        batch = []
        total = len(text)
        try:
            for row, done in scan.iter_rows(text, namer):
                batch.append(row)
                count += 1
                if len(batch) >= BATCH:
                    index.add_rows(conn, source_id, batch)
                    batch = []
                    emit(("rows", job_id, source_id, old_id))
                progress(done, total)
        except (ValueError, RecursionError, MemoryError) as e:
            error = clean(f"cannot read {_base(path)}: {e}", 200)
        if batch:
            index.add_rows(conn, source_id, batch)
        progress(total, total, force=True)
        if count == 0 and not error:
            error = scan.no_games(path)
    if error and count == 0:
        index.add_file_error(conn, source_id, path, error)
    index.finish_source(conn, source_id)
    return source_id, old_id, count, error if count == 0 else ""


def shown_name(path: StrPath, kind: str = "", limit: int = 60) -> str:
    """A file's name as the player knows it: an imported copy without the digest the library adds."""
    name = _base(path)
    if kind == "imported":
        stem, dot, ext = name.rpartition(".")
        head, _, tail = stem.rpartition(" ")
        if dot and head and len(tail) == 10 and all(c in "0123456789abcdef" for c in tail):
            name = f"{head}.{ext}"
    return clean(name, limit)


def _index(conn: sqlite3.Connection, job: Job, emit: Emit, namer: Namer | None, version: str) -> None:
    _, job_id, path, kind = job
    stamp = index.file_stamp(path)
    known = index.source_of(conn, path)
    if stamp is None:
        if known is not None:
            index.forget_source(conn, known[0])
            emit(("forgotten", job_id, known[0]))
        return
    if known is not None and known[1] == kind and (known[2], known[3]) == stamp and known[4] == version \
            and known[5]:
        # indexed meanwhile (by another window) just as it is now: list it, nothing to redo
        emit(("indexed", job_id, known[0], index.count_games(conn, known[0]), "", None))
        return
    text, error = scan.read_source(path)
    source_id, old_id, count, error = index_text(conn, job_id, path, kind, text, error, stamp, emit, namer, version)
    emit(("indexed", job_id, source_id, count, error, old_id))


def import_name(path: StrPath, text: str) -> str:
    """The library's name for a copy of ``path``: its own name and a digest of its content."""
    stem = Path(os.fsdecode(path)).stem
    safe = "".join(ch if ch.isalnum() or ch in " ()_.,+-" else "_" for ch in stem).strip(" ._")[:60] or "games"
    digest = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    return f"{safe} {digest}.pdn"


def _import(conn: sqlite3.Connection, job: Job, emit: Emit, namer: Namer | None, version: str) -> None:
    _, job_id, path, folder = job
    name = clean(_base(path), 60)
    emit(("progress", job_id, f"Copying {name}", 0, 1))
    text, error = scan.read_source(path)
    if error:
        emit(("failed", job_id, f"Cannot import: {error}"))
        return
    _add_copy(conn, job_id, name, import_name(path, text), text, Path(folder), emit, namer, version)


def _paste(conn: sqlite3.Connection, job: Job, emit: Emit, namer: Namer | None, version: str) -> None:
    _, job_id, text, folder = job
    name = "the pasted text"
    text = str(text).replace("\r\n", "\n").replace("\r", "\n")
    if "\0" in text:
        emit(("failed", job_id, "The pasted text is not PDN (it holds a NUL byte)"))
        return
    _add_copy(conn, job_id, name, import_name(f"pasted {time.strftime('%Y-%m-%d %H-%M')}", text), text,
              Path(folder), emit, namer, version)


def _add_copy(conn: sqlite3.Connection, job_id: int, name: str, copy_name: str, text: str, folder: Path,
              emit: Emit, namer: Namer | None, version: str) -> None:
    """Copy ``text`` into the library's folder as ``copy_name`` and index it; nothing when it holds no game."""
    if not scan.holds_a_game(text):
        emit(("failed", job_id, f"No games found in {name}; nothing was added"))
        return
    from ..store.paths import atomic_write, set_file_aside

    target = folder / copy_name
    try:
        from ..store.paths import own_folder

        note = own_folder(folder)  # the library's own: a link in its place would send the copy elsewhere
        if note:
            emit(("note", job_id, f"The library's folder {note}"))
        if os.path.islink(target) or os.path.lexists(target) and not target.is_file():
            aside = set_file_aside(target)  # not ours: a new name, never written through
            emit(("failed", job_id, f"Something that was not a copy of {name} was in the library's folder; "
                                    f"it was set aside as {aside.name if aside else '(it could not be moved)'}"))
        elif target.is_file():  # the same text was imported before: make sure it is listed
            known = index.source_of(conn, target)
            _index(conn, ("index", job_id, target, "imported"), emit, namer, version)
            now = index.source_of(conn, target)
            if known is not None and known[5]:
                emit(("failed", job_id, f"{name} is already in the library"))
            else:
                count = index.count_games(conn, now[0]) if now else 0
                emit(("imported", job_id, name, count, *(index.damaged_games(conn, now[0]) if now else (0, ""))))
            return
        atomic_write(target, text)
    except OSError as e:
        _failed_write(emit, job_id, e, f"Cannot copy {name} into the library")
        return
    stamp = index.file_stamp(target)
    if stamp is None:  # removed the moment it was written
        emit(("failed", job_id, f"{name} was copied into the library and is gone again"))
        return
    try:
        source_id, old_id, count, error = index_text(conn, job_id, target, "imported", text, "", stamp, emit,
                                                     namer, version)
    except (sqlite3.Error, OSError) as e:
        if not index.is_full(e):
            raise
        # the index cannot hold it: the import is undone (the copy would only take the space left)
        from ..store.paths import remove

        remove(target, "copy of an import that could not be indexed")
        _forget_quietly(conn, target, job_id, emit)
        _failed_write(emit, job_id, e, f"Cannot import {name}")
        return
    emit(("imported", job_id, name, count, *index.damaged_games(conn, source_id)))
    emit(("indexed", job_id, source_id, count, error, old_id))


def _forget_quietly(conn: sqlite3.Connection, path: Path, job_id: int, emit: Emit) -> None:
    """Drop the rows of a file whose indexing failed (the list forgets them even if the index cannot)."""
    if conn.in_transaction:
        conn.rollback()
    try:
        known = index.source_of(conn, path)
    except sqlite3.Error:
        return
    if known is None:
        return
    emit(("forgotten", job_id, known[0]))
    try:
        index.forget_source(conn, known[0])
    except sqlite3.Error:
        pass  # the file is gone: the next opening forgets it


def _failed_write(emit: Emit, job_id: int, e: BaseException, what: str) -> None:
    if index.is_full(e):
        emit(("failed", job_id, f"{what}: the disk is full — free some space and try again", FULL))
    else:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        emit(("failed", job_id, clean(f"{what}: {reason}", 200)))


def check_export_path(dest: StrPath) -> Path:
    """The file an export may write, or ValueError with one line: a folder, a name too long, a file
    that exists, a folder that is not there."""
    text = os.fsdecode(dest)
    if "\0" in text:
        raise ValueError("a file name cannot hold a NUL character")
    p = Path(text)
    if text.endswith(("/", os.sep)) or p.name in ("", ".", ".."):
        raise ValueError(f"{clean(text, 80)} is a folder; type a file name such as "
                         f"{clean(str(Path(text) / 'games.pdn'), 80)}")
    if len(os.fsencode(p.name)) > 255:
        raise ValueError(f"the file name is too long ({len(os.fsencode(p.name))} bytes; at most 255)")
    try:
        if p.is_dir():
            raise ValueError(f"{clean(text, 80)} is a folder; type a file name such as "
                             f"{clean(str(p / 'games.pdn'), 80)}")
        if not_a_file(p):
            raise ValueError(f"{clean(text, 80)} is not a regular file (a device, pipe, socket or link); "
                             "choose a new file name")
        if os.path.lexists(p):
            raise ValueError(f"{clean(text, 80)} already exists; choose another name")
        if not p.parent.is_dir():
            raise ValueError(f"there is no folder {clean(str(p.parent), 80)}")
    except OSError as e:
        raise ValueError(f"cannot write {clean(text, 80)}: {e.strerror or e}") from None
    return p


def not_a_file(path: StrPath) -> bool:
    """Is something other than a regular file at ``path`` (a device, FIFO, socket, link, even a dangling one)?
    Such a target is refused as it is: never written through, never given a suffix (``/dev/null.pdn``)."""
    try:
        return os.path.islink(path) or os.path.lexists(path) and not os.path.isfile(path) \
            and not os.path.isdir(path)
    except (OSError, ValueError):
        return False


def _export(conn: sqlite3.Connection, job: Job, emit: Emit, namer: Namer | None, version: str) -> None:
    _, job_id, game_ids, dest = job
    try:
        dest = check_export_path(dest)
    except ValueError as e:
        emit(("failed", job_id, f"Cannot export: {e}"))
        return
    label = f"Exporting to {clean(dest.name, 50)}"
    parts = []
    missing = 0
    total = len(game_ids)
    progress = _Progress(emit, job_id, label)
    for n, gid in enumerate(game_ids):
        found = index.game_text(conn, gid)
        if found is None or found[3] < 0 or not found[0]:
            missing += 1  # deleted or changed meanwhile: said in the message, never passed over in silence
            continue
        # the game as its file holds it: every comment (clock times, annotations), tag and move kept
        parts.append(found[0].strip() + "\n")
        progress(n + 1, total)
    if not parts:
        emit(("failed", job_id, "No readable games to export (they are no longer in the library)"))
        return
    error = write_exclusive(dest, "\n".join(parts))
    if error is not None:
        _failed_write(emit, job_id, error, f"Cannot write {clean(str(dest), 80)}")
        return
    progress(total, total, force=True)
    emit(("exported", job_id, str(dest), len(parts), missing))


def write_exclusive(dest: Path, text: str) -> BaseException | None:
    """Write ``text`` to the new file ``dest``: never over a file, never through a link, no partial file
    left on any failure (a kill's is removed at the next start).  The error, or None."""
    from ..store.paths import TEMP_SUFFIX, note_temporary, temp_name_prefix

    try:
        fd, tmp = tempfile.mkstemp(prefix=temp_name_prefix(dest.name), suffix=TEMP_SUFFIX, dir=dest.parent)
    except OSError as e:
        return e
    note_temporary(tmp)
    try:
        umask = os.umask(0o022)
        os.umask(umask)
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o666 & ~umask)  # the player's file, as their other programs make them
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(tmp, dest)  # fails if the name is taken (a file, a link): never replaces anything
        except FileExistsError:
            return FileExistsError(f"{dest} already exists; choose another name")
        except OSError:
            if os.path.lexists(dest):  # a file system without hard links: check, then rename
                return FileExistsError(f"{dest} already exists; choose another name")
            os.rename(tmp, dest)
    except OSError as e:
        return e
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    return None


def _remove(conn: sqlite3.Connection, job: Job, emit: Emit, namer: Namer | None, version: str) -> None:
    """Remove games from their files: each file is rewritten once, without every chosen game in it."""
    _, job_id, game_ids = job
    if isinstance(game_ids, int):
        game_ids = [game_ids]
    by_file: dict[Path, list[tuple[int, str, int]]] = {}
    missing = 0
    for gid in game_ids:
        found = index.game_text(conn, gid)
        if found is None:
            missing += 1
            continue
        stored, sub, path, number = found
        by_file.setdefault(path, []).append((number, stored, sub))
    removed = 0
    for path, chosen in by_file.items():
        known = index.source_of(conn, path)
        kind = known[1] if known else "saved"
        text, error = scan.read_source(path)
        if error:
            emit(("failed", job_id, f"Cannot delete: {error}"))
            continue
        wanted = {number: (stored, sub) for number, stored, sub in chosen}
        spans: list[tuple[int, int]] = []
        refused = False
        starts: dict[int, int] = {}
        for n, (_, game_text, gsub, start, end) in enumerate(scan.games_in(text)):
            starts[start] = starts.get(start, 0) + 1
            if n in wanted:
                stored, sub = wanted[n]
                if gsub != 0 or sub != 0 or game_text != stored:
                    refused = True
                spans.append((start, end))
        if refused or len(spans) != len(wanted) or any(starts[s] > 1 for s, _ in spans):
            emit(("failed", job_id, "The file changed or shares a game's line with another; not deleted"))
            _index(conn, ("index", job_id, path, kind), emit, namer, version)
            continue
        rest = text
        for start, end in sorted(spans, reverse=True):
            rest = rest[:start] + rest[end:]
        try:
            if not any(True for _ in scan.games_in(rest)):
                os.unlink(path)
            else:
                from ..store.paths import atomic_write

                atomic_write(path, rest)
        except OSError as e:
            _failed_write(emit, job_id, e, "Cannot delete the game")
            continue
        removed += len(spans)
        _index(conn, ("index", job_id, path, kind), emit, namer, version)
    if missing and not removed:
        emit(("failed", job_id, "That game is no longer in the library"))
    if removed:
        emit(("removed", job_id, removed))


def _tidy(conn: sqlite3.Connection, job: Job, emit: Emit, namer: Namer | None, version: str) -> None:
    """Forget files that are gone, drop game rows whose file is not indexed (orphans)."""
    _, job_id, gone = job
    index.tidy(conn, gone)
    for sid in gone:
        emit(("forgotten", job_id, sid))


HANDLERS = {"index": _index, "import": _import, "paste": _paste, "export": _export, "remove": _remove,
            "tidy": _tidy}
WRITERS = {"index", "import", "paste", "remove", "tidy"}  # jobs that write to the index (export only reads)


def run_job(conn: sqlite3.Connection, job: Job, emit: Emit, namer: Namer | None = None,
            version: str | None = None) -> BaseException | None:
    """Do one job; every problem becomes a "failed" event.  Returns the error when the index itself
    failed (``index.is_fault``: a trigger or constraint it was never given, a damaged page), so that
    the worker can set aside an index that keeps failing and rebuild it; None otherwise."""
    version = version or index_version(namer)
    handler = HANDLERS.get(job[0])
    fault: BaseException | None = None
    if handler is None:
        emit(("failed", job[1] if len(job) > 1 else 0, f"unknown library job {job[0]!r}"))
        return None
    try:
        handler(conn, job, emit, namer, version)
    except index.SourceGone:
        pass  # another writer took the file over: its rows are that writer's
    except Exception as e:  # a bug or a disk problem: one message, and the library goes on
        fault = e if index.is_fault(e) else None
        if conn.in_transaction:
            try:
                conn.rollback()
            except sqlite3.Error:
                pass
        if index.is_full(e):
            emit(("failed", job[1], "The disk is full: the library cannot keep what it read "
                                    "— free some space, then open the library again", FULL))
        elif index.is_busy(e):
            emit(("failed", job[1], "The library's index is busy (another program holds it); try again"))
        else:
            emit(("failed", job[1], clean(f"{job[0]} failed: {type(e).__name__}: {e}", 200)))
    if job[0] in WRITERS:
        index.checkpoint(conn)
    emit(("done", job[1]))
    return fault
