"""The player's settings: a small JSON file in the config folder.

``load_settings()`` never fails: a missing file gives the defaults; an old
file (another version, unknown or missing keys) keeps every valid value; a
corrupt one (not JSON, nested too deeply, not an object, values of the wrong
type, not a regular file, too large) gives the defaults for what cannot be
read.  Each problem is one line in ``settings.problems()`` (for the screen)
and one warning in the log.  A file that loses anything on reading is first
set aside as ``settings.json.bad-<timestamp>`` so that the next save does not
overwrite it; if it cannot be moved, these settings are never saved over it.
``save_settings()`` writes atomically.

Settings made ``ephemeral()`` (a game started from the command line) are
used but never saved: the player's preferences stay as they were.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from dataclasses import dataclass, fields

from ..rules import DRAW_RULES
from ..textfile import excerpt
from . import paths
from .jsonfile import MISSING, BadJsonFile, read_json, write_json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .paths import StrPath

log = logging.getLogger("checkers.store")

SETTINGS_VERSION = 1

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
# which side is drawn at the bottom: "auto" follows the human player
ORIENTATIONS = ("auto", "black", "white")
DRAW_RULE_NAMES = tuple(DRAW_RULES)
MODES = ("1p", "2p", "watch")  # the new-game screen's modes
SIDES = ("black", "white", "random")
REPLY_PAUSES = ("none", "short", "long")
WATCH_SPEEDS = ("slow", "normal", "fast")
VOLUMES = ("25", "50", "75", "100")  # percent of full loudness (Sound turns it off)
TEXT_SIZES = ("normal", "large", "larger")  # every text on screen, game.ui.theme.TEXT_SCALES

MAX_BYTES = 64 * 1024  # a settings file is a few hundred bytes
# kept on the object, not in the file: carried over by replace()
_SESSION_KEYS = ("_session", "_problems", "_ephemeral", "_no_save")


class SettingError(ValueError):
    """A value a setting cannot take; the message quotes (an excerpt of) it."""


@dataclass(eq=False)
class Settings:
    sound: bool = True
    volume: str = "100"            # percent of full loudness when sound is on (VOLUMES)
    text_size: str = "normal"      # how large every text is drawn (TEXT_SIZES)
    animation: str = "normal"
    show_movable: bool = True
    show_destinations: bool = True
    square_numbers: bool = True    # moves are written in numbers: show them on the board
    orientation: str = "auto"
    draw_rule: str = "official"
    mode: str = "1p"
    level: str = "Medium"          # the computer's level against a human
    black_level: str = "Medium"    # computer vs computer
    white_level: str = "Hard"
    side: str = "black"            # the human's side against the computer
    reply_pause: str = "short"     # the wait before the computer's reply, so your move is seen landing
    watch_speed: str = "normal"    # computer v computer: about a move a second
    allow_analysis: bool = False   # live analysis in a game against the computer (like hints, opt-in)
    opening_book: bool = True      # Expert and Master play the opening from the book
    auto_flip: bool = False        # two people at one screen: the board turns to the player to move
    time_control: str = "off"      # the last clock chosen for a new game: "off" or minutes+increment ("3+2")
    player_name: str = ""          # the player's name against the computer ("": "You", the game's word)

    # -- dict-style access, for scenes that keep preferences as a mapping ------
    # ``settings.get("show_movable", True)``, ``settings["new_game"]`` (the
    # new-game screen's {"level", "side"}) and other keys kept for the session.

    def get(self, key: str, default: Any = None) -> Any:
        if key == "new_game":
            return {"level": self.level, "side": self.side.capitalize()}
        if key in _FIELD_NAMES:
            return getattr(self, key)
        return self.__dict__.setdefault("_session", {}).get(key, default)

    def __getitem__(self, key: str) -> Any:
        missing = object()
        value = self.get(key, missing)
        if value is missing:
            raise KeyError(key)
        return value

    def __contains__(self, key: object) -> bool:
        return key == "new_game" or key in _FIELD_NAMES or key in self.__dict__.get("_session", {})

    def __setitem__(self, key: str, value: Any) -> None:
        if key == "new_game" and isinstance(value, dict):
            if _valid("level", value.get("level")):
                self.level = value["level"]
            side = str(value.get("side", "")).lower()
            if side in SIDES:
                self.side = side
        elif key in _FIELD_NAMES:
            if not _valid(key, value):
                raise SettingError(f"bad value for setting {key}: {excerpt(repr(value))}")
            setattr(self, key, value)
        else:
            self.__dict__.setdefault("_session", {})[key] = value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settings):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in _FIELD_NAMES)

    def replace(self, **changes: Any) -> Settings:
        new = dataclasses.replace(self, **changes)
        for key in _SESSION_KEYS:
            if key in self.__dict__:
                new.__dict__[key] = self.__dict__[key]
        return new

    def problems(self) -> list[str]:
        """One line per problem found when these settings were loaded (for the screen); [] if none."""
        return list(self.__dict__.get("_problems", ()))

    def ephemeral(self) -> Settings:
        """Mark these settings as never to be saved (a game from the command line); returns self."""
        self.__dict__["_ephemeral"] = True
        return self

    @property
    def is_ephemeral(self) -> bool:
        return bool(self.__dict__.get("_ephemeral"))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"version": SETTINGS_VERSION}
        data.update(dataclasses.asdict(self))
        return data


_FIELD_NAMES = tuple(f.name for f in fields(Settings))

_CHOICES = {
    "animation": ANIMATION_SPEEDS,
    "orientation": ORIENTATIONS,
    "draw_rule": DRAW_RULE_NAMES,
    "side": SIDES,
    "reply_pause": REPLY_PAUSES,
    "watch_speed": WATCH_SPEEDS,
    "volume": VOLUMES,
    "text_size": TEXT_SIZES,
}


# the settings' spelling of a clock (its limits are the controller's: a value it refuses means "off")
_FORMS = {"time_control": re.compile(r"off|[0-9]{1,3}(\.[0-9]{1,2})?\+[0-9]{1,2}"),
          "player_name": re.compile(r"[^\x00-\x1f\x7f]{0,40}")}  # a name typed, or none


def _valid(name: str, value: object) -> bool:
    default = getattr(Settings, name)
    if isinstance(default, bool):
        return isinstance(value, bool)
    if name in _CHOICES:
        return isinstance(value, str) and value in _CHOICES[name]
    if name in _FORMS:
        return isinstance(value, str) and _FORMS[name].fullmatch(value) is not None
    if isinstance(default, str):
        # modes and level names belong to the UI and the engine: any short name
        return isinstance(value, str) and 0 < len(value) <= 40 and value.isprintable()
    return False


def choices(name: str) -> tuple[Any, ...]:
    """The values a cycling setting takes, or (False, True) for a toggle."""
    if isinstance(getattr(Settings, name), bool):
        return (False, True)
    return _CHOICES.get(name, ())


def cycle(settings: Settings, name: str, step: int = 1) -> Settings:
    """The settings with ``name`` toggled or moved ``step`` places along its choices."""
    options = choices(name) or (getattr(settings, name),)
    current = getattr(settings, name)
    i = options.index(current) if current in options else 0
    return settings.replace(**{name: options[(i + step) % len(options)]})


def settings_from_json(data: object) -> tuple[Settings, list[str], bool]:
    """``(Settings, problems, lost)`` from decoded JSON.

    ``problems`` lists what was dropped or missing; ``lost`` says whether the
    file held anything the returned settings do not keep.
    """
    problems: list[str] = []
    if not isinstance(data, dict):
        return Settings(), [f"not a JSON object but a {type(data).__name__}"], True
    lost = False
    version = data.get("version")
    if version != SETTINGS_VERSION:
        problems.append(f"version {excerpt(repr(version), 20)}, expected {SETTINGS_VERSION}")
        lost = True
    values: dict[str, Any] = {}
    names = [f.name for f in fields(Settings)]
    for name in names:
        if name not in data:
            continue  # an older file: the default is what that version meant, nothing to tell
        if not _valid(name, data[name]):
            problems.append(f"bad {name}={excerpt(repr(data[name]), 30)}")
            lost = True
        else:
            values[name] = data[name]
    unknown = sorted(k for k in data if k not in names and k != "version")
    if unknown:
        shown = ", ".join(excerpt(k, 20) for k in unknown[:5])
        problems.append(f"unknown {shown}" + (f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""))
        lost = True
    return Settings(**values), problems, lost


def load_settings(path: StrPath | None = None) -> Settings:
    """The saved settings, or the defaults for anything missing or unreadable.  Never raises.

    What went wrong is in ``problems()`` of the result, one line each, saying
    where an unreadable file was set aside.
    """
    path = paths.settings_path() if path is None else path
    try:
        data = read_json(path, limit=MAX_BYTES, what="the settings file")
    except BadJsonFile as e:
        return _defaults_after(path, str(e))
    except Exception as e:  # never let a settings file stop the game
        return _defaults_after(path, f"the settings file cannot be read ({_short(e)})")
    if data is MISSING:
        return Settings()
    try:
        settings, problems, lost = settings_from_json(data)
    except Exception as e:
        settings, problems, lost = Settings(), [f"unreadable ({_short(e)})"], True
    if problems:
        line = f"settings: {_clip('; '.join(problems))}; using the defaults for those"
        if lost:
            line += _set_aside(path, settings)
        _report(settings, line)
    return settings


def _defaults_after(path: StrPath, why: str) -> Settings:
    settings = Settings()
    _report(settings, f"settings: {_clip(why)}; using the defaults" + _set_aside(path, settings))
    return settings


def _clip(text: object, limit: int = 200) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _set_aside(path: StrPath, settings: Settings) -> str:
    """Move the old file out of the way of the next save; the words saying where it went."""
    aside = paths.set_file_aside(path)
    if aside is not None:
        return f"; the old file was set aside as {aside}"
    settings.__dict__["_no_save"] = True
    return "; the old file could not be moved, so settings will not be saved over it"


def _report(settings: Settings, line: str) -> None:
    settings.__dict__.setdefault("_problems", []).append(line)
    log.warning("%s", line)


def save_settings(settings: Settings, path: StrPath | None = None) -> bool:
    """Write the settings atomically; False (and a warning) when the disk refuses.

    Ephemeral settings are not written (True: nothing was asked of the disk);
    settings whose unreadable file could not be set aside are not written
    over it (False).
    """
    if settings.is_ephemeral:
        return True
    if settings.__dict__.get("_no_save"):
        log.warning("settings: not saved, the unreadable settings file is still in the way")
        return False
    path = paths.settings_path() if path is None else path
    return write_json(path, settings.to_json(), what="settings", indent=2, sort_keys=True)


def _short(e: BaseException) -> str:
    return str(e).splitlines()[0][:120] if str(e) else type(e).__name__
