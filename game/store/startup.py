"""What the store does once when the game starts: tidy up after a crash, never losing a game.

- temporary files of saves that were interrupted (our own names only) are removed;
- the single autosave of earlier versions becomes one unfinished game of the store;
- a game whose record says it is over (the process died between archiving it
  and removing its record) is archived again (same file) and its record removed;
- a game whose record says it goes on and that is also archived (the process
  died between taking back its last move and removing its archived file) loses
  its archived file: one game, one entry;
- the temporary files of exports killed in the player's folders are removed.
"""

from __future__ import annotations

import logging
import os

from . import paths
from .archive import unarchive
from .unfinished import (
    FINISHED,
    adopt_autosave,
    ended_off_the_board,
    may_be_finished,
    read_entry,
    record_files,
    save_unfinished,
)

log = logging.getLogger("checkers.store")


def start_up() -> list[str]:
    """Tidy the store; one line per thing worth telling the player (usually none).  Never raises."""
    notes = []
    try:
        removed = paths.clean_stale_temporaries()
        if removed:
            log.info("removed %d temporary file(s) of interrupted saves", len(removed))
        adopt_autosave()
        archived = _archived_tails()
        for modified, game_id, path in record_files():
            # a cheap look first: only a record that may be over, or whose id the archive names, is replayed
            if not may_be_finished(path) and game_id.rsplit("-", 1)[-1] not in archived:
                continue
            entry = read_entry(game_id, path, modified)
            if entry.game is None:
                continue  # a broken record is listed for the player, as it is
            if entry.game.outcome is not None or ended_off_the_board(entry):
                extra = {k: v for k, v in entry.extra.items() if k != FINISHED}
                save_unfinished(entry.id, entry.game, entry.mode, entry.levels, entry.humans, extra)
            elif game_id.rsplit("-", 1)[-1] in archived and not entry.extra.get(FINISHED):
                unarchive(entry.id)  # taken back after it ended (its record says it goes on)
    except Exception as e:  # the game starts whatever the disk holds
        log.warning("store start-up: %s", e)
        notes.append(f"The saved games could not all be checked: {' '.join(str(e).split())[:160]}")
    return notes


def _archived_tails() -> set[str]:
    """The random parts of the ids the archive's file names end with (a cheap first look)."""
    tails = set()
    try:
        with os.scandir(paths.archive_dir()) as it:
            for d in it:
                stem = d.name[:-4] if d.name.endswith(".pdn") else ""
                word = stem.rsplit(" ", 1)[-1] if " " in stem else ""
                if word.startswith("(") and " " in stem[:-len(word) - 1]:  # "… a3f9c1 (2).pdn"
                    word = stem[:-len(word) - 1].rsplit(" ", 1)[-1]
                tails.add(word)
    except OSError:
        pass
    return tails
