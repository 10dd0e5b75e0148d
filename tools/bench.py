"""Search benchmark: a fixed set of positions, searched by time or depth, by
the compiled search core and the interpreted one side by side.

    python tools/bench.py              # 1 s per position, each build
    python tools/bench.py --time 3
    python tools/bench.py --depth 8    # fixed depth: deterministic output
    python tools/bench.py --engine compiled     # one build only (or interpreted)
    python tools/bench.py --baseline /work/baseline/a686cb9   # the same run of an older
                                                             # checkout first, then this one
    python tools/bench.py --startup    # the tournament agent's CPU up to its first search
    python tools/bench.py --depth 24 --set TT_ENTRIES=200000    # search parameters or weights
                                                             # set as tools/match.py's @ does

Prints per position and build the depth reached, nodes, nodes per CPU
second of search, the search's CPU seconds, best move and score; then per
build the median depth, the total nodes and nodes per CPU second; then the
compiled build's speed as a multiple of the interpreted one's (and with
--depth, whether both searched the same trees, node for node), and the peak
resident memory.  Only the search is timed: the endgame database, all of its
five-piece slices included, and the evaluation's tables are loaded first.
With --time it also prints where the time went: in completed depths, in the
unfinished last one, and left unused (the next depth was not started).
With --startup, the tournament agent (``python -m game.agent``) is started
afresh 9 times per build on a middle-game input.txt in a scratch folder
(after one run that caches the bytecode, as an install does), and the CPU
seconds from its process start to its first search's first node are
printed (the median; the agent's limit is 0.15 s).
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
import overrides

from game.engine import corebuild
from game.engine import endgame as _endgame
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


def builds(which):
    """[(name, core module)] of the builds asked for that are there."""
    out = []
    compiled, why = corebuild.compiled_core()
    if which in ("both", "compiled"):
        if compiled is not None:
            out.append(("compiled", compiled))
        else:
            print(f"(no compiled core: {why})", flush=True)
    if which in ("both", "interpreted"):
        out.append(("interpreted", corebuild.interpreted_core()))
    return out


def load_everything(modules):
    """The endgame database with every five-piece slice, and each build's
    tables, before any timing."""
    db = _endgame.default()
    if db.has_table():
        db.table()
        db.five_cache_bytes = None  # (every block kept: none unpacked again while timing)
        for key in db.five_keys():
            db.five_slice(key)
    for module in modules:
        list(Searcher(core=module).search(Position.initial(), depth=1))


def run(name, module, positions, args):
    """Search every position with one build; print its lines; its summary as a dict."""
    print(f"== {name} core: {Path(module.__file__).name}", flush=True)
    depths, rows = [], []
    total_nodes, total_cpu = 0, 0.0
    done_secs = unfinished_secs = 0.0
    changed = 0
    for label, fen in positions:
        pos = Position.from_fen(fen)
        # (to a fixed depth both builds get the same table, so that their trees
        # can be compared node for node; by time, each its own default)
        searcher = Searcher(core=module, params=args.params,
                            tt_entries=args.params.tt_entries if args.time is None else None)
        info = None
        c0 = time.process_time()
        for info in searcher.search(pos, depth=args.depth, time=args.time):  # noqa: B007  (the last)
            pass
        cpu = time.process_time() - c0
        if info is None:
            print(f"{label:26s} no legal move")
            continue
        depths.append(info.depth)
        nodes = searcher.nodes  # including the unfinished last iteration
        rows.append((label, info.depth, nodes, str(info.best_move), info.score))
        if searcher.timing is not None:  # (completed depths, unfinished depth, changed the move)
            done_secs += searcher.timing[0]
            unfinished_secs += searcher.timing[1]
            changed += bool(searcher.timing[2])
        total_nodes += nodes
        total_cpu += cpu
        print(f"{label:26s} depth {info.depth:3d}  nodes {nodes:9d}  nps {nodes / max(cpu, 1e-9):8.0f}"
              f"  cpu {cpu:6.2f} s  best {str(info.best_move):10s} score {describe_score(info.score)}", flush=True)
    nps = total_nodes / max(total_cpu, 1e-9)
    median = statistics.median(depths)
    print(f"median depth {median:g}  total nodes {total_nodes}  search CPU {total_cpu:.2f} s"
          f"  nodes/s {nps:.0f}  ({name}, load average {os.getloadavg()[0]:.1f})")
    if args.time is not None and (done_secs or unfinished_secs):
        budget = args.time * len(depths)
        print(f"time: {100 * done_secs / budget:.0f}% in completed depths, {100 * unfinished_secs / budget:.0f}%"
              f" in unfinished ones, {100 * (budget - done_secs - unfinished_secs) / budget:.0f}% unused;"
              f" an unfinished depth changed the move in {changed} of {len(depths)}")
    return {"nps": nps, "median": median, "rows": rows}


# Run in the agent's process: the CPU time when its first search is about to
# start (the core set up, before the first node), then exit.
_FIRST_SEARCH = """
import os, sys, time
import game.engine.search as S
prepare = S.Searcher._prepare
def first(self, *a, **k):
    core = prepare(self, *a, **k)
    print(f"{time.process_time():.4f} {S.ENGINE}", flush=True)
    os._exit(0)
