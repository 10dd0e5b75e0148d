"""Accuracy as lichess computes it (docs/accuracy.md): a blunder visibly costs."""

import pytest

from game.analysis import grading
from game.analysis.report import GameReport, MoveReport, Verdict
from game.rules import BLACK, WHITE, Position


def _report(plies, blunder_at=None):
    """A game of ``plies`` moves, every one the engine's choice except Black's man thrown
    away at ``blunder_at`` (level before, a man down after, to the end)."""
    verdicts, moves, down = [Verdict(0)], [], False
    for ply in range(plies):
        colour = BLACK if ply % 2 == 0 else WHITE
        before = 0 if not down else (-100 if colour == BLACK else 100)
        if ply == blunder_at:
            down = True
        after = 0 if not down else (-100 if colour == BLACK else 100)   # mover's view
        g = grading.grade(before, after, was_best=ply != blunder_at)
        moves.append(MoveReport(ply, colour, object(), None, before, after, g))
        verdicts.append(Verdict(-after))                                 # next mover's view
    return GameReport(Position.initial(), tuple(moves), tuple(verdicts))


def test_a_man_thrown_away_costs_a_game_of_forty_moves_visibly():
    report = _report(40, blunder_at=20)
    black = report.summary(BLACK)
    assert black.counts[grading.BLUNDER] == 1
    # the old measure (100 minus the mean expected result lost) gave 98.8%
    assert black.accuracy < 90
    assert report.summary(WHITE).accuracy == pytest.approx(100.0)


def test_a_game_without_a_loss_is_100_and_more_blunders_cost_more():
    assert _report(30).summary(BLACK).accuracy == pytest.approx(100.0)
    # the same blunder weighs more in a shorter game
    assert _report(30, blunder_at=10).summary(BLACK).accuracy < _report(60, blunder_at=10).summary(BLACK).accuracy


def test_a_move_s_accuracy_falls_with_the_win_percentage_it_gave_away():
    assert grading.move_accuracy(0.0) == 100.0
    # lichess's curve: 5 points of win percentage about 81%, 23 points (a man from level) about 36%
    assert grading.move_accuracy(0.05) == pytest.approx(80.8, abs=0.5)
    man = grading.grade(0, -100).loss
    assert grading.move_accuracy(man) == pytest.approx(35.6, abs=1.0)
    assert grading.move_accuracy(1.0) == 0.0


def test_the_harmonic_mean_keeps_one_bad_move_from_being_averaged_away():
    flat = grading.game_accuracy([100.0] * 19 + [10.0], [1.0] * 20)
    assert flat < 85        # the plain mean would be 95.5
    assert grading.game_accuracy([], []) == 100.0
