"""The background worker's jobs, and its news turned into rows and one-liners for the player.

The worker (``worker.py``) is started with the first job and reports in events
(``jobs.py`` lists them): progress, rows stored, files forgotten, imports, exports,
deletions, failures.  A full disk, and an index that cannot work at all, are said once,
not once a file.  A deletion that failed brings its rows back.

Part of ``Library`` (``library.py``), which is made of one part per job.
"""

from __future__ import annotations

from typing import Protocol

from .text import clean

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any

    from .home import IndexHome
    from .jobs import Event
    from .worker import Worker


class Listener(Protocol):
    """What the worker's news changes in the library (``Library`` is one)."""

    def rows_stored(self, source_id: int, old_id: int | None) -> None: ...
    def source_forgotten(self, source_id: int) -> None: ...
    def rows_again(self, source_id: int) -> None: ...
    def index_replaced(self) -> None: ...
    def say(self, text: str, bad: bool = False) -> None: ...


def imported_words(name: str, count: int, damaged: int = 0, first: str = "") -> str:
    """"Imported 3 games from x.pdn", and how many of them stop early (a damaged record), with
    where the first one stops ("after 3. 9-13") when it is the only one."""
    text = f"Imported {count} game{'s' if count != 1 else ''} from {name}"
    if not damaged:
        return text
    where = first.split(";")[0] if first.startswith(("after ", "before ")) else ""
    if damaged == 1:
        who = "it" if count == 1 else "one"
        return f"{text}; {who} stops early" + (f", {where}" if where else "")
    return f"{text}; {'all' if damaged == count else damaged} of them stop early"


def exported_words(dest: str, count: int, missing: int = 0) -> str:
    text = f"Exported {count} game{'s' if count != 1 else ''} to {clean(dest, 100)}"
    return text + f" ({missing} no longer in the library)" if missing else text


def deleted_words(count: int) -> str:
    return "Game deleted" if count == 1 else f"{count} games deleted"


class WorkerJobs:
    """The worker (started with the first job), what each job was for, and its progress."""

    def __init__(self, home: IndexHome, factory: Callable[[Path], Worker] | None) -> None:
        self._home = home  # the worker works on the index the window has
        self._factory = factory
        self.worker: Worker | None = None
        self.progress: tuple[str, int, int] | None = None  # (label, done, total) while the worker reports progress
        self._jobs: dict[int, tuple[Any, ...]] = {}  # job id -> what it was for
        self._full_said = False
        self._fatal_said = False

    @property
    def busy(self) -> bool:
        return self.worker is not None and self.worker.busy

    def submit(self, kind: str, *args: object, what: tuple[Any, ...] | None = None) -> int:
        """Hand a job to the worker (started now if need be); its id."""
        if self.worker is None:
            factory = self._factory
            if factory is None:
                from .worker import Worker

                factory = Worker
            self.worker = factory(self._home.db_path)
        job_id = self.worker.submit(kind, *args)
        self._jobs[job_id] = what or (kind,)
        return job_id

    def poll(self) -> list[Event]:
        return self.worker.poll() if self.worker is not None else []

    def handle(self, event: Event, to: Listener) -> None:
        """Take one event of the worker (or of a file indexed in the window)."""
        from .jobs import FULL

        kind = event[0]
        if kind == "progress":
            _, job_id, label, done, total = event
            if job_id or total == 0:  # small files indexed here need no progress bar
                self.progress = (label, done, total)
        elif kind in ("rows", "indexed"):
            to.rows_stored(event[2], event[-1])
        elif kind == "forgotten":
            to.source_forgotten(event[2])
        elif kind == "imported":
            damaged, first = (event[4], event[5]) if len(event) > 5 else (0, "")
            to.say(imported_words(event[2], event[3], damaged, first), bool(damaged))
        elif kind == "exported":
            missing = event[4] if len(event) > 4 else 0
            to.say(exported_words(event[2], event[3], missing), bool(missing))
        elif kind == "removed":
            to.say(deleted_words(event[2] if len(event) > 2 and isinstance(event[2], int) else 1))
        elif kind == "note":
            to.say(event[2], True)
        elif kind == "reset":
            to.index_replaced()
        elif kind == "failed":
            self._failed(event, FULL, to)
        elif kind == "done":
            self._jobs.pop(event[1], None)
            if self.worker is not None and not self.worker.busy:
                self.progress = None

    def _failed(self, event: Event, full: str, to: Listener) -> None:
        asked = self._jobs.get(event[1], ("index",))[0] not in ("index", "tidy")
        if len(event) > 3 and event[3] == full and not asked:
            if not self._full_said:  # a full disk is said once, not once a file indexed
                self._full_said = True
                to.say(event[2], True)
        elif event[2].startswith("The library cannot work here"):
            if not self._fatal_said:
                self._fatal_said = True
                to.say(event[2], True)
        else:
            to.say(event[2], True)
        what = self._jobs.get(event[1])
        if what and what[0] == "remove":
            for source in what[2]:
                to.rows_again(source)

    def close(self) -> None:
        """End the worker (an unfinished import resumes next time)."""
        if self.worker is not None:
            self.worker.close()
            self.worker = None
