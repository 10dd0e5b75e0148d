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
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..notation.pdn import read_pdn
from ..rules import DRAW_RULES, Game
from ..textfile import FileReadError, read_text
from . import paths
from .gamefile import GAME_ID, WrittenGame, free_name, holds, safe_name, write_game_file, write_new_game_file
from .gamefile import StoreError as StoreError  # the store's error and the tags, here as before
from .gamefile import default_tags as default_tags
from .gamefile import player_name as player_name

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


def display_name(name: str | bytes, limit: int = 80) -> str:
    """A file name as it may be shown: printable, no unpaired surrogates (from bytes that
    are not UTF-8), at most ``limit`` characters.  The path itself is kept as it is."""
    if isinstance(name, bytes):
        name = name.decode("utf-8", "replace")
    name = str(name).encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    clean = "".join(ch if ch.isprintable() else "\N{REPLACEMENT CHARACTER}" for ch in name[:limit + 1])
    return clean if len(clean) <= limit else clean[:limit - 1] + "…"


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
        return save_kept_game(game, given, game_id, folder, comments).path
    return write_new_game_file(game, given, folder, comments)


def save_kept_game(game: Game, tags: Mapping[str, str | None], game_id: str, folder: StrPath | None = None,
                   comments: Mapping[int, str] | None = None) -> WrittenGame:
    """``save_game`` of a game the store keeps (``game_id``): the file written, with its tags and text
    (the library is told of it).  StoreError (one line)."""
    folder = paths.games_dir() if folder is None else Path(folder)
    return write_game_file(game, game_id, tags, folder, comments=comments)


REPORT_EVENT = "Report: "  # an annotated copy's Event starts so: the library shows what the row is
_TAG_LINE = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')


def save_annotated(text: str, black: str = "Red", white: str = "White", folder: StrPath | None = None) -> Path:
    """Write an analysed game's annotated PDN ``text`` (``game.analysis.annotate``) to the games folder,
    ``annotated <Black> vs <White> <key>.pdn``, and return its path.

    One game has one annotated copy: the key is the game's store id (its
    ``GameId`` tag, which the copy does not carry: the library lists the copy
    beside the game, not instead of it) or a digest of its tags and moves, and
    saving it again replaces that copy (a file of that name that is not a copy
    of this game is passed over).  The copy says what it is: ``[Copy "report"]``, and its
    Event starts "Report: " (the library's rows show it).  Raises StoreError (one line).
    """
    import hashlib

    folder = paths.games_dir() if folder is None else Path(folder)
    head, sep, movetext = text.partition("\n\n")
    tags, kept = {}, []
    for line in head.splitlines():
        m = _TAG_LINE.match(line.strip())
        if m is not None:
            tags[m.group(1)] = m.group(2)
            if m.group(1) in ("GameId", "AnnotationOf", "Copy"):
                continue
            if m.group(1) == "Event" and not m.group(2).startswith(REPORT_EVENT):
                # the library marks the copy as what it is: "Report: Against the computer"
                line = f'[Event "{REPORT_EVENT}{m.group(2)}"]'
        kept.append(line)
    if "Event" not in tags:
        kept.append(f'[Event "{REPORT_EVENT.rstrip(": ")}"]')
    key = tags.get("GameId") or ""
    if not GAME_ID.match(key):
        moves = re.sub(r"\{[^}]*\}|[?!]+", " ", movetext).split()  # the moves, not the comments
        about = {k: v for k, v in tags.items() if k not in ("Annotator", "AnnotationOf")}
        key = hashlib.sha1(repr((sorted(about.items()), moves)).encode("utf-8", "replace")).hexdigest()[:10]
    kept.append(f'[AnnotationOf "{key}"]')
    kept.append('[Copy "report"]')
    text = "\n".join(kept) + sep + movetext
    base = f"annotated {safe_name(black)} vs {safe_name(white)} {key.rsplit('-', 1)[-1]}"
    mark = f'[AnnotationOf "{key}"]'.encode()
    try:
        target = free_name(folder, base, lambda p: holds(p, mark, 8192))
        if target is not None:
            return paths.atomic_write(target, text)
    except OSError as e:
        raise StoreError(f"cannot save the annotated game in {folder}: {paths.why(e)}", e.errno) from None
    raise StoreError(f"cannot find a free file name in {folder}")


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

