"""One game, one row: of the copies of one game the library holds, only the best is listed.

One game the store keeps is one row, whatever copies of it there are (a copy saved with
Ctrl+S, its archived file, an export imported again): the row shown is its unfinished
record while it goes on, else its archived file, else the newest copy.  Rows without the
store's id (``Entry.key``) are each their own game.

Part of ``Library`` (``library.py``), which is made of one part per job.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from .catalog import Catalog
    from .entry import Entry

RANK = {"unfinished": 3, "archived": 2, "saved": 1, "imported": 0}


class Copies:
    """The rows of each game (by its store id), and which of them the catalog shows."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._groups: dict[str, list[Entry]] = {}  # a game's store id -> its rows (one of them shown)

    def show(self, entries: Iterable[Entry]) -> None:
        """Add rows to the list: of the copies of one game, only the best is shown."""
        plain: list[Entry] = []
        touched: set[str] = set()
        for e in entries:
            if e.key:
                self._groups.setdefault(e.key, []).append(e)
                touched.add(e.key)
            else:
                plain.append(e)
        self._show_best(touched, plain)

    def _show_best(self, keys: Iterable[str], plain: list[Entry] | None = None) -> None:
        shown = list(plain or [])
        hidden: set[int] = set()
        for key in keys:
            group = self._groups.get(key)
            if not group:
                continue
            best = max(group, key=lambda e: (RANK.get(e.kind, 0), e.modified, e.id))
            shown.append(best)
            hidden.update(id(e) for e in group if e is not best)
        if hidden:
            self.catalog.remove(lambda e: id(e) in hidden)
        self.catalog.add(shown)

    def drop(self, predicate: Callable[[Entry], bool]) -> None:
        """Take rows out of the list (and out of the copies of their game: another copy may show)."""
        self.catalog.remove(predicate)
        touched = []
        for key, group in list(self._groups.items()):
            kept = [e for e in group if not predicate(e)]
            if len(kept) != len(group):
                touched.append(key)
                if kept:
                    self._groups[key] = kept
                else:
                    del self._groups[key]
        self._show_best(touched)

    def drop_source(self, source: int) -> None:
        """Take out the rows of one file (or of the store's unfinished games)."""
        self.drop(lambda e: e.source == source)

    def of(self, entry: Entry) -> list[Entry]:
        """Every row of the game ``entry`` shows (itself first), shown or not."""
        others = [e for e in self._groups.get(entry.key, []) if e is not entry] if entry.key else []
        return [entry, *others]
