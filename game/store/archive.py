"""Every finished game, archived automatically as PDN in ``<data>/archive/``.

``archive_game`` writes one finished game with its players, levels, date,
draw rule and result (the library lists the folder next to the saved games).  A game
with an id (``unfinished.new_game_id``) always goes to the same file name,
``<start date and time> <Black> vs <White> <id's random part>.pdn``, so
archiving it twice (after a crash between archiving and removing its
unfinished record, or after the player took back the last move and finished
again) keeps one file, the latest; the file carries the id as a ``GameId``
tag, and a file of that name without it (not ours) is never replaced.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..notation.pdn import write_pdn
from . import paths
from .saves import StoreError, default_tags, player_name, safe_name, save_game

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from ..rules import Game
    from .paths import StrPath

_ID = re.compile(r"\A([0-9]{4})([0-9]{2})([0-9]{2})-([0-9]{2})([0-9]{2})([0-9]{2})-([0-9a-f]+)\Z")
EVENTS = {"1p": "Against the computer", "2p": "Two players", "watch": "Computer against computer"}


def players_tags(levels: Mapping[str, str] | None = None, humans: Iterable[str] | None = None,
                 mode: str | None = None) -> dict[str, str]:
    """Black, White (and their levels, the event) from the autosave's ``levels``/``humans``."""
    levels, humans = dict(levels or {}), list(humans or [])
    tags: dict[str, str] = {}
    for key, name in (("black", "Black"), ("white", "White")):
        if key in humans or key not in levels:
            tags[name] = player_name("human")
        else:
            tags[name] = player_name("computer", levels[key])
            tags[name + "Level"] = str(levels[key])
    if mode in EVENTS:
        tags["Event"] = EVENTS[mode]
    return tags


def archive_game(game: Game, *, game_id: str | None = None, levels: Mapping[str, str] | None = None,
                 humans: Iterable[str] | None = None, mode: str | None = None,
                 tags: Mapping[str, str | None] | None = None, folder: StrPath | None = None) -> Path:
    """Archive a finished game as PDN; its path.  StoreError (one line) if it cannot be written."""
    if game.outcome is None:
        raise StoreError("only a finished game is archived")
    folder = paths.archive_dir() if folder is None else Path(folder)
    given = players_tags(levels, humans, mode)
    given["Event"] = given.get("Event", "Finished game")
    given.update({k: v for k, v in (tags or {}).items() if v is not None and k not in ("Result", "GameId")})
    m = _ID.match(game_id) if isinstance(game_id, str) else None
    if game_id is None or m is None:
        return save_game(game, given, folder)
    given["GameId"] = game_id
    all_tags = default_tags(game)
    all_tags.update(given)
    try:
        text = write_pdn(game, all_tags)
    except ValueError as e:
        raise StoreError(f"cannot write this game as PDN: {str(e)[:120]}") from None
    y, mo, d, h, mi, s, tail = m.groups()
    base = (f"{y}-{mo}-{d} {h}-{mi}-{s} {safe_name(all_tags.get('Black', '?'))} vs "
            f"{safe_name(all_tags.get('White', '?'))} {tail}")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for n in range(1, 100):
            target = folder / (f"{base}.pdn" if n == 1 else f"{base} ({n}).pdn")
            if not os.path.lexists(target) or _is_ours(target, game_id):
                return paths.atomic_write(target, text)
    except OSError as e:
        raise StoreError(f"cannot archive the game in {folder}: {e.strerror or e}") from None
    raise StoreError(f"cannot find a free file name in {folder}")


def _is_ours(path: StrPath, game_id: str) -> bool:
    """Is ``path`` a regular file this archive wrote for ``game_id``?"""
    from ..textfile import read_bytes

    try:
        head = read_bytes(path, limit=1 << 20, what="archived game", follow_symlinks=False)
    except ValueError:
        return False
    return f'[GameId "{game_id}"]'.encode() in head[:4096]
