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

import math
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


def expected(score):
    """The expected result (0 loss … 1 win) for the side to move at ``score``."""
    if score is None:
        return 0.5
    if score >= MATE_BOUND:
        return 1.0
    if score <= -MATE_BOUND:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score / SCALE))


def classify(loss, was_best=False):
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
    def mark(self):
        return MARKS[self.kind]


def grade(best_score, played_score, was_best=False):
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

