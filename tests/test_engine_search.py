import threading
import time

import game.engine
from game.engine import (MATE_BOUND, WIN, Searcher, best_move, describe_score, is_mate_score,
                         iterative_search)
from game.rules import Game, Move, Position

SHOT = "B:W13,16,19,23:B5,8,10,12"  # 10-15 19x10 12x19x26: two for one


def test_finds_two_for_one_shot():
    info = list(iterative_search(Position.from_fen(SHOT), depth=4))[-1]
    assert str(info.best_move) == "10-15"
    assert info.score >= 80
    assert [str(m) for m in info.pv[:3]] == ["10-15", "19x10", "12x19x26"]


def test_win_in_one_scores_mate_distance():
    p = Position.from_fen("B:W18:B14,15")  # either capture wins at once
    infos = list(iterative_search(p, depth=6))
    assert infos
    last = infos[-1]
    assert last.score == WIN - 1
    assert describe_score(WIN - 1) == "win in 1"
    assert describe_score(-(WIN - 2)) == "loss in 1"
    assert describe_score(150) == "+1.50"


def test_mate_distance_prefers_faster_win():
    # Black king and man against a lone white man: the win is found and
    # scored as a distance, and a deeper search does not make it worse.
    p = Position.from_fen("B:W28:BK19,K10")
    info = list(iterative_search(p, depth=10))[-1]
    assert info.score >= MATE_BOUND
    n = WIN - info.score
    assert n <= 9


def test_one_legal_move_answers_at_once():
    p = Position.from_fen("B:W18:B14")  # only 14x23
    t0 = time.perf_counter()
    infos = list(iterative_search(p, time=5))
    assert time.perf_counter() - t0 < 0.5
    assert len(infos) == 1 and str(infos[0].best_move) == "14x23"


def test_no_legal_move_yields_nothing():
    p = Position.from_fen("B:W1:B5")  # black man on 5 blocked? ensure none
    p = Position.from_squares(black_men=(), white_men=(20,), turn=0)
    assert list(iterative_search(p, depth=3)) == []
    assert best_move(p, depth=3) is None


def test_stop_callable_ends_search_promptly():
    flag = {"t": time.perf_counter() + 0.2}
    t0 = time.perf_counter()
    infos = list(iterative_search(Position.initial(), depth=60, stop=lambda: time.perf_counter() > flag["t"]))
    assert time.perf_counter() - t0 < 0.6
    assert infos


def test_stop_event():
    ev = threading.Event()
    ev.set()
    assert best_move(Position.initial(), depth=40, stop=ev) is not None


def test_time_limit_respected():
    t0 = time.perf_counter()
    best_move(Position.initial(), time=0.3)
    assert time.perf_counter() - t0 < 0.6


def test_deterministic_at_fixed_depth():
    a = [(i.depth, i.score, str(i.best_move), i.nodes) for i in iterative_search(Position.initial(), depth=7)]
    b = [(i.depth, i.score, str(i.best_move), i.nodes) for i in iterative_search(Position.initial(), depth=7)]
    assert a == b


def test_repetition_draw_inside_search():
    # Black is a man down with two kings against a king and man... simpler:
    # White (to move) is lost unless it can repeat; with the position after
    # its only sensible move already in the history, a draw score appears.
    p = Position.from_fen("W:WK1:BK10,K19")
    hist_pos = Position.from_fen("B:WK5:BK10,K19")  # hypothetical earlier position
    plain = list(iterative_search(p, depth=3))[-1].score
    # White king 1 -> 5 leads to hist_pos, which is "already seen": a draw.
    with_hist = list(iterative_search(p, depth=3, history=[hist_pos]))[-1]
    assert plain < 0
    assert with_hist.score == 0 and str(with_hist.best_move) == "1-5"


def test_searcher_reused_across_game_moves():
    s = Searcher()
    g = Game()
    for _ in range(6):
        m = s.best_move(g.position, depth=4, history=g.reversible_history())
        g.push(m)
    assert len(g.moves) == 6


def test_transposition_table_is_bounded():
    s = Searcher(tt_entries=2000)
    for _ in s.search(Position.initial(), depth=12):
        pass
    assert s.nodes > 20000
    assert len(s.tt) <= 2000 + 1100  # trimmed every 1024 nodes


def test_depth_reached_quickly_in_opening():
    # a sanity floor for speed that holds even on a loaded machine
    info = list(iterative_search(Position.initial(), depth=8))[-1]
    assert info.depth == 8 and info.seconds < 5


def test_submodules_are_modules_not_functions():
    import types

    import game.engine.evaluate as ev
    import game.engine.search as se

    assert isinstance(se, types.ModuleType) and se.__name__ == "game.engine.search"
    assert isinstance(ev, types.ModuleType) and ev.__name__ == "game.engine.evaluate"
    assert game.engine.search is se and game.engine.evaluate is ev
    assert callable(game.engine.iterative_search) and game.engine.iterative_search is se.iterative_search
