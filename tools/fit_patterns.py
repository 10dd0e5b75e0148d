"""Fit the evaluation's band patterns to deep-search labels: needs numpy.

    python tools/fit_patterns.py LABELS... --out assets/patterns.bin

LABELS are files of tools/label_positions.py (one quiet position a line:
game number, depth-N search score for black, game result, FEN).  The
patterns (``game.engine.patterns``: the arrangement of men in each two-row
band, by phase) are fitted on top of the evaluation without them, which
stays as it is (an offset), by logistic regression on the search scores:

    P = 1 / (1 + exp(-c * (eval_black + patterns)))  against  1 / (1 + exp(-c * label))

``c`` is the scale of the evaluation against the game results.  With
``--shape quad`` (the default) a band's value is the sum of three smaller
patterns, its 2 x 2 blocks of squares (81 arrangements each): fewer
numbers, each seen more often; ``--shape band`` fits all 6561 arrangements
of a band at once.  Each value is tied to its mirror image (the board
turned half round, colours swapped, opposite sign), so the evaluation stays
colour-symmetric; an L2 pull (``--l2``) keeps arrangements seen rarely near
zero.  Adam on the mean log-loss.

Positions are taken once each (the first label of a FEN); every
``--holdout``-th game of each file is held out, and the log-loss on the
fitted and held-out positions is printed before and after, with the
labels' own entropy (the best any evaluation could do).  The table is a
proposal: keep what a match confirms (``tools/match.py time:0.2
time:0.2@PATTERNS=0``).
"""

import argparse
import time
from pathlib import Path

import _common  # noqa: F401  (this checkout's game first on sys.path)
from fitting import fit_figures, fit_scale, read_labels, require_numpy, sigmoid

from game.engine import patterns as P

QUAD_BITS = [(h, h + 1, h + 4, h + 5) for h in range(3)]  # a band's 2 x 2 blocks


def band_bits(x, k):
    """The 8 bits of band k (squares 8k+1 .. 8k+8) of a piece set."""
    return x >> (9 * k) & 255


def digits(c):
    return [c // 3 ** i % 3 for i in range(8)]


def quad_of(c, h):
    d = digits(c)
    return sum(d[b] * 3 ** j for j, b in enumerate(QUAD_BITS[h]))


def mirror_tables():
    """For each band k and arrangement c: the mirror's arrangement (in band 3-k)."""
    return [[P.mirror(k, c)[1] for c in range(P.CONFIGS)] for k in range(P.BANDS)]


def features(states, shape, mirrors):
    """(indices, mirror indices): per position, the fitted numbers its men
    touch, and those its mirror image touches (subtracted)."""
    import numpy as np

    quad = [[quad_of(c, h) for c in range(P.CONFIGS)] for h in range(3)] if shape == "quad" else None
    per_phase = P.BANDS * (3 * 81 if shape == "quad" else P.CONFIGS)
    idx, midx = [], []
    tern = P.TERN
    for bm, bk, wm, wk in states:
        ph = P.phase((bm | bk | wm | wk).bit_count())
        off = ph * per_phase
        row, mrow = [], []
        for k in range(P.BANDS):
            c = tern[band_bits(bm, k)] + 2 * tern[band_bits(wm, k)]
            mk, mc = P.BANDS - 1 - k, mirrors[k][c]
            if shape == "quad":
                for h in range(3):
                    row.append(off + (k * 3 + h) * 81 + quad[h][c])
                    mrow.append(off + (mk * 3 + h) * 81 + quad[h][mc])
            else:
                row.append(off + k * P.CONFIGS + c)
                mrow.append(off + mk * P.CONFIGS + mc)
        idx.append(row)
        midx.append(mrow)
    return np.array(idx), np.array(midx), P.PHASES * per_phase


def fit(base, idx, midx, y, c, size, l2, iterations, rate):
    """Adam on the mean log-loss plus l2/2 |w|^2 (w in centi-men)."""
    import numpy as np

    w, m, v = np.zeros(size), np.zeros(size), np.zeros(size)
    n, per = len(y), idx.shape[1]
    flat, mflat = idx.ravel(), midx.ravel()
    for t in range(1, iterations + 1):
        e = base + w[idx].sum(axis=1) - w[midx].sum(axis=1)
        r = np.repeat(c * (sigmoid(c * e) - y) / n, per)
        g = np.bincount(flat, r, size) - np.bincount(mflat, r, size) + l2 * w
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        w -= rate * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-12)
    return w


