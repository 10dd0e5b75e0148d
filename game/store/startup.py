"""What the store does once when the game starts: tidy up after a crash, never losing a game.

- temporary files of saves that were interrupted (our own names only) are removed;
- the single autosave of earlier versions becomes one unfinished game of the store;
- a game whose record says it is over (the process died between archiving it
  and removing its record) is archived again (same file) and its record removed.
"""

from __future__ import annotations

import logging

from . import paths
from .unfinished import adopt_autosave, finished_records, save_unfinished

log = logging.getLogger("checkers.store")


def start_up() -> list[str]:
    """Tidy the store; one line per thing worth telling the player (usually none).  Never raises."""
    notes = []
    try:
        removed = paths.clean_stale_temporaries()
        if removed:
            log.info("removed %d temporary file(s) of interrupted saves", len(removed))
        adopt_autosave()
        for entry in finished_records():
            assert entry.game is not None  # finished_records lists records that read
            save_unfinished(entry.id, entry.game, entry.mode, entry.levels, entry.humans, entry.extra)
    except Exception as e:  # the game starts whatever the disk holds
        log.warning("store start-up: %s", e)
        notes.append(f"The saved games could not all be checked: {' '.join(str(e).split())[:160]}")
    return notes
