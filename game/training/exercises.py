"""Exercises made of the player's own mistakes: the position before a mistake or blunder of
theirs in an analysed game, to find a better move.

An exercise is a ``Puzzle`` of theme ``MISTAKE``, goal "find a better move", whose line is
the engine's best move and whose ``also`` holds the other moves that are no worse than an
inaccuracy (``analysis.grading``): any of them solves it.  Exercises come from every
analysed game with a person playing: ``ExerciseMaker`` scores the other moves of each
mistake's position in the report's engine process (polled once a frame, never blocking),
then adds the exercises to the store (deduplicated by position).  An exercise is due until
it has been solved twice; it stays in the file after that.

    maker = ExerciseMaker(report, humans, label, client)
    while not maker.done:
        maker.poll()               # once a frame
    maker.save()                   # into the store's exercises file
"""

from __future__ import annotations

import datetime
import hashlib
import logging

from ..analysis.client import cancel_quietly
from ..analysis.forced import play_forced
from ..analysis.grading import BLUNDER, INACCURACY, KINDS, MISTAKE, grade
from ..analysis.history import engine_history
from ..analysis.report import final_verdict
from ..analysis.runner import REPORT_DEPTH, REPORT_NODES
from ..engine.process import Done, Info, Limit
from ..notation.pdn import MoveTextError, find_move
from ..rules import WHITE, Position
from ..rules.errors import NotationError, RulesError
from ..store.exercises import Added, StoredExercise, add_exercises, load_exercises, record_attempt
from .puzzle import MISTAKE as MISTAKE_THEME
from .puzzle import Puzzle, PuzzleError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Container
    from typing import Any

log = logging.getLogger("checkers.training")

GOAL = "find a better move"
# the player's moves made into exercises; "not a mistake" is anything up to an inaccuracy
FROM_KINDS = (MISTAKE, BLUNDER)
NOT_A_MISTAKE = KINDS[:KINDS.index(INACCURACY) + 1]
MAX_PER_GAME = 20    # a game's exercises at most (a game thrown away is not twenty lessons)


def exercise_id(position: Position) -> str:
    """An exercise's id: its position's digest, so the same position is the same exercise."""
    return "mistake-" + hashlib.sha1(position.fen().encode()).hexdigest()[:12]


def move_number(ply: int, start_turn: int) -> int:
    """The number of the game's move at ``ply`` (0-based) as the move list writes it."""
    return (ply + (1 if start_turn == WHITE else 0)) // 2 + 1


def player_moves(report: object, humans: set[int] | frozenset[int]) -> list:
    """The report's moves (``MoveReport``) by the player's sides that are mistakes or blunders."""
    return [m for m in getattr(report, "moves", ()) if m.colour in humans and m.kind in FROM_KINDS
            and m.best is not None and m.best != m.move][:MAX_PER_GAME]


def exercises_from_report(report: object, humans: set[int] | frozenset[int], label: str,
                          also: dict[int, tuple] | None = None,
                          plies: Container[int] | None = None) -> list[Puzzle]:
    """The exercises of a game report: one per mistake or blunder of the sides in ``humans``.

    ``label`` says which game ("Your game v Hard, 2026-11-25"); each exercise's source adds
    the move ("…, move 14").  ``also[ply]`` are the other moves at that ply that are not a
    mistake (``ExerciseMaker`` finds them); without it only the engine's move solves.
    ``plies``, when given, keeps only the mistakes at those plies (those whose other moves
    were all scored).
    """
    also = also or {}
    start = getattr(report, "start", None)
    out: list[Puzzle] = []
    seen: set[Position] = set()
    if start is None:
        return out
    positions = [start]
    for m in getattr(report, "moves", ()):
        positions.append(positions[-1].play(m.move))
    for m in player_moves(report, humans):
        if plies is not None and m.ply not in plies:
            continue
        position = positions[m.ply]
        if position in seen:
            continue
        seen.add(position)
        others = tuple(x for x in also.get(m.ply, ()) if x != m.best and x != m.move)
        number = move_number(m.ply, start.turn)
        source = f"{label}, move {number}" if label else f"Move {number}"
        try:
            out.append(Puzzle(exercise_id(position), position, (m.best,), MISTAKE_THEME, GOAL,
                              source=source, also=others))
        except PuzzleError as e:
            log.warning("exercise left out: %s", e)
    return out


