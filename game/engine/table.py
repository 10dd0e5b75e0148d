"""The search core's transposition table (see core.py for the core as a whole).

Open addressing with linear probing, at most half full, so that an entry is
never overwritten by another: the search finds exactly what a dict would
hold (the trees do not depend on collisions).  Four words a slot in one
array, so that a probe reads one cache line:
  0, 1: the key (see _bits.pack);
  2: bit 0 used, bit 1 black to move, 2-3 flag, 4-10 depth, 11-19 the
     number of moves, 20-39 the score + SCORE_BIAS, 40-45 and 46-51 the
     move's from and to squares (bit index + 1; 0: no move);
  3: the captured pieces (packed), and from bit 32 the search (generation)
     that wrote the entry.
Beside it, by slot, the order of first insertion (trim goes by it).  It
starts small and doubles when half full, as a dict grows: a short search
pays for no more than it uses.
"""

from array import array

from ._bits import *

HASH1 = 0x9E3779B97F4A7C15
HASH2 = 0xC2B2AE3D27D4EB4F
TT_MIN_BITS = 12


def select(a, n, k):
    """The k-th smallest (from 0) of a[0:n], which it reorders (quickselect)."""
    lo = 0
    hi = n - 1
    while lo < hi:
        pivot = a[(lo + hi) >> 1]
        i = lo
        j = hi
        while i <= j:
            while a[i] < pivot:
                i += 1
            while a[j] > pivot:
                j -= 1
            if i <= j:
                t = a[i]
                a[i] = a[j]
                a[j] = t
                i += 1
                j -= 1
        if k <= j:
            hi = j
        elif k >= i:
            lo = i
        else:
            return a[k]
    return a[k]


