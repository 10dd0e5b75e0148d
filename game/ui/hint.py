"""Hint (H): the engine suggests a move for the human, drawn as an arrow along its path.

The search runs in an engine process of its own (a second ``EngineClient``,
started on the first hint), so it never disturbs the computer player's
searches, and the window never waits: ``request`` sends the position,
``poll`` (every frame) collects the answer.  A hint belongs to the
position it was asked for and disappears as soon as the position changes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ..engine.process import close_quietly

if TYPE_CHECKING:
    from ..rules import Game, Move, Position
    from .geometry import BoardGeometry

HINT_SECONDS = 0.6   # a short search: a hint should come at once
HINT_DEPTH = 12
ARROW_COLOUR = (74, 176, 98)  # the green of assets/hint_arrow_head.png


class Hint:
    def __init__(self, app: Any, client_factory: Callable[[], Any] | None = None) -> None:
        """``client_factory()`` makes the hint's engine client; by default ``app.new_engine()``."""
        self.app = app
        self._factory = client_factory
        self.client: Any = None
        self.request_id: int | None = None
        self.position: Position | None = None
        self.move: Move | None = None
        self.error: str | None = None

    @property
    def thinking(self) -> bool:
        return self.request_id is not None

    def _client(self) -> Any:
        if self.client is None:
            self.client = self._factory() if self._factory is not None else self.app.new_engine()
        return self.client

    def request(self, game: Game) -> str:
        """Ask for a hint in the current position; returns a line to show the player."""
        self.clear()
        if game.outcome is not None:
            return "The game is over"
        legal = game.position.legal_moves()
        if not legal:
            return "No legal move"
        self.position = game.position
        if len(legal) == 1:
            self.move = legal[0]
            return f"Hint: {legal[0]} (the only legal move)"
        from ..engine.process import Limit

        try:
            from ..analysis.history import game_history

            history = game_history(game)
            self.request_id = self._client().go(game.position, history,
                                                Limit(depth=HINT_DEPTH, time=HINT_SECONDS),
                                                draw_rule=game.draw_rule.name, quiet=game.quiet_plies)
        except Exception as e:  # no engine: say so, never crash
            self.request_id = None
            self.error = str(e).splitlines()[0] if str(e) else type(e).__name__
            return f"No hint: the engine could not start ({self.error})"
        return "Looking for a hint…"

    def poll(self, position: Position) -> str | None:
        """Collect the engine's answer; forget the hint if the board changed.  Returns a message or None."""
        if self.position is not None and position != self.position:
            self.clear()
            return None
        if not self.thinking or self.client is None:
            return None
        from ..engine.process import Done

        try:
            messages = self.client.poll()
        except Exception as e:
            self.request_id = None
            return f"No hint: {e}"
        for msg in messages:
            if getattr(msg, "request_id", None) != self.request_id or not isinstance(msg, Done):
                continue
            self.request_id = None
            if msg.move is None or msg.move not in position.legal_moves():
                self.error = msg.error or "the engine found no move"
                return f"No hint: {self.error}"
            self.move = msg.move
            return f"Hint: {msg.move}"
        return None

    def clear(self) -> None:
        if self.thinking and self.client is not None:
            try:
                self.client.cancel()
            except Exception:
                pass
        self.request_id = None
        self.position = None
        self.move = None

    def close(self) -> None:
        """End the hint engine without waiting for it: leaving the play screen must not stall."""
        self.clear()
        client, self.client = self.client, None
        close_quietly(client)

    def draw(self, surface: pygame.Surface, board: BoardGeometry) -> None:
        """The arrow along the hinted move's path on a BoardGeometry."""
        if self.move is None:
            return
        draw_arrow(surface, [board.square_center(s) for s in self.move.path], board.square)


def _aa_polygon(layer: pygame.Surface, colour: tuple[int, ...], points: Sequence[tuple[float, float]]) -> None:
    """A filled polygon with antialiased edges."""
    pygame.draw.polygon(layer, colour, points)
    pygame.draw.aalines(layer, colour, True, points)


def draw_arrow(surface: pygame.Surface, points: Sequence[tuple[float, float]], square: int,
               colour: tuple[int, int, int] = ARROW_COLOUR, alpha: int = 200) -> None:
    """An arrow through ``points`` (pixel centres), its head on the last one.

    Shaft and head are drawn opaque into one small layer with antialiased
    edges, then the whole layer is blended at ``alpha``: the head is exactly
    as translucent as the shaft, and where they overlap nothing is darker.
    """
    if len(points) < 2:
        return
    width = max(4, square // 9)
    head = square * 0.42
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    pad = int(head) + width + 2
    box = pygame.Rect(int(min(xs)) - pad, int(min(ys)) - pad, int(max(xs) - min(xs)) + 2 * pad,
                      int(max(ys) - min(ys)) + 2 * pad)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pts = [(x - box.x, y - box.y) for x, y in points]
    rgba = (*colour, 255)
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    angle = math.atan2(y1 - y0, x1 - x0)
    tip = (x1, y1)
    # the shaft stops inside the head, so the head's point is clean
    base = (x1 - math.cos(angle) * head * 0.7, y1 - math.sin(angle) * head * 0.7)
    shaft = list(pts[:-1]) + [base]
    half = width / 2
    for (ax, ay), (bx, by) in zip(shaft, shaft[1:]):
        a = math.atan2(by - ay, bx - ax)
        dx, dy = -math.sin(a) * half, math.cos(a) * half
        _aa_polygon(layer, rgba, [(ax + dx, ay + dy), (bx + dx, by + dy), (bx - dx, by - dy), (ax - dx, ay - dy)])
    for p in shaft[1:-1]:  # round joints where a multi-jump turns
        pygame.draw.circle(layer, rgba, (round(p[0]), round(p[1])), int(half))
    start = pts[0]
    pygame.draw.circle(layer, rgba, (round(start[0]), round(start[1])), width)
    left = (tip[0] - math.cos(angle - 0.45) * head, tip[1] - math.sin(angle - 0.45) * head)
    right = (tip[0] - math.cos(angle + 0.45) * head, tip[1] - math.sin(angle + 0.45) * head)
    _aa_polygon(layer, rgba, [tip, left, right])
    layer.set_alpha(alpha)
    surface.blit(layer, box)
