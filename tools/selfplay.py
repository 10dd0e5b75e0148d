"""The engine's own games, as compact records for tools/tune.py.

    nice -n 10 python tools/selfplay.py --games 1000 --depth 4 --out /tmp/selfplay.txt --jobs 2

Each game starts from a three-move ballot (taken in turn) and the engine
plays both sides at ``--depth`` plies.  So that games differ, the first
``--random-plies`` plies are drawn among the moves scoring within
``--margin`` centi-men of the best (root scores at the same depth); after
that the best move is played.  A game still going after ``--max-ply`` plies
is recorded as a draw.

One line per game: the result (``B`` black won, ``W`` white won, ``D``
drawn), the starting FEN, then the moves in PDN::

    D W:W17,22,...:B1,2,... 22-18 13x22 26x17 ...
"""

import argparse
import random
import sys
import time

import overrides
from _common import ballots

from game.rules import BLACK, Game, Position


def play_one(job):
    """One game: (index, record line)."""
    from game.engine.search import Searcher

    index, fen, depth, random_plies, margin, max_ply, seed, weights = job
    if weights:
        import game.engine.evaluate  # noqa: F401  (the package attribute is the function)

        sys.modules["game.engine.evaluate"].set_weights(**weights)
    rng = random.Random(seed)
    game = Game(Position.from_fen(fen))
    searcher = Searcher()
    while game.outcome is None and game.ply < max_ply:
        pos = game.position
        history = game.reversible_history()[:-1]
        if game.ply < random_plies:
            scored = searcher.root_scores(pos, depth, history=history)
            best = scored[0][1]
            move = rng.choice([m for m, s in scored if s >= best - margin])
        else:
            move = searcher.best_move(pos, depth=depth, history=history)
        game.push(move)
    winner = game.outcome.winner if game.outcome is not None else None
    result = "D" if winner is None else ("B" if winner == BLACK else "W")
    return index, " ".join([result, fen] + [str(m) for m in game.moves])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--random-plies", type=int, default=10)
    ap.add_argument("--margin", type=int, default=30)
    ap.add_argument("--max-ply", type=int, default=200)
    ap.add_argument("--ballots", default=None, metavar="FILE",
                    help="starts from this file (as tools/match.py reads it) instead of the 156 ballots")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--weights", default="", help="evaluation weights to play with, as in tools/match.py: "
                                                   "'KING=130;GUARD=15' (the next round of tools/tune.py)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    import game.engine.evaluate  # noqa: F401

    try:
        weights = overrides.parse(args.weights)
        E = sys.modules["game.engine.evaluate"]
        saved = E.weights()
        E.set_weights(**weights)  # refused here, not in a worker, if a name or value is wrong
        E.set_weights(**saved)
    except (ValueError, SyntaxError) as e:
        ap.error(f"--weights: {e}")
    try:
        starts = [fen for _, _, fen in ballots(args.ballots)]
    except (OSError, ValueError) as e:
        ap.error(f"cannot read the ballots file {args.ballots}: {e}")
    if not starts:
        ap.error(f"no ballots in {args.ballots}")
    jobs = [(i, starts[i % len(starts)], args.depth, args.random_plies, args.margin, args.max_ply,
             args.seed * 1_000_003 + i, weights) for i in range(args.games)]
    t0 = time.perf_counter()
    counts = {"B": 0, "W": 0, "D": 0}
    with open(args.out, "w") as out:
        if args.jobs > 1:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
                results = pool.imap_unordered(play_one, jobs)
                for _, line in results:
                    out.write(line + "\n")
                    counts[line[0]] += 1
        else:
            for job in jobs:
                _, line = play_one(job)
                out.write(line + "\n")
                counts[line[0]] += 1
    print(f"{args.games} games at depth {args.depth} in {time.perf_counter() - t0:.0f} s: "
          f"black won {counts['B']}, white won {counts['W']}, drawn {counts['D']}; written to {args.out}")


if __name__ == "__main__":
    main()
