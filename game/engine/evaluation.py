"""The search core's evaluation: the static score on the baked tables of
game.engine.evaluate, and the no-progress fade (see core.py for the core as
a whole).

``evaluate.evaluate``, which the rest of the game calls, is this very
evaluation (the compiled one when it is built): the evaluation is written
once.  Its readable reference, term by term, lives in the tests
(tests/reference_eval.py), as the reference search does.
"""

from array import array

from ._bits import *

# The tables' copies the compiled core reads (see readable): id -> (list, array).
_readable = {}


def readable(values, code):
    """A list of the evaluation's or the database's tables as this build
    reads it: the list itself when interpreted; compiled, an array.array of
    type ``code`` ("i", "q" or "Q"), which the typed memoryviews take.  The
    copy is made once per list (the agent starts afresh for every move: a
    copy made by a C loop here costs a fraction of array(code, values))."""
    if not compiled:
        return values
    got = _readable.get(id(values))
    if got is not None and got[0] is values:
        return got[1]
    if len(_readable) > 256:
        _readable.clear()  # (tables rebaked many times over: tools/tune.py)
    n = len(values)
    if code == "i":
        out = array("i", bytes(4 * n))
        copy_ints(values, out, n)
    elif code == "q":
        out = array("q", bytes(8 * n))
        copy_longs(values, out, n)
    else:
        out = array("Q", bytes(8 * n))
        copy_masks(values, out, n)
    _readable[id(values)] = (values, out)
    return out


def copy_ints(values, out, n):
    for i in range(n):
        out[i] = values[i]


def copy_longs(values, out, n):
    for i in range(n):
        out[i] = values[i]


def copy_masks(values, out, n):
    for i in range(n):
        out[i] = values[i]


