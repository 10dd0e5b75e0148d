"""The glue between the screens and ``game.store``: settings on the app, autosave, players.

Everything here is called from scenes; nothing raises into the game loop:
a file problem becomes a logged warning or a one-line message for the player.
"""

from __future__ import annotations

import logging

from ..rules import BLACK, COLOR_NAMES, WHITE
from ..store import settings as settings_mod
from ..store.settings import Settings

log = logging.getLogger("checkers.ui")

COLOR_KEYS = ("black", "white")


# -- settings -------------------------------------------------------------------

def settings_of(app) -> Settings:
    """The app's Settings, loading them from disk the first time (any mapping kept there is merged)."""
    current = getattr(app, "settings", None)
    if isinstance(current, Settings):
        return current
    loaded = settings_mod.load_settings()
    if isinstance(current, dict):
        for key, value in current.items():
            try:
                loaded[key] = value
            except ValueError:
                pass
    app.settings = loaded
    apply_sound(app)
    return loaded


def save_app_settings(app) -> bool:
    ok = settings_mod.save_settings(settings_of(app))
    apply_sound(app)
    return ok


def apply_sound(app):
    """Honour the sound setting in the assets loader too (app.play_sound checks it as well)."""
    s = getattr(app, "settings", None)
    enabled = bool(s.get("sound", True)) if s is not None else True
    assets = getattr(app, "_assets", None)
    if assets:
        try:
            assets.sound_enabled = enabled
        except Exception:
            pass


def sound_on(app) -> bool:
    s = getattr(app, "settings", None)
    try:
        return bool(s.get("sound", True)) if s is not None else True
    except Exception:
        return True


# -- players ----------------------------------------------------------------------

def level_named(name):
    """The engine Level called ``name`` (named, "Depth 6" or "2 s"), or None."""
    from ..engine import levels

    try:
        return levels.level_by_name(name)
    except (ValueError, TypeError):
        pass
    text = str(name).strip()
    try:
        if text.startswith("Depth "):
            return levels.custom_depth(int(text[6:]))
        if text.endswith(" s"):
            return levels.custom_time(float(text[:-2]))
    except ValueError:
        return None
    return None


def players_to_json(players):
    """``(levels, humans)`` for the autosave from ``{BLACK: None | Level, WHITE: ...}``."""
    levels, humans = {}, []
    for color in (BLACK, WHITE):
        level = (players or {}).get(color)
        if level is None:
            humans.append(COLOR_KEYS[color])
        else:
            levels[COLOR_KEYS[color]] = getattr(level, "name", str(level))
    return levels, humans


def players_from_json(levels, humans, default_level="Medium"):
    players = {}
    for color in (BLACK, WHITE):
        key = COLOR_KEYS[color]
        if key in (humans or []):
            players[color] = None
        else:
            name = (levels or {}).get(key, default_level)
            players[color] = level_named(name) or level_named(default_level) or level_named("Medium")
    return players


def player_tag(level):
    """The PDN player name: "Human" or "Computer (Master)"."""
    from ..store import player_name

    return player_name("human") if level is None else player_name("computer", getattr(level, "name", level))


def mode_of(players):
    humans = sum(1 for c in (BLACK, WHITE) if (players or {}).get(c) is None)
    return {2: "2p", 1: "1p", 0: "watch"}[humans]


def players_for(mode, human=BLACK, level=None):
    """Players for a mode: 1p (the human plays ``human``), 2p or watch."""
    if mode == "2p":
        return {BLACK: None, WHITE: None}
    level = level or level_named("Medium")
    if mode == "watch":
        return {BLACK: level, WHITE: level}
    return {human: None, 1 - human: level}


# -- autosave ---------------------------------------------------------------------

def autosave(app, game, players, mode=None, extra=None) -> bool:
    """Save the game in progress (after every move).  Clears the autosave once the game is over."""
    from ..store import clear_autosave, save_autosave

    try:
        if game.outcome is not None:
            clear_autosave()
            return True
        levels, humans = players_to_json(players)
        return save_autosave(game, mode or mode_of(players), levels, humans, extra)
    except Exception as e:  # the game must go on even if saving does not
        log.warning("autosave failed: %s", e)
        return False


def clear(app=None):
    from ..store import clear_autosave

    try:
        clear_autosave()
    except Exception as e:
        log.warning("could not clear the autosave: %s", e)


def drop_finished_autosave(app=None):
    """Forget an autosave whose game is already over, so the menu does not offer to Continue it."""
    from ..store.autosave import clear_finished_autosave

    try:
        return clear_finished_autosave()
    except Exception as e:
        log.warning("could not check the autosave: %s", e)
        return False


def remember_choice(app, mode, players):
    """Keep the last chosen mode, levels and side in the settings file."""
    s = settings_of(app)
    try:
        s.mode = mode if mode in settings_mod.MODES else s.mode
        if mode == "1p":
            human = BLACK if players.get(BLACK) is None else WHITE
            computer = players.get(1 - human)
            s.side = s.side if s.side == "random" else COLOR_KEYS[human]
            if computer is not None:
                s.level = computer.name
        elif mode == "watch":
            s.black_level = players[BLACK].name
            s.white_level = players[WHITE].name
        settings_mod.save_settings(s)
    except Exception as e:
        log.warning("could not remember the game settings: %s", e)


def flipped_for(app, players):
    """The play scene's ``flipped`` (black at the bottom) from the orientation setting."""
    orientation = settings_of(app).get("orientation", "auto")
    if orientation == "black":
        return True
    if orientation == "white":
        return False
    humans = [c for c in (BLACK, WHITE) if (players or {}).get(c) is None]
    return not (len(humans) == 1 and humans[0] == WHITE)


def start_play(app, game, players, mode=None, **params):
    """Play ``game`` (a rules.Game, maybe with moves already made) with ``players``."""
    mode = mode or mode_of(players)
    params.setdefault("flipped", flipped_for(app, players))
    app.switch("play", mode=mode, players=players, game=game, **params)


def tell(app, title, message=""):
    """A one-line message for the player in a small dialog."""
    app.push("notice", title=title, message=message)


def color_name(color):
    return COLOR_NAMES[color]
