"""Static evaluation of a raw state, in centi-men from the side to move's view.

Everything is popcounts of masks: one call costs a few dozen bytecodes so
that the search can afford one per leaf.  The per-piece loops (distances)
run only in endgames with few pieces.

Weight provenance: unless a comment says "measured", a weight is
hand-set from checkers lore and untested in isolation; the whole set was
checked only by level-vs-level matches (tools/match.py), not tuned term by
term (there was no time for that).
"""

from ..rules.bitboard import SQUARE_BITS

MAN = 100   # hand-set: the unit
KING = 135  # hand-set: the usual 1.3-1.5 men; lower keeps men from crowning at any price


def _m(*squares):
    m = 0
    for s in squares:
        m |= SQUARE_BITS[s - 1]
    return m


# Rows from black's side: row 0 is squares 1-4 (black's back rank).
ROW = [_m(*range(4 * r + 1, 4 * r + 5)) for r in range(8)]

# Men: back-rank guard (the "bridge" squares 1 and 3 / 30 and 32 keep the
# opponent from crowning cheaply).  Hand-set, untested.
GUARD = 10
B_GUARD = _m(1, 3)
W_GUARD = _m(30, 32)
# Centre control for men: hand-set, untested.
CENTRE = _m(14, 15, 18, 19)
NEAR_CENTRE = _m(10, 11, 22, 23)
MAN_CENTRE, MAN_NEAR = 6, 3
# Advancement: a man close to crowning is worth more (rows 5 and 6 from its
# side).  Hand-set; small on purpose so men don't rush out unsupported.
B_ADV5, B_ADV6 = ROW[5], ROW[6]
W_ADV5, W_ADV6 = ROW[2], ROW[1]
ADV5, ADV6 = 5, 12
# Kings: centre good, edges and single corners bad.  Hand-set.
EDGE = _m(5, 13, 21, 12, 20, 28) | ROW[0] | ROW[7]
SINGLE_CORNER = _m(4, 29)
KING_CENTRE, KING_NEAR, KING_EDGE, KING_CORNER = 10, 5, -6, -10
# Double corners (1,5 and 28,32): where the weaker side's last king hides.
DOUBLE_CORNERS = _m(1, 5, 28, 32)

# coordinates of each bit index, for distances in the endgame
_ROWCOL = {}
for _s in range(1, 33):
    _r = (_s - 1) // 4
    _c = 2 * ((_s - 1) % 4) + (1 if _r % 2 == 0 else 0)
    _ROWCOL[SQUARE_BITS[_s - 1]] = (_r, _c)
del _s, _r, _c


def _coords(mask):
    out = []
    while mask:
        b = mask & -mask
        mask ^= b
        out.append(_ROWCOL[b])
    return out


def _chase(strong_kings, strong_all, weak_all, weak_kings):
    """Endgame bonus for the stronger side: its kings close in on the weaker
    pieces, and the weaker kings are kept out of the double corners.

    Without this the search sees no progress within its horizon and a won
    king endgame is shuffled to a draw.  Hand-set, checked on 2K v 1K and
    3K v 2K positions by hand.
    """
    weak = _coords(weak_all)
    total = 0
    for (r, c) in _coords(strong_kings):
        best = 99
        for (wr, wc) in weak:
            d = abs(r - wr)
            e = abs(c - wc)
            if e > d:
                d = e
            if d < best:
                best = d
        total += best
    # fewer total distance is better; weak kings in double corners are hard to catch
    return -3 * total - 8 * (weak_kings & DOUBLE_CORNERS).bit_count() + 2 * (14 - len(weak) - strong_all.bit_count())


def evaluate(bm, bk, wm, wk, black):
    """Score of the state for the side to move (positive: good for the mover)."""
    nbm = bm.bit_count()
    nbk = bk.bit_count()
    nwm = wm.bit_count()
    nwk = wk.bit_count()
    bmat = MAN * nbm + KING * nbk
    wmat = MAN * nwm + KING * nwk
    s = bmat - wmat
    n = nbm + nbk + nwm + nwk
    # Trading down when ahead: the same lead is worth more with fewer pieces
    # left.  Hand-set (a lead of one man is worth ~+40 more at 4 pieces).
    if s:
        s += s * (24 - n) // 48
    if bm:
        s += (GUARD * (bm & B_GUARD).bit_count() + MAN_CENTRE * (bm & CENTRE).bit_count()
              + MAN_NEAR * (bm & NEAR_CENTRE).bit_count() + ADV5 * (bm & B_ADV5).bit_count()
              + ADV6 * (bm & B_ADV6).bit_count())
    if wm:
        s -= (GUARD * (wm & W_GUARD).bit_count() + MAN_CENTRE * (wm & CENTRE).bit_count()
              + MAN_NEAR * (wm & NEAR_CENTRE).bit_count() + ADV5 * (wm & W_ADV5).bit_count()
              + ADV6 * (wm & W_ADV6).bit_count())
    if bk:
        s += (KING_CENTRE * (bk & CENTRE).bit_count() + KING_NEAR * (bk & NEAR_CENTRE).bit_count()
              + KING_EDGE * (bk & EDGE).bit_count() + KING_CORNER * (bk & SINGLE_CORNER).bit_count())
    if wk:
        s -= (KING_CENTRE * (wk & CENTRE).bit_count() + KING_NEAR * (wk & NEAR_CENTRE).bit_count()
              + KING_EDGE * (wk & EDGE).bit_count() + KING_CORNER * (wk & SINGLE_CORNER).bit_count())
    if n <= 10:
        # endgame: the side ahead with kings hunts (only when clearly ahead)
        if bmat >= wmat + 90 and bk:
            s += _chase(bk, bm | bk, wm | wk, wk)
        elif wmat >= bmat + 90 and wk:
            s -= _chase(wk, wm | wk, bm | bk, bk)
    return s if black else -s
