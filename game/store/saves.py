"""Saved games: PDN files in ``<data>/games/``.

``save_game(game, tags)`` writes one game to a new file with a readable,
unique name (``2026-11-22 01-05-09 Human vs Computer (Master).pdn``) and
never overwrites anything.  ``list_saved_games()`` describes every file,
newest first.  ``read_games_file(path)`` reads any PDN file game by game: a
broken game comes back with its error and the moves before it, and the other
games of the file still load.
"""

from __future__ import annotations

import logging
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..notation.pdn import read_pdn, write_pdn
from ..rules import DRAW_RULES, Game
from . import paths

log = logging.getLogger("checkers.store")

MAX_FILE_BYTES = 20 * 1024 * 1024


class StoreError(Exception):
    """A file the game cannot read or write; the message is one line for the player."""


def player_name(kind, level=None):
    """"Human", "Computer (Master)", or whatever a player is called."""
    if kind in ("human", "Human", None):
        return "Human"
    if kind in ("computer", "Computer"):
        return f"Computer ({level})" if level else "Computer"
    return str(kind)


def default_tags(game: Game, black="?", white="?", black_level=None, white_level=None,
                 event="Casual game", when=None) -> dict:
    """The tags save_game writes: Event, Site, Date, players, levels, the draw rule."""
    when = time.localtime() if when is None else when
    tags = {
        "Event": event,
        "Site": "Checkers",
        "Date": time.strftime("%Y.%m.%d", when),
        "Round": "-",
        "Black": black,
        "White": white,
        "Time": time.strftime("%H:%M:%S", when),
        "DrawRule": game.draw_rule.name,
    }
    if black_level:
        tags["BlackLevel"] = str(black_level)
    if white_level:
        tags["WhiteLevel"] = str(white_level)
    return tags


_UNSAFE = re.compile(r"[^A-Za-z0-9 ()_.,+-]+")


def _safe(text, limit=40):
    t = _UNSAFE.sub("_", str(text)).strip(" ._") or "Unknown"
    return t[:limit].strip()


def save_game(game: Game, tags=None, folder=None) -> Path:
    """Write ``game`` as PDN to a new file in the games folder and return its path.

    Raises StoreError (one line) if it cannot be written; no existing file
    is ever replaced.
    """
    folder = paths.games_dir() if folder is None else Path(folder)
    given = dict(tags or {})
    all_tags = default_tags(game)
    all_tags.update({k: v for k, v in given.items() if v is not None})
    try:
        text = write_pdn(game, all_tags)
    except ValueError as e:
        raise StoreError(f"cannot write this game as PDN: {e}") from None
    stamp = time.strftime("%Y-%m-%d %H-%M-%S")
    base = f"{stamp} {_safe(all_tags.get('Black', '?'))} vs {_safe(all_tags.get('White', '?'))}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = paths.atomic_write(folder / f".{base}.pdn.tmp", text)
        try:
            for n in range(1, 1000):
                target = folder / (f"{base}.pdn" if n == 1 else f"{base} ({n}).pdn")
                if _claim(tmp, target):
                    return target
        finally:
            if tmp.exists():
                tmp.unlink()
    except OSError as e:
        raise StoreError(f"cannot save the game in {folder}: {e.strerror or e}") from None
    raise StoreError(f"cannot find a free file name in {folder}")


def _claim(tmp: Path, target: Path) -> bool:
    """Give ``tmp`` the name ``target`` unless that name is taken; True on success."""
    try:
        os.link(tmp, target)  # fails if target exists: never replaces a file
        return True
    except FileExistsError:
        return False
    except OSError:
        # a file system without hard links: check, then rename
        if target.exists():
            return False
        os.replace(tmp, target)
        return True


