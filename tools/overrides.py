"""Engine constants and evaluation weights set from a command line, for A/B tests.

``KING=150;GUARD=0`` or ``EXTEND_SINGLE=True;RFP_MARGIN=80``: the text after ``@`` in
a tools/match.py engine (``time:0.2@KING=150``), and the ``--weights`` of
tools/selfplay.py and tools/tune.py.  A name is an evaluation weight
(``evaluate.WEIGHT_NAMES``) or a constant of ``game.engine.search``.
"""

import ast
import sys

import _common  # noqa: F401  (this checkout's game first on sys.path)

_SEARCH_DEFAULTS = {}
_EVAL_DEFAULTS = {}


def parse(text):
    """``{name: value}`` of ``NAME=VALUE;...`` (each value a Python literal); ValueError or SyntaxError."""
    out = {}
    for item in filter(None, text.split(";")):
        name, _, value = item.partition("=")
        out[name.strip()] = ast.literal_eval(value.strip())
    return out


def apply(overrides):
    """Set the constants and weights of one player, before each of its moves.

    Everything not named goes back to its default, so the other player in the same
    process is unaffected (the evaluation's tables are rebaked only when a weight
    changes).  ValueError for a name that is neither a search constant nor a weight.
    """
    import game.engine.evaluate  # noqa: F401  (the package's names are the functions)
    import game.engine.search  # noqa: F401

    S = sys.modules["game.engine.search"]
    E = sys.modules["game.engine.evaluate"]
    if not _EVAL_DEFAULTS:
        _EVAL_DEFAULTS.update(E.weights())
    eval_over = {k: v for k, v in overrides.items() if k in _EVAL_DEFAULTS}
    for name, value in _SEARCH_DEFAULTS.items():
        setattr(S, name, value)
    for name, value in overrides.items():
        if name in eval_over:
            continue
        if not hasattr(S, name):
            raise ValueError(f"{name} is neither a search constant nor an evaluation weight")
        _SEARCH_DEFAULTS.setdefault(name, getattr(S, name))
        setattr(S, name, value)
    E.set_weights(**{**_EVAL_DEFAULTS, **eval_over})
