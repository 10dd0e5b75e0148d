"""A game report: every position's engine verdict turned into graded, explained moves.

Pure data in, pure data out: ``build_report`` takes the game's moves and one
``Verdict`` per position (from ``game.analysis.runner`` or any engine), so the
grading is tested on hand-made verdicts without starting an engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..engine.scores import WIN
from ..rules import BLACK, Move, Position
from .explain import Explanation, Probe, explain, material_lost
from .grading import (
    BEST,
    BLUNDER,
    GOOD,
    INACCURACY,
    KINDS,
    MISTAKE,
    Grade,
    expected,
    game_accuracy,
    grade,
    move_accuracy,
    volatility_weights,
)

# Scores are clamped here before centi-men losses are averaged: a forced win
# and +10 men are the same result, and one mate score must not swamp a mean.
CLAMP = 1000


@dataclass(frozen=True)
class Verdict:
    """The engine on one position: its score (side to move's view), best move, line, depth."""

    score: int
    best: Move | None = None     # None: no legal move
    pv: tuple[Move, ...] = ()
    depth: int = 0
    source: str = "search"       # "search", "book", "database", "final"


@dataclass(frozen=True)
class MoveReport:
    ply: int                     # 0 for the game's first move
    colour: int                  # who played it
    move: Move                   # the Move played
    best: Move | None            # the engine's choice
    best_score: int              # mover's view, with the engine's choice
    played_score: int            # mover's view, after the move played
    grade: Grade
    explanation: Explanation | None = None
    refutation: tuple[Move, ...] = ()  # the opponent's best line after the move
    best_line: tuple[Move, ...] = ()   # the engine's choice and its line

    @property
    def kind(self) -> str:
        return self.grade.kind

    @property
    def centi_loss(self) -> int:
        return max(0, _clamp(self.best_score) - _clamp(self.played_score))


@dataclass(frozen=True)
class SideSummary:
    counts: dict[str, int] = field(default_factory=dict)   # kind -> number of moves
    moves: int = 0
    average_loss: float = 0.0    # centi-men lost per move (clamped scores)
    accuracy: float = 100.0      # lichess's game accuracy in percent (docs/accuracy.md)


@dataclass(frozen=True)
class GameReport:
    start: Position              # where the game started
    moves: tuple[MoveReport, ...]  # one per move
    verdicts: tuple[Verdict, ...]  # one per position (len(moves) + 1)

    def summary(self, colour: int) -> SideSummary:
        mine = [m for m in self.moves if m.colour == colour]
        counts = {k: 0 for k in KINDS}
        for m in mine:
            counts[m.kind] += 1
        if not mine:
            return SideSummary(counts, 0, 0.0, 100.0)
        avg = sum(m.centi_loss for m in mine) / len(mine)
        return SideSummary(counts, len(mine), avg, self.accuracy(colour))

    def accuracy(self, colour: int) -> float:
        """``colour``'s accuracy in percent, as lichess computes it (docs/accuracy.md): each
        move's accuracy from the win percentage it gave away, combined over the game with
        weights for how sharp the game was around it and a harmonic mean."""
        win_percents = [100.0 * expected(s) for s in self.black_scores()]
        weights = volatility_weights(win_percents, len(self.moves))
        mine = [(move_accuracy(m.grade.loss), w) for m, w in zip(self.moves, weights) if m.colour == colour]
        return game_accuracy([a for a, _ in mine], [w for _, w in mine])

    def black_scores(self) -> list[int]:
        """Every position's score from Black's view (for the evaluation graph), clamped."""
        out = []
        for i, v in enumerate(self.verdicts):
            turn = _turn_at(self, i)
            s = _clamp(v.score)
            out.append(s if turn == BLACK else -s)
        return out

    def worst(self, kinds: Sequence[str] = (BLUNDER, MISTAKE)) -> list[MoveReport]:
        return [m for m in self.moves if m.kind in kinds]


def _turn_at(report: GameReport, i: int) -> int:
    if i < len(report.moves):
        return report.moves[i].colour
    if report.moves:
        return 1 - report.moves[-1].colour
    return report.start.turn


# A move that loses a man by force is a blunder while the game is still open: from
# a lost position (expected result below DECIDED_LOSS with the best move) or one
# still clearly won after it (above DECIDED_WIN), the man does not change the result.
DECIDED_LOSS = 0.10
DECIDED_WIN = 0.85


FORCED_LOSS = 50    # centi-men the engine's score must drop too: a man "lost" for enough play is no loss


def loses_material_by_force(position: Position, move: Move, refutation: Sequence[Move], best_line: Sequence[Move],
                            best_score: int, played_score: int) -> bool:
    """The move loses a man or more on the board over the engine's line, against the engine's
    own choice, and the engine's score drops with it by at least FORCED_LOSS."""
    if _clamp(best_score) - _clamp(played_score) < FORCED_LOSS:
        return False
    return material_lost(position, move, refutation, best_line) >= 1


def _material_blunder(position: Position, move: Move, refutation: Sequence[Move], best_line: Sequence[Move], g: Grade,
                      best_score: int, played_score: int) -> bool:
    if g.before <= DECIDED_LOSS or g.after >= DECIDED_WIN:
        return False
    return loses_material_by_force(position, move, refutation, best_line, best_score, played_score)


def _clamp(score: int) -> int:
    return max(-CLAMP, min(CLAMP, score))


@dataclass(frozen=True)
class Check:
    """A second, longer look at one doubtful move: both choices searched on their own.

    Two independent short searches of neighbouring positions can disagree by
    more than a man in sharp positions; before a move is called a mistake its
    score and the engine's choice's score are searched again, side by side.
    """

    best_score: int              # mover's view, after the engine's choice
    played_score: int            # mover's view, after the move played
    best_line: tuple[Move, ...]  # the engine's choice and its line
    refutation: tuple[Move, ...]  # the opponent's best line after the move played


def build_report(start: Position, moves: Sequence[Move], verdicts: Sequence[Verdict], probe: Probe | None = None,
                 explain_from: str = MISTAKE, checks: Mapping[int, Check] | None = None,
                 names: Sequence[str] | None = None) -> GameReport:
    """Grade every move of the game played from ``start``.

    ``verdicts[i]`` is the engine on the position before ``moves[i]``, and
    ``verdicts[len(moves)]`` on the final position; ``checks[i]`` (optional) a
    second look at move ``i`` that replaces both scores.  Mistakes and blunders
    (and worse, in the order of ``KINDS``) get an explanation in words.
    """
    checks = checks or {}
    if len(verdicts) != len(moves) + 1:
        raise ValueError(f"a report needs one verdict per position: {len(moves) + 1}, got {len(verdicts)}")
    explain_kinds = set(KINDS[KINDS.index(explain_from):])
    out: list[MoveReport] = []
    position = start
    for i, move in enumerate(moves):
        before, after = verdicts[i], verdicts[i + 1]
        best_score, played_score = before.score, -after.score
        best_line, refutation = tuple(before.pv), tuple(after.pv)
        check = checks.get(i)
        if check is not None:
            best_score, played_score = check.best_score, check.played_score
            best_line, refutation = check.best_line, check.refutation
        was_best = before.best is not None and move == before.best
        g = grade(best_score, played_score, was_best)
        if not was_best and g.kind != BLUNDER and _material_blunder(position, move, refutation, best_line, g,
                                                                 best_score, played_score):
            g = Grade(g.before, g.after, g.loss, BLUNDER)
        explanation: Explanation | None = None
        if g.kind in explain_kinds:
            explanation = explain(position, move, refutation, better=before.best, played_score=played_score,
                                  best_score=best_score, probe=probe, best_line=best_line,
                                  **({"names": names} if names else {}))
        out.append(MoveReport(i, position.turn, move, before.best, best_score, played_score, g,
                              explanation, refutation, best_line))
        position = position.play(move)
    return GameReport(start, tuple(out), tuple(verdicts))


def final_verdict(position: Position) -> Verdict | None:
    """The verdict on a position with no legal move (a loss for the side to move), or None."""
    if position.legal_moves():
        return None
    return Verdict(-WIN, None, (), 0, "final")


__all__ = ["GOOD", "INACCURACY", "BEST", "BLUNDER", "MISTAKE", "Check", "GameReport", "MoveReport",
           "SideSummary", "Verdict", "build_report", "final_verdict"]
