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
import time
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
                 tags: Mapping[str, str | None] | None = None, folder: StrPath | None = None,
                 comments: Mapping[int, str] | None = None) -> Path:
    """Archive a finished game as PDN (``comments``: write_pdn's, a move's clock); its path.  StoreError
    (one line) if it cannot be written."""
    if game.outcome is None:
        raise StoreError("only a finished game is archived")
    folder = paths.archive_dir() if folder is None else Path(folder)
    given = players_tags(levels, humans, mode)
    given["Event"] = given.get("Event", "Finished game")
    given.update({k: v for k, v in (tags or {}).items() if v is not None and k not in ("Result", "GameId")})
    m = _ID.match(game_id) if isinstance(game_id, str) else None
    if game_id is None or m is None:
        return save_game(game, given, folder, comments=comments)
    path = write_kept(game, game_id, given, folder, "archive", comments)
    _archived[game_id] = path
    return path


def write_kept(game: Game, game_id: str, given: Mapping[str, str | None], folder: Path, what: str = "save",
               comments: Mapping[int, str] | None = None) -> Path:
    """Write the game ``game_id`` (a store id) to its own file in ``folder``, named by when it started
    and who played, carrying its id (``GameId``): writing it again replaces that file, never another
    (a file of that name without its id is not ours and is passed over).  StoreError (one line)."""
    m = _ID.match(game_id)
    if m is None:
        raise StoreError(f"not a game id: {game_id[:40]!r}")
    all_tags = default_tags(game, when=_started(m))
    all_tags.update({k: v for k, v in given.items() if v is not None})
    all_tags["GameId"] = game_id
    try:
        text = write_pdn(game, all_tags, comments=comments)
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
        raise StoreError(f"cannot {what} the game in {folder}: {paths.why(e)}", e.errno) from None
    raise StoreError(f"cannot find a free file name in {folder}")


def _started(m: re.Match[str]) -> time.struct_time | None:
    """When the game of an id started (its Date and Time tags), or None."""
    try:
        return time.strptime("".join(m.groups()[:6]), "%Y%m%d%H%M%S")
    except ValueError:
        return None


_archived: dict[str, Path] = {}  # the games this process archived: a game taken back is unarchived


def unarchive(game_id: str, folder: StrPath | None = None) -> bool:
    """The finished game ``game_id`` was taken back (undo after it ended): its archived file goes, so the
    game has one entry, its unfinished record.  True when nothing of it is left in the archive."""
    folder = paths.archive_dir() if folder is None else Path(folder)
    found = [p for p in [_archived.get(game_id)] if p is not None] if folder == paths.archive_dir() else []
    found += [p for p in archived_files(game_id, folder) if p not in found]
    ok = True
    for p in found:
        if _is_ours(p, game_id):
            ok = paths.remove(p, "archived game taken back") and ok
    _archived.pop(game_id, None)
    return ok


def archived_files(game_id: str, folder: StrPath | None = None) -> list[Path]:
    """The files of the archive carrying ``game_id`` (found by the id's random part in their names)."""
    folder = paths.archive_dir() if folder is None else Path(folder)
    tail = game_id.rsplit("-", 1)[-1]
    try:
        with os.scandir(folder) as it:
            return [Path(d.path) for d in it if d.name.endswith(".pdn") and f" {tail}" in d.name
                    and _is_ours(d.path, game_id)]
    except OSError:
        return []


def _is_ours(path: StrPath, game_id: str) -> bool:
    """Is ``path`` a regular file this archive wrote for ``game_id``?"""
    from ..textfile import read_bytes

    try:
        head = read_bytes(path, limit=1 << 20, what="archived game", follow_symlinks=False)
    except ValueError:
        return False
    return f'[GameId "{game_id}"]'.encode() in head[:4096]
