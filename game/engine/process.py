"""The engine in its own process, so the pygame UI never waits on a search.

The protocol follows python-chess's engine wrappers and Scan's Hub protocol:
the client sends ``Go`` (search this position under this limit), the worker
answers with any number of ``Info`` and then exactly one ``Done`` for that
request; ``Stop`` means "move now" and is *always* answered by a ``Done``
(that of the search it stopped, sent once more after the search has ended,
or a ``Done`` with ``move=None`` for an id the worker never saw), so a
client that sends ``Stop`` can wait for the ``Done`` without special cases.

Every message carries the request id of the ``Go`` it belongs to.  The client
numbers its requests and drops any answer whose id is not the current one:
after an undo, a new game or ``cancel()``, late answers of an old search are
harmless.

The worker is started with the "spawn" method: forking a process that has
started SDL (and its threads) is undefined behaviour.  It is a daemon, it
ignores SIGINT (Ctrl+C in the terminal reaches the whole process group; the
client decides when the worker ends), and it exits when its pipe closes, so
it cannot outlive the game even if the parent is killed.

    with EngineClient() as engine:
        rid = engine.go(position, history, Limit(level="Expert"))
        ...
        for msg in engine.poll():          # once per frame, never blocks
            if isinstance(msg, Done): play(msg.move)
"""

from __future__ import annotations

import dataclasses
import itertools
import multiprocessing
import os
import signal
import struct
import sys
import threading
import time
import traceback
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from multiprocessing.reduction import ForkingPickler
from typing import TYPE_CHECKING, Any, Literal, Optional

from ..rules import Move, Position, draw_rule_named
from ..spawn import start_without_interrupt

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    from .search import Searcher, SearchInfo

__all__ = ["BACKGROUND_NICENESS", "Done", "EngineClient", "EngineError", "Go", "Info", "Limit", "Quit", "Stop",
           "close_quietly"]


# -- messages ------------------------------------------------------------------
#
# Small frozen dataclasses: they pickle cheaply and compare by value (tests).
# Position and Move pickle through their own __reduce__.

@dataclass(frozen=True)
class Limit:
    """How long to search: a fixed ``depth`` (plies), a ``time`` in seconds,
    both (whichever ends first), or a ``level`` name from ``game.engine.LEVELS``
    (the level decides depth, time and how human its mistakes are; a ``time``
    given with a ``level`` replaces the level's own: a game clock's share).
    No limit at all deepens until ``Stop`` (analysis mode).

    ``nodes``: deepen until a completed depth has searched this many nodes
    (with ``depth`` or ``time`` too, whichever ends first).  It does not
    depend on the machine's speed or load: the same request to a new engine
    gives the same answer (the game report's marks).

    ``book``: the levels of ``book.BOOK_LEVELS`` (Expert, Master) play a
    move of the opening book when the position is in it (the setting and
    command-line switch that turn the book off pass ``book=False``).  Only
    with a ``level``: a plain depth or time limit always searches."""

    depth: Optional[int] = None
    time: Optional[float] = None
    level: Optional[str] = None
    book: bool = True
    nodes: Optional[int] = None


@dataclass(frozen=True)
class Go:
    """Search ``position``; ``history`` as in Searcher.search; ``draw_rule``
    (a name of ``rules.DRAW_RULES``) and ``quiet`` (its count of plies
    without progress now; None: counted from ``history``) say how near the
    no-progress draw the game is."""

    request_id: int
    position: Position
    history: tuple = ()
    limit: Limit = Limit()
    draw_rule: str = "official"
    quiet: Optional[int] = None


@dataclass(frozen=True)
class Info:
    request_id: int
    depth: int
    score: Any
    pv: tuple
    nodes: int
    seconds: float


@dataclass(frozen=True)
class Done:
    """The answer to one ``Go``.  ``move`` is None only when there was nothing
    to search (no legal move, an id the worker never saw) or the search
    failed (then ``error`` says why: the client shows it and may retry; an
    error is never papered over with some legal move).  ``from_book``: the
    move came from the opening book (``depth`` and ``nodes`` are then 0)."""

    request_id: int
    move: Optional[Move]
    score: Any = None
    depth: int = 0
    nodes: int = 0
    error: Optional[str] = None
    from_book: bool = False
    # a shipped file found damaged during this search (one line, each file
    # once: see shipped.report); the game plays on without it
    notice: Optional[str] = None