class Evaluation:
    """The evaluation of one Core: the tables (set_tables), the draw scores
    and contempt of the search under way, and the no-progress fade."""

    def __init__(self, tables):
        self.py_eval = None
        self.set_tables(tables)
        # per-search settings (see search.Searcher._prepare)
        self.draw_w = 0
        self.draw_b = 0
        self.press = 0
        self.fade_kind = 0
        self.fade_left = 0
        self.fade_plies = 1
        self.fade_s0 = 0
        self.fade_s1 = 0
        self.fade_s2 = 0

    def set_tables(self, t):
        """The evaluation's weights and baked tables (see evaluate.core_tables)."""
        self.ma0, self.ma1, self.ma2, self.ma3 = (readable(x, "i") for x in t["MA"])
        self.mb0, self.mb1, self.mb2, self.mb3 = (readable(x, "i") for x in t["MB"])
        self.bk0, self.bk1, self.bk2, self.bk3 = (readable(x, "i") for x in t["BK"])
        self.wk0, self.wk1, self.wk2, self.wk3 = (readable(x, "i") for x in t["WK"])
        self.ahead_b = readable(t["AHEAD_B"], "Q")
        self.ahead_w = readable(t["AHEAD_W"], "Q")
        self.near = readable(t["NEAR"], "Q")
        self.phase_split = t["PHASE_SPLIT"]
        self.w_man = t["MAN"]
        self.w_king = t["KING"]
        self.w_mobility = t["MOBILITY"]
        self.w_runaway = t["RUNAWAY"]
        self.w_king_end = t["KING_END"]
        self.far_b = t["FAR_B"]
        self.far_w = t["FAR_W"]
        self.double_corners = t["DOUBLE_CORNERS"]

    def set_draws(self, draw_w, draw_b):
        """The scores of a draw with white and with black to move (contempt)."""
        self.draw_w = draw_w
        self.draw_b = draw_b
        self.press = max(abs(draw_w) - 1, 0)

    def set_fade(self, kind, s0, s1, s2, left, plies):
        """The no-progress fade (see leaf): ``kind`` 0 none, 1 official, 2 CSCI-561."""
        self.fade_kind = kind
        self.fade_s0 = s0
        self.fade_s1 = s1
        self.fade_s2 = s2
        self.fade_left = left
        self.fade_plies = plies

    def evaluate(self, bm, bk, wm, wk, black):
        """The score of the state for the side to move, in centi-men on the
        baked tables (tests/reference_eval.py is the same, term by term)."""
        B = bm | bk
        W = wm | wk
        nb = popcount(B)
        nw = popcount(W)
        n = nb + nw
        # the men, band by band (black's bits | white's << 8): squares and patterns
        if n > self.phase_split:
            s = (self.ma0[bm & 255 | wm << 8 & 65280] + self.ma1[bm >> 9 & 255 | wm >> 1 & 65280]
                 + self.ma2[bm >> 18 & 255 | wm >> 10 & 65280] + self.ma3[bm >> 27 | wm >> 19 & 65280])
        else:
            s = (self.mb0[bm & 255 | wm << 8 & 65280] + self.mb1[bm >> 9 & 255 | wm >> 1 & 65280]
                 + self.mb2[bm >> 18 & 255 | wm >> 10 & 65280] + self.mb3[bm >> 27 | wm >> 19 & 65280])
        if bk:
            s += self.bk0[bk & 511] + self.bk1[bk >> 9 & 511] + self.bk2[bk >> 18 & 511] + self.bk3[bk >> 27]
        if wk:
            s += self.wk0[wk & 511] + self.wk1[wk >> 9 & 511] + self.wk2[wk >> 18 & 511] + self.wk3[wk >> 27]
        e = BOARD ^ (B | W)
        mob = (popcount((B << 4) & e) + popcount((B << 5) & e)
               - popcount((W >> 4) & e) - popcount((W >> 5) & e))
        if bk:
            mob += popcount((bk >> 4) & e) + popcount((bk >> 5) & e)
        if wk:
            mob -= popcount((wk << 4) & e) + popcount((wk << 5) & e)
        if bk or wk:
            d = popcount(bk) - popcount(wk)
            if d:
                # (rounded alike for either colour)
                t = self.w_king_end * (24 - n) * (d if d > 0 else -d) // 24
                s += t if d > 0 else -t
        s += self.w_mobility * mob
        # runaways: men in the far half with no enemy piece ahead
        far = bm & self.far_b
        if far:
            r = 0
            while far:
                b = far & -far
                far ^= b
                if not self.ahead_b[bitlen(b)] & W:
                    r += 1
            s += self.w_runaway * r
        far = wm & self.far_w
        if far:
            r = 0
            while far:
                b = far & -far
                far ^= b
                if not self.ahead_w[bitlen(b)] & B:
                    r += 1
            s -= self.w_runaway * r
        if n <= 16:
            # trading down when ahead: the same lead is worth more with fewer pieces
            bmat = self.w_man * nb + (self.w_king - self.w_man) * popcount(bk)
            wmat = self.w_man * nw + (self.w_king - self.w_man) * popcount(wk)
            d = bmat - wmat
            if d:
                # (rounded toward zero, the same for either colour)
                t = (d if d > 0 else -d) * (24 - n) // 48
                s += t if d > 0 else -t
                if n <= 10:
                    # endgame: the side ahead with kings hunts
                    if d >= 90 and bk:
                        s += self.chase(bk, B, W, wk)
                    elif d <= -90 and wk:
                        s -= self.chase(wk, W, B, bk)
        return s if black else -s

    def chase(self, strong_kings, strong_all, weak_all, weak_kings):
        """The stronger side's kings close in on the weaker pieces (by king
        distance), and the weaker kings are kept out of the double corners."""
        total = 0
        kings = strong_kings
        while kings:
            b = kings & -kings
            kings ^= b
            base = bitlen(b) * 7
            d = 1
            while d <= 7:
                if self.near[base + d - 1] & weak_all:
                    break
                d += 1
            if d > 7:
                d = 99
            total += d
        return (-3 * total - 8 * popcount(weak_kings & self.double_corners)
                + 2 * (14 - popcount(weak_all) - popcount(strong_all)))

    def unfaded(self, bm, bk, wm, wk, black):
        """The evaluation without the fade: the tables', or the caller's own
        (``py_eval``: a Searcher made with another evaluate function)."""
        if self.py_eval is not None:
            return self.py_eval(bm, bk, wm, wk, black)
        return self.evaluate(bm, bk, wm, wk, black)

    def leaf(self, bm, bk, wm, wk, black):
        """The evaluation the search uses: moved toward the draw's score by
        the share of the no-progress rule's count used (see search.DRAW_RULE)
        for positions that share the root's progress signature (nothing has
        made progress since the root): ``draw + (score - draw) * left /
        plies``, rounded toward the draw so that both colours are treated
        alike.  ``fade_kind`` 1: the official rule (the men and the piece
        count); 2: CSCI-561's (the piece and king counts); 0: no fade."""
        s = self.unfaded(bm, bk, wm, wk, black)
        kind = self.fade_kind
        if kind:
            occ = popcount(bm | bk | wm | wk)
            if kind == 1:
                same = bm == self.fade_s0 and wm == self.fade_s1 and occ == self.fade_s2
            else:
                kings = popcount(bk | wk)
                same = occ == self.fade_s0 and kings == self.fade_s1
            if same:
                dr = self.draw_b if black else self.draw_w
                s -= dr
                if s >= 0:
                    return dr + s * self.fade_left // self.fade_plies
                return dr - (-s * self.fade_left // self.fade_plies)
        return s
