"""Search parameters and evaluation weights set from a command line, for A/B tests.

``KING=150;GUARD=0`` or ``EXTEND_SINGLE=True;RFP_MARGIN=80``: the text after ``@`` in
a tools/match.py engine (``time:0.2@KING=150``), and the ``--weights`` of
tools/selfplay.py and tools/tune.py.  A name is an evaluation weight
(``evaluate.WEIGHT_NAMES``) or a field of ``search.SearchParams`` in capitals.
The search's are given to a Searcher as one SearchParams (``params``); the
evaluation's are global to the process, and set before each move (``apply``).
"""

import ast

import _common  # noqa: F401  (this checkout's game first on sys.path)

_EVAL_DEFAULTS = {}


def parse(text):
    """``{name: value}`` of ``NAME=VALUE;...`` (each value a Python literal); ValueError or SyntaxError."""
    out = {}
    for item in filter(None, text.split(";")):
        name, _, value = item.partition("=")
        out[name.strip()] = ast.literal_eval(value.strip())
    return out


def params(overrides):
    """The search.SearchParams with the search's names of ``overrides`` set
    (the weights among them left out); ValueError for a name that is neither
    a search parameter nor an evaluation weight."""
    from game.engine import evaluate
    from game.engine.search import DEFAULT_PARAMS

    fields = set(DEFAULT_PARAMS._fields)
    search = {}
    for name, value in overrides.items():
        if name in evaluate.WEIGHT_NAMES:
            continue
        if name.lower() not in fields or name != name.upper():
            raise ValueError(f"{name[:40]!r} is neither a search parameter nor an evaluation weight; the search's "
                             f"are {', '.join(sorted(n.upper() for n in fields))}")
        search[name.lower()] = value
    return DEFAULT_PARAMS._replace(**search)


def apply(overrides):
    """Set the evaluation weights of one player, before each of its moves, and
    return its search.SearchParams (see params).

    Every weight not named goes back to its default, so the other player in
    the same process is unaffected (the evaluation's tables are rebaked only
    when a weight changes).  ValueError for a name that is neither.
    """
    from game.engine import evaluate

    searched = params(overrides)
    if not _EVAL_DEFAULTS:
        _EVAL_DEFAULTS.update(evaluate.weights())
    evaluate.set_weights(**{**_EVAL_DEFAULTS, **{k: v for k, v in overrides.items() if k in _EVAL_DEFAULTS}})
    return searched
