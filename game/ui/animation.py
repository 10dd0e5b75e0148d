"""A move shown hop by hop: the piece slides, each captured piece vanishes as it is jumped."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..rules import Move, Position
    from .geometry import BoardGeometry

HOP_SECONDS = 0.16
STEP_SECONDS = 0.18


def _ease(t: float) -> float:
    return t * t * (3 - 2 * t)  # smoothstep: starts and lands softly


class MoveAnimation:
    def __init__(self, move: Move, before: Position, first_hop: int = 0, scale: float = 1.0) -> None:
        self.move = move
        self.before = before
        self.piece = before.piece_at(move.start)
        self.hops = len(move.path) - 1
        self.first_hop = min(first_hop, self.hops)
        self.per_hop = (HOP_SECONDS if move.is_capture else STEP_SECONDS) * scale
        self.elapsed = 0.0

    @property
    def duration(self) -> float:
        return (self.hops - self.first_hop) * self.per_hop

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def finish(self) -> None:
        self.elapsed = self.duration

    def where(self) -> tuple[int, float]:
        """(hop index, fraction 0-1 of that hop) now."""
        if self.done:
            return self.hops - 1, 1.0
        if self.per_hop <= 0:
            return self.hops - 1, 1.0
        t = self.elapsed / self.per_hop
        hop = self.first_hop + int(t)
        return hop, _ease(t - int(t))

    def vanished(self) -> tuple[int, ...]:
        """Captured squares already jumped (a piece vanishes once the mover is past it)."""
        hop, frac = self.where()
        gone = hop + (1 if frac >= 0.5 else 0)
        return self.move.captures[:gone]

    def position_px(self, geometry: BoardGeometry) -> tuple[float, float]:
        hop, frac = self.where()
        a = geometry.square_center(self.move.path[hop])
        b = geometry.square_center(self.move.path[hop + 1])
        return (a[0] + (b[0] - a[0]) * frac, a[1] + (b[1] - a[1]) * frac)
