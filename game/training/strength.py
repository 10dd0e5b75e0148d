"""A playing-strength estimate (Elo) from the player's games against the computer's levels.

Each level gets an Elo from the ladder: the score each level made against the one
below it in the engine's own matches (``LADDER``, the figures of the levels ladder in
docs/measurements.md).  A score ``p`` is an Elo difference of ``-400·log10(1/p - 1)``
(``p`` kept within ``[1 - P_CAP, P_CAP]`` so that one rung is never infinite), and the
differences are chained up from ``ANCHOR`` (Beginner).

The player's Elo is the most likely one given their results (each game's expected score
``1 / (1 + 10^((level - player) / 400))``, a draw half a point) together with a prior,
a normal belief of ``PRIOR_MEAN`` ± ``PRIOR_SD`` before any game: a few games then give a
sensible number rather than an infinite one, and the uncertainty (one standard
deviation, from the curvature of the log-likelihood at the estimate) narrows as games
come in.  docs/strength.md says the same for players.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

# (the stronger level, the weaker one, the stronger's score 0-1, games): the levels ladder.
LADDER: tuple[tuple[str, str, float, int], ...] = (
    ("Easy", "Beginner", 0.938, 40),
    ("Medium", "Easy", 0.912, 40),
    ("Hard", "Medium", 0.900, 40),
    ("Expert", "Hard", 0.688, 40),
    ("Master", "Expert", 0.962, 40),
)
ANCHOR = ("Beginner", 800.0)   # the bottom rung's Elo, by choice: the scale needs one fixed point
P_CAP = 0.97                   # a rung's score is read as at most this (and at least 1 - this)

PRIOR_MEAN = 1200.0            # what we believe of a player before any game ...
PRIOR_SD = 400.0               # ... and how loosely
_K = math.log(10) / 400        # d(expected score)/d(Elo) = _K · E · (1 - E)


def elo_difference(score: float) -> float:
    """The Elo difference a score (0-1) against an opponent means, the score capped."""
    p = min(P_CAP, max(1 - P_CAP, score))
    return -400 * math.log10(1 / p - 1)


def level_elos(ladder: Iterable[tuple[str, str, float, int]] = LADDER,
               anchor: tuple[str, float] = ANCHOR) -> dict[str, float]:
    """Each level's Elo, by the ladder's differences chained from ``anchor``, bottom first."""
    elos = {anchor[0]: anchor[1]}
    rungs = list(ladder)
    while rungs:
        for rung in rungs:
            stronger, weaker, score, _games = rung
            if weaker in elos:
                elos[stronger] = elos[weaker] + elo_difference(score)
                rungs.remove(rung)
                break
            if stronger in elos:
                elos[weaker] = elos[stronger] - elo_difference(score)
                rungs.remove(rung)
                break
        else:
            break  # rungs not joined to the anchor have no Elo
    return elos


LEVEL_ELO = level_elos()


def expected_score(player: float, opponent: float) -> float:
    """The player's expected score (0-1) against an opponent, by Elo."""
    return 1 / (1 + 10 ** ((opponent - player) / 400))


@dataclass(frozen=True)
class Estimate:
    elo: float       # the most likely Elo
    sd: float        # its uncertainty: one standard deviation
    games: int       # the games it is made of

    def low(self) -> int:
        """The bottom of the likely range (about 95%: two standard deviations)."""
        return round(self.elo - 2 * self.sd)

    def high(self) -> int:
        return round(self.elo + 2 * self.sd)


def estimate(results: Iterable[tuple[float, float]], prior_mean: float = PRIOR_MEAN,
             prior_sd: float = PRIOR_SD) -> Estimate | None:
    """The player's Elo from ``(opponent's Elo, player's score 0/0.5/1)`` pairs; None without games.

    The maximum of log-likelihood plus the normal prior's log, found by Newton's method
    (the function is concave, so it converges from any start); ``sd`` is one over the
    square root of minus its second derivative there.
    """
    games = [(float(opp), min(1.0, max(0.0, float(score)))) for opp, score in results]
    if not games:
        return None
    r = prior_mean
    for _ in range(100):
        slope = -(r - prior_mean) / prior_sd ** 2
        curve = -1 / prior_sd ** 2
        for opp, score in games:
            e = expected_score(r, opp)
            slope += _K * (score - e)
            curve -= _K * _K * e * (1 - e)
        step = -slope / curve
        step = max(-400.0, min(400.0, step))  # never overshoot far from a flat start
        r += step
        if abs(step) < 0.01:
            break
    curve = -1 / prior_sd ** 2 - sum(_K * _K * e * (1 - e) for e in (expected_score(r, o) for o, _ in games))
    return Estimate(r, math.sqrt(-1 / curve), len(games))


def estimate_from_levels(results: Iterable[tuple[str, float]], elos: dict[str, float] | None = None) -> Estimate | None:
    """The estimate from ``(level name, score)`` pairs; levels with no Elo (custom depths and
    times) are left out.  None when no game counts."""
    elos = LEVEL_ELO if elos is None else elos
    return estimate((elos[level], score) for level, score in results if level in elos)
