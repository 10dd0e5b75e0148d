"""The glue between the screens and ``game.store``: settings on the app, autosave, starting play.

Everything here is called from scenes; nothing raises into the game loop:
a file problem becomes a logged warning or a one-line message for the player.
"""

from __future__ import annotations

import logging

from ..controller import DEFAULT_LEVEL, Match, bottom_colour, mode_of, players_for
from ..engine.levels import LevelError, parse_level
from ..rules import BLACK, WHITE
from ..store import settings as settings_mod
from ..store.autosave import COLOR_KEYS
from ..store.settings import Settings

log = logging.getLogger("checkers.ui")

__all__ = ["Keeper", "autosave", "clear", "flipped_for", "game_id_for", "level_named", "review_tags",
           "players_for", "players_from_json", "remember_choice", "resume_record", "resume_unfinished",
           "save_app_settings", "settings_of", "start_play", "tell"]


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
    _apply_sound(app)
    return loaded


def save_app_settings(app) -> bool:
    ok = settings_mod.save_settings(settings_of(app))
    _apply_sound(app)
    return ok


def _apply_sound(app):
    """Honour the sound setting in the assets loader too (app.play_sound checks it as well)."""
    assets = getattr(app, "_assets", None)
    if assets:
        assets.sound_enabled = bool(app.settings.get("sound", True))


# -- players ----------------------------------------------------------------------

def level_named(text, default=None):
    """The Level spelt ``text`` (see ``parse_level``); when it cannot be read (a file edited by
    hand), ``default``'s Level, or None without a default."""
    try:
        return parse_level(text)
    except LevelError:
        return None if default is None else parse_level(default)


def players_from_json(levels, humans, default_level=DEFAULT_LEVEL):
    """Players from the autosave's ``levels`` ({"white": "Expert"}) and ``humans`` (["black"])."""
    players = {}
    for color in (BLACK, WHITE):
        key = COLOR_KEYS[color]
        players[color] = None if key in (humans or []) else level_named((levels or {}).get(key, default_level),
                                                                          default_level)
    return players


def flipped_for(app, players):
    """The play scene's ``flipped`` (Black at the bottom) from the orientation setting."""
    return bottom_colour(players, settings_of(app).get("orientation", "auto")) == BLACK


def start_play(app, game, players, **params):
    """Play ``game`` (a rules.Game, maybe with moves already made) with ``players`` (the play screen
    takes the mode from them); ``params`` go to the play screen as they are."""
    params.setdefault("flipped", flipped_for(app, players))
    app.switch("play", players=players, game=game, **params)


NO_CLOCKS = "Playing on without clocks"  # the title over the line saying why a game goes on without


def resume_unfinished(app, record):
    """Play on an unfinished game of the store (``store.unfinished``) with its own players, under
    its own id: Continue in the menu, and a game chosen in the library."""
    from ..controller.clock import record_clocks

    players = players_from_json(record.levels, record.humans)
    clocks, problem = record_clocks(record.extra)
    match = Match(players, record.game, game_id=record.id, engine=lambda: app.engine,
                  book=bool(app.settings.get("opening_book", True)), **clocks)
    start_play(app, record.game, players, match=match)
    if problem:
        tell(app, NO_CLOCKS, problem[:1].upper() + problem[1:])


def resume_record(app, game, ply, players, tags=None, comments=None, **params):
    """Play on from a PDN record's ``game`` after its first ``ply`` moves with ``players`` (the library's
    continue, review's "continue from here"): the moves before stay; a record with a ``[TimeControl]``
    tag goes on with its clocks as its ``{[%clock]}`` comments (``comments``) had them there.  One whose
    clocks cannot be read goes on without, said in one line.  ``params`` go to the play screen.
    ``controller.MatchError`` when the game is already over there."""
    match = Match.continue_from(game, ply, players, engine=lambda: app.engine,
                                book=bool(settings_of(app).get("opening_book", True)), tags=tags or {},
                                comments=comments)
    start_play(app, match.game, players, match=match, **params)
    if match.clock_problem:
        problem = match.clock_problem
        tell(app, NO_CLOCKS, problem[:1].upper() + problem[1:])
    return match


def tell(app, title, message=""):
    """A one-line message for the player in a small dialog."""
    app.push("notice", title=title, message=message)


# -- keeping the game on disk ----------------------------------------------------------

