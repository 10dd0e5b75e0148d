"""The player's puzzle record: their rating, each puzzle's rating, what they tried and solved.

One small JSON file in the data folder, ``puzzles.json``::

    {"version": 1,
     "player": {"rating": 1512.3, "rd": 180.2, "volatility": 0.06},
     "puzzles": {"tinsley-0042-37": {"rating": 1466.0, "rd": 240.1, "volatility": 0.06}, ...},
     "attempts": {"tinsley-0042-37": 2, ...}, "solved": {"tinsley-0042-37": 1, ...},
     "recent": ["tinsley-0042-37", ...]}

Plain numbers only: the rating arithmetic is ``game.training.rating``'s.  As with the
settings, ``load_puzzle_record()`` never fails: a missing file is a new player; a file
that cannot be read whole (not JSON, the wrong shapes, not a regular file, too large)
keeps whatever is valid, is set aside as ``puzzles.json.bad-<timestamp>`` before
anything is saved, and says so in ``problems``; if it cannot be moved, the record is
never saved over it.  ``save_puzzle_record()`` writes atomically.

Two windows may have the Puzzles screen open at once: each attempt is kept with
``update_puzzle_record(change)``, which reads the file again, applies the change to what
is there now and writes it back, so one window never writes over the other's attempts.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field

from ..textfile import excerpt
from . import paths
from .jsonfile import MISSING, BadJsonFile, read_json, write_json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from .paths import StrPath

log = logging.getLogger("checkers.store")

RECORD_VERSION = 1
MAX_BYTES = 16 * 1024 * 1024   # a rating per puzzle: a few MB for every puzzle ever mined
MAX_ID = 120                   # characters of a puzzle id
MAX_RECENT = 50                # ids kept of the puzzles served last
MAX_COUNT = 10 ** 9


@dataclass(frozen=True)
class StoredRating:
    """A Glicko-2 rating as stored: the rating, its deviation and volatility."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06

    def to_json(self) -> dict[str, float]:
        return {"rating": round(self.rating, 2), "rd": round(self.rd, 2), "volatility": round(self.volatility, 6)}


@dataclass
class PuzzleRecord:
    """What the game remembers of the player's puzzles (see the module's docstring)."""

    player: StoredRating = field(default_factory=StoredRating)
    puzzles: dict[str, StoredRating] = field(default_factory=dict)   # id -> the puzzle's rating so far
    attempts: dict[str, int] = field(default_factory=dict)           # id -> attempts counted
    solved: dict[str, int] = field(default_factory=dict)             # id -> of those, solved
    recent: list[str] = field(default_factory=list)                  # ids served, oldest first
    problems: list[str] = field(default_factory=list)                # lines for the screen (not saved)
    no_save: bool = False            # the unreadable file could not be set aside: never write over it

    def note_served(self, puzzle_id: str) -> None:
        """Remember that ``puzzle_id`` was shown now (the last MAX_RECENT are kept)."""
        if puzzle_id in self.recent:
            self.recent.remove(puzzle_id)
        self.recent.append(puzzle_id)
        del self.recent[:-MAX_RECENT]

    def note_attempt(self, puzzle_id: str, solved: bool) -> None:
        self.attempts[puzzle_id] = min(MAX_COUNT, self.attempts.get(puzzle_id, 0) + 1)
        if solved:
            self.solved[puzzle_id] = min(MAX_COUNT, self.solved.get(puzzle_id, 0) + 1)

    def to_json(self) -> dict[str, object]:
        return {"version": RECORD_VERSION, "player": self.player.to_json(),
                "puzzles": {k: v.to_json() for k, v in sorted(self.puzzles.items())},
                "attempts": dict(sorted(self.attempts.items())), "solved": dict(sorted(self.solved.items())),
                "recent": list(self.recent)}


def puzzle_record_path() -> StrPath:
    return paths.data_dir() / "puzzles.json"


def _number(value: object, low: float, high: float) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    number = float(value)
    return number if math.isfinite(number) and low <= number <= high else None


def _rating(value: object) -> StoredRating | None:
    if not isinstance(value, dict):
        return None
    r = _number(value.get("rating"), 0, 5000)
    rd = _number(value.get("rd"), 1, 1000)
    vol = _number(value.get("volatility"), 0.000001, 1)
    if r is None or rd is None or vol is None:
        return None
    return StoredRating(r, rd, vol)


def puzzle_id_problem(ident: object) -> str | None:
    """Why ``ident`` cannot be a puzzle's id (a phrase), or None when it can.  The one rule
    for ids: the record keeps only such ids, and ``training.puzzle`` refuses a puzzle
    without one, so an attempt at a puzzle never gets the record set aside."""
    if not isinstance(ident, str) or not ident:
        return "no id"
    if len(ident) > MAX_ID:
        return f"an id of {len(ident)} characters is too long (at most {MAX_ID})"
    if not ident.isprintable():
        return "the id has characters that cannot be shown"
    return None


