"""The search core's transposition table (see core.py for the core as a whole).

Buckets of WAYS (4) slots, four words a slot, in one array: a bucket is
16 words, 128 bytes on a 64-byte boundary, its keys in the first cache line
(a probe that misses reads only that line) and their data in the second:
  words 0-3: the keys' first halves, 4-7: their second halves (see
     _bits.pack), slot by slot;
  8-11: bit 0 used, bit 1 black to move, 2-3 flag, 4-10 depth, 11-19 the
     number of moves, 20-39 the score + SCORE_BIAS, 40-45 and 46-51 the
     move's from and to squares (bit index + 1; 0: no move);
  12-15: the captured pieces (packed), and from bit 32 the search
     (generation) that wrote the entry.
An entry is known by the index of its data word (8-11); a key lives in one
bucket (its hash's top bits), in any of its slots.

The table starts small and doubles whenever a new key finds its bucket
full, until it reaches its cap (``entries`` rounded up to a power of two):
until then nothing is ever overwritten, and the search finds exactly what a
dict would hold, while a short search pays for no more than it uses.  At
the cap a new key takes the place of the entry of its bucket least worth
keeping: one of an earlier search (generation) before one of this search,
then one that is not an exact score (the principal variation's are), then
the shallowest.  Nothing is ever rebuilt at the cap: a store costs the same
however full the table is.  Both builds replace alike, so the interpreted
core remains the compiled one's oracle.
"""

from array import array

from ._bits import *

HASH1 = 0x9E3779B97F4A7C15
HASH2 = 0xC2B2AE3D27D4EB4F
WAYS = 4                    # slots a bucket
TT_MIN_BITS = 12            # a new table's slots: 2 ** TT_MIN_BITS (or fewer, below the cap)
CAP_MIN_BITS = 3            # the smallest cap: two buckets


def cap_bits(entries):
    """The table's cap: log2 of the slots that hold ``entries`` (at least two buckets)."""
    bits = CAP_MIN_BITS
    while (1 << bits) < entries:
        bits += 1
    return bits


