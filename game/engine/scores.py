"""What a search score means, and its words.

A score is in centi-men (a man is 100) from the side to move's view.  Two
bands above any evaluation hold forced results: a win the search has played
out scores ``WIN - n`` for a win in ``n`` plies (beyond MATE_BOUND), and a
win the endgame database knows scores near DATABASE_WIN (between
DATABASE_BOUND and MATE_BOUND); losses are the same, negated.

This module imports nothing, so the screens and the analysis can read
scores without loading the search.
"""

__all__ = ["DATABASE_BOUND", "DATABASE_STAGE", "DATABASE_WIN", "MATE_BOUND", "WIN", "describe_score",
           "is_database_score", "is_mate_score"]

WIN = 30000                 # a win now; a win in n plies scores WIN - n
MATE_BOUND = WIN - 1000     # anything beyond this is a forced result
# A win the endgame database knows scores near DATABASE_WIN (less for more
# material on the board and a longer distance to conversion, see the
# search's database probe): above any evaluation, below any win the search
# has played out.
DATABASE_WIN = 20000
DATABASE_STAGE = 128        # > the longest distance to conversion (127 at most)
DATABASE_BOUND = DATABASE_WIN - DATABASE_STAGE * 31  # (the stage is at most 6 a piece: 30 for five)


def is_mate_score(score: int) -> bool:
    """A result the search has played out (a win or loss in so many plies)."""
    return abs(score) >= MATE_BOUND


def is_database_score(score: int) -> bool:
    """A result read from the endgame database (a win or loss not yet played out)."""
    return DATABASE_BOUND <= abs(score) < MATE_BOUND


def describe_score(score: int) -> str:
    """Human text for a score: ``+1.35`` (men), ``win in 7`` / ``loss in 3``
    (moves), or ``database win`` / ``database loss`` (the endgame database)."""
    if score >= MATE_BOUND:
        return f"win in {(WIN - score + 1) // 2}"
    if score <= -MATE_BOUND:
        return f"loss in {(WIN + score + 1) // 2}"
    if score >= DATABASE_BOUND:
        return "database win"
    if score <= -DATABASE_BOUND:
        return "database loss"
    return f"{score / 100:+.2f}"
