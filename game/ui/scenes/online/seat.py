"""The player's seat in an unfinished online game, kept on disk so the game can be reopened from
2 Players after the window closed (its clock runs meanwhile, as when the connection drops).

One small JSON file in the data folder: the server's address (or that this game hosted it),
the game's code and the seat's token.  Forgotten when the game ends or the player leaves it
finished; a file that cannot be read is as no seat.
"""

import json
import os

MAX_BYTES = 2000


def _path():
    from ....store import data_dir

    return data_dir() / "online-seat.json"


def remember(url, game, token, hosted):
    path = _path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"url": url, "game": game, "token": token, "hosted": bool(hosted)}),
                       encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass   # reopening from the menu is a convenience: the game goes on without it


def last():
    """``{"url", "game", "token", "hosted"}`` of the seat kept, or None."""
    try:
        path = _path()
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in ("url", "game", "token")):
        return None
    return data


def forget():
    try:
        _path().unlink(missing_ok=True)
    except OSError:
        pass
