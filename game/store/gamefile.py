"""One game's PDN file: its id, its tags, its name, writing it, finding it again.

The low part ``saves`` (the games folder) and ``archive`` (the archive) both
write through; neither imports the other.

- A game the store keeps has an id (``new_game_id``): when it started and a
  random part, ``20261122-070512-a3f9c1``.  ``GAME_ID`` is its one pattern.
- ``default_tags``, ``player_name`` and ``players_tags``: the tags a game is written with.  A person
  is called by the name they gave, else by the one word the screens use too: "You" against the
  computer, "Player 1" and "Player 2" between two people (``person_name``; "Human", the old word, is
  still read).  Each side's ``BlackType``/``WhiteType`` tag (PGN's: "human" or "program") says who
  played it whatever the name; ``is_person`` reads it.
- ``free_name``: the first name of ``<base>.pdn``, ``<base> (2).pdn`` … that is free or ours.
- ``write_game_file``: a kept game to its own file, carrying its id (``GameId``);
  writing it again replaces that file, never another.
- ``files_with_id``: the files of a folder carrying an id.
"""

from __future__ import annotations

import os
import re
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

from ..notation.pdn import write_pdn
from . import paths

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping

    from ..rules import Game
    from .paths import StrPath

# the store's game id: the date and time it started, and six hex digits
GAME_ID = re.compile(r"\A([0-9]{4})([0-9]{2})([0-9]{2})-([0-9]{2})([0-9]{2})([0-9]{2})-([0-9a-f]{6})\Z")
EVENTS = {"1p": "Against the computer", "2p": "Two players", "watch": "Computer against computer"}
MAX_NAMES = 100  # "<base> (99).pdn" at most: past it, a folder of our names is not ours to fill


@dataclass(frozen=True)
class WrittenGame:
    """A game file just written: its path, the tags, the moves and the whole text written (the library
    lists it from these, without reading the file again: ``written_game``)."""

    path: Path
    tags: dict[str, str]
    text: str
    moves: tuple[object, ...] = ()
    stamp: tuple[int, int] = (0, 0)  # the file's (size, mtime_ns) once written


MAX_WRITTEN = 64  # the files written by this process the library may still be told of (the newest)
_written: dict[str, WrittenGame] = {}


def _told(written: WrittenGame) -> WrittenGame:
    """Remember a file just written, for the library (``written_game``)."""
    try:
        st = os.stat(written.path)
    except OSError:
        return written
    written = WrittenGame(written.path, written.tags, written.text, written.moves, (st.st_size, st.st_mtime_ns))
    key = os.fspath(written.path)
    _written.pop(key, None)
    _written[key] = written
    while len(_written) > MAX_WRITTEN:
        _written.pop(next(iter(_written)))
    return written


def written_game(path: StrPath) -> WrittenGame | None:
    """The record this process wrote the game file ``path`` from, while the file is as it was written
    (the same size and modification time); None otherwise.  The library lists such a file from it,
    without reading or parsing the file.  Each record is told once."""
    written = _written.pop(os.fspath(path), None)
    if written is None:
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None
    return written if (st.st_size, st.st_mtime_ns) == written.stamp else None


class StoreError(ValueError):
    """A file the game cannot read or write; the message is one line for the player,
    quoting at most a short, printable excerpt of the file's name or content.
    ``errno``: the system's error number when the disk refused (a full disk, say), else None."""

    def __init__(self, message: str, errno: int | None = None) -> None:
        super().__init__(message)
        self.errno = errno


def new_game_id() -> str:
    """A new game's id: when it started (local time) and a random part, e.g. ``20261122-070512-a3f9c1``."""
    return time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(3)


def is_game_id(text: object) -> bool:
    return isinstance(text, str) and GAME_ID.match(text) is not None


def started(game_id: str) -> time.struct_time | None:
    """When the game of an id started (its Date and Time tags), or None (not an id, no such moment)."""
    m = GAME_ID.match(game_id) if isinstance(game_id, str) else None
    if m is None:
        return None
    try:
        return time.strptime("".join(m.groups()[:6]), "%Y%m%d%H%M%S")
    except ValueError:
        return None


