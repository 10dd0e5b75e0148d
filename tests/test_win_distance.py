"""The distance to the win of every ending of up to four pieces
(assets/endgame4w.bin, game/engine/win_distance.py): right by independent
solvers, consistent one step ahead, played by the engine at the root, said
by the analysis, and a missing or damaged file is only "known ending"."""

import importlib.util
import random
import threading
from functools import lru_cache
from pathlib import Path

import pytest

from game.engine import corebuild, shipped
from game.engine import endgame as eg
from game.engine import win_distance as wd
from game.engine.search import Searcher
from game.rules import Game, Position
from game.rules import bitboard as bb

TOOL = Path(__file__).resolve().parent.parent / "tools" / "endgame_check.py"

_compiled, _ = corebuild.compiled_core()
CORES = [pytest.param(corebuild.interpreted_core(), id="interpreted")]
if _compiled is not None:
    CORES.append(pytest.param(_compiled, id="compiled"))


@pytest.fixture(autouse=True)
def _fresh_reports(monkeypatch):
    monkeypatch.setattr(shipped, "_reported", {})
    monkeypatch.setattr(shipped, "_unshown", [])


def _tool():
    spec = importlib.util.spec_from_file_location("endgame_check_for_win_distance", TOOL)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def table_says(state):
    return wd.default().probe_state(*state)


def test_the_table_is_shipped_and_loads():
    table = wd.default().table()
    assert table is not None and len(table) == eg.TOTAL_SLOTS


# -- right, by solvers that share nothing with the builder ----------------------

@lru_cache(maxsize=None)
def _wins_within(state, plies):
    """The side to move can force the opponent to have no move within ``plies`` plies."""
    if plies < 1:
        return False
    return any(_lost_within(bb.play(*state, m), plies - 1) for m in bb.moves(*state))


@lru_cache(maxsize=None)
def _lost_within(state, plies):
    """Whatever the side to move does, it has no move left within ``plies`` plies."""
    moves = bb.moves(*state)
    if not moves:
        return True
    return plies >= 2 and all(_wins_within(bb.play(*state, m), plies - 1) for m in moves)


def test_two_kings_against_one_in_the_open_win_in_exactly_the_brute_force_count():
    # a plain AND-OR search over the rules' moves: the shortest n with a forced win
    position = Position.from_fen("W:WK3,K14:BK26")
    exact = next(n for n in range(1, 12) if _wins_within(position.state, n))
    assert exact > 1
    assert wd.probe(position) == (wd.WIN, exact)
    # and from the other side of a move: each reply of the lone king is lost within exact - 1
    for m in position.legal_moves():
        child = position.play(m)
        result, plies = wd.probe(child)
        assert result == wd.LOSS and _lost_within(child.state, plies) and not _lost_within(child.state, plies - 2)


def test_every_two_piece_position_agrees_with_value_iteration():
    # rounds over every position of two pieces (no retrograde, no exits):
    # round k finds the wins in k plies (a move to a loss in k - 1) and the
    # losses in k (every move to a win, none found later than k - 1)
    states = _tool().all_states(2)
    children = {s: [bb.play(*s, m) for m in bb.moves(*s)] for s in states}
    dist = {}
    for s, kids in children.items():
        if not kids:
            dist[s] = (wd.LOSS, 0)
    k = 0
    while True:
        k += 1
        found = {}
        for s, kids in children.items():
            if s in dist:
                continue
            got = [dist.get(c, (wd.LOSS, 0) if not bb.moves(*c) else None) for c in kids]
            if any(g == (wd.LOSS, k - 1) for g in got):
                found[s] = (wd.WIN, k)
            elif all(g is not None and g[0] == wd.WIN for g in got):
                found[s] = (wd.LOSS, k)
        if not found and k > 2:
            break
        dist.update(found)
    assert sum(r == wd.WIN for r, _ in dist.values()) > 100
    for s in states:
        assert table_says(s) == dist.get(s, (wd.DRAW, 0)), Position.from_state(s).fen()


