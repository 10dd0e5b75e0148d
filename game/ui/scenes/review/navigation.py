"""Stepping through the game: the position shown, the move list, the slider and the graph move it.

Part of ReviewScene (game/ui/scenes/review/__init__.py), which is made of one class per job."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ....analysis.history import engine_history
from ... import theme
from .state import ReviewState
from .why import EXPLAINED, _plural

if TYPE_CHECKING:
    from ....analysis.report import MoveReport
    from ....rules import Position


class Navigation(ReviewState):
    """Stepping through the game: the position shown, the move list, the slider and the graph move it."""

    @property
    def total(self) -> int:
        return len(self.game.moves)

    @property
    def position(self) -> Position:
        """The position on the board: the game's at ``ply``, or a step of the line being explained."""
        if self.why is not None:
            return self.why.position(self.game)
        return self.game.positions[self.ply]

    def history(self) -> Sequence[Position]:
        """The earlier positions the engine sees with the one shown (``engine_history``)."""
        w = self.why
        if w is not None:
            w.position(self.game)  # its positions are worked out on first use
            before = w.ply - 1
            return engine_history(self.game.positions[:before] + w.positions[:w.index + 1],
                                  self.game.moves[:before] + list(w.moves[:w.index]))
        return engine_history(self.game.positions[:self.ply + 1], self.game.moves[:self.ply])

    def go(self, ply: int) -> None:
        ply = max(0, min(self.total, ply))
        if ply != self.ply or self.why is not None:
            self.version += 1  # whoever follows the position shown (an analysis) sees it change
        self.why = None
        self.ply = ply
        self.slider.value = self.ply
        self.message = ""
        if self.note_message:
            self.note_message = ""
            self._layout_panel()  # the note gives back the lines the message took
        self.live.follow(self.position, self.history())

    def step(self, delta: int) -> None:
        if self.why is not None:
            before = self.why.index
            self.why.step(delta)
            if self.why.index != before:
                self.version += 1
                self.live.follow(self.position, self.history())
            return
        self.go(self.ply + delta)

    def flip(self) -> None:
        self.flipped = not self.flipped
        self.resize(self.size)

    def marked(self, colour: int | None = None, kinds: Sequence[str] = EXPLAINED) -> list[MoveReport]:
        """The report's moves of ``kinds`` (by ``colour``, or either side), in game order."""
        if self.report is None:
            return []
        return [m for m in self.report.moves if m.kind in kinds and (colour is None or m.colour == colour)]

    def next_marked(self, colour: int | None, kinds: Sequence[str], again: str = "click again for the next") -> bool:
        """Go to the next move of ``kinds`` by ``colour`` (None: either side) after the one shown,
        round to the first after the last, and say which it is (and ``again``, what doing the
        same again does); False when there is none."""
        moves = self.marked(colour, kinds)
        if not moves:
            who = "" if colour is None else f"{theme.side_name(colour)} made "
            self.message = f"{who or 'There are '}no {_plural(kinds)} in this game"
            return False
        later = [m for m in moves if m.ply + 1 > self.ply]
        m = (later or moves)[0]
        self.go(m.ply + 1)
        k = moves.index(m) + 1
        who = "" if colour is None else f"{theme.side_name(colour)}'s "
        more = f" · {again}" if again else ""
        text = f"{who}{_plural(kinds)} {k} of {len(moves)}: {self.move_words(self.ply)}{more}"
        self.message = text[:1].upper() + text[1:]  # "Mistakes or blunders 2 of 7: …"
        return True

    def back(self) -> None:

        if self.params.get("back") == "pop" and len(self.app.stack) > 1:
            self.app.pop()
        else:
            self.app.switch("menu")
