import random
import threading
import time

import pytest

import game.engine
from game.engine import MATE_BOUND, WIN, Searcher, best_move, describe_score, iterative_search
from game.rules import Game, Move, Position
from game.rules import bitboard as bb

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
    info = list(Searcher(endgame=None).search(p, depth=10))[-1]
    assert info.score >= MATE_BOUND
    n = WIN - info.score
    assert n <= 9


def test_one_legal_move_answers_at_once():
    p = Position.from_fen("B:W18,29,30:B14,1,2")  # only 14x23, though there is a lot to think about after it
    infos = list(iterative_search(p, time=5))
    assert len(infos) == 1 and str(infos[0].best_move) == "14x23"
    assert infos[0].nodes == 1  # played without searching


def test_no_legal_move_yields_nothing():
    p = Position.from_squares(black_men=(), white_men=(20,), turn=0)
    assert list(iterative_search(p, depth=3)) == []
    assert best_move(p, depth=3) is None


def test_stop_callable_ends_search_promptly():
    from game.engine import search as S

    calls = [0]

    def stop():
        calls[0] += 1
        return calls[0] >= 20  # polled every 1024 nodes: stop after about 20,000

    s = Searcher()
    infos = list(s.search(Position.initial(), depth=60, stop=stop))
    assert calls[0] == 20  # not polled again once it said stop
    assert infos and infos[-1].depth < 60
    assert s.nodes < 21 * S.DEFAULT_PARAMS.poll_every  # it ended at that poll


def test_the_collector_is_paused_while_searching_and_resumes_on_every_way_out():
    import gc

    seen = []

    def stop():
        seen.append(gc.isenabled())  # polled from inside the tree
        return len(seen) >= 3

    assert gc.isenabled()
    infos = list(Searcher().search(Position.initial(), depth=60, stop=stop))
    assert infos and seen == [False, False, False]
    assert gc.isenabled()  # a search run to its end
    gen = Searcher().search(Position.initial(), depth=30)
    next(gen)
    assert not gc.isenabled()
    gen.close()  # a caller that leaves after the first depth
    assert gc.isenabled()
    gc.disable()
    try:
        list(Searcher().search(Position.initial(), depth=3))
        assert not gc.isenabled()  # a caller that had paused it keeps it paused
    finally:
        gc.enable()


def test_stop_event_set_from_another_thread_while_searching():
    ev = threading.Event()
    started = threading.Event()
    result = {}

    def run():
        infos = []
        for info in iterative_search(Position.initial(), depth=60, stop=ev):
            infos.append(info)
            started.set()
        result["infos"] = infos

    t = threading.Thread(target=run, daemon=True)
    t.start()
    assert started.wait(60)  # a first depth is done: the search is under way
    ev.set()
    t.join(60)
    assert not t.is_alive()
    assert result["infos"] and result["infos"][-1].depth < 60


def test_other_threads_run_while_the_core_searches():
    # The compiled core runs no Python between its polls: it lets the
    # interpreter go at each poll, so that another thread (the engine
    # worker's reader, a timer) runs in the middle of a depth, not only
    # between depths, even without a stop function to call.
    s = Searcher(endgame=None)
    core = s.core
    seen, done = [], threading.Event()

    def watch():
        while not done.is_set():
            seen.append(core.nodes)
            time.sleep(0.0005)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        # (a clock, not a depth: long enough on any machine, with either build)
        infos = list(s.search(Position.initial(), time=0.3, use_all_time=True))
    finally:
        done.set()
        watcher.join(10)
    between_depths = {0, s.nodes} | {i.nodes for i in infos}  # (when the driver's Python runs)
    assert any(n not in between_depths for n in seen)


def test_time_limit_respected():
    # generous bound: a loaded machine slows the search, not the clock it polls
    t0 = time.perf_counter()
    infos = list(iterative_search(Position.initial(), time=0.3))
    assert time.perf_counter() - t0 < 3
    assert infos[-1].seconds <= 0.3 + 0.25


def test_fixed_depth_results_depend_on_nothing_left_from_other_searches():
    # a fresh Searcher gives the same answer however much else this process
    # has searched before (no module-level state carries over)
    a = [(i.depth, i.score, str(i.best_move), i.nodes) for i in iterative_search(Position.initial(), depth=7)]
    other = Searcher()
    for fen in (SHOT, "W:W21,30,K12,K31,K32:BK3", "W:WK3,K14:BK26"):
        list(other.search(Position.from_fen(fen), depth=6))
    b = [(i.depth, i.score, str(i.best_move), i.nodes) for i in iterative_search(Position.initial(), depth=7)]
    assert a == b and len(a) == 7


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