@dataclass(frozen=True)
class Stop:
    request_id: int


@dataclass(frozen=True)
class Quit:
    """Asks the worker to leave.  Closing the pipe does the same, and is what
    EngineClient does; a driver of the protocol that keeps the pipe may send this."""


class EngineError(RuntimeError):
    pass


# -- the worker process ----------------------------------------------------------

class _Worker:
    """Runs in the child: the main thread reads the pipe, a thread searches.

    Reading the pipe in its own thread is what makes Stop prompt: the search
    only has to look at a threading.Event between nodes.  (recv() releases the
    GIL while it waits, so the search runs at full speed meanwhile.)
    """

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.send_lock = threading.Lock()
        # (Go, stop Event, Thread) of the running search
        self.current: tuple[Go, threading.Event, threading.Thread] | None = None
        self.last_done: Done | None = None      # the Done of the last finished request, sent again on a late Stop
        self.searcher: Searcher | None = None       # kept across requests: its tables carry over from move to move

    def send(self, msg: Info | Done) -> None:
        with self.send_lock:
            try:
                self.conn.send(msg)
            except (OSError, EOFError, BrokenPipeError):
                pass  # the client is gone; the main loop notices and exits

    def run(self) -> None:
        try:
            while True:
                try:
                    msg = self.conn.recv()
                except (EOFError, OSError):
                    break
                if isinstance(msg, Quit):
                    break
                if isinstance(msg, Go):
                    self._stop_current()
                    self._start(msg)
                elif isinstance(msg, Stop):
                    self._on_stop(msg)
        finally:
            self._stop_current()

    def _stop_current(self) -> None:
        cur = self.current
        if cur is not None:
            cur[1].set()
            cur[2].join()
            self.current = None

    def _on_stop(self, msg: Stop) -> None:
        cur = self.current
        if cur is not None and cur[0].request_id == msg.request_id:
            # The search sees the stop within milliseconds and sends its Done;
            # it may also have sent it just before the Stop came.  Either way
            # the Done goes out (again) below, so a Stop is always answered:
            # the client keeps the first copy and drops the second.
            cur[1].set()
            cur[2].join()
        done = self.last_done
        if done is not None and done.request_id == msg.request_id:
            self.send(done)  # already sent once: the client keeps the first
        else:
            self.send(Done(msg.request_id, None))

    def _start(self, go: Go) -> None:
        stop = threading.Event()
        t = threading.Thread(target=self._search, args=(go, stop), daemon=True, name=f"search-{go.request_id}")
        self.current = (go, stop, t)
        t.start()

    def _search(self, go: Go, stop: threading.Event) -> None:
        try:
            if self.searcher is None:
                from .search import Searcher  # (imported in the worker only)

                self.searcher = Searcher()
            # one search at a time: _stop_current() joins the old thread first
            done = _run_search(go, stop, self.send, self.searcher)
        except Exception as e:  # a bug in the engine must not kill the worker nor hang the client
            done = Done(go.request_id, None, error=f"{type(e).__name__}: {e}\n{traceback.format_exc()}")
        from . import shipped

        notes = shipped.take_problems()
        if notes:
            done = dataclasses.replace(done, notice="; ".join(notes))
        self.last_done = done
        self.send(done)


_INFINITE_DEPTH = 64  # "no limit": deepen until Stop (the engine itself would default to 1 s)


