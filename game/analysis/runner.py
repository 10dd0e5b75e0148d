"""Analysing a whole game in the engine's process, one position at a time, never blocking.

``GameAnalysis`` sends the positions to an engine client (``game.engine.process.
EngineClient`` or anything with ``go``/``poll``/``cancel``) and is polled once a
frame: ``poll()`` collects what has arrived, starts the next position and
returns the progress (0-1).  Positions are analysed from the last to the first:
the engine keeps its tables between requests, so what it learned about the
ending helps it judge the moves that led there.

    analysis = GameAnalysis(game.start, game.moves, client)
    while not analysis.done:
        analysis.poll()          # once per frame
    report = analysis.report()

The report reads the game's own endgame database and opening book unless told
otherwise (``probe=``, ``book=``: another lookup, or None for none).

A report is a document: the same game on the same machine gets the same marks.
So each position gets a fixed budget of search nodes (``REPORT_NODES``), never
a time: a time limit stops at a depth that depends on the machine's load, and
the marks with it.  The engine is a new process for each report, so its tables
start empty and fill in the same order every time.  (``seconds=`` asks for a
time a position instead, for tools that want it.)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence

from ..engine.process import Done, Info, Limit
from ..rules import Move, Position
from .client import AnalysisEngine, cancel_quietly
from .explain import Probe
from .forced import Forced, play_forced, plies_back
from .history import engine_history
from .report import Check, GameReport, Verdict, build_report, final_verdict

Book = Callable[[Position], Iterable[Move]]  # the opening book: a position's book moves
Job = tuple[str, int]  # ("pass", i) the position before move i; ("best", i) / ("played", i) a second look

# Search nodes a position: the engine deepens until a completed depth has searched this many.
# The one figure to raise when the engine gets faster (docs/measurements.md has what it costs).
REPORT_NODES = 40_000
REPORT_DEPTH = 40       # a ceiling only a tiny tree reaches within the budget (a few pieces left)


CHECK_FACTOR = 2        # a doubtful move's second look gets this many times the budget
CHECK_FROM = 0.12       # expected result lost (see grading) from which a move is looked at again
PASS_SHARE = 0.85       # of the progress bar: the first pass; the second looks take the rest

SHIPPED = "shipped"     # probe= / book=: the game's own endgame database / opening book


def shipped_probe() -> Probe:
    """The endgame database's lookup (Position -> 1/0/-1/None; None outside it or without its file)."""
    from ..engine.endgame import probe

    return probe


def shipped_book() -> Book:
    """The opening book's moves of a position (a list; empty outside the book or without its file)."""
    from ..engine.book import book_moves

    return lambda position: [m for m, _ in book_moves(position)]


