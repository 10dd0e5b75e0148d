"""Every unfinished game, kept until it is finished or the player deletes it.

One record per game in ``<data>/unfinished/<id>.json`` (the autosave format
of ``autosave``), written atomically after every move.  Starting another game
makes another record: nothing ever replaces an unfinished game.  Continue
resumes the newest (``latest_unfinished``); the others are listed
(``list_unfinished``) to resume or delete.  When a game ends, ``save_unfinished``
archives it as PDN (``archive``) and only then drops its record.

A record that cannot be read is one broken entry of the list (with its
error), never an exception; opening it sets the file aside under a new name
(``<id>.json.bad-<timestamp>``) and the error says exactly where.

The game of a session marked ephemeral (started from the command line) is
never written here.
"""

from __future__ import annotations

import logging
import os
import time
import weakref
from dataclasses import dataclass, field
from pathlib import Path

from ..textfile import excerpt
from . import paths
from .archive import _archived, archive_game_file, archived_files, unarchive
from .autosave import read_record, write_record
from .gamefile import GAME_ID as _ID
from .gamefile import WrittenGame, player_name
from .gamefile import new_game_id as new_game_id
from .lock import FileLock, LockTimeout

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Mapping
    from typing import Any

    from ..rules import Game
    from .autosave import Levels
    from .paths import StrPath

log = logging.getLogger("checkers.store")

SUFFIX = ".json"
FINISHED = "finished"  # the mark in a record's extra: the game is over, its archive may be unwritten


class UnfinishedError(ValueError):
    """A game id that is not one of ours; the message quotes (an excerpt of) it."""


class GameInUse(OSError):
    """Another window (another process) has the game open; the message is one line."""


OWNERS = ".owners"  # the folder of the games' owner locks, beside their records


def own_game(game_id: str, folder: StrPath | None = None) -> FileLock:
    """Claim the unfinished game ``game_id`` for this process, without waiting: the lock, held until it is
    released or the process ends (a kill releases it).  GameInUse when another process holds it;
    another OSError (LockUnusable) when the lock cannot be made."""
    record = _path(game_id, folder)
    lock = FileLock(record.parent / OWNERS / game_id, timeout=0)
    try:
        lock.acquire()
    except LockTimeout:
        raise GameInUse("this game is open in another window") from None
    _owned[lock.path] = lock
    return lock


# the owner locks this process took (own_game), by lock file: a deletion here of a game this process owns
# goes ahead, since flock refuses a second claim even to the same process
_owned: weakref.WeakValueDictionary[str, FileLock] = weakref.WeakValueDictionary()


def _owned_here(lock_path: str) -> bool:
    held = _owned.get(lock_path)
    return held is not None and held.held


def _path(game_id: str, folder: StrPath | None = None) -> Path:
    if not isinstance(game_id, str) or not _ID.match(game_id):
        raise UnfinishedError(f"not a game id: {excerpt(repr(game_id), 40)}")
    return (paths.unfinished_dir() if folder is None else Path(folder)) / (game_id + SUFFIX)


@dataclass
class UnfinishedGame:
    """One entry of the list: a game to resume, or a broken record (``error``)."""

    id: str
    path: Path
    modified: float = 0.0
    game: Game | None = None                       # None when broken
    mode: str = "1p"
    levels: dict[str, str] = field(default_factory=dict)  # {"white": "Expert"}
    humans: list[str] = field(default_factory=list)       # ["black"]
    extra: dict[str, Any] = field(default_factory=dict)
    saved_at: str = ""
    warning: str | None = None                     # part of the record was dropped
    error: str | None = None                       # the record cannot be resumed (one line)

    @property
    def broken(self) -> bool:
        return self.game is None

    def player(self, key: str) -> str:
        """"You" (or the name given; "Player 1" and "Player 2" between two people) or "Computer (Expert)"
        for ``"black"``/``"white"``."""
        from .gamefile import clean_name, person_name

        persons = [k for k in ("black", "white") if k in self.humans or k not in self.levels]
        names = self.extra.get("names")
        person = clean_name(names.get(key) if isinstance(names, dict) else None) or person_name(key, persons)
        return player_name("human", person=person) if key in persons else player_name("computer", self.levels[key])

    @property
    def title(self) -> str:
        """One printable line: ``You vs Computer (Expert), 23 plies`` (or the error)."""
        if self.game is None:
            return f"Unreadable saved game: {self.error}"
        return f"{self.player('black')} vs {self.player('white')}, {self.game.ply} plies"

    @property
    def when(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))


