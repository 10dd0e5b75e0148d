"""The background process that runs library jobs, and the client the screen polls.

The process is started on the first job (spawn, like the engine), runs jobs
one after another and sends events back; the window only ever calls
``submit`` and ``poll``, neither of which waits.  It ends when told to, when
idle for a while, or when the game that started it is gone, so no process
is ever left behind.

It holds the index's writer lock (``lock``) for each job that writes, waiting
for another game window's worker if need be (its progress says so), and opens
the index itself holding it: an index locked by something that is no game
window for ``LOCK_PATIENCE`` seconds is set aside and rebuilt.  If it cannot
open the index at all, it sends one ``("fatal", 0, line)`` and ends; the
client turns that into a "failed" event per job, never a traceback.  An index
that keeps refusing what the jobs write (``FAULTS_BEFORE_REBUILD`` jobs in a row:
a planted trigger, a damaged page) is set aside and rebuilt the same way.
"""

from __future__ import annotations

import itertools
import multiprocessing as mp
import os
import queue
import signal
import sqlite3
import time
from pathlib import Path

from ..spawn import start_without_interrupt

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from multiprocessing.process import BaseProcess
    from multiprocessing.queues import Queue

    from ..store.paths import StrPath
    from .jobs import Event, Job
    from .lock import WriterLock


IDLE_SECONDS = 120
LOCK_PATIENCE = 6.0  # seconds an index locked by no game window may stay locked before it is set aside
FAULTS_BEFORE_REBUILD = 1  # jobs in a row the index itself refuses (index.is_fault) before it is set aside
# (one: a file the window indexes itself comes here after the window's own try failed)
MAX_REBUILDS = 2  # per worker: an index that fails again at once is not the file's fault; no endless rebuilds
WAIT_WORDS = "Waiting for another game window to finish with the library…"


def hold(lock: WriterLock, emit: Callable[[Event], None], job_id: int, orphaned: Callable[[], bool]) -> bool:
    """Wait for the writer lock (another window may be importing); False if this process should end."""
    said = False
    started = time.monotonic()
    while not lock.acquire():
        if orphaned():
            return False
        if not said and time.monotonic() - started > 0.5:
            said = True
            emit(("progress", job_id, WAIT_WORDS, 0, 0))
        time.sleep(0.1)
    return True


def open_index(db_path: str, emit: Callable[[Event], None], lock: WriterLock,
               orphaned: Callable[[], bool], set_aside: str = "") -> sqlite3.Connection | None:
    """The worker's connection, the index made usable first (holding the writer lock): a lock that
    no game window holds and that lasts is a stuck index, set aside and rebuilt.  ``set_aside``: why
    the index there now must go first (its writes keep failing).  None to end."""
    from . import index

    if not hold(lock, emit, 0, orphaned):
        return None
    try:
        notes: list[str] = [] if set_aside else list(lock.notes)
        if set_aside:
            index._set_aside(Path(db_path), set_aside, notes)
        started = time.monotonic()
        while True:
            try:
                conn = index.connect(db_path, wait=1.0, notes=notes)
                break
            except index.IndexBusy:
                if orphaned():
                    return None
                if time.monotonic() - started < LOCK_PATIENCE:
                    continue
                # we hold the writer lock, so no game window is writing: something else holds the file
                index._set_aside(Path(db_path), "was locked by another program", notes)
        for note in notes:
            emit(("note", 0, note))
        if notes:
            emit(("reset", 0))  # the window reconnects: the file it had open was set aside
        return conn
    finally:
        lock.release()


