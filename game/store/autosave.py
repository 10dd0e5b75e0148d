"""Autosave and Continue: the game in progress, saved after every move.

The file is ``<data>/autosave.json``::

    {"format": "checkers-autosave", "version": 1, "saved_at": "2026-...Z",
     "start": "B:W21-32:B1-12", "draw_rule": "official",
     "moves": ["11-15", "23-19", "8-11", ...], "fen": "<current position>",
     "mode": "computer", "levels": {"white": "Expert"}, "humans": ["black"],
     "extra": {...}}

It is written atomically (temp file, fsync, ``os.replace``), so a crash or a
kill at any moment leaves the previous move's save or this move's, never a
torn file.  ``load_autosave`` rebuilds the game by replaying the moves; a
move that does not replay keeps the legal prefix with a warning.  A file
that cannot be read at all (not JSON, nested too deeply, not a regular file,
over ``MAX_BYTES``) is set aside (``autosave.json.bad-<timestamp>``) and
Continue is simply not offered.

The same record, one file per game, is what ``unfinished`` keeps for every
unfinished game; this module reads and writes one record.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field

from ..rules import BLACK, DRAW_RULES, WHITE, Game, Position
from ..rules import COLOUR_KEYS as COLOUR_KEYS  # (defined by the rules; named here for older imports)
from ..textfile import excerpt
from . import paths
from .jsonfile import MISSING, read_json
from .replay import replay

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from pathlib import Path
    from typing import Any

    from .paths import StrPath

    # the computer sides and their levels, by colour ("white" or WHITE)
    Levels = Mapping[str, str] | Mapping[int, str] | Mapping[int | str, str]

log = logging.getLogger("checkers.store")

FORMAT = "checkers-autosave"
VERSION = 1
# A record holds one game's moves as text: even a game of thousands of plies
# takes a few tens of KB.  Anything bigger is not ours.
MAX_BYTES = 1024 * 1024


@dataclass
class Autosave:
    """A game to continue and how it was being played."""

    game: Game
    mode: str = "computer"
    levels: dict[str, str] = field(default_factory=dict)  # {"white": "Expert"}: computer sides and levels
    humans: list[str] = field(default_factory=list)       # ["black"]: the sides a human plays
    extra: dict[str, Any] = field(default_factory=dict)   # anything else the UI wants back (JSON values)
    saved_at: str = ""
    warning: str | None = None                   # set when part of the record was dropped

    @property
    def human_colours(self) -> list[int]:
        return [BLACK if h == "black" else WHITE for h in self.humans]


def autosave_json(game: Game, mode: str = "computer", levels: Levels | None = None,
                  humans: Iterable[str | int] | None = None, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "start": game.start.fen(),
        "draw_rule": game.draw_rule.name,
        "moves": [str(m) for m in game.moves],
        "fen": game.position.fen(),
        "mode": mode,
        "levels": {_colour_key(k): v for k, v in (levels or {}).items()},
        "humans": [_colour_key(h) for h in (humans or [])],
        "extra": dict(extra or {}),
    }


def _colour_key(c: str | int) -> str:
    if c in (BLACK, WHITE) and not isinstance(c, bool):
        return COLOUR_KEYS[c]
    key = str(c).lower()
    if key not in COLOUR_KEYS:
        raise AutosaveError(f"not a colour: {excerpt(key)}")
    return key


class AutosaveError(ValueError):
    """A record that cannot be written or read back; the message quotes (an excerpt of) the input."""


def write_record(path: StrPath, game: Game, mode: str = "computer", levels: Levels | None = None,
                 humans: Iterable[str | int] | None = None, extra: Mapping[str, Any] | None = None) -> None:
    """Write one game's record atomically; OSError from the disk, AutosaveError for what JSON cannot hold."""
    try:
        text = json.dumps(autosave_json(game, mode, levels, humans, extra), indent=1)
    except (TypeError, ValueError, RecursionError) as e:
        raise AutosaveError(f"this game cannot be written as a record: {excerpt(str(e))}") from None
    paths.atomic_write(path, text)


def save_autosave(game: Game, mode: str = "computer", levels: Levels | None = None,
                  humans: Iterable[str | int] | None = None, extra: Mapping[str, Any] | None = None,
                  path: StrPath | None = None) -> bool:
    """Save the game in progress atomically.  False (with a warning) if the disk refuses; never raises."""
    path = paths.autosave_path() if path is None else path
    try:
        write_record(path, game, mode, levels, humans, extra)
    except (OSError, ValueError) as e:
        global _save_failing
        # once per run of failures: a read-only data folder must not log after every move
        log.log(logging.DEBUG if _save_failing else logging.WARNING, "autosave: cannot save %s: %s", path, e)
        _save_failing = True
        return False
    _save_failing = False
    return True


