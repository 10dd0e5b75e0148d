"""Saved games: PDN files in ``<data>/games/``.

``save_game(game, tags)`` writes one game to a new file with a readable,
unique name (``2026-11-22 01-05-09 Human vs Computer (Master).pdn``) and
never overwrites anything.  ``read_games_file(path)`` reads any PDN file game
by game: a broken game comes back with its error and the moves before it, and
the other games of the file still load.  The list of saved games is the
library's (``game.library``).
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
from ..textfile import FileReadError, read_text
from . import paths

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from .paths import StrPath

log = logging.getLogger("checkers.store")

# Opening a file replays every game in it, slowly and at many times its size in
# memory (tools/fuzz_store.py --caps measures both; docs/measurements.md).  A
# player's own saved and archived games are a few KB each; a bigger file is a
# collection, which the library reads header-only in its own process.
MAX_FILE_BYTES = 2 * 1024 * 1024


class StoreError(ValueError):
    """A file the game cannot read or write; the message is one line for the player,
    quoting at most a short, printable excerpt of the file's name or content.
    ``errno``: the system's error number when the disk refused (a full disk, say), else None."""

    def __init__(self, message: str, errno: int | None = None) -> None:
        super().__init__(message)
        self.errno = errno


def display_name(name: str | bytes, limit: int = 80) -> str:
    """A file name as it may be shown: printable, no unpaired surrogates (from bytes that
    are not UTF-8), at most ``limit`` characters.  The path itself is kept as it is."""
    if isinstance(name, bytes):
        name = name.decode("utf-8", "replace")
    name = str(name).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    clean = "".join(ch if ch.isprintable() else "\N{REPLACEMENT CHARACTER}" for ch in name[:limit + 1])
    return clean if len(clean) <= limit else clean[:limit - 1] + "…"


def player_name(kind: str | None, level: str | None = None) -> str:
    """"Human", "Computer (Master)", or whatever a player is called."""
    if kind in ("human", "Human", None):
        return "Human"
    if kind in ("computer", "Computer"):
        return f"Computer ({level})" if level else "Computer"
    return str(kind)


def default_tags(game: Game, black: str = "?", white: str = "?", black_level: str | None = None,
                 white_level: str | None = None, event: str = "Casual game",
                 when: time.struct_time | None = None) -> dict[str, str]:
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


def safe_name(text: object, limit: int = 40) -> str:
    """``text`` as a safe part of a file name: letters, digits and a few signs."""
    t = _UNSAFE.sub("_", str(text)).strip(" ._") or "Unknown"
    return t[:limit].strip()


def save_game(game: Game, tags: Mapping[str, str | None] | None = None, folder: StrPath | None = None,
              game_id: str | None = None, comments: Mapping[int, str] | None = None) -> Path:
    """Write ``game`` as PDN to the games folder and return its path.

    Without ``game_id``: a new file, never replacing one.  With the store's id of
    the game (a game being played): its own file (named by when it started,
    carrying the id), which saving again replaces, so one game is one saved file.
    ``comments``: ``{ply: text}`` written after the moves (each move's ``[%clock 0:02:41]``).
    Raises StoreError (one line) if it cannot be written.
    """
    folder = paths.games_dir() if folder is None else Path(folder)
    given = dict(tags or {})
    if game_id is not None:
        from .archive import write_kept

        return write_kept(game, game_id, given, folder, comments=comments)
    all_tags = default_tags(game)
    all_tags.update({k: v for k, v in given.items() if v is not None})
    try:
        text = write_pdn(game, all_tags, comments=comments)
    except ValueError as e:
        raise StoreError(f"cannot write this game as PDN: {e}") from None
    stamp = time.strftime("%Y-%m-%d %H-%M-%S")
    base = f"{stamp} {safe_name(all_tags.get('Black', '?'))} vs {safe_name(all_tags.get('White', '?'))}"
    names = [f"{base}.pdn" if n == 1 else f"{base} ({n}).pdn" for n in range(1, 1000)]
    try:
        return paths.write_new(folder, names, text)
    except FileExistsError:
        raise StoreError(f"cannot find a free file name in {folder}") from None
    except OSError as e:
        raise StoreError(f"cannot save the game in {folder}: {paths.why(e)}", e.errno) from None


_TAG_LINE = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')


def save_annotated(text: str, black: str = "Red", white: str = "White", folder: StrPath | None = None) -> Path:
    """Write an analysed game's annotated PDN ``text`` (``game.analysis.annotate``) to the games folder,
    ``annotated <Black> vs <White> <key>.pdn``, and return its path.

    One game has one annotated copy: the key is the game's store id (its
    ``GameId`` tag, which the copy does not carry: the library lists the copy
    beside the game, not instead of it) or a digest of its tags and moves, and
    saving it again replaces that copy (a file of that name that is not a copy
    of this game is passed over).  Raises StoreError (one line).
    """
    import hashlib

    folder = paths.games_dir() if folder is None else Path(folder)
    head, sep, movetext = text.partition("\n\n")
    tags, kept = {}, []
    for line in head.splitlines():
        m = _TAG_LINE.match(line.strip())
        if m is not None:
            tags[m.group(1)] = m.group(2)
            if m.group(1) in ("GameId", "AnnotationOf"):
                continue
        kept.append(line)
    key = tags.get("GameId") or ""
    if not re.fullmatch(r"[0-9]{8}-[0-9]{6}-[0-9a-f]{6}", key):
        moves = re.sub(r"\{[^}]*\}|[?!]+", " ", movetext).split()  # the moves, not the comments
        about = {k: v for k, v in tags.items() if k not in ("Annotator", "AnnotationOf")}
        key = hashlib.sha1(repr((sorted(about.items()), moves)).encode("utf-8", "replace")).hexdigest()[:10]
    kept.append(f'[AnnotationOf "{key}"]')
    text = "\n".join(kept) + sep + movetext
    base = f"annotated {safe_name(black)} vs {safe_name(white)} {key.rsplit('-', 1)[-1]}"
    mark = f'[AnnotationOf "{key}"]'.encode()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for n in range(1, 100):
            target = folder / (f"{base}.pdn" if n == 1 else f"{base} ({n}).pdn")
            if not os.path.lexists(target) or _holds(target, mark):
                return paths.atomic_write(target, text)
    except OSError as e:
        raise StoreError(f"cannot save the annotated game in {folder}: {paths.why(e)}", e.errno) from None
    raise StoreError(f"cannot find a free file name in {folder}")