@dataclass
class Kept:
    """What ``keep_unfinished`` did: ``ok`` when the game is safely on disk, else ``error`` says why
    (one line, in a player's words: "the disk is full"); ``archived`` is the finished game's file."""

    ok: bool
    error: str | None = None
    archived: Path | None = None
    written: WrittenGame | None = None  # the archived file as written (the library is told of it)


def save_unfinished(game_id: str, game: Game, mode: str = "1p", levels: Mapping[str, str] | None = None,
                    humans: Iterable[str] | None = None, extra: Mapping[str, Any] | None = None, *,
                    ephemeral: bool = False, tags: Mapping[str, str | None] | None = None,
                    folder: StrPath | None = None) -> bool:
    """Keep ``game`` under ``game_id`` (after every move); True when it is safely on disk.
    (``keep_unfinished`` also says why not.)"""
    return keep_unfinished(game_id, game, mode, levels, humans, extra, ephemeral=ephemeral, tags=tags,
                           folder=folder).ok


def keep_unfinished(game_id: str, game: Game, mode: str = "1p", levels: Mapping[str, str] | None = None,
                    humans: Iterable[str] | None = None, extra: Mapping[str, Any] | None = None, *,
                    ephemeral: bool = False, tags: Mapping[str, str | None] | None = None,
                    folder: StrPath | None = None, comments: Mapping[int, str] | None = None) -> Kept:
    """Keep ``game`` under ``game_id`` (after every move).

    A finished game is archived (PDN with players, levels, date and result,
    ``tags`` added, ``comments`` after its moves: their clocks) and its unfinished record removed; the record is updated
    first and removed last, so a failure or a kill in between keeps it (and
    ``start_up`` finishes the job).  A game taken back after it ended (undo) is
    an unfinished game again: its archived file goes once its record is
    written, so it has one entry.  ``ephemeral``: nothing is written.  Never
    raises for a disk problem: ``Kept.ok`` is False and ``Kept.error`` says why.
    """
    if ephemeral:
        return Kept(True)
    path = _path(game_id, folder)
    if game.outcome is not None:
        # the record says "finished" before the archive is written: a kill at any
        # moment leaves either a finished record (start_up archives it again, same
        # file) or nothing, never an unfinished record beside the archived game
        # marked finished in its extra, with how it ended: start_up finds it without replaying every
        # record, and a resignation or an agreed draw (not in the moves) is known again
        outcome = game.outcome
        mark = {"termination": outcome.termination,
                "winner": None if outcome.winner is None else ("black", "white")[outcome.winner]}
        error = _write(path, game, mode, levels, humans, {**(extra or {}), FINISHED: mark})
        if error is not None:
            return Kept(False, error)
        try:
            archived = archive_game_file(game, game_id=game_id, levels=levels, humans=humans, mode=mode, tags=tags,
                                         comments=comments)
        except (OSError, ValueError) as e:
            log.warning("could not archive the finished game %s: %s", game_id, e)
            # the finished record stays: start_up archives it next time
            return Kept(False, paths.why(e) if getattr(e, "errno", None) else _reason(e))
        paths.remove(path, "record of the finished game")
        if isinstance(archived, Path):
            return Kept(True, archived=archived)
        return Kept(True, archived=archived.path, written=archived)
    error = _write(path, game, mode, levels, humans, extra)
    if error is not None:
        return Kept(False, error)
    if game_id in _archived:  # this process archived it: it was taken back (undo after the end)
        unarchive(game_id)
    return Kept(True)


