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
that cannot be read at all is kept aside (``autosave.json.bad-<timestamp>``)
and Continue is simply not offered.
"""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import dataclass, field

from ..rules import BLACK, WHITE, Game, Position
from . import paths
from .replay import replay

log = logging.getLogger("checkers.store")

FORMAT = "checkers-autosave"
VERSION = 1
COLOR_KEYS = ("black", "white")


@dataclass
class Autosave:
    """A game to continue and how it was being played."""

    game: Game
    mode: str = "computer"
    levels: dict = field(default_factory=dict)   # {"white": "Expert"}: computer sides and levels
    humans: list = field(default_factory=list)   # ["black"]: the sides a human plays
    extra: dict = field(default_factory=dict)    # anything else the UI wants back (JSON values)
    saved_at: str = ""
    warning: str | None = None                   # set when part of the record was dropped

    @property
    def human_colors(self):
        return [BLACK if h == "black" else WHITE for h in self.humans]


def autosave_json(game: Game, mode="computer", levels=None, humans=None, extra=None) -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "start": game.start.fen(),
        "draw_rule": game.draw_rule.name,
        "moves": [str(m) for m in game.moves],
        "fen": game.position.fen(),
        "mode": mode,
        "levels": {_color_key(k): v for k, v in (levels or {}).items()},
        "humans": [_color_key(h) for h in (humans or [])],
        "extra": dict(extra or {}),
    }


def _color_key(c):
    if c in (BLACK, WHITE) and not isinstance(c, bool):
        return COLOR_KEYS[c]
    c = str(c).lower()
    if c not in COLOR_KEYS:
        raise ValueError(f"not a colour: {c!r}")
    return c


def save_autosave(game: Game, mode="computer", levels=None, humans=None, extra=None, path=None) -> bool:
    """Save the game in progress atomically.  False (with a warning) if the disk refuses; never raises."""
    path = paths.autosave_path() if path is None else path
    try:
        text = json.dumps(autosave_json(game, mode, levels, humans, extra), indent=1)
        paths.atomic_write(path, text)
    except (OSError, TypeError, ValueError) as e:
        global _save_failing
        # once per run of failures: a read-only data folder must not log after every move
        log.log(logging.DEBUG if _save_failing else logging.WARNING, "autosave: cannot save %s: %s", path, e)
        _save_failing = True
        return False
    _save_failing = False
    return True


_save_failing = False  # the last save failed (its warning was logged)


def has_autosave(path=None) -> bool:
    path = paths.autosave_path() if path is None else path
    return path.is_file()


def clear_autosave(path=None) -> None:
    """Forget the game in progress (it ended, or a new one starts)."""
    path = paths.autosave_path() if path is None else path
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as e:
        log.warning("autosave: cannot remove %s: %s", path, e)


def clear_finished_autosave(path=None) -> bool:
    """Remove an autosave whose game is already over (nothing to continue); True if removed.

    Only a record that reads cleanly is judged; an unreadable one is left for
    Continue to report (and keep aside).  Never raises.
    """
    path = paths.autosave_path() if path is None else path
    try:
        saved = _parse(json.loads(path.read_bytes().decode("utf-8")))
    except Exception:
        return False
    if saved.game.outcome is None:
        return False
    clear_autosave(path)
    return not path.exists()


class _Bad(ValueError):
    pass


def _parse(data) -> Autosave:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _Bad("not a checkers autosave")
    if not isinstance(data.get("version"), int) or data["version"] > VERSION:
        raise _Bad(f"unknown autosave version {data.get('version')!r}")
    try:
        start = Position.from_fen(data.get("start") or Position.initial().fen())
    except ValueError as e:
        raise _Bad(f"bad start position: {e}") from None
    draw_rule = data.get("draw_rule", "official")
    from ..rules import DRAW_RULES

    if draw_rule not in DRAW_RULES:
        raise _Bad(f"unknown draw rule {draw_rule!r}")
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise _Bad("moves are not a list")
    game, error = replay(start, moves, draw_rule)
    mode = data.get("mode")
    mode = mode if isinstance(mode, str) and mode else "computer"
    levels = data.get("levels")
    levels = {k: v for k, v in levels.items() if k in COLOR_KEYS and isinstance(v, str)} \
        if isinstance(levels, dict) else {}
    humans = data.get("humans")
    humans = [h for h in humans if h in COLOR_KEYS] if isinstance(humans, list) else []
    extra = data.get("extra")
    extra = extra if isinstance(extra, dict) else {}
    saved_at = data.get("saved_at") if isinstance(data.get("saved_at"), str) else ""
    warning = None
    if error is not None:
        warning = f"kept the first {game.ply} of {len(moves)} moves: {error}"
    return Autosave(game, mode, levels, humans, extra, saved_at, warning)


def load_autosave(path=None) -> Autosave | None:
    """The game to continue, or None (no autosave, or one that cannot be read: kept aside).  Never raises."""
    path = paths.autosave_path() if path is None else path
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as e:
        log.warning("autosave: cannot read %s: %s", path, e)
        return None
    try:
        saved = _parse(json.loads(raw.decode("utf-8")))
    except (UnicodeDecodeError, ValueError, TypeError, AttributeError) as e:
        aside = paths.keep_aside(path)
        log.warning("autosave: %s is unreadable (%s); kept it as %s", path,
                    str(e).splitlines()[0][:120] if str(e) else type(e).__name__,
                    aside.name if aside else "is")
        return None
    if saved.warning:
        # the next autosave would drop the unreadable tail: keep the original
        aside = paths.keep_aside(path)
        log.warning("autosave: %s (original kept as %s)", saved.warning, aside.name if aside else "is")
    return saved
