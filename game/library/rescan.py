"""Which folders the library lists, and what of them the index no longer matches.

A rescan compares the PDN files of the library's folders with the index (size,
modification time, the index's version, the folder's kind): the rows of an unchanged file
are read from the index; a changed or new file is indexed again; a file gone is forgotten.

Part of ``Library`` (``library.py``), which is made of one part per job.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..store import paths
from . import index

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..store.paths import StrPath

FOLDER_KINDS = ("saved", "archived", "imported")


def library_dir(data: StrPath | None = None) -> Path:
    return (paths.data_dir() if data is None else Path(data)) / "library"


def default_folders(data: StrPath | None = None) -> list[tuple[Path, str]]:
    """``[(folder, kind)]``: saved games, archived games, imports."""
    data = paths.data_dir() if data is None else Path(data)
    return [(data / "games", "saved"), (data / paths.archive_dir().name, "archived"),
            (library_dir(data) / "imported", "imported")]


def pdn_files(folder: StrPath) -> list[Path]:
    """The PDN files of a folder (not hidden ones, not temporaries, not links).  Never raises."""
    try:
        with os.scandir(folder) as it:
            out = []
            for e in it:
                if e.name.startswith(".") or not e.name.lower().endswith(".pdn"):
                    continue
                try:
                    if e.is_file(follow_symlinks=False):
                        out.append(Path(e.path))
                except OSError:
                    continue
            return out
    except OSError:
        return []


@dataclass
class Rescan:
    """What a rescan found."""

    stale: list[tuple[Path, str, int]] = field(default_factory=list)  # (path, kind, size) to index, smallest first
    replaced: set[int] = field(default_factory=set)  # index sources of the stale files (their rows come again)
    gone: list[int] = field(default_factory=list)  # index sources whose file is gone (deleted, moved)


def compare(known: dict[bytes, index.Source], folders: Iterable[tuple[Path, str]], version: str | None) -> Rescan:
    """The folders' files against the index's ``known`` sources (``index.known_sources``)."""
    found = Rescan()
    seen = set()
    for folder, kind in folders:
        for path in pdn_files(folder):
            key = index.path_key(path)
            seen.add(key)
            stamp = index.file_stamp(path)
            old = known.get(key)
            if (old is None or stamp is None or (old[2], old[3]) != stamp or old[4] != version
                    or not old[5] or old[1] != kind):
                found.stale.append((path, kind, stamp[0] if stamp else 0))
                if old is not None:
                    found.replaced.add(old[0])
    found.gone = [sid for key, (sid, *_rest) in known.items() if key not in seen]
    found.stale.sort(key=lambda s: s[2])  # small files first: the player's own saved games appear at once
    return found
