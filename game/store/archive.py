"""Every finished game, archived automatically as PDN in ``<data>/archive/``.

``archive_game`` writes one finished game with its players, levels, date,
draw rule and result (the library lists the folder next to the saved games).  A game
with an id (``gamefile.new_game_id``) always goes to the same file name,
``<start date and time> <Black> vs <White> <id's random part>.pdn``, so
archiving it twice (after a crash between archiving and removing its
unfinished record, or after the player took back the last move and finished
again) keeps one file, the latest; the file carries the id as a ``GameId``
tag, and a file of that name without it (not ours) is never replaced.

Its result is also kept apart from the files (``results``): "Your record"
counts it whatever copies of it are later made or deleted.
"""

from __future__ import annotations

import logging
from pathlib import Path

from . import paths
from .gamefile import (
    StoreError,
    WrittenGame,
    files_with_id,
    is_game_id,
    is_ours,
    players_tags,
    write_game_file,
    write_new_game_file,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from ..rules import Game
    from .paths import StrPath

log = logging.getLogger("checkers.store")


def archive_game(game: Game, *, game_id: str | None = None, levels: Mapping[str, str] | None = None,
                 humans: Iterable[str] | None = None, mode: str | None = None,
                 tags: Mapping[str, str | None] | None = None, folder: StrPath | None = None,
                 comments: Mapping[int, str] | None = None) -> Path:
    """``archive_game_file``'s path."""
    written = archive_game_file(game, game_id=game_id, levels=levels, humans=humans, mode=mode, tags=tags,
                                folder=folder, comments=comments)
    return written if isinstance(written, Path) else written.path


def archive_game_file(game: Game, *, game_id: str | None = None, levels: Mapping[str, str] | None = None,
                      humans: Iterable[str] | None = None, mode: str | None = None,
                      tags: Mapping[str, str | None] | None = None, folder: StrPath | None = None,
                      comments: Mapping[int, str] | None = None) -> WrittenGame | Path:
    """Archive a finished game as PDN (``comments``: write_pdn's, a move's clock) and keep its result
    (``results``): the file written (a Path only for a game without an id).  StoreError (one line) if it
    cannot be written.  ``tags`` (the match's)
    are written as given; ``levels``/``humans``/``mode`` make the player tags when there are none."""
    if game.outcome is None:
        raise StoreError("only a finished game is archived")
    folder = paths.archive_dir() if folder is None else Path(folder)
    given: dict[str, str | None] = dict(tags) if tags and "Black" in tags else \
        {**players_tags(levels, humans, mode), **(tags or {})}
    given["Event"] = given.get("Event") or "Finished game"
    given = {k: v for k, v in given.items() if k not in ("Result", "GameId")}
    if game_id is None or not is_game_id(game_id):
        return write_new_game_file(game, given, folder, comments)  # no id: a file of its own, never replaced
    written = write_game_file(game, game_id, given, folder, "archive", comments)
    _archived[game_id] = written.path
    if folder == paths.archive_dir():
        _keep_result(written.tags)
    return written


def _keep_result(tags: Mapping[str, str]) -> None:
    """The result kept apart from the files; a failure is one more reason to say "not saved"."""
    from .results import remember_result

    try:
        remember_result(tags)
    except OSError as e:
        raise StoreError(f"cannot keep the game's result: {paths.why(e)}", e.errno) from None


_archived: dict[str, Path] = {}  # the games this process archived: a game taken back is unarchived


def unarchive(game_id: str, folder: StrPath | None = None) -> bool:
    """The finished game ``game_id`` was taken back (undo after it ended): its archived file and its kept
    result go, so the game has one entry, its unfinished record.  True when nothing of it is left."""
    folder = paths.archive_dir() if folder is None else Path(folder)
    ours = folder == paths.archive_dir()
    found = [p for p in [_archived.get(game_id)] if p is not None] if ours else []
    found += [p for p in files_with_id(game_id, folder) if p not in found]
    ok = True
    for p in found:
        if is_ours(p, game_id):
            ok = paths.remove(p, "archived game taken back") and ok
    _archived.pop(game_id, None)
    if ours:
        from .results import forget_result

        try:
            forget_result(game_id)
        except OSError as e:
            log.warning("could not forget the result of the game taken back %s: %s", game_id, e)
            ok = False
    return ok


def archived_files(game_id: str, folder: StrPath | None = None) -> list[Path]:
    """The files of the archive carrying ``game_id``."""
    return files_with_id(game_id, paths.archive_dir() if folder is None else folder)
