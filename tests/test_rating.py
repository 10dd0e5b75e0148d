"""The puzzle rating (Glicko-2) against the worked example of Glickman's paper."""

import pytest

from game.training.rating import MIN_RD, Rating, after_attempt, expected, update


def test_the_papers_worked_example():
    # "Example of the Glicko-2 system", section 3: a 1500/200/0.06 player, tau 0.5, three games
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = update(player, games)
    assert new.r == pytest.approx(1464.06, abs=0.01)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.vol == pytest.approx(0.05999, abs=0.00001)


def test_no_games_only_widens_the_uncertainty():
    new = update(Rating(1600, 100, 0.06), [])
    assert new.r == 1600 and new.vol == 0.06
    assert new.rd == pytest.approx((100 ** 2 + (0.06 * 173.7178) ** 2) ** 0.5)


def test_expected_score_is_even_between_equals_and_favours_the_stronger():
    assert expected(Rating(1500, 100), Rating(1500, 100)) == pytest.approx(0.5)
    assert expected(Rating(1800, 100), Rating(1500, 100)) > 0.8
    assert expected(Rating(1200, 100), Rating(1500, 100)) < 0.2


def test_an_attempt_moves_both_ratings_opposite_ways():
    player, puzzle = Rating(1500, 200, 0.06), Rating(1500, 200, 0.06)
    won_p, won_z = after_attempt(player, puzzle, True)
    assert won_p.r > 1500 > won_z.r
    assert won_p.r - 1500 == pytest.approx(1500 - won_z.r)  # equal ratings: equal and opposite
    lost_p, lost_z = after_attempt(player, puzzle, False)
    assert lost_p.r < 1500 < lost_z.r
    # solving a hard puzzle gains more than solving an easy one
    hard = after_attempt(player, Rating(1900, 100), True)[0].r - 1500
    easy = after_attempt(player, Rating(1100, 100), True)[0].r - 1500
    assert hard > easy > 0


def test_ratings_stay_within_bounds_and_never_become_certain():
    player = Rating(3990, MIN_RD, 0.06)
    for _ in range(50):
        player, _ = after_attempt(player, Rating(3000, 50), True)
    assert player.r <= 4000 and player.rd >= MIN_RD
    low = Rating(110, 350)
    for _ in range(20):
        low, _ = after_attempt(low, Rating(1500, 50), False)
    assert low.r >= 100
