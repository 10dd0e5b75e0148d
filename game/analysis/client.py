"""What the analysis needs of an engine: ``go``, ``poll`` and ``cancel``.

``game.engine.process.EngineClient`` is one; the tests' doubles are others.  The
report and the live analysis are typed against this, not against the process.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from ..engine.process import Limit
from ..rules import Position


class AnalysisEngine(Protocol):
    def go(self, position: Position, history: Sequence[Position] = ..., limit: Limit = ...) -> int:
        """Start a search of ``position``; its request id."""
        ...

    def poll(self) -> Iterable[object]:
        """The messages (``Info``, ``Done``) that have arrived since the last poll."""
        ...

    def cancel(self) -> None:
        """Stop the search running."""
        ...


def cancel_quietly(client: AnalysisEngine | None) -> None:
    """Stop ``client``'s search; a dead engine, or none, has nothing to stop (and must not raise
    into the screen that asked)."""
    if client is None:
        return
    try:
        client.cancel()
    except Exception:
        pass
