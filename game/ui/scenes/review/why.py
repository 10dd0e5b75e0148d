"""Why mode: a bad move's line stepped through on the board (W, Esc back).

Part of ReviewScene (game/ui/scenes/review/__init__.py), which is made of one class per job."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ....analysis.grading import BLUNDER, INACCURACY, MISTAKE
from .line import WhyLine
from .state import ReviewState

if TYPE_CHECKING:
    from ....analysis.report import MoveReport

WHY_COLOURS = ((90, 200, 120), (220, 80, 70), (236, 160, 80))   # the better move, the move played, its refutation
PLAYED_COLOUR = ((220, 80, 70),)
EXPLAINED = (MISTAKE, BLUNDER)
KIND_PLURALS = {INACCURACY: "inaccuracies", MISTAKE: "mistakes", BLUNDER: "blunders"}


def _plural(kinds: Sequence[str]) -> str:
    """"blunders", "mistakes or blunders": what a list of classes is called."""
    return " or ".join(KIND_PLURALS[k] for k in kinds)


class WhyMode(ReviewState):
    """Why mode: a bad move's line stepped through on the board (W, Esc back)."""

    def explained(self, ply: int | None = None) -> MoveReport | None:
        m = self.move_report(ply)
        if m is not None and m.kind in EXPLAINED and m.explanation is not None:
            return m
        return None

    def start_why(self) -> bool:
        """Step through why the move shown was bad (from the position before it).  On a move that
        was not, once the game is analysed: go to the next mistake or blunder (W again explains it)."""
        m = self.explained()
        if m is None:
            if self.report is not None:
                self.next_marked(None, EXPLAINED, again="W: why it was bad")
            elif self.analysing:
                self.message = "W explains a mistake or a blunder once the report is ready"
            else:
                self.message = "W explains a mistake or a blunder: analyse the game first (G)"
            return False
        self.why = WhyLine(self.ply, m)
        self.version += 1
        self.live.follow(self.position, self.history())
        return True

    def end_why(self) -> None:

        if self.why is not None:
            self.go(self.why.ply)
