"""The library the Load screen shows: open it, keep it up to date, act on its games.

``Library.open()`` compares the files of the library's folders with the index
(size and modification time) and loads the rows of unchanged files from the
index; changed and new files go to the background worker.  The screen calls
``update()`` once a frame: it loads a slice of rows (a few milliseconds at
most) and takes the worker's news (progress, files indexed, imports, exports,
deletions, failures).  Nothing here waits on parsing; only small index reads
run on the caller's thread.
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

from ..store import paths
from . import index
from .catalog import Catalog
from .entry import Entry
from .text import clean

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any

    from ..store.paths import StrPath
    from ..store.saves import LoadedGame
    from ..store.unfinished import UnfinishedGame
    from .jobs import Event
    from .scan import Namer
    from .worker import Worker

log = logging.getLogger("checkers.library")

FOLDER_KINDS = ("saved", "archived", "imported")
UNFINISHED_SOURCE = -1  # the store's unfinished games: few and small, read here, not indexed
# Files up to this size are indexed here, a few per frame (a saved game takes about a
# millisecond); starting the background process is worth it only for bigger ones.
INLINE_BYTES = 64 * 1024


class LibraryError(ValueError):
    """A request the library cannot do (a path that is not a file, nothing chosen); one line."""


def library_dir(data: StrPath | None = None) -> Path:
    return (paths.data_dir() if data is None else Path(data)) / "library"


def default_folders(data: StrPath | None = None) -> list[tuple[Path, str]]:
    """``[(folder, kind)]``: saved games, archived games (when the store keeps them), imports."""
    data = paths.data_dir() if data is None else Path(data)
    folders = [(data / "games", "saved")]
    archive = getattr(paths, "archive_dir", None)
    if archive is not None:
        try:
            folders.append((Path(archive()) if data == paths.data_dir() else data / Path(archive()).name,
                            "archived"))
        except Exception:
            pass
    folders.append((library_dir(data) / "imported", "imported"))
    return folders


def pdn_files(folder: StrPath) -> list[Path]:
    """The PDN files of a folder (not hidden ones, not temporaries).  Never raises."""
    try:
        with os.scandir(folder) as it:
            out = []
            for e in it:
                if e.name.startswith(".") or not e.name.lower().endswith(".pdn"):
                    continue
                try:
                    if e.is_file():
                        out.append(Path(e.path))
                except OSError:
                    continue
            return out
    except OSError:
        return []


def entry_of(row: Iterable[Any], file_names: dict[int, str]) -> Entry:
    (gid, source, kind, number, black, white, event, site, levels, date, result, plies, opening, error,
     mtime_ns, path_key) = row
    name = file_names.get(source)
    if name is None:
        name = file_names[source] = clean(os.path.basename(os.fsdecode(bytes(path_key))), 80)
    return Entry(gid, source, kind, number, black or "?", white or "?", event or "", levels or "",
                 date or "", result or "*", plies or 0, opening or "", error or "", (mtime_ns or 0) / 1e9, name,
                 site or "")


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
        self._worker_factory = worker_factory
        self.worker: Worker | None = None
        self.progress: tuple[str, int, int] | None = None  # (label, done, total) while the worker reports progress
        self.news: list[tuple[str, bool]] = []  # (text, bad) one-liners for the screen, oldest first
        self.version: str | None = None
        self._loads: list[Iterator[list[Entry]]] = []  # row generators still being read
        self._pending_entries: list[Entry] = []
        self._file_names: dict[int, str] = {}
        self._skip: set[int] = set()      # sources whose rows come by their own load (stale or re-indexed)
        self._upto: dict[int, int] = {}   # source -> the highest game id read so far (rows come as they are stored)
        self._feeding: set[int] = set()   # sources with a load under way
        self._again: set[int] = set()     # ...and more rows stored since it started
        self._dropped: set[int] = set()   # old ids of re-indexed files, whose rows are gone
        self._jobs: dict[int, tuple[Any, ...]] = {}  # job id -> what it was for
        self._inline: list[tuple[Path, str]] = []  # small stale files, indexed a few per frame by update()
        self._want_unfinished = unfinished and data is None  # the store's own folder only
        self.unfinished: dict[int, UnfinishedGame] = {}  # entry id -> the store's record
        self._namer: Namer | None = None
        self.changed = 0           # bumped whenever the catalog changes (the screen redraws)
        self.opened_at: float | None = None
        self.loaded_at: float | None = None

    # -- opening --------------------------------------------------------------

    def open(self) -> None:
        """Connect to the index, load what is fresh, send what is stale to the worker.  Never raises."""
        self.opened_at = time.perf_counter()
        try:
            self.conn = index.connect(self.db_path)
        except Exception as e:  # a folder we cannot write: the library is empty, the game goes on
            log.warning("library index unusable: %s", e)
            self.say(f"The library cannot keep its index: {clean(e, 120)}", bad=True)
            self.conn = None
            return
        from . import jobs, scan

        self._namer = scan.opening_namer()
        self.version = jobs.index_version(self._namer)
        known = index.known_sources(self.conn)
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
        for key, (sid, *_rest) in known.items():
            if key not in seen:
                index.forget_source(self.conn, sid)  # the file is gone (deleted, moved)
        # small files first: the player's own saved games appear at once
        for path, kind, size in sorted(stale, key=lambda s: s[2]):
            if size <= INLINE_BYTES:
                self._inline.append((path, kind))
            else:
                self._submit("index", path, kind, what=("index", str(path)))
        self._loads.append(self._rows_of(None))

    def _open_index(self) -> sqlite3.Connection:
        """The index rows are read from; LibraryError once it is closed (update() drops that load)."""
        if self.conn is None:
            raise LibraryError("the library's index is closed")
        return self.conn

    def _rows_of(self, source_id: int | None) -> Iterator[list[Entry]]:
        """Batches of entries of every fresh file, read from the index."""
        names = self._file_names
        for rows in index.entry_rows(self._open_index(), source_id, batch=250):
            yield [entry_of(r, names) for r in rows if r[1] not in self._skip]

    def _follow(self, source_id: int, old_id: int | None = None) -> None:
        """Rows of ``source_id`` were stored: list the new ones (and drop the file's old rows)."""
        self._skip.update(s for s in (source_id, old_id) if s is not None)
        if old_id is not None and old_id not in self._dropped:
            self._dropped.add(old_id)
            self.catalog.remove_source(old_id)
            self._pending_entries = [e for e in self._pending_entries if e.source != old_id]
            self.changed += 1
        if self.conn is None:
            return
        if source_id in self._feeding:
            self._again.add(source_id)
        else:
            self._feeding.add(source_id)
            self._loads.append(self._rows_after(source_id))

    def _rows_after(self, source_id: int) -> Iterator[list[Entry]]:
        names = self._file_names
        while True:
            self._again.discard(source_id)
            for rows in index.entry_rows(self._open_index(), source_id, batch=250,
                                         after=self._upto.get(source_id, 0)):
                self._upto[source_id] = rows[-1][0]
                yield [entry_of(r, names) for r in rows]
            if source_id not in self._again:
                self._feeding.discard(source_id)
                return

    @property
    def loading(self) -> bool:
        return bool(self._loads or self._pending_entries or self._inline)

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
        if self._want_unfinished:
            self._want_unfinished = False
            self._load_unfinished()
        steps = 0  # at least one step a frame, however slow, so the work always ends
        while self._inline and self.conn is not None and (steps == 0 or time.perf_counter() < deadline):
            from .jobs import run_job

            steps += 1
            path, kind = self._inline.pop(0)
            run_job(self.conn, ("index", 0, path, kind), self._on_event, self._namer, self.version)
        while self._loads and (steps == 0 or time.perf_counter() < deadline):
            steps += 1
            try:
                rows = next(self._loads[0])
            except StopIteration:
                self._loads.pop(0)
                continue
            except Exception as e:  # the index went bad under us: say so, keep what we have
                log.warning("library index read failed: %s", e)
                self._loads.pop(0)
                continue
            self._pending_entries.extend(rows)
        if self._pending_entries and (not self._loads or len(self._pending_entries) >= 5000):
            self.catalog.add(self._pending_entries)
            self._pending_entries = []
            self.changed += 1
        if not self.loading and self.loaded_at is None and self.opened_at is not None:
            self.loaded_at = time.perf_counter()

    def _on_event(self, event: Event) -> None:
        kind = event[0]
        if kind == "progress":
            _, job_id, label, done, total = event
            if job_id:  # small files indexed here need no progress bar
                self.progress = (label, done, total)
        elif kind in ("rows", "indexed"):
            self._follow(event[2], event[-1])
        elif kind == "forgotten":
            self.catalog.remove_source(event[2])
            self.changed += 1
        elif kind == "imported":
            _, _, name, count = event
            self.say(f"Imported {count} game{'s' if count != 1 else ''} from {name}")
        elif kind == "exported":
            _, _, dest, count = event
            self.say(f"Exported {count} game{'s' if count != 1 else ''} to {clean(dest, 100)}")
        elif kind == "removed":
            self.say("Game deleted")
        elif kind == "failed":
            self.say(event[2], bad=True)
            what = self._jobs.get(event[1])
            if what and what[0] == "remove":
                self._reload_source(what[2])
        elif kind == "done":
            self._jobs.pop(event[1], None)
            if self.worker is not None and not self.worker.busy:
                self.progress = None

    def _load_unfinished(self) -> None:
        """The store's unfinished games as rows (they resume where they were left)."""
        try:
            from ..store.unfinished import list_unfinished

            games = list_unfinished()
        except Exception as e:  # never a traceback for the store's records
            log.warning("unfinished games cannot be listed: %s", e)
            return
        self.catalog.remove_source(UNFINISHED_SOURCE)
        self.unfinished = {}
        entries: list[Entry] = []
        for n, u in enumerate(games):
            eid = -(n + 2)  # index ids are positive: these never meet them
            self.unfinished[eid] = u
            when = time.localtime(u.modified or 0)
            plies = u.game.ply if u.game is not None else 0
            opening = ""
            if u.game is not None and self._namer is not None:
                try:
                    found = self._namer(u.game)
                    opening = clean(found.label) if found is not None else ""
                except Exception:
                    opening = ""
            entries.append(Entry(eid, UNFINISHED_SOURCE, "unfinished", -1 if u.broken else 0,
                                 clean(u.player("black")), clean(u.player("white")), "Unfinished game", "",
                                 time.strftime("%Y.%m.%d", when), "*", plies, opening,
                                 clean(u.error or "", 200), u.modified or 0.0, clean(u.id, 40)))
        self.catalog.add(entries)
        self.changed += 1

    def _reload_source(self, source_id: int) -> None:
        self.catalog.remove_source(source_id)
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
        text = str(path).strip().strip('"').strip("'")
        if not text:
            raise LibraryError("type the path of a PDN file to import")
        p = Path(os.path.expanduser(text))
        if not p.exists():
            raise LibraryError(f"no such file: {clean(text, 100)}")
        if p.is_dir():
            raise LibraryError(f"{clean(text, 100)} is a folder, not a PDN file")
        return self._submit("import", str(p), str(self.imported_dir), what=("import", str(p)))

    def export(self, entries: Iterable[Entry], dest: StrPath) -> int:
        """Write ``entries`` to a new PDN file ``dest`` in the background (never over an existing file)."""
        entries = [e for e in entries if e.number >= 0]
        if not entries:
            raise LibraryError("no games to export")
        text = str(dest).strip().strip('"').strip("'")
        if not text:
            raise LibraryError("type the path of the PDN file to write")
        p = Path(os.path.expanduser(text))
        if p.suffix.lower() != ".pdn":
            p = p.with_name(p.name + ".pdn")
        if p.exists():
            raise LibraryError(f"{clean(str(p), 100)} already exists; choose another name")
        return self._submit("export", [e.id for e in entries], str(p), what=("export", str(p)))

    def delete(self, entry: Entry) -> int | None:
        """Delete one game from its file (the file goes when it was its only game), in the background.

        The row leaves the list at once; if the deletion fails it comes back.
        An unreadable file's row deletes nothing: it is only hidden until next time.
        """
        self.catalog.remove(lambda e: e is entry)
        self.changed += 1
        if entry.kind == "unfinished":
            from ..store.unfinished import delete_unfinished

            u = self.unfinished.pop(entry.id, None)
            if u is not None:
                if delete_unfinished(u.id):
                    self.say("Game deleted")
                else:
                    self.say("The game could not be deleted", bad=True)
                    self._load_unfinished()
            return None
        if entry.number < 0:
            return None
        return self._submit("remove", entry.id, what=("remove", entry.id, entry.source))

    def load_game(self, entry: Entry) -> LoadedGame:
        """The game of ``entry`` as a ``store.saves.LoadedGame``; LibraryError if it cannot be shown."""
        if entry.kind == "unfinished":
            return self._unfinished_game(entry)
        if entry.number < 0:
            raise LibraryError(entry.error or "this file cannot be read")
        if self.conn is None:
            raise LibraryError("the library's index cannot be read")
        found = index.game_text(self.conn, entry.id)
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
