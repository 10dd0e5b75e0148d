"""How far apart a shallow and a deep search score, the figure the pruning
margins rest on (ProbCut and reverse futility, see game.engine.search).

    python tools/calibrate_pruning.py                 # 300 positions from ../shared/games/tinsley.pdn
    python tools/calibrate_pruning.py --positions 100 --depth 14 --pdn games.pdn

Positions are taken from real games (every 4th ply from ply 12 to 70, no
capture pending, more pieces than the endgame database holds) and searched
from a cleared table to ``--depth``.  For each completed depth d the score
is compared with the one at d - PROBCUT_R (ProbCut's shallow search) and,
for d <= RFP_DEPTH, with the static evaluation (reverse futility's guess).

ProbCut takes a node as failing high when the shallow search clears beta
by PROBCUT_MARGIN; that is wrong when the deep score falls by more than
the margin.  Buro's ProbCut sets the margin from the spread of the
difference: the tool prints, per pair of depths, the mean and standard
deviation of deep - shallow and the share of falls larger than a few
margins, and the same for the evaluation against depths 1 to 3 (reverse
futility assumes the static score exceeds the search by at most
RFP_MARGIN * depth).  Scores past the database or a forced win are left
out: their size says nothing about the margins.
"""

import argparse
import statistics
import sys
from pathlib import Path

import _common  # noqa: F401  (this checkout's game first on sys.path)

from game.engine.evaluate import evaluate
from game.engine.search import DEFAULT_PARAMS as P
from game.engine.search import Searcher
from game.notation.pdn_reader import read_pdn_file

DEFAULT_PDN = Path(__file__).resolve().parents[1].parent / "shared" / "games" / "tinsley.pdn"
MARGINS = (15, 25, 40, 60, 80, 100)


def positions(pdn, limit):
    """Up to ``limit`` quiet middle-game positions from the games in ``pdn``."""
    out = []
    for pg in read_pdn_file(pdn):
        pos = pg.start_position()
        for i, move in enumerate(pg.moves):
            if i > 70:
                break
            if i >= 12 and i % 4 == 0 and not pos.has_capture():
                bm, bk, wm, wk = pos.state[:4]
                if (bm | bk | wm | wk).bit_count() > 5:
                    out.append(pos)
                    if len(out) >= limit:
                        return out
            pos = pos.play(move)
    return out


def spread(diffs, label):
    """One line: n, mean, sd and the share of diffs below -m for each margin m."""
    if len(diffs) < 2:
        print(f"{label:>14}  n={len(diffs)}")
        return
    falls = "  ".join(f"<-{m}: {sum(d < -m for d in diffs) / len(diffs):5.1%}" for m in MARGINS)
    print(f"{label:>14}  n={len(diffs):4d}  mean {statistics.fmean(diffs):+6.1f}  "
          f"sd {statistics.pstdev(diffs):5.1f}  {falls}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pdn", default=str(DEFAULT_PDN))
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--depth", type=int, default=16)
    args = ap.parse_args(argv)
    if not Path(args.pdn).is_file():
        sys.exit(f"calibrate_pruning: no such file {args.pdn!r} (pass --pdn)")
    pos = positions(args.pdn, args.positions)
    print(f"{len(pos)} positions from {args.pdn}, searched to depth {args.depth}; "
          f"PROBCUT_R {P.probcut_r}, PROBCUT_MARGIN {P.probcut_margin}, RFP_MARGIN {P.rfp_margin}")
    r = P.probcut_r
    pairs = {}   # deep depth -> [deep - shallow]
    static = {}  # depth -> [search - static]
    searcher = Searcher()
    for p in pos:
        searcher.clear()
        scores = {}
        for info in searcher.search(p, depth=args.depth, time=60):
            scores[info.depth] = info.score
        usable = {d: s for d, s in scores.items() if abs(s) < P.probcut_bound}
        ev = evaluate(*p.state)  # (state: the four bitboards and black to move)
        for d, s in usable.items():
            if d - r in usable:
                pairs.setdefault(d, []).append(s - usable[d - r])
            if d <= 3:
                static.setdefault(d, []).append(s - ev)
    print("ProbCut: deep - shallow (a fall past the margin is a wrong cut)")
    for d in sorted(pairs):
        spread(pairs[d], f"{d} v {d - r}")
    spread([x for d in pairs if d >= P.probcut_depth for x in pairs[d]], "all")
    print("Reverse futility: search - static evaluation")
    for d in sorted(static):
        spread(static[d], f"depth {d}")


if __name__ == "__main__":
    main()
