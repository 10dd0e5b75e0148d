"""What the play scene remembers and offers on top of playing: autosave, Ctrl+S, hints, review.

The play scene creates one ``PlayExtras`` and calls it from a handful of
one-line hooks (enter/leave, each change of the match, keys, update, draw),
so this feature stays in its own file:

- the match keeps itself on disk after every change (``controller.GameKeeper``:
  under its id among the store's unfinished games, a finished game archived
  with its players, levels and result); this screen starts it and shows its
  line; Continue opens the newest;
  a new game remembers the chosen mode, levels and side in the settings; a
  game from the command line (``ephemeral``) is kept nowhere;
- Ctrl+S saves the game as PDN in the games folder;
- H asks the engine (in its own process) for a hint, drawn as an arrow;
- V opens the game so far in Review.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from . import store_hooks
from .hint import Hint

if TYPE_CHECKING:
    from ..controller.keeper import GameKeeper

log = logging.getLogger("checkers.ui")


class PlayExtras:
    def __init__(self, scene: Any) -> None:
        self.scene = scene   # the play screen
        self.app = scene.app
        self.hint = Hint(self.app)
        # a game started from the command line is a visit: it neither replaces the
        # player's game in progress nor changes their remembered choices
        self.ephemeral = bool(scene.params.get("ephemeral"))
        # what is on disk, and what to say when it is not: the match's keeper (controller.GameKeeper);
        # the match keeps itself after every change, this screen only shows the keeper's line
        self.keeper: GameKeeper = scene.match.keeper
        store_hooks.settings_of(self.app)
        # a game the store does not hold yet (a new one, or one going on from the library, review
        # or set-up), as against an unfinished game resumed under its own id
        self.new_to_store = scene.match.game_id is None
        if not self.ephemeral and scene.params.get("game") is None and scene.params.get("match") is None:
            # a new game: the old one stays among the unfinished games (Continue offers the newest
            # once this one has a move); its choices are remembered
            store_hooks.remember_choice(self.app, scene.players)

    def start(self) -> None:
        """The match keeps itself on disk from now on (a new game under a new id; a game from the command
        line nowhere); one open in another window is shown, kept nowhere."""
        match = self.scene.match
        game_id = match.game_id
        if game_id is None and not self.ephemeral:
            game_id = store_hooks.game_id_for(self.scene.game)
        refused = match.keep_on_disk(game_id, self.ephemeral, stored=not self.new_to_store)
        if refused:
            self.keeper.line = refused  # said at the first frame

    # -- keys ------------------------------------------------------------------------

    def key(self, event: Any) -> bool:
        """Ctrl+S, H, V; True when the key was used."""
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key == pygame.K_s and ctrl:
            self.save()
            return True
        if event.key == pygame.K_h and not ctrl:
            self.ask_hint()
            return True
        if event.key == pygame.K_v and not ctrl:
            self.review()
            return True
        return False

    def save(self) -> Path | None:
        """Ctrl+S: the game kept again (a retry after a failure) and its PDN copy written, saved again
        in place; the path, or None (the status line says why)."""
        path: Path | None
        path, line = self.scene.match.save()
        self.scene.say(line)
        return path

    def ask_hint(self) -> None:
        scene = self.scene
        if not scene.human_to_move():
            scene.say(self.no_hint_words())
            return
        message = self.hint.request(scene.game)
        if message:
            scene.say(message)

    def no_hint_words(self) -> str:
        """Why H gives no hint now, in the words of the game being played."""
        scene = self.scene
        if scene.game.outcome is not None:
            return "The game is over: Review (V) shows where it turned"
        if scene.mode == "watch":  # two computers: the live analysis is the way to see their best moves
            return "Hints are for a person's move: A shows the computers' best lines"
        return "Hints are for your own turn"

    def review(self) -> None:
        scene = self.scene
        if scene.anim is not None:
            scene.anim.finish()
        clocks = {ply: left for ply, left in enumerate(scene.match.clock_moves, 1) if left is not None}
        scene.app.push("review", game=scene.game.copy(), back="pop",
                       tags=store_hooks.review_tags(scene.match.record()), players=dict(scene.players),
                       flipped=scene.flipped, clocks=clocks)

    # -- frame -----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.scene.game.outcome is not None and (self.hint.move is not None or self.hint.thinking):
            self.hint.clear()  # the game is over: no move to suggest, and the arrow goes with it
        line = self.keeper.take_line()
        if line:
            self.scene.say(line)
        message = self.hint.poll(self.scene.game.position)
        if message:
            self.scene.say(message)

    def draw(self, surface: pygame.Surface) -> None:
        if self.scene.anim is None:
            self.hint.draw(surface, self.scene.layout.board)

    def leave(self) -> None:
        # every change was saved when it happened (before its animation ended); the clocks have run since
        # the last move: kept again as they are now, so Continue brings them back as they were left
        self.hint.close()
        match = self.scene.match
        if match.clocks is not None and not self.ephemeral and self.keeper.keeping and not match.over:
            line = match.keep()
            if line:
                log.warning("%s", line)
        self.keeper.release()  # another window may have the game now
