"""The player's puzzle progress: their rating, each puzzle's rating, what they tried and solved.

One small JSON file in the data folder, ``puzzles.json``::

    {"version": 1,
     "player": {"rating": 1512.3, "rd": 180.2, "volatility": 0.06},
     "puzzles": {"tinsley-0042-37": {"rating": 1466.0, "rd": 240.1, "volatility": 0.06}, ...},
     "attempts": {"tinsley-0042-37": 2, ...}, "solved": {"tinsley-0042-37": 1, ...},
     "recent": ["tinsley-0042-37", ...]}

Plain numbers only: the rating arithmetic is ``game.training.rating``'s.  As with the
settings, ``load_puzzle_progress()`` never fails: a missing file is a new player; a file
that cannot be read whole (not JSON, the wrong shapes, not a regular file, too large)
keeps whatever is valid, is set aside as ``puzzles.json.bad-<timestamp>`` before
anything is saved, and says so in ``problems``; if it cannot be moved, the record is
never saved over it.  ``save_puzzle_progress()`` writes the whole record atomically.

Each attempt is kept with ``update_puzzle_progress(change)``: a read-modify-write under the
record's lock (``store.lock``, ``puzzles.json.lock``), so two windows with the Puzzles screen
open never write over each other's attempts.  A record of many puzzles may be megabytes, so
an attempt does not rewrite it: what the change altered (a few entries) is appended, with a
sequence number, as one line to the journal ``puzzles.json.journal`` and made durable.  The
record is read once per process and kept; a later change reads only the journal's new lines
(another window's attempts) before it applies its own.  Reading the record applies the
journal's lines whose number is above the ``seq`` the file was written with; once the
journal passes ``COMPACT_AT`` bytes it is folded into the file (written atomically with the
new ``seq``) and removed, so a kill between the two never counts a line twice.  A torn last
line (a kill during the append) was never acknowledged and is skipped.  Call these from a
worker thread: the lock may wait for the other window.
"""

from __future__ import annotations

import errno
import json
import logging
import math
import os
import stat
from dataclasses import dataclass, field, replace

from ..textfile import excerpt
from . import paths
from .jsonfile import MISSING, BadJsonFile, read_json, write_json
from .lock import FileLock

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from .paths import StrPath

log = logging.getLogger("checkers.store")

RECORD_VERSION = 1
MAX_BYTES = 16 * 1024 * 1024   # a rating per puzzle: a few MB for every puzzle ever mined
MAX_ID = 120                   # characters of a puzzle id
MAX_RECENT = 50                # ids kept of the puzzles served last
MAX_COUNT = 10 ** 9
MAX_JOURNAL = 16 * 1024 * 1024   # the journal's cap: past it, it is set aside (and said)
COMPACT_AT = 256 * 1024          # a journal this long is folded into the record