def _even(bm, bk, wm, wk, black):
    return 0  # every position level: only draws and forced results tell moves apart


def test_contempt_makes_a_repetition_cost_the_side_that_searches():
    # White can repeat an earlier position (1-5) or play on (1-6); with a
    # level evaluation, contempt decides: a positive one plays on, a
    # negative one (seeking the draw) repeats, and the draw scores it.
    p = Position.from_fen("W:WK1:BK27,K32")
    hist = [Position.from_fen("B:WK5:BK27,K32")]  # the position after 1-5
    # (no draw rule: its fade would move the level scores toward the draw)
    s = Searcher(evaluate=_even, endgame=None)
    info = list(s.search(p, depth=3, history=hist, contempt=30, draw_rule=None))[-1]
    assert str(info.best_move) == "1-6" and info.score == 0
    info = list(s.search(p, depth=3, history=hist, contempt=-30, draw_rule=None))[-1]
    assert str(info.best_move) == "1-5" and info.score == 30
    # and none: the table kept no score of the searches with contempt
    assert list(s.search(p, depth=3, history=hist, draw_rule=None))[-1].score == 0


def test_contempt_scores_a_drawn_database_ending():
    # one king each: every line is a database draw, below even for the side
    # with contempt (by less than the contempt where its evaluation likes
    # the position), and even without
    p = Position.from_fen("B:WK32:BK1")
    s = Searcher()
    assert -20 < list(s.search(p, depth=4, contempt=20))[-1].score < 0
    assert list(s.search(p, depth=4))[-1].score == 0


def _likes_square_6(bm, bk, wm, wk, black):
    s = 80 if bk & bb.SQUARE_BITS[5] else 0  # black's king on 6: good for black
    return s if black else -s


def _loves_square_6(bm, bk, wm, wk, black):
    s = 5000 if bk & bb.SQUARE_BITS[5] else -5000
    return s if black else -s


def test_contempt_presses_in_a_drawn_ending():
    # Both king moves draw (1-5, 1-6); with contempt the search takes the
    # drawing line its evaluation prefers, scored the draw plus an eighth of
    # that evaluation; without, a draw is a draw and nothing tells them apart.
    p = Position.from_fen("B:WK32:BK1")
    s = Searcher(evaluate=_likes_square_6)
    info = list(s.search(p, depth=4, contempt=20))[-1]
    assert str(info.best_move) == "1-6" and info.score == -20 + 80 // 8
    # the press never reaches even, however much the evaluation likes it
    s = Searcher(evaluate=_loves_square_6)
    assert list(s.search(p, depth=4, contempt=20))[-1].score == -1
    assert list(s.search(p, depth=4))[-1].score == 0


def test_a_search_with_a_fixed_time_starts_each_next_depth(monkeypatch):
    # A clock that moves one millisecond each time it is read, so the run is
    # the same on any machine: by default the search stops deepening once the
    # next depth would most likely not finish (see SearchParams.next_iteration); with
    # use_all_time it searches on until the time is up.
    import types

    import game.engine.search as search_module

    def run(**kw):
        now = [0.0]

        def tick():
            now[0] += 0.001
            return now[0]

        monkeypatch.setattr(search_module, "_time", types.SimpleNamespace(perf_counter=tick))
        s = Searcher(endgame=None)
        infos = list(s.search(Position.initial(), time=0.05, **kw))
        return infos, now[0], s.timing

    saving, elapsed, timing = run()
    # no depth started after next_iteration of the time: it stopped between
    # depths, or the depth it left unfinished had started before that
    assert timing[1] < 0.005 or timing[0] <= search_module.DEFAULT_PARAMS.next_iteration * 0.05
    spending, elapsed, timing = run(use_all_time=True)
    assert elapsed >= 0.05 and timing[1] > 0.005  # stopped inside a depth, at the deadline
    assert spending[-1].depth >= saving[-1].depth


def test_history_scores_fade_between_searches_both_ways():
    s = Searcher(endgame=None)
    sq = bb.SQUARE_BITS
    up, down = (sq[28], sq[24]), (sq[31], sq[27])  # 29-25 and 32-28: never played below
    s.core.set_history_score(*up, 40)
    s.core.set_history_score(*down, -40)
    p = Position.from_fen("B:W21,22,23:B10,11,12")
    seen = []
    for _ in range(3):
        list(s.search(p, depth=1))
        seen.append((s.core.history_score(*up), s.core.history_score(*down)))
    # each search quarters them, toward zero, until nothing is left
    assert seen == [(10, -10), (2, -2), (0, 0)]


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
    assert s.nodes > 8000  # enough stores to fill the table several times
    assert 1800 < len(s.tt) <= 2048  # full, at its cap: 2000 rounded up to a power of two
    assert s.core.table.mask + 1 == 2048