def humans_of(players: dict | None = None, tags: dict | None = None) -> frozenset[int]:
    """The sides a person played: from ``players`` ({colour: Level or None}, None a person) when
    given, else from PDN tags (``store.gamefile.is_person``: a side typed "human"; in older files one named
    "Human" with no level).  Empty for a game of others (an imported collection): it makes no exercises."""
    from ..store.gamefile import is_person

    if players:
        return frozenset(c for c, level in players.items() if level is None and c in (0, 1))
    tags = tags or {}
    out = set()
    for colour, name in ((0, "Black"), (1, "White")):
        if is_person(tags, name):
            out.add(colour)
    return frozenset(out)


def game_label(players: dict | None = None, tags: dict | None = None) -> str:
    """"Your game v Hard, 2026-11-25" (or "Your game, …" between two people)."""
    tags = tags or {}
    levels = []
    if players:
        levels = [getattr(level, "name", str(level)) for level in players.values() if level is not None]
    else:
        levels = [tags[k].strip() for k in ("BlackLevel", "WhiteLevel") if (tags.get(k) or "").strip()]
    label = f"Your game v {levels[0]}" if levels else "Your game"
    date = (tags.get("Date") or "").strip()
    parts = date.split(".")
    if len(parts) == 3 and all(p.isdigit() for p in parts):
        label += f", {parts[0]}-{parts[1]}-{parts[2]}"
    return label


