""""Continue from here": playing on from the position shown, vs the computer or with a friend.

Part of ReviewScene (game/ui/scenes/review/__init__.py), which is made of one class per job."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ....controller import DEFAULT_LEVEL, Match, MatchError, players_for
from ...store_hooks import level_named, resume_record, settings_of
from ...words import to_move
from .state import ReviewState

if TYPE_CHECKING:
    from ....engine.levels import Level


class Continuing(ReviewState):
    """"Continue from here": playing on from the position shown, vs the computer or with a friend."""

    def _continue(self, players: Mapping[int, Level | None]) -> None:
        """Ask who plays on from the position shown (``players`` preselected); the moves before it
        are kept."""
        try:
            Match.continue_from(self.game, self.ply, players)  # only to ask whether play can go on here
        except MatchError as e:
            text = str(e)
            self.message = text[:1].upper() + text[1:]  # "The game is over here: ..."
            return
        # the mode was chosen with the button ("Continue vs computer"): not asked again
        self.app.push("who_plays", players=players, turn=self.position.turn, on_start=self._play_on,
                      subtitle=f"Play on from here: {to_move(self.position.turn)}", ask_mode=False, tags=self.tags)

    def _play_on(self, players: Mapping[int, Level | None], **choice: Any) -> None:
        # the clocks as they stood here: the record's [TimeControl] and %clock comments (or play's clocks),
        # unless another clock was chosen (``choice``: the clock, and where leaving the game goes back to)
        resume_record(self.app, self.game, self.ply, players, tags=self.tags,
                      comments=self.params.get("comments") or self.clocks, **choice)

    def computer_level(self) -> Level | None:
        """The level to play on against: the reviewed game's computer, else the one last chosen."""
        players: Mapping[int, Level | None] = self.params.get("players") or {}
        for level in players.values():

            if level is not None:
                return level
        return level_named(settings_of(self.app).get("level"), DEFAULT_LEVEL)

    def continue_vs_computer(self) -> None:
        # the side to move here is yours
        self._continue(players_for("1p", self.position.turn, self.computer_level()))

    def continue_with_friend(self) -> None:

        self._continue(players_for("2p"))
