"""The strength estimate: the levels' Elo from the ladder, the player's by maximum likelihood."""

import math

import pytest

from game.training import strength as st


def test_each_level_is_chained_from_the_anchor_by_the_ladders_scores():
    elos = st.level_elos()
    assert elos["Beginner"] == 800
    # Easy scored 93.8% against Beginner: 400·log10(0.938/0.062) ≈ 472 Elo above it
    assert elos["Easy"] - elos["Beginner"] == pytest.approx(400 * math.log10(0.938 / 0.062))
    assert list(elos) == ["Beginner", "Easy", "Medium", "Hard", "Expert", "Master"]
    assert all(a < b for a, b in zip(list(elos.values()), list(elos.values())[1:]))


def test_a_perfect_score_is_capped_so_no_rung_is_infinite():
    ladder = (("B", "A", 1.0, 40), ("C", "B", 0.0, 40))
    elos = st.level_elos(ladder, ("A", 1000.0))
    assert elos["B"] == pytest.approx(1000 + 400 * math.log10(st.P_CAP / (1 - st.P_CAP)))
    assert elos["C"] == pytest.approx(1000.0)
    assert st.level_elos((("Z", "Y", 0.6, 10),), ("A", 0.0)) == {"A": 0.0}  # not joined: no Elo


def test_no_games_no_estimate():
    assert st.estimate([]) is None
    assert st.estimate_from_levels([("depth:6", 1.0)]) is None  # a custom level has no Elo


def test_a_few_games_give_a_sensible_number_and_a_wide_uncertainty():
    one = st.estimate([(1500, 1.0)])
    assert st.PRIOR_MEAN < one.elo < 1500 + 400  # a win pulls up, the prior holds it
    many = st.estimate([(1500, 1.0)] * 10 + [(1500, 0.0)] * 10)
    assert many.elo == pytest.approx(1500 - (1500 - st.PRIOR_MEAN) * many.sd ** 2 / st.PRIOR_SD ** 2, abs=2)
    assert many.sd < one.sd < st.PRIOR_SD
    assert many.low() < many.elo < many.high()


def test_the_estimate_is_the_maximum_of_the_posterior():
    games = [(1272, 1.0), (1632, 0.5), (1950, 0.0), (1632, 1.0), (1950, 0.5)]
    e = st.estimate(games)

    def log_posterior(r):
        total = -((r - st.PRIOR_MEAN) ** 2) / (2 * st.PRIOR_SD ** 2)
        for opp, s in games:
            p = st.expected_score(r, opp)
            total += s * math.log(p) + (1 - s) * math.log(1 - p)
        return total

    assert log_posterior(e.elo) > log_posterior(e.elo + 5)
    assert log_posterior(e.elo) > log_posterior(e.elo - 5)


def test_only_wins_or_only_losses_stay_finite():
    up = st.estimate([(2600, 1.0)] * 200)
    down = st.estimate([(800, 0.0)] * 200)
    assert math.isfinite(up.elo) and up.elo > 2600
    assert math.isfinite(down.elo) and down.elo < 800
