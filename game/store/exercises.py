"""The player's exercises (their own mistakes to find a better move for): ``exercises.json``
in the data folder.

The file is JSON: ``{"version": 1, "exercises": [{...}, ...]}``, each exercise a
position (FEN), the engine's best move, the other moves that are not a mistake, where it
came from, the move played, and how often it was tried and solved.  The store keeps only
these strings and counts; ``game.training.exercises`` turns them into puzzles.

``load_exercises()`` never raises: a missing file is no exercises; a file that cannot be
read, or holds anything that cannot be kept (not JSON, another version, a bad entry), is
first set aside as ``exercises.json.bad-<timestamp>`` so that the next write cannot
overwrite it, and the good entries are kept.  If it cannot be moved, nothing is written
over it.  Every write is atomic.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

from ..textfile import excerpt
from . import paths
from .jsonfile import MISSING, BadJsonFile, read_json, write_json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path
    from typing import Any

    from .paths import StrPath

log = logging.getLogger("checkers.store")

EXERCISES_VERSION = 1
MAX_BYTES = 8 * 1024 * 1024      # a few hundred bytes an exercise
MAX_EXERCISES = 5000             # beyond this the oldest done exercises are dropped
SOLVED_TWICE = 2                 # an exercise solved this often is done (kept, no longer due)
_TEXT_CAP = 200                  # the longest text an entry's field may hold


@dataclass(frozen=True)
class ExerciseRecord:
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

    @property
    def done(self) -> bool:
        return self.solved >= SOLVED_TWICE

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "fen": self.fen, "best": self.best, "also": list(self.also),
                "source": self.source, "played": self.played, "attempts": self.attempts,
                "solved": self.solved, "added": self.added}


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


def record_from_json(entry: object) -> ExerciseRecord:
    """One entry of the file; ValueError (one line) naming what is wrong."""
    if not isinstance(entry, dict):
        raise ValueError(f"an exercise is a JSON object, not {type(entry).__name__}")
    also = entry.get("also", [])
    if not isinstance(also, list) or len(also) > 60 or not all(isinstance(a, str) and len(a) <= 60 for a in also):
        raise ValueError(f"bad also {excerpt(repr(also), 30)}")
    return ExerciseRecord(_text(entry, "id", True), _text(entry, "fen", True), _text(entry, "best", True),
                          tuple(also), _text(entry, "source"), _text(entry, "played"),
                          _count(entry, "attempts"), _count(entry, "solved"), _text(entry, "added"))


@dataclass
class Loaded:
    """What ``load_exercises`` read: the exercises, one line per problem, and whether the
    file may be written (False when a bad file could not be set aside)."""

    exercises: list[ExerciseRecord]
    problems: list[str]
    writable: bool = True


def load_exercises(path: StrPath | None = None) -> Loaded:
    """The exercises in the file (oldest first).  Never raises; a file that loses anything on
    reading is set aside first (``problems`` says where)."""
    path = exercises_path() if path is None else path
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
    out: list[ExerciseRecord] = []
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
    if problems:
        return _after_bad(path, out, problems)
    return Loaded(out, [])


def _after_bad(path: StrPath, kept: list[ExerciseRecord], problems: list[str]) -> Loaded:
    aside = paths.keep_aside(path)
    line = "; ".join(problems)
    if aside is not None:
        problems = problems + [f"the old exercises file was set aside as {aside.name}"]
        log.warning("exercises: %s; set aside as %s", line, aside)
        if kept:
            save_exercises(kept, path)  # what could be read stays: a new file beside the set-aside one
        return Loaded(kept, problems)
    log.warning("exercises: %s; it could not be set aside, so it is not written over", line)
    return Loaded(kept, problems + ["the exercises file could not be moved, so it is not written over"], False)


def save_exercises(records: Iterable[ExerciseRecord], path: StrPath | None = None) -> bool:
    """Write every exercise atomically; False (and a warning) when the disk refuses."""
    path = exercises_path() if path is None else path
    records = _trimmed(list(records))
    return write_json(path, {"version": EXERCISES_VERSION, "exercises": [r.to_json() for r in records]},
                      what="exercises", ensure_ascii=False)


def _trimmed(records: list[ExerciseRecord]) -> list[ExerciseRecord]:
    """At most MAX_EXERCISES: the oldest done ones go first, then the oldest."""
    extra = len(records) - MAX_EXERCISES
    if extra <= 0:
        return records
    drop = {id(r) for r in [r for r in records if r.done][:extra]}
    records = [r for r in records if id(r) not in drop]
    return records[len(records) - MAX_EXERCISES:] if len(records) > MAX_EXERCISES else records


def accepted(record: ExerciseRecord) -> frozenset[str]:
    """The moves that solve an exercise: the engine's best and the others not a mistake."""
    return frozenset((record.best, *record.also))


def add_exercises(new: Iterable[ExerciseRecord], path: StrPath | None = None) -> int:
    """Add exercises not already kept (by position); how many were added.  Never raises.

    An exercise of a position already kept is not added again, but when it accepts more
    moves than the kept one (a fuller analysis: every move it accepted and more), the kept
    one takes its moves and keeps its own attempts, solves, source and date.
    """
    loaded = load_exercises(path)
    if not loaded.writable:
        return 0
    kept = loaded.exercises
    where: dict[str, int] = {}
    for n, r in enumerate(kept):
        where.setdefault(r.fen, n)
        where.setdefault(r.id, n)
    added: list[ExerciseRecord] = []
    changed = False
    for record in new:
        i = where.get(record.fen, where.get(record.id))
        if i is not None:
            old = kept[i]
            if accepted(record) > accepted(old):
                kept[i] = replace(old, best=record.best, also=record.also)
                changed = True
            continue
        where[record.fen] = where[record.id] = len(kept)
        kept.append(record)
        added.append(record)
    if not added and not changed:
        return 0
    return len(added) if save_exercises(kept, path) else 0


def record_attempt(exercise_id: str, solved: bool, path: StrPath | None = None) -> bool:
    """Count one attempt at an exercise (and a solve); False when it is not kept or the
    file cannot be written.  Never raises."""
    loaded = load_exercises(path)
    if not loaded.writable:
        return False
    for i, record in enumerate(loaded.exercises):
        if record.id == exercise_id:
            loaded.exercises[i] = replace(record, attempts=record.attempts + 1,
                                          solved=record.solved + (1 if solved else 0))
            return save_exercises(loaded.exercises, path)
    return False