def _reason(e: BaseException) -> str:
    """A StoreError's words without the folder it names (the screen's line is short)."""
    text = " ".join(str(e).split())
    return text.rsplit(": ", 1)[-1][:120] if ": " in text else text[:120]


CHANGED = "this game was changed in another window since it was opened here; open it again"

# What this process last read or wrote of each record (a digest of its bytes, by path).  A record that is no
# longer what this process saw was written by another window meanwhile: writing over it would take that
# window's moves away, so the write is refused (CHANGED).  The owner lock (own_game) keeps a second window
# from writing while the first has the game; this catches a window that read the record before the owner's
# last moves and claimed the game once the owner let it go.
_seen: dict[str, bytes] = {}
# The same, by copy of a game read from its record (``UnfinishedGame.game``): a window holding an older copy is
# refused even after something else in this process read the record again (a listing, a check).
_copies: weakref.WeakKeyDictionary[Game, tuple[str, bytes]] = weakref.WeakKeyDictionary()


def _digest(path: Path) -> bytes | None:
    """A digest of the record's bytes as they are now; None when it is not there (or cannot be read)."""
    import hashlib

    from ..textfile import FileReadError, read_bytes
    from .autosave import MAX_BYTES

    try:
        data = read_bytes(path, limit=MAX_BYTES, what="the saved game", follow_symlinks=False)
    except (OSError, FileReadError):
        return None
    return hashlib.blake2b(data, digest_size=16).digest()


def _write(path: Path, game: Game, mode: str, levels: Levels | None, humans: Iterable[str] | None,
           extra: Mapping[str, Any] | None) -> str | None:
    """Write the record; None when done, else why not (one line)."""
    key = str(path)
    copy = _copies.get(game)
    seen = copy[1] if copy is not None and copy[0] == key else _seen.get(key)
    if seen is not None:
        now = _digest(path)
        if now is not None and now != seen:
            log.warning("not keeping %s: %s", path, CHANGED)
            return CHANGED
    try:
        write_record(path, game, mode, levels, humans, extra)
    except (OSError, ValueError) as e:
        log.warning("could not keep the unfinished game in %s: %s", path, e)
        return paths.why(e) if isinstance(e, OSError) else _reason(e)
    written = _digest(path)
    if written is not None:
        _seen[key] = written
        _copies[game] = (key, written)
    return None


def _entry(game_id: str, path: Path, modified: float) -> UnfinishedGame:
    entry = UnfinishedGame(game_id, path, modified)
    if os.path.islink(path):  # not a record the game wrote: a broken entry (opening it sets it aside)
        entry.error = "it is a link, not a saved game the game wrote"
        return entry
    seen = _digest(path)  # before the read: a change in between makes a later write refused, never lost
    try:
        saved = read_record(path)
    except ValueError as e:
        entry.error = " ".join(str(e).split())[:200]
        return entry
    except Exception as e:  # one bad file is one bad row, whatever it holds
        entry.error = f"cannot be read ({type(e).__name__})"
        return entry
    if saved is None:
        entry.error = "it is gone"
        return entry
    entry.game, entry.mode, entry.levels, entry.humans = saved.game, saved.mode, saved.levels, saved.humans
    entry.extra, entry.saved_at, entry.warning = saved.extra, saved.saved_at, saved.warning
    if seen is not None:
        _seen[str(path)] = seen
        _copies[saved.game] = (str(path), seen)
    return entry


