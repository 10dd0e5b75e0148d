"""The glue between the screens and ``game.store``: settings on the app, autosave, starting play.

Everything here is called from scenes; nothing raises into the game loop:
a file problem becomes a logged warning or a one-line message for the player.  What is game
logic lives below (``controller.players``: ``level_named``, ``players_from_json``;
``controller.record.review_tags``) and is named here for the scenes that import it from here.
"""

from __future__ import annotations

import logging
from typing import Any

from ..controller import Match, bottom_colour, mode_of, players_for
from ..controller.players import level_named, players_from_json
from ..controller.record import review_tags
from ..rules import BLACK, WHITE
from ..store import settings as settings_mod
from ..store.autosave import COLOUR_KEYS
from ..store.settings import Settings

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..engine.levels import Level
    from ..rules import Game
    from ..store.unfinished import UnfinishedGame

    Players = Mapping[int, Level | None]

log = logging.getLogger("checkers.ui")

__all__ = ["clear", "flipped_for", "game_id_for", "level_named", "review_tags",
           "players_for", "players_from_json", "remember_choice", "resume_record", "resume_unfinished",
           "save_app_settings", "settings_of", "start_play", "tell"]


# -- settings -------------------------------------------------------------------

def settings_of(app: Any) -> Settings:
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
    _apply_sound(app)
    return loaded


def save_app_settings(app: Any) -> bool:
    ok = settings_mod.save_settings(settings_of(app))
    _apply_sound(app)
    return ok


def _apply_sound(app: Any) -> None:
    """Honour the sound setting in the assets loader too (app.play_sound checks it as well)."""
    assets = getattr(app, "_assets", None)
    if assets:
        assets.sound_enabled = bool(app.settings.get("sound", True))


# -- players ----------------------------------------------------------------------

def flipped_for(app: Any, players: Players | None) -> bool:
    """The play scene's ``flipped`` (Black at the bottom) from the orientation setting."""
    return bottom_colour(players, settings_of(app).get("orientation", "auto")) == BLACK


def start_play(app: Any, game: Game | None, players: Players, **params: Any) -> None:
    """Play ``game`` (a rules.Game, maybe with moves already made) with ``players`` (the play screen
    takes the mode from them); ``params`` go to the play screen as they are.  Started from the library or
    a review, the game goes back there when it is left (``play_back.trail_of``: the screens open now)."""
    from .play_back import trail_of

    params.setdefault("flipped", flipped_for(app, players))
    params.setdefault("back", trail_of(list(app.stack)))
    app.switch("play", players=players, game=game, **params)


NO_CLOCKS = "Playing on without clocks"  # the title over the line saying why a game goes on without


def resume_unfinished(app: Any, record: UnfinishedGame) -> None:
    """Play on an unfinished game of the store (``store.unfinished``) with its own players, under
    its own id: Continue in the menu, and a game chosen in the library."""
    from ..controller.clock import record_clocks
    from ..controller.record import names_from

    players = players_from_json(record.levels, record.humans)
    clocks, problem = record_clocks(record.extra)
    names = names_from(record.extra.get("names"))  # the people's names, as the game was started with
    match = Match(players, record.game, game_id=record.id, engine=lambda: app.engine,
                  book=bool(app.settings.get("opening_book", True)),
                  names={c: names[k] for c, k in ((BLACK, "black"), (WHITE, "white")) if k in names}, **clocks)
    start_play(app, record.game, players, match=match)
    if problem:
        tell(app, NO_CLOCKS, problem[:1].upper() + problem[1:])


def resume_record(app: Any, game: Game, ply: int, players: Players, tags: Mapping[str, str] | None = None,
                  comments: Any = None, **params: Any) -> Match:
    """Play on from a PDN record's ``game`` after its first ``ply`` moves with ``players`` (the library's
    continue, review's "continue from here"): the moves before stay; a record with a ``[TimeControl]``
    tag goes on with its clocks as its ``{[%clock]}`` comments (``comments``) had them there.  One whose
    clocks cannot be read goes on without, said in one line.  ``time_control`` in ``params`` (chosen in
    "Who plays?") replaces the record's clocks: a ``TimeControl`` starts both afresh, None plays without.
    The other ``params`` go to the play screen.  ``controller.MatchError`` when the game is already over
    there."""
    clocks: dict[str, Any] = {}
    if "time_control" in params:
        clocks = {"time_control": params.pop("time_control")}
        tags = {k: v for k, v in (tags or {}).items() if k != "TimeControl"}  # the record's clocks give way
    from ..store.gamefile import given_name

    # the names the record's people gave, for the sides a person still plays
    names = {c: n for c, side in ((BLACK, "Black"), (WHITE, "White"))
             if players.get(c) is None and (n := given_name(tags or {}, side))}
    match = Match.continue_from(game, ply, players, engine=lambda: app.engine,
                                book=bool(settings_of(app).get("opening_book", True)), tags=tags or {},
                                comments=comments, names=names, **clocks)
    start_play(app, match.game, players, match=match, **params)
    if match.clock_problem:
        problem = match.clock_problem
        tell(app, NO_CLOCKS, problem[:1].upper() + problem[1:])
    return match


def tell(app: Any, title: str, message: str = "") -> None:
    """A one-line message for the player in a small dialog."""
    app.push("notice", title=title, message=message)


def game_id_for(game: Game) -> str:
    """A new id in the store for a game that has none yet (a resumed game brings its own)."""
    from ..store import new_game_id

    return new_game_id()


def clear() -> None:
    from ..store import clear_autosave

    try:
        clear_autosave()
    except Exception as e:
        log.warning("could not clear the autosave: %s", e)


def remember_choice(app: Any, players: Players) -> None:
    """Keep the last chosen mode, levels and side in the settings file."""
    s = settings_of(app)
    mode = mode_of(players)
    try:
        s.mode = mode
        if mode == "1p":
            human = BLACK if players.get(BLACK) is None else WHITE
            s.side = s.side if s.side == "random" else COLOUR_KEYS[human]
            s.level = _spec(players[1 - human])
        elif mode == "watch":
            s.black_level = _spec(players[BLACK])
            s.white_level = _spec(players[WHITE])
        settings_mod.save_settings(s)
    except Exception as e:
        log.warning("could not remember the game settings: %s", e)


def _spec(level: Level | None) -> str:
    """A computer's level as the settings keep it (the mode says a computer plays that side)."""
    if level is None:
        raise ValueError("a person plays the side the mode gives the computer")
    return str(level.spec)