@dataclass(frozen=True)
class StoredRating:
    """A Glicko-2 rating as stored: the rating, its deviation and volatility."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06

    def to_json(self) -> dict[str, float]:
        return {"rating": round(self.rating, 2), "rd": round(self.rd, 2), "volatility": round(self.volatility, 6)}


@dataclass
class PuzzleProgress:
    """What the game remembers of the player's puzzles (see the module's docstring)."""

    player: StoredRating = field(default_factory=StoredRating)
    puzzles: dict[str, StoredRating] = field(default_factory=dict)   # id -> the puzzle's rating so far
    attempts: dict[str, int] = field(default_factory=dict)           # id -> attempts counted
    solved: dict[str, int] = field(default_factory=dict)             # id -> of those, solved
    recent: list[str] = field(default_factory=list)                  # ids served, oldest first
    problems: list[str] = field(default_factory=list)                # lines for the screen (not saved)
    no_save: bool = False            # the unreadable file could not be set aside: never write over it
    seq: int = 0                     # the number of the journal's last line this record holds
    theme: str = ""                  # the theme the player chose last ("": every theme)

    def copy(self) -> PuzzleProgress:
        """A copy whose dicts and lists are its own (the ratings are frozen values, shared)."""
        return replace(self, puzzles=dict(self.puzzles), attempts=dict(self.attempts),
                       solved=dict(self.solved), recent=list(self.recent), problems=list(self.problems))

    def note_served(self, puzzle_id: str) -> None:
        """Remember that ``puzzle_id`` was shown now (the last MAX_RECENT are kept)."""
        if puzzle_id in self.recent:
            self.recent.remove(puzzle_id)
        self.recent.append(puzzle_id)
        del self.recent[:-MAX_RECENT]

    def note_attempt(self, puzzle_id: str, solved: bool) -> None:
        self.attempts[puzzle_id] = min(MAX_COUNT, self.attempts.get(puzzle_id, 0) + 1)
        if solved:
            self.solved[puzzle_id] = min(MAX_COUNT, self.solved.get(puzzle_id, 0) + 1)

    def to_json(self) -> dict[str, object]:
        return {"version": RECORD_VERSION, "player": self.player.to_json(),
                "puzzles": {k: v.to_json() for k, v in sorted(self.puzzles.items())},
                "attempts": dict(sorted(self.attempts.items())), "solved": dict(sorted(self.solved.items())),
                "recent": list(self.recent), "seq": self.seq, "theme": self.theme}


def puzzle_progress_path() -> StrPath:
    return paths.data_dir() / "puzzles.json"


def _number(value: object, low: float, high: float) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    number = float(value)
    return number if math.isfinite(number) and low <= number <= high else None


def _rating(value: object) -> StoredRating | None:
    if not isinstance(value, dict):
        return None
    r = _number(value.get("rating"), 0, 5000)
    rd = _number(value.get("rd"), 1, 1000)
    vol = _number(value.get("volatility"), 0.000001, 1)
    if r is None or rd is None or vol is None:
        return None
    return StoredRating(r, rd, vol)


def puzzle_id_problem(ident: object) -> str | None:
    """Why ``ident`` cannot be a puzzle's id (a phrase), or None when it can.  The one rule
    for ids: the record keeps only such ids, and ``training.puzzle`` refuses a puzzle
    without one, so an attempt at a puzzle never gets the record set aside."""
    if not isinstance(ident, str) or not ident:
        return "no id"
    if len(ident) > MAX_ID:
        return f"an id of {len(ident)} characters is too long (at most {MAX_ID})"
    if not ident.isprintable():
        return "the id has characters that cannot be shown"
    return None


def _good_id(key: object) -> bool:
    return puzzle_id_problem(key) is None


def _good_theme(theme: object) -> bool:
    return isinstance(theme, str) and len(theme) <= 40 and theme.isprintable()


def record_from_json(data: object) -> tuple[PuzzleProgress, list[str]]:
    """The record in decoded JSON, and what of it could not be kept (one phrase each; none: all kept)."""
    if not isinstance(data, dict):
        return PuzzleProgress(), [f"not a JSON object but a {type(data).__name__}"]
    record = PuzzleProgress()
    lost: list[str] = []
    if data.get("version") != RECORD_VERSION:
        lost.append(f"version {excerpt(repr(data.get('version')), 20)}, expected {RECORD_VERSION}")
    unknown = sorted(str(k) for k in data if k not in ("version", "player", "puzzles", "attempts", "solved",
                                                        "recent", "seq", "theme"))
    if unknown:
        lost.append("unknown " + ", ".join(excerpt(k, 20) for k in unknown[:5]))
    if "player" in data:
        player = _rating(data["player"])
        if player is None:
            lost.append(f"bad player rating {excerpt(repr(data['player']), 40)}")
        else:
            record.player = player
    bad = 0
    puzzles = data.get("puzzles", {})
    if isinstance(puzzles, dict):
        for key, value in puzzles.items():
            rating = _rating(value)
            if rating is None or not _good_id(key):
                bad += 1
            else:
                record.puzzles[key] = rating
    else:
        lost.append("the puzzles' ratings are not an object")
    for name, counts in (("attempts", record.attempts), ("solved", record.solved)):
        value = data.get(name, {})
        if not isinstance(value, dict):
            lost.append(f"{name} is not an object")
            continue
        for key, count in value.items():
            n = _number(count, 0, MAX_COUNT)
            if n is None or n != int(n) or not _good_id(key):
                bad += 1
            else:
                counts[key] = int(n)
    recent = data.get("recent", [])
    if isinstance(recent, list):
        good = [k for k in recent if _good_id(k)]
        bad += len(recent) - len(good)
        record.recent = good[-MAX_RECENT:]
    else:
        lost.append("recent is not a list")
    theme = data.get("theme", "")
    if _good_theme(theme):
        record.theme = theme
    else:
        lost.append(f"bad theme {excerpt(repr(theme), 20)}")
    seq = _number(data.get("seq", 0), 0, 2 ** 62)
    if seq is None or seq != int(seq):
        lost.append(f"bad seq {excerpt(repr(data.get('seq')), 20)}")
    else:
        record.seq = int(seq)
    if bad:
        lost.append(f"{bad} bad entr{'y' if bad == 1 else 'ies'} dropped")
    return record, lost


def journal_path(path: StrPath) -> str:
    return os.fspath(path) + ".journal"


def _identity(path: StrPath) -> tuple[int, int, int, int] | None:
    """What tells one version of the file from another (a rewrite changes it), or None."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