class GameAnalysis:
    def __init__(self, start: Position, moves: Iterable[Move], client: AnalysisEngine, seconds: float | None = None,
                 probe: Probe | str | None = SHIPPED, book: Book | str | None = SHIPPED,
                 names: Sequence[str] | None = None, nodes: int | None = None) -> None:
        self.start = start
        self.moves = tuple(moves)
        self.client = client
        self.seconds = seconds   # a time a position instead of the node budget (tools only)
        self.nodes = nodes if nodes is not None else REPORT_NODES  # (read now: a tool may set it)
        # endgame database lookup (Position -> 1/0/-1/None) and opening book lookup (Position -> moves):
        # the shipped ones by default, None for none
        self.probe: Probe | None = shipped_probe() if probe == SHIPPED or isinstance(probe, str) else probe
        self.book: Book | None = shipped_book() if book == SHIPPED or isinstance(book, str) else book
        self.names = names       # what the sides are called in explanations (the rules' by default)
        self.positions = [start]
        for m in self.moves:
            self.positions.append(self.positions[-1].play(m))
        self.verdicts: list[Verdict | None] = [None] * len(self.positions)
        self.checks: dict[int, Check] = {}  # move index -> Check
        # jobs: ("pass", i) the position before move i; ("best", i) / ("played", i) a second look
        self._jobs: list[Job] = [("pass", i) for i in range(len(self.positions) - 1, -1, -1)]
        self._checks_planned: int | None = None
        self._looks: dict[Job, tuple[int, tuple[Move, ...]]] = {}  # the second looks' (score, pv)
        # (job, request id, last Info, the forced moves before the position searched)
        self._current: tuple[Job, int, Info | None, Forced | None] | None = None
        self.error: str | None = None
        self.cancelled = False
        self.started: float | None = None

    # -- progress -------------------------------------------------------------

    @property
    def total(self) -> int:
        return len(self.positions)

    @property
    def finished(self) -> int:
        return sum(v is not None for v in self.verdicts)

    @property
    def progress(self) -> float:
        first = self.finished / self.total if self.total else 1.0
        if self._checks_planned is None:
            return PASS_SHARE * first
        if not self._checks_planned:
            return 1.0
        return PASS_SHARE + (1 - PASS_SHARE) * len(self._looks) / (2 * self._checks_planned)

    @property
    def done(self) -> bool:
        return (self.cancelled or self.error is not None
                or (self._checks_planned is not None and not self._jobs and self._current is None))

    # -- driving ----------------------------------------------------------------

    def _history(self, i: int) -> tuple[Position, ...]:
        """The earlier positions the engine sees with position ``i`` (see ``engine_history``)."""
        return engine_history(self.positions[:i + 1], self.moves[:i])

    def _verdict(self, i: int) -> Verdict:
        """Position ``i``'s verdict, which the first pass has made by the time it is asked for."""
        verdict = self.verdicts[i]
        if verdict is None:
            raise RuntimeError(f"position {i} is not analysed yet")
        return verdict

    def _plan_checks(self) -> None:
        """After the first pass: the moves that look like mistakes get a second, longer look."""
        from .grading import grade

        planned = 0
        for i, move in enumerate(self.moves):
            before, after = self._verdict(i), self._verdict(i + 1)
            if before.best is None or move == before.best or before.source != "search":
                continue
            if grade(before.score, -after.score).loss >= CHECK_FROM:
                self._jobs += [("best", i), ("played", i)]
                planned += 1
        self._checks_planned = planned

    def _position_of(self, job: Job) -> tuple[Position, tuple[Position, ...], Forced | None]:
        """(position searched, its history, a Forced or None): a second look plays the forced
        moves first (see ``forced``), so that it is a real search."""
        kind, i = job
        if kind == "pass":
            return self.positions[i], self._history(i), None
        if kind == "best":
            best = self._verdict(i).best
            if best is None:
                raise RuntimeError(f"no best move at position {i} to look at again")
            line = self.positions[:i + 1] + [self.positions[i].play(best)]
            history = engine_history(line, self.moves[:i] + (best,))
        else:
            line, history = self.positions[:i + 2], self._history(i + 1)
        forced = play_forced(line[-1], history)
        return forced.position, forced.history, forced

    def _next(self) -> None:
        while True:
            if not self._jobs:
                if self._checks_planned is None:
                    self._plan_checks()
                    if self._jobs:
                        continue
                self._current = None
                return
            job = self._jobs.pop(0)
            kind, i = job
            pos, history, forced = self._position_of(job)
            if kind == "pass":
                final = final_verdict(pos)
                if final is not None:
                    self.verdicts[i] = final
                    continue
                legal = pos.legal_moves()
                nxt = self.verdicts[i + 1] if i + 1 < len(self.verdicts) else None
                if len(legal) == 1 and nxt is not None:
                    # a forced move: its score is the reply's, already known (positions go backwards)
                    self.verdicts[i] = Verdict(plies_back(nxt.score, 1), legal[0], (legal[0],) + tuple(nxt.pv),
                                               nxt.depth, "forced")
                    continue
            elif (final := final_verdict(pos)) is not None and forced is not None:
                self._looks[job] = forced.through(final.score)
                self._finish_check(i)
                continue
            rid = self.client.go(pos, history, self._limit(1 if kind == "pass" else CHECK_FACTOR))
            self._current = (job, rid, None, forced)
            return

    def _limit(self, factor: int) -> Limit:
        if self.seconds is not None:
            return Limit(time=self.seconds * factor)
        return Limit(depth=REPORT_DEPTH, nodes=self.nodes * factor)

    def _finish_check(self, i: int) -> None:
        if ("best", i) in self._looks and ("played", i) in self._looks:
            best_score, best_pv = self._looks[("best", i)]
            played_score, played_pv = self._looks[("played", i)]
            best = self._verdict(i).best
            self.checks[i] = Check(-best_score, -played_score, ((best,) if best is not None else ()) + tuple(best_pv),
                                   tuple(played_pv))

    def poll(self) -> float:
        """Collect the engine's answers and keep it busy; returns the progress (0-1)."""
        if self.done:
            return self.progress
        if self.started is None:
            self.started = time.perf_counter()
        if self._current is None:
            try:
                self._next()
            except Exception as e:  # no engine: say so, the game stays as it is
                self.error = f"the engine could not be started ({e})"
            return self.progress
        try:
            messages = self.client.poll()
        except Exception as e:
            self.error = f"the engine stopped answering ({e})"
            return self.progress
        for msg in messages:
            if self._current is None or getattr(msg, "request_id", None) != self._current[1]:
                continue
            job, rid, last, forced = self._current
            if isinstance(msg, Info):
                self._current = (job, rid, msg, forced)
            elif isinstance(msg, Done):
                if msg.move is None:
                    self.error = msg.error.splitlines()[0] if msg.error else "the engine found no move"
                    self._current = None
                    return self.progress
                pv = tuple(last.pv) if last is not None and last.pv and last.pv[0] == msg.move else (msg.move,)
                score = msg.score if msg.score is not None else (last.score if last is not None else 0)
                kind, i = job
                if kind == "pass":
                    self.verdicts[i] = Verdict(score, msg.move, pv, msg.depth)
                elif forced is not None:
                    self._looks[job] = forced.through(score, pv)
                    self._finish_check(i)
                try:
                    self._next()
                except Exception as e:
                    self.error = f"the engine could not be reached ({e})"
                break
        return self.progress

    def cancel(self) -> None:
        """Stop analysing (the verdicts so far stay); the engine is freed at once."""
        if self._current is not None:
            cancel_quietly(self.client)
        self._current = None
        self.cancelled = True

    def seconds_used(self) -> float:
        return time.perf_counter() - self.started if self.started is not None else 0.0

    def report(self) -> GameReport | None:
        """The game report once every position is analysed (None before)."""
        verdicts = [v for v in self.verdicts if v is not None]
        if len(verdicts) != len(self.verdicts):
            return None
        if self.book is not None:
            verdicts = _with_book(self.positions, self.moves, verdicts, self.book)
        return build_report(self.start, self.moves, verdicts, probe=self.probe, checks=self.checks, names=self.names)


