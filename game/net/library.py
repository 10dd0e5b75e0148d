"""A finished online game into the player's library: the one place the net part calls the store.

Both players' games write the same PDN: the game's id is made of when the server
created it and its code (``20261129-002815-<code in hex>``), so its Date, Time
and GameId are the same on both sides, and saving it again (after a reconnect)
replaces that one file.  The moves carry their clocks (``[%clock]``).
"""

from __future__ import annotations

import re
from pathlib import Path

from ..rules import BLACK, WHITE
from .view import GameView

__all__ = ["game_id", "save_finished", "tags"]

_STARTED = re.compile(r"\A[0-9]{8}-[0-9]{6}\Z")


def game_id(view: GameView) -> str | None:
    """The store's id of ``view``'s game, None without the server's start time."""
    if not _STARTED.match(view.started) or not view.code:
        return None
    return f"{view.started}-{view.code.encode('ascii', 'replace').hex()}"


def tags(view: GameView) -> dict[str, str | None]:
    out: dict[str, str | None] = {"Event": "Online game", "Site": f"Online game {view.code}",
                                  "Black": view.names[BLACK] or "?", "White": view.names[WHITE] or "?"}
    if view.control is not None:
        out["TimeControl"] = view.control.pdn
    return out


def save_finished(view: GameView, folder: str | Path | None = None) -> Path:
    """Archive the finished game of ``view`` (``folder``: the store's archive folder by default); its path.
    StoreError (one line) when it cannot be written."""
    from ..store.archive import archive_game

    return archive_game(view.game, game_id=game_id(view), tags=tags(view), comments=view.clock_comments(),
                        folder=folder)