def _run_search(go: Go, stop: threading.Event, send: Callable[[Info], None],
                searcher: Searcher | None = None) -> Done:
    """Search ``go`` until its limit or ``stop``; send Infos, return the Done."""
    position, limit, rid = go.position, go.limit, go.request_id
    legal = position.legal_moves()
    if not legal:
        return Done(rid, None)
    from . import levels
    from .search import iterative_search as run_search

    last: SearchInfo | None = None

    def info(si: SearchInfo) -> None:
        nonlocal last
        last = si
        send(Info(rid, si.depth, si.score, tuple(si.pv), si.nodes, si.seconds))

    if limit.level is not None:
        level = levels.level_by_name(limit.level)
        if limit.time is not None:  # a game clock's share for this move takes the place of the level's time
            level = level._replace(time=limit.time)
        if limit.book:
            from . import book

            if level.name in book.BOOK_LEVELS:
                scored = dict(book.book_moves(position))
                move = book.choose(position) if scored else None
                if move is not None:   # (the book has moves here: it chose one)
                    return Done(rid, move, scored[move], 0, 0, from_book=True)

        move, si = levels.choose_move(position, tuple(go.history), level, stop=stop, on_info=info,
                                      searcher=searcher, draw_rule=go.draw_rule, quiet=go.quiet)
        si = si if si is not None else last
        if move is None:
            return Done(rid, None, error="the engine found no move in a position with legal moves")
        return Done(rid, move, getattr(si, "score", None), getattr(si, "depth", 0), getattr(si, "nodes", 0))
    depth = limit.depth
    if depth is None and limit.time is None:
        depth = _INFINITE_DEPTH
    for si in run_search(position, depth=depth, time=limit.time, history=tuple(go.history),
                         stop=stop, searcher=searcher, draw_rule=go.draw_rule, quiet=go.quiet):
        info(si)
        if limit.nodes is not None and si.nodes >= limit.nodes:
            break  # (a completed depth: the same answer on any machine)
    if last is None or last.best_move is None:
        # the first iteration (a few hundred nodes) always completes: the
        # stop is only looked at every thousand nodes
        return Done(rid, None, error="the search ended without a move")
    return Done(rid, last.best_move, last.score, last.depth, last.nodes)


def _worker_main(conn: Connection) -> None:
    # Ctrl+C goes to the whole process group: let the client decide when we end.
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError):
        pass
    _Worker(conn).run()


# -- the client ------------------------------------------------------------------

_QUIT_GRACE = 1.0      # seconds a worker gets to leave after its pipe closes before kill()
_KILL_GRACE = 1.0      # and after kill() before we stop waiting for it
_MAX_RETRIES = 2       # restarts for one request before it is answered with an error
# A message the worker has begun to send and not finished within this many seconds means a stalled
# worker: it is treated as a dead one (killed, replaced, the request sent again).  Its messages are a
# few hundred bytes, written in one go: a healthy worker never leaves one half-sent for long.
STALL_SECONDS = 5.0
_MAX_MESSAGE = 1 << 20  # bytes: a message announced larger is not one our worker sends
_READ_PER_POLL = 1 << 18  # bytes read in one poll() at most, so one frame's share stays small
_MAX_PV = 256           # moves of a principal variation kept (the search's is 64 at most)
# The niceness of a background worker (EngineClient(background=True)): a live analysis or a game
# report gives the CPU to the window and to the computer player, so frames stay smooth on 2 cores.
BACKGROUND_NICENESS = 5


def _yield_cpu(pid: int, niceness: int = BACKGROUND_NICENESS) -> None:
    """Lower the priority of process ``pid`` to at least ``niceness`` (never raise it back)."""
    try:
        os.setpriority(os.PRIO_PROCESS, pid, max(os.getpriority(os.PRIO_PROCESS, pid), niceness))
    except (AttributeError, OSError):
        pass  # not on this platform, or the process is gone: it runs at the usual priority


def _end_worker(proc: BaseProcess, conn: Connection, wait: bool = True) -> None:
    """End a worker for sure; the one cleanup path (see EngineClient).

    Closing the pipe is what ends a worker: it leaves as soon as its read
    fails, exactly as when the parent is killed.  ``wait=True`` gives it
    ``_QUIT_GRACE`` seconds to do so and kills it otherwise; ``wait=False``
    (the UI, which never waits) kills it at once -- a search holds nothing
    worth saving -- and leaves the exit status to be collected by
    multiprocessing (at the next start of a process, or at exit).
    """
    try:
        conn.close()  # no Quit first: a send to a stuck worker with a full pipe would block
    except OSError:
        pass
    try:
        if wait:
            proc.join(_QUIT_GRACE)
        if proc.is_alive():
            proc.kill()
            if wait:
                proc.join(_KILL_GRACE)
        if wait:
            proc.close()
    except (AssertionError, ValueError, OSError):
        pass  # not started, or already closed


