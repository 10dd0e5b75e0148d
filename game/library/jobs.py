"""The library's slow work, one job at a time: index, import, export, remove a game.

``run_job(conn, job, emit)`` does one job against an open index connection and
reports through ``emit(event)``; it runs in the background process
(``worker``) and, in tests, directly.  Jobs and events are plain tuples so
they cross a process boundary:

    ("index", job_id, path, kind)         -> ("indexed", job_id, source_id, games, error, old source_id)
    ("import", job_id, path, folder)      -> ("imported", job_id, name, games) then "indexed"
    ("export", job_id, game_ids, path)    -> ("exported", job_id, path, games)
    ("remove", job_id, game_id)           -> ("removed", job_id, game_id) then "indexed" or "forgotten"
    "index" and "import", while reading   -> ("rows", job_id, source_id, old source_id) as games are stored
    any job                               -> ("progress", job_id, label, done, total) now and then
                                          -> ("failed", job_id, one line for the player)

Never raises for a bad file: every problem is a "failed" event or an error row.
"""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

from . import index, scan
from .text import clean

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable
    from typing import Any

    from ..store.paths import StrPath
    from .scan import Namer

    Job = tuple[Any, ...]    # ("index", job_id, path, kind) and the others of the module text
    Event = tuple[Any, ...]  # ("indexed", job_id, ...) and the others of the module text
    Emit = Callable[[Event], None]

BATCH = 500
PROGRESS_EVERY = 0.05  # seconds between two progress events


def index_version(namer: Namer | None) -> str:
    """Changes when what a row holds changes: rows indexed before openings had names are redone."""
    openings = "0"
    if namer is not None:  # the table is in the module's source: a new table, new names
        module = __import__(namer.__module__, fromlist=["*"])
        try:
            with open(module.__file__, "rb") as f:  # type: ignore[arg-type]  # no file: TypeError
                openings = hashlib.sha1(f.read()).hexdigest()[:8]
        except (OSError, TypeError):
            openings = "1"
    return f"{index.SCHEMA_VERSION}.2.{openings}"


class _Progress:
    def __init__(self, emit: Emit, job_id: int, label: str) -> None:
        self.emit, self.job_id, self.label = emit, job_id, label
        self.last = 0.0

    def __call__(self, done: float, total: float, force: bool = False) -> None:
        now = time.monotonic()
        if force or now - self.last >= PROGRESS_EVERY:
            self.last = now
            self.emit(("progress", self.job_id, self.label, int(done), int(total)))


def index_text(conn: sqlite3.Connection, job_id: int, path: StrPath, kind: str, text: str, error: str,
               stamp: tuple[int, int], emit: Emit, namer: Namer | None,
               version: str) -> tuple[int, int | None, int, str]:
    """Put one file's games (or its error) in the index; returns ``(source_id, games)``."""
    source_id, old_id = index.begin_source(conn, path, kind, stamp, version)
    progress = _Progress(emit, job_id, f"Reading {clean(os.path.basename(os.fsdecode(path)), 50)}")
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
            error = clean(f"cannot read {os.path.basename(os.fsdecode(path))}: {e}", 200)
        if batch:
            index.add_rows(conn, source_id, batch)
        progress(total, total, force=True)
        if count == 0 and not error:
            error = f"{clean(os.path.basename(os.fsdecode(path)), 60)} holds no games"
    if error and count == 0:
        index.add_file_error(conn, source_id, path, error)
    index.finish_source(conn, source_id)
    return source_id, old_id, count, error if count == 0 else ""


def _index(conn: sqlite3.Connection, job: Job, emit: Emit, namer: Namer | None, version: str) -> None:
    _, job_id, path, kind = job
    stamp = index.file_stamp(path)
    if stamp is None:
        known = index.known_sources(conn).get(index.path_key(path))
        if known is not None:
            index.forget_source(conn, known[0])
            emit(("forgotten", job_id, known[0]))
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
    name = clean(os.path.basename(os.fsdecode(path)), 60)
    emit(("progress", job_id, f"Copying {name}", 0, 1))
    text, error = scan.read_source(path)
    if error:
        emit(("failed", job_id, f"Cannot import: {error}"))
        return
    folder = Path(folder)
    target = folder / import_name(path, text)
    if target.exists():
        emit(("failed", job_id, f"{name} is already in the library"))
        return
    from ..store.paths import atomic_write

    try:
        atomic_write(target, text)
    except OSError as e:
        emit(("failed", job_id, f"Cannot copy {name} into the library: {e.strerror or e}"))
        return
    stamp = index.file_stamp(target)
    if stamp is None:  # removed the moment it was written
        emit(("failed", job_id, f"{name} was copied into the library and is gone again"))
        return
    source_id, old_id, count, error = index_text(conn, job_id, target, "imported", text, "", stamp, emit, namer, version)
    emit(("imported", job_id, name, count))
    emit(("indexed", job_id, source_id, count, error, old_id))


