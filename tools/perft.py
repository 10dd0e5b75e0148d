"""Count the leaves of the move tree: the standard check of a move generator.

    python tools/perft.py 10
    python tools/perft.py 6 --fen "W:WK10,18:B14,K27" --divide

One line per depth 1..D: ``perft(d) = N``, the seconds, leaves per second.
The last ply is counted in bulk.  Subtrees reached again by transposition are
looked up in a table unless ``--no-hash`` is given (then every path is walked).
``--core compiled`` (or ``interpreted``) counts with the search core's own
move generator instead (game/engine/movegen.py), every path walked: the two
builds and the rules must agree.
"""

import argparse
import time

import _common  # noqa: F401  (this checkout's game first on sys.path)

from game.rules import FenError, Move, Position
from game.rules import bitboard as bb


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("depth", type=int)
    ap.add_argument("--fen", help="start position (default: the initial position)")
    ap.add_argument("--divide", action="store_true", help="also print the count under each first move")
    ap.add_argument("--no-hash", action="store_true", help="walk every path: no transposition table")
    ap.add_argument("--core", choices=("compiled", "interpreted"),
                    help="count with the search core's move generator (that build) instead of the rules'")
    args = ap.parse_args(argv)
    try:
        pos = Position.from_fen(args.fen) if args.fen else Position.initial()
    except FenError as e:
        ap.error(str(e))
    if args.depth < 1:
        ap.error("depth must be at least 1")
    state = pos.state
    count = bb.perft
    if args.core is not None:
        count = _core_perft(args.core, ap)
    total_seconds = 0.0
    for d in range(1, args.depth + 1):
        table = None if args.no_hash else {}
        t0 = time.perf_counter()
        n = count(*state, d, table)
        dt = time.perf_counter() - t0
        total_seconds += dt
        rate = n / dt if dt > 0 else float("inf")
        print(f"perft({d}) = {n}  {dt:.3f} s  {rate:,.0f} leaves/s", flush=True)
    if args.divide:
        print(f"divide at depth {args.depth}:")
        for raw in bb.moves(*state):
            table = None if args.no_hash else {}
            n = count(*bb.play(*state, raw), args.depth - 1, table)
            print(f"  {Move.from_raw(raw)}: {n}")
    print(f"total {total_seconds:.2f} s")


def _core_perft(build, ap):
    """perft(bm, bk, wm, wk, black, depth, table) by a build of the search core (the table unused)."""
    from game.engine import corebuild
    from game.engine.search import Searcher

    module = corebuild.interpreted_core()
    if build == "compiled":
        module, why = corebuild.compiled_core()
        if module is None:
            ap.error(why)
    core = Searcher(core=module, endgame=None).core
    return lambda bm, bk, wm, wk, black, depth, table=None: (core.count_perft(bm, bk, wm, wk, black, depth)
                                                             if depth else 1)


if __name__ == "__main__":
    main()
