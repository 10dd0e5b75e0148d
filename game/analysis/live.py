"""Live analysis: the engine thinks about the position on the board until told otherwise.

``LiveAnalysis.show(position, history)`` (re)starts an unlimited search of that
position in the engine's process; ``poll()`` (once a frame) keeps the newest
depth, score and line; ``stop()`` frees the engine.  Showing the same position
again costs nothing, so the UI may call ``show`` on every frame or on every
change of the board (a move, an undo, a step in review).

A forced move is searched past (see ``forced``): the position after the single
legal moves is searched, and its depth, score and line are read back from the
position shown, so a forced capture shows what it leads to, not "depth 1".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine.process import Done, Info, Limit, close_quietly
from ..engine.scores import WIN
from ..rules import Move, Position
from .client import AnalysisEngine
from .forced import Forced, play_forced


@dataclass(frozen=True)
class LiveInfo:
    position: Position
    depth: int            # plies searched from ``position`` (forced moves played through count)
    score: int            # side to move's view, centi-men (see describe_score)
    pv: tuple[Move, ...]  # the best line, Moves from ``position`` (the forced moves first)
    nodes: int
    seconds: float


class LiveAnalysis:
    def __init__(self, client_factory: Callable[[], AnalysisEngine]) -> None:
        """``client_factory()`` makes the engine client on first use (a spawned process)."""
        self._factory = client_factory
        self.client: AnalysisEngine | None = None
        self.position: Position | None = None
        self.info: LiveInfo | None = None  # the newest LiveInfo for ``position``
        self.error: str | None = None
        self._rid: int | None = None
        self._forced: Forced | None = None  # the forced moves played before the position searched
        self.finished = False    # the search ended by itself (a forced result proven)

    @property
    def running(self) -> bool:
        return self._rid is not None

    def show(self, position: Position, history: Sequence[Position] = ()) -> None:
        """Analyse ``position`` from now on (nothing happens if it is already being analysed)."""
        if position == self.position and (self.running or self.finished):
            return
        self.position, self.info, self.finished, self.error = position, None, False, None
        if not position.legal_moves():
            self._cancel()
            self.finished = True
            return
        forced = play_forced(position, history)
        if forced.over:
            # the forced moves end the game: nothing to search, the result is known
            self._cancel()
            n = len(forced.moves)
            self.info = LiveInfo(position, n, WIN - n if n % 2 else n - WIN, forced.moves, 0, 0.0)
            self.finished = True
            return
        self._forced = forced
        try:
            if self.client is None:
                self.client = self._factory()
            self._rid = self.client.go(forced.position, forced.history, Limit())
        except Exception as e:  # no engine: say so instead of analysing
            self._rid = None
            self.error = f"analysis is not available ({e})"

    def poll(self) -> LiveInfo | None:
        """Take in what the engine sent; returns the newest LiveInfo (or None)."""
        if self._rid is None or self.client is None:
            return self.info
        try:
            messages = self.client.poll()
        except Exception as e:
            self._rid, self.error = None, f"the engine stopped answering ({e})"
            return self.info
        for msg in messages:
            if getattr(msg, "request_id", None) != self._rid:
                continue
            if isinstance(msg, Info) and self._forced is not None and self.position is not None:
                score, pv = self._forced.through(msg.score, msg.pv)
                self.info = LiveInfo(self.position, msg.depth + len(self._forced.moves), score, pv, msg.nodes,
                                     msg.seconds)
            elif isinstance(msg, Done):
                self._rid = None
                self.finished = True
                if msg.error:
                    self.error = msg.error.splitlines()[0]
        return self.info

    def _cancel(self) -> None:
        if self._rid is not None and self.client is not None:
            try:
                self.client.cancel()
            except Exception:
                pass  # a dead engine is already stopped
        self._rid = None

    def stop(self) -> None:
        """Stop analysing; the engine process stays for the next ``show``."""
        self._cancel()
        self.position, self.info, self.finished = None, None, False

    def close(self) -> None:
        """Stop and end the engine process without waiting for it."""
        self.stop()
        client, self.client = self.client, None
        close_quietly(client)