def record_files(folder: StrPath | None = None) -> list[tuple[float, str, Path]]:
    """``(modified, id, path)`` of every record of the folder, the newest first, not read (cheap).

    Every record is listed, however many: none is out of the player's reach."""
    folder = paths.unfinished_dir() if folder is None else Path(folder)
    found: list[tuple[float, str, Path]] = []
    try:
        with os.scandir(folder) as it:
            for d in it:
                name = d.name
                if not name.endswith(SUFFIX) or not _ID.match(name[:-len(SUFFIX)]):
                    continue  # not one of ours (set-aside files, temporaries, anything else)
                try:
                    modified = d.stat(follow_symlinks=False).st_mtime
                except OSError:
                    modified = 0.0
                found.append((modified, name[:-len(SUFFIX)], Path(d.path)))
    except OSError:
        return []
    found.sort(reverse=True)
    return found


def may_be_finished(path: Path) -> bool:
    """A cheap look at a record, without replaying it: is it marked finished, or is its last position one
    with no move (what start_up must archive)?  True when it cannot tell (the full read decides)."""
    from ..rules import Position
    from .autosave import MAX_BYTES
    from .jsonfile import read_json

    try:
        data = read_json(path, limit=MAX_BYTES, what="the saved game")
        extra = data.get("extra") if isinstance(data, dict) else None
        if isinstance(extra, dict) and extra.get(FINISHED):
            return True
        fen = data.get("fen") if isinstance(data, dict) else None
        return not isinstance(fen, str) or not Position.from_fen(fen).legal_moves()
    except Exception:  # whatever it holds: the full read says
        return True


def ended_off_the_board(entry: UnfinishedGame) -> bool:
    """A record marked finished by a resignation, a loss on time or an agreed draw (which its moves do not
    show): its game ends so again.  True when the game is now over."""
    from ..rules import BLACK, RESIGNATION, WHITE
    from ..rules.game import AGREEMENT, TIME_FORFEIT

    mark = entry.extra.get(FINISHED)
    if entry.game is None or entry.game.outcome is not None or not isinstance(mark, dict):
        return False
    if mark.get("termination") == RESIGNATION and mark.get("winner") in ("black", "white"):
        entry.game.resign(WHITE if mark["winner"] == "black" else BLACK)
    elif mark.get("termination") == TIME_FORFEIT and mark.get("winner") in ("black", "white"):
        entry.game.lose_on_time(WHITE if mark["winner"] == "black" else BLACK)
    elif mark.get("termination") == AGREEMENT:
        entry.game.agree_draw()
    return entry.game.outcome is not None


def read_entry(game_id: str, path: Path, modified: float) -> UnfinishedGame:
    """One record read into an entry (a broken one with its error).  Never raises."""
    return _entry(game_id, path, modified)


def _records(folder: StrPath | None = None) -> Iterator[UnfinishedGame]:
    """Every record of the folder, the newest first, read one at a time (broken ones with their error)."""
    for modified, game_id, path in record_files(folder):
        yield _entry(game_id, path, modified)


def finished_records(folder: StrPath | None = None) -> list[UnfinishedGame]:
    """Records of games that are over (a kill came between archiving and removing them)."""
    return [e for e in _records(folder) if e.game is not None and e.game.outcome is not None]


def list_unfinished(folder: StrPath | None = None) -> list[UnfinishedGame]:
    """Every unfinished game, the newest first; a record that cannot be read is a broken entry.
    (A record of a game that is over, left by a kill, is not listed: ``start_up`` archives it.)

    Changes nothing on disk.  Never raises.
    """
    # a finished game's record is only there until start_up archives it: not a game to resume
    return [e for e in _records(folder) if e.game is None or e.game.outcome is None]


def has_unfinished(folder: StrPath | None = None) -> bool:
    """Is there any record to offer Continue for (cheap: the record is not read)?"""
    folder = paths.unfinished_dir() if folder is None else Path(folder)
    try:
        with os.scandir(folder) as it:
            return any(d.name.endswith(SUFFIX) and _ID.match(d.name[:-len(SUFFIX)]) for d in it)
    except OSError:
        return False