@dataclass
class _Book:
    """What this process knows of one record file: the record as the file and journal hold it,
    the file's identity when it was read, and how far into the journal it has been read."""

    record: PuzzleProgress
    snapshot: tuple[int, int, int, int] | None
    journal: tuple[int, int] | None = None   # the journal's (device, inode) read so far
    offset: int = 0                           # bytes of it applied (whole lines)


_books: dict[str, _Book] = {}


def _read_file(path: StrPath) -> PuzzleProgress:
    """The record file alone (no journal): set aside and said when it cannot be read whole."""
    try:
        data = read_json(path, limit=MAX_BYTES, what="the puzzle progress")
    except BadJsonFile as e:
        return _fresh_after(path, str(e))
    except Exception as e:  # never let this file stop the game
        return _fresh_after(path, f"the puzzle progress cannot be read ({_short(e)})")
    if data is MISSING:
        return PuzzleProgress()
    try:
        record, lost = record_from_json(data)
    except Exception as e:
        record, lost = PuzzleProgress(), [f"unreadable ({_short(e)})"]
    if lost:
        _report(record, f"puzzle progress: {_clip('; '.join(lost))}; kept the rest" + _set_aside(path, record))
    return record


def _apply(record: PuzzleProgress, entry: object) -> bool:
    """Apply one journal line (decoded) to ``record``; False when it is not a usable line."""
    if not isinstance(entry, dict):
        return False
    seq = _number(entry.get("seq"), 1, 2 ** 62)
    if seq is None or seq != int(seq):
        return False
    if seq <= record.seq:
        return True  # already in the file (the journal outlived a fold)
    if "player" in entry:
        player = _rating(entry["player"])
        if player is not None:
            record.player = player
    puzzles = entry.get("puzzles", {})
    if isinstance(puzzles, dict):
        for key, value in puzzles.items():
            rating = _rating(value)
            if value is None:
                record.puzzles.pop(key, None)
            elif rating is not None and _good_id(key):
                record.puzzles[key] = rating
    for name, counts in (("attempts", record.attempts), ("solved", record.solved)):
        value = entry.get(name, {})
        if isinstance(value, dict):
            for key, count in value.items():
                n = _number(count, 0, MAX_COUNT)
                if count is None:
                    counts.pop(key, None)
                elif n is not None and n == int(n) and _good_id(key):
                    counts[key] = int(n)
    recent = entry.get("recent")
    if isinstance(recent, list):
        record.recent = [k for k in recent if _good_id(k)][-MAX_RECENT:]
    theme = entry.get("theme")
    if theme is not None and _good_theme(theme):
        record.theme = str(theme)
    record.seq = int(seq)
    return True


def _diff(old: PuzzleProgress, new: PuzzleProgress) -> dict[str, object]:
    """What ``new`` changed of ``old``, as a journal line's fields (None: an entry removed)."""
    entry: dict[str, object] = {}
    if new.player != old.player:
        entry["player"] = new.player.to_json()
    a_ratings, b_ratings = old.puzzles, new.puzzles
    ratings: dict[str, object] = {k: v.to_json() for k, v in b_ratings.items()
                                  if a_ratings.get(k) is not v and a_ratings.get(k) != v}
    ratings.update({k: None for k in a_ratings if k not in b_ratings})
    if ratings:
        entry["puzzles"] = ratings
    for name in ("attempts", "solved"):
        a, b = getattr(old, name), getattr(new, name)
        counts: dict[str, object] = {k: v for k, v in b.items() if a.get(k) != v}
        counts.update({k: None for k in a if k not in b})
        if counts:
            entry[name] = counts
    if new.recent != old.recent:
        entry["recent"] = list(new.recent)
    if new.theme != old.theme:
        entry["theme"] = new.theme
    return entry


