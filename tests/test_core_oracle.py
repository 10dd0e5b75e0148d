"""The compiled search core against the interpreted one, side by side.

game/engine/core.py is one source: run by the interpreter it is the oracle
of its compiled build (see game/engine/corebuild.py).  Both builds must
count the same perft, evaluate every position alike and search the same
trees: the same scores, best moves and node counts at every depth, with
contempt, with the draw rule's fade, with a table small enough to be
trimmed, and in root_scores.  tools/core_oracle.py runs the long version
(500 random positions, depths 1-8).

Without a compiled core the comparisons are skipped, saying why (each build
is still checked against evaluate.py); with CHECKERS_REQUIRE_CORE=1 (the
wheels' test command) they fail instead.
This file imports nothing from tools/ or tests/ (only pytest and the
installed game): cibuildwheel runs it against the installed wheel with
pythonpath emptied (pyproject.toml's test-command, run as written by
tests/test_wheel_command.py).
"""

import os
import random

import pytest

from game.engine import corebuild, evaluate, scores
from game.engine.search import Searcher
from game.rules import Position
from game.rules import bitboard as bb

COMPILED, WHY = corebuild.compiled_core()
INTERPRETED = corebuild.interpreted_core()

if COMPILED is None and os.environ.get(corebuild.REQUIRE_ENV) == "1":
    raise RuntimeError(f"{corebuild.REQUIRE_ENV}=1 and {WHY}")
both_builds = pytest.mark.skipif(COMPILED is None, reason=f"{WHY}: nothing to compare the interpreted core with")
CORES = [pytest.param(INTERPRETED, id="interpreted")] + ([] if COMPILED is None else [pytest.param(COMPILED,
                                                                                                   id="compiled")])

# the positions of tools/bench.py (openings, middle games, endings with kings)
BENCH = ("B:W21-32:B1-12", "W:W17,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,12,14,15",
         "W:W18,21,23,28,29,30,31,32:B1,3,5,7,9,11,12,13", "W:W22,23,25,27,29,30,31,32:B1,3,5,8,9,10,15,20",
         "W:W11,21,25,28,29,30,31:B1,2,4,5,6,8,12", "W:W10,26,28,30,32:B1,3,8,11,18,19",
         "W:W23,29,30,32,K10:B3,17,20,21,22,27", "W:W15,21,25,30,K7:B5,6,8,12,18,K31",
         "W:W29,32,K8:B14,28,K22,K23", "W:WK3,K14:B12,K26,K27", "W:W19,30,K18:B10,K24")
KINGS = ("B:WK9,K11,K14,K23:BK20,K28,K32", "W:W21,30,K12,K31,K32:BK3", "B:W18,K9,K11,K23:B15,K28,K32")