def latest_unfinished(folder: StrPath | None = None) -> UnfinishedGame | None:
    """The newest unfinished game that can be resumed (what Continue opens), or None."""
    for entry in _records(folder):  # read until the first that resumes, not the whole folder
        if not entry.broken and entry.game is not None and entry.game.outcome is None:
            return entry
    return None


def load_unfinished(game_id: str, folder: StrPath | None = None) -> UnfinishedGame:
    """The game ``game_id`` to resume.  A broken record is set aside and its ``error`` says where.

    Raises UnfinishedError only for an id that is not one of ours.
    """
    path = _path(game_id, folder)
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    entry = _entry(game_id, path, modified)
    if entry.broken and os.path.lexists(path):
        assert entry.error is not None  # a broken entry says why
        aside = paths.set_file_aside(path)
        entry.error += f"; the file was set aside as {aside}" if aside else "; the file could not be moved"
        log.warning("unfinished game %s: %s", game_id, entry.error)
    elif entry.warning:
        # the next save would drop the unreadable tail: keep the original under a new name
        aside = paths.set_file_aside(path)
        if aside:
            entry.warning += f"; the original record was set aside as {aside}"
    return entry


def delete_unfinished(game_id: str, folder: StrPath | None = None) -> bool:
    """The player deletes an unfinished game; True when it is gone.

    GameInUse (one line: "this game is open in another window") when another window (another process)
    has the game open: deleting it there would be undone by that window's next move, or lose its moves
    silently.  The game's owner lock is held while its record goes, so no window claims it meanwhile."""
    path = _path(game_id, folder)
    lock = FileLock(path.parent / OWNERS / game_id, timeout=0)
    claimed = False
    if not _owned_here(lock.path):
        try:
            lock.acquire()
            claimed = True
        except LockTimeout:
            raise GameInUse("this game is open in another window") from None
        except OSError as e:  # a lock that cannot be made (a read-only folder): the removal says what it can
            log.warning("cannot claim the game %s to delete it: %s", game_id, e)
    try:
        if _mirrored_id() == game_id:  # the autosave behind Continue is this game: it goes too
            paths.remove(paths.autosave_path(), "autosave")
        gone = paths.remove(path, "unfinished game")
        if gone and claimed:
            try:
                os.unlink(lock.path)  # the game is gone: its lock file too (removed while held)
            except OSError:
                pass
        return gone
    finally:
        lock.release()


def _mirrored_id() -> str | None:
    """The game id the autosave names, or None."""
    try:
        saved = read_record(paths.autosave_path())
    except Exception:
        return None
    named = saved.extra.get("game_id") if saved is not None else None
    return named if isinstance(named, str) and _ID.match(named) else None


def is_archived(game_id: str) -> bool:
    """Is the game ``game_id`` in the archive (a file of its name carrying its GameId)?"""
    return bool(archived_files(game_id))


def adopt_autosave(folder: StrPath | None = None) -> str | None:
    """Move the single autosave of earlier versions into the store; its id there, or None.

    An autosave that names its game's id (``extra["game_id"]``, written by a
    game that keeps both) and whose record exists is that record's mirror and
    is left alone; one whose record is missing goes in under that id.  The
    file is renamed, not rewritten: an unreadable one becomes a broken entry of
    the list, still there for the player.
    """
    old = paths.autosave_path()
    if not os.path.lexists(old):
        return None
    game_id = _mirrored_id()  # None for an unreadable file: adopted as it is, a broken entry
    if game_id is not None and os.path.lexists(_path(game_id, folder)):
        return None  # the mirror of a record the store already keeps
    if game_id is not None and is_archived(game_id):
        paths.remove(old, "autosave of a game already archived")  # the game is in the archive
        return None
    game_id = game_id or new_game_id()
    target = _path(game_id, folder)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        os.link(old, target, follow_symlinks=False)  # never replaces a record; a link stays a link
        os.unlink(old)
    except OSError as e:
        log.warning("could not move the autosave %s into %s: %s", old, target.parent, e)
        return None
    return game_id
