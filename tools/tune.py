"""Fit the evaluation weights to game results ("Texel" tuning): needs numpy.

    python tools/tune.py /tmp/selfplay.txt [--fit KING,GUARD,ADV5] [--holdout 5]

Reads the games of tools/selfplay.py, takes every quiet position (the side
to move has no capture) after the first ``--skip`` plies, labelled with the
game's result for black (1, 1/2, 0), and fits

    P(black wins) = 1 / (1 + exp(-c * eval_black(position)))

by logistic regression (log-loss, soft labels): first the scale ``c`` for
the current weights, then the weights named by ``--fit`` with ``c`` fixed
(MAN stays 100: it is the unit).  The evaluation is linear in its weights
(the trade-down share is linear in MAN and KING up to rounding), so each
weight's feature is found from the evaluation itself: the change of the
score per unit of that weight, with every other term (the endgame chase)
left in a fixed offset.  Whatever terms evaluate.py grows, a new name in
WEIGHT_NAMES is fitted the same way.

Every ``--holdout``-th game is held out: the fit is printed on the games
fitted and on the held-out ones, before and after (log-loss and the mean
squared error of the predicted score), with the new weights rounded.  The
weights are only a proposal: keep what an A/B match confirms
(tools/match.py ``depth:6@KING=128;GUARD=12 depth:6``).

With ``--labels`` (files of tools/label_positions.py) the positions are
those, and each one's label is what a deeper search made of it: the
probability sigmoid(c * search score), with ``c`` the scale that best fits
the game results under the current weights; ``--mix`` blends in the
game result (0: the search score alone, 1: the result alone).
"""

import argparse
import sys

import _common  # noqa: F401  (this checkout's game first on sys.path)
import overrides
from fitting import fit_figures, fit_scale, quiet_positions, read_games, read_labels, require_numpy, sigmoid

import game.engine.evaluate  # noqa: F401  (the package attribute is the function)

E = sys.modules["game.engine.evaluate"]


def parameters(names):
    """[(name, index)]: a scalar weight is (name, None); a square table
    (MAN_SQUARE, KING_SQUARE) is 32 parameters, one per square."""
    out = []
    for name in names:
        if name in E.SQUARE_TABLES:
            out.extend((name, i) for i in range(32))
        else:
            out.append((name, None))
    return out


def _get(weights, param):
    name, i = param
    return weights[name] if i is None else weights[name][i]


def _with(weights, param, value):
    name, i = param
    if i is None:
        return {**weights, name: value}
    table = list(weights[name])
    table[i] = value
    return {**weights, name: tuple(table)}


def features(states, params, step=100):
    """(offset, matrix, current values): eval_black = offset + matrix @ values."""
    import numpy as np

    base = E.weights()

    def scores():
        return np.array([E.evaluate(bm, bk, wm, wk, True) for bm, bk, wm, wk in states], dtype=float)

    try:
        e0 = scores()
        cols = []
        for param in params:
            E.set_weights(**_with(base, param, _get(base, param) + step))
            cols.append((scores() - e0) / step)
            E.set_weights(**base)
    finally:
        E.set_weights(**base)
    F = np.column_stack(cols) if cols else np.zeros((len(states), 0))
    w0 = np.array([_get(base, p) for p in params], dtype=float)
    return e0 - F @ w0, F, w0


def override_text(params, values):
    """The fitted weights as a tools/match.py override (``KING=130;MAN_SQUARE=(...)``)."""
    weights = E.weights()
    for p, v in zip(params, values):
        weights = _with(weights, p, int(round(v)))
    names = list(dict.fromkeys(name for name, _ in params))
    return ";".join(f"{n}={weights[n]!r}".replace(" ", "") for n in names)


