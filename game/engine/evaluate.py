"""Static evaluation of a raw state, in centi-men from the side to move's view:
its weights, and the tables baked from them.

The evaluation itself is written once, in the search core
(``evaluation.Evaluation``, compiled when the core is built): ``evaluate``
here is that one, on the tables baked from the current weights
(``core_tables``).  Everything is popcounts of masks and table lookups, so
that the search can afford one per leaf; the per-piece loops run over few
pieces: the men in the far half (runaways), and the kings of endgames with
few pieces (distances).  Its readable reference, term by term, is
tests/reference_eval.py.

Where the weights come from.  The terms were chosen by hand from checkers
lore.  Their values are fitted by ``tools/tune.py --labels`` to what the
engine's own depth-12 search makes of quiet positions of self-play games
(``tools/label_positions.py``): a deeper search's score says more of a
position than the result of a shallow game does.  MOBILITY, RUNAWAY and
KING_END were added because they predicted those scores best among the
cheap terms tried; the others tried added too little to pay for their cost.
The band patterns (game.engine.patterns, PATTERNS) are fitted on top of the
terms by ``tools/fit_patterns.py`` to positions of the engine's match games
labelled the same way.  Every fit was kept only when the engine with it won
its match against the engine without it: a better fit is not always a
stronger engine.  The fits, the matches and the values tried are in
docs/measurements.md.
"""

from __future__ import annotations

import sys
from typing import Any

from ..rules.bitboard import SQUARE_BITS
from . import corebuild
from . import patterns as _patterns

MAN = 100   # the unit
# KING: fitted (see the module docstring); within the usual 1.3-1.5 men of
# checkers lore (the matches within that range are in docs/measurements.md).
# Lower would keep men from crowning at any price.
KING = 139


def _m(*squares: int) -> int:
    m = 0
    for s in squares:
        m |= SQUARE_BITS[s - 1]
    return m


# Rows from black's side: row 0 is squares 1-4 (black's back rank).
ROW = [_m(*range(4 * r + 1, 4 * r + 5)) for r in range(8)]

# Men: back-rank guard (the "bridge" squares 1 and 3 / 30 and 32 keep the
# opponent from crowning cheaply).  Fitted; without it the engine lost
# clearly, so the guard earns its place.
GUARD = 18
B_GUARD = _m(1, 3)
W_GUARD = _m(30, 32)
# Centre control for men: fitted small (the per-square table below carries
# what is left of it).
CENTRE = _m(14, 15, 18, 19)
NEAR_CENTRE = _m(10, 11, 22, 23)
MAN_CENTRE, MAN_NEAR = -2, 1
# Advancement: a man close to crowning is worth more (rows 5 and 6 from its
# side).  Fitted; small, so men don't rush out unsupported.
B_ADV5, B_ADV6 = ROW[5], ROW[6]
W_ADV5, W_ADV6 = ROW[2], ROW[1]
ADV5, ADV6 = 8, 13
# Kings: centre good, edges and single corners bad (fitted; the signs are
# the lore's).
EDGE = _m(5, 13, 21, 12, 20, 28) | ROW[0] | ROW[7]
SINGLE_CORNER = _m(4, 29)
KING_CENTRE, KING_NEAR, KING_EDGE, KING_CORNER = 10, 6, -2, -11
# Double corners (1,5 and 28,32): where the weaker side's last king hides.
DOUBLE_CORNERS = _m(1, 5, 28, 32)
# Per-square corrections for men and kings, on top of the terms above, as
# black sees the board (entry s-1 for black's piece on square s; a white
# piece on s uses entry 32-s, the same square from white's side, so the
# evaluation stays colour-symmetric).  Fitted by tools/tune.py (a few
# centi-men each; black's back-rank men 1-3 and the side square 21 gain, 28
# loses); baked into the same tables, so they cost nothing at run time.
MAN_SQUARE = (
      3,   3,   4,  -2,  # squares 1-4
      1,   1,   1,  -1,  # squares 5-8
     -2,   1,  -1,   1,  # squares 9-12
      1,  -1,  -1,   0,  # squares 13-16
      0,  -2,  -1,  -1,  # squares 17-20
      4,   0,  -2,   0,  # squares 21-24
      1,   0,   1,  -4,  # squares 25-28
      0,   0,   0,   0,  # squares 29-32
)
KING_SQUARE = (
      1,   0,   0,   0,  # squares 1-4
      2,   0,   0,   0,  # squares 5-8
      1,   0,  -1,   0,  # squares 9-12
      0,  -1,   0,  -1,  # squares 13-16
     -1,   0,  -2,  -1,  # squares 17-20
      0,   0,   0,   0,  # squares 21-24
     -2,   1,   2,   2,  # squares 25-28
     -2,   0,   0,   2,  # squares 29-32
)