def _open_journal(path: str, flags: int) -> int:
    """A descriptor of the journal, a regular file never reached through a link; OSError if not."""
    fd = os.open(path, flags | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
                 | getattr(os, "O_CLOEXEC", 0), 0o644)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(errno.EINVAL, "not a regular file")
    return fd


def _catch_up(book: _Book, path: StrPath) -> None:
    """Apply the journal's lines past ``book.offset`` (all of them for a new journal)."""
    name = journal_path(path)
    try:
        fd = _open_journal(name, os.O_RDONLY)
    except FileNotFoundError:
        book.journal, book.offset = None, 0
        return
    except OSError as e:
        _journal_aside(book, name, f"it cannot be read ({e.strerror or e})")
        return
    try:
        st = os.fstat(fd)
        ident = (st.st_dev, st.st_ino)
        if ident != book.journal or st.st_size < book.offset:
            book.journal, book.offset = ident, 0
        if st.st_size > MAX_JOURNAL:
            os.close(fd)
            fd = -1
            _journal_aside(book, name, f"it is too large ({st.st_size} bytes; at most {MAX_JOURNAL})")
            return
        os.lseek(fd, book.offset, os.SEEK_SET)
        chunks = []
        left = st.st_size - book.offset
        while left > 0:
            chunk = os.read(fd, min(1 << 20, left))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as e:
        _journal_aside(book, name, f"it cannot be read ({e.strerror or e})")
        return
    finally:
        if fd >= 0:
            os.close(fd)
    data = b"".join(chunks)
    end = data.rfind(b"\n") + 1      # whole lines only: a torn last one waits (or stays torn)
    bad = 0
    for line in data[:end].splitlines():
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError):
            entry = None
        if not _apply(book.record, entry):
            bad += 1
    book.offset += end
    if bad:
        log.warning("puzzle progress: %d unreadable line(s) of the journal skipped", bad)


def _journal_aside(book: _Book, name: str, why: str) -> None:
    aside = paths.set_file_aside(name)
    where = f"set aside as {aside}" if aside is not None else "it could not be moved, so nothing is saved"
    if aside is None:
        book.record.no_save = True
    _report(book.record, f"puzzle progress: the journal {os.path.basename(name)}: {why}; {where}")
    book.journal, book.offset = None, 0


def _book(path: StrPath) -> tuple[_Book, list[str]]:
    """The record as the file and its journal hold it now, and the problems found on the way.
    Read whole only when this process has not read it or the file was rewritten since;
    otherwise only the journal's new lines.  Call under the record's lock."""
    key = os.fspath(path)
    book = _books.get(key)
    ident = _identity(path)
    if book is None or ident is None or book.snapshot != ident or book.record.no_save:
        book = _Book(_read_file(path), _identity(path))
        _books[key] = book
    _catch_up(book, path)
    problems = list(book.record.problems)
    book.record.problems = []   # said once, to the caller that found them
    return book, problems


def _fold(book: _Book, path: StrPath) -> bool:
    """Write the record whole (with its ``seq``) and remove the journal it holds; False if refused."""
    if book.record.no_save:
        return False
    if not write_json(path, book.record.to_json(), what="puzzle progress", sort_keys=True):
        return False
    book.snapshot = _identity(path)
    try:
        os.unlink(journal_path(path))
    except FileNotFoundError:
        pass
    except OSError as e:  # it stays: its lines are below the file's seq, so never counted twice
        log.warning("puzzle progress: the journal stays: %s", e)
    book.journal, book.offset = None, 0
    return True


def _locked(path: StrPath) -> FileLock | None:
    """The record's lock, held; None when it cannot be had (a read-only folder: then no other
    window can write either, so reading without it is safe; writing is refused)."""
    lock = FileLock(path)
    try:
        lock.acquire()
    except OSError as e:
        log.warning("puzzle progress: %s", e)
        return None
    return lock


def load_puzzle_progress(path: StrPath | None = None) -> PuzzleProgress:
    """The player's puzzle progress; a new one for anything missing or unreadable.  Never raises.

    Read whole the first time in a process (a big record takes a while: call it off the
    frame), then only what other windows added since."""
    path = puzzle_progress_path() if path is None else path
    lock = _locked(path)
    try:
        book, problems = _book(path)
        if lock is not None and book.offset > COMPACT_AT:
            _fold(book, path)
        record = book.record.copy()
        record.problems = problems
        return record
    except Exception as e:  # never let this file stop the game
        record = PuzzleProgress()
        _report(record, f"puzzle progress: cannot be read ({_short(e)})")
        record.no_save = True
        return record
    finally:
        if lock is not None:
            lock.release()