def _holds(path: Path, mark: bytes) -> bool:
    """Is ``path`` a regular file (not a link) whose tags hold ``mark``?"""
    from ..textfile import read_bytes

    try:
        return mark in read_bytes(path, limit=1 << 22, what="saved game", follow_symlinks=False)[:8192]
    except ValueError:
        return False


@dataclass
class LoadedGame:
    """One game of a PDN file: the Game (the moves up to any error), its tags and its comments
    (``(ply, text)`` pairs, ply counting the moves before the comment: a move's ``[%clock 0:02:41]``)."""

    index: int
    tags: dict[str, str]
    game: Game | None
    result: str = "*"
    error: str | None = None
    comments: list[tuple[int, str]] = field(default_factory=list)

    @property
    def black(self) -> str:
        return self.tags.get("Black", "?")

    @property
    def white(self) -> str:
        return self.tags.get("White", "?")

    def players(self) -> tuple[dict[str, str], list[str]]:
        """``(levels, humans)`` in the unfinished games' form, from the tags this game was saved
        with (``BlackLevel``/``WhiteLevel``, or a ``Computer (Level)`` name): a loaded game is
        played on by the players it had.  A side that names no level is a human's."""
        levels: dict[str, str] = {}
        humans: list[str] = []
        for key, tag in (("black", "Black"), ("white", "White")):
            name = str(self.tags.get(tag, ""))
            level = str(self.tags.get(tag + "Level", "")).strip()
            if not level and name.startswith("Computer (") and name.endswith(")"):
                level = name[len("Computer ("):-1].strip()
            if level and len(level) <= 40 and level.isprintable():
                levels[key] = level
            else:
                humans.append(key)
        return levels, humans

    @property
    def title(self) -> str:
        date = self.tags.get("Date", "")
        date = "" if not date or "?" in date else f", {date}"
        moves = f", {self.game.ply} plies" if self.game is not None else ""
        return f"{self.index + 1}. {self.black} vs {self.white}{date}: {result_words(self.result)}{moves}"


RESULT_WORDS = {"2-0": "Black won", "0-2": "White won", "1-1": "draw", "*": "unfinished", "0-0": "no result"}


def result_words(result: str) -> str:
    return RESULT_WORDS.get(result, result)


def _draw_rule(tags: Mapping[str, str]) -> str:
    rule = str(tags.get("DrawRule", "official")).strip().lower()
    return rule if rule in DRAW_RULES else "official"


def games_from_text(text: str) -> list[LoadedGame]:
    """Every game of a PDN text as LoadedGames (broken ones keep their error)."""
    out: list[LoadedGame] = []
    for i, pg in enumerate(read_pdn(text)):
        error = pg.error
        try:
            game = pg.game(_draw_rule(pg.tags))
        except (ValueError, IndexError, KeyError) as e:
            game = None
            error = error or str(e)
        out.append(LoadedGame(i, dict(pg.tags), game, pg.result, error, list(pg.comments)))
    return out


def read_games_file(path: StrPath) -> list[LoadedGame]:
    """The games of a PDN file; StoreError (one line) if the file cannot be read or holds none.

    A regular file of at most MAX_FILE_BYTES (a FIFO or a device is refused
    before a byte is read), text without NUL bytes.
    """
    text = _game_text(path)
    shown = display_name(Path(path).name)
    try:
        games = games_from_text(text)
    except (ValueError, RecursionError) as e:
        raise StoreError(f"cannot read {shown}: {display_name(str(e).splitlines()[0] if str(e) else '', 120)}") \
            from None
    # text the reader could not place (no tag, no move) is no game: a file of only that holds none
    if not any(g.tags or (g.game is not None and g.game.moves) for g in games):
        raise StoreError(f"no games found in {shown}")
    return games


def _game_text(path: StrPath) -> str:
    """The text of a game file: a regular file of at most MAX_FILE_BYTES, without NUL bytes."""
    path = Path(path)
    shown = display_name(path.name)
    try:
        text = read_text(path, limit=MAX_FILE_BYTES, what=f"the game file {shown!r}")
    except FileReadError as e:
        hint = "; large collections are opened through the library" if "too large" in str(e) else ""
        raise StoreError(f"{e}{hint}") from None
    nul = text.find("\0")
    if nul >= 0:
        raise StoreError(f"{shown} is not a text file (a NUL byte at character {nul})")
    return text

