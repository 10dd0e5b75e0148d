"""The search core's endgame probe: a position of few pieces scored from the
database that endgame.Endgame reads (see core.py for the core as a whole).
"""

from ._bits import *
from .evaluation import readable

FIVE_KEYS = 6 * 6 * 6 * 6   # material (a, b, c, d) of up to 5 each -> ((a * 6 + b) * 6 + c) * 6 + d


def _zeros(n):
    """A list of n zeros (a C array's value when compiled)."""
    return [0] * n


class Probe:
    """The database of one Core (set_endgame), probed with the draw scores
    and evaluation of its Evaluation ``ev``."""

    def __init__(self, ev, endgame):
        if not compiled:
            self.eg5_state = _zeros(FIVE_KEYS)   # (compiled: a C array in the object)
        self.ev = ev
        self.press_div = 8
        self.set_endgame(endgame)

    def set_endgame(self, eg):
        """The endgame database as endgame.Endgame.core_tables gives it, or
        None: no database.  Its table is read on the first probe, not before
        (the tournament agent starts afresh for every move)."""
        self.eg = eg
        self.eg_loaded = 0
        self.eg_max = 0 if eg is None else eg["MAX"]
        self.eg_four = 4
        self.eg_loss = 128
        # the five-piece blocks held: eg5[key] is {block index: bytes} (see five)
        self.eg5 = [None] * FIVE_KEYS
        for i in range(FIVE_KEYS):
            self.eg5_state[i] = 0
        self.eg5_held = 0
        self.eg5_share = -1
        self.eg5_shift = 0
        if eg is not None:
            self.eg5_share = eg.get("FIVE_BYTES", -1)
            self.eg5_shift = eg["FIVE_SHIFT"]
            self.eg_comb = readable(eg["COMB"], "q")
            self.eg_pos_mm = readable(eg["POS_MM"], "i")
            self.eg_pos_tm = readable(eg["POS_TM"], "i")
            self.eg_pos_k = readable(eg["POS_K"], "i")
            self.eg_flip = readable(eg["FLIP"], "Q")
            self.eg_offsets = readable(eg["OFFSETS"], "q")

    def rank(self, mask, pos):
        """endgame._rank: the colex rank of a set of squares."""
        r = 0
        i = 1
        while mask:
            b = mask & -mask
            mask ^= b
            p = pos[bitlen(b) - 1]
            if p < 0:
                return -1
            r += self.eg_comb[p * 6 + i]
            i += 1
        return r

    def flip(self, mask):
        """endgame.flip: the mask turned 180 degrees."""
        out = 0
        while mask:
            b = mask & -mask
            mask ^= b
            out |= self.eg_flip[bitlen(b) - 1]
        return out

    def five(self, a, b2, c, d, block):
        """Block ``block`` of the unpacked five-piece slice of a material
        balance; None when the database does not hold it.  Read through the
        database the first time a search meets it, then kept here, up to the
        share eg["FIVE_BYTES"] (-1: no limit): a block past it drops every block
        held, and the search goes on, unpacking again what it meets (the
        scores stay the same; only the time to unpack them is spent again)."""
        key = ((a * 6 + b2) * 6 + c) * 6 + d
        state = self.eg5_state[key]
        if state == 2:
            return None
        if state == 1:
            got = self.eg5[key].get(block)
            if got is not None:
                return got
        got = self.eg["FIVE"]((a, b2, c, d), block)
        if got is None:
            # not held, or damaged (the database reported it): searched without it
            self.eg5_state[key] = 2
            self.eg5[key] = None
            return None
        if self.eg5_share >= 0 and self.eg5_held + len(got) > self.eg5_share:
            self.drop_five()
        if self.eg5_state[key] != 1:
            self.eg5_state[key] = 1
            self.eg5[key] = {}
        self.eg5[key][block] = got
        self.eg5_held += len(got)
        return got

    def drop_five(self):
        """Drop every five-piece block held (the balances stay known as held or not)."""
        for i in range(FIVE_KEYS):
            if self.eg5_state[i] == 1:
                self.eg5[i].clear()
        self.eg5_held = 0

    def probe(self, bm, bk, wm, wk, black):
        """The score of a position of few pieces from the database, or
        NO_SCORE (a balance of five pieces it does not hold; a side without
        a piece).  A drawn ending scores the draw (with contempt, pressed by
        the evaluation: see SearchParams.press_div); a won one near DATABASE_WIN,
        less for more material and a longer distance to conversion."""
        if not self.eg_loaded:
            self.eg_loaded = 1
            table = self.eg["TABLE"]()
            if table is None:
                # a damaged file (reported by the database): search instead
                self.eg_max = 0
                return NO_SCORE
            self.eg_table = table
        if black:
            if not (wm | wk):
                return NO_SCORE
            mm = bm
            mk = bk
            tm = wm
            tk = wk
        else:
            if not (bm | bk):
                return NO_SCORE
            mm = self.flip(wm)
            mk = self.flip(wk)
            tm = self.flip(bm)
            tk = self.flip(bk)
        a = popcount(mm)
        b2 = popcount(mk)
        c = popcount(tm)
        d = popcount(tk)
        comb = self.eg_comb
        idx = ((((self.rank(mm, self.eg_pos_mm) * comb[32 * 6 + b2] + self.rank(mk, self.eg_pos_k))
                 * comb[28 * 6 + c] + self.rank(tm, self.eg_pos_tm)) * comb[32 * 6 + d])
               + self.rank(tk, self.eg_pos_k))
        if a + b2 + c + d > self.eg_four:
            five = self.five(a, b2, c, d, idx >> self.eg5_shift)  # (a file may hold some balances only)
            if five is None:
                return NO_SCORE
            b = five[idx & ((1 << self.eg5_shift) - 1)]
        else:
            b = self.eg_table[self.eg_offsets[((a * 5 + b2) * 5 + c) * 5 + d] + idx]
        if not b:
            ev = self.ev
            dr = ev.draw_b if black else ev.draw_w
            if ev.press:
                # With contempt (in play), a drawn ending is still a game:
                # among drawing lines prefer the one the evaluation likes,
                # where the opponent can still go wrong.  Kept within the
                # contempt, so a database draw never scores past even.
                t = ev.unfaded(bm, bk, wm, wk, black)
                t = t // self.press_div if t >= 0 else -(-t // self.press_div)  # (alike for either colour)
                p = ev.press
                return dr + (p if t > p else -p if t < -p else t)
            return dr
        # Progress, so that a won ending is played out: fewer pieces and men
        # first (a capture or a crowning that keeps the win is always
        # taken), then a shorter distance to the next such conversion.  Both
        # only ever go down along the best line, so the game ends.
        stage = 5 * popcount(bm | bk | wm | wk) + popcount(bm | wm)
        if b < self.eg_loss:
            return DATABASE_WIN - DATABASE_STAGE * stage - b
        return b - self.eg_loss + DATABASE_STAGE * stage - DATABASE_WIN
