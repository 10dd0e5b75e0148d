"""The library the Load screen shows: open it, keep it up to date, act on its games.

``Library.open()`` compares the files of the library's folders with the index
(size and modification time) and loads the rows of unchanged files from the
index; changed and new files go to the background worker (small ones are
indexed here, a few a frame).  The screen calls ``update()`` once a frame: it
loads a slice of rows (a few milliseconds at most) and takes the worker's news
(progress, files indexed, imports, exports, deletions, failures).

The window never waits on the database nor on parsing.  ``Library`` is made of one
part per job, each a module of this package:

- ``home``: the index's file and the window's connection (locked: again later; a
  read-only home: an index of this session only; a broken file: set aside);
- ``rescan``: which folders are listed, and what of them the index no longer matches;
- ``loading``: the index's rows read into the list, a batch at a time;
- ``inline``: small files indexed in the window, a game the store wrote listed from its record;
- ``events``: the worker's jobs, and its news made rows and one-liners;
- ``copies``: one game, one row, whatever copies of it there are;
- ``unfinished``: the store's unfinished games, read a few a frame;
- ``actions``: what the player asks (import, export, a game to show), checked at once.
"""

from __future__ import annotations

import sqlite3
import time

from . import index
from .actions import export_path, import_path, indexed_game
from .catalog import Catalog
from .copies import Copies
from .entry import Entry
from .errors import LibraryError
from .events import WorkerJobs, deleted_words, imported_words
from .home import IndexHome
from .inline import INLINE_BYTES, InlineIndexer
from .loading import RowLoader
from .rescan import FOLDER_KINDS, compare, default_folders, library_dir, pdn_files
from .text import clean
from .unfinished import UNFINISHED_SOURCE, UnfinishedGames, not_deleted_words

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from pathlib import Path

    from ..store.paths import StrPath
    from ..store.saves import LoadedGame
    from ..store.unfinished import UnfinishedGame
    from .jobs import Event
    from .scan import Namer
    from .worker import Worker

# the names this module had before it was split, which callers import from here
__all__ = ["FOLDER_KINDS", "Library", "LibraryError", "default_folders", "imported_words", "library_dir",
           "pdn_files"]