class ExerciseMaker:
    """Find, in an engine process, which other moves of each mistake's position are not a
    mistake, then make the exercises.  Polled once a frame like ``GameAnalysis``; each move
    gets the report's own node budget.  An engine that fails, or ``cancel()``, ends the search
    early: only the positions whose other moves were all scored become exercises then (one
    with a move never scored would refuse that move, maybe a good one); the rest are left
    for a later analysis of the game.
    """

    def __init__(self, report: object, humans: set[int] | frozenset[int], label: str, client: Any,
                 nodes: int | None = None) -> None:
        self.report = report
        self.humans = frozenset(humans)
        self.label = label
        self.client = client
        self.nodes = REPORT_NODES if nodes is None else nodes
        self.also: dict[int, list] = {}
        self._unscored: dict[int, int] = {}   # ply -> its other moves not scored yet
        self._jobs: list[tuple[int, object, Position, tuple, object]] = []
        start = getattr(report, "start", None)
        moves = [m.move for m in getattr(report, "moves", ())]
        positions = [start] if start is not None else []
        for move in moves if start is not None else ():
            positions.append(positions[-1].play(move))
        for m in player_moves(report, self.humans):
            self.also[m.ply] = []
            self._unscored[m.ply] = 0
            before = positions[:m.ply + 1]
            for x in positions[m.ply].legal_moves():
                if x == m.best or x == m.move:
                    continue
                after = positions[m.ply].play(x)
                history = engine_history(before + [after], moves[:m.ply] + [x])
                self._jobs.append((m.ply, x, after, history, m))
                self._unscored[m.ply] += 1
        self.total = len(self._jobs)
        self._current: tuple | None = None
        self.error: str | None = None

    @property
    def done(self) -> bool:
        return self.error is not None or (not self._jobs and self._current is None)

    @property
    def progress(self) -> float:
        return 1.0 if not self.total else 1 - (len(self._jobs) + (self._current is not None)) / self.total

    def _judge(self, job: tuple, score: int) -> None:
        ply, move, _after, _history, m = job
        if grade(m.best_score, score).kind in NOT_A_MISTAKE:
            self.also[ply].append(move)
        self._unscored[ply] -= 1

    def _start_next(self) -> None:
        while self._jobs:
            job = self._jobs.pop(0)
            _ply, _move, after, history, _m = job
            forced = play_forced(after, history)
            final = final_verdict(forced.position)
            if final is not None:
                self._judge(job, -forced.through(final.score)[0])
                continue
            rid = self.client.go(forced.position, forced.history,
                                 Limit(depth=REPORT_DEPTH, nodes=self.nodes))
            self._current = (job, rid, None, forced)
            return
        self._current = None

    def poll(self) -> float:
        """Collect the engine's answers and start the next move; the progress (0-1).  Never raises."""
        if self.done:
            return self.progress
        try:
            if self._current is None:
                self._start_next()
                return self.progress
            for msg in self.client.poll():
                job, rid, last, forced = self._current
                if getattr(msg, "request_id", None) != rid:
                    continue
                if isinstance(msg, Info):
                    self._current = (job, rid, msg, forced)
                elif isinstance(msg, Done):
                    if msg.move is None:
                        self.error = (msg.error or "the engine found no move").splitlines()[0]
                        self._current = None
                        return self.progress
                    score = msg.score if msg.score is not None else (last.score if last is not None else 0)
                    self._judge(job, -forced.through(score)[0])
                    self._start_next()
                    break
        except Exception as e:  # a dead engine: keep what was found
            self.error = f"the engine stopped answering ({e})"
            self._current = None
        return self.progress

    def cancel(self) -> None:
        if self._current is not None:
            cancel_quietly(self.client)
        self._current = None
        self._jobs = []

    def scored(self) -> set[int]:
        """The plies of the mistakes whose other moves have all been scored."""
        return {ply for ply, left in self._unscored.items() if left == 0}

    def exercises(self) -> list[Puzzle]:
        """The exercises of the mistakes whose other moves were all scored (all of them once
        ``done`` without an error; fewer after ``cancel()`` or an engine error)."""
        return exercises_from_report(self.report, self.humans, self.label,
                                     {ply: tuple(moves) for ply, moves in self.also.items()},
                                     self.scored())

    def save(self) -> Added:
        """Add the exercises to the store's file (those of positions not fully scored are left
        out); what was done (``Added``: how many were new, how many left out).  Never raises."""
        return add_to_store(self.exercises())


# -- the store ------------------------------------------------------------------------

def _record_of(puzzle: Puzzle) -> StoredExercise:
    return StoredExercise(puzzle.id, puzzle.position.fen(), str(puzzle.line[0]),
                          tuple(str(m) for m in puzzle.also), puzzle.source[:200],
                          added=datetime.date.today().isoformat())


def add_to_store(puzzles: list[Puzzle]) -> Added:
    """Keep ``puzzles`` as exercises; what was done (``Added``).  One of a position already
    kept is not added again, but gives it its moves when it accepts more.  Never raises."""
    try:
        return add_exercises([_record_of(p) for p in puzzles])
    except Exception as e:
        log.warning("exercises not kept: %s", e)
        return Added(0, len(puzzles), False, f"the exercises could not be kept ({type(e).__name__})")


def added_words(result: Added) -> str:
    """What a screen says of an ``Added``: "" when every new exercise was kept."""
    if not result.saved:
        return f"Your new exercises were not saved: {result.why or 'the disk refused'}"
    if result.left_out:
        from ..store import exercises as store

        n = result.left_out
        return (f"{n} new exercise{'s were' if n != 1 else ' was'} not kept: "
                f"{store.MAX_EXERCISES:,} exercises wait to be solved; practise some first")
    return ""


def puzzle_of(record: StoredExercise) -> Puzzle:
    """The puzzle of a stored exercise; PuzzleError when the file's entry is not usable."""
    ident = record.id
    try:
        position = Position.from_fen(record.fen)
        best = find_move(position, record.best)
        also = tuple(find_move(position, text) for text in record.also)
    except (MoveTextError, NotationError, RulesError, ValueError) as e:
        raise PuzzleError(f"exercise {ident!r}: {e}") from None
    return Puzzle(ident, position, (best,), MISTAKE_THEME, GOAL, source=record.source,
                  also=tuple(m for m in also if m != best))