def worker_main(db_path: str, jobs: Queue[Job | None], events: Queue[Event], parent_pid: int) -> None:
    """The process: open the index, then run jobs until told to stop or orphaned."""
    try:  # Ctrl+C goes to the whole terminal: the window decides when we end (and says so)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError):
        pass
    try:
        os.nice(5)  # indexing must not take the CPU from the window or the engine
    except (AttributeError, OSError):
        pass

    def orphaned() -> bool:
        return os.getppid() != parent_pid

    from . import index, scan
    from . import jobs as jobs_mod
    from .lock import LockUnusable, WriterLock

    lock = WriterLock(db_path + ".lock")
    try:
        conn = open_index(db_path, events.put, lock, orphaned)
    except (index.IndexUnusable, LockUnusable, OSError, sqlite3.Error) as e:
        # no traceback: the window tells the player in one line
        events.put(("fatal", 0, " ".join(str(e).split())[:200] or type(e).__name__))
        return
    except Exception as e:  # a bug: still one line for the player, not a traceback in the terminal
        events.put(("fatal", 0, f"{type(e).__name__}: {' '.join(str(e).split())[:160]}"))
        return
    if conn is None:
        return
    namer = scan.opening_namer()
    version = jobs_mod.index_version(namer)
    idle = 0.0
    faults = rebuilds = 0  # writes the index itself refused in a row; indexes set aside for it
    try:
        while True:
            try:
                job = jobs.get(timeout=1.0)
            except queue.Empty:
                idle += 1.0
                if idle >= IDLE_SECONDS or orphaned():
                    return
                continue
            idle = 0.0
            if job is None:
                return
            writer = job[0] in jobs_mod.WRITERS
            if writer and not hold(lock, events.put, job[1], orphaned):
                return
            try:
                fault = jobs_mod.run_job(conn, job, events.put, namer, version)
            finally:
                lock.release()
            faults = faults + 1 if fault is not None else 0
            if faults >= FAULTS_BEFORE_REBUILD and rebuilds < MAX_REBUILDS:
                # an index that keeps refusing our writes (a planted trigger, a damaged page) lists no new
                # game ever again: it is set aside and rebuilt, and the window reads the new one
                faults, rebuilds = 0, rebuilds + 1
                conn.close()
                why = f"kept failing ({index._line(fault)})" if fault is not None else "kept failing"
                try:
                    new = open_index(db_path, events.put, lock, orphaned, set_aside=why)
                except (index.IndexUnusable, LockUnusable, OSError, sqlite3.Error) as e:
                    events.put(("fatal", 0, " ".join(str(e).split())[:200] or type(e).__name__))
                    return
                if new is None:
                    return
                conn = new
    finally:
        conn.close()
        lock.close()


class Worker:
    """Submit jobs to the background process and poll its events; never blocks the caller."""

    def __init__(self, db_path: StrPath) -> None:
        self.db_path = str(db_path)
        self._ctx = mp.get_context("spawn")
        self._process: BaseProcess | None = None
        self._jobs: Queue[Job | None] | None = None
        self._events: Queue[Event] | None = None
        self._ids = itertools.count(1)
        self.pending: set[int] = set()

    def _start(self) -> None:
        jobs: Queue[Job | None] = self._ctx.Queue()
        events: Queue[Event] = self._ctx.Queue()
        self._jobs, self._events = jobs, events
        self._process = self._ctx.Process(target=worker_main, name="checkers-library",
                                          args=(self.db_path, jobs, events, os.getpid()), daemon=True)
        start_without_interrupt(self._process)  # a Ctrl+C now must not cut the child's start

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    def submit(self, kind: str, *args: object) -> int:
        """Queue a job; returns its id.  Starts the process if it is not running."""
        if not self.alive:
            self._close_process()  # it ended when idle (or died): a fresh one
            self._start()
        job_id = next(self._ids)
        job = (kind, job_id, *args)
        self.pending.add(job_id)
        assert self._jobs is not None  # started above
        self._jobs.put(job)
        return job_id

    def poll(self, limit: int = 200) -> list[Event]:
        """Events that have arrived (at most ``limit``), without waiting."""
        out: list[Event] = []
        if self._events is None:
            return out
        for _ in range(limit):
            try:
                event = self._events.get_nowait()
            except (queue.Empty, OSError, ValueError, EOFError):
                break
            if event[0] == "done":
                self.pending.discard(event[1])
            elif event[0] == "fatal":  # the process could not open the index: every job fails saying why
                lost = sorted(self.pending)
                self.pending.clear()
                out.extend(("failed", j, f"The library cannot work here: {event[2]}") for j in lost)
                out.extend(("done", j) for j in lost)
                continue
            out.append(event)
        if self.pending and not self.alive and not out and self._process is not None:
            # the process died (killed, out of memory): say so once and forget the jobs
            lost = sorted(self.pending)
            self.pending.clear()
            out.extend(("failed", j, "The library's background reader stopped unexpectedly") for j in lost)
            out.extend(("done", j) for j in lost)
        return out

    @property
    def busy(self) -> bool:
        return bool(self.pending)

    def _close_process(self) -> None:
        p = self._process
        if p is None:
            return
        for q in (self._jobs, self._events):
            if q is None:  # never made: nothing to close
                continue
            try:
                q.cancel_join_thread()
                q.close()
            except (OSError, ValueError, AttributeError):
                pass
        if p.is_alive():
            p.terminate()
        p.join(2)
        if p.is_alive():
            p.kill()
            p.join(2)
        self._process = None
        self._jobs = self._events = None

    def close(self, wait: float = 0.0) -> None:
        """End the process (now, or after ``wait`` seconds for it to finish its job)."""
        if self._process is not None and self._process.is_alive() and wait > 0:
            try:
                assert self._jobs is not None  # made with the process
                self._jobs.put(None)
            except (OSError, ValueError):
                pass
            self._process.join(wait)
        self._close_process()
        self.pending.clear()
