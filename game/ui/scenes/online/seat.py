"""The player's seat in an unfinished online game, kept on disk so the game can be reopened from
2 Players after the window closed (its clock runs meanwhile, as when the connection drops).

One small JSON file in the data folder: the server's address (or that this game hosted it),
the game's code and the seat's token.  Forgotten when the game ends or the player leaves it
finished; a file that cannot be read is as no seat.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

MAX_BYTES = 2000


def _path() -> Path:
    from ....store import data_dir

    return data_dir() / "online-seat.json"


def remember(url: str, game: str, token: str, hosted: bool) -> None:
    """Keep the seat (written whole or not at all; a disk that refuses only loses the way back from the menu)."""
    from ....store.jsonfile import write_json

    path = _path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    write_json(path, {"url": url, "game": game, "token": token, "hosted": bool(hosted)}, what="the online seat")


def last() -> dict[str, Any] | None:
    """``{"url", "game", "token", "hosted"}`` of the seat kept, or None."""
    from ....store.jsonfile import read_json

    try:
        data = read_json(_path(), limit=MAX_BYTES, what="the online seat")
    except (OSError, ValueError):   # a file that cannot be read is as no seat
        return None
    if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in ("url", "game", "token")):
        return None
    return data


def forget() -> None:

    try:
        _path().unlink(missing_ok=True)
    except OSError:
        pass