class EngineClient:
    """A search engine in a worker process, driven without ever blocking.

    ``go()`` starts a search (cancelling any running one) and returns its
    request id; ``poll()`` returns the answers that have arrived, only those
    of the current request; ``stop()`` asks for the move now; ``cancel()``
    forgets the current request.  A worker that dies is started again and the
    outstanding request sent again.

    One mechanism ends the worker: a ``weakref.finalize`` per worker, which
    runs ``_end_worker`` once, whichever comes first of ``close()`` (or
    leaving the ``with`` block), the client being garbage collected, and
    interpreter exit (finalizers run at exit).  If the parent is killed
    outright nothing of ours runs, but the worker's pipe closes with it and
    the worker leaves on its own.

    ``background=True``: the worker runs at a lower priority (niceness
    ``BACKGROUND_NICENESS``), and so does every worker started after a
    restart: for searches the player is not waiting on (a live analysis, a
    game report), which then give way to the window and the computer player.
    """

    def __init__(self, *, start: bool = False, background: bool = False) -> None:
        self.background = background
        self._ctx = multiprocessing.get_context("spawn")
        self._ids = itertools.count(1)
        self._proc: BaseProcess | None = None
        self._conn: Connection | None = None
        self._finalizer: weakref.finalize[Any, Any] | None = None
        self._current: Go | None = None   # the Go awaiting its Done
        self._retries = 0
        self._closed = False
        self._inbox = bytearray()  # bytes of the worker's messages read, not yet a whole message
        self._partial_since: float | None = None  # when the message now half-read began to arrive (monotonic)
        self.restarts = 0      # how many times a dead worker was replaced (for tests and logs)
        if start:
            self._ensure_worker()

    # -- lifetime ---------------------------------------------------------------

    def _ensure_worker(self) -> None:
        if self._closed:
            raise EngineError("the engine client is closed")
        if self._proc is not None and self._proc.is_alive():
            return
        if self._proc is not None:
            self._drop_worker()
        parent, child = self._ctx.Pipe(duplex=True)
        proc = self._ctx.Process(target=_worker_main, args=(child,), daemon=True, name="checkers-engine")
        start_without_interrupt(proc)  # a Ctrl+C now must not cut the child's start
        child.close()  # ours would keep the pipe open after the worker dies: no EOF
        if self.background and proc.pid is not None:   # (started: it has one)
            _yield_cpu(proc.pid)
        self._proc, self._conn = proc, parent
        # the one cleanup: runs on close(), on garbage collection and at interpreter exit
        self._finalizer = weakref.finalize(self, _end_worker, proc, parent)

    def _drop_worker(self, wait: bool = True) -> None:
        finalizer = self._finalizer
        if finalizer is not None:
            if wait:
                finalizer()  # runs _end_worker once
            else:
                detached = finalizer.detach()  # None if it already ran
                if detached is not None:
                    _, func, args, _ = detached
                    func(*args, wait=False)
        self._proc = self._conn = self._finalizer = None
        self._inbox.clear()
        self._partial_since = None

    @property
    def pid(self) -> int | None:
        """The worker's process id (None before it starts)."""
        return self._proc.pid if self._proc is not None else None

    def close(self, wait: bool = True) -> None:
        """End the worker (close its pipe, kill it if it does not leave); idempotent.

        ``wait=False`` returns at once (for the UI): the worker is killed
        rather than given time to leave.
        """
        self._current = None
        self._drop_worker(wait)
        self._closed = True

    def __enter__(self) -> EngineClient:
        return self

    def __exit__(self, *exc: object) -> Literal[False]:
        self.close()
        return False

    # -- requests -----------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """True from go() until its Done has been returned by poll()."""
        return self._current is not None

    @property
    def request_id(self) -> int | None:
        """The id of the current request, or None."""
        return self._current.request_id if self._current is not None else None

    def go(self, position: Position, history: Iterable[Position] = (), limit: Limit = Limit(),
           draw_rule: str = "official", quiet: int | None = None) -> int:
        """Start searching ``position``; any running request is cancelled.

        ``history`` is the game's earlier positions (oldest first), so the
        engine sees repetitions; ``draw_rule`` and ``quiet`` are the game's
        no-progress rule and count (``game.draw_rule.name``,
        ``game.quiet_plies``), so it plays for progress in time.
        """
        if not isinstance(limit, Limit):
            raise TypeError(f"limit must be a Limit, not {type(limit).__name__}")
        if limit.level is not None:
            from . import levels  # a bad level name fails here, not silently in the worker

            levels.level_by_name(limit.level)
        draw_rule_named(draw_rule)  # (a bad name fails here, not in the worker)
        go = Go(next(self._ids), position, tuple(history), limit, draw_rule, quiet)
        self._current = go
        self._retries = 0
        self._send(go)  # the worker stops its running search when a new Go arrives
        return go.request_id

    def stop(self) -> None:
        """Move now: the current search answers with its best move so far."""
        if self._current is not None:
            self._send(Stop(self._current.request_id))

    def cancel(self) -> None:
        """Forget the current request: its answers will be dropped."""
        go, self._current = self._current, None
        if go is not None and self._proc is not None and self._proc.is_alive():
            self._send(Stop(go.request_id))  # free the worker for the next go

    def _send(self, msg: Go | Stop) -> None:
        self._ensure_worker()
        assert self._conn is not None  # (a worker was just made sure of)
        try:
            self._conn.send(msg)
        except (OSError, EOFError, BrokenPipeError):
            self._restart()  # sends the current Go again
            if isinstance(msg, Stop) and self._current is not None and self._conn is not None:
                try:
                    self._conn.send(msg)
                except (OSError, EOFError, BrokenPipeError):
                    pass  # poll() finds it dead and restarts again

    def _restart(self) -> None:
        """Replace a dead worker and send the outstanding request again."""
        self._drop_worker()
        self.restarts += 1
        if self._current is not None:
            self._retries += 1
            if self._retries > _MAX_RETRIES:
                return
        self._ensure_worker()
        if self._current is not None and self._conn is not None:
            try:
                self._conn.send(self._current)
            except (OSError, EOFError, BrokenPipeError):
                pass  # the next poll() finds it dead again

    # -- answers ------------------------------------------------------------------

    def poll(self) -> list[Info | Done]:
        """The answers of the current request that have arrived; never blocks.

        The pipe is read as raw bytes, never with a blocking ``recv()``: a worker that stalls
        halfway through a message cannot hold the window, and after ``STALL_SECONDS`` it is
        treated as dead.  Every message is checked (``_checked``) before anyone sees it.
        """
        out: list[Info | Done] = []
        if self._conn is None:
            return out
        try:
            messages, gone = self._read()
        except _Broken as e:
            self._broken(out, str(e))
            return out
        for msg in messages:
            try:
                self._accept(msg, out)
            except _Broken as e:
                self._broken(out, str(e))
                return out
            if self._conn is None:
                return out
        if gone:
            self._worker_died(out)
            return out
        if self._partial_since is not None and time.monotonic() - self._partial_since > STALL_SECONDS:
            self._broken(out, f"it stalled halfway through a message for over {STALL_SECONDS:g} s")
            return out
        if self._current is not None and self._proc is not None and not self._proc.is_alive():
            self._worker_died(out)
        return out

    def _read(self) -> tuple[list[Any], bool]:
        """The whole messages that have arrived, and whether the pipe has closed; never blocks."""
        conn = self._conn
        assert conn is not None  # (poll() reads only with a worker)
        if sys.platform == "win32":  # a named pipe: no raw reads; messages as multiprocessing reads them
            messages: list[Any] = []
            try:
                while conn.poll(0):
                    messages.append(conn.recv())
            except (EOFError, OSError):
                return messages, True
            except Exception as e:  # what the worker sent does not unpickle
                raise _Broken(f"it sent what is not a message ({type(e).__name__})") from None
            return messages, False
        gone = False
        got = 0
        fd = conn.fileno()
        try:
            while got < _READ_PER_POLL and conn.poll(0):
                chunk = os.read(fd, 1 << 16)  # readable: returns what is there, never waits for more
                if not chunk:
                    gone = True
                    break
                self._inbox += chunk
                got += len(chunk)
        except (EOFError, OSError):
            gone = True
        messages = []
        while True:
            body = self._take_frame()
            if body is None:
                break
            try:
                messages.append(ForkingPickler.loads(body))
            except Exception as e:
                raise _Broken(f"it sent what is not a message ({type(e).__name__})") from None
        if self._inbox:
            if self._partial_since is None:
                self._partial_since = time.monotonic()
        else:
            self._partial_since = None
        return messages, gone

    def _take_frame(self) -> bytes | None:
        """The body of the first whole message in the inbox (taken out of it), or None.
        The frame is multiprocessing's: a 4-byte big-endian length (-1: an 8-byte one follows), the pickle."""
        buf = self._inbox
        if len(buf) < 4:
            return None
        (size,) = struct.unpack_from("!i", buf)
        head = 4
        if size == -1:
            if len(buf) < 12:
                return None
            (size,) = struct.unpack_from("!Q", buf, 4)
            head = 12
        if size < 0 or size > _MAX_MESSAGE:
            raise _Broken(f"it announced a message of {size} bytes")
        if len(buf) < head + size:
            return None
        body = bytes(buf[head:head + size])
        del buf[:head + size]
        self._partial_since = time.monotonic() if buf else None  # the next message's start, if any
        return body

    def _broken(self, out: list[Info | Done], why: str) -> None:
        """A worker that stalled or sent what it cannot mean: ended at once (never waited on) and
        treated as a dead one -- replaced and the request sent again, or answered with the error."""
        self._drop_worker(wait=False)
        self._worker_died(out, f"the engine worker failed: {why}")

    def wait(self, timeout: float | None = None) -> list[Info | Done]:
        """Block until the current request's Done (or ``timeout`` seconds);
        return everything received meanwhile.  For tools and tests: the UI polls."""
        deadline = None if timeout is None else time.monotonic() + timeout
        out: list[Info | Done] = []
        while self._current is not None:
            out.extend(self.poll())
            if self._current is None:
                break
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                break
            if self._conn is None:
                break
            try:
                self._conn.poll(0.05 if left is None else min(0.05, left))
            except (EOFError, OSError):
                pass  # poll() handles the dead worker next time round
        return out

    def _accept(self, msg: Any, out: list[Info | Done]) -> None:
        if type(msg) not in (Info, Done) or not _is_int(msg.request_id):
            raise _Broken(f"it sent a {type(msg).__name__}, not an Info or a Done")
        cur = self._current
        if cur is None or msg.request_id != cur.request_id:
            return  # stale: an old request, or a second Done of a finished one
        msg = _checked(msg, cur)
        out.append(msg)
        if isinstance(msg, Done):
            self._current = None

    def _worker_died(self, out: list[Info | Done],
                     why: str = "the engine worker died repeatedly on this position") -> None:
        if self._current is None:
            self._drop_worker()
            return
        self._restart()
        if self._retries > _MAX_RETRIES and self._current is not None:
            go, self._current = self._current, None
            out.append(Done(go.request_id, None, error=why))