# Terms beyond the piece-square tables, each cheap in bit operations (see
# the module docstring for how they were chosen and fitted):
# MOBILITY: per quiet move a side has (black's less white's).
# RUNAWAY: per man in the far half with no enemy piece anywhere ahead of it
#   on its way to the crown (nothing can meet it in time unless it is
#   already in the way).  Set above its fitted value: the fit learns from
#   searches that already see most crownings, while in play the engine lost
#   most often after letting the opponent crown first, and matches scored
#   the larger weight better.
# KING_END: per king more than the opponent's, times the share of the 24
#   pieces already gone: kings grow in value as the board empties.
MOBILITY, RUNAWAY, KING_END = 7, 20, 3
# PATTERNS: the share (in per cent) of the fitted band patterns counted
# (see game.engine.patterns; 0 turns them off, for A/B matches).
PATTERNS = 100

# coordinates of each bit index, for distances in the endgame
_ROWCOL = {}
for _s in range(1, 33):
    _r = (_s - 1) // 4
    _c = 2 * ((_s - 1) % 4) + (1 if _r % 2 == 0 else 0)
    _ROWCOL[SQUARE_BITS[_s - 1]] = (_r, _c)
del _s, _r, _c


# For each square's bit: every square a black (white) man there could pass
# through on its way to the crown; and the far half of the board for each.
_AHEAD_B, _AHEAD_W = {}, {}
for _b, (_r, _c) in _ROWCOL.items():
    _AHEAD_B[_b] = sum(b for b, (r, c) in _ROWCOL.items() if r > _r and abs(c - _c) <= r - _r)
    _AHEAD_W[_b] = sum(b for b, (r, c) in _ROWCOL.items() if r < _r and abs(c - _c) <= _r - r)
del _b, _r, _c
FAR_B = sum(SQUARE_BITS[16:28])  # black men on squares 17-28 (rows 4-6 from black's side)
FAR_W = sum(SQUARE_BITS[4:16])   # white men on squares 5-16


# For each square's bit: the squares within king distance 1, 2, ... 7 of it
# (rows and columns apart, whichever is more), as masks.
_NEAR = {}
for _b, (_r, _c) in _ROWCOL.items():
    _NEAR[_b] = tuple(sum(b for b, (r, c) in _ROWCOL.items() if max(abs(r - _r), abs(c - _c)) <= d)
                      for d in range(1, 8))
del _b, _r, _c


def _pst(table_of_square: dict[int, int]) -> list[list[int]]:
    """Per-chunk lookup tables for a square->value table: the 35-bit board
    splits into four 9-bit chunks, so a whole piece set is scored with four
    shifts and four list lookups instead of a dozen popcounts."""
    chunks = []
    for k in range(4):
        t = [0] * 512
        for v in range(1, 512):
            low = v & -v  # built from the table entry without the lowest bit
            sq = _SQUARE_OF_BIT.get(low << (9 * k))
            t[v] = t[v ^ low] + (table_of_square[sq] if sq else 0)
        chunks.append(t)
    return chunks


_SQUARE_OF_BIT = {b: i + 1 for i, b in enumerate(SQUARE_BITS)}
PHASE_SPLIT = _patterns.PHASE_SPLIT
# Every arrangement of men in a band: (table index, black's bits, white's
# bits, arrangement), the same for every rebake of the tables.
_BAND_PAIRS = [(b8 | w8 << 8, b8, w8, _patterns.config(b8, w8))
               for b8 in range(256) for w8 in range(256) if not b8 & w8]


