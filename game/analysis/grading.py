"""How good a move was: the engine's scores turned into an expected result, and the
expected result a move gave away turned into a class (best … blunder).

Scores are the engine's: centi-men from the side to move's view (a man is 100),
forced results beyond ``MATE_BOUND``.  A centi-man is not worth the same
everywhere: going from two men up to one man up still wins most games, going
from level to a man down loses most of them.  So a move is graded by how much
*expected result* it gave away, as lichess does with winning chances:
``expected(score) = 1 / (1 + exp(-score / SCALE))``, 1 a certain win, 0 a
certain loss.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from ..engine.scores import MATE_BOUND

# With SCALE = 100 a man down from a level position drops the expected result
# from 0.50 to 0.27 (a blunder), half a man to 0.38 (a mistake), while +5 -> +4
# men costs 0.01 (still good): checkers between strong players is decided by a man.
SCALE = 100.0

BEST, GOOD, INACCURACY, MISTAKE, BLUNDER = "best", "good", "inaccuracy", "mistake", "blunder"
KINDS = (BEST, GOOD, INACCURACY, MISTAKE, BLUNDER)

# Expected result given away (0-1) from which a move is in each class; below the
# first it is good (or best when it was the engine's move, or lost nothing).
THRESHOLDS = ((BLUNDER, 0.20), (MISTAKE, 0.12), (INACCURACY, 0.06))
BEST_TOLERANCE = 0.01  # losing less than this against the engine's choice is as good as best

# PDN move marks a person would write.
MARKS = {BEST: "", GOOD: "", INACCURACY: "?!", MISTAKE: "?", BLUNDER: "??"}


def expected(score: float | None) -> float:
    """The expected result (0 loss … 1 win) for the side to move at ``score``."""
    if score is None:
        return 0.5
    if score >= MATE_BOUND:
        return 1.0
    if score <= -MATE_BOUND:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score / SCALE))


def classify(loss: float, was_best: bool = False) -> str:
    """The class of a move that gave away ``loss`` of expected result."""
    if was_best or loss < BEST_TOLERANCE:
        return BEST
    for kind, limit in THRESHOLDS:
        if loss >= limit:
            return kind
    return GOOD


@dataclass(frozen=True)
class Grade:
    """One move graded: what the engine expected before, what the move left, the class."""

    before: float       # expected result with the engine's best move (mover's view)
    after: float        # expected result after the move played (mover's view)
    loss: float         # before - after, never negative
    kind: str

    @property
    def mark(self) -> str:
        return MARKS[self.kind]


def grade(best_score: float | None, played_score: float | None, was_best: bool = False) -> Grade:
    """Grade a move from the mover's score with the best move and with the move played.

    ``played_score`` is from the mover's view too (the negated score of the
    position after the move).  A deeper look after the move may find it better
    than the best was thought to be: that costs nothing, never a negative loss.
    """
    before, after = expected(best_score), expected(played_score)
    if was_best:
        after = max(after, before)
    loss = max(0.0, before - after)
    return Grade(before, after, loss, classify(loss, was_best))


# -- accuracy, as lichess computes it (docs/accuracy.md) ------------------------------
#
# A move's accuracy falls off exponentially with the win percentage it gave away:
# nothing lost is 100%, 5 points about 81%, a man from level (23 points) about 36%.
# The constants are lichess's (AccuracyPercent.scala), fitted there to human games.
ACCURACY_A = 103.1668100711649
ACCURACY_K = 0.04354415386753951
ACCURACY_B = -3.166924740191411
ACCURACY_BONUS = 1.0   # lichess's "uncertainty bonus" for the engine's own imprecision


def move_accuracy(loss: float) -> float:
    """A move's accuracy in percent (0-100) from the expected result it gave away (0-1)."""
    drop = 100.0 * max(0.0, loss)
    if drop <= 0.0:
        return 100.0
    raw = ACCURACY_A * math.exp(-ACCURACY_K * drop) + ACCURACY_B + ACCURACY_BONUS
    return max(0.0, min(100.0, raw))


def volatility_weights(win_percents: Iterable[float], moves: int) -> list[float]:
    """One weight per move: the standard deviation of the win percentages (one side's view,
    one per position) in a window around it, clamped to 0.5-12, so moves in sharp phases
    count more.  The window is a tenth of the game, 2 to 8 positions; the first moves share
    the first window (lichess's ``gameAccuracy``)."""
    window = max(2, min(8, moves // 10))
    values = list(win_percents)
    windows = [values[:window]] * (window - 2)
    windows += [values[i:i + window] for i in range(0, max(0, len(values) - window + 1))]
    weights = []
    for xs in windows[:moves]:
        mean = sum(xs) / len(xs)
        deviation = math.sqrt(sum((x - mean) ** 2 for x in xs) / len(xs))
        weights.append(max(0.5, min(12.0, deviation)))
    while len(weights) < moves:      # a game shorter than the window
        weights.append(0.5)
    return weights


def game_accuracy(accuracies: Iterable[float], weights: Iterable[float]) -> float:
    """One side's accuracy over a game: the mean of the volatility-weighted mean and the
    harmonic mean of its moves' accuracies, so one blunder is not averaged away."""
    accuracies = list(accuracies)
    if not accuracies:
        return 100.0
    weights = list(weights)
    weighted = sum(a * w for a, w in zip(accuracies, weights)) / sum(weights)
    harmonic = len(accuracies) / sum(1.0 / max(1.0, a) for a in accuracies)
    return (weighted + harmonic) / 2.0

