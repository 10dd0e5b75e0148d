"""Search benchmark: a fixed set of positions, searched by time or depth.

    python tools/bench.py              # 1 s per position
    python tools/bench.py --time 3
    python tools/bench.py --depth 8    # fixed depth: deterministic output
    python tools/bench.py --baseline /work/baseline/a686cb9   # the same run of an older
                                                             # checkout first, then this one

Prints per position the depth reached, nodes, nodes/s, best move and score,
then the median depth, total nodes per second and the peak resident memory.
With --time it also prints where the time went: in completed depths, in the
unfinished last one, and left unused (the next depth was not started).
With --baseline the other checkout's tools/bench.py runs first in a
subprocess with the same options, then this one, and both summaries are
printed together (one after the other, so they never compete for a core).
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import _common  # noqa: F401  (this checkout's game first on sys.path)

from game.engine.scores import describe_score
from game.engine.search import Searcher
from game.rules import Position

POSITIONS = [
    # openings
    ("initial", "B:W21-32:B1-12"),
    ("ballot 9-14 22-17 11-15", "W:W17,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,12,14,15"),
    ("ballot 11-15 23-19 8-11", "W:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,12,15"),
    ("ballot 10-15 21-17 9-13", "W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,11,12,13,15"),
    # middle games (from engine self-play out of ballot openings)
    ("middle 1", "W:W18,21,23,28,29,30,31,32:B1,3,5,7,9,11,12,13"),
    ("middle 2", "W:W22,23,25,27,29,30,31,32:B1,3,5,8,9,10,15,20"),
    ("middle 3", "W:W11,21,25,28,29,30,31:B1,2,4,5,6,8,12"),
    ("middle 4", "W:W19,21,22,25,30:B1,5,8,11,12,14"),
    ("middle 5", "W:W10,26,28,30,32:B1,3,8,11,18,19"),
    ("middle 6", "W:W14,24,29,30,32:B1,3,13,15,16"),
    # endgames with kings
    ("kings and men 1", "W:W23,29,30,32,K10:B3,17,20,21,22,27"),
    ("kings and men 2", "W:W15,21,25,30,K7:B5,6,8,12,18,K31"),
    ("kings and men 3", "W:W29,32,K8:B14,28,K22,K23"),
    ("kings and men 4", "W:W25,30,K22:B12,13,21,K31"),
    ("2K v K+man", "W:WK3,K14:B12,K26,K27"),
    ("K+man v K+man", "W:W19,30,K18:B10,K24"),
]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time", type=float, default=None, help="seconds per position (default 1)")
    ap.add_argument("--depth", type=int, default=None, help="fixed depth (deterministic)")
    ap.add_argument("--only", type=int, default=None, help="run only the first N positions")
    ap.add_argument("--baseline", type=Path, default=None, metavar="CHECKOUT",
                    help="first run CHECKOUT/tools/bench.py with the same options, then compare")
    args = ap.parse_args(argv)
    if args.baseline is not None:
        return compare(args.baseline, argv if argv is not None else sys.argv[1:])
    if args.time is None and args.depth is None:
        args.time = 1.0
    depths, total_nodes, total_secs = [], 0, 0.0
    done_secs = unfinished_secs = 0.0
    changed = 0
    cpu0 = time.process_time()
    positions = POSITIONS[: args.only] if args.only else POSITIONS
    for name, fen in positions:
        pos = Position.from_fen(fen)
        info = None
        t0 = time.perf_counter()
        c0 = time.process_time()
        searcher = Searcher()
        for info in searcher.search(pos, depth=args.depth, time=args.time):
            pass
        secs = time.perf_counter() - t0
        cpu_secs = time.process_time() - c0
        if info is None:
            print(f"{name:26s} no legal move")
            continue
        depths.append(info.depth)
        nodes = searcher.nodes  # including the unfinished last iteration
        timing = getattr(searcher, "timing", None)  # (completed depths, unfinished depth) seconds
        if timing is not None:
            done_secs += timing[0]
            unfinished_secs += timing[1]
            changed += bool(timing[2:] and timing[2])
        total_nodes += nodes
        total_secs += secs
        print(f"{name:26s} depth {info.depth:3d}  nodes {nodes:9d}  nps {nodes / max(secs, 1e-9):8.0f}"
              f"  cpu {cpu_secs:6.2f} s  best {str(info.best_move):10s} score {describe_score(info.score)}", flush=True)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    cpu = time.process_time() - cpu0
    print(f"median depth {statistics.median(depths):g}  total nodes {total_nodes}"
          f"  nodes/s {total_nodes / max(total_secs, 1e-9):.0f}  (per CPU second {total_nodes / max(cpu, 1e-9):.0f},"
          f" load average {os.getloadavg()[0]:.1f})  max RSS {rss:.0f} MB")
    if args.time is not None and (done_secs or unfinished_secs):
        budget = args.time * len(depths)
        print(f"time: {100 * done_secs / budget:.0f}% in completed depths, {100 * unfinished_secs / budget:.0f}%"
              f" in unfinished ones, {100 * (budget - done_secs - unfinished_secs) / budget:.0f}% unused;"
              f" an unfinished depth changed the move in {changed} of {len(depths)}")


def compare(checkout, argv):
    """Run the other checkout's bench, then this one; print both summaries."""
    rest = []
    skip = False
    for a in argv:
        if skip:
            skip = False
            continue
        if a == "--baseline":
            skip = True
            continue
        if a.startswith("--baseline="):
            continue
        rest.append(a)
    summaries = []
    for label, root in (("baseline " + str(checkout), checkout), ("this checkout", Path(__file__).resolve().parents[1])):
        print(f"== {label}", flush=True)
        out = subprocess.run([sys.executable, str(Path(root) / "tools" / "bench.py"), *rest], cwd=root,
                             capture_output=True, text=True, timeout=3600)
        sys.stdout.write(out.stdout + out.stderr)
        summaries.append((label, [ln for ln in out.stdout.splitlines() if ln.startswith(("median", "time:"))]))
    print("== summary")
    for label, lines in summaries:
        for ln in lines:
            print(f"{label:40s} {ln}")


if __name__ == "__main__":
    sys.exit(main())
