"""The library's rows in memory: filter as you type, sort by any column.

Pure Python, no disk and no pygame.  Filtering 20,000 rows is a substring
test on one lower-case line per row; typing one more letter only re-tests the
rows that matched before.
"""

from __future__ import annotations

from operator import attrgetter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

    from .entry import Entry

# (key, heading) in the order the screen shows them
COLUMNS = (
    ("players", "Players"),
    ("event", "Event / levels"),
    ("date", "Date"),
    ("result", "Result"),
    ("plies", "Moves"),
    ("opening", "Opening"),
)
COLUMN_KEYS = tuple(k for k, _ in COLUMNS)


_SORT_KEYS = {"players": attrgetter("players_key"), "event": attrgetter("event_key"),
              "date": attrgetter("date_key"), "result": attrgetter("result_words"),
              "plies": attrgetter("plies"), "opening": attrgetter("opening_key")}


def _sort_key(key: str) -> attrgetter[Any]:
    try:
        return _SORT_KEYS[key]
    except KeyError:
        raise KeyError(f"no column {key!r} (columns: {', '.join(COLUMN_KEYS)})") from None


class Catalog:
    """Entries, the current filter and sort, and ``view``: the entries to show, in order."""

    def __init__(self, entries: Iterable[Entry] = (), sort_key: str | None = "date", descending: bool = True) -> None:
        """``sort_key=None`` keeps the entries in the order given (the games of one file)."""
        self.entries: list[Entry] = []
        self._ids: set[int] = set()
        self.query = ""
        self.sort_key = sort_key
        self.descending = descending  # the default: newest first
        self._order: list[Entry] | None = None
        self.view: list[Entry] = []
        self.add(entries)

    # -- contents -------------------------------------------------------------

    def add(self, entries: Iterable[Entry]) -> None:
        ids = self._ids
        entries = [e for e in entries if e.id not in ids]  # a row read twice is shown once
        if not entries:
            return
        self.entries.extend(entries)
        ids.update(e.id for e in entries)
        if self._order is not None and self.sort_key is not None:
            # the order so far is one sorted run: sorting it with the new rows is a merge
            self._order = sorted(self._order + entries, key=_sort_key(self.sort_key), reverse=self.descending)
        else:
            self._order = None
        self._refilter(full=True)

    def remove(self, predicate: Callable[[Entry], bool]) -> int:
        """Forget every entry for which ``predicate(entry)`` is true; return how many."""
        kept = [e for e in self.entries if not predicate(e)]
        gone = len(self.entries) - len(kept)
        if gone:
            self.entries = kept
            self._ids = {e.id for e in kept}
            self._order = None
            self._refilter(full=True)
        return gone

    def remove_source(self, source: int) -> int:
        return self.remove(lambda e: e.source == source)

    def __len__(self) -> int:
        return len(self.entries)

    # -- filter and sort ------------------------------------------------------

    def set_query(self, query: str) -> None:
        query = str(query)
        if query == self.query:
            return
        narrower = query.lower().startswith(self.query.lower()) and self.query.strip() != ""
        self.query = query
        self._refilter(full=not narrower)

    def set_sort(self, key: str, descending: bool | None = None) -> None:
        """Sort by column ``key``; the same column again reverses the order."""
        _sort_key(key)  # unknown column: KeyError naming the columns
        if descending is None:
            descending = (not self.descending) if key == self.sort_key else key in ("date", "plies")
        self.sort_key, self.descending = key, bool(descending)
        self._order = None
        self._refilter(full=True)

    def _sorted(self) -> list[Entry]:
        if self._order is None:
            if self.sort_key is None:
                self._order = list(self.entries)
            else:
                self._order = sorted(self.entries, key=_sort_key(self.sort_key), reverse=self.descending)
        return self._order

    def _refilter(self, full: bool) -> None:
        words = self.query.lower().split()
        pool = self._sorted() if full else self.view
        if not words:
            self.view = list(pool)
            return
        if len(words) == 1:
            w = words[0]
            self.view = [e for e in pool if w in e.hay]
        else:
            self.view = [e for e in pool if all(w in e.hay for w in words)]
