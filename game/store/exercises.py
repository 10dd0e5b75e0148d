"""The player's exercises (their own mistakes to find a better move for): ``exercises.json``
in the data folder.

The file is JSON: ``{"version": 1, "exercises": [{...}, ...]}``, each exercise a
position (FEN), the engine's best move, the other moves that are not a mistake, where it
came from, the move played, how often it was tried and solved, and when it is next due.
The store keeps only these strings and counts; ``game.training.exercises`` turns them into
puzzles.  Fields this version does not know (in an entry or at the top) are kept as they
are on every write, so a newer version's data survives an older one.

Spaced repetition: an exercise is due when its ``due`` time (UTC, ISO 8601; empty: at
once) has come.  A solve makes it due again a day later (``SPACING``), so the second solve,
which retires it (``SOLVED_TWICE``), can come a day after the first at the earliest; a
failure brings it back after ``RETRY_AFTER``.

The cap (``MAX_EXERCISES``) drops only exercises already done; when the file is full of
work still to do, new ones are not added and ``Added.left_out`` says how many, for the
screen to say.  Every change is a read-modify-write under the file's lock
(``store.lock``), so two windows never write over each other's attempts or exercises.

``load_exercises()`` never raises: a missing file is no exercises; a file that cannot be
read, or holds anything that cannot be kept (not JSON, another version, a bad entry), is
first set aside as ``exercises.json.bad-<timestamp>`` so that the next write cannot
overwrite it, and the good entries are kept.  If it cannot be moved, nothing is written
over it.  Every write is atomic.
"""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass, field, replace

from ..textfile import excerpt
from . import paths
from .jsonfile import MISSING, BadJsonFile, read_json, write_json
from .lock import FileLock

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path
    from typing import Any

    from .paths import StrPath

log = logging.getLogger("checkers.store")

EXERCISES_VERSION = 1
MAX_BYTES = 8 * 1024 * 1024      # a few hundred bytes an exercise
MAX_EXERCISES = 5000             # beyond this the oldest done exercises are dropped (never work to do)
SOLVED_TWICE = 2                 # an exercise solved this often is done (kept, no longer due)
SPACING = datetime.timedelta(days=1)          # a solve: due again this much later
RETRY_AFTER = datetime.timedelta(minutes=10)  # a failure: due again this much later
_TEXT_CAP = 200                  # the longest text an entry's field may hold
_KNOWN = ("id", "fen", "best", "also", "source", "played", "attempts", "solved", "added", "due")


def now_utc() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc)


def stamp(when: datetime.datetime) -> str:
    """A ``due`` time as the file keeps it: "2026-11-29T14:05:00Z"."""
    return when.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def moment(text: str) -> datetime.datetime | None:
    """The time a ``due`` field names (naive ones read as UTC); None for "" or a bad one."""
    if not text:
        return None
    try:
        when = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=datetime.timezone.utc)


@dataclass(frozen=True)
class StoredExercise:
    """One exercise as the file keeps it (strings and counts only)."""

    id: str
    fen: str                     # the position before the mistake
    best: str                    # the engine's best move, as PDN text ("11-15", "9x18x27")
    also: tuple[str, ...] = ()   # other moves that are not a mistake
    source: str = ""             # "Your game v Hard, 2026-11-25, move 14"
    played: str = ""             # the move played in the game
    attempts: int = 0
    solved: int = 0
    added: str = ""              # when it was added, "2026-11-25"
    due: str = ""                # when it is due next (``stamp``); "": at once
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)  # fields not ours, kept

    @property
    def done(self) -> bool:
        return self.solved >= SOLVED_TWICE

    def is_due(self, now: datetime.datetime | None = None) -> bool:
        """Not done, and its time has come."""
        if self.done:
            return False
        when = moment(self.due)
        return when is None or when <= (now or now_utc())

    def to_json(self) -> dict[str, Any]:
        return {**self.extra, "id": self.id, "fen": self.fen, "best": self.best, "also": list(self.also),
                "source": self.source, "played": self.played, "attempts": self.attempts,
                "solved": self.solved, "added": self.added, **({"due": self.due} if self.due else {})}


def exercises_path() -> Path:
    return paths.data_dir() / "exercises.json"


def _text(entry: dict[str, Any], key: str, required: bool = False) -> str:
    value = entry.get(key, "")
    if not isinstance(value, str) or len(value) > _TEXT_CAP or (required and not value.strip()):
        raise ValueError(f"bad {key} {excerpt(repr(value), 30)}")
    return value


def _count(entry: dict[str, Any], key: str) -> int:
    value = entry.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1_000_000:
        raise ValueError(f"bad {key} {excerpt(repr(value), 30)}")
    return value