def _scaled(v: int) -> int:
    """A pattern value times PATTERNS per cent, rounded toward zero (alike for either colour)."""
    return v * PATTERNS // 100 if v >= 0 else -(-v * PATTERNS // 100)


def _value(square: int, mask_weights: list[tuple[int, int]], base: int) -> int:
    b = SQUARE_BITS[square - 1]
    return base + sum(w for m, w in mask_weights if m & b)


# The weights that set_weights() may change (all baked into the tables below).
WEIGHT_NAMES = ("MAN", "KING", "GUARD", "MAN_CENTRE", "MAN_NEAR", "ADV5", "ADV6",
                "KING_CENTRE", "KING_NEAR", "KING_EDGE", "KING_CORNER", "MAN_SQUARE", "KING_SQUARE",
                "MOBILITY", "RUNAWAY", "KING_END", "PATTERNS")
SQUARE_TABLES = ("MAN_SQUARE", "KING_SQUARE")  # the weights that are 32 numbers, one per square


# The baked tables, set by _build_tables(): the men of each two-row band by
# phase (_MA*: more than PHASE_SPLIT pieces, _MB*: the rest), and the kings
# by 9-bit chunk of the board (_BK* black's, _WK* white's).
_MA0 = _MA1 = _MA2 = _MA3 = _MB0 = _MB1 = _MB2 = _MB3 = None
_BK0 = _BK1 = _BK2 = _BK3 = _WK0 = _WK1 = _WK2 = _WK3 = None


_evaluation: list[Any] = [None]  # evaluate()'s Evaluation, on the tables baked last (None: make it)


def _build_tables() -> None:
    """(Re)bake the piece-square tables from the current module weights."""
    g = globals()
    _evaluation[0] = None
    bm_w = [(B_GUARD, GUARD), (CENTRE, MAN_CENTRE), (NEAR_CENTRE, MAN_NEAR), (B_ADV5, ADV5), (B_ADV6, ADV6)]
    wm_w = [(W_GUARD, GUARD), (CENTRE, MAN_CENTRE), (NEAR_CENTRE, MAN_NEAR), (W_ADV5, ADV5), (W_ADV6, ADV6)]
    k_w = [(CENTRE, KING_CENTRE), (NEAR_CENTRE, KING_NEAR), (EDGE, KING_EDGE), (SINGLE_CORNER, KING_CORNER)]
    # black's view: white tables hold negative values
    ms, ks = MAN_SQUARE, KING_SQUARE
    g["_BM0"], g["_BM1"], g["_BM2"], g["_BM3"] = _pst({s: _value(s, bm_w, MAN) + ms[s - 1] for s in range(1, 33)})
    g["_WM0"], g["_WM1"], g["_WM2"], g["_WM3"] = _pst({s: -_value(s, wm_w, MAN) - ms[32 - s] for s in range(1, 33)})
    g["_BK0"], g["_BK1"], g["_BK2"], g["_BK3"] = _pst({s: _value(s, k_w, KING) + ks[s - 1] for s in range(1, 33)})
    g["_WK0"], g["_WK1"], g["_WK2"], g["_WK3"] = _pst({s: -_value(s, k_w, KING) - ks[32 - s] for s in range(1, 33)})
    # The men of each two-row band together, both colours in one index
    # (black's 8 bits, then white's above them): their squares' values and
    # the band's pattern value for its arrangement, by phase.
    table = _patterns.load()
    shared: dict[int, int] = {}
    for ph, names in enumerate((("_MA0", "_MA1", "_MA2", "_MA3"), ("_MB0", "_MB1", "_MB2", "_MB3"))):
        for k, name in enumerate(names):
            bt, wt = g[f"_BM{k}"], g[f"_WM{k}"]
            pv = _patterns.values(table, ph, k)
            t = [0] * 65536
            for index, b8, w8, c in _BAND_PAIRS:
                v = bt[b8] + wt[w8] + _scaled(pv[c])
                # one int object per value: the tables' entries share them, so a
                # lookup touches fewer cache lines (docs/measurements.md has the
                # evaluation's time without it)
                t[index] = shared.setdefault(v, v)
            g[name] = t


