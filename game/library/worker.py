"""The background process that runs library jobs, and the client the screen polls.

The process is started on the first job (spawn, like the engine), runs jobs
one after another and sends events back; the window only ever calls
``submit`` and ``poll``, neither of which waits.  It ends when told to, when
idle for a while, or when the game that started it is gone, so no process
is ever left behind.
"""

from __future__ import annotations

import itertools
import multiprocessing as mp
import os
import queue
import signal

from ..spawn import start_without_interrupt

TYPE_CHECKING = False
if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess
    from multiprocessing.queues import Queue

    from ..store.paths import StrPath
    from .jobs import Event, Job


IDLE_SECONDS = 120


def worker_main(db_path: str, jobs: Queue[Job | None], events: Queue[Event], parent_pid: int) -> None:
    """The process: open the index, then run jobs until told to stop or orphaned."""
    from . import index, jobs as jobs_mod, scan

    try:  # Ctrl+C goes to the whole terminal: the window decides when we end (and says so)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError):
        pass
    try:
        os.nice(5)  # indexing must not take the CPU from the window or the engine
    except (AttributeError, OSError):
        pass
    namer = scan.opening_namer()
    version = jobs_mod.index_version(namer)
    conn = index.connect(db_path)
    idle = 0.0
    try:
        while True:
            try:
                job = jobs.get(timeout=1.0)
            except queue.Empty:
                idle += 1.0
                if idle >= IDLE_SECONDS or os.getppid() != parent_pid:
                    return
                continue
            idle = 0.0
            if job is None:
                return
            jobs_mod.run_job(conn, job, events.put, namer, version)
    finally:
        conn.close()


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
