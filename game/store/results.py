"""The results of the player's finished games, kept apart from the game files (``<data>/results.json``).

"Your record" counts a finished game from here, so deleting any file of it
(its archived copy, a saved copy, a report) never changes the record.  Each
game is one entry under its id (``GameId``) with the tags the record reads:
players, levels, result, date and time.  A game taken back after it ended
(undo) is forgotten until it ends again.

Changed by read-modify-write under the store's inter-process lock
(``lock.FileLock``), written atomically; a file that cannot be read is set
aside (``paths.set_file_aside``), never overwritten.
"""

from __future__ import annotations

import logging
from pathlib import Path

from . import paths
from .jsonfile import MISSING, BadJsonFile, read_json
from .lock import FileLock

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

log = logging.getLogger("checkers.store")

NAME = "results.json"
MAX_BYTES = 32 * 1024 * 1024  # about 150,000 games at ~200 bytes each
# the tags the record reads (training.record.result_of), and the event for the player's eye
KEPT_TAGS = ("Black", "White", "BlackLevel", "WhiteLevel", "BlackType", "WhiteType", "Result", "Date", "Time", "Event",
             "GameId")


def results_path() -> Path:
    return paths.data_dir() / NAME


def read_results(path: Path | None = None) -> dict[str, dict[str, str]]:
    """``{game id: tags}`` of every finished game kept; {} for no file.  BadJsonFile for one that
    cannot be read (the caller sets it aside or says so)."""
    data = read_json(results_path() if path is None else path, limit=MAX_BYTES, what="the results of your games")
    if data is MISSING:
        return {}
    games = data.get("games") if isinstance(data, dict) else None
    if not isinstance(games, dict):
        raise BadJsonFile("the results of your games are not in the form the game writes")
    return {k: {t: v for t, v in tags.items() if isinstance(v, str)} for k, tags in games.items()
            if isinstance(k, str) and isinstance(tags, dict)}


def remember_results(games: Iterable[Mapping[str, str]], path: Path | None = None) -> None:
    """Keep the results of finished games (each the tags of one, with its ``GameId``); a game kept
    before is replaced.  OSError (one line, ``paths.why``) when they cannot be kept."""
    _change(path, add=[{t: str(tags[t]) for t in KEPT_TAGS if tags.get(t) is not None} for tags in games
                       if isinstance(tags.get("GameId"), str)])


def remember_result(tags: Mapping[str, str], path: Path | None = None) -> None:
    remember_results([tags], path)


def forget_result(game_id: str, path: Path | None = None) -> None:
    """The game ``game_id`` was taken back after it ended: it is no result until it ends again."""
    _change(path, drop=[game_id])


def _change(path: Path | None, add: Iterable[dict[str, str]] = (), drop: Iterable[str] = ()) -> None:
    import json

    path = results_path() if path is None else path
    path.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(path):
        try:
            games = read_results(path)
        except BadJsonFile as e:
            log.warning("%s; set aside as %s", e, paths.set_file_aside(path))
            games = {}
        before = dict(games)
        for tags in add:
            games[tags["GameId"]] = tags
        for game_id in drop:
            games.pop(game_id, None)
        if games == before:
            return
        paths.atomic_write(path, json.dumps({"version": 1, "games": games}, indent=0, sort_keys=True) + "\n")