def record_from_json(entry: object) -> StoredExercise:
    """One entry of the file; ValueError (one line) naming what is wrong."""
    if not isinstance(entry, dict):
        raise ValueError(f"an exercise is a JSON object, not {type(entry).__name__}")
    also = entry.get("also", [])
    if not isinstance(also, list) or len(also) > 60 or not all(isinstance(a, str) and len(a) <= 60 for a in also):
        raise ValueError(f"bad also {excerpt(repr(also), 30)}")
    due = _text(entry, "due")
    if due and moment(due) is None:
        raise ValueError(f"bad due {excerpt(repr(due), 30)}")
    return StoredExercise(_text(entry, "id", True), _text(entry, "fen", True), _text(entry, "best", True),
                          tuple(also), _text(entry, "source"), _text(entry, "played"),
                          _count(entry, "attempts"), _count(entry, "solved"), _text(entry, "added"), due,
                          {k: v for k, v in entry.items() if k not in _KNOWN})


@dataclass
class Loaded:
    """What ``load_exercises`` read: the exercises, one line per problem, and whether the
    file may be written (False when a bad file could not be set aside)."""

    exercises: list[StoredExercise]
    problems: list[str]
    writable: bool = True
    extra: dict[str, Any] = field(default_factory=dict)   # the file's top-level fields not ours, kept


@dataclass(frozen=True)
class Added:
    """What ``add_exercises`` did: how many were added, how many new ones were left out
    because the file is full of exercises still to do, whether the file was written (or
    needed no write), and why not (one line, for the screen)."""

    added: int = 0
    left_out: int = 0
    saved: bool = True
    why: str = ""


def _lock(path: StrPath) -> FileLock | None:
    lock = FileLock(path)
    try:
        lock.acquire()
    except OSError as e:
        log.warning("exercises: %s", e)
        return None
    return lock


def load_exercises(path: StrPath | None = None) -> Loaded:
    """The exercises in the file (oldest first).  Never raises; a file that loses anything on
    reading is set aside first (``problems`` says where)."""
    path = exercises_path() if path is None else path
    lock = _lock(path)   # a read-only folder: no lock, but no window can write either
    try:
        return _load(path)
    finally:
        if lock is not None:
            lock.release()


def _load(path: StrPath) -> Loaded:
    try:
        data = read_json(path, limit=MAX_BYTES, what="the exercises file")
    except BadJsonFile as e:
        return _after_bad(path, [], [str(e)])
    except Exception as e:  # never let this file stop the game
        return _after_bad(path, [], [f"the exercises file cannot be read ({excerpt(str(e), 80)})"])
    if data is MISSING:
        return Loaded([], [])
    if not isinstance(data, dict):
        return _after_bad(path, [], [f"the exercises file is not a JSON object but a {type(data).__name__}"])
    problems: list[str] = []
    if data.get("version") != EXERCISES_VERSION:
        problems.append(f"the exercises file is version {excerpt(repr(data.get('version')), 20)}, "
                        f"expected {EXERCISES_VERSION}")
    entries = data.get("exercises")
    if not isinstance(entries, list):
        return _after_bad(path, [], problems + ["the exercises file has no list of exercises"])
    out: list[StoredExercise] = []
    seen: set[str] = set()
    bad = 0
    for entry in entries[:MAX_EXERCISES * 2]:
        try:
            record = record_from_json(entry)
        except (ValueError, TypeError) as e:
            bad += 1
            if bad == 1:
                problems.append(f"an exercise was left out: {e}")
            continue
        if record.id in seen or record.fen in seen:
            continue  # a duplicate adds nothing
        seen.update((record.id, record.fen))
        out.append(record)
    if bad > 1:
        problems.append(f"{bad} exercises in all were left out")
    if len(entries) > MAX_EXERCISES * 2:
        problems.append(f"only the first {MAX_EXERCISES * 2} exercises were read")
    extra = {k: v for k, v in data.items() if k not in ("version", "exercises")}
    if problems:
        return _after_bad(path, out, problems, extra)
    return Loaded(out, [], extra=extra)


def _after_bad(path: StrPath, kept: list[StoredExercise], problems: list[str],
               extra: dict[str, Any] | None = None) -> Loaded:
    aside = paths.set_file_aside(path)
    line = "; ".join(problems)
    extra = extra or {}
    if aside is not None:
        problems = problems + [f"the old exercises file was set aside as {aside.name}"]
        log.warning("exercises: %s; set aside as %s", line, aside)
        if kept and not _write(kept, path, extra):  # what could be read stays: a new file beside the old
            problems.append("what could be read of it could not be written again (the disk refused)")
        return Loaded(kept, problems, extra=extra)
    log.warning("exercises: %s; it could not be set aside, so it is not written over", line)
    return Loaded(kept, problems + ["the exercises file could not be moved, so it is not written over"], False)


