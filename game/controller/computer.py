"""The computer's turn: one search at a time in the engine process, polled, never waited on.

``start`` sends the position and returns; ``poll`` collects what has
arrived; ``move_now`` asks for the best move so far; ``cancel`` forgets the
search (its late answer is dropped by request id).  Anything that goes
wrong -- the engine cannot start, a send fails, the worker died and cannot
be restarted, the search answered without a move or with an illegal one,
"Move now" is never answered -- becomes ``failed`` (one line saying why):
the turn stops thinking and waits for ``retry()``.  Nothing here ever plays a
move the engine did not choose.
"""

from __future__ import annotations

import os
import time

from ..engine.levels import LEVELS, Level
from ..engine.process import Done, Info, Limit

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ..rules import Game, Move, Position

    Engine = Callable[[], Any]  # makes the engine client: an EngineClient, or a test double

# Seconds "Move now" may go unanswered before the engine is given up on: the
# worker answers a Stop at its next node, so only a hung worker takes this long.
STOP_GRACE = 15.0
# Seconds past its clock's budget a search is let run before it is told to move now: the levels
# that search to a depth whatever the time take no notice of the budget themselves.
BUDGET_GRACE = 0.2

_reniced: set[int] = set()


def _lower_priority(engine: object) -> None:
    """Let the window win the CPU over the search: on a busy machine frames stay smooth.

    The engine loses little (it mostly has a core of its own); a restarted
    worker has a new pid and is lowered again.
    """
    pid: int | None = getattr(engine, "pid", None)
    if not pid or pid in _reniced or not hasattr(os, "setpriority"):
        return
    _reniced.add(pid)
    try:
        os.setpriority(os.PRIO_PROCESS, pid, min(19, os.getpriority(os.PRIO_PROCESS, 0) + 5))
    except (OSError, AttributeError):
        pass


def limit_for(level: Level, book: bool = True, budget: float | None = None) -> Limit:
    """The engine Limit for a Level: the named levels by name (with their human mistakes and,
    for the levels that have one, the opening book unless ``book`` is off), custom ones by
    depth and time.  ``budget``: the seconds the computer's clock gives this move, which take the
    place of the level's own time (a level's depth still caps it: Beginner to Expert play as deep
    as they always do, only never longer than their clock allows)."""
    if level in LEVELS:
        if budget is not None:
            return Limit(level=level.name, book=book, time=budget)
        return Limit(level=level.name, book=book)
    return Limit(depth=level.depth, time=level.time if budget is None else budget)


def first_line(error: object) -> str:
    """One line for the player from an exception or an engine's error text."""
    text = error if isinstance(error, str) else str(error)
    line = (text.strip().splitlines() or [""])[0].strip()
    if not line and not isinstance(error, str):
        line = type(error).__name__
    return line[:200] or "unknown error"


class ComputerTurn:
    """The computer's search for one move.

    ``engine`` is a zero-argument callable returning the engine client (an
    ``EngineClient`` or a test double with ``go/poll/stop/cancel``); it is
    called only when a search starts, so a game without a computer never
    starts an engine process.  ``clock`` gives seconds (monotonic).
    """

    def __init__(self, engine: Engine, clock: Callable[[], float] = time.monotonic, book: bool = True) -> None:
        self._engine = engine
        self.book = book        # the strong levels may play from the opening book
        self._client: Any = None
        self.clock = clock
        self.request_id: int | None = None
        self.level: Level | None = None
        self.depth = 0
        self.score: int | None = None
        self.nodes = 0
        self.pv: tuple[Move, ...] = ()
        self.started = 0.0
        self.seconds = 0.0     # how long the last answered search took
        self.budget: float | None = None  # the seconds its clock gives this move (None: no clock)
        self.stopping = False
        self._stop_sent = 0.0
        self.failed: str | None = None  # why the engine gave no move; set until retry() or cancel()
        self.notice: str | None = None  # a damaged shipped file the engine plays without (Done.notice), until shown

    @property
    def thinking(self) -> bool:
        return self.request_id is not None

    def elapsed(self) -> float:
        """Seconds the search has taken so far (or took, once it answered)."""
        return self.clock() - self.started if self.thinking else self.seconds

    def _fail(self, why: object) -> str:
        self.request_id = None
        self.stopping = False
        self.failed = first_line(why)
        return self.failed

    def retry(self) -> None:
        """Forget a failure: the next ``start`` asks the engine again."""
        self.failed = None

    def start(self, game: Game, level: Level, budget: float | None = None) -> bool:
        """Ask for a move in ``game``'s position (``budget``: the seconds its clock gives it); False (and
        ``failed`` says why) if it cannot be sent."""
        self.cancel()
        self.level = level
        self.budget = budget
        self.depth, self.score, self.nodes, self.pv, self.seconds = 0, None, 0, (), 0.0
        self.started = self.clock()
        # Only positions since the last capture or man move can repeat.
        history = tuple(game.reversible_history()[:-1])
        try:
            client = self._engine()
            self._client = client
            self.request_id = client.go(game.position, history, limit_for(level, self.book, budget),
                                        draw_rule=game.draw_rule.name, quiet=game.quiet_plies)
        except Exception as e:  # no engine (too many open files, no fork, a closed client...)
            self._fail(e)
            return False
        if self.request_id is None:
            self._fail("the engine did not take the request")
            return False
        _lower_priority(client)
        return True

    def poll(self, position: Position) -> Move | None:
        """The engine's move for ``position`` once it is done (None until then, or on failure)."""
        if not self.thinking:
            return None
        if self.stopping and self.clock() - self._stop_sent > STOP_GRACE:
            self._fail(f"the engine did not answer Move now in {STOP_GRACE:g} s")
            return None
        if self.budget is not None and not self.stopping and self.elapsed() > self.budget + BUDGET_GRACE:
            self.move_now()  # its clock's share is spent: the best move so far
            if not self.thinking:
                return None
        try:
            messages = self._client.poll()
        except Exception as e:  # a dead worker that cannot be restarted
            self._fail(e)
            return None
        for msg in messages:
            if getattr(msg, "request_id", None) != self.request_id:
                continue  # a stale answer from a cancelled search
            if isinstance(msg, Info):
                self.depth, self.score, self.nodes = msg.depth, msg.score, msg.nodes
                self.pv = tuple(msg.pv)
            elif isinstance(msg, Done):
                self.seconds = self.clock() - self.started
                self.request_id = None
                self.notice = getattr(msg, "notice", None) or self.notice
                self.stopping = False
                if msg.move is None:
                    self._fail(f"the engine gave no move ({first_line(msg.error)})" if msg.error
                               else "the engine gave no move")
                    return None
                legal: list[Move] = list(position.legal_moves())
                if msg.move not in legal:
                    self._fail(f"the engine sent an illegal move ({msg.move})")
                    return None
                if msg.depth:
                    self.depth = msg.depth
                if msg.score is not None:
                    self.score = msg.score
                self.nodes = msg.nodes or self.nodes
                return legal[legal.index(msg.move)]
        return None

    def move_now(self) -> None:
        """Ask the search under way for its best move so far (answered through ``poll``)."""
        if not self.thinking or self.stopping:
            return
        self.stopping = True
        self._stop_sent = self.clock()
        try:
            self._client.stop()
        except Exception as e:
            self._fail(e)

    def cancel(self) -> None:
        """Forget the search under way and any failure: the position is changing, so try again."""
        self.failed = None
        self.stopping = False
        if self.thinking:
            self.request_id = None
            try:
                self._client.cancel()
            except Exception:
                pass  # the next start() says what is wrong