def _with_book(positions: Sequence[Position], moves: Sequence[Move], verdicts: Sequence[Verdict],
               book: Book) -> list[Verdict]:
    """A book move is never graded below best: the book's verdict is deeper than a short search."""
    out = list(verdicts)
    for i, move in enumerate(moves):
        try:
            known = set(book(positions[i]) or ())
        except Exception:
            known = set()
        if move in known and out[i].best != move:
            v = out[i]
            out[i] = Verdict(max(v.score, -out[i + 1].score), move, (move,) + tuple(out[i + 1].pv), v.depth, "book")
    return out


def analyse(start: Position, moves: Iterable[Move], client: AnalysisEngine, seconds: float | None = None,
            probe: Probe | str | None = SHIPPED, book: Book | str | None = SHIPPED, poll_every: float = 0.01,
            timeout: float | None = None, nodes: int | None = None) -> tuple[GameReport | None, float]:
    """Analyse a game to the end, blocking (tools and tests); returns (report, seconds taken).
    ``timeout`` (seconds; default a generous one) ends a run that hangs with a TimeoutError."""
    analysis = GameAnalysis(start, moves, client, seconds, probe, book, nodes=nodes)
    t0 = time.perf_counter()
    limit = timeout if timeout is not None else 60 + 10 * (seconds or 1.0) * analysis.total
    while not analysis.done:
        analysis.poll()
        if time.perf_counter() - t0 > limit:
            analysis.cancel()
            raise TimeoutError(f"analysis did not finish in {limit:.0f} s")
        time.sleep(poll_every)
    if analysis.error:
        raise RuntimeError(analysis.error)
    return analysis.report(), time.perf_counter() - t0
