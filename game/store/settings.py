"""The player's settings: a small JSON file in the config folder.

``load_settings()`` never fails: a missing file gives the defaults; an old
file (another version, unknown or missing keys) keeps every valid value; a
corrupt one (not JSON, not an object, values of the wrong type) gives the
defaults for what cannot be read.  Each problem is one warning line in the
log, and a file that loses anything on reading is first kept aside as
``settings.json.bad-<timestamp>`` so that the next save does not silently
overwrite it.  ``save_settings()`` writes atomically.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from dataclasses import dataclass, fields

from . import paths

log = logging.getLogger("checkers.store")

SETTINGS_VERSION = 1

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
# which side is drawn at the bottom: "auto" follows the human player
ORIENTATIONS = ("auto", "black", "white")
DRAW_RULE_NAMES = ("official", "csci561")
MODES = ("1p", "2p", "watch")  # the new-game screen's modes
SIDES = ("black", "white", "random")

# seconds per square an animated piece takes at each speed (the UI may use its own)
ANIMATION_SECONDS = {"off": 0.0, "fast": 0.06, "normal": 0.12, "slow": 0.25}


@dataclass(eq=False)
class Settings:
    sound: bool = True
    animation: str = "normal"
    show_movable: bool = True
    show_destinations: bool = True
    square_numbers: bool = False
    orientation: str = "auto"
    draw_rule: str = "official"
    mode: str = "1p"
    level: str = "Medium"          # the computer's level against a human
    black_level: str = "Medium"    # computer vs computer
    white_level: str = "Hard"
    side: str = "black"            # the human's side against the computer

    # -- dict-style access, for scenes that keep preferences as a mapping ------
    # ``settings.get("show_movable", True)``, ``settings["new_game"]`` (the
    # new-game screen's {"level", "side"}) and other keys kept for the session.

    def get(self, key, default=None):
        if key == "new_game":
            return {"level": self.level, "side": self.side.capitalize()}
        if key in _FIELD_NAMES:
            return getattr(self, key)
        return self.__dict__.setdefault("_session", {}).get(key, default)

    def __getitem__(self, key):
        missing = object()
        value = self.get(key, missing)
        if value is missing:
            raise KeyError(key)
        return value

    def __contains__(self, key):
        return key == "new_game" or key in _FIELD_NAMES or key in self.__dict__.get("_session", {})

    def __setitem__(self, key, value):
        if key == "new_game" and isinstance(value, dict):
            if _valid("level", value.get("level")):
                self.level = value["level"]
            side = str(value.get("side", "")).lower()
            if side in SIDES:
                self.side = side
        elif key in _FIELD_NAMES:
            if not _valid(key, value):
                raise ValueError(f"bad value for setting {key}: {value!r}")
            setattr(self, key, value)
        else:
            self.__dict__.setdefault("_session", {})[key] = value

    def __eq__(self, other):
        if not isinstance(other, Settings):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in _FIELD_NAMES)

    def replace(self, **changes) -> "Settings":
        return dataclasses.replace(self, **changes)

    def to_json(self) -> dict:
        data = {"version": SETTINGS_VERSION}
        data.update(dataclasses.asdict(self))
        return data


_FIELD_NAMES = tuple(f.name for f in fields(Settings))

_CHOICES = {
    "animation": ANIMATION_SPEEDS,
    "orientation": ORIENTATIONS,
    "draw_rule": DRAW_RULE_NAMES,
    "side": SIDES,
}


def _valid(name, value):
    default = getattr(Settings, name)
    if isinstance(default, bool):
        return isinstance(value, bool)
    if name in _CHOICES:
        return isinstance(value, str) and value in _CHOICES[name]
    if isinstance(default, str):
        # modes and level names belong to the UI and the engine: any short name
        return isinstance(value, str) and 0 < len(value) <= 40 and value.isprintable()
    return False


def choices(name):
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


def settings_from_json(data):
    """``(Settings, problems, lost)`` from decoded JSON.

    ``problems`` lists what was dropped or missing; ``lost`` says whether the
    file held anything the returned settings do not keep.
    """
    problems = []
    if not isinstance(data, dict):
        return Settings(), [f"not a JSON object but {type(data).__name__}"], True
    lost = False
    version = data.get("version")
    if version != SETTINGS_VERSION:
        problems.append(f"version {version!r}, expected {SETTINGS_VERSION}")
        lost = True
    values = {}
    names = [f.name for f in fields(Settings)]
    for name in names:
        if name not in data:
            problems.append(f"missing {name}")
        elif not _valid(name, data[name]):
            problems.append(f"bad {name}={data[name]!r}")
            lost = True
        else:
            values[name] = data[name]
    unknown = sorted(k for k in data if k not in names and k != "version")
    if unknown:
        problems.append("unknown " + ", ".join(map(str, unknown)))
        lost = True
    return Settings(**values), problems, lost


def load_settings(path=None) -> Settings:
    """The saved settings, or the defaults for anything missing or unreadable.  Never raises."""
    path = paths.settings_path() if path is None else path
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Settings()
    except OSError as e:
        log.warning("settings: cannot read %s (%s); using defaults", path, e)
        return Settings()
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        aside = paths.keep_aside(path)
        log.warning("settings: %s is not valid JSON (%s); using defaults, kept it as %s",
                    path, _short(e), aside.name if aside else "is")
        return Settings()
    try:
        settings, problems, lost = settings_from_json(data)
    except Exception as e:  # never let a settings file stop the game
        settings, problems, lost = Settings(), [f"unreadable ({_short(e)})"], True
    if problems:
        aside = paths.keep_aside(path) if lost else None
        kept = f"; kept the old file as {aside.name}" if aside else ""
        log.warning("settings: %s: %s; using defaults for those%s", path, "; ".join(problems), kept)
    return settings


def save_settings(settings: Settings, path=None) -> bool:
    """Write the settings atomically; False (and a warning) when the disk refuses."""
    path = paths.settings_path() if path is None else path
    text = json.dumps(settings.to_json(), indent=2, sort_keys=True) + "\n"
    try:
        paths.atomic_write(path, text)
    except OSError as e:
        log.warning("settings: cannot save %s: %s", path, e)
        return False
    return True


def _short(e):
    return str(e).splitlines()[0][:120] if str(e) else type(e).__name__