def save_exercises(records: Iterable[StoredExercise], path: StrPath | None = None,
                   extra: dict[str, Any] | None = None) -> bool:
    """Write every exercise atomically (over what the file held: ``add_exercises`` and
    ``record_attempt`` change it under its lock); False (and a warning) when the disk refuses."""
    path = exercises_path() if path is None else path
    lock = _lock(path)
    if lock is None:
        return False
    try:
        return _write(list(records), path, extra or {})
    finally:
        lock.release()


def _write(records: list[StoredExercise], path: StrPath, extra: dict[str, Any]) -> bool:
    records = _trimmed(records)
    return write_json(path, {**extra, "version": EXERCISES_VERSION, "exercises": [r.to_json() for r in records]},
                      what="exercises", ensure_ascii=False)


def _trimmed(records: list[StoredExercise]) -> list[StoredExercise]:
    """At most MAX_EXERCISES where done ones can go: the oldest done ones go first; exercises
    still to do are never dropped (``add_exercises`` adds none past the cap)."""
    extra = len(records) - MAX_EXERCISES
    if extra <= 0:
        return records
    drop = {id(r) for r in [r for r in records if r.done][:extra]}
    return [r for r in records if id(r) not in drop]


def accepted(record: StoredExercise) -> frozenset[str]:
    """The moves that solve an exercise: the engine's best and the others not a mistake."""
    return frozenset((record.best, *record.also))


def add_exercises(new: Iterable[StoredExercise], path: StrPath | None = None) -> Added:
    """Add exercises not already kept (by position); what was done.  Never raises.

    An exercise of a position already kept is not added again, but when it accepts more
    moves than the kept one (a fuller analysis: every move it accepted and more), the kept
    one takes its moves and keeps its own attempts, solves, source and date.  Past
    ``MAX_EXERCISES`` the oldest done exercises make room; when none is done, the new ones
    are left out (``left_out``), never work still to do.
    """
    path = exercises_path() if path is None else path
    lock = _lock(path)
    if lock is None:
        return Added(saved=False, why="the exercises file cannot be locked (a read-only folder?)")
    try:
        loaded = _load(path)
        if not loaded.writable:
            return Added(saved=False, why="the damaged exercises file could not be moved aside")
        kept = loaded.exercises
        where: dict[str, int] = {}
        for n, r in enumerate(kept):
            where.setdefault(r.fen, n)
            where.setdefault(r.id, n)
        room = MAX_EXERCISES - sum(1 for r in kept if not r.done)
        added = left_out = 0
        changed = False
        for record in new:
            i = where.get(record.fen, where.get(record.id))
            if i is not None:
                old = kept[i]
                if accepted(record) > accepted(old):
                    kept[i] = replace(old, best=record.best, also=record.also)
                    changed = True
                continue
            if room <= 0:
                left_out += 1
                continue
            room -= 1
            where[record.fen] = where[record.id] = len(kept)
            kept.append(record)
            added += 1
        if left_out:
            log.warning("exercises: %d new ones left out: %d still to do fill the file", left_out, MAX_EXERCISES)
        if not added and not changed:
            return Added(0, left_out)
        if not _write(kept, path, loaded.extra):
            return Added(0, left_out + added, False, "the disk refused the exercises file")
        return Added(added, left_out)
    except Exception as e:  # never a traceback for the screen
        log.warning("exercises not kept: %s", e)
        return Added(saved=False, why=f"the exercises could not be kept ({excerpt(str(e), 60)})")
    finally:
        lock.release()


def record_attempt(exercise_id: str, solved: bool, path: StrPath | None = None,
                   now: datetime.datetime | None = None) -> bool:
    """Count one attempt at an exercise (and a solve), and say when it is due next: a solve a
    day on (``SPACING``), a failure ``RETRY_AFTER`` on.  False when it is not kept or the file
    cannot be written.  Never raises."""
    path = exercises_path() if path is None else path
    now = now or now_utc()
    lock = _lock(path)
    if lock is None:
        return False
    try:
        loaded = _load(path)
        if not loaded.writable:
            return False
        for i, record in enumerate(loaded.exercises):
            if record.id == exercise_id:
                due = now + (SPACING if solved else RETRY_AFTER)
                loaded.exercises[i] = replace(record, attempts=record.attempts + 1,
                                              solved=record.solved + (1 if solved else 0), due=stamp(due))
                return _write(loaded.exercises, path, loaded.extra)
        return False
    except Exception as e:
        log.warning("exercise attempt not kept: %s", e)
        return False
    finally:
        lock.release()
