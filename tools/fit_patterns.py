"""Fit the pattern tables of the evaluation to game results: needs numpy.

    python tools/fit_patterns.py /work/data/selfplay-*.txt --out assets/patterns.bin

Reads the games of tools/selfplay.py, takes every quiet position after the
first ``--skip`` plies, labelled with the game's result for black (1, 1/2,
0), and fits one number per arrangement of each two-row band and phase
(``game.engine.patterns``) on top of the hand-written evaluation, which
stays as it is (an offset):

    P(black wins) = 1 / (1 + exp(-c * (eval_black + sum of band values)))

``c`` is first fitted for the evaluation without patterns, then the band
values by gradient descent (Adam) on the log-loss with an L2 pull towards
zero (``--l2``: an arrangement seen a few times stays near zero).  Each
value is tied to its mirror image (turned 180 degrees, colours swapped,
opposite sign), so the evaluation stays colour-symmetric.

Every ``--holdout``-th game is held out; the log-loss on the fitted and
held-out games is printed before and after.  The tables are a proposal:
keep what a match confirms (``tools/match.py depth:6 git:HEAD/depth:6``).
"""

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import game.engine.evaluate  # noqa: E402,F401  (the package attribute is the function)
from game.engine import patterns as P  # noqa: E402

E = sys.modules["game.engine.evaluate"]


def rows_of(states):
    """(base evaluations for black without patterns, band indices, mirror indices)."""
    import numpy as np

    saved = E.pattern_table()
    E.set_pattern_table(None)
    try:
        base = np.array([E.evaluate(bm, bk, wm, wk, True) for bm, bk, wm, wk in states], dtype=float)
    finally:
        E.set_pattern_table(saved)
    tables = P.lookup_tables()
    shifts = [P.shift(b) for b in range(P.BANDS)]
    mirror_of = np.zeros(P.SIZE, dtype=np.int64)
    for ph in range(P.PHASES):
        for b in range(P.BANDS):
            for c in range(P.CONFIGS):
                mb, mc = P.mirror(b, c)
                mirror_of[(ph * P.BANDS + b) * P.CONFIGS + c] = (ph * P.BANDS + mb) * P.CONFIGS + mc
    idx = np.zeros((len(states), P.BANDS), dtype=np.int64)
    for r, (bm, bk, wm, wk) in enumerate(states):
        ob, ow = bm | bk, wm | wk
        off = P.phase((ob | ow).bit_count()) * P.BANDS * P.CONFIGS
        for b in range(P.BANDS):
            blk, wht = tables[b]
            s = shifts[b]
            idx[r, b] = off + blk[ob >> s & 511] + wht[ow >> s & 511]
    return base, idx, mirror_of[idx], mirror_of


def predict(base, idx, midx, w, c):
    import numpy as np

    e = base + w[idx].sum(axis=1) - w[midx].sum(axis=1)
    return 1.0 / (1.0 + np.exp(-np.clip(c * e, -50, 50)))


def logloss(y, p):
    import numpy as np

    eps = 1e-12
    return float(-np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps)))


def fit(base, idx, midx, y, c, l2, iterations, rate):
    """Adam on the mean log-loss plus l2/2 * |w|^2; w in centi-men."""
    import numpy as np

    w = np.zeros(P.SIZE)
    m = np.zeros(P.SIZE)
    v = np.zeros(P.SIZE)
    n = len(y)
    flat, mflat = idx.ravel(), midx.ravel()
    for t in range(1, iterations + 1):
        p = predict(base, idx, midx, w, c)
        r = np.repeat(c * (p - y) / n, P.BANDS)
        g = (np.bincount(flat, weights=r, minlength=P.SIZE)
             - np.bincount(mflat, weights=r, minlength=P.SIZE) + l2 * w)
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        w -= rate * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-12)
    return w


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="+", help="record files of tools/selfplay.py")
    ap.add_argument("--out", default=None, help="write the fitted table here (assets/patterns.bin)")
    ap.add_argument("--holdout", type=int, default=5, help="every N-th game is held out")
    ap.add_argument("--skip", type=int, default=4, help="plies skipped at the start of each game")
    ap.add_argument("--l2", type=float, default=1e-6, help="pull of each value towards zero")
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--rate", type=float, default=0.5, help="Adam step in centi-men")
    args = ap.parse_args(argv)
    try:
        import numpy as np
    except ImportError:
        ap.error("tools/fit_patterns.py needs numpy (pip install numpy: a build-time tool only)")
    from tune import fit_scale, quiet_positions, read_games

    t0 = time.perf_counter()
    games = [g for path in args.games for g in read_games(path)]
    rows = quiet_positions(games, args.skip)
    if not rows:
        ap.error("no quiet positions in those games")
    states = [r[0] for r in rows]
    y = np.array([r[1] for r in rows])
    held = np.array([r[2] % args.holdout == 0 for r in rows])
    base, idx, midx, mirror_of = rows_of(states)
    print(f"{len(games)} games, {len(rows)} quiet positions ({held.sum()} held out), "
          f"read in {time.perf_counter() - t0:.0f} s", flush=True)
    c = fit_scale(base[~held], y[~held])
    w = fit(base[~held], idx[~held], midx[~held], y[~held], c, args.l2, args.iterations, args.rate)
    table = np.rint(w - w[mirror_of]).astype(np.int64)
    table = np.clip(table, -32768, 32767)
    zero = np.zeros(P.SIZE)
    print(f"scale c = {c:.5f}; fitted in {time.perf_counter() - t0:.0f} s")
    for label, mask in (("fitted", ~held), ("held out", held)):
        before = logloss(y[mask], predict(base[mask], idx[mask], midx[mask], zero, c))
        after = logloss(y[mask], predict(base[mask], idx[mask], midx[mask], table / 2.0, c))
        print(f"  {label:9s} log-loss {before:.5f} -> {after:.5f}")
    used = np.unique(idx[~held])
    print(f"arrangements seen {len(used)} of {P.SIZE}; |value| mean {np.abs(table[used]).mean():.1f}, "
          f"max {np.abs(table).max()} centi-men")
    if args.out:
        Path(args.out).write_bytes(P.dumps([int(v) for v in table]))
        print(f"written to {args.out} ({Path(args.out).stat().st_size} bytes)")


if __name__ == "__main__":
    main()
