"""The compiled search core against its oracle, the same source interpreted.

    python tools/core_oracle.py                 # 500 positions, depths 1-8
    python tools/core_oracle.py --positions 50 --depth 6 --seed 3

Random positions (random games from the start, 4-140 plies in, so that
kings and endings come up too), each searched by both builds with a fresh
Searcher (a fresh table) to a fixed depth.  At every depth from 1 on, the
two must give the same score, and the same best move wherever the scores
of the two best moves differ (with a tie either may be chosen; root_scores
at that depth says whether there was one).  The node counts are compared
too and reported (the same trees give the same counts).  Then perft from
the start and from a few king positions.  Prints one line per difference
and a summary; exits 1 when the builds differ, 2 without a compiled core.
The short version runs in every test run: tests/test_core_oracle.py.
"""

import argparse
import random
import sys
import time

import _common  # noqa: F401  (this checkout's game first on sys.path)

from game.engine import corebuild
from game.engine.search import Searcher
from game.rules import Position
from game.rules import bitboard as bb

PERFT = (("B:W21-32:B1-12", 9), ("B:WK14,15,22,23,32:BK10,1", 7), ("W:WK18,K27,K5,20:BK14,K10,K23,3", 7),
         ("B:W9,10,18,19,27,11:B6,K1,2", 7))


def positions(seed, n, most=140):
    """``n`` positions of seeded random games from the start, 4 to ``most`` plies in, each with a choice."""
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


def search(module, position, depth):
    s = Searcher(core=module)
    return {i.depth: (i.score, i.best_move, i.nodes) for i in s.search(position, depth=depth)}


def tie_at_top(module, position, depth):
    """Whether the two best root moves score alike at ``depth``."""
    scored = Searcher(core=module).root_scores(position, depth)
    return len(scored) > 1 and scored[0][1] == scored[1][1]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=500)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--seed", type=int, default=561)
    args = ap.parse_args(argv)
    compiled, why = corebuild.compiled_core()
    if compiled is None:
        print(f"core_oracle: {why}: nothing to compare", file=sys.stderr)
        return 2
    interpreted = corebuild.interpreted_core()
    t0 = time.process_time()
    compared = score_diffs = move_diffs = ties = node_diffs = 0
    for n, pos in enumerate(positions(args.seed, args.positions)):
        c, i = search(compiled, pos, args.depth), search(interpreted, pos, args.depth)
        if set(c) != set(i):
            print(f"{pos.fen()}: depths {sorted(c)} v {sorted(i)}")
            score_diffs += 1
        for d in sorted(set(c) & set(i)):
            compared += 1
            (cs, cm, cn), (is_, im, inn) = c[d], i[d]
            if cs != is_:
                score_diffs += 1
                print(f"{pos.fen()} depth {d}: score {cs} v {is_}")
            elif cm != im:
                if tie_at_top(interpreted, pos, d):
                    ties += 1
                else:
                    move_diffs += 1
                    print(f"{pos.fen()} depth {d}: best move {cm} v {im}, the two best differ")
            if cn != inn:
                node_diffs += 1
                print(f"{pos.fen()} depth {d}: nodes {cn} v {inn}")
        if (n + 1) % 50 == 0:
            print(f"... {n + 1} positions, {time.process_time() - t0:.0f} s", flush=True)
    perft_diffs = 0
    for fen, depth in PERFT:
        st = Position.from_fen(fen).state
        counts = [Searcher(core=m, endgame=None).core.count_perft(*st, d) for m in (compiled, interpreted)
                  for d in (depth if m is compiled else depth - 2,)]
        want = [bb.perft(*st, depth), bb.perft(*st, depth - 2)]
        if counts != want:
            perft_diffs += 1
            print(f"{fen}: perft {counts} (compiled {depth}, interpreted {depth - 2}), the rules say {want}")
    print(f"{args.positions} positions, depths 1-{args.depth}: {compared} searches compared; "
          f"{score_diffs} scores differ, {move_diffs} best moves differ ({ties} other moves at a tie), "
          f"{node_diffs} node counts differ; perft: {perft_diffs} differ; {time.process_time() - t0:.0f} s CPU")
    return 1 if score_diffs or move_diffs or node_diffs or perft_diffs else 0


if __name__ == "__main__":
    sys.exit(main())