def fit_weights(offset, F, y, c, w0, ridge=1e-5, iterations=50):
    """Newton's method on the log-loss of sigmoid(c * (offset + F w)); a small
    ridge towards the current weights keeps rarely seen terms where they are."""
    import numpy as np

    w = w0.copy()
    n = len(y)
    for _ in range(iterations):
        p = sigmoid(c * (offset + F @ w))
        grad = c * F.T @ (p - y) / n + ridge * (w - w0)
        h = (c * c) * (F.T * (p * (1 - p))) @ F / n + ridge * np.eye(len(w))
        step = np.linalg.solve(h, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-3:
            break
    return w


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", help="record files of tools/selfplay.py")
    ap.add_argument("--labels", nargs="+", default=[], metavar="FILE",
                    help="positions labelled by tools/label_positions.py instead of games")
    ap.add_argument("--mix", type=float, default=0.0,
                    help="with --labels: the share of the game result in each label (0-1)")
    ap.add_argument("--fit", default=",".join(n for n in E.WEIGHT_NAMES if n != "MAN" and n not in E.SQUARE_TABLES),
                    help="weights to fit, comma separated (default: the scalar ones but MAN; "
                         "MAN_SQUARE and KING_SQUARE are 32 numbers each, one per square)")
    ap.add_argument("--holdout", type=int, default=5, help="every N-th game is held out")
    ap.add_argument("--skip", type=int, default=4, help="plies skipped at the start of each game")
    ap.add_argument("--ridge", type=float, default=1e-5, help="pull towards the current weights")
    ap.add_argument("--weights", default="", help="start from these weights instead of evaluate.py's, "
                                                   "as in tools/match.py: 'KING=130;GUARD=15'")
    args = ap.parse_args(argv)
    try:
        E.set_weights(**overrides.parse(args.weights))
    except (ValueError, SyntaxError) as e:
        ap.error(f"--weights: {e}")
    np = require_numpy(ap)
    names = [n.strip() for n in args.fit.split(",") if n.strip()]
    unknown = [n for n in names if n not in E.WEIGHT_NAMES]
    if unknown or "MAN" in names:
        ap.error(f"cannot fit {', '.join(unknown or ['MAN'])}: choose among "
                 f"{', '.join(n for n in E.WEIGHT_NAMES if n != 'MAN')}")
    if bool(args.games) == bool(args.labels):
        ap.error("give either game records or --labels files")
    if not 0 <= args.mix <= 1:
        ap.error(f"--mix takes a share from 0 to 1, not {args.mix}")
    if args.labels:
        rows = [r for path in args.labels for r in read_labels(path)]
        games = sorted({r[2] for r in rows})
    else:
        games = [g for path in args.games for g in read_games(path)]
        rows = [(pos.state[:4], result, gi) for gi, result, pos in quiet_positions(games, args.skip)]
    if not rows:
        ap.error("no quiet positions in those games")
    states = [r[0] for r in rows]
    y = np.array([r[1] for r in rows])
    held = np.array([r[2] % args.holdout == 0 for r in rows])
    params = parameters(names)
    offset, F, w0 = features(states, params)
    e0 = offset + F @ w0
    c = fit_scale(e0[~held], y[~held])
    results = y
    if args.labels:
        # the label: what the deeper search expects, on the results' scale
        searched = sigmoid(c * np.array([r[3] for r in rows], dtype=float))
        y = args.mix * y + (1 - args.mix) * searched
    w = fit_weights(offset[~held], F[~held], y[~held], c, w0, ridge=args.ridge)
    e1 = offset + F @ w
    print(f"{len(games)} games, {len(rows)} quiet positions ({held.sum()} held out), scale c = {c:.5f}")
    for label, mask in (("fitted", ~held), ("held out", held)):
        b_ll, b_mse = fit_figures(y[mask], sigmoid(c * e0[mask]))
        a_ll, a_mse = fit_figures(y[mask], sigmoid(c * e1[mask]))
        print(f"  {label:9s} log-loss {b_ll:.5f} -> {a_ll:.5f}   MSE {b_mse:.5f} -> {a_mse:.5f}")
    if args.labels:
        # the honest test of labels from search: do the new weights also
        # predict the held-out games' results better?
        b_ll, b_mse = fit_figures(results[held], sigmoid(c * e0[held]))
        a_ll, a_mse = fit_figures(results[held], sigmoid(c * e1[held]))
        print(f"  held-out game results: log-loss {b_ll:.5f} -> {a_ll:.5f}   MSE {b_mse:.5f} -> {a_mse:.5f}")
    print("weights (current -> fitted):")
    for (n, i), a, b in zip(params, w0, w):
        label = n if i is None else f"{n}[{i + 1}]"
        print(f"  {label:16s} {a:6.0f} -> {b:7.1f}")
    print("as a match override: " + override_text(params, w))


if __name__ == "__main__":
    main()