S.Searcher._prepare = first
from game.agent.__main__ import main
sys.exit(main())
"""


def startup(runs=9):
    """The agent's CPU seconds up to its first search, per build (the median of ``runs``)."""
    import tempfile

    from game.agent.io import input_text

    root = Path(__file__).resolve().parents[1]
    position = Position.from_fen(POSITIONS[4][1])  # a middle game: out of the opening book
    for name, env in (("compiled", {}), ("interpreted", {corebuild.ENV: "python"})):
        if name == "compiled" and corebuild.compiled_core()[0] is None:
            print("compiled: not built")
            continue
        seconds, engine = [], ""
        with tempfile.TemporaryDirectory() as folder:
            Path(folder, "input.txt").write_text(input_text("GAME", position, 100.0), encoding="utf-8")
            # (as installed: the modules' bytecode cached, which the first run writes if need be)
            for n in range(runs + 1):
                run_env = {k: v for k, v in os.environ.items() if k not in (corebuild.ENV, "PYTHONDONTWRITEBYTECODE")}
                run_env |= env | {"PYTHONPATH": str(root)}
                out = subprocess.run([sys.executable, "-c", _FIRST_SEARCH], cwd=folder, env=run_env,
                                     capture_output=True, text=True, timeout=120)
                if out.returncode != 0 or not out.stdout.strip():
                    print(f"{name}: the agent did not start a search: {out.stderr.strip()[-300:]}")
                    break
                cpu, _, engine = out.stdout.strip().partition(" ")
                if n:
                    seconds.append(float(cpu))
        if seconds:
            print(f"{name:12s} first search after {statistics.median(seconds):.3f} s CPU (median of {len(seconds)};"
                  f" {min(seconds):.3f}-{max(seconds):.3f}; engine: {engine}; load average {os.getloadavg()[0]:.1f})")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time", type=float, default=None, help="seconds per position (default 1)")
    ap.add_argument("--depth", type=int, default=None, help="fixed depth (deterministic)")
    ap.add_argument("--only", type=int, default=None, help="run only the first N positions")
    ap.add_argument("--engine", choices=("both", "compiled", "interpreted"), default="both",
                    help="which build of the search core (default both, side by side)")
    ap.add_argument("--baseline", type=Path, default=None, metavar="CHECKOUT",
                    help="first run CHECKOUT/tools/bench.py with the same options, then compare")
    ap.add_argument("--startup", action="store_true",
                    help="only the tournament agent's CPU time up to its first search, per build")
    ap.add_argument("--set", default="", metavar="NAME=VALUE;...",
                    help="search parameters or evaluation weights for this run (tools/overrides.py); "
                         "this checkout's only: --baseline's runs with its own")
    args = ap.parse_args(argv)
    try:
        args.params = overrides.apply(overrides.parse(args.set))
    except (ValueError, SyntaxError) as e:
        ap.error(f"--set {args.set!r}: {e}")
    if args.startup:
        return startup()
    if args.baseline is not None:
        return compare(args.baseline, argv if argv is not None else sys.argv[1:])
    if args.time is None and args.depth is None:
        args.time = 1.0
    positions = POSITIONS[: args.only] if args.only else POSITIONS
    chosen = builds(args.engine)
    load_everything([module for _, module in chosen])
    results = {name: run(name, module, positions, args) for name, module in chosen}
    if len(results) == 2:
        c, i = results["compiled"], results["interpreted"]
        limit = f"depth {args.depth}" if args.time is None else f"{args.time:g} s a position"
        print(f"compiled / interpreted: {c['nps'] / max(i['nps'], 1e-9):.1f}x the nodes per CPU second"
              f" ({c['nps']:,.0f} v {i['nps']:,.0f}); median depth {c['median']:g} v {i['median']:g} ({limit})")
        if args.time is None:
            same = c["rows"] == i["rows"]
            print("the same trees in both builds (nodes, best moves, scores)" if same else
                  "THE BUILDS DIFFER: " + "; ".join(f"{a[0]}: {a[1:]} v {b[1:]}" for a, b in zip(c["rows"], i["rows"])
                                                    if a != b))
    print(f"max RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


def compare(checkout, argv):
    """Run the other checkout's bench, then this one; print both summaries.
    ``--set`` is this checkout's only (the other one's constants may have
    other names, or its bench no --set)."""
    mine, theirs = [], []
    words = iter(argv)
    for a in words:
        if a == "--baseline":
            next(words, None)
        elif a.startswith("--baseline="):
            pass
        elif a == "--set":
            mine += [a, next(words, "")]
        elif a.startswith("--set="):
            mine.append(a)
        else:
            mine.append(a)
            theirs.append(a)
    summaries = []
    here = Path(__file__).resolve().parents[1]
    for label, root, args in (("baseline " + str(checkout), checkout, theirs), ("this checkout", here, mine)):
        print(f"== {label}", flush=True)
        out = subprocess.run([sys.executable, str(Path(root) / "tools" / "bench.py"), *args], cwd=root,
                             capture_output=True, text=True, timeout=3600)
        sys.stdout.write(out.stdout + out.stderr)
        summaries.append((label, [ln for ln in out.stdout.splitlines()
                                  if ln.startswith(("median", "time:", "compiled /"))]))
    print("== summary")
    for label, lines in summaries:
        for ln in lines:
            print(f"{label:40s} {ln}")


if __name__ == "__main__":
    sys.exit(main())