class Keeper:
    """The play screen's game on disk: kept after every change among the store's unfinished games
    (archived once it ends), and what to tell the player when the disk refuses.

    A failed write never loses the game: it stays in memory, the player is
    told in one line why ("the disk is full") and what to do, the next change
    (a move) tries again, Ctrl+S tries at once, and leaving the game or quitting
    asks first while it is unsaved (``warning``).  A game between two computers
    is kept once it ends: left unfinished, it is not a game of the player's.
    """

    def __init__(self, ephemeral=False):
        self.ephemeral = ephemeral
        self.unsaved = False    # the last change could not be written
        self.error = None       # why (a player's words)
        self.archived = None    # the finished game's archived file
        self._copy_id = None    # the id of an ephemeral game's saved copy (one file, saved again in place)

    def keep(self, game, record):
        """Keep the game after a change; a line for the screen (a failure, or the recovery) or None."""
        if self.ephemeral or record.game_id is None:
            return None
        if record.mode == "watch" and game.outcome is None:
            return None
        from ..store.unfinished import keep_unfinished

        try:
            kept = keep_unfinished(record.game_id, game, record.mode, record.levels(), record.humans(),
                                   record.store_extra(), tags=record.pdn_tags(), comments=record.clock_comments())
        except Exception as e:  # the game must go on whatever the store does
            log.warning("could not keep the game: %s", e)
            kept = None
        if kept is not None and kept.ok:
            was = self.unsaved
            self.unsaved, self.error, self.archived = False, None, kept.archived
            return "Saved: your game is on disk again" if was else None
        self.unsaved = True
        self.error = kept.error if kept is not None and kept.error else "the disk refused"
        return self.failure_line()

    def failure_line(self):
        """One line: what went wrong, that nothing is lost, and what to do."""
        if "full" in self.error:
            remedy = "free some space, then Ctrl+S"
        elif "read-only" in self.error or "permission" in self.error:
            remedy = "make the data folder writable, then Ctrl+S"
        else:
            remedy = "Ctrl+S tries again"
        return f"Could not save: {self.error} — your game is kept in memory; {remedy}"

    def warning(self):
        """The words for leaving or quitting while the game is not on disk, or None."""
        if not self.unsaved:
            return None
        return f"This game could not be saved ({self.error}): it is lost if you leave now. Free some space " \
               "or fix the folder, then Ctrl+S."

    def save_now(self, game, record):
        """Ctrl+S, or Save on the game-over card: ``(path or None, line for the screen)``.

        The game is kept again first (a retry after a failure); then its PDN copy
        is written to the games folder as the game's own file, so saving again
        replaces it (the library lists one game once, whatever copies it has).
        """
        from ..store import StoreError, save_game

        if not self.ephemeral and record.game_id is not None:
            self.keep(game, record)
            game_id = record.game_id
        else:
            if self._copy_id is None:
                from ..store import new_game_id

                self._copy_id = new_game_id()
            game_id = self._copy_id
        try:
            path = save_game(game, record.pdn_tags(), game_id=game_id, comments=record.clock_comments())
        except StoreError as e:
            why = f"Not saved: {e}"
            return None, why if not self.unsaved else self.failure_line()
        except Exception as e:  # never a traceback for the player
            log.warning("save failed: %s", e)
            return None, f"Not saved: {e}"
        if self.unsaved:  # the copy is written, the game's own record is not: say both
            return path, f"Saved as {path}, but {self.error} kept the game's own record from being updated"
        return path, f"Saved as {path}"


def autosave(game, record) -> bool:
    """Keep the game with its MatchRecord's players, levels and id among the store's unfinished games
    (a finished one is archived there); True when it is on disk.  (``Keeper`` also says why not.)"""
    keeper = Keeper()
    keeper.keep(game, record)
    return not keeper.unsaved and record.game_id is not None


def review_tags(record, game_id=None):
    """The tags a game shown in Review carries from play: players, levels, the event, when it started
    (Date, Time) and its id, so an annotated copy keeps them and is saved again in place."""
    import time

    from ..store.gamefile import started

    tags = dict(record.pdn_tags())
    gid = game_id or record.game_id
    when = started(gid) if gid else None
    if when is not None:
        tags.update(Date=time.strftime("%Y.%m.%d", when), Time=time.strftime("%H:%M:%S", when), GameId=gid)
    return tags


def game_id_for(game):
    """A new id in the store for a game that has none yet (a resumed game brings its own)."""
    from ..store import new_game_id

    return new_game_id()


def clear():
    from ..store import clear_autosave

    try:
        clear_autosave()
    except Exception as e:
        log.warning("could not clear the autosave: %s", e)


def remember_choice(app, players):
    """Keep the last chosen mode, levels and side in the settings file."""
    s = settings_of(app)
    mode = mode_of(players)
    try:
        s.mode = mode
        if mode == "1p":
            human = BLACK if players.get(BLACK) is None else WHITE
            s.side = s.side if s.side == "random" else COLOR_KEYS[human]
            s.level = players[1 - human].spec
        elif mode == "watch":
            s.black_level = players[BLACK].spec
            s.white_level = players[WHITE].spec
        settings_mod.save_settings(s)
    except Exception as e:
        log.warning("could not remember the game settings: %s", e)
