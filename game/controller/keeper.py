"""A match's game on its one way to disk: when it is kept, how a failure is retried, what to say.

The ``Match`` owns one ``GameKeeper``; the play screen only shows its line.
After every change the game is kept under its id among the store's unfinished
games (``store.unfinished.keep_unfinished``), and once it ends it is archived
there with its result (``store.archive``), which "Your record" keeps apart
from the files (``store.results``).  The path, one way down:

    Match.keep() -> GameKeeper.keep -> store.unfinished.keep_unfinished -> store.archive.archive_game
    -> store.gamefile.write_game_file (and store.results.remember_result); the library, opened, lists
    the file from the record written (store.gamefile.written_game), without reading it again

A failed write never loses the game: it stays in memory, ``line`` says in
one line why ("the disk is full") and what to do, the next change (a move)
tries again, Ctrl+S tries at once, and leaving or quitting asks first while
it is unsaved (``warning``).

One owner at a time: an unfinished game is claimed (``claim``) by the first
window that opens it, through a lock only a live process holds
(``store.unfinished.own_game``).  A second window opening the same game is
refused the claim and keeps nothing for the whole of its visit (it read the
game before the owner's later moves, so writing would take them away): it
says so (``read_only``).

A game between two computers is kept once it ends (it is archived); left
unfinished, it is not the player's game and is not kept.  A game from the
command line (``ephemeral``) is kept nowhere.
"""

from __future__ import annotations

import logging

from ..store.gamefile import StoreError, new_game_id
from ..store.lock import FileLock

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from ..rules import Game
    from .record import MatchRecord

log = logging.getLogger("checkers.controller")

READ_ONLY = "this game is open in another window"


