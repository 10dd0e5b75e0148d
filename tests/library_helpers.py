"""The library without its background process, for tests (importable: pytest puts tests/ on sys.path)."""

import time

from game.library import Library, jobs
from game.library.lock import WriterLock
from game.library.worker import open_index


class InlineWorker:
    """The worker's jobs run at once in this process (the real one is a process; see test_library's last tests):
    it opens the index as the worker does and holds the writer lock for each job that writes."""

    def __init__(self, db_path):
        self.events = []
        self.lock = WriterLock(str(db_path) + ".lock")
        self.conn = open_index(str(db_path), self.events.append, self.lock, lambda: False)
        self.n = 0
        self.submitted = []

    def submit(self, kind, *args):
        self.n += 1
        self.submitted.append(kind)
        if kind in jobs.WRITERS:
            assert self.lock.acquire(), "another writer holds the index"
        try:
            jobs.run_job(self.conn, (kind, self.n, *args), self.events.append)
        finally:
            self.lock.release()
        return self.n

    def poll(self):
        out, self.events = self.events, []
        return out

    busy = False

    def close(self):
        self.conn.close()
        self.lock.close()


def settle(lib, seconds=60):
    """Let the library read and index everything; fails the test if it never ends."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        lib.update()
        if not lib.busy and not lib.loading:
            lib.update()
            return lib
        time.sleep(0.005)
    raise AssertionError("the library never finished its work")


def open_library(home, worker=InlineWorker):
    """The library of ``home`` (a CHECKERS_HOME) opened, with every file indexed."""
    lib = Library(data=home / "data", worker_factory=worker)
    lib.open()
    return settle(lib)
