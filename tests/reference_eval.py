"""The evaluation written out term by term: the readable reference of the one
the engine plays with (game/engine/evaluation.py, on the tables that
game/engine/evaluate.py bakes), as tests/test_search_reference.py holds the
reference search.  Slow (popcounts, square by square, the rules' move
generator for mobility) and plain: the tests check that the fast one gives
the same integers on every position they try, with every weight set.

It reads the current weights of game.engine.evaluate, so a test that calls
set_weights checks the rebaked tables against it.
"""

from game.engine import evaluate as E
from game.engine import patterns as P
from game.rules.bitboard import SQUARE_BITS, quiet_moves


def chase(strong_kings, strong_all, weak_all, weak_kings):
    """Endgame bonus for the stronger side: its kings close in on the weaker
    pieces, and the weaker kings are kept out of the double corners."""
    total = 0
    kings = strong_kings
    while kings:
        b = kings & -kings
        kings ^= b
        # the distance to the nearest weaker piece: the first ring that holds one
        d = 1
        for ring in E._NEAR[b]:
            if ring & weak_all:
                break
            d += 1
        else:
            d = 99  # (no weaker piece at all)
        total += d
    # fewer total distance is better; weak kings in double corners are hard to catch
    return (-3 * total - 8 * (weak_kings & E.DOUBLE_CORNERS).bit_count()
            + 2 * (14 - weak_all.bit_count() - strong_all.bit_count()))


def evaluate_reference(bm, bk, wm, wk, black):
    """The score of the state for the side to move, in centi-men."""
    bm_count = bm.bit_count()
    bk_count = bk.bit_count()
    wm_count = wm.bit_count()
    wk_count = wk.bit_count()
    bmat = E.MAN * bm_count + E.KING * bk_count
    wmat = E.MAN * wm_count + E.KING * wk_count
    s = bmat - wmat
    n = bm_count + bk_count + wm_count + wk_count
    # Trading down when ahead: the same lead is worth more with fewer pieces
    # left (rounded toward zero, alike for either colour).
    if s and n <= 16:
        t = abs(s) * (24 - n) // 48
        s += t if s > 0 else -t
    if bm:
        s += (E.GUARD * (bm & E.B_GUARD).bit_count() + E.MAN_CENTRE * (bm & E.CENTRE).bit_count()
              + E.MAN_NEAR * (bm & E.NEAR_CENTRE).bit_count() + E.ADV5 * (bm & E.B_ADV5).bit_count()
              + E.ADV6 * (bm & E.B_ADV6).bit_count())
    if wm:
        s -= (E.GUARD * (wm & E.W_GUARD).bit_count() + E.MAN_CENTRE * (wm & E.CENTRE).bit_count()
              + E.MAN_NEAR * (wm & E.NEAR_CENTRE).bit_count() + E.ADV5 * (wm & E.W_ADV5).bit_count()
              + E.ADV6 * (wm & E.W_ADV6).bit_count())
    if bk:
        s += (E.KING_CENTRE * (bk & E.CENTRE).bit_count() + E.KING_NEAR * (bk & E.NEAR_CENTRE).bit_count()
              + E.KING_EDGE * (bk & E.EDGE).bit_count() + E.KING_CORNER * (bk & E.SINGLE_CORNER).bit_count())
    if wk:
        s -= (E.KING_CENTRE * (wk & E.CENTRE).bit_count() + E.KING_NEAR * (wk & E.NEAR_CENTRE).bit_count()
              + E.KING_EDGE * (wk & E.EDGE).bit_count() + E.KING_CORNER * (wk & E.SINGLE_CORNER).bit_count())
    # the fitted per-square corrections, white's seen from its own side
    for sq in range(1, 33):
        b = SQUARE_BITS[sq - 1]
        if bm & b:
            s += E.MAN_SQUARE[sq - 1]
        elif bk & b:
            s += E.KING_SQUARE[sq - 1]
        elif wm & b:
            s -= E.MAN_SQUARE[32 - sq]
        elif wk & b:
            s -= E.KING_SQUARE[32 - sq]
    # band patterns of the men, square by square
    table = P.load()
    ph = P.phase(n)
    for k in range(P.BANDS):
        c = 0
        for i in range(8):
            b = SQUARE_BITS[8 * k + i]
            c += 3 ** i * (1 if bm & b else 2 if wm & b else 0)
        v = P.values(table, ph, k)[c]
        s += v * E.PATTERNS // 100 if v >= 0 else -(-v * E.PATTERNS // 100)
    # mobility: the squares each side's pieces can step to, from its quiet moves
    steps = {colour: {(m[0], m[1]) for m in quiet_moves(bm, bk, wm, wk, colour)} for colour in (True, False)}
    s += E.MOBILITY * (len(steps[True]) - len(steps[False]))
    # kings grow in value as the board empties
    kd = bk_count - wk_count
    if kd:
        t = E.KING_END * (24 - n) * abs(kd) // 24
        s += t if kd > 0 else -t
    # runaways: men in the far half with no enemy piece anywhere ahead
    for sq in range(17, 29):
        b = SQUARE_BITS[sq - 1]
        if bm & b and not E._AHEAD_B[b] & (wm | wk):
            s += E.RUNAWAY
    for sq in range(5, 17):
        b = SQUARE_BITS[sq - 1]
        if wm & b and not E._AHEAD_W[b] & (bm | bk):
            s -= E.RUNAWAY
    if n <= 10:
        # endgame: the side ahead with kings hunts (only when clearly ahead)
        if bmat >= wmat + 90 and bk:
            s += chase(bk, bm | bk, wm | wk, wk)
        elif wmat >= bmat + 90 and wk:
            s -= chase(wk, wm | wk, bm | bk, bk)
    return s if black else -s
