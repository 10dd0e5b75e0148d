"""Label positions of self-play games with a deeper search's score, for tools/tune.py.

    nice -n 10 python tools/label_positions.py /tmp/selfplay.txt --depth 10 \\
        --every 3 --stride 4 --out /tmp/labels.txt --jobs 2

Game results are weak labels for a deep search: a depth-4 game is lost by
the blunders a depth-4 search makes, and weights fitted to them learn what
matters at depth 4.  A position's score from a deeper search says what it is
worth to an engine that sees further (``tools/tune.py --labels``).

Takes the quiet positions (the side to move has no capture) after the first
``--skip`` plies of every ``--every``-th game, one in ``--stride`` along
each game (neighbours say much the same thing), searches each to
``--depth`` plies and writes one line per position:

    game-number score-for-black result-for-black FEN

The score is in centi-men from black's view (wins and database results
clipped to +-2000), the result 1, 0.5 or 0: the game's.
"""

import argparse
import time

import _common  # noqa: F401  (this checkout's game first on sys.path)
from fitting import quiet_positions, read_games

CLIP = 2000


def label_chunk(job):
    """Search each position of one chunk (whole games: the table helps along a game)."""
    from game.engine.search import Searcher

    depth, chunk = job
    searcher = Searcher()
    out = []
    for gi, result, pos in chunk:
        info = None
        for found in searcher.search(pos, depth=depth):
            info = found
        s = info.score if info is not None else 0
        s = max(-CLIP, min(CLIP, s))
        if not pos.state[4]:
            s = -s  # black's view
        out.append(f"{gi} {s} {result:g} {pos.fen()}")
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+", help="record files of tools/selfplay.py")
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--skip", type=int, default=4, help="plies skipped at the start of each game")
    ap.add_argument("--every", type=int, default=1, help="only every N-th game")
    ap.add_argument("--stride", type=int, default=1, help="one quiet position in N along a game")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    if args.depth < 1 or args.every < 1 or args.stride < 1 or args.jobs < 1:
        ap.error("--depth, --every, --stride and --jobs take whole numbers of 1 or more")
    t0 = time.perf_counter()
    games = [g for path in args.games for g in read_games(path)]
    rows = quiet_positions(games, args.skip, args.every, args.stride)
    chunks, cur, last = [], [], None
    for r in rows:
        if r[0] != last and len(cur) >= 200:
            chunks.append(cur)
            cur = []
        cur.append(r)
        last = r[0]
    if cur:
        chunks.append(cur)
    jobs = [(args.depth, c) for c in chunks]
    done = 0
    with open(args.out, "w") as out:
        if args.jobs > 1:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
                for lines in pool.imap_unordered(label_chunk, jobs):
                    out.write("\n".join(lines) + "\n")
                    out.flush()
                    done += len(lines)
        else:
            for job in jobs:
                lines = label_chunk(job)
                out.write("\n".join(lines) + "\n")
                out.flush()
                done += len(lines)
    print(f"{done} positions of {len(games[::args.every])} games labelled at depth {args.depth} "
          f"in {time.perf_counter() - t0:.0f} s; written to {args.out}")


if __name__ == "__main__":
    main()