class Library:
    """The games of the library's folders, their index, and the background worker."""

    def __init__(self, data: StrPath | None = None, folders: Iterable[tuple[Path, str]] | None = None,
                 worker_factory: Callable[[Path], Worker] | None = None, unfinished: bool = True) -> None:
        self.root = library_dir(data)
        self.imported_dir = self.root / "imported"
        self.folders = list(folders) if folders is not None else default_folders(data)
        self.catalog = Catalog()
        self.news: list[tuple[str, bool]] = []  # (text, bad) one-liners for the screen, oldest first
        self.version: str | None = None
        self.changed = 0  # bumped whenever the catalog changes (the screen redraws)
        self.opened_at: float | None = None
        self.loaded_at: float | None = None
        self.home = IndexHome(self.root / "index.sqlite3", self.say)
        self.worker_jobs = WorkerJobs(self.home, worker_factory)
        self.loader = RowLoader(self._broken)
        self.inline = InlineIndexer(self._index_in_background, self._on_event)
        self.listing = Copies(self.catalog)  # one game, one row
        self.unfinished_games = UnfinishedGames()
        self._unfinished_wanted = unfinished and data is None  # the store's own folder only
        self._want_unfinished = self._unfinished_wanted
        self._namer: Namer | None = None

    # -- what the screen reads ------------------------------------------------

    @property
    def db_path(self) -> Path:
        return self.home.db_path

    @property
    def conn(self) -> sqlite3.Connection | None:
        return self.home.conn

    @property
    def worker(self) -> Worker | None:
        return self.worker_jobs.worker

    @property
    def progress(self) -> tuple[str, int, int] | None:
        """(label, done, total) while the worker reports progress."""
        return self.worker_jobs.progress

    @property
    def unfinished(self) -> dict[int, UnfinishedGame]:
        """Entry id -> the store's record, for the unfinished games listed."""
        return self.unfinished_games.records

    @property
    def loading(self) -> bool:
        return bool(self.loader.waiting or self.inline.todo or self.unfinished_games.todo
                    or self.home.retry_at is not None)

    @property
    def busy(self) -> bool:
        return self.worker_jobs.busy

    def say(self, text: str, bad: bool = False) -> None:
        self.news.append((clean(text, 200), bad))
        del self.news[:-20]

    # -- opening and rescans --------------------------------------------------

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
        opened = self.home.connect()
        if opened == "busy" and self.worker is None:  # the worker waits for it, and sets aside one stuck for good
            self.worker_jobs.submit("tidy", [], what=("tidy",))
            self.say("The library's index is in use; opening it as soon as it is free…")
        return opened == "open"

    def rescan(self) -> None:
        """Compare the folders with the index: list what is fresh, index what is stale.  Never raises."""
        conn = self.home.conn
        if conn is None:
            return
        try:
            found = compare(index.known_sources(conn), self.folders, self.version)
        except sqlite3.Error as e:
            self._broken(e)
            return
        self.loader.skip |= found.replaced
        self.loader.skip.update(found.gone)  # the file is gone (deleted, moved): not listed, forgotten by the worker
        try:
            orphans = index.has_orphans(conn)
        except sqlite3.Error:
            orphans = False
        if found.gone or orphans:
            self.worker_jobs.submit("tidy", found.gone, what=("tidy",))
        for path, kind, size in found.stale:
            if size <= INLINE_BYTES:
                self.inline.todo.append((path, kind))
            else:
                self._index_in_background(path, kind)
        self.loader.load_all()
        if self._want_unfinished:
            self._want_unfinished = False
            self._start_unfinished()

    def refresh(self) -> None:
        """Taken back after the player was elsewhere: files saved or imported meanwhile are listed too."""
        self._want_unfinished = self._unfinished_wanted
        self.opened_at, self.loaded_at = time.perf_counter(), None
        if self.home.conn is None:
            self.open()
        else:
            self.rescan()

    def _broken(self, e: BaseException) -> None:
        """A read of the index failed: a broken file is set aside and everything read afresh."""
        if self.home.broken(e):
            self.index_replaced()

    def index_replaced(self) -> None:
        """The index file was replaced (set aside and rebuilt): read everything afresh."""
        self.home.disconnect()
        self.listing.drop(lambda e: e.source != UNFINISHED_SOURCE)
        self.loader.reset()
        self.inline.todo = []
        self.changed += 1
        if self._connect():
            self.rescan()

    def _index_in_background(self, path: Path, kind: str) -> None:
        self.worker_jobs.submit("index", path, kind, what=("index", str(path)))

    # -- every frame ----------------------------------------------------------

    def update(self, budget: float = 0.006) -> None:
        """Load rows for at most ``budget`` seconds and take the worker's news.  Never raises."""
        deadline = time.perf_counter() + budget
        for event in self.worker_jobs.poll():
            self._on_event(event)
        if self.home.due and self._connect():
            self.rescan()
        steps = 0  # at least one step a frame, however slow, so the work always ends
        home = self.home
        if self.inline.todo and home.conn is not None and home.lock is not None:
            steps = self.inline.run(home.conn, home.lock, self._namer, self.version, deadline)
        while self.loader.loads and home.conn is not None and (steps == 0 or time.perf_counter() < deadline):
            steps += 1
            if not self.loader.step(home.conn):
                break  # the index is busy: next frame
        while self.unfinished_games.todo and (steps == 0 or time.perf_counter() < deadline):
            steps += 1
            self._show(self.unfinished_games.step(self._namer))
        self._show(self.loader.ready())
        if not self.loading and self.loaded_at is None and self.opened_at is not None:
            self.loaded_at = time.perf_counter()

    def _show(self, entries: list[Entry]) -> None:
        if entries:
            self.listing.show(entries)
            self.changed += 1

    # -- the worker's news (events.Listener) ----------------------------------

    def _on_event(self, event: Event) -> None:
        self.worker_jobs.handle(event, self)

    def rows_stored(self, source_id: int, old_id: int | None) -> None:
        """Rows of ``source_id`` were stored: list the new ones (and drop the file's old rows)."""
        if self.loader.follow(source_id, old_id) and old_id is not None:
            self.listing.drop_source(old_id)
            self.changed += 1

    def source_forgotten(self, source_id: int) -> None:
        self.listing.drop_source(source_id)
        self.changed += 1

    def rows_again(self, source_id: int) -> None:
        """A file's rows listed again from the index (a deletion of its games failed)."""
        self.listing.drop_source(source_id)
        self.loader.reload(source_id)
        self.changed += 1

    # -- the store's unfinished games -----------------------------------------

    def _start_unfinished(self) -> None:
        self.unfinished_games.start()
        self.listing.drop_source(UNFINISHED_SOURCE)

    def unfinished_record(self, entry: Entry) -> UnfinishedGame | None:
        """The store's record behind an unfinished game's row (to resume it under its own id), or None."""
        return self.unfinished_games.record(entry)

    # -- actions --------------------------------------------------------------

    def copies(self, entry: Entry) -> list[Entry]:
        """Every row of the game ``entry`` shows (itself first), shown or not."""
        return self.listing.of(entry)

    def import_file(self, path: StrPath) -> int:
        """Copy a PDN file into the library and index it, in the background.

        Raises LibraryError at once for a path that is plainly not a file; read
        problems arrive later as news.  The player's file is only read.
        """
        p = import_path(path)
        return self.worker_jobs.submit("import", str(p), str(self.imported_dir), what=("import", str(p)))

    def paste(self, text: str) -> int:
        """Add the PDN games of ``text`` (the clipboard) to the library, in the background."""
        if not text or not text.strip():
            raise LibraryError("the clipboard holds no text; copy a PDN game first")
        return self.worker_jobs.submit("paste", text, str(self.imported_dir), what=("paste",))

    def export(self, entries: Iterable[Entry], dest: StrPath) -> int:
        """Write ``entries`` to a new PDN file ``dest`` in the background (never over an existing file)."""
        entries = [e for e in entries if e.number >= 0 and e.kind != "unfinished"]
        if not entries:
            raise LibraryError("no games to export")
        p = export_path(dest)
        return self.worker_jobs.submit("export", [e.id for e in entries], str(p), what=("export", str(p)))

    def delete(self, entries: Entry | Iterable[Entry]) -> int | None:
        """Delete games from their files (a file goes when it held only those), in the background.

        The rows leave the list at once; if the deletion fails they come back.
        An unreadable file's row deletes nothing: it is only hidden until next time.
        """
        chosen = [entries] if isinstance(entries, Entry) else list(entries)
        # a game is deleted with all its copies (one game, one row: the others are not shown)
        chosen += [c for e in list(chosen) for c in self.copies(e)[1:] if all(c is not d for d in chosen)]
        ids = {id(e) for e in chosen}
        self.listing.drop(lambda e: id(e) in ids)
        self.changed += 1
        failed, in_use = self.unfinished_games.delete(chosen)
        if failed:
            self.say(not_deleted_words(failed, in_use), bad=True)
            self._start_unfinished()  # every unfinished game listed again
            while self.unfinished_games.todo:
                self._show(self.unfinished_games.step(self._namer))
        games = [e for e in chosen if e.kind != "unfinished" and e.number >= 0]
        gone = len([e for e in chosen if e.kind == "unfinished"]) - failed
        if not games:
            if gone:
                self.say(deleted_words(gone))
            return None
        return self.worker_jobs.submit("remove", [e.id for e in games],
                                what=("remove", [e.id for e in games], sorted({e.source for e in games})))

    def load_game(self, entry: Entry) -> LoadedGame:
        """The game of ``entry`` as a ``store.saves.LoadedGame``; LibraryError if it cannot be shown."""
        if entry.kind == "unfinished":
            return self.unfinished_games.game(entry)
        return indexed_game(self.home.conn, entry, self._broken)

    def close(self) -> None:
        """End the worker (an unfinished import resumes next time) and close the index."""
        self.worker_jobs.close()
        self.loader.loads = []
        self.home.close()
