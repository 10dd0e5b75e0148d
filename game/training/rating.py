"""The puzzle rating: Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013).

A rating is three numbers: ``r`` (the strength, 1500 for a newcomer), ``rd`` (how
unsure it is, 350 for a newcomer) and ``vol`` (how erratic the performance is).
Solving a puzzle is a game won against it, failing one a game lost: both the
player's rating and the puzzle's change after every attempt, as on lichess, each
with the other as its one opponent of a rating period.

Pure functions on frozen values: no file, no clock.  (The PyPI ``glicko2`` package
keeps mutable player objects and would be the game's third runtime dependency for
these sixty lines.)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178          # Glicko-2's internal scale: mu = (r - 1500) / SCALE
TAU = 0.5                 # the system constant: how fast the volatility may change (the paper's example)
EPSILON = 0.000001        # the volatility iteration's tolerance (the paper's)

DEFAULT_RD, DEFAULT_VOL = 350.0, 0.06
PUZZLE_RD = 250.0         # a puzzle's first deviation: its file's rating is an estimate, surer than a newcomer's
MIN_RD = 45.0             # never fully sure: a rating keeps moving with new results
LOWEST, HIGHEST = 100.0, 4000.0   # the range a puzzle file's ratings are read in


@dataclass(frozen=True)
class Rating:
    r: float = 1500.0
    rd: float = DEFAULT_RD
    vol: float = DEFAULT_VOL


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The player's expected score against ``opponent`` (0-1): for a puzzle, the chance to solve it."""
    return _e((player.r - 1500) / SCALE, (opponent.r - 1500) / SCALE, opponent.rd / SCALE)


def update(player: Rating, results: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period of ``results``: (opponent, score 1/0.5/0)."""
    mu, phi, sigma = (player.r - 1500) / SCALE, player.rd / SCALE, player.vol
    if not results:  # no games: only the uncertainty grows (step 6 of the paper)
        return Rating(player.r, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    v_inv = 0.0
    total = 0.0
    for opponent, score in results:
        mu_j, phi_j = (opponent.r - 1500) / SCALE, opponent.rd / SCALE
        g, e = _g(phi_j), _e(mu, mu_j, phi_j)
        v_inv += g * g * e * (1 - e)
        total += g * (score - e)
    v = 1.0 / v_inv
    delta = v * total
    # step 5: the new volatility, by the Illinois algorithm
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = c, f_c
    new_sigma = math.exp(big_a / 2)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * total
    return Rating(1500 + SCALE * new_mu, SCALE * new_phi, new_sigma)


def _bounded(rating: Rating) -> Rating:
    return Rating(min(HIGHEST, max(LOWEST, rating.r)), min(DEFAULT_RD, max(MIN_RD, rating.rd)), rating.vol)


def after_attempt(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after one attempt: a game each, against the other
    as it was before (so the order does not matter), kept within the ratings' range."""
    score = 1.0 if solved else 0.0
    return _bounded(update(player, [(puzzle, score)])), _bounded(update(puzzle, [(player, 1.0 - score)]))