def _random_states(rng, count):
    out = []
    while len(out) < count:
        n = rng.randint(2, 4)
        sq = rng.sample(range(1, 33), n)
        sets = [0, 0, 0, 0]
        sides = [0, 1] + [rng.randint(0, 1) for _ in range(n - 2)]
        for side, s in zip(sides, sq, strict=True):
            king = rng.random() < 0.5 or (side == 0 and s > 28) or (side == 1 and s < 5)
            sets[2 * side + king] |= bb.SQUARE_BITS[s - 1]
        out.append((*sets, rng.random() < 0.5))
    return out


def test_one_step_consistent_on_a_sample_and_the_results_are_the_databases():
    """A win in d has a move to a loss in d - 1 and none to a shorter one; a
    loss in d has only moves to wins, the longest in d - 1; a draw has no move
    to a loss and one to a draw; the result is endgame4.bin's."""
    seen = {wd.WIN: 0, wd.LOSS: 0, wd.DRAW: 0}
    for st in _random_states(random.Random(43), 4000):
        result, d = table_says(st)
        seen[result] += 1
        assert result == eg.decode(eg.default().probe_state(*st))[0]
        kids = [table_says(bb.play(*st, m)) for m in bb.moves(*st)]
        lost = [kd for kr, kd in kids if kr == wd.LOSS]
        won = [kd for kr, kd in kids if kr == wd.WIN]
        if not kids:
            assert (result, d) == (wd.LOSS, 0)
        elif result == wd.WIN:
            assert lost and min(lost) == d - 1, st
        elif result == wd.LOSS:
            assert len(won) == len(kids) and max(won) == d - 1, st
        else:
            assert not lost and len(won) < len(kids), st
    assert min(seen.values()) > 400


def test_the_file_says_a_win_is_odd_and_a_loss_even():
    assert wd.decode(wd.encode(wd.WIN, 7)) == (wd.WIN, 7)
    assert wd.decode(wd.encode(wd.LOSS, 0)) == (wd.LOSS, 0)
    assert wd.decode(wd.encode(wd.DRAW, 0)) == (wd.DRAW, 0)
    with pytest.raises(ValueError, match="win in 4 plies"):
        wd.encode(wd.WIN, 4)


# -- played by the engine ----------------------------------------------------------

def _longest_defence(position):
    """The loser's move that the table says holds out longest (the first such)."""
    result, plies = wd.probe(position)
    assert result == wd.LOSS
    return next(m for m in position.legal_moves() if wd.probe(position.play(m)) == (wd.WIN, plies - 1))