def _fresh_after(path: StrPath, why: str) -> PuzzleProgress:
    record = PuzzleProgress()
    _report(record, f"puzzle progress: {_clip(why)}; starting a new one" + _set_aside(path, record))
    return record


def _set_aside(path: StrPath, record: PuzzleProgress) -> str:
    aside = paths.set_file_aside(path)
    if aside is not None:
        return f"; the old file was set aside as {aside}"
    record.no_save = True
    return "; the old file could not be moved, so the record will not be saved over it"


def _report(record: PuzzleProgress, line: str) -> None:
    record.problems.append(line)
    log.warning("%s", line)


def save_puzzle_progress(record: PuzzleProgress, path: StrPath | None = None) -> bool:
    """Write the whole record atomically (over what other windows kept since); False (and a
    warning) when the disk refuses or the old unreadable file is still in the way."""
    if record.no_save:
        log.warning("puzzle progress: not saved, the unreadable file is still in the way")
        return False
    path = puzzle_progress_path() if path is None else path
    lock = _locked(path)
    if lock is None:
        return False
    try:
        book, _ = _book(path)
        if book.record.no_save:
            return False
        kept = record.copy()
        kept.problems, kept.seq = [], book.record.seq
        book.record = kept
        return _fold(book, path)
    except Exception as e:
        log.warning("puzzle progress: not saved: %s", _short(e))
        _books.pop(os.fspath(path), None)
        return False
    finally:
        lock.release()


def update_puzzle_progress(change: Callable[[PuzzleProgress], object],
                         path: StrPath | None = None) -> tuple[PuzzleProgress, bool]:
    """Apply ``change`` to the record as the file holds it now and keep what it changed; the
    record after the change, and whether it was kept (durably: written and synced).

    Read-modify-write under the record's lock: what another window kept since is read first
    (``change`` must compute from the record it is given, not from a copy read earlier).  A
    file damaged since is set aside first as ``load_puzzle_progress`` does (the returned
    record's ``problems`` say so); if it cannot be moved, nothing is written over it.  An
    exception raised by ``change`` is not caught: nothing is written.
    """
    path = puzzle_progress_path() if path is None else path
    lock = _locked(path)
    if lock is None:  # no lock, no write: the change is still shown
        record = load_puzzle_progress(path)
        change(record)
        return record, False
    try:
        book, problems = _book(path)
        work = book.record.copy()
        change(work)
        if book.record.no_save:
            work.problems = problems
            return work, False
        entry = _diff(book.record, work)
        entry["seq"] = book.record.seq + 1
        saved = _append(book, path, entry)
        if saved:
            _apply(book.record, entry)
            if book.offset > COMPACT_AT * 4:
                _fold(book, path)   # bounded even in a window that never leaves the screen
        out = book.record.copy() if saved else work
        out.problems = problems
        return out, saved
    finally:
        lock.release()


def _append(book: _Book, path: StrPath, entry: dict[str, object]) -> bool:
    """Append one line to the journal and sync it; False (and a warning) if the disk refuses."""
    name = journal_path(path)
    line = json.dumps(entry, sort_keys=True, separators=(",", ":")).encode() + b"\n"
    try:
        fd = _open_journal(name, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    except OSError as e:
        log.warning("puzzle progress: cannot save %s: %s", name, e)
        return False
    try:
        st = os.fstat(fd)
        if (st.st_dev, st.st_ino) != book.journal:
            book.journal, book.offset = (st.st_dev, st.st_ino), 0
        if st.st_size > book.offset:
            line = b"\n" + line   # a torn line of a killed window: ours starts on a line of its own
        written = 0
        while written < len(line):
            written += os.write(fd, line[written:])
        os.fsync(fd)
        book.offset = os.fstat(fd).st_size
    except OSError as e:
        log.warning("puzzle progress: cannot save %s: %s", name, e)
        _books.pop(os.fspath(path), None)   # what is on disk now is unsure: read it again next time
        return False
    finally:
        os.close(fd)
    return True


def _clip(text: object, limit: int = 200) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _short(e: BaseException) -> str:
    return str(e).splitlines()[0][:120] if str(e) else type(e).__name__
