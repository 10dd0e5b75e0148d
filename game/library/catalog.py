"""The library's rows in memory: filter as you type, sort by any column.

Pure Python, no disk and no pygame.  Filtering 20,000 rows is a substring
test on one lower-case line per row; typing one more letter only re-tests the
rows that matched before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter

RESULT_WORDS = {"2-0": "Black won", "0-2": "White won", "1-1": "Draw", "*": "Unfinished", "0-0": "No result"}

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


@dataclass(eq=False, slots=True)
class Entry:
    """One game of the library (or one file that could not be read, with ``error``)."""

    id: int                 # the game's row in the index
    source: int             # the file it comes from (index id)
    kind: str = "imported"  # saved, archived, imported
    number: int = 0         # its place in the file, from 0 (-1: the file itself could not be read)
    black: str = "?"
    white: str = "?"
    event: str = ""
    levels: str = ""
    date: str = ""
    result: str = "*"
    plies: int = 0
    opening: str = ""
    error: str = ""
    modified: float = 0.0   # the file's modification time
    file: str = ""          # the file's name, for messages
    site: str = ""
    # worked out once, so that sorting and filtering 20,000 rows only reads attributes
    players: str = field(init=False, repr=False)
    event_or_levels: str = field(init=False, repr=False)
    result_words: str = field(init=False, repr=False)
    hay: str = field(init=False, repr=False)
    players_key: str = field(init=False, repr=False)
    event_key: str = field(init=False, repr=False)
    date_key: str = field(init=False, repr=False)
    opening_key: str = field(init=False, repr=False)

    def __post_init__(self):
        self.players = f"{self.black} – {self.white}"
        if self.event and self.event != "Casual game":
            self.event_or_levels = f"{self.event} ({self.levels})" if self.levels else self.event
        else:
            self.event_or_levels = self.levels or self.event
        self.result_words = "Unreadable" if self.number < 0 else RESULT_WORDS.get(self.result, self.result)
        self.hay = " ".join((self.black, self.white, self.event, self.site, self.levels, self.date, self.opening,
                             self.result_words, self.result, self.kind, self.file)).lower()
        # sort keys are single strings: comparing them is much cheaper than comparing tuples
        self.players_key = f"{self.black.lower()}\0{self.white.lower()}"
        self.event_key = self.event_or_levels.lower()
        self.date_key = f"{self.date}\0{self.modified:017.6f}\0{self.source:012d}\0{999_999_999 - self.number:09d}"
        self.opening_key = ("1" if not self.opening else "0") + self.opening.lower()

    @property
    def moves(self):
        """Moves as players count them (one move = Black's and White's)."""
        return (self.plies + 1) // 2

    @property
    def broken(self):
        return bool(self.error)

    def cell(self, key):
        """The text of one column."""
        if key == "players":
            return self.players
        if key == "event":
            return self.event_or_levels
        if key == "date":
            return self.date
        if key == "result":
            return self.result_words + (" (broken)" if self.error and self.number >= 0 else "")
        if key == "plies":
            return str(self.moves) if self.number >= 0 else ""
        if key == "opening":
            return self.opening
        raise KeyError(key)


_SORT_KEYS = {"players": attrgetter("players_key"), "event": attrgetter("event_key"),
              "date": attrgetter("date_key"), "result": attrgetter("result_words"),
              "plies": attrgetter("plies"), "opening": attrgetter("opening_key")}


def _sort_key(key):
    try:
        return _SORT_KEYS[key]
    except KeyError:
        raise KeyError(f"no column {key!r} (columns: {', '.join(COLUMN_KEYS)})") from None


class Catalog:
    """Entries, the current filter and sort, and ``view``: the entries to show, in order."""

    def __init__(self, entries=(), sort_key="date", descending=True):
        """``sort_key=None`` keeps the entries in the order given (the games of one file)."""
        self.entries = []
        self._ids = set()
        self.query = ""
        self.sort_key = sort_key
        self.descending = descending  # the default: newest first
        self._order = None
        self.view = []
        self.add(entries)

    # -- contents -------------------------------------------------------------

    def add(self, entries):
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

    def remove(self, predicate):
        """Forget every entry for which ``predicate(entry)`` is true; return how many."""
        kept = [e for e in self.entries if not predicate(e)]
        gone = len(self.entries) - len(kept)
        if gone:
            self.entries = kept
            self._ids = {e.id for e in kept}
            self._order = None
            self._refilter(full=True)
        return gone

    def remove_source(self, source):
        return self.remove(lambda e: e.source == source)

    def __len__(self):
        return len(self.entries)

    # -- filter and sort ------------------------------------------------------

    def set_query(self, query):
        query = str(query)
        if query == self.query:
            return
        narrower = query.lower().startswith(self.query.lower()) and self.query.strip() != ""
        self.query = query
        self._refilter(full=not narrower)

    def set_sort(self, key, descending=None):
        """Sort by column ``key``; the same column again reverses the order."""
        _sort_key(key)  # unknown column: KeyError naming the columns
        if descending is None:
            descending = (not self.descending) if key == self.sort_key else key in ("date", "plies")
        self.sort_key, self.descending = key, bool(descending)
        self._order = None
        self._refilter(full=True)

    def _sorted(self):
        if self._order is None and self.sort_key is None:
            self._order = list(self.entries)
        elif self._order is None:
            self._order = sorted(self.entries, key=_sort_key(self.sort_key), reverse=self.descending)
        return self._order

    def _refilter(self, full):
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
