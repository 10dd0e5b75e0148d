import random

import pytest

from game.engine import LEVELS, choose_move, custom_depth, custom_time, level_by_name
from game.rules import Game, Position


def test_six_levels_in_order():
    assert [lv.name for lv in LEVELS] == ["Beginner", "Easy", "Medium", "Hard", "Expert", "Master"]


def test_level_by_name_any_case_and_errors():
    assert level_by_name("master") is LEVELS[-1]
    assert level_by_name(" BEGINNER ").name == "Beginner"
    with pytest.raises(ValueError) as e:
        level_by_name("grandmaster")
    assert "Beginner" in str(e.value) and "Master" in str(e.value)


def test_custom_levels():
    assert custom_depth(5).depth == 5
    assert custom_time(0.5).time == 0.5
    with pytest.raises(ValueError):
        custom_depth(13)
    with pytest.raises(ValueError):
        custom_time(0)


@pytest.mark.parametrize("name", ["Beginner", "Easy", "Medium", "Hard"])
def test_levels_play_legal_moves(name):
    level = level_by_name(name)
    g = Game()
    rng = random.Random(3)
    for _ in range(8):
        if g.outcome is not None:
            break
        move, info = choose_move(g.position, g.reversible_history()[:-1], level, rng=rng)
        assert move in g.position.legal_moves()
        g.push(move)


def test_fast_levels_with_short_time():
    # Expert/Master limited by time: run them with a tiny custom time instead
    move, info = choose_move(Position.initial(), (), custom_time(0.05))
    assert move in Position.initial().legal_moves()
    assert info is not None and info.best_move == move


def test_no_legal_move():
    p = Position.from_squares(black_men=(), white_men=(20,), turn=0)
    assert choose_move(p, (), level_by_name("Easy"))[0] is None
    assert choose_move(p, (), custom_depth(3))[0] is None


def test_easy_never_hangs_a_piece_it_can_see():
    # 2-for-1 shot available: Easy (depth 2) need not see it, but Medium does.
    p = Position.from_fen("B:W13,16,19,23:B5,8,10,12")
    for seed in range(5):
        move, _ = choose_move(p, (), level_by_name("Medium"), rng=random.Random(seed))
        assert str(move) == "10-15"
