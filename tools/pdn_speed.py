"""How fast the PDN reader reads a collection: games per second.

    python tools/pdn_speed.py FILE [--repeat 3] [--root DIR]

``--root`` reads with the ``game`` package of another checkout (the baseline
worktree, say) so that before and after are measured on the same file with the
same command.  Prints the best CPU time (``time.process_time``, so that other
work on a shared machine disturbs the figure less) of ``--repeat`` runs of
``read_pdn`` over the whole text, and, when the reader has them, of ``iter_pdn`` and of its header-only mode.
The file is read from disk once, before timing.
"""

import argparse
import sys
import time
from pathlib import Path

from _common import ROOT


def _best(fn, repeat):
    """The best CPU time of ``repeat`` runs (process time: the figure a loaded machine disturbs least)."""
    best, out = None, None
    for _ in range(repeat):
        t0 = time.process_time()
        out = fn()
        dt = time.process_time() - t0
        best = dt if best is None else min(best, dt)
    return best, out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--root", default=str(ROOT),
                    help="checkout whose game package is measured (default: this one)")
    ap.add_argument("--memory", action="store_true", help="also report the process's peak resident memory")
    args = ap.parse_args(argv)
    root = str(Path(args.root).resolve())
    sys.path.insert(0, root)
    for name in [m for m in sys.modules if m == "game" or m.startswith("game.")]:
        del sys.modules[name]
    import game.notation.pdn as pdn

    if not str(Path(pdn.__file__).resolve()).startswith(root):
        raise SystemExit(f"measuring {pdn.__file__}, not the checkout in {root}")
    from game.textfile import read_bytes

    text = read_bytes(args.file, limit=1 << 30, what="PDN file").decode("utf-8", "replace")
    print(f"reader: {pdn.__file__}")
    print(f"file: {args.file} ({len(text.encode()) / 1e6:.1f} MB)")
    dt, games = _best(lambda: pdn.read_pdn(text), args.repeat)
    errors = sum(1 for g in games if g.error)
    moves = sum(len(g.moves) for g in games)
    print(f"read_pdn: {len(games)} games ({errors} with an error, {moves} moves) in {dt:.2f} s "
          f"= {len(games) / dt:,.0f} games/s")
    if hasattr(pdn, "iter_pdn"):
        dt, n = _best(lambda: sum(1 for _ in pdn.iter_pdn(text)), args.repeat)
        print(f"iter_pdn: {n} games in {dt:.2f} s = {n / dt:,.0f} games/s")
        dt, n = _best(lambda: sum(1 for _ in pdn.iter_pdn(text, headers_only=True)), args.repeat)
        print(f"iter_pdn(headers_only=True): {n} games in {dt:.2f} s = {n / dt:,.0f} games/s")
    if args.memory:
        import resource

        print(f"peak resident memory of this process (the text and all games read): "
              f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")


if __name__ == "__main__":
    main()