def test_depth_8_in_the_opening_takes_few_nodes():
    # pruning and ordering at work, counted rather than timed
    info = list(iterative_search(Position.initial(), depth=8))[-1]
    assert info.depth == 8 and info.nodes < 10_000


def test_submodules_are_modules_not_functions():
    import types

    import game.engine.evaluate as ev
    import game.engine.search as se

    assert isinstance(se, types.ModuleType) and se.__name__ == "game.engine.search"
    assert isinstance(ev, types.ModuleType) and ev.__name__ == "game.engine.evaluate"
    assert game.engine.search is se and game.engine.evaluate is ev
    assert not hasattr(se, "search")  # (the old alias of iterative_search is gone)
    assert callable(game.engine.iterative_search) and game.engine.iterative_search is se.iterative_search


# -- never missing a win ---------------------------------------------------------
#
# Positions with a forced win are found by a deliberately plain exhaustive
# search over game.rules (no pruning, no tables), then the engine must pick a
# winning move at every depth from the shortest win's length on.

def _plain_wins_in_1(state):
    """Moves after which the opponent has no legal move."""
    from game.rules import bitboard as bb

    return {m for m in bb.moves(*state) if not bb.moves(*bb.play(*state, m))}


def _plain_wins_in_3(state):
    """Moves after which every reply allows a win in one (or there is no reply)."""
    from game.rules import bitboard as bb

    out = set()
    for m in bb.moves(*state):
        child = bb.play(*state, m)
        if all(_plain_wins_in_1(bb.play(*child, r)) for r in bb.moves(*child)):
            out.add(m)
    return out


def _random_state(rng):
    from game.rules import bitboard as bb

    squares = rng.sample(range(1, 33), 32)
    sets = [0, 0, 0, 0]
    black_more = rng.random() < 0.5
    counts = (rng.randint(2, 8), rng.randint(1, 4))
    for side, n in zip((0, 1) if black_more else (1, 0), counts, strict=True):
        for _ in range(n):
            s = squares.pop()
            king = rng.random() < 0.5 or (side == 0 and s > 28) or (side == 1 and s < 5)
            sets[2 * side + king] |= bb.SQUARE_BITS[s - 1]
    return (*sets, rng.random() < 0.5)  # the side with more pieces or the other to move


def _positions_with_wins(seed, want1, want3):
    import random

    from game.rules import bitboard as bb

    rng = random.Random(seed)
    in1, in3 = [], []
    while len(in1) < want1 or len(in3) < want3:
        st = _random_state(rng)
        if len(bb.moves(*st)) < 2:
            continue  # a single reply is played without searching
        w1 = _plain_wins_in_1(st)
        if w1:
            if len(in1) < want1:
                in1.append((st, w1))
        elif len(in3) < want3:
            w3 = _plain_wins_in_3(st)
            if w3:
                in3.append((st, w3))
    return in1, in3


def test_reported_missed_win_is_found_at_every_depth():
    p = Position.from_fen("B:W12,K3:B6,7,K1,K8,K29")
    for depth in range(1, 7):
        info = list(Searcher(endgame=None).search(p, depth=depth))[-1]
        assert str(info.best_move) == "6-10" and info.score == WIN - 1, depth


# Wins in 3 plies that reverse futility used to hide (the loser's static
# score looked fine while it had only a few squares to go to).
BLOCKED_IN_3 = ("W:WK15,K24,K25,K26:B28,K32", "B:W10,14:BK5,K22", "B:W22,K18:BK21,K30",
                "B:W18,K14,K15:B4,K10,K22,K29", "B:W15,27,K14,K23,K24:BK11,K17,K32")


def test_wins_in_one_and_three_found_at_every_depth():
    in1, in3 = _positions_with_wins(3, 150, 100)
    for fen in BLOCKED_IN_3:
        st = Position.from_fen(fen).state
        in3.append((st, _plain_wins_in_3(st)))
        assert in3[-1][1] and not _plain_wins_in_1(st)
    for st, winning in in1:
        raw = {Position.from_state(st).play(Move.from_raw(m)) for m in winning}
        for depth in (1, 2, 3, 5):
            info = list(Searcher(endgame=None).search(Position.from_state(st), depth=depth))[-1]
            assert Position.from_state(st).play(info.best_move) in raw, (Position.from_state(st).fen(), depth)
            assert info.score == WIN - 1
    for st, winning in in3:
        raw = {Position.from_state(st).play(Move.from_raw(m)) for m in winning}
        for depth in (3, 4, 5, 6):
            info = list(Searcher(endgame=None).search(Position.from_state(st), depth=depth))[-1]
            assert Position.from_state(st).play(info.best_move) in raw, (Position.from_state(st).fen(), depth)
            assert info.score >= WIN - 3