_save_failing = False  # the last save failed (its warning was logged)


def has_autosave(path: Path | None = None) -> bool:
    path = paths.autosave_path() if path is None else path
    return path.is_file()


def clear_autosave(path: StrPath | None = None) -> None:
    """Forget the game in progress (it ended, or a new one starts)."""
    paths.remove(paths.autosave_path() if path is None else path, "autosave")


def clear_finished_autosave(path: Path | None = None) -> bool:
    """Remove an autosave whose game is already over (nothing to continue); True if removed.

    Only a record that reads cleanly is judged; an unreadable one is left for
    Continue to report (and keep aside).  Never raises.
    """
    path = paths.autosave_path() if path is None else path
    try:
        saved = read_record(path)
    except Exception:
        return False
    if saved is None or saved.game.outcome is None:
        return False
    clear_autosave(path)
    return not path.exists()


class _Bad(AutosaveError):
    pass


def _name(value: object, default: str) -> str:
    """A short printable name from the record, or ``default``."""
    if isinstance(value, str) and 0 < len(value) <= 40 and value.isprintable():
        return value
    return default


def _parse(data: object) -> Autosave:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _Bad("not a checkers autosave")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= VERSION:
        raise _Bad(f"unknown autosave version {excerpt(repr(version), 20)}")
    start = data.get("start") or Position.initial().fen()
    if not isinstance(start, str):
        raise _Bad("the start position is not a FEN text")
    try:
        position = Position.from_fen(start)
    except ValueError as e:
        raise _Bad(f"bad start position: {str(e)[:120]}") from None
    draw_rule = data.get("draw_rule", "official")
    if not isinstance(draw_rule, str) or draw_rule not in DRAW_RULES:
        raise _Bad(f"unknown draw rule {excerpt(repr(draw_rule), 30)}")
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise _Bad("moves are not a list")
    # a move is a short text; anything else is where the record went wrong
    good = next((i for i, m in enumerate(moves) if not (isinstance(m, str) and len(m) <= 64)), len(moves))
    game, error = replay(position, moves[:good], draw_rule)
    if error is None and good < len(moves):
        error = f"move {good + 1} ({excerpt(repr(moves[good]), 30)}) is not a move"
    mode = _name(data.get("mode"), "computer")
    written = data.get("levels")
    levels = {k: v for k, v in written.items() if k in COLOUR_KEYS and _name(v, "")} \
        if isinstance(written, dict) else {}
    sides = data.get("humans")
    humans = [h for h in sides if h in COLOUR_KEYS] if isinstance(sides, list) else []
    extra = data.get("extra")
    if not isinstance(extra, dict):
        extra = {}
    saved_at = _name(data.get("saved_at"), "")
    warning = None
    if error is not None:
        warning = f"kept the first {game.ply} of {len(moves)} moves: {error}"
    return Autosave(game, mode, levels, humans, extra, saved_at, warning)


def read_record(path: StrPath) -> Autosave | None:
    """The record in ``path``; None when there is no such file; AutosaveError (a ValueError,
    one line) when it cannot be read.  Changes nothing on disk."""
    data = read_json(path, limit=MAX_BYTES, what="the saved game")
    if data is MISSING:
        return None
    try:
        return _parse(data)
    except AutosaveError:
        raise
    except (ValueError, TypeError, AttributeError, KeyError, IndexError, RecursionError, MemoryError) as e:
        raise _Bad(f"the saved game cannot be read ({type(e).__name__}: {str(e)[:100]})") from None


def load_autosave(path: StrPath | None = None) -> Autosave | None:
    """The game to continue, or None (no autosave, or one that cannot be read: set aside).  Never raises."""
    path = paths.autosave_path() if path is None else path
    try:
        saved = read_record(path)
    except ValueError as e:  # AutosaveError and BadJsonFile
        aside = paths.set_file_aside(path)
        log.warning("autosave: %s is unreadable (%s); %s", path, _line(e),
                    f"set aside as {aside}" if aside else "it could not be moved")
        return None
    except Exception as e:  # never a traceback on Continue
        log.warning("autosave: %s cannot be read: %s", path, _line(e))
        return None
    if saved is not None and saved.warning:
        # the next autosave would drop the unreadable tail: keep the original
        aside = paths.set_file_aside(path)
        log.warning("autosave: %s (the original %s)", saved.warning,
                    f"was set aside as {aside}" if aside else "could not be set aside")
        if aside:
            saved.warning += f"; the original record was set aside as {aside}"
    return saved


def _line(e: BaseException) -> str:
    return " ".join(str(e).split())[:200] or type(e).__name__