def random_positions(seed, n, most=100):
    """``n`` positions of seeded random games from the start, 4 to ``most`` plies in, each with a choice
    (tools/core_oracle.py's long run draws its positions the same way, up to 140 plies)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        st = Position.initial().state
        for _ in range(rng.randint(4, most)):
            moves = bb.moves(*st)
            if not moves:
                break
            st = bb.play(*st, rng.choice(moves))
        if len(bb.moves(*st)) > 1:
            out.append(Position.from_state(st))
    return out


def run(module, position, searcher=None, **kw):
    """(depth, score, best move, nodes) of every depth of one search."""
    s = searcher if searcher is not None else Searcher(core=module)
    return [(i.depth, i.score, str(i.best_move), i.nodes) for i in s.search(position, **kw)]


def both(position, **kw):
    return run(COMPILED, position, **kw), run(INTERPRETED, position, **kw)


@both_builds
def test_the_compiled_core_is_built_from_this_source():
    assert COMPILED.COMPILED and not INTERPRETED.COMPILED
    assert COMPILED.BUILT_FROM == corebuild.source_digest() != 0


@both_builds
def test_the_same_perft_counts():
    for fen in ("B:W21-32:B1-12", "B:WK14,15,22,23,32:BK10,1", "W:WK18,K27,K5,20:BK14,K10,K23,3",
                "B:W9,10,18,19,27,11:B6,K1,2"):
        st = Position.from_fen(fen).state
        counts = [Searcher(core=m, endgame=None).core.count_perft(*st, 6) for m in (COMPILED, INTERPRETED)]
        assert counts[0] == counts[1] == bb.perft(*st, 6), fen


# (each build on its own against the Python it copies: these run without a compiled core too)
@pytest.mark.parametrize("module", CORES)
def test_each_build_evaluates_as_evaluate_py_does(module):
    core = Searcher(core=module, endgame=None).core
    positions = random_positions(1, 300) + [Position.from_fen(f) for f in BENCH + KINGS]
    for p in positions:
        for st in (p.state, p.state[:4] + (not p.state[4],)):
            assert core.evaluate(*st) == evaluate.evaluate(*st), Position.from_state(st).fen()


@pytest.mark.parametrize("module", CORES)
def test_each_build_knows_the_scores_constants(module):
    assert module.constants() == {name: getattr(scores, name) for name in module.constants()}


@both_builds
def test_the_same_trees_at_fixed_depths():
    for fen in BENCH:
        c, i = both(Position.from_fen(fen), depth=7)
        assert c == i, fen
    for p in random_positions(2, 12):
        c, i = both(p, depth=6)
        assert c == i, p.fen()


@both_builds
def test_the_same_trees_with_contempt_the_fade_and_a_history():
    for fen in KINGS + BENCH[-3:]:
        p = Position.from_fen(fen)
        for kw in ({"contempt": 15, "quiet": 60}, {"contempt": -20, "quiet": 30, "draw_rule": "csci561"}):
            c, i = both(p, depth=6, **kw)
            assert c == i, (fen, kw)
    p = Position.from_fen("W:WK1:BK10,K19")
    history = [Position.from_fen("B:WK5:BK10,K19"), Position.from_fen("W:WK5:BK10,K15")]
    c, i = both(p, depth=6, history=history)
    assert c == i


@both_builds
def test_the_same_trees_with_full_width_endings():
    # late moves neither pruned nor reduced with 10 pieces or fewer (SearchParams.lmp_pieces, lmr_pieces)
    from game.engine.search import DEFAULT_PARAMS

    params = DEFAULT_PARAMS._replace(lmp_pieces=10, lmr_pieces=8)
    for fen in KINGS + BENCH[-5:]:
        p = Position.from_fen(fen)
        c, i = (run(m, p, Searcher(core=m, params=params), depth=7) for m in (COMPILED, INTERPRETED))
        assert c == i, fen


@both_builds
def test_the_same_trees_with_a_small_table_over_two_searches():
    # trimmed every 1024 nodes or so; the second search ages the history,
    # trims first and writes a new generation
    for fen in BENCH[:3] + BENCH[6:8]:
        p = Position.from_fen(fen)
        out = []
        for module in (COMPILED, INTERPRETED):
            s = Searcher(core=module, tt_entries=300)
            out.append(run(module, p, s, depth=8) + run(module, p, s, depth=9) + [len(s.tt)])
        assert out[0] == out[1], fen


@both_builds
def test_the_same_root_scores_and_a_custom_evaluation():
    def scrambled(bm, bk, wm, wk, black):
        return hash((bm, bk, wm, wk, black)) % 2001 - 1000

    for fen in BENCH[:2] + KINGS[:2]:
        p = Position.from_fen(fen)
        got = [[(str(m), s) for m, s in Searcher(core=m).root_scores(p, 4)] for m in (COMPILED, INTERPRETED)]
        assert got[0] == got[1], fen
        got = [run(m, p, Searcher(core=m, evaluate=scrambled, endgame=None, plain=True), depth=4)
               for m in (COMPILED, INTERPRETED)]
        assert got[0] == got[1], fen
