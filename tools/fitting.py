"""The fitting core of the weight fitters (tools/tune.py, tools/fit_patterns.py) and their data.

Data: the game records of tools/selfplay.py (``read_games``), their quiet positions
(``quiet_positions``, which tools/label_positions.py scores), and the labelled
positions it writes (``read_labels``).  A bad line is named in a SystemExit.

Fitting: both fitters predict P(black wins) = sigmoid(c * evaluation) and compare
it with a label by log-loss; ``fit_scale`` finds the scale ``c`` that best fits
the game results, ``fit_figures`` gives the log-loss and mean squared error.
These need numpy (``require_numpy``); the readers do not.
"""

import math

import _common  # noqa: F401  (this checkout's game first on sys.path)

from game.rules import Position

RESULTS = {"B": 1.0, "W": 0.0, "D": 0.5}  # a game record's first word: the result for black


def read_games(path):
    """[(result for black, start Position, [move texts])]; bad lines are named."""
    from game.textfile import read_text

    out = []
    for n, line in enumerate(read_text(path, limit=1 << 30, what="games file").splitlines(), 1):
        parts = line.split()
        if not parts:
            continue
        if parts[0] not in RESULTS or len(parts) < 2:
            raise SystemExit(f"{path}:{n}: not a game record: {line[:60]!r}")
        out.append((RESULTS[parts[0]], Position.from_fen(parts[1]), parts[2:]))
    return out


def quiet_positions(games, skip, every=1, stride=1):
    """[(game number, result for black, Position)]: the positions before each move after
    the first ``skip`` plies where the side to move has no capture, of every
    ``every``-th game, one in ``stride`` along a game.  A move that is not legal is
    named in a SystemExit."""
    out = []
    for gi, (result, pos, moves) in enumerate(games):
        if gi % every:
            continue
        taken = 0
        for ply, text in enumerate(moves):
            legal = {str(m): m for m in pos.legal_moves()}
            if ply >= skip and legal and not pos.has_capture():
                if taken % stride == 0:
                    out.append((gi, result, pos))
                taken += 1
            if text not in legal:
                raise SystemExit(f"game {gi + 1}: {text} is not legal in {pos.fen()}")
            pos = pos.play(legal[text])
    return out


def read_labels(path):
    """[(state tuple, result for black, game number, search score for black)]
    of a tools/label_positions.py file; bad lines are named."""
    from game.textfile import read_text

    out = []
    for n, line in enumerate(read_text(path, limit=1 << 30, what="labels file").splitlines(), 1):
        parts = line.split()
        if not parts:
            continue
        try:
            gi, score, result = int(parts[0]), int(parts[1]), float(parts[2])
            state = Position.from_fen(parts[3]).state[:4]
        except (ValueError, IndexError):
            raise SystemExit(f"{path}:{n}: not a labelled position: {line[:60]!r}") from None
        out.append((state, result, gi, score))
    return out


def require_numpy(parser):
    """numpy, or the parser's error (exit 2) saying the tool needs it."""
    try:
        import numpy
    except ImportError:
        parser.error(f"tools/{parser.prog} needs numpy (pip install numpy: a build-time tool only)")
    return numpy


def sigmoid(x):
    import numpy as np

    return 1.0 / (1.0 + np.exp(-np.clip(x, -50, 50)))


def fit_figures(y, p):
    """(log-loss, mean squared error) of the predictions ``p`` against the labels ``y``."""
    import numpy as np

    eps = 1e-12
    logloss = -np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps))
    return logloss, np.mean((y - p) ** 2)


def fit_scale(e, y):
    """The c minimising the log-loss of sigmoid(c * e): golden-section search."""
    lo, hi = 1e-4, 0.1
    g = (math.sqrt(5) - 1) / 2

    def loss(c):
        return fit_figures(y, sigmoid(c * e))[0]

    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    for _ in range(60):
        if loss(a) < loss(b):
            hi = b
        else:
            lo = a
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    return (lo + hi) / 2