def _won_starts(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        st = _random_states(rng, 1)[0]
        got = table_says(st)
        if got is not None and got[0] == wd.WIN and 9 <= got[1] <= 60 and not bb.has_capture(*st):
            out.append(Position.from_state(st))
    return out


@pytest.mark.parametrize("core", CORES)
def test_the_engine_wins_in_exactly_the_promised_plies_against_the_longest_defence(core):
    for start in _won_starts(8, seed=7):
        promised = wd.probe(start)[1]
        game = Game(start, draw_rule="official")
        searcher = Searcher(core=core)
        while game.outcome is None and game.ply <= promised:
            position = game.position
            if position.turn == start.turn:
                move = searcher.best_move(position, depth=3, history=game.reversible_history())
            else:
                move = _longest_defence(position)
            game.push(move)
        assert game.outcome is not None and game.outcome.winner == start.turn, start.fen()
        assert game.ply == promised, (start.fen(), promised, game.ply)


@pytest.mark.parametrize("core", CORES)
def test_the_search_scores_and_lines_a_known_ending_by_its_distance(core):
    from game.engine.scores import WIN

    for fen in ("W:WK3,K14:BK26", "B:WK3,K14:BK26"):
        position = Position.from_fen(fen)
        result, plies = wd.probe(position)
        info = list(Searcher(core=core).search(position, depth=4))[-1]
        assert info.score == result * (WIN - plies)
        # the line is the table's: each move keeps to the distance, to the end or 32 plies
        assert len(info.pv) == min(plies, 32)
        p = position
        for i, m in enumerate(info.pv):
            p = p.play(m)
            assert wd.probe(p) == ((-result if i % 2 == 0 else result), plies - i - 1)
    # 70 plies without progress: the rule may end the game before the table's
    # win, so the search plays as before and the score is the database's
    from game.engine.scores import is_database_score

    position = Position.from_fen("B:WK3,K14:BK26")
    assert wd.probe(position)[1] + 70 >= 80
    info = list(Searcher(core=core).search(position, depth=4, quiet=70))[-1]
    assert is_database_score(info.score)


# -- said by the analysis ------------------------------------------------------------

def _analysed(position, searcher):
    """The scores the engine's worker sends for ``position`` (its own search function)."""
    from game.engine import process

    sent = []
    done = process._run_search(process.Go(1, position, limit=process.Limit(depth=4)), threading.Event(),
                               sent.append, searcher)
    return sent, done


@pytest.mark.parametrize("core", CORES)
def test_the_analysis_says_wins_in_so_many_moves(core):
    from game.ui.analysis_view import bar_label, black_view, score_words, win_words

    position = Position.from_fen("W:WK3,K14:BK26")
    plies = wd.probe(position)[1]
    sent, done = _analysed(position, Searcher(core=core))
    moves = (plies + 1) // 2
    assert win_words(done.score, position.turn) == f"White wins in {moves}"
    assert win_words(sent[-1].score, position.turn) == f"White wins in {moves}"
    assert score_words(black_view(done.score, position.turn)) == f"White wins in {moves}"
    assert bar_label(black_view(done.score, position.turn)) == f"W{moves}"
    # the loser's side of it: Red to move, lost in so many moves
    loser = Position.from_fen("B:WK3,K14:BK26")
    _, done = _analysed(loser, Searcher(core=core))
    assert win_words(done.score, loser.turn) == f"White wins in {(wd.probe(loser)[1] + 1) // 2}"


def test_the_live_analysis_through_the_engine_process_says_wins_in_so_many_moves():
    # the window's own path: LiveAnalysis, the engine's worker process, the panel's words
    import time

    from game.analysis.live import LiveAnalysis
    from game.engine.process import EngineClient
    from game.ui.analysis_view import black_view, score_words

    position = Position.from_fen("B:WK3,K14:BK26")  # Red to move, lost
    moves = (wd.probe(position)[1] + 1) // 2
    with EngineClient() as client:
        live = LiveAnalysis(lambda: client)
        live.show(position)
        give_up = time.monotonic() + 120  # (a bound against a hang, not a speed figure)
        while not live.finished and live.error is None and time.monotonic() < give_up:
            live.poll()
            time.sleep(0.02)
        info, error = live.info, live.error
        live.close()
    assert error is None and info is not None
    assert score_words(black_view(info.score, position.turn)) == f"White wins in {moves}"


def _flipped(src, dst, at):
    data = bytearray(src.read_bytes())
    data[at] ^= 0xFF
    dst.write_bytes(bytes(data))
    return dst


def test_a_damaged_or_missing_file_means_known_ending_and_no_crash(tmp_path):
    from game.ui.analysis_view import win_words

    position = Position.from_fen("W:WK14,K15:BK22")  # (a win too long for the search's own short look)
    assert wd.probe(position)[1] > 5
    src = shipped.path(wd.FILE_NAME)
    bad = _flipped(Path(str(src)), tmp_path / wd.FILE_NAME, len(Path(str(src)).read_bytes()) // 2)
    damaged = wd.WinDistance(bad)
    assert damaged.probe(position) is None
    assert "damaged" in shipped.problems()[wd.FILE_NAME]
    assert len(shipped.take_problems()) == 1
    assert damaged.probe(position) is None and shipped.take_problems() == []  # reported once
    _, done = _analysed(position, Searcher(win_distance=wd.WinDistance(bad)))
    assert done.move in position.legal_moves()
    assert win_words(done.score, position.turn) == "White wins (known ending)"
    # a file that is not there: unknown, the same words
    missing = wd.WinDistance(tmp_path / "nothing.bin")
    assert missing.probe(position) is None
    _, done = _analysed(position, Searcher(win_distance=missing))
    assert win_words(done.score, position.turn) == "White wins (known ending)"
    # the shipped file gone: unknown, and nothing to report
    shipped_gone = wd.WinDistance()
    shipped_gone.available = False
    assert shipped_gone.probe(position) is None
    with pytest.raises(wd.WinDistanceError, match="not a 4-piece distance file"):
        (tmp_path / "foreign.bin").write_bytes(eg.default_path().read_bytes())
        wd.read_table(tmp_path / "foreign.bin")