def _good_id(key: object) -> bool:
    return puzzle_id_problem(key) is None


def record_from_json(data: object) -> tuple[PuzzleRecord, list[str]]:
    """The record in decoded JSON, and what of it could not be kept (one phrase each; none: all kept)."""
    if not isinstance(data, dict):
        return PuzzleRecord(), [f"not a JSON object but a {type(data).__name__}"]
    record = PuzzleRecord()
    lost: list[str] = []
    if data.get("version") != RECORD_VERSION:
        lost.append(f"version {excerpt(repr(data.get('version')), 20)}, expected {RECORD_VERSION}")
    unknown = sorted(str(k) for k in data if k not in ("version", "player", "puzzles", "attempts", "solved",
                                                        "recent"))
    if unknown:
        lost.append("unknown " + ", ".join(excerpt(k, 20) for k in unknown[:5]))
    if "player" in data:
        player = _rating(data["player"])
        if player is None:
            lost.append(f"bad player rating {excerpt(repr(data['player']), 40)}")
        else:
            record.player = player
    bad = 0
    puzzles = data.get("puzzles", {})
    if isinstance(puzzles, dict):
        for key, value in puzzles.items():
            rating = _rating(value)
            if rating is None or not _good_id(key):
                bad += 1
            else:
                record.puzzles[key] = rating
    else:
        lost.append("the puzzles' ratings are not an object")
    for name, counts in (("attempts", record.attempts), ("solved", record.solved)):
        value = data.get(name, {})
        if not isinstance(value, dict):
            lost.append(f"{name} is not an object")
            continue
        for key, count in value.items():
            n = _number(count, 0, MAX_COUNT)
            if n is None or n != int(n) or not _good_id(key):
                bad += 1
            else:
                counts[key] = int(n)
    recent = data.get("recent", [])
    if isinstance(recent, list):
        good = [k for k in recent if _good_id(k)]
        bad += len(recent) - len(good)
        record.recent = good[-MAX_RECENT:]
    else:
        lost.append("recent is not a list")
    if bad:
        lost.append(f"{bad} bad entr{'y' if bad == 1 else 'ies'} dropped")
    return record, lost


def load_puzzle_record(path: StrPath | None = None) -> PuzzleRecord:
    """The player's puzzle record; a new one for anything missing or unreadable.  Never raises."""
    path = puzzle_record_path() if path is None else path
    try:
        data = read_json(path, limit=MAX_BYTES, what="the puzzle record")
    except BadJsonFile as e:
        return _fresh_after(path, str(e))
    except Exception as e:  # never let this file stop the game
        return _fresh_after(path, f"the puzzle record cannot be read ({_short(e)})")
    if data is MISSING:
        return PuzzleRecord()
    try:
        record, lost = record_from_json(data)
    except Exception as e:
        record, lost = PuzzleRecord(), [f"unreadable ({_short(e)})"]
    if lost:
        _report(record, f"puzzle record: {_clip('; '.join(lost))}; kept the rest" + _set_aside(path, record))
    return record


def _fresh_after(path: StrPath, why: str) -> PuzzleRecord:
    record = PuzzleRecord()
    _report(record, f"puzzle record: {_clip(why)}; starting a new one" + _set_aside(path, record))
    return record


def _set_aside(path: StrPath, record: PuzzleRecord) -> str:
    aside = paths.keep_aside(path)
    if aside is not None:
        return f"; the old file was set aside as {aside}"
    record.no_save = True
    return "; the old file could not be moved, so the record will not be saved over it"


def _report(record: PuzzleRecord, line: str) -> None:
    record.problems.append(line)
    log.warning("%s", line)


def save_puzzle_record(record: PuzzleRecord, path: StrPath | None = None) -> bool:
    """Write the record atomically; False (and a warning) when the disk refuses or the old
    unreadable file is still in the way."""
    if record.no_save:
        log.warning("puzzle record: not saved, the unreadable file is still in the way")
        return False
    path = puzzle_record_path() if path is None else path
    return write_json(path, record.to_json(), what="puzzle record", sort_keys=True)


def update_puzzle_record(change: Callable[[PuzzleRecord], object],
                         path: StrPath | None = None) -> tuple[PuzzleRecord, bool]:
    """Apply ``change`` to the record as the file holds it now and write it back atomically;
    the record after the change, and whether it was written.

    Read-modify-write: the file is read again just before the change, so what another window
    saved since is kept (``change`` must compute from the record it is given, not from a
    copy read earlier).  A file damaged since is set aside first as ``load_puzzle_record``
    does (the returned record's ``problems`` say so); if it cannot be moved, nothing is
    written over it.  An exception raised by ``change`` is not caught: nothing is written.
    """
    path = puzzle_record_path() if path is None else path
    record = load_puzzle_record(path)
    change(record)
    return record, save_puzzle_record(record, path)


def _clip(text: object, limit: int = 200) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _short(e: BaseException) -> str:
    return str(e).splitlines()[0][:120] if str(e) else type(e).__name__