def band_table(w, shape, mirrors):
    """The SIZE values of a pattern file from the fitted numbers: each
    band arrangement's value less its mirror's, rounded."""
    quad = [[quad_of(c, h) for c in range(P.CONFIGS)] for h in range(3)] if shape == "quad" else None
    per_phase = P.BANDS * (3 * 81 if shape == "quad" else P.CONFIGS)

    def raw(ph, k, c):
        off = ph * per_phase
        if shape == "quad":
            return sum(w[off + (k * 3 + h) * 81 + quad[h][c]] for h in range(3))
        return w[off + k * P.CONFIGS + c]

    out = []
    for ph in range(P.PHASES):
        for k in range(P.BANDS):
            for c in range(P.CONFIGS):
                v = raw(ph, k, c) - raw(ph, P.BANDS - 1 - k, mirrors[k][c])
                out.append(max(-32768, min(32767, int(round(v)))))
    return out


def _table_eval(states, table):
    """The patterns' part of the evaluation of each state, from a SIZE table."""
    import numpy as np

    tern = P.TERN
    out = np.zeros(len(states))
    for i, (bm, bk, wm, wk) in enumerate(states):
        ph = P.phase((bm | bk | wm | wk).bit_count())
        out[i] = sum(table[(ph * P.BANDS + k) * P.CONFIGS + tern[band_bits(bm, k)] + 2 * tern[band_bits(wm, k)]]
                     for k in range(P.BANDS))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("labels", nargs="+", help="files of tools/label_positions.py")
    ap.add_argument("--out", default=None, help="write the fitted table here (assets/patterns.bin)")
    ap.add_argument("--shape", choices=("quad", "band"), default="quad")
    ap.add_argument("--holdout", type=int, default=5, help="every N-th game of each file is held out")
    ap.add_argument("--l2", type=float, default=1e-7, help="pull of each number towards zero")
    ap.add_argument("--iterations", type=int, default=600)
    ap.add_argument("--rate", type=float, default=0.5, help="Adam step in centi-men")
    args = ap.parse_args(argv)
    np = require_numpy(ap)
    from game.engine import evaluate as ev

    t0 = time.perf_counter()
    rows, seen = [], set()
    for path in args.labels:
        if not Path(path).is_file():
            ap.error(f"no such labels file: {path}")
        for state, result, gi, score in read_labels(path):
            if state not in seen:
                seen.add(state)
                rows.append((state, result, gi % args.holdout == 0, score))
    if not rows:
        ap.error("no labelled positions in those files")
    states = [r[0] for r in rows]
    saved = ev.weights()["PATTERNS"]
    ev.set_weights(PATTERNS=0)
    try:
        base = np.array([ev.evaluate(*s, True) for s in states], dtype=float)
    finally:
        ev.set_weights(PATTERNS=saved)
    # the evaluation as shipped, to say whether the new table is better than the old one
    shipped = np.array([ev.evaluate(*s, True) for s in states], dtype=float)
    result = np.array([r[1] for r in rows])
    held = np.array([r[2] for r in rows])
    label = np.array([r[3] for r in rows], dtype=float)
    c = fit_scale(base[~held], result[~held])
    y = sigmoid(c * label)
    mirrors = mirror_tables()
    idx, midx, size = features(states, args.shape, mirrors)
    print(f"{len(rows)} positions ({held.sum()} held out), shape {args.shape}: {size} numbers; "
          f"scale c = {c:.5f}; read in {time.perf_counter() - t0:.0f} s", flush=True)
    w = fit(base[~held], idx[~held], midx[~held], y[~held], c, size, args.l2, args.iterations, args.rate)
    table = band_table(w, args.shape, mirrors)
    extra = _table_eval(states, table)
    print(f"fitted in {time.perf_counter() - t0:.0f} s (l2 {args.l2:g})")
    for name, mask in (("fitted", ~held), ("held out", held)):
        before = fit_figures(y[mask], sigmoid(c * base[mask]))[0]
        after = fit_figures(y[mask], sigmoid(c * (base[mask] + extra[mask])))[0]
        entropy = fit_figures(y[mask], y[mask])[0]
        now = fit_figures(y[mask], sigmoid(c * shipped[mask]))[0]
        print(f"  {name:9s} log-loss {before:.5f} -> {after:.5f} (the labels' entropy {entropy:.5f}; "
              f"with the shipped patterns {now:.5f})")
    used = np.abs(extra)
    print(f"pattern part of the evaluation: mean |value| {used.mean():.1f}, max {used.max():.0f} centi-men")
    if args.out:
        P.write(args.out, table)
        print(f"written to {args.out} ({Path(args.out).stat().st_size} bytes)")


if __name__ == "__main__":
    main()
