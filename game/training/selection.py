"""Which puzzle comes next: one near the player's rating, of the theme asked for, not seen lately.

``next_puzzle`` takes the puzzles, the player's rating, each puzzle's current rating
(the stored one once it has been attempted, its file's rating before) and the ids
served last; it leaves out the last ``AVOID_RECENT`` served (or, with fewer puzzles
than that, as many of the latest as it can), prefers puzzles not yet solved, and
picks at random among the ``CLOSEST`` nearest the player's rating.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from .puzzle import Puzzle

AVOID_RECENT = 20   # never one of the last this many puzzles served, when there are others
CLOSEST = 8         # picked at random among this many nearest the player's rating

ALL_THEMES = ""     # the theme filter's "all"


def rating_of(puzzle: Puzzle, ratings: Mapping[str, float]) -> float:
    """The puzzle's current rating: what attempts made of it, or its file's."""
    return ratings.get(puzzle.id, puzzle.rating)


def themes_of(puzzles: Iterable[Puzzle]) -> list[str]:
    """The themes the puzzles have, in the order of ``puzzle.THEMES``."""
    from .puzzle import THEMES

    present = {p.theme for p in puzzles}
    return [t for t in THEMES if t in present]


def next_puzzle(puzzles: Sequence[Puzzle], player: float, ratings: Mapping[str, float] | None = None,
                theme: str = ALL_THEMES, recent: Sequence[str] = (), solved: Iterable[str] = (),
                rng: random.Random | None = None) -> Puzzle | None:
    """The next puzzle to serve, or None when no puzzle has ``theme``."""
    ratings = ratings or {}
    rng = rng or random.Random()
    pool = [p for p in puzzles if not theme or p.theme == theme]
    if not pool:
        return None
    # leave out the latest served: the last AVOID_RECENT, or as many as leave one
    ids = {p.id for p in pool}
    latest = [i for i in reversed(recent) if i in ids][:AVOID_RECENT]
    avoid = set(latest[:max(0, min(len(latest), len(pool) - 1))])
    fresh = [p for p in pool if p.id not in avoid]
    done = set(solved)
    unsolved = [p for p in fresh if p.id not in done]
    choices = unsolved or fresh
    choices.sort(key=lambda p: (abs(rating_of(p, ratings) - player), p.id))
    return rng.choice(choices[:CLOSEST])
