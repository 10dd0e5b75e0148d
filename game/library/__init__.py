"""The game library: every saved, archived and imported game in one searchable list.

No pygame here: the Load screen only draws what this package gives it and turns
events into calls.

- ``sources``: which files make up the library (saved, archived, imported).
- ``scan``: one PDN file -> index rows (players, event, date, result, length,
  opening, and the game's own text), one bad game one bad row.
- ``index``: the rows kept on disk (sqlite3) so reopening is instant; a file
  whose size or modification time changed is indexed again.
- ``worker``: a background process that indexes, imports, exports and
  removes, reporting progress; the window never waits on parsing.
- ``catalog``: the rows in memory: filter as you type, sort by column.
- ``library``: the facade the screen uses.
"""

from .catalog import COLUMNS, Catalog, Entry
from .library import Library, LibraryError

__all__ = ["COLUMNS", "Catalog", "Entry", "Library", "LibraryError"]
