"""Forced moves played through before a search: one rule for the live analysis and the report.

The engine answers a position with one legal move at once, with a static score
(depth 1, no line): that is right for playing, where there is nothing to choose,
and wrong for analysis, which must say what the forced move leads to.  So the
analysis plays the forced moves itself, searches the first position with a
choice, and reads the answer back from where it started (``through``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..engine.scores import MATE_BOUND
from ..rules import Move, Position
from .history import engine_history

FORCED_LIMIT = 20   # forced moves played at most (kings can shuffle through single moves a long way)


@dataclass(frozen=True)
class Forced:
    """``position`` after the forced ``moves`` from the one asked about, and the ``history``
    the engine is shown with it (``engine_history`` over the whole line)."""

    position: Position
    history: tuple[Position, ...]
    moves: tuple[Move, ...]

    @property
    def over(self) -> bool:
        """The forced moves end the game: the side to move at ``position`` has no move."""
        return not self.position.legal_moves()

    def through(self, score: int, pv: Iterable[Move] = ()) -> tuple[int, tuple[Move, ...]]:
        """A score (side to move at ``position``) and line found after the forced moves,
        as seen from the position asked about: the score negated once per forced move,
        the line led by the forced moves."""
        return plies_back(score, len(self.moves)), tuple(self.moves) + tuple(pv)


def plies_back(score: int, n: int) -> int:
    """A score (side to move) seen ``n`` plies earlier: negated once a ply, and a forced result
    ``n`` plies further off (a win in 3 plies after one forced move is a loss in 4, not in 3)."""
    score = score if n % 2 == 0 else -score
    if score >= MATE_BOUND:
        return score - n
    if score <= -MATE_BOUND:
        return score + n
    return score


def play_forced(position: Position, history: Iterable[Position] = (), limit: int = FORCED_LIMIT) -> Forced:
    """Play the single legal moves from ``position`` (``history`` the earlier positions the
    engine would be shown with it) until there is a choice, the game ends or ``limit`` is
    reached; a ``Forced`` (with no moves when ``position`` has a choice already)."""
    positions: list[Position] = [position]
    moves: list[Move] = []
    while len(moves) < limit:
        legal = positions[-1].legal_moves()
        if len(legal) != 1:
            break
        moves.append(legal[0])
        positions.append(positions[-1].play(legal[0]))
    if not moves:
        return Forced(position, tuple(history), ())
    since = engine_history(positions, moves)
    # nothing trimmed (no capture, no man move): the earlier history can still recur
    if len(since) == len(moves):
        since = tuple(history) + since
    return Forced(positions[-1], since, tuple(moves))
