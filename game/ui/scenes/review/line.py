"""A bad move's line, stepped through on the board in why mode.

Part of ReviewScene (game/ui/scenes/review/__init__.py), which is made of one class per job."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ....analysis.report import MoveReport
    from ....rules import Game, Move, Position


class WhyLine:
    """A bad move's story, stepped through on the board: from the position before it (the
    better move drawn beside the one played), the move played, then the refutation."""

    def __init__(self, ply: int, move_report: MoveReport) -> None:
        assert move_report.explanation is not None  # (why mode explains only a move with one)
        self.ply = ply                               # the position after the bad move
        self.report = move_report
        self.moves: tuple[Move, ...] = (move_report.move,) + tuple(move_report.explanation.line)
        self.positions: list[Position] = []          # worked out on first use
        self.index = 0

    def position(self, game: Game) -> Position:
        if not self.positions:
            pos = game.positions[self.ply - 1]
            self.positions.append(pos)
            for m in self.moves:
                pos = pos.play(m)
                self.positions.append(pos)
        return self.positions[self.index]

    def step(self, delta: int) -> None:
        self.index = max(0, min(len(self.moves), self.index + delta))