def _usable(records: list[StoredExercise], done: bool | None = None) -> list[Puzzle]:
    """The puzzles of the entries ``puzzle_of`` can make (those with ``done`` as given, or all
    when None); an entry it cannot make is left out, with a warning."""
    out = []
    for record in records:
        if done is not None and record.done != done:
            continue
        try:
            out.append(puzzle_of(record))
        except PuzzleError as e:
            log.warning("%s", e)
    return out


def due_exercises(now: datetime.datetime | None = None) -> list[Puzzle]:
    """The exercises due now (not solved twice, their time come: see ``store.exercises``),
    oldest first; [] when there are none or the file cannot be used.  Never raises.  The one
    count of exercises due, wherever a screen shows it, is the length of this list."""
    try:
        records = load_exercises().exercises
    except Exception as e:
        log.warning("exercises cannot be read: %s", e)
        return []
    return _usable([r for r in records if r.is_due(now)])


def nothing_due_words(now: datetime.datetime | None = None) -> str:
    """What the Practise screen says when no exercise is due: to a new player how exercises are
    made, otherwise when the next one is due, or that every one is done.  Never raises."""
    try:
        records = load_exercises().exercises
    except Exception:
        records = []
    if not records:
        return ("You have no exercises yet. Play a game, then open its report (Game report in the "
                "review): each of your mistakes becomes an exercise here.")
    waiting = [r for r in records if not r.done]
    if not waiting:
        return (f"All {len(records)} of your exercises are solved twice: well done. "
                "A report of your next game makes new ones.")
    now = now or datetime.datetime.now(datetime.timezone.utc)
    soonest = min(_due_at(r, now) for r in waiting)
    return (f"Nothing is due now: your next exercise is due {_when(soonest - now)}. "
            "A solved exercise comes back a day later.")


def nothing_due_note(now: datetime.datetime | None = None) -> str:
    """``nothing_due_words`` in one short line, for a note under a button (the Training page): how
    exercises are made to a player with none, else when the next is due, or that all are solved.
    Never raises."""
    try:
        records = load_exercises().exercises
    except Exception:
        return "None due"
    waiting = [r for r in records if not r.done]
    if not records:
        return "None due: a game report makes them from your mistakes"
    if not waiting:
        return f"None due: all {len(records)} solved twice"
    now = now or datetime.datetime.now(datetime.timezone.utc)
    return f"None due now: the next {_when(min(_due_at(r, now) for r in waiting) - now)}"


def _due_at(record: StoredExercise, now: datetime.datetime) -> datetime.datetime:
    from ..store.exercises import moment

    return moment(record.due) or now


def _when(delta: datetime.timedelta) -> str:
    minutes = max(1, round(delta.total_seconds() / 60))
    if minutes < 60:
        return f"in {minutes} minute{'s' if minutes != 1 else ''}"
    hours = round(minutes / 60)
    if hours < 36:
        return f"in about {hours} hour{'s' if hours != 1 else ''}"
    return f"in {round(hours / 24)} days"


def record_exercise(puzzle_id: str, solved: bool) -> bool:
    """One attempt at an exercise: a solve makes it due a day later, solved twice it is done
    (kept, no longer due); a failure brings it back soon.  False when the attempt was not
    kept (the screen says so).  Never raises."""
    try:
        return record_attempt(puzzle_id, bool(solved))
    except Exception as e:
        log.warning("exercise attempt not kept: %s", e)
        return False


def exercise_counts(now: datetime.datetime | None = None) -> tuple[int, int]:
    """(due, done): how many exercises are due now, as ``due_exercises`` counts them (so "due"
    is what Practise will show), and how many are solved twice.  Never raises."""
    try:
        records = load_exercises().exercises
    except Exception:
        return 0, 0
    due = _usable([r for r in records if r.is_due(now)])
    return len(due), len(_usable(records, done=True))
