"""Undo for the library's Delete: what a deletion removes is first kept aside, and Undo brings it back.

The choice: an "Undo" notice on the library screen (Ctrl+Z or the Undo button, until the screen is
left or another deletion is made), because a player who deletes the wrong row notices at once, on
the same screen; a trash screen of its own would be one more place to learn.  What is kept aside
stays in the library's ``deleted`` folder for ``KEEP_DAYS`` days (the delete question says a copy is
kept; docs/ui.md names the folder, from which a game can still be imported later), then goes when the
library is opened.

- the finished games (and their copies, which a deletion takes with them) are exported by the
  library's worker into ``deleted/<time>.pdn`` before the deletion, in the same job queue, so the
  copy is written before any file is changed; Undo imports that file (the games come back as an
  imported file: their own files were rewritten without them);
- an unfinished game's record is copied into ``deleted/`` as it is; Undo writes it back under its
  own name (never over a record of that name).

Deleting never touches Your record (``store.results`` keeps every finished game's result apart from
the files), and neither does Undo.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..store import paths
from ..textfile import FileReadError, read_bytes

KEEP_DAYS = 30
RECORD_LIMIT = 8 << 20  # an unfinished game's record is small; a larger file is not copied


@dataclass
class Deletion:
    """What one deletion kept aside: the exported games' file and the unfinished records' copies."""

    games_file: Path | None = None
    records: list[tuple[Path, Path]] = field(default_factory=list)  # (the record's place, its copy)
    count: int = 0
    problem: str = ""   # why something could not be kept aside (said in the question's answer)


def trash_dir(library: Any) -> Path:
    """The library's folder of deleted games (never one the library lists games from)."""
    return Path(library.root) / "deleted"


def keep_for_undo(library: Any, entries: list[Any]) -> Deletion:
    """Keep aside what deleting ``entries`` will remove; call it just before ``library.delete``."""
    folder = trash_dir(library)
    stamp = time.strftime("%Y-%m-%d %H-%M-%S")
    kept = Deletion(count=len(entries))
    games, seen = [], set()
    for e in entries:
        if e.kind == "unfinished":
            record = library.unfinished_record(e)
            if record is not None:
                kept_record = _copy_record(Path(record.path), folder, stamp)
                if kept_record is None:
                    kept.problem = "an unfinished game's record could not be kept aside"
                else:
                    kept.records.append((Path(record.path), kept_record))
            continue
        if e.number < 0:
            continue
        for c in [e, *library.copies(e)[1:]]:  # the copies go with it, so they come back with it
            if c.id not in seen and c.number >= 0 and c.kind != "unfinished":
                seen.add(c.id)
                games.append(c)
    if games:
        target = _free(folder / f"deleted {stamp}.pdn")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            library.export(games, target)
            kept.games_file = target
        except Exception as e:  # LibraryError, OSError: the deletion goes on, Undo says what it lacks
            kept.problem = f"no copy could be kept aside ({e})"
    return kept


def undo(library: Any, kept: Deletion) -> str:
    """Bring back what ``kept`` holds; the line to show."""
    back, problems = 0, []
    for place, copy in kept.records:
        if place.exists():
            problems.append(f"{place.name} exists again")
            continue
        try:
            paths.atomic_write(place, read_bytes(copy, limit=RECORD_LIMIT, what="kept record"))
            back += 1
        except (OSError, FileReadError) as e:
            problems.append(str(e))
    if kept.games_file is not None:
        try:
            library.import_file(kept.games_file)
        except Exception as e:  # LibraryError: the copy is gone from the folder
            problems.append(str(e))
    if kept.records:
        library.refresh()  # the records written back are listed again
    if problems:
        return "Not everything came back: " + "; ".join(problems)
    n = kept.count
    return "The game is back" if n == 1 else f"The {n} games are back"


def purge_old(library: Any, now: float | None = None) -> int:
    """Remove what deletions kept aside more than ``KEEP_DAYS`` days ago; how many files went."""
    folder = trash_dir(library)
    limit = (time.time() if now is None else now) - KEEP_DAYS * 86400
    gone = 0
    try:
        with os.scandir(folder) as it:
            old = [Path(e.path) for e in it
                   if e.is_file(follow_symlinks=False) and e.stat(follow_symlinks=False).st_mtime < limit]
    except OSError:
        return 0
    for p in old:
        gone += paths.remove(p, "deleted game kept for undo")
    return gone


def _copy_record(record: Path, folder: Path, stamp: str) -> Path | None:
    try:
        data = read_bytes(record, limit=RECORD_LIMIT, what="unfinished game", follow_symlinks=False)
        return paths.atomic_write(_free(folder / f"{stamp} {record.name}"), data)
    except (OSError, FileReadError):
        return None


def _free(path: Path) -> Path:
    n, candidate = 2, path
    while candidate.exists() and n < 1000:
        candidate = path.with_name(f"{path.stem} ({n}){path.suffix}")
        n += 1
    return candidate