def test_probcut_cuts_nodes_and_keeps_short_wins():
    # ProbCut acts at nodes with PROBCUT_DEPTH plies or more left: searched 13
    # plies deep, the bench positions cost fewer nodes in all with it (some cost
    # more), and wins in 3 are still found.  (The saving grows with the depth:
    # with the band patterns, 3% at 11 plies, 6% at 12, 16% at 13.)
    import importlib.util
    from pathlib import Path

    import game.engine.search as se

    params = se.DEFAULT_PARAMS
    assert params.probcut
    spec = importlib.util.spec_from_file_location("bench_under_test",
                                                  Path(__file__).resolve().parents[1] / "tools" / "bench.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)

    def nodes(on):
        searched = params._replace(probcut=on)
        return sum(list(Searcher(endgame=None, params=searched).search(Position.from_fen(fen),
                                                                      depth=params.probcut_depth + 7))[-1].nodes
                   for _, fen in bench.POSITIONS)

    assert nodes(True) < 0.9 * nodes(False)
    _, in3 = _positions_with_wins(5, 0, 25)
    for st, winning in in3:
        raw = {Position.from_state(st).play(Move.from_raw(m)) for m in winning}
        info = list(Searcher(endgame=None).search(Position.from_state(st), depth=params.probcut_depth + 2))[-1]
        assert Position.from_state(st).play(info.best_move) in raw, Position.from_state(st).fen()
        assert info.score >= WIN - 3


def test_endings_of_few_pieces_are_searched_without_late_pruning_or_reductions():
    # lmp_pieces / lmr_pieces: at that many pieces or fewer, late quiet moves are neither pruned nor
    # reduced (a different, larger tree); a search that never comes down to that count is unchanged
    import game.engine.search as se

    def nodes(fen, depth, **kw):
        params = se.DEFAULT_PARAMS._replace(**kw)
        return list(Searcher(endgame=None, params=params).search(Position.from_fen(fen), depth=depth))[-1].nodes

    kings = "B:WK9,K11,K14,K23:BK20,K28,K32"
    pruned = nodes(kings, 9)
    assert nodes(kings, 9, lmp_pieces=7) != pruned
    assert nodes(kings, 9, lmr_pieces=7) > pruned
    start = "B:W21-32:B1-12"
    assert nodes(start, 7, lmp_pieces=12, lmr_pieces=12) == nodes(start, 7)


# -- search hygiene ----------------------------------------------------------------

def _interpreted_table_module():
    import sys

    from game.engine import corebuild

    core = corebuild.interpreted_core()
    return sys.modules[f"{core.__name__.rpartition('.')[0]}.table"]


def test_a_full_table_replaces_what_earlier_searches_wrote_first():
    # (the interpreted build, whose store() Python can call; the oracle,
    # tests/test_core_oracle.py, checks that the compiled one replaces alike)
    T = _interpreted_table_module()
    t = T.Table(8)  # two buckets of four: at its cap from the start
    bucket = lambda bm: ((bm * T.HASH1) & T.M64) >> t.shift  # noqa: E731  (the bucket of (bm, 0, 0, 0))
    men = [1 << b for b in range(35) if T.BOARD >> b & 1]
    same = [m for m in men if bucket(T.pack(m)) == bucket(T.pack(men[0]))][:7]
    assert len(same) == 7
    t.generation = 1
    for depth, bm in zip((5, 6, 7, 8), same, strict=False):
        t.store(T.pack(bm), 0, True, depth, 0, T.UPPER, 0, 0, 0, 1)
    assert [t.get(bm, 0, 0, 0, True)[0] for bm in same[:4]] == [5, 6, 7, 8]
    t.generation = 2
    t.store(T.pack(same[4]), 0, True, 1, 0, T.UPPER, 0, 0, 0, 1)   # an earlier search's shallowest goes
    assert t.get(same[0], 0, 0, 0, True) is None and t.get(same[4], 0, 0, 0, True)[0] == 1
    t.store(T.pack(same[5]), 0, True, 2, 0, T.EXACT, 0, 0, 0, 1)   # then the next of the earlier search
    assert t.get(same[1], 0, 0, 0, True) is None
    t.renew(same[3], 0, 0, 0, True)   # (the principal variation is made this search's)
    t.store(T.pack(same[6]), 0, True, 9, 0, T.LOWER, 0, 0, 0, 1)
    # the last of the earlier search went, not the renewed one, and no exact score
    assert t.get(same[2], 0, 0, 0, True) is None
    assert {bm for bm in same if t.get(bm, 0, 0, 0, True)} == {same[3], same[4], same[5], same[6]}
    t.store(T.pack(same[2]), 0, True, 3, 0, T.UPPER, 0, 0, 0, 1)   # all this search's: the shallowest bound
    assert t.get(same[4], 0, 0, 0, True) is None and t.count == 4


def test_below_its_cap_the_table_grows_and_loses_nothing():
    T = _interpreted_table_module()
    t = T.Table(1 << 16)
    assert t.mask + 1 == 1 << T.TT_MIN_BITS   # a short search pays for no more than it uses
    keys = [(T.pack(1 << (b % 32)) | (n << 32), n) for n in range(3000) for b in (n,)]
    for depth, (k0, k1) in enumerate(keys):
        t.store(k0, k1, True, depth % 100, 0, T.EXACT, 0, 0, 0, 1)
    assert t.count == len(keys) == len(t.states()) and t.mask + 1 > 1 << T.TT_MIN_BITS
    t.set_entries(1024)   # a smaller cap: rebuilt at it
    assert t.mask + 1 == 1024 and 900 < t.count <= 1024   # (a full bucket keeps its four most worth keeping)


def test_the_pv_survives_a_full_table():
    s = Searcher(tt_entries=2000, endgame=None)
    info = list(s.search(Position.initial(), depth=9))[-1]
    assert len(info.pv) >= 6
    assert len(s.tt) <= 2048
    # the principal variation can still be read back from the table
    assert s._pv(Position.initial().state, info.pv[0].to_raw(), 9)[:len(info.pv)] == info.pv


def test_a_full_table_is_never_rebuilt():
    # At its cap a new entry replaces an old one in place: nothing is
    # allocated, however many stores follow (the old table rebuilt itself
    # three times a second).  The interpreted core, whose arrays tracemalloc
    # sees; the compiled one runs the same code.
    import tracemalloc

    from game.engine import corebuild

    s = Searcher(core=corebuild.interpreted_core(), endgame=None, tt_entries=1 << 13)
    list(s.search(Position.initial(), depth=10))
    table = s.core.table
    assert table.mask + 1 == 1 << 13 and table.count > 1000   # at its cap (it grows when a bucket overflows)
    table_bytes = 32 * (table.mask + 1)
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        list(s.search(Position.from_fen("W:W18,21,23,28,29,30,31,32:B1,3,5,7,9,11,12,13"), depth=9))
        peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
    assert s.nodes > 5000 and table.mask + 1 == 1 << 13
    assert peak < table_bytes // 4, (peak, table_bytes)


def test_draws_by_the_games_history_do_not_outlive_that_history():
    # A king ending where the game had earlier been two king moves away; its
    # repetition is a draw inside the first search only.
    p = Position.from_fen("W:W21,30,K12,K31,K32:BK3")
    hist_pos = Position.from_fen("W:W21,30,K12,K27,K32:BK7")
    for depth in (4, 5, 6):
        # the same two searches, the first one without the history: the table
        # it leaves can change the second search's score (at depth 5, 714 fresh
        # and 720 after it), so that is the score to compare with
        warm = Searcher(endgame=None)
        list(warm.search(p, depth=depth))
        expected = list(warm.search(p, depth=depth))[-1].score
        s = Searcher(endgame=None)
        list(s.search(p, depth=depth, history=[hist_pos]))
        assert s._history_draws  # the history did score draws in that search
        # an undo or another game: the same position without that history
        again = list(s.search(p, depth=depth))[-1].score
        assert again == expected, depth


def test_draws_by_history_kept_while_the_game_goes_on():
    s = Searcher(endgame=None)
    p = Position.from_fen("W:WK1:BK10,K19")
    hist_pos = Position.from_fen("B:WK5:BK10,K19")
    list(s.search(p, depth=4, history=[hist_pos]))
    n = len(s.tt)
    list(s.search(p, depth=4, history=[hist_pos, Position.from_fen("W:WK5:BK10,K15")]))
    assert len(s.tt) >= n  # the same history and more: the table is kept


def test_stop_is_polled_every_1024_nodes():
    from game.engine import search as S

    calls = [0]

    def stop():
        calls[0] += 1
        return False

    s = Searcher(endgame=None)
    for _ in s.search(Position.from_fen("W:W18,21,23,28,29,30,31,32:B1,3,5,7,9,11,12,13"), depth=13, stop=stop):
        pass
    assert s.nodes > 20 * S.DEFAULT_PARAMS.poll_every
    assert calls[0] >= s.nodes // S.DEFAULT_PARAMS.poll_every - 1


def test_database_positions_are_scored_by_the_database():
    from game.engine.scores import is_database_score

    p = Position.from_fen("B:WK14:BK31,K26,K8")  # three kings v one, no win in 3 moves: won for black
    # (without the distances to the win, which would score it as a win in so many plies)
    info = list(Searcher(win_distance=None).search(p, depth=20))[-1]
    assert is_database_score(info.score) and info.score > 0
    assert describe_score(info.score) == "database win"
    assert info.depth <= 2  # every reply is in the database: no need to go deeper
    # a win the search can play out in a few moves is scored by its distance
    info = list(Searcher().search(Position.from_fen("W:WK3,K14:BK26"), depth=20))[-1]
    assert describe_score(info.score).startswith("win in ")


def _turned(fen):
    """The position turned half round with the colours swapped (square s -> 33 - s)."""
    p = Position.from_fen(fen)
    return Position.from_squares(black_men=[33 - s for s in p.white_men], black_kings=[33 - s for s in p.white_kings],
                                 white_men=[33 - s for s in p.black_men], white_kings=[33 - s for s in p.black_kings],
                                 turn=1 - p.turn)


@pytest.mark.parametrize("turn", [lambda fen: Position.from_fen(fen), _turned], ids=["white men", "black men"])
def test_draws_by_history_kept_after_a_man_move(turn):
    # after a man moves, the positions before it can never come back: their
    # draws are harmless and the table is kept for the next move (white's men
    # move down the board, black's up: each colour's own row test)
    s = Searcher(endgame=None)
    p = turn("W:W21,30,K12,K31,K32:BK3")
    list(s.search(p, depth=5, history=[turn("W:W21,30,K12,K27,K32:BK7")]))
    assert s._history_draws
    n = len(s.tt)
    later = turn("W:W17,30,K12,K31,K32:BK7")  # 21-17 was played, then a black king move
    list(s.search(later, depth=5))
    assert len(s.tt) >= n
    # but going back to before the man move (an undo) clears it
    list(s.search(turn("B:W21,30,K12,K31,K32:BK7"), depth=1))
    assert len(s.tt) <= 2


def test_a_position_follows_another_only_with_its_men_further_on():
    """_may_follow (may a history position come back?): every position of a
    game may follow every earlier one, and none follows a later one once a
    man of either colour has moved, nor do men on other squares of the same
    rows follow each other."""
    from game.engine.search import _may_follow

    rng = random.Random(8)
    men_moves = {True: 0, False: 0}
    for _ in range(30):
        line = [Position.initial().state]
        for _ in range(rng.randrange(10, 90)):
            moves = bb.moves(*line[-1])
            if not moves:
                break
            line.append(bb.play(*line[-1], rng.choice(moves)))
        for i, before in enumerate(line):
            assert all(_may_follow(before, after) for after in line[i:])
        for before, after in zip(line, line[1:], strict=False):
            black = before[4]
            men = 0 if black else 2
            if after[men] != before[men] and after[men].bit_count() == before[men].bit_count():
                assert not _may_follow(after, before)  # (a man of the side that moved went on)
                men_moves[black] += 1
    assert min(men_moves.values()) > 100
    # the same rows, other squares: black's 9 and 14 or 10 and 15; white's 19 and 24 or 20 and 23
    for a, b in ((((9, 14), (30,)), ((10, 15), (30,))), (((1,), (19, 24)), ((1,), (20, 23)))):
        a, b = (Position.from_squares(black_men=black, white_men=white).state for black, white in (a, b))
        assert not _may_follow(a, b) and not _may_follow(b, a)


# Forced results a second search reads from the table the first one left: a
# win's or a loss's distance is stored from its node, so that it reads the
# same from any ply.
WARM_TABLE_RESULTS = ("B:WK16:BK4,K26", "W:W19,K23:BK4", "B:WK24,K26:BK16", "B:WK1,K19:B7")


@pytest.mark.parametrize("fen", WARM_TABLE_RESULTS)
def test_a_forced_result_keeps_its_distance_when_the_table_is_warm(fen):
    p = Position.from_fen(fen)
    s = Searcher(endgame=None)
    cold = list(s.search(p, depth=9))[-1]
    warm = list(s.search(p, depth=9))[-1]
    plain = list(Searcher(endgame=None, plain=True).search(p, depth=cold.depth))[-1]
    assert MATE_BOUND <= abs(cold.score) < WIN - 4
    assert describe_score(warm.score) == describe_score(cold.score) == describe_score(plain.score)
    assert warm.score == cold.score == plain.score


# -- the no-progress draw rule fades the evaluation ---------------------------

def _faded(evaluate, root, left, plies, rule="official", draws=(0, 0)):
    """The search core's evaluation for a search from ``root`` with ``left``
    of the draw rule's ``plies`` to go, and the draw scores ``draws``
    (white's, black's): Evaluation.leaf."""
    from game.engine.search import _draw_rule, _set_fade

    core = Searcher(evaluate=evaluate, endgame=None).core
    _set_fade(core, root, left, plies, _draw_rule(rule))
    core.ev.set_draws(*draws)
    return core.leaf


FOUR_V_THREE = "B:WK9,K11,K14,K23:BK20,K28,K32"  # kings only, no capture in reach


def _shuffles(n):
    """n positions with the material of FOUR_V_THREE (no men, seven kings)
    elsewhere on the board: a history of king moves, none reachable in a
    ply or two from FOUR_V_THREE."""
    spots = [Position.from_fen(f) for f in ("W:WK1,K2,K3,K4:BK29,K30,K31", "B:WK1,K2,K3,K4:BK29,K30,K31")]
    return [spots[i % 2] for i in range(n)]


def test_quiet_plies_counts_the_plies_since_the_last_capture_or_man_move():
    from game.engine.search import quiet_plies

    g = Game(Position.from_fen("B:W22,K30:B9,K1"))
    for text in ("1-5", "30-26", "5-1", "26-30", "9-14", "30-26", "1-5"):
        g.push(next(m for m in g.position.legal_moves() if str(m) == text))
        q = quiet_plies(g.position.state, g.positions)
        assert q == g.quiet_plies
        # the same whether the caller passes the whole game, its reversible
        # part, or either without the current position
        assert q == quiet_plies(g.position.state, g.reversible_history())
        assert q == quiet_plies(g.position.state, g.positions[:-1])
    assert g.quiet_plies == 2  # (9-14 was the last progress)


def test_the_evaluation_fades_as_the_no_progress_rule_nears():
    p = Position.from_fen(FOUR_V_THREE)
    fresh = list(Searcher(endgame=None).search(p, depth=1))[-1].score
    assert fresh < 0  # white, not to move, is ahead
    for q in (20, 60, 79):
        faded = list(Searcher(endgame=None).search(p, depth=1, history=_shuffles(q)))[-1].score
        # every leaf is reached without progress: all scaled by the share left
        assert faded == -(-fresh * (80 - q) // 80), q
        # a game under no such rule: nothing fades
        same = list(Searcher(endgame=None).search(p, depth=1, history=_shuffles(q), draw_rule=None))[-1].score
        assert same == fresh


def test_positions_past_a_capture_or_a_man_move_do_not_fade():
    from game.engine.evaluate import evaluate

    root = Position.from_fen("B:W18,K9,K11,K23:B15,K28,K32").state
    faded = _faded(evaluate, root, 20, 80)
    king_moved = Position.from_fen("W:W18,K9,K11,K23:B15,K27,K32").state
    man_moved = Position.from_fen("W:W18,K9,K11,K23:B19,K28,K32").state
    captured = Position.from_fen("W:WK9,K11,K23:B22,K28,K32").state
    assert evaluate(*king_moved) != 0
    assert faded(*king_moved) == (evaluate(*king_moved) * 20 // 80 if evaluate(*king_moved) > 0
                                  else -(-evaluate(*king_moved) * 20 // 80))
    for st in (man_moved, captured):
        assert faded(*st) == evaluate(*st)


def test_with_contempt_the_fade_moves_toward_the_draw_score():
    # The rule's draw is worth what a repetition is: with contempt (draws
    # -20 for white to move, +20 for black) a shuffling position's score
    # moves toward that, not toward even, alike for either colour.
    def level(bm, bk, wm, wk, black):
        return 100 if black else -100

    root = Position.from_fen("B:W18,K9,K11,K23:B15,K28,K32").state
    later_black = Position.from_fen("B:W18,K9,K11,K23:B15,K27,K32").state
    later_white = later_black[:4] + (False,)
    faded = _faded(level, root, 20, 80, draws=(-20, 20))
    assert faded(*later_black) == 20 + (100 - 20) * 20 // 80
    assert faded(*later_white) == -faded(*later_black)
    assert _faded(level, root, 0, 80, draws=(-20, 20))(*later_black) == 20  # the count is up: a draw
    assert _faded(level, root, 20, 80)(*later_black) == 100 * 20 // 80


def test_under_the_csci561_rule_man_moves_do_not_count_and_crownings_do():
    import random

    from game.engine.search import quiet_plies

    rng = random.Random(7)
    for _ in range(6):
        g = Game(draw_rule="csci561")
        while g.outcome is None and g.ply < 160:
            g.push(rng.choice(g.legal_moves()))
            assert quiet_plies(g.position.state, g.positions, "csci561") == g.quiet_plies
            assert quiet_plies(g.position.state, g.positions[:-1], "csci561") == g.quiet_plies
    with pytest.raises(ValueError, match="unknown draw rule 'fifty'"):
        quiet_plies(g.position.state, g.positions, "fifty")


def test_under_the_csci561_rule_a_man_move_fades_and_a_crowning_does_not():
    from game.engine.evaluate import evaluate

    root = Position.from_fen("B:W18,K9,K11,K23:B15,K28,K32").state
    faded = _faded(evaluate, root, 20, 50, "csci561")
    man_moved = Position.from_fen("W:W18,K9,K11,K23:B19,K28,K32").state
    crowned = Position.from_fen("W:WK9,K11,K23,K3:B15,K28,K32").state
    captured = Position.from_fen("W:WK9,K11,K23:B22,K28,K32").state
    e = evaluate(*man_moved)
    assert e != 0 and faded(*man_moved) == (e * 20 // 50 if e > 0 else -(-e * 20 // 50))
    for st in (crowned, captured):
        assert faded(*st) == evaluate(*st)


def test_a_count_given_by_the_caller_fades_like_the_same_count_in_the_history():
    p = Position.from_fen(FOUR_V_THREE)
    for rule, q in (("official", 60), ("csci561", 40)):
        told = list(Searcher(endgame=None).search(p, depth=1, draw_rule=rule, quiet=q))[-1].score
        counted = list(Searcher(endgame=None).search(p, depth=1, history=_shuffles(q), draw_rule=rule))[-1].score
        fresh = list(Searcher(endgame=None).search(p, depth=1, draw_rule=rule))[-1].score
        plies = 80 if rule == "official" else 50
        assert told == counted == -(-fresh * (plies - q) // plies), rule


def test_scores_of_another_fade_do_not_reach_a_later_search():
    p = Position.from_fen(FOUR_V_THREE)
    for depth in (4, 6):
        s = Searcher(endgame=None)
        list(s.search(p, depth=depth, history=_shuffles(70)))
        first = s._generation
        assert any(e[5] == first for e in s.tt.values())
        list(s.search(p, depth=depth))  # an undo: the count is back to 0
        # no score of the faded search is left in the table
        assert s.tt and all(e[5] == s._generation != first for e in s.tt.values()), depth
        # while one a little further on keeps the table
        list(s.search(p, depth=depth, history=_shuffles(2)))
        assert any(e[5] == s._generation - 1 for e in s.tt.values()), depth


def test_a_shot_that_starts_with_a_late_quiet_move_is_seen():
    # From a match game (black to move): after 4-8, white gives two men and
    # takes three with a king, 14-10 6x15 22-17 13x22 25x18x11x4.  Both of
    # white's quiet moves offer a capture, and they come late in the order;
    # pruned late like any quiet move, they hid the shot from 11-ply and even
    # 20-ply searches, and 4-8 scored about even (see SearchParams.keep_shots).
    position = Position.from_fen("B:W14,22,24,25,26,29,30,31,32:B1,2,3,4,5,6,12,13,16")
    scores = {str(m): s for m, s in Searcher().root_scores(position, 11)}
    assert scores["4-8"] <= -150
    assert max(scores.values()) > -50  # (and black has moves that hold)


def test_the_tables_size_follows_the_build_and_the_params():
    # The compiled core fills a large table in its time; the interpreted one
    # keeps a small one (its trims are Python loops).  Taken from the
    # Searcher's SearchParams, so that tools/overrides.py can set it.

    from game.engine import corebuild, search

    params = search.DEFAULT_PARAMS
    interpreted = corebuild.interpreted_core()
    assert Searcher(core=interpreted).tt_entries == params.tt_entries_interpreted < params.tt_entries
    small = params._replace(tt_entries_interpreted=1234, tt_entries=4321)
    assert Searcher(core=interpreted, params=small).tt_entries == 1234
    compiled = corebuild.compiled_core()[0]
    if compiled is not None:
        assert Searcher(core=compiled).tt_entries == params.tt_entries
        assert Searcher(core=compiled, params=small).tt_entries == 4321
    assert Searcher(core=interpreted, tt_entries=99).tt_entries == 99
