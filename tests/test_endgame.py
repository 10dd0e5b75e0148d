"""The endgame database: consistent with the rules, equal to a plain solver, safe to load."""

import importlib.util
import random
from pathlib import Path

import pytest

from game.engine import endgame as eg
from game.rules import Position
from game.rules import bitboard as bb

TOOL = Path(__file__).resolve().parent.parent / "tools" / "endgame_check.py"


def _tool():
    spec = importlib.util.spec_from_file_location("endgame_check_under_test", TOOL)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def random_states(rng, count, max_pieces=4):
    out = []
    while len(out) < count:
        n = rng.randint(2, max_pieces)
        sq = rng.sample(range(1, 33), n)
        sets = [0, 0, 0, 0]
        sides = [0, 1] + [rng.randint(0, 1) for _ in range(n - 2)]
        for side, s in zip(sides, sq):
            king = rng.random() < 0.5 or (side == 0 and s > 28) or (side == 1 and s < 5)
            sets[2 * side + king] |= bb.SQUARE_BITS[s - 1]
        out.append((*sets, rng.random() < 0.5))
    return out


def byte_of(state):
    return eg.default().probe_state(*state)


def test_database_file_is_shipped_and_loads():
    table = eg.default().table()
    assert table is not None and len(table) == eg.TOTAL_SLOTS


def test_known_positions():
    # two kings against one: a win for the two, whoever moves
    assert eg.probe(Position.from_fen("W:WK3,K14:BK26")) == 1
    assert eg.probe(Position.from_fen("B:WK3,K14:BK26")) == -1
    # one king each, far apart: a draw
    assert eg.probe(Position.from_fen("B:WK1:BK32")) == 0
    # the side to move is blocked: lost at once
    assert eg.probe_distance(Position.from_fen("B:W8,11:B4")) == (-1, 0)
    # outside the database
    assert eg.probe(Position.from_fen("B:W18,19,20:B1,2")) is None
    assert eg.probe(Position.initial()) is None


def test_self_consistent_on_a_large_sample():
    """Every win has a move to a loss for the opponent at one ply less (or a
    conversion: a capture or crowning into a lost position); every loss has only
    moves to wins for the opponent; a draw has a move to a draw and none to a
    loss.  Distances follow the same rule: a win's is one more than its best
    move's, a loss's one more than its longest defence's."""
    rng = random.Random(5)
    seen = {"win": 0, "loss": 0, "draw": 0}
    for st in random_states(rng, 6000):
        res, dist = eg.decode(byte_of(st))
        moves = bb.moves(*st)
        inside, outside = [], []
        for m in moves:
            child = bb.play(*st, m)
            r, d = eg.decode(byte_of(child))
            crowned = m[0] & (st[0] if st[4] else st[2]) and m[1] & (bb.BLACK_CROWN if st[4] else bb.WHITE_CROWN)
            (outside if m[2] or crowned else inside).append((r, d))
        if not moves:
            assert (res, dist) == (eg.LOSS, 0), st
        elif res == eg.WIN:
            seen["win"] += 1
            best = [1 for r, _ in outside if r == eg.LOSS] + [d + 1 for r, d in inside if r == eg.LOSS]
            assert best and min(best) == dist, st
        elif res == eg.LOSS:
            seen["loss"] += 1
            assert all(r == eg.WIN for r, _ in inside + outside), st
            assert dist == max([1] + [d + 1 for _, d in inside]), st
        else:
            seen["draw"] += 1
            results = [r for r, _ in inside + outside]
            assert eg.LOSS not in results and eg.DRAW in results, st
    assert min(seen.values()) > 500, seen


def test_agrees_with_a_plain_solver_on_every_two_piece_position():
    # (every 2- and 3-piece position: tools/endgame_check.py --exhaustive 3)
    plain = _tool().solve_plain(2)
    assert len(plain) == 6976
    assert {eg.probe(Position.from_state(s)) == v for s, v in plain.items()} == {True}
    assert set(plain.values()) == {-1, 0, 1}


def test_damaged_or_foreign_files_are_refused(tmp_path):
    bad = tmp_path / "eg.bin"
    bad.write_bytes(b"not a database")
    with pytest.raises(eg.EndgameError, match="too short|not a"):
        eg.read_table(bad)
    good = eg.default_path().read_bytes()
    bad.write_bytes(good[:-100])
    with pytest.raises(eg.EndgameError, match="damaged"):
        eg.read_table(bad)
    with pytest.raises(eg.EndgameError, match="cannot read"):
        eg.read_table(tmp_path / "missing.bin")
    assert issubclass(eg.EndgameError, ValueError)


def test_missing_default_file_means_no_database(tmp_path):
    e = eg.Endgame()
    e.available = False
    assert e.probe_state(*Position.from_fen("W:WK3,K14:BK26").state) is None


def test_the_engine_converts_won_endings_within_the_no_progress_rule():
    from game.engine.search import Searcher
    from game.rules import Game

    rng = random.Random(1)
    positions = _tool().random_won_positions(rng, 100)
    for start in positions:
        game = Game(start, draw_rule="official")
        searcher = Searcher()
        while game.outcome is None:
            game.push(searcher.best_move(game.position, depth=3, history=game.reversible_history()))
        assert game.outcome.winner == start.turn, (start.fen(), str(game.outcome))


def test_the_engine_converts_three_v_two_past_the_database():
    # 5 pieces are not in the database: the search must find the exchange into it
    # (3 v 2 with kings and men, positions its own deeper search sees won).
    tool = _tool()
    positions = tool.random_three_v_two(random.Random(2), 6)
    assert len(positions) == 6 and all(sum(x.bit_count() for x in p.state[:4]) == 5 for p, _ in positions)
    for start, winner in positions:
        ok, game = tool.play_out(start, winner, depth=6)
        assert ok, (start.fen(), str(game.outcome))


def test_king_endings_past_the_database_are_drawn_at_random_and_played_out(capsys):
    tool = _tool()
    positions = tool.random_kings(random.Random(3), 20, 4, 3)
    for p, strong in positions:
        bm, bk, wm, wk, _ = p.state
        assert not (bm | wm) and not p.has_capture() and p.legal_moves()
        assert (bk if strong == 0 else wk).bit_count() == 4 and (wk if strong == 0 else bk).bit_count() == 3
    assert len({p for p, _ in positions}) == 20
    # one short ending played out to its end, at a fixed depth
    p = Position.from_fen("W:WK1,K2:BK20,K27,K32")
    won, game = tool.play_out(p, 0, depth=4)
    assert game.outcome is not None and won == (game.outcome.winner == 0)


def test_the_kings_option_names_a_bad_spec():
    import subprocess
    import sys

    for bad in ("4x3", "3v4", "9v9", "v"):
        out = subprocess.run([sys.executable, str(TOOL), "--kings", bad], capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and repr(bad) in out.stderr and "Traceback" not in out.stderr
