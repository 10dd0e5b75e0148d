"""One game's headline: the record the library's scan, index, catalog and screen all use.

A game of a PDN file (players, event or levels, date, result, length,
opening, why it is broken if it is), or one file that could not be read at
all (``number`` -1, with ``error``).  The scan fills ``text`` with the game's
own PDN text for the index; rows read back from the index leave it empty.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# the screens call the first player Red (the colour of its pieces), as everywhere on screen
RESULT_WORDS = {"2-0": "Red won", "0-2": "White won", "1-1": "Draw", "*": "Unfinished", "0-0": "No result"}


@dataclass(eq=False, slots=True)
class Entry:
    """One game of the library (or one file that could not be read, with ``error``)."""

    id: int                 # the game's row in the index (0 while it is being scanned)
    source: int             # the file it comes from (index id; 0 while it is being scanned)
    kind: str = "imported"  # saved, archived, imported, unfinished, file (the games of one file opened)
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
    key: str = ""           # the store's id of the game (its GameId tag, or its unfinished record's id)
    text: str = field(default="", repr=False)  # the game's PDN text as its file has it (from the scan only)
    # worked out once, so that sorting and filtering 20,000 rows only reads attributes
    players: str = field(init=False, repr=False)
    event_or_levels: str = field(init=False, repr=False)
    result_words: str = field(init=False, repr=False)
    hay: str = field(init=False, repr=False)
    players_key: str = field(init=False, repr=False)
    event_key: str = field(init=False, repr=False)
    date_key: str = field(init=False, repr=False)
    opening_key: str = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.players = f"{self.black} – {self.white}"
        if self.event and self.event != "Casual game":
            # the levels once: an event that already names them ("Against the computer (Easy)", an older
            # file's or another program's) is not followed by them again
            said = not self.levels or f"({self.levels})" in self.event
            self.event_or_levels = self.event if said else f"{self.event} ({self.levels})"
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
    def moves(self) -> int:
        """Moves as players count them (one move = Black's and White's)."""
        return (self.plies + 1) // 2

    @property
    def broken(self) -> bool:
        return bool(self.error)

    def cell(self, key: str) -> str:
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
