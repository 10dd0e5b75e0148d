"""The library the Load screen shows: open it, keep it up to date, act on its games.

``Library.open()`` compares the files of the library's folders with the index
(size and modification time) and loads the rows of unchanged files from the
index; changed and new files go to the background worker (small ones are
indexed here, a few a frame).  The screen calls ``update()`` once a frame: it
loads a slice of rows (a few milliseconds at most) and takes the worker's news
(progress, files indexed, imports, exports, deletions, failures).

The window never waits on the database: its connection has no busy timeout,
so a lock held elsewhere makes a read try again next frame, and a write (the
small files indexed here) goes to the worker, which may wait.  An index that
is locked when the library opens is opened again a moment later; one that
cannot be kept at all (a read-only home) is replaced by an index of this
session only, in a temporary folder, and the player is told once.  A full
disk is said once.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path

from ..store import paths
from . import index
from .catalog import Catalog
from .entry import Entry
from .text import clean

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

    from ..store.paths import StrPath
    from ..store.saves import LoadedGame
    from ..store.unfinished import UnfinishedGame
    from .jobs import Event
    from .lock import WriterLock
    from .scan import Namer
    from .worker import Worker

log = logging.getLogger("checkers.library")

FOLDER_KINDS = ("saved", "archived", "imported")
# One game the store keeps is one row, whatever copies of it there are (a copy saved with Ctrl+S, its
# archived file, an export imported again): the row shown is its unfinished record while it goes on,
# else its archived file, else the newest copy.
RANK = {"unfinished": 3, "archived": 2, "saved": 1, "imported": 0}
UNFINISHED_SOURCE = -1  # the store's unfinished games: read here, a slice a frame, not indexed
# Files up to this size are indexed here, a few per frame (a saved game takes about a
# millisecond); starting the background process is worth it only for bigger ones.
INLINE_BYTES = 64 * 1024
RETRY_SECONDS = 0.5  # a locked index is tried again this often
BATCH = 250


class LibraryError(ValueError):
    """A request the library cannot do (a path that is not a file, nothing chosen); one line."""


def library_dir(data: StrPath | None = None) -> Path:
    return (paths.data_dir() if data is None else Path(data)) / "library"


def default_folders(data: StrPath | None = None) -> list[tuple[Path, str]]:
    """``[(folder, kind)]``: saved games, archived games, imports."""
    data = paths.data_dir() if data is None else Path(data)
    return [(data / "games", "saved"), (data / paths.archive_dir().name, "archived"),
            (library_dir(data) / "imported", "imported")]


def pdn_files(folder: StrPath) -> list[Path]:
    """The PDN files of a folder (not hidden ones, not temporaries, not links).  Never raises."""
    try:
        with os.scandir(folder) as it:
            out = []
            for e in it:
                if e.name.startswith(".") or not e.name.lower().endswith(".pdn"):
                    continue
                try:
                    if e.is_file(follow_symlinks=False):
                        out.append(Path(e.path))
                except OSError:
                    continue
            return out
    except OSError:
        return []


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


def entry_of(row: Iterable[Any], file_names: dict[int, str]) -> Entry:
    (gid, source, kind, number, black, white, event, site, levels, date, result, plies, opening, error,
     mtime_ns, path_key, game_id) = row
    name = file_names.get(source)
    if name is None:
        from .jobs import shown_name

        name = file_names[source] = shown_name(os.fsdecode(bytes(path_key)), kind, 80)
    return Entry(gid, source, kind, number, black or "?", white or "?", event or "", levels or "",
                 date or "", result or "*", plies or 0, opening or "", error or "", (mtime_ns or 0) / 1e9, name,
                 site or "", game_id or "")


def _path_words(text: str) -> str:
    return clean(text, 100)


def typed_path(path: StrPath, what: str) -> Path:
    """A path as the player typed it (quotes and ``~`` allowed); LibraryError for an empty one or one
    no file system can hold (a NUL character, a name over 255 bytes)."""
    text = os.fsdecode(path).strip().strip('"').strip("'")
    if not text:
        raise LibraryError(f"type the path of {what}")
    if "\0" in text:
        raise LibraryError("a path cannot hold a NUL character")
    p = Path(os.path.expanduser(text))
    long = [part for part in p.parts if len(os.fsencode(part)) > 255]
    if long:
        raise LibraryError(f"the name {clean(long[0], 40)} is too long ({len(os.fsencode(long[0]))} bytes; "
                           "at most 255)")
    return p


# -- a game the library is told of (the store wrote it: the library need not read it again) --------

class _Told:
    """A written game's record (``store.gamefile.WrittenGame``) in the form a row is made of
    (``scan.GameHead``)."""

    def __init__(self, tags: dict[str, str], moves: tuple[object, ...]) -> None:
        from ..notation.pdn import normal_result

        self.tags = tags
        self.moves = moves
        self.result: str = normal_result(tags.get("Result") or "*") or "*"
        self.error: str | None = None


class Library:
    """The games of the library's folders, their index, and the background worker."""

    def __init__(self, data: StrPath | None = None, folders: Iterable[tuple[Path, str]] | None = None,
                 worker_factory: Callable[[Path], Worker] | None = None, unfinished: bool = True) -> None:
        self.root = library_dir(data)
        self.db_path = self.root / "index.sqlite3"
        self.imported_dir = self.root / "imported"
        self.folders = list(folders) if folders is not None else default_folders(data)
        self.catalog = Catalog()
        self.conn: sqlite3.Connection | None = None
        self._lock: WriterLock | None = None
        self._worker_factory = worker_factory
        self.worker: Worker | None = None
        self.progress: tuple[str, int, int] | None = None  # (label, done, total) while the worker reports progress
        self.news: list[tuple[str, bool]] = []  # (text, bad) one-liners for the screen, oldest first
        self.version: str | None = None
        # rows still to read: [source id or None (every complete file), the last id read]
        self._loads: list[list[Any]] = []
        self._pending_entries: list[Entry] = []
        self._file_names: dict[int, str] = {}
        self._skip: set[int] = set()      # sources whose rows come by their own load (stale or re-indexed)
        self._upto: dict[int, int] = {}   # source -> the highest game id read so far
        self._again: set[int] = set()     # sources with more rows stored since their load started
        self._dropped: set[int] = set()   # old ids of re-indexed files, whose rows are gone
        self._jobs: dict[int, tuple[Any, ...]] = {}  # job id -> what it was for
        self._inline: list[tuple[Path, str]] = []  # small stale files, indexed a few per frame by update()
        self._unfinished_wanted = unfinished and data is None  # the store's own folder only
        self._want_unfinished = self._unfinished_wanted
        self._unfinished_todo: list[tuple[float, str, Path]] | None = None  # records still to read
        self.unfinished: dict[int, UnfinishedGame] = {}  # entry id -> the store's record
        self._copies: dict[str, list[Entry]] = {}  # a game's store id -> its rows (one of them shown)
        self._namer: Namer | None = None
        self._retry_at: float | None = None  # when to try a locked index again
        self._temp_home: str | None = None   # the session's own index folder (the home cannot keep one)
        self._full_said = False
        self._fatal_said = False
        self.changed = 0           # bumped whenever the catalog changes (the screen redraws)
        self.opened_at: float | None = None
        self.loaded_at: float | None = None

    # -- opening --------------------------------------------------------------

    def open(self) -> None:
        """Connect to the index, load what is fresh, send what is stale to the worker.  Never raises."""
        self.opened_at = time.perf_counter()
        if self._namer is None:
            from . import jobs, scan

            self._namer = scan.opening_namer()
            self.version = jobs.index_version(self._namer)
        if self._connect():
            self.rescan()

    def _connect(self) -> bool:
        """Open the index without waiting; False when it is locked (``update`` tries again)."""
        from .lock import LockUnusable, WriterLock

        notes: list[str] = []
        try:
            self.conn = index.connect(self.db_path, wait=0.0, notes=notes)
            self._lock = WriterLock(str(self.db_path) + ".lock")
        except index.IndexBusy:
            self.conn = None
            self._retry_at = time.monotonic() + RETRY_SECONDS
            if self.worker is None:  # the worker waits for it, and sets aside an index stuck for good
                self._submit("tidy", [], what=("tidy",))
                self.say("The library's index is in use; opening it as soon as it is free…")
            return False
        except (index.IndexUnusable, LockUnusable, OSError, sqlite3.Error) as e:
            if not self._use_session_index(e):
                return False
        for note in notes:
            self.say(note, bad=True)
        self._retry_at = None
        return True

    def _use_session_index(self, why: BaseException) -> bool:
        """The home cannot keep an index (read-only, say): list the games from an index of this session."""
        log.warning("library index unusable: %s", why)
        if self._temp_home is not None:
            self.say(f"The library cannot keep an index: {clean(why, 120)}", bad=True)
            return False
        try:
            self._temp_home = tempfile.mkdtemp(prefix="checkers-library-")
        except OSError as e:
            self.say(f"The library cannot keep an index: {clean(e, 120)}", bad=True)
            return False
        self.db_path = Path(self._temp_home) / "index.sqlite3"
        if not self._connect():
            return False
        reason = str(why).rsplit(": ", 1)[-1] if str(why).startswith("the library") else str(why)
        self.say(f"The library cannot keep its index ({clean(reason, 100)}); its games are listed for this "
                 "session only", bad=True)
        return True

    def rescan(self) -> None:
        """Compare the folders with the index: list what is fresh, index what is stale.  Never raises."""
        if self.conn is None:
            return
        try:
            known = index.known_sources(self.conn)
        except sqlite3.Error as e:
            self._index_trouble(e)
            return
        seen = set()
        stale: list[tuple[Path, str, int]] = []
        for folder, kind in self.folders:
            for path in pdn_files(folder):
                key = index.path_key(path)
                seen.add(key)
                stamp = index.file_stamp(path)
                old = known.get(key)
                if (old is None or stamp is None or (old[2], old[3]) != stamp or old[4] != self.version
                        or not old[5] or old[1] != kind):
                    stale.append((path, kind, stamp[0] if stamp else 0))
                    if old is not None:
                        self._skip.add(old[0])
        gone = [sid for key, (sid, *_rest) in known.items() if key not in seen]
        self._skip.update(gone)  # the file is gone (deleted, moved): not listed, forgotten by the worker
        try:
            orphans = index.has_orphans(self.conn)
        except sqlite3.Error:
            orphans = False
        if gone or orphans:
            self._submit("tidy", gone, what=("tidy",))
        # small files first: the player's own saved games appear at once
        for path, kind, size in sorted(stale, key=lambda s: s[2]):
            if size <= INLINE_BYTES:
                self._inline.append((path, kind))
            else:
                self._submit("index", path, kind, what=("index", str(path)))
        self._loads.append([None, 0])
        if self._want_unfinished:
            self._want_unfinished = False
            self._start_unfinished()

    def refresh(self) -> None:
        """Taken back after the player was elsewhere: files saved or imported meanwhile are listed too."""
        self._want_unfinished = self._unfinished_wanted
        self.opened_at, self.loaded_at = time.perf_counter(), None
        if self.conn is None:
            self.open()
        else:
            self.rescan()

    def _index_trouble(self, e: BaseException) -> None:
        """A read of the index failed: a lock (try again later) or a broken file (set aside, rebuilt)."""
        if index.is_busy(e):
            return
        log.warning("library index read failed: %s", e)
        if isinstance(e, sqlite3.DatabaseError) and not isinstance(e, sqlite3.OperationalError):
            notes: list[str] = []
            try:
                index._set_aside(self.db_path, f"could not be read ({clean(e, 80)})", notes)
            except index.IndexUnusable:
                pass
            for note in notes:
                self.say(note, bad=True)
            self._reset()

    def _reset(self) -> None:
        """The index file was replaced (set aside and rebuilt): read everything afresh."""
        if self.conn is not None:
            try:
                self.conn.close()
            except sqlite3.Error:
                pass
            self.conn = None
        self._drop(lambda e: e.source != UNFINISHED_SOURCE)
        self._loads, self._pending_entries, self._inline = [], [], []
        self._skip, self._upto, self._again, self._dropped = set(), {}, set(), set()
        self._copies = {k: [e for e in g if e.source == UNFINISHED_SOURCE] for k, g in self._copies.items()}
        self._file_names = {}
        self.changed += 1
        if self._connect():
            self.rescan()

    @property
    def loading(self) -> bool:
        return bool(self._loads or self._pending_entries or self._inline or self._unfinished_todo
                    or self._retry_at is not None)

    @property
    def busy(self) -> bool:
        return self.worker is not None and self.worker.busy

    def _submit(self, kind: str, *args: object, what: tuple[Any, ...] | None = None) -> int:
        if self.worker is None:
            factory = self._worker_factory
            if factory is None:
                from .worker import Worker

                factory = Worker
            self.worker = factory(self.db_path)
        job_id = self.worker.submit(kind, *args)
        self._jobs[job_id] = what or (kind,)
        return job_id

    # -- every frame ----------------------------------------------------------

    def update(self, budget: float = 0.006) -> None:
        """Load rows for at most ``budget`` seconds and take the worker's news.  Never raises."""
        deadline = time.perf_counter() + budget
        if self.worker is not None:
            for event in self.worker.poll():
                self._on_event(event)
        if self.conn is None and self._retry_at is not None and time.monotonic() >= self._retry_at:
            if self._connect():
                self.rescan()
        steps = 0  # at least one step a frame, however slow, so the work always ends
        if self._inline and self.conn is not None:
            steps = self._index_inline(deadline)
        while self._loads and self.conn is not None and (steps == 0 or time.perf_counter() < deadline):
            steps += 1
            if not self._load_step():
                break  # the index is busy: next frame
        while self._unfinished_todo and (steps == 0 or time.perf_counter() < deadline):
            steps += 1
            self._unfinished_step()
        if self._pending_entries and (not self._loads or len(self._pending_entries) >= 5000):
            self._show(self._pending_entries)
            self._pending_entries = []
            self.changed += 1
        if not self.loading and self.loaded_at is None and self.opened_at is not None:
            self.loaded_at = time.perf_counter()

    def _index_inline(self, deadline: float) -> int:
        """Index small stale files here while the writer lock is free; else the worker does it."""
        from .jobs import run_job
        from .lock import LockUnusable

        assert self.conn is not None and self._lock is not None
        try:
            free = self._lock.acquire()
        except LockUnusable:
            free = False
        if not free:  # another window is writing: our worker waits for it, the window does not
            for path, kind in self._inline:
                self._submit("index", path, kind, what=("index", str(path)))
            self._inline = []
            return 0
        steps = 0
        try:
            while self._inline and (steps == 0 or time.perf_counter() < deadline):
                steps += 1
                path, kind = self._inline.pop(0)
                if self._index_told(path, kind):
                    continue
                busy: list[Event] = []

                def emit(event: Event, busy: list[Event] = busy) -> None:
                    if event[0] == "failed" and "busy" in str(event[2]):
                        busy.append(event)  # a lock we cannot wait for here: the worker retries it
                    else:
                        self._on_event(event)

                fault = run_job(self.conn, ("index", 0, path, kind), emit, self._namer, self.version)
                if busy or fault is not None:  # the worker sets aside and rebuilds an index that keeps failing
                    self._submit("index", path, kind, what=("index", str(path)))
        finally:
            self._lock.release()
        return steps

    def _index_told(self, path: Path, kind: str) -> bool:
        """List a game file the store wrote in this process from the record it was written from
        (``store.gamefile.written_game``), without reading or parsing the file; False when there is
        none, or the file changed since (then it is read as any other)."""
        from ..store.gamefile import written_game
        from . import scan

        written = written_game(path)
        if written is None or self.conn is None or self.version is None:
            return False
        try:
            source_id, old_id = index.begin_source(self.conn, path, kind, written.stamp, self.version)
            row = scan.row_of(_Told(dict(written.tags), written.moves), 0, written.text, self._namer, kind=kind)
            index.add_rows(self.conn, source_id, [row])
            index.finish_source(self.conn, source_id)
        except (sqlite3.Error, index.SourceGone) as e:
            log.warning("could not list %s from its record: %s", path, e)
            return False
        self._on_event(("indexed", 0, source_id, 1, "", old_id))
        return True

    def _load_step(self) -> bool:
        """Read one batch of the first load; False when the index is busy (try next frame)."""
        load = self._loads[0]
        source, after = load
        assert self.conn is not None
        try:
            rows = index.entry_batch(self.conn, source, after, BATCH)
        except sqlite3.Error as e:
            if index.is_busy(e):
                return False
            self._loads.pop(0)
            self._index_trouble(e)
            return True
        names = self._file_names
        if rows:
            load[1] = rows[-1][0]
            if source is None:
                self._pending_entries.extend(entry_of(r, names) for r in rows if r[1] not in self._skip)
            else:
                self._upto[source] = rows[-1][0]
                self._pending_entries.extend(entry_of(r, names) for r in rows)
        if len(rows) < BATCH:
            if source is not None and source in self._again:
                self._again.discard(source)  # more rows were stored meanwhile: read on from here
            else:
                self._loads.pop(0)
        return True

    def _follow(self, source_id: int, old_id: int | None = None) -> None:
        """Rows of ``source_id`` were stored: list the new ones (and drop the file's old rows)."""
        self._skip.update(s for s in (source_id, old_id) if s is not None)
        if old_id is not None and old_id not in self._dropped:
            self._dropped.add(old_id)
            self._drop_source(old_id)
            self._pending_entries = [e for e in self._pending_entries if e.source != old_id]
            self.changed += 1
        if any(load[0] == source_id for load in self._loads):
            self._again.add(source_id)
        else:
            self._loads.append([source_id, self._upto.get(source_id, 0)])

    def _on_event(self, event: Event) -> None:
        from .jobs import FULL

        kind = event[0]
        if kind == "progress":
            _, job_id, label, done, total = event
            if job_id or total == 0:  # small files indexed here need no progress bar
                self.progress = (label, done, total)
        elif kind in ("rows", "indexed"):
            self._follow(event[2], event[-1])
        elif kind == "forgotten":
            self._drop_source(event[2])
            self.changed += 1
        elif kind == "imported":
            name, count = event[2], event[3]
            damaged, first = (event[4], event[5]) if len(event) > 5 else (0, "")
            self.say(imported_words(name, count, damaged, first), bad=bool(damaged))
        elif kind == "exported":
            dest, count = event[2], event[3]
            missing = event[4] if len(event) > 4 else 0
            text = f"Exported {count} game{'s' if count != 1 else ''} to {clean(dest, 100)}"
            if missing:
                text += f" ({missing} no longer in the library)"
            self.say(text, bad=bool(missing))
        elif kind == "removed":
            count = event[2] if len(event) > 2 and isinstance(event[2], int) else 1
            self.say("Game deleted" if count == 1 else f"{count} games deleted")
        elif kind == "note":
            self.say(event[2], bad=True)
        elif kind == "reset":
            self._reset()
        elif kind == "failed":
            asked = self._jobs.get(event[1], ("index",))[0] not in ("index", "tidy")
            if len(event) > 3 and event[3] == FULL and not asked:
                if not self._full_said:  # a full disk is said once, not once a file indexed
                    self._full_said = True
                    self.say(event[2], bad=True)
            elif event[2].startswith("The library cannot work here"):
                if not self._fatal_said:
                    self._fatal_said = True
                    self.say(event[2], bad=True)
            else:
                self.say(event[2], bad=True)
            what = self._jobs.get(event[1])
            if what and what[0] == "remove":
                for source in what[2]:
                    self._reload_source(source)
        elif kind == "done":
            self._jobs.pop(event[1], None)
            if self.worker is not None and not self.worker.busy:
                self.progress = None

    # -- one game, one row ---------------------------------------------------------

    def _show(self, entries: Iterable[Entry]) -> None:
        """Add rows to the list: of the copies of one game, only the best is shown."""
        plain: list[Entry] = []
        touched: set[str] = set()
        for e in entries:
            if e.key:
                self._copies.setdefault(e.key, []).append(e)
                touched.add(e.key)
            else:
                plain.append(e)
        self._show_best(touched, plain)

    def _show_best(self, keys: Iterable[str], plain: list[Entry] | None = None) -> None:
        shown = list(plain or [])
        hidden: set[int] = set()
        for key in keys:
            group = self._copies.get(key)
            if not group:
                continue
            best = max(group, key=lambda e: (RANK.get(e.kind, 0), e.modified, e.id))
            shown.append(best)
            hidden.update(id(e) for e in group if e is not best)
        if hidden:
            self.catalog.remove(lambda e: id(e) in hidden)
        self.catalog.add(shown)

    def _drop(self, predicate: Callable[[Entry], bool]) -> None:
        """Take rows out of the list (and out of the copies of their game: another copy may show)."""
        self.catalog.remove(predicate)
        touched = []
        for key, group in list(self._copies.items()):
            kept = [e for e in group if not predicate(e)]
            if len(kept) != len(group):
                touched.append(key)
                if kept:
                    self._copies[key] = kept
                else:
                    del self._copies[key]
        self._show_best(touched)

    def _drop_source(self, source: int) -> None:
        self._drop(lambda e: e.source == source)

    def copies(self, entry: Entry) -> list[Entry]:
        """Every row of the game ``entry`` shows (itself first), shown or not."""
        others = [e for e in self._copies.get(entry.key, []) if e is not entry] if entry.key else []
        return [entry, *others]

    # -- the store's unfinished games --------------------------------------------

    def _start_unfinished(self) -> None:
        from ..store.unfinished import record_files

        try:
            self._unfinished_todo = record_files()
        except Exception as e:  # never a traceback for the store's records
            log.warning("unfinished games cannot be listed: %s", e)
            self._unfinished_todo = []
        self._drop_source(UNFINISHED_SOURCE)
        self.unfinished = {}

    def _unfinished_step(self, n: int = 8) -> None:
        """Read a few of the store's records (every one is listed, however many)."""
        from ..store.unfinished import read_entry

        todo = self._unfinished_todo
        assert todo is not None
        entries: list[Entry] = []
        for modified, game_id, path in todo[:n]:
            u = read_entry(game_id, path, modified)
            if u.game is not None and u.game.outcome is not None:
                continue  # a finished game's record waits for start_up to archive it
            if u.game is not None and not u.game.moves and u.game.start == type(u.game.start).initial():
                continue  # an unplayed new game (or one undone to its start) is no row of 0 moves
            eid = -(len(self.unfinished) + 2)  # index ids are positive: these never meet them
            self.unfinished[eid] = u
            entries.append(self._unfinished_entry(eid, u))
        del todo[:n]
        if not todo:
            self._unfinished_todo = None
        if entries:
            self._show(entries)
            self.changed += 1

    def _unfinished_entry(self, eid: int, u: UnfinishedGame) -> Entry:
        """A row for an unfinished game: its date and time of day are its record's last change."""
        when = time.localtime(u.modified or 0)
        plies = u.game.ply if u.game is not None else 0
        opening = ""
        if u.game is not None and self._namer is not None:
            try:
                found = self._namer(u.game)
                opening = clean(found.label) if found is not None else ""
            except Exception:
                opening = ""
        return Entry(eid, UNFINISHED_SOURCE, "unfinished", -1 if u.broken else 0,
                     clean(u.player("black")), clean(u.player("white")), "Unfinished game", "",
                     time.strftime("%Y-%m-%d %H:%M", when), "*", plies, opening,
                     clean(u.error or "", 200), u.modified or 0.0, clean(u.id, 40), "", u.id)

    def _load_unfinished(self) -> None:
        """Every unfinished game listed again (after one could not be deleted)."""
        self._start_unfinished()
        while self._unfinished_todo:
            self._unfinished_step()

    def _reload_source(self, source_id: int) -> None:
        self._drop_source(source_id)
        self._upto[source_id] = 0
        self._follow(source_id)
        self.changed += 1

    def say(self, text: str, bad: bool = False) -> None:
        self.news.append((clean(text, 200), bad))
        del self.news[:-20]

    # -- actions --------------------------------------------------------------

    def import_file(self, path: StrPath) -> int:
        """Copy a PDN file into the library and index it, in the background.

        Raises LibraryError at once for a path that is plainly not a file; read
        problems arrive later as news.  The player's file is only read.
        """
        p = typed_path(path, "a PDN file to import")
        shown = _path_words(str(p))
        try:
            if not os.path.lexists(p):
                raise LibraryError(f"no such file: {shown}")
            if p.is_dir():
                raise LibraryError(f"{shown} is a folder, not a PDN file")
        except OSError as e:
            raise LibraryError(f"cannot read {shown}: {e.strerror or e}") from None
        return self._submit("import", str(p), str(self.imported_dir), what=("import", str(p)))

    def paste(self, text: str) -> int:
        """Add the PDN games of ``text`` (the clipboard) to the library, in the background."""
        if not text or not text.strip():
            raise LibraryError("the clipboard holds no text; copy a PDN game first")
        return self._submit("paste", text, str(self.imported_dir), what=("paste",))

    def export(self, entries: Iterable[Entry], dest: StrPath) -> int:
        """Write ``entries`` to a new PDN file ``dest`` in the background (never over an existing file)."""
        from .jobs import check_export_path, not_a_file

        entries = [e for e in entries if e.number >= 0 and e.kind != "unfinished"]
        if not entries:
            raise LibraryError("no games to export")
        p = typed_path(dest, "the PDN file to write")
        try:
            folder = p.is_dir() or os.fsdecode(dest).rstrip().rstrip("'\"").endswith(("/", os.sep))
        except OSError:
            folder = False
        if p.suffix.lower() != ".pdn" and p.name not in ("", ".", "..") and not folder and not not_a_file(p):
            p = p.with_name(p.name + ".pdn")
        elif folder:
            p = Path(str(p) + os.sep)  # check_export_path says it is a folder
        try:
            p = check_export_path(p)
        except ValueError as e:
            raise LibraryError(str(e)) from None
        return self._submit("export", [e.id for e in entries], str(p), what=("export", str(p)))

    def delete(self, entries: Entry | Iterable[Entry]) -> int | None:
        """Delete games from their files (a file goes when it held only those), in the background.

        The rows leave the list at once; if the deletion fails they come back.
        An unreadable file's row deletes nothing: it is only hidden until next time.
        """
        chosen = [entries] if isinstance(entries, Entry) else list(entries)
        # a game is deleted with all its copies (one game, one row: the others are not shown)
        chosen += [c for e in list(chosen) for c in self.copies(e)[1:] if all(c is not d for d in chosen)]
        ids = {id(e) for e in chosen}
        self._drop(lambda e: id(e) in ids)
        self.changed += 1
        from ..store.unfinished import GameInUse, delete_unfinished

        failed = in_use = 0
        for entry in chosen:
            if entry.kind == "unfinished":
                u = self.unfinished.pop(entry.id, None)
                try:
                    if u is not None and not delete_unfinished(u.id):
                        failed += 1
                except GameInUse:  # another window plays it: refused, and said
                    failed += 1
                    in_use += 1
        if failed:
            if in_use:
                self.say("Not deleted: the game is open in another window; close it there first" if in_use == 1
                         else f"{in_use} games not deleted: they are open in another window", bad=True)
            else:
                self.say("The game could not be deleted" if failed == 1
                         else f"{failed} games could not be deleted", bad=True)
            self._load_unfinished()
        games = [e for e in chosen if e.kind != "unfinished" and e.number >= 0]
        gone = len([e for e in chosen if e.kind == "unfinished"]) - failed
        if not games:
            if gone:
                self.say("Game deleted" if gone == 1 else f"{gone} games deleted")
            return None
        return self._submit("remove", [e.id for e in games],
                            what=("remove", [e.id for e in games], sorted({e.source for e in games})))

    def load_game(self, entry: Entry) -> LoadedGame:
        """The game of ``entry`` as a ``store.saves.LoadedGame``; LibraryError if it cannot be shown."""
        if entry.kind == "unfinished":
            return self._unfinished_game(entry)
        if entry.number < 0:
            raise LibraryError(entry.error or "this file cannot be read")
        if self.conn is None:
            raise LibraryError("the library's index cannot be read")
        try:
            found = index.game_text(self.conn, entry.id)
        except sqlite3.Error as e:
            if index.is_busy(e):
                raise LibraryError("the library's index is busy; try again in a moment") from None
            self._index_trouble(e)
            raise LibraryError("the library's index could not be read; it is being rebuilt") from None
        if found is None:
            raise LibraryError("that game is no longer in the library (its file changed)")
        text, sub, path, number = found
        from ..store.saves import games_from_text

        try:
            games = games_from_text(text)
        except ValueError as e:
            raise LibraryError(clean(f"cannot read the game: {e}", 200)) from None
        if sub >= len(games):
            raise LibraryError("that game cannot be found in its file any more")
        loaded = games[sub]
        loaded.index = number
        return loaded

    def _unfinished_game(self, entry: Entry) -> LoadedGame:
        from ..store.saves import LoadedGame

        u = self.unfinished.get(entry.id)
        if u is None or u.game is None:
            raise LibraryError((u.error if u is not None else "") or "this unfinished game cannot be read")
        tags = {"Event": "Unfinished game", "Black": u.player("black"), "White": u.player("white")}
        for key, tag in (("black", "BlackLevel"), ("white", "WhiteLevel")):
            if key in u.levels and key not in u.humans:
                tags[tag] = str(u.levels[key])
        return LoadedGame(0, tags, u.game, "*", None)

    def unfinished_record(self, entry: Entry) -> UnfinishedGame | None:
        """The store's record behind an unfinished game's row (to resume it under its own id), or None."""
        return self.unfinished.get(entry.id) if entry.kind == "unfinished" else None

    def close(self) -> None:
        """End the worker (an unfinished import resumes next time) and close the index."""
        if self.worker is not None:
            self.worker.close()
            self.worker = None
        self._loads = []
        if self.conn is not None:
            try:
                self.conn.close()
            except Exception:
                pass
            self.conn = None
        if self._lock is not None:
            self._lock.close()
            self._lock = None
        if self._temp_home is not None:
            shutil.rmtree(self._temp_home, ignore_errors=True)
            self._temp_home = None