class Table:
    """The table of one Core: at most ``entries`` (rounded up to a power of
    two) entries; ``generation`` is the number of the search writing now."""

    def __init__(self, entries):
        self.entries = entries
        self.cap = cap_bits(entries)
        self.bits = TT_MIN_BITS if TT_MIN_BITS < self.cap else self.cap
        self.alloc()
        self.generation = 0

    def alloc(self):
        """A new empty table of 2 ** bits slots."""
        n = 1 << self.bits
        # (zeros by repetition: made from a bytes object, the table would be
        # there twice for a moment; 8 words more, for the 64-byte boundary)
        table = array("Q", [0]) * (4 * n + 8)
        self.off = (-table.buffer_info()[0] // 8) & 7
        self.tt = table
        self.mask = n - 1
        self.count = 0
        self.shift = 64 - (self.bits - 2)   # (the bucket: the hash's top bits - 2, as WAYS is 4)
        return 0

    def clear(self):
        self.bits = TT_MIN_BITS if TT_MIN_BITS < self.cap else self.cap
        self.tt = None   # (let go before the new one is made)
        self.alloc()

    def set_entries(self, entries):
        """A new cap; a table past it is rebuilt at it (its entries placed as stores would)."""
        self.entries = entries
        self.cap = cap_bits(entries)
        if self.bits > self.cap:
            self.rehash(self.cap)

    def prefetch(self, k0, k1):
        """Ask the memory for a key's bucket ahead of its probe (compiled: the
        probe's cache miss is most of its time)."""
        touch(self.tt, self.off + (((((k0 * HASH1) & M64) ^ ((k1 * HASH2) & M64)) >> self.shift) << 4))

    def slot(self, k0, k1, black):
        """The index of the data word of a key's entry, or -1."""
        h = self.off + (((((k0 * HASH1) & M64) ^ ((k1 * HASH2) & M64)) >> self.shift) << 4)
        end = h + WAYS
        while h < end:
            if self.tt[h] == k0 and self.tt[h + 4] == k1:
                if (self.tt[h + 8] & 3) == (3 if black else 1):
                    return h + 8
            h += 1
        return -1

    def place(self, k0, k1, black):
        """The data word's index of the slot a key is to be stored in: its
        own, else an empty one of its bucket, else (at the cap) the one least
        worth keeping; -1 when the bucket is full below the cap (the table
        must grow first)."""
        b = self.off + (((((k0 * HASH1) & M64) ^ ((k1 * HASH2) & M64)) >> self.shift) << 4) + 8
        tag = 3 if black else 1
        empty = -1
        h = b
        while h < b + WAYS:
            w = self.tt[h]
            if (w & 3) == tag and self.tt[h - 8] == k0 and self.tt[h - 4] == k1:
                return h
            if not w & 1 and empty < 0:
                empty = h
            h += 1
        if empty >= 0:
            self.count += 1
            return empty
        if self.bits < self.cap:
            return -1
        victim = b
        worst = self.worth(b)
        h = b + 1
        while h < b + WAYS:
            v = self.worth(h)
            if v < worst:
                worst = v
                victim = h
            h += 1
        return victim

    def worth(self, h):
        """How much the entry of data word ``h`` is worth keeping (see the module's text)."""
        w = self.tt[h]
        v = w >> 4 & 127
        if (w >> 2 & 3) == EXACT:
            v += 128
        if (self.tt[h + 4] >> 32) == self.generation:
            v += 256
        return v

    def rehash(self, bits):
        """The table rebuilt with 2**bits slots (or more: doubled again while
        a bucket overflows below the cap), each entry placed as a store
        would place it.  The old table is read while the new one is filled."""
        old = self.tt
        n = self.mask + 1
        old_off = self.off
        old_bits = self.bits
        old_count = self.count
        while True:
            self.tt = None
            self.bits = bits
            try:
                self.alloc()
            except MemoryError:
                # the old table stays as it was, and the caller hears of it
                self.tt = old
                self.off = old_off
                self.bits = old_bits
                self.mask = n - 1
                self.shift = 64 - (old_bits - 2)
                self.count = old_count
                raise
            done = True
            for i in range(n):
                p = old_off + ((i >> 2) << 4) + 8 + (i & 3)   # (slot i's data word)
                w = old[p]
                if not w & 1:
                    continue
                h = self.place(old[p - 8], old[p - 4], w & 2)
                if h < 0:
                    done = False
                    break
                self.tt[h - 8] = old[p - 8]
                self.tt[h - 4] = old[p - 4]
                self.tt[h] = w
                self.tt[h + 4] = old[p + 4]
            if done:
                return 0
            bits += 1

    def store(self, k0, k1, black, depth, score, flag, mf, mt, mc, nmoves):
        h = self.place(k0, k1, black)
        while h < 0:
            try:
                self.rehash(self.bits + 1)
            except MemoryError:
                # no room to grow: the table keeps its size from now on
                self.cap = self.bits
            h = self.place(k0, k1, black)
        self.tt[h - 8] = k0
        self.tt[h - 4] = k1
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
        self.tt[h] = w
        f = self.generation
        self.tt[h + 4] = pack(mc) | f << 32
        return 0

    def get(self, bm, bk, wm, wk, black):
        """(depth, score, flag, (frm, to, captured) or None, moves, generation), or None."""
        h = self.slot(pack(bm) | pack(bk) << 32, pack(wm) | pack(wk) << 32, black)
        if h < 0:
            return None
        w = self.tt[h]
        w3 = self.tt[h + 4]
        mv = None
        if w >> 40 & 63:
            mv = (ONE << ((w >> 40 & 63) - 1), ONE << ((w >> 46 & 63) - 1), unpack(w3 & LOW32))
        return (int(w >> 4 & 127), int(w >> 20 & 0xFFFFF) - SCORE_BIAS, int(w >> 2 & 3), mv, int(w >> 11 & 511),
                int(w3 >> 32))

    def states(self):
        """Every state in the table (for tests and tools)."""
        out = []
        for i in range(self.mask + 1):
            h = self.off + ((i >> 2) << 4) + 8 + (i & 3)
            w = self.tt[h]
            if w & 1:
                k0 = self.tt[h - 8]
                k1 = self.tt[h - 4]
                out.append((unpack(k0 & LOW32), unpack(k0 >> 32), unpack(k1 & LOW32), unpack(k1 >> 32), bool(w & 2)))
        return out

    def renew(self, bm, bk, wm, wk, black):
        """Make an entry one of this search (the principal variation: kept
        before what earlier searches wrote)."""
        h = self.slot(pack(bm) | pack(bk) << 32, pack(wm) | pack(wk) << 32, black)
        if h >= 0:
            g = self.generation
            self.tt[h + 4] = (self.tt[h + 4] & LOW32) | g << 32