class Table:
    """The table of one Core: ``entries`` is the count past which trim()
    halves it; ``generation`` the number of the search writing now;
    ``pv_states`` the last principal variation (kept by trim)."""

    def __init__(self, entries):
        self.entries = entries
        self.bits = TT_MIN_BITS
        self.alloc()
        self.generation = 0
        self.stamp = 0
        self.pv_states = ()

    def alloc(self):
        n = 1 << self.bits
        # (zeros by repetition: made from a bytes object, the table would be
        # there twice for a moment)
        self.tt = array("Q", [0]) * (4 * n)
        self.tord = array("q", [0]) * n
        self.mask = n - 1
        self.count = 0
        self.shift = 64 - self.bits
        return 0

    def clear(self):
        self.bits = TT_MIN_BITS
        self.alloc()

    def slot(self, k0, k1, black):
        """The slot of a key, or the empty slot where it would go."""
        h = (((k0 * HASH1) & M64) ^ ((k1 * HASH2) & M64)) >> self.shift
        mask = self.mask
        tag = 3 if black else 1
        while True:
            w = self.tt[4 * h + 2]
            if not w & 1:
                return h
            if (w & 3) == tag and self.tt[4 * h] == k0 and self.tt[4 * h + 1] == k1:
                return h
            h = (h + 1) & mask

    def rehash(self, bits, keep_old, keep_cur, n_kept):
        """The table rebuilt with 2**bits slots, keeping the entries of earlier
        searches first inserted after ``keep_old`` and those of this search
        after ``keep_cur`` (stamps): ``n_kept`` of them.  They are set aside
        in a compact array (five words each, the fifth the order), then the
        table is cleared, or let go before the new one is made: two tables
        side by side would double the memory at the moment it peaks."""
        order = self.tord
        n = self.mask + 1
        gen = self.generation
        kept = array("Q", [0]) * (5 * n_kept)
        m = 0
        for i in range(n):
            w = self.tt[4 * i + 2]
            if not w & 1:
                continue
            if (self.tt[4 * i + 3] >> 32) == gen:
                if order[i] <= keep_cur:
                    continue
            elif order[i] <= keep_old:
                continue
            if m == n_kept:  # (never: the count is exact, and kept has no more room)
                raise RuntimeError("the table holds more entries to keep than were counted")
            kept[5 * m] = self.tt[4 * i]
            kept[5 * m + 1] = self.tt[4 * i + 1]
            kept[5 * m + 2] = w
            kept[5 * m + 3] = self.tt[4 * i + 3]
            kept[5 * m + 4] = order[i]
            m += 1
        order = None
        if compiled and bits == self.bits:
            # (a trim, compiled: the same table cleared in place; a new one
            # would be fresh pages of memory, each faulted in again)
            for i in range(4 * n):
                self.tt[i] = 0
            for i in range(n):
                self.tord[i] = 0
            self.count = 0
        else:
            self.tt = None
            self.tord = None
            self.bits = bits
            try:
                self.alloc()
            except MemoryError:
                # never left without a table: an empty small one, and the
                # search that asked ends with the error
                self.bits = TT_MIN_BITS
                self.alloc()
                raise
        for i in range(m):
            w = kept[5 * i + 2]
            h = self.slot(kept[5 * i], kept[5 * i + 1], w & 2)
            self.tt[4 * h] = kept[5 * i]
            self.tt[4 * h + 1] = kept[5 * i + 1]
            self.tt[4 * h + 2] = w
            self.tt[4 * h + 3] = kept[5 * i + 3]
            self.tord[h] = kept[5 * i + 4]
            self.count += 1
        return 0

    def store(self, k0, k1, black, depth, score, flag, mf, mt, mc, nmoves):
        h = self.slot(k0, k1, black)
        if not self.tt[4 * h + 2] & 1:
            if 2 * (self.count + 1) > self.mask + 1:
                self.rehash(self.bits + 1, -1, -1, self.count)
                h = self.slot(k0, k1, black)
            self.tt[4 * h] = k0
            self.tt[4 * h + 1] = k1
            self.stamp += 1
            self.tord[h] = self.stamp   # (a key written again keeps its place, as in a dict)
            self.count += 1
        # (the fields go through 64-bit variables first: a C int shifted
        # past bit 31 overflows where a Python int does not)
        w = 3 if black else 1
        w |= flag << 2
        w |= depth << 4
        w |= nmoves << 11
        f = score + SCORE_BIAS
        w |= f << 20
        if mf:
            f = bitlen(mf)
            w |= f << 40
            f = bitlen(mt)
            w |= f << 46
        self.tt[4 * h + 2] = w
        f = self.generation
        self.tt[4 * h + 3] = pack(mc) | f << 32
        return 0

    def get(self, bm, bk, wm, wk, black):
        """(depth, score, flag, (frm, to, captured) or None, moves, generation), or None."""
        h = self.slot(pack(bm) | pack(bk) << 32, pack(wm) | pack(wk) << 32, black)
        w = self.tt[4 * h + 2]
        if not w & 1:
            return None
        w3 = self.tt[4 * h + 3]
        mv = None
        if w >> 40 & 63:
            mv = (ONE << ((w >> 40 & 63) - 1), ONE << ((w >> 46 & 63) - 1), unpack(w3 & 0xFFFFFFFF))
        return (int(w >> 4 & 127), int(w >> 20 & 0xFFFFF) - SCORE_BIAS, int(w >> 2 & 3), mv, int(w >> 11 & 511),
                int(w3 >> 32))

    def states(self):
        """Every state in the table (for tests and tools)."""
        out = []
        for h in range(self.mask + 1):
            w = self.tt[4 * h + 2]
            if w & 1:
                k0 = self.tt[4 * h]
                k1 = self.tt[4 * h + 1]
                out.append((unpack(k0 & 0xFFFFFFFF), unpack(k0 >> 32), unpack(k1 & 0xFFFFFFFF), unpack(k1 >> 32),
                            bool(w & 2)))
        return out

    def renew(self, bm, bk, wm, wk, black, regen):
        """Make an entry the newest inserted (the principal variation is the
        last to go), and with ``regen`` one of this search."""
        h = self.slot(pack(bm) | pack(bk) << 32, pack(wm) | pack(wk) << 32, black)
        if self.tt[4 * h + 2] & 1:
            self.stamp += 1
            self.tord[h] = self.stamp
            if regen:
                g = self.generation
                self.tt[4 * h + 3] = (self.tt[4 * h + 3] & 0xFFFFFFFF) | g << 32

    def trim(self):
        """Down to half of ``entries`` once past it: first the entries no
        search has written since an earlier move (each entry carries the
        number of the search that wrote it), oldest inserted first, then the
        oldest inserted of the rest.  The last principal variation is made
        the newest first, and stays."""
        if self.count <= self.entries:
            return 0
        for bm, bk, wm, wk, black in self.pv_states:
            self.renew(bm, bk, wm, wk, black, False)
        excess = self.count - self.entries // 2
        gen = self.generation
        old = array("q", [0]) * self.count
        cur = array("q", [0]) * self.count
        n_old = 0
        n_cur = 0
        for h in range(self.mask + 1):
            if self.tt[4 * h + 2] & 1:
                if (self.tt[4 * h + 3] >> 32) == gen:
                    cur[n_cur] = self.tord[h]
                    n_cur += 1
                else:
                    old[n_old] = self.tord[h]
                    n_old += 1
        keep_old = -1
        keep_cur = -1
        if excess <= n_old:
            keep_old = select(old, n_old, excess - 1)
        else:
            keep_old = self.stamp
            keep_cur = select(cur, n_cur, excess - n_old - 1)
        old = None
        cur = None
        # (stamps are unique: exactly ``excess`` entries go)
        self.rehash(self.bits, keep_old, keep_cur, self.count - excess)
        return 0