YOU = "You"             # a person against the computer, on screen and in files, unless named
PLAYERS = ("Player 1", "Player 2")  # two people at one board (Red's first), unless named
OLD_PERSON = "Human"    # the word files of earlier versions wrote for a person (still read)
PERSON_TYPE, PROGRAM_TYPE = "human", "program"  # PGN's BlackType / WhiteType values
MAX_NAME = 40           # a player's name, as typed, at most


def person_name(key: str, humans: Iterable[str]) -> str:
    """The word for a person playing ``key`` ("black"/"white") when no name was given: "You" against the
    computer, "Player 1" (Red) or "Player 2" (White) between two people."""
    return YOU if len(list(humans)) == 1 else PLAYERS[0 if key == "black" else 1]


def clean_name(text: object) -> str:
    """A typed name as it is kept: printable, single-spaced, at most MAX_NAME characters ("" for none)."""
    if not isinstance(text, str):
        return ""
    return " ".join("".join(ch for ch in text if ch.isprintable()).split())[:MAX_NAME]


def player_name(kind: str | None, level: str | None = None, person: str = YOU) -> str:
    """``person`` ("You" unless given) for a person, "Computer (Master)", or whatever a player is called."""
    if kind in ("human", OLD_PERSON, None):
        return person
    if kind in ("computer", "Computer"):
        return f"Computer ({level})" if level else "Computer"
    return str(kind)


def is_person(tags: Mapping[str, str], side: str) -> bool:
    """Did a person play ``side`` ("Black"/"White") of the game with these tags?  Its ``BlackType`` tag
    says so; without one, a side named with the game's word for the player ("You", or "Human" as files of
    earlier versions wrote it) and given no level is the player's (a game pasted or typed by hand).  Any
    other name without a type is someone else's: a collection's players make no exercises."""
    kind = (tags.get(side + "Type") or "").strip().lower()
    if kind in (PERSON_TYPE, PROGRAM_TYPE):
        return kind == PERSON_TYPE
    return (tags.get(side) or "").strip() in (YOU, OLD_PERSON) and not (tags.get(side + "Level") or "").strip()


def given_name(tags: Mapping[str, str], side: str) -> str:
    """The name a person gave for ``side`` ("Black"/"White") of a game with these tags, or "" (a computer
    side, or the game's own word for a person: "You", "Player 1", "Player 2", "Human")."""
    name = clean_name(tags.get(side))
    if not is_person(tags, side) or name in (YOU, *PLAYERS, OLD_PERSON):
        return ""
    return name


def players_tags(levels: Mapping[str, str] | None = None, humans: Iterable[str] | None = None,
                 mode: str | None = None, names: Mapping[str, str] | None = None) -> dict[str, str]:
    """Black, White, their types and levels, and the event, from the unfinished games' ``levels``/
    ``humans``; a person's name from ``names`` ({"black": "Ann"}), else ``person_name``'s word."""
    levels, humans = dict(levels or {}), list(humans or [])
    persons = [k for k in ("black", "white") if k in humans or k not in levels]
    tags: dict[str, str] = {}
    for key, name in (("black", "Black"), ("white", "White")):
        if key in persons:
            tags[name] = clean_name((names or {}).get(key)) or person_name(key, persons)
            tags[name + "Type"] = PERSON_TYPE
        else:
            tags[name] = player_name("computer", levels[key])
            tags[name + "Level"] = str(levels[key])
            tags[name + "Type"] = PROGRAM_TYPE
    if mode in EVENTS:
        tags["Event"] = EVENTS[mode]
    return tags


def default_tags(game: Game, black: str = "?", white: str = "?", black_level: str | None = None,
                 white_level: str | None = None, event: str = "Casual game",
                 when: time.struct_time | None = None) -> dict[str, str]:
    """The tags a game file is written with: Event, Site, Date, players, levels, the draw rule."""
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