class _Broken(Exception):
    """The worker sent what our worker never sends, or stalled halfway: it is not to be trusted."""


def _is_int(value: object) -> bool:
    return type(value) is int


def _is_score(value: object) -> bool:
    return value is None or isinstance(value, (int, float)) and type(value) in (int, float) and value == value \
        and abs(value) < 1e9


def _checked(msg: Info | Done, go: Go) -> Info | Done:
    """``msg`` (an Info or Done of the request ``go``) when every field is what the engine sends,
    a principal variation cut where it stops being legal; _Broken saying what is wrong otherwise.
    The window reads these fields: a pv that is not a line of moves must not reach it."""
    if not (_is_int(msg.depth) and 0 <= msg.depth <= 10_000 and _is_int(msg.nodes) and msg.nodes >= 0
            and _is_score(msg.score)):
        raise _Broken(f"its {type(msg).__name__} holds a depth, node count or score that is not a number")
    if isinstance(msg, Info):
        if type(msg.seconds) not in (int, float) or not 0 <= msg.seconds < 1e9:
            raise _Broken("its Info holds a time that is not a number of seconds")
        if type(msg.pv) not in (tuple, list) or len(msg.pv) > 10_000 or not all(type(m) is Move for m in msg.pv):
            raise _Broken(f"its Info holds a line that is not a list of moves ({type(msg.pv).__name__})")
        line: list[Move] = []
        position = go.position
        for move in msg.pv[:_MAX_PV]:
            if not position.is_legal(move):
                break  # shown as far as it is legal
            line.append(move)
            position = position.play(move)
        return msg if type(msg.pv) is tuple and len(line) == len(msg.pv) else dataclasses.replace(msg, pv=tuple(line))
    if msg.move is not None and (type(msg.move) is not Move or not go.position.is_legal(msg.move)):
        raise _Broken("its Done holds a move that is not legal in the position")
    if not (msg.error is None or type(msg.error) is str) or not (msg.notice is None or type(msg.notice) is str) \
            or type(msg.from_book) is not bool:
        raise _Broken("its Done holds an error, notice or book mark of the wrong kind")
    return msg


def close_quietly(client: Any) -> None:
    """End an engine client's process without waiting for it (a client whose ``close`` never waits
    is closed plainly); None or an engine already gone is no error: leaving a screen must not
    fail, nor stall, on it."""
    if client is None:
        return
    try:
        client.close(wait=False)
    except TypeError:
        client.close()
    except Exception:
        pass