@dataclass
class LoadedGame:
    """One game of a PDN file: the Game (the moves up to any error) and its tags."""

    index: int
    tags: dict
    game: Game | None
    result: str = "*"
    error: str | None = None

    @property
    def black(self):
        return self.tags.get("Black", "?")

    @property
    def white(self):
        return self.tags.get("White", "?")

    @property
    def title(self):
        date = self.tags.get("Date", "")
        date = "" if not date or "?" in date else f", {date}"
        moves = f", {self.game.ply} plies" if self.game is not None else ""
        return f"{self.index + 1}. {self.black} vs {self.white}{date}: {result_words(self.result)}{moves}"


RESULT_WORDS = {"2-0": "Black won", "0-2": "White won", "1-1": "draw", "*": "unfinished", "0-0": "no result"}


def result_words(result):
    return RESULT_WORDS.get(result, result)


def _draw_rule(tags):
    rule = str(tags.get("DrawRule", "official")).strip().lower()
    return rule if rule in DRAW_RULES else "official"


def games_from_text(text) -> list[LoadedGame]:
    """Every game of a PDN text as LoadedGames (broken ones keep their error)."""
    out = []
    for i, pg in enumerate(read_pdn(text)):
        error = pg.error
        try:
            game = pg.game(_draw_rule(pg.tags))
        except (ValueError, IndexError, KeyError) as e:
            game = None
            error = error or str(e)
        out.append(LoadedGame(i, dict(pg.tags), game, pg.result, error))
    return out


def read_games_file(path) -> list[LoadedGame]:
    """The games of a PDN file; StoreError (one line) if the file cannot be read or holds none."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise StoreError(f"{path.name} is too large to be a game file ({size // 1024} KiB)")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise StoreError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise StoreError(f"{path} is a folder, not a PDN file") from None
    except OSError as e:
        raise StoreError(f"cannot read {path.name}: {e.strerror or e}") from None
    if b"\0" in raw[:4096]:
        raise StoreError(f"{path.name} is not a text file")
    text = raw.decode("utf-8", errors="replace")
    try:
        games = games_from_text(text)
    except ValueError as e:
        raise StoreError(f"cannot read {path.name}: {str(e).splitlines()[0]}") from None
    if not games:
        raise StoreError(f"{path.name} holds no games")
    return games


@dataclass
class SavedGameInfo:
    """One file of the games folder, as the Load screen lists it."""

    path: Path
    modified: float
    games: int = 0                     # how many games the file holds
    black: str = "?"
    white: str = "?"
    date: str = ""
    result: str = "*"
    event: str = ""
    plies: int = 0
    errors: list = field(default_factory=list)  # one line per broken game (or for the file)

    @property
    def name(self):
        return self.path.name

    @property
    def title(self):
        more = f" (+{self.games - 1} more)" if self.games > 1 else ""
        return f"{self.black} vs {self.white}: {result_words(self.result)}{more}"

    @property
    def when(self):
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))


def describe_file(path) -> SavedGameInfo:
    path = Path(path)
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    info = SavedGameInfo(path, modified)
    try:
        games = read_games_file(path)
    except StoreError as e:
        info.errors.append(str(e))
        return info
    first = games[0]
    info.games = len(games)
    info.black, info.white = first.black, first.white
    info.date = first.tags.get("Date", "")
    info.result = first.result
    info.event = first.tags.get("Event", "")
    info.plies = first.game.ply if first.game is not None else 0
    info.errors = [f"game {g.index + 1}: {g.error}" for g in games if g.error]
    return info


def list_saved_games(folder=None) -> list[SavedGameInfo]:
    """Every PDN file of the games folder, newest first.  Never raises."""
    folder = paths.games_dir() if folder is None else Path(folder)
    try:
        files = [p for p in folder.iterdir()
                 if p.suffix.lower() == ".pdn" and not p.name.startswith(".") and p.is_file()]
    except OSError:
        return []
    infos = [describe_file(p) for p in files]
    infos.sort(key=lambda i: (i.modified, i.path.name), reverse=True)
    return infos