def weights() -> dict[str, Any]:
    """The current evaluation weights, by name."""
    g = globals()
    return {name: g[name] for name in WEIGHT_NAMES}


class UnknownWeightError(ValueError):
    """A weight name that is not one of WEIGHT_NAMES (quoted in the message)."""


class BadWeightError(ValueError):
    """A weight value of the wrong shape (quoted in the message)."""


def set_weights(**new: Any) -> None:
    """Change evaluation weights by name (A/B matches: tools/match.py
    ``time:0.1@KING=150``) and rebake the tables; evaluate() itself is
    unchanged.  Unknown names raise UnknownWeightError before anything
    changes; a call that changes nothing is free."""
    unknown = sorted(set(new) - set(WEIGHT_NAMES))
    if unknown:
        raise UnknownWeightError(f"not an evaluation weight: {', '.join(repr(n[:40]) for n in unknown)}; "
                                 f"the weights are {', '.join(WEIGHT_NAMES)}")
    for name in SQUARE_TABLES:
        if name in new:
            table = tuple(new[name])
            if len(table) != 32 or not all(isinstance(v, int) for v in table):
                raise BadWeightError(f"{name} takes 32 whole numbers, one per square, not {str(new[name])[:60]!r}")
            new[name] = table
    g = globals()
    if all(g[k] == v for k, v in new.items()):
        return
    g.update(new)
    _build_tables()


_build_tables()


def evaluate(bm: int, bk: int, wm: int, wk: int, black: bool) -> int:
    """Score of the state for the side to move (positive: good for the mover).

    This is the search core's evaluation (evaluation.Evaluation: compiled
    when the core is built) on the tables baked from the current weights:
    the evaluation is written once, there.  Its readable reference, term by
    term, is tests/reference_eval.py."""
    ev = _evaluation[0]
    if ev is None:
        ev = _make_evaluation()
    score: int = ev.evaluate(bm, bk, wm, wk, black)
    return score


def _make_evaluation() -> Any:
    """The core's Evaluation on the current tables, of the core this process
    runs (corebuild's choice, made once per process)."""
    core, _why = corebuild.chosen()
    evaluation = sys.modules[f"{core.__name__.rpartition('.')[0]}.evaluation"]
    _evaluation[0] = evaluation.Evaluation(core_tables())
    return _evaluation[0]


_core_tables: list[Any] = [None, None]  # the _MA0 they were made from, the tables


def core_tables() -> dict[str, Any]:
    """The evaluation as the search core reads it (core.Core.set_tables): the
    weights and the baked tables, with the per-square masks indexed by bit
    index + 1.  Made again after set_weights has rebaked the tables."""
    if _core_tables[0] is _MA0:
        made: dict[str, Any] = _core_tables[1]
        return made
    ahead_b, ahead_w, near = [0] * 36, [0] * 36, [0] * (36 * 7)
    for b, m in _AHEAD_B.items():
        ahead_b[b.bit_length()] = m
    for b, m in _AHEAD_W.items():
        ahead_w[b.bit_length()] = m
    for b, rings in _NEAR.items():
        for d, m in enumerate(rings):
            near[b.bit_length() * 7 + d] = m
    tables = {
        "MA": (_MA0, _MA1, _MA2, _MA3), "MB": (_MB0, _MB1, _MB2, _MB3), "BK": (_BK0, _BK1, _BK2, _BK3),
        "WK": (_WK0, _WK1, _WK2, _WK3), "AHEAD_B": ahead_b, "AHEAD_W": ahead_w, "NEAR": near,
        "PHASE_SPLIT": PHASE_SPLIT, "MAN": MAN, "KING": KING, "MOBILITY": MOBILITY, "RUNAWAY": RUNAWAY,
        "KING_END": KING_END, "FAR_B": FAR_B, "FAR_W": FAR_W, "DOUBLE_CORNERS": DOUBLE_CORNERS,
    }
    _core_tables[:] = [_MA0, tables]
    return tables