def free_name(folder: Path, base: str, ours: Callable[[Path], bool]) -> Path | None:
    """The first of ``<base>.pdn``, ``<base> (2).pdn`` … in ``folder`` that does not exist or is ``ours``
    (written again in place); None when every one is taken.  OSError from the folder."""
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(1, MAX_NAMES):
        target = folder / (f"{base}.pdn" if n == 1 else f"{base} ({n}).pdn")
        if not os.path.lexists(target) or ours(target):
            return target
    return None


def holds(path: StrPath, mark: bytes, head: int = 4096) -> bool:
    """Is ``path`` a regular file (not a link) whose first ``head`` bytes hold ``mark``?"""
    from ..textfile import read_bytes

    try:
        return mark in read_bytes(path, limit=1 << 22, what="game file", follow_symlinks=False)[:head]
    except ValueError:
        return False


def is_ours(path: StrPath, game_id: str) -> bool:
    """Is ``path`` a regular file the store wrote for ``game_id`` (its ``GameId`` tag)?"""
    return holds(path, f'[GameId "{game_id}"]'.encode())


def write_game_file(game: Game, game_id: str, given: Mapping[str, str | None], folder: Path, what: str = "save",
                    comments: Mapping[int, str] | None = None) -> WrittenGame:
    """Write the game ``game_id`` (a store id) to its own file in ``folder``, named by when it started
    and who played, carrying its id (``GameId``): writing it again replaces that file, never another
    (a file of that name without its id is not ours and is passed over).  StoreError (one line)."""
    m = GAME_ID.match(game_id) if isinstance(game_id, str) else None
    if m is None:
        raise StoreError(f"not a game id: {str(game_id)[:40]!r}")
    all_tags = default_tags(game, when=started(game_id))
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
        target = free_name(folder, base, lambda p: is_ours(p, game_id))
        if target is not None:
            return _told(WrittenGame(paths.atomic_write(target, text), {**all_tags, "Result": _result(text)}, text,
                                     tuple(game.moves)))
    except OSError as e:
        raise StoreError(f"cannot {what} the game in {folder}: {paths.why(e)}", e.errno) from None
    raise StoreError(f"cannot find a free file name in {folder}")


def write_new_game_file(game: Game, given: Mapping[str, str | None], folder: Path,
                        comments: Mapping[int, str] | None = None) -> Path:
    """Write ``game`` to a new file of ``folder`` named by the time now and its players, never replacing
    one.  StoreError (one line)."""
    all_tags = default_tags(game)
    all_tags.update({k: v for k, v in given.items() if v is not None})
    try:
        text = write_pdn(game, all_tags, comments=comments)
    except ValueError as e:
        raise StoreError(f"cannot write this game as PDN: {str(e)[:120]}") from None
    stamp = time.strftime("%Y-%m-%d %H-%M-%S")
    base = f"{stamp} {safe_name(all_tags.get('Black', '?'))} vs {safe_name(all_tags.get('White', '?'))}"
    names = [f"{base}.pdn" if n == 1 else f"{base} ({n}).pdn" for n in range(1, 1000)]
    try:
        return paths.write_new(folder, names, text)
    except FileExistsError:
        raise StoreError(f"cannot find a free file name in {folder}") from None
    except OSError as e:
        raise StoreError(f"cannot save the game in {folder}: {paths.why(e)}", e.errno) from None


def _result(text: str) -> str:
    """The Result tag of a PDN text the store wrote."""
    m = re.search(r'^\[Result "([^"]*)"\]', text, re.M)
    return m.group(1) if m else "*"


def files_with_id(game_id: str, folder: StrPath) -> list[Path]:
    """The files of ``folder`` carrying ``game_id`` (found by the id's random part in their names)."""
    if not is_game_id(game_id):
        return []
    tail = game_id.rsplit("-", 1)[-1]
    try:
        with os.scandir(folder) as it:
            return [Path(d.path) for d in it if d.name.endswith(".pdn") and f" {tail}" in d.name
                    and is_ours(d.path, game_id)]
    except OSError:
        return []
