"""The game library: every saved, archived and imported game in one searchable list.

No pygame here: the Load screen only draws what this package gives it and turns
events into calls.

- ``entry``: one game's headline, the record every part below passes on.
- ``scan``: one PDN file -> index rows (players, event, date, result, length,
  opening, and the game's own text), one bad game one bad row.
- ``index``: the rows kept on disk (sqlite3) so reopening is instant; a file
  whose size or modification time changed is indexed again.
- ``jobs`` and ``worker``: indexing, importing, exporting and removing, run by
  a background process that reports progress; the window never waits on parsing
  nor on the database.
- ``lock``: one writer at a time on the index, across every game window on one home.
- ``catalog``: the rows in memory: filter as you type, sort by column.
- ``library``: the ``Library`` the screen uses, made of one part per job:
  ``home`` (the index's file and connection), ``rescan`` (which folders, what is
  stale), ``loading`` (rows read a batch a frame), ``inline`` (small files indexed
  in the window), ``events`` (the worker's jobs and news), ``copies`` (one game,
  one row), ``unfinished`` (the store's unfinished games), ``actions`` (what the
  player asks, checked at once); ``errors``: ``LibraryError``.
- ``text``: tags made safe to keep and draw.
"""

from .catalog import COLUMNS, Catalog
from .entry import Entry
from .library import Library, LibraryError

__all__ = ["COLUMNS", "Catalog", "Entry", "Library", "LibraryError"]