def canonical_text(text: str, sub: int = 0) -> str | None:
    """A game's text as the game writes PDN (numbers, ``x`` captures, seven tags), or None if it is broken.

    A broken game keeps the text it came with, so nothing after the error is lost.
    """
    from ..notation.pdn import write_pdn
    from ..store.saves import games_from_text

    games = games_from_text(text)
    if sub >= len(games):
        return None
    loaded = games[sub]
    if loaded.error or loaded.game is None:
        return None
    tags = {k: v for k, v in loaded.tags.items() if k not in ("Result", "GameType", "FEN", "SetUp")}
    # a recorded result (a resignation, an agreed draw) is the game's: write_pdn keeps it
    return write_pdn(loaded.game, tags, result=loaded.result if loaded.result != "*" else None)


def _export(conn: sqlite3.Connection, job: Job, emit: Emit, namer: Namer | None, version: str) -> None:
    _, job_id, game_ids, dest = job
    dest = Path(dest)
    label = f"Exporting to {clean(dest.name, 50)}"
    if dest.exists():
        emit(("failed", job_id, f"{clean(str(dest), 80)} already exists; choose another name"))
        return
    parts = []
    total = len(game_ids)
    progress = _Progress(emit, job_id, label)
    for n, gid in enumerate(game_ids):
        found = index.game_text(conn, gid)
        if found is None:
            continue
        text, sub, _, number = found
        if number < 0 or not text:
            continue
        try:
            out = canonical_text(text, sub)
        except (ValueError, RecursionError):
            out = None
        parts.append(out if out is not None else text.strip() + "\n")
        progress(n + 1, total)
    if not parts:
        emit(("failed", job_id, "No readable games to export"))
        return
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(f".{dest.name}.tmp")
        tmp.write_text("\n".join(parts), encoding="utf-8")
        try:
            os.link(tmp, dest)  # never replaces a file that appeared meanwhile
        except FileExistsError:
            emit(("failed", job_id, f"{clean(str(dest), 80)} already exists; choose another name"))
            return
        except OSError:
            os.replace(tmp, dest)
        finally:
            if tmp.exists():
                tmp.unlink()
    except OSError as e:
        emit(("failed", job_id, f"Cannot write {clean(str(dest), 80)}: {e.strerror or e}"))
        return
    progress(total, total, force=True)
    emit(("exported", job_id, str(dest), len(parts)))


def _remove(conn: sqlite3.Connection, job: Job, emit: Emit, namer: Namer | None, version: str) -> None:
    _, job_id, game_id = job
    found = index.game_text(conn, game_id)
    if found is None:
        emit(("failed", job_id, "That game is no longer in the library"))
        return
    stored, sub, path, number = found
    known = index.known_sources(conn).get(index.path_key(path))
    kind = known[1] if known else "saved"
    text, error = scan.read_source(path)
    if error:
        emit(("failed", job_id, f"Cannot delete: {error}"))
        return
    span = None
    shared = False
    for n, (_, game_text, gsub, start, end) in enumerate(scan.games_in(text)):
        if n == number:
            span = (start, end)
            shared = gsub != 0 or game_text != stored
        elif span is not None and start == span[0]:
            shared = True
        elif span is not None:
            break
    if span is None or shared:
        emit(("failed", job_id, "The file changed or shares this game's line with another; not deleted"))
        _index(conn, ("index", job_id, path, kind), emit, namer, version)
        return
    rest = text[: span[0]] + text[span[1]:]
    try:
        if not any(True for _ in scan.games_in(rest)):
            os.unlink(path)
        else:
            from ..store.paths import atomic_write

            atomic_write(path, rest)
    except OSError as e:
        emit(("failed", job_id, f"Cannot delete the game: {e.strerror or e}"))
        return
    emit(("removed", job_id, game_id))
    _index(conn, ("index", job_id, path, kind), emit, namer, version)


HANDLERS = {"index": _index, "import": _import, "export": _export, "remove": _remove}


def run_job(conn: sqlite3.Connection, job: Job, emit: Emit, namer: Namer | None = None,
            version: str | None = None) -> None:
    """Do one job; every problem becomes a "failed" event.  Returns nothing."""
    version = version or index_version(namer)
    handler = HANDLERS.get(job[0])
    if handler is None:
        emit(("failed", job[1] if len(job) > 1 else 0, f"unknown library job {job[0]!r}"))
        return
    try:
        handler(conn, job, emit, namer, version)
    except Exception as e:  # a bug or a disk problem: one message, and the library goes on
        emit(("failed", job[1], clean(f"{job[0]} failed: {type(e).__name__}: {e}", 200)))
    emit(("done", job[1]))