class GameKeeper:
    """What of a match is on disk, and the words for the player when it is not."""

    def __init__(self, ephemeral: bool = False) -> None:
        self.ephemeral = ephemeral
        self.unsaved = False                 # the last change could not be written
        self.error: str | None = None        # why (a player's words)
        self.archived: Path | None = None    # the finished game's archived file
        self.read_only: str | None = None    # why this window keeps nothing of the game (another owns it)
        self._owner: FileLock | None = None  # the claim on the game's id while this window keeps it
        self._owned_id: str | None = None
        self._copy_id: str | None = None     # an ephemeral game's saved copy (one file, saved again in place)
        self.keeping = False                 # the match keeps itself after each change (``Match.keep_on_disk``)
        self.line: str | None = None         # the status line to show next (a failure, the recovery, a refusal)
        self._kept_state: tuple[object, ...] | None = None  # the game as last kept: an unchanged one is not rewritten
        # the store holds this game (kept once, or opened from it): undone back to its start, it is removed,
        # so Continue never offers an older state of it
        self.on_disk = False

    # -- one owner at a time -------------------------------------------------------------

    def claim(self, game_id: str | None) -> str | None:
        """Take the game ``game_id`` for this window; None when it is ours, else the line saying why
        this window keeps nothing of it (another window has it open)."""
        if self.ephemeral or game_id is None or self.read_only is not None:
            return self.read_only_line()
        if self._owned_id == game_id:
            return None
        from ..store.unfinished import GameInUse, own_game

        self.release()
        try:
            self._owner = own_game(game_id)
            self._owned_id = game_id
        except GameInUse as e:
            self.read_only = str(e)
            return self.read_only_line()
        except OSError as e:  # a lock that cannot be made (a read-only folder): the write says why
            log.warning("cannot claim the game %s: %s", game_id, e)
        return None

    def read_only_line(self) -> str | None:
        if self.read_only is None:
            return None
        return f"Not kept: {self.read_only} — the moves made here are not saved (Ctrl+S saves a copy)"

    def __del__(self) -> None:
        self.release()

    def release(self, finished: bool = False) -> None:
        """Let another window have the game (leaving it, or the match closing); ``finished``: the game is
        over and archived, so its lock file goes too (removed while still held: nobody waits on it)."""
        owner, self._owner, self._owned_id = self._owner, None, None
        if owner is None:
            return
        if finished:
            import contextlib
            import os

            with contextlib.suppress(OSError):
                os.unlink(owner.path)
        owner.release()

    # -- keeping ----------------------------------------------------------------------------

    def changed(self, game: Game, record: MatchRecord) -> None:
        """The match changed (a move, undo, redo, resignation, a turn begun): keep it if it differs from
        what was kept and is worth continuing (a new game once it has a move); the line to show, if any,
        waits in ``line``."""
        if not self.keeping:
            return
        from ..rules import Position

        state = (len(game.moves), game.position, game.outcome is not None)
        if state == self._kept_state:
            return
        self._kept_state = state
        if game.outcome is None and not game.moves and game.start == Position.initial():
            # nothing worth continuing: a new game, or one undone to its start (no 0-move row in the library,
            # and Continue never offers an older state of it): what was kept of it goes
            self._forget(record.game_id)
            return
        line = self.keep(game, record)
        if line:  # said at the next frame, once the move it came with has cleared the old position's words
            self.line = line

    def _forget(self, game_id: str | None) -> None:
        """The unfinished record this window kept of ``game_id`` goes (the game was undone to its start)."""
        if not self.on_disk or game_id is None or self.ephemeral or self.claim(game_id) is not None:
            return
        from ..store.unfinished import delete_unfinished

        try:
            if delete_unfinished(game_id):
                self.on_disk = False
        except Exception as e:  # the game goes on whatever the store does; the old record stays
            log.warning("could not remove the unfinished game %s: %s", game_id, e)

    def take_line(self) -> str | None:
        """The status line waiting to be shown, once."""
        line, self.line = self.line, None
        return line

    def keep(self, game: Game, record: MatchRecord) -> str | None:
        """Keep the game after a change; a line for the screen (a failure, or the recovery) or None."""
        if self.ephemeral or record.game_id is None:
            return None
        if record.mode == "watch" and game.outcome is None:
            return None
        if self.claim(record.game_id) is not None:
            return None  # said once when the game opened (and again on leaving)
        from ..store.unfinished import CHANGED, keep_unfinished

        try:
            kept = keep_unfinished(record.game_id, game, record.mode, record.levels(), record.humans(),
                                   record.store_extra(), tags=record.pdn_tags(), comments=record.clock_comments())
        except Exception as e:  # the game must go on whatever the store does
            log.warning("could not keep the game: %s", e)
            kept = None
        if kept is not None and kept.ok:
            self.on_disk = True
            was = self.unsaved
            self.unsaved, self.error, self.archived = False, None, kept.archived
            if game.outcome is not None:
                self.release(finished=True)  # finished and archived: nothing left to own
            return "Saved: your game is on disk again" if was else None
        if kept is not None and kept.error == CHANGED:
            # another window moved the game on since this one read it: keeping this copy would take those
            # moves away, so this window keeps nothing more of it, as when another window has it open
            self.read_only = CHANGED
            self.release()
            return self.read_only_line()
        self.unsaved = True
        self.error = kept.error if kept is not None and kept.error else "the disk refused"
        return self.failure_line()

    def failure_line(self) -> str:
        """One line: what went wrong, that nothing is lost, and what to do."""
        error = self.error or "the disk refused"
        if "full" in error:
            remedy = "free some space, then Ctrl+S"
        elif "read-only" in error or "permission" in error:
            remedy = "make the data folder writable, then Ctrl+S"
        else:
            remedy = "Ctrl+S tries again"
        return f"Could not save: {error} — your game is kept in memory; {remedy}"

    def warning(self) -> str | None:
        """The words for leaving or quitting while the game is not on disk, or None."""
        if self.read_only is not None:
            return f"The moves made here are not kept: {self.read_only}. Ctrl+S saves a copy first."
        if not self.unsaved:
            return None
        return f"This game could not be saved ({self.error}): it is lost if you leave now. Free some space " \
               "or fix the folder, then Ctrl+S."

    def save_now(self, game: Game, record: MatchRecord) -> tuple[Path | None, str]:
        """Ctrl+S, or Save on the game-over card: ``(path or None, line for the screen)``.

        The game is kept again first (a retry after a failure); then its PDN copy
        is written to the games folder as the game's own file, so saving again
        replaces it (the library lists one game once, whatever copies it has).
        A window that does not own the game saves a copy of its own.
        """
        from ..store.saves import save_kept_game

        if not self.ephemeral and record.game_id is not None and self.read_only is None:
            self.keep(game, record)
            game_id = record.game_id
        else:
            if self._copy_id is None:
                self._copy_id = new_game_id()
            game_id = self._copy_id
        try:
            written = save_kept_game(game, record.pdn_tags(), game_id, comments=record.clock_comments())
            path = written.path  # the library is told of it (store.gamefile.written_game)
        except StoreError as e:
            why = f"Not saved: {e}"
            return None, why if not self.unsaved else self.failure_line()
        except Exception as e:  # never a traceback for the player
            log.warning("save failed: %s", e)
            return None, f"Not saved: {e}"
        if self.unsaved:  # the copy is written, the game's own record is not: say both
            return path, f"Saved as {path}, but {self.error} kept the game's own record from being updated"
        return path, f"Saved as {path}"

