"""What the player asks of the library, checked before any work starts: the file to import,
the file to export to, the game to show.  A request that cannot be done is a LibraryError
in one line, at once; the work itself (``jobs.py``) runs in the background.

Part of ``Library`` (``library.py``), which is made of one part per job.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from . import index
from .errors import LibraryError
from .text import clean

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from ..store.paths import StrPath
    from ..store.saves import LoadedGame
    from .entry import Entry


def typed_path(path: StrPath, what: str) -> Path:
    """A path as the player typed it (quotes and ``~`` allowed); LibraryError for an empty one or one
    no file system can hold (a NUL character, a name over 255 bytes)."""
    text = os.fsdecode(path).strip().strip('"').strip("'")
    if not text:
        raise LibraryError(f"type the path of {what}")
    if "\0" in text:
        raise LibraryError("a path cannot hold a NUL character")
    p = Path(os.path.expanduser(text))
    long = [part for part in p.parts if len(os.fsencode(part)) > 255]
    if long:
        raise LibraryError(f"the name {clean(long[0], 40)} is too long ({len(os.fsencode(long[0]))} bytes; "
                           "at most 255)")
    return p


def import_path(path: StrPath) -> Path:
    """The PDN file to import; LibraryError for a path that is plainly not a file (read problems
    come later, from the worker)."""
    p = typed_path(path, "a PDN file to import")
    shown = clean(str(p), 100)
    try:
        if not os.path.lexists(p):
            raise LibraryError(f"no such file: {shown}")
        if p.is_dir():
            raise LibraryError(f"{shown} is a folder, not a PDN file")
    except OSError as e:
        raise LibraryError(f"cannot read {shown}: {e.strerror or e}") from None
    return p


def export_path(dest: StrPath) -> Path:
    """The new PDN file to export to (``.pdn`` added to a name without it); LibraryError for a
    folder, an existing file or one that cannot be made (``jobs.check_export_path``)."""
    from .jobs import check_export_path, not_a_file

    p = typed_path(dest, "the PDN file to write")
    try:
        folder = p.is_dir() or os.fsdecode(dest).rstrip().rstrip("'\"").endswith(("/", os.sep))
    except OSError:
        folder = False
    if p.suffix.lower() != ".pdn" and p.name not in ("", ".", "..") and not folder and not not_a_file(p):
        p = p.with_name(p.name + ".pdn")
    elif folder:
        p = Path(str(p) + os.sep)  # check_export_path says it is a folder
    try:
        return check_export_path(p)
    except ValueError as e:
        raise LibraryError(str(e)) from None


def indexed_game(conn: sqlite3.Connection | None, entry: Entry, broken: Callable[[sqlite3.Error], None]) -> LoadedGame:
    """The game of an indexed row, read from the text the index keeps; LibraryError if it cannot be
    shown (``broken`` is told of an index that failed for another reason than a lock)."""
    if entry.number < 0:
        raise LibraryError(entry.error or "this file cannot be read")
    if conn is None:
        raise LibraryError("the library's index cannot be read")
    try:
        found = index.game_text(conn, entry.id)
    except sqlite3.Error as e:
        if index.is_busy(e):
            raise LibraryError("the library's index is busy; try again in a moment") from None
        broken(e)
        raise LibraryError("the library's index could not be read; it is being rebuilt") from None
    if found is None:
        raise LibraryError("that game is no longer in the library (its file changed)")
    text, sub, path, number = found
    from ..store.saves import games_from_text

    try:
        games = games_from_text(text)
    except ValueError as e:
        raise LibraryError(clean(f"cannot read the game: {e}", 200)) from None
    if sub >= len(games):
        raise LibraryError("that game cannot be found in its file any more")
    loaded = games[sub]
    loaded.index = number
    return loaded
