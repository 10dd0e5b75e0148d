"""The search core: move generation, evaluation, the transposition table and
the node functions, on raw bitboards.

Plain Python that Cython compiles when a C compiler is at hand (``setup.py``;
the C types are in ``core.pxd`` beside this file).  Run by the interpreter,
the move stack, the killers, the history scores and the tables are Python
lists and ``array.array``s; compiled, they are C arrays and typed
memoryviews, and every ``self.x`` of a Core is a C field.  The two builds
give the same trees, node for node: the interpreted one is the oracle of the
compiled one (tests/test_core_oracle.py, tools/core_oracle.py).  What
compiling can break and interpreting cannot: C integers overflow (the
fields of a table entry go through 64-bit locals before any shift past bit
31).  Division keeps Python's meaning in both builds (setup.py compiles
without C division): a weight set negative by tools/tune.py divides alike.

The driver (iterative deepening, time control, the root's moves, Move
objects, the draw rule's count) is ``search.py``; which build runs is
``corebuild.py``'s choice.

A move is three masks on the stack: from, to and the captured pieces
(``mf``/``mt``/``mc`` at one index).  A node's moves are the slice
``[start, end)`` of the stack; its children's moves come after ``end``.
A state is ``(bm, bk, wm, wk, black)`` as in ``game.rules.bitboard``.

The node's tests for each colour (jumps, steps, a child at the horizon)
are written out rather than shared through helper calls: a call costs the
interpreted build as much as the arithmetic it would share.  The child
positions come from one helper (after), which costs it little.
"""

from array import array

from ._bits import *  # noqa: F403  popcount, bitlen, let_python_in, compiled, core_digest (C when compiled)

COMPILED = bool(compiled)  # noqa: F405  (True in the compiled module: a C constant there)
BUILT_FROM = core_digest  # noqa: F405  (the source's digest, built in; 0 interpreted: see corebuild.py)

BOARD = 0x7FBFDFEFF
BC = 0x780000000            # black crowns here (squares 29-32)
WC = 0xF                    # white crowns here (squares 1-4)
M64 = 0xFFFFFFFFFFFFFFFF
ONE = 1

# the same values as game.engine.scores (tests/test_core_oracle.py checks)
WIN = 30000
MATE_BOUND = WIN - 1000
DATABASE_WIN = 20000
DATABASE_STAGE = 128
INF = 10 ** 6
MAX_PLY = 120               # single-reply extensions stop here
EXACT, LOWER, UPPER = 0, 1, 2
STACK = 1 << 15             # moves on the stack, all plies together
MAX_MOVES = 512             # room left for one position's moves
PLIES = MAX_PLY + 64        # killers by ply
REPS = 1024                 # the repetition list: the game's history and the line searched
NO_SCORE = -(10 ** 7)       # probe(): not in the database
HASH1 = 0x9E3779B97F4A7C15
HASH2 = 0xC2B2AE3D27D4EB4F
TT_MIN_BITS = 12
SCORE_BIAS = 1 << 19
FIVE_KEYS = 6 * 6 * 6 * 6   # material (a, b, c, d) of up to 5 each -> ((a * 6 + b) * 6 + c) * 6 + d


class Stop(Exception):
    """The search was told to stop, or ran out of time."""


def constants():
    """The score constants this build uses (tests compare them with game.engine.scores)."""
    return {"WIN": WIN, "MATE_BOUND": MATE_BOUND, "DATABASE_WIN": DATABASE_WIN, "DATABASE_STAGE": DATABASE_STAGE}


def zeros(n):
    """A list of n zeros (a C array's value when compiled)."""
    return [0] * n


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


# The tables' copies the compiled core reads (see readable): id -> (list, array).
_readable = {}


def readable(values, code):
    """A list of the evaluation's or the database's tables as this build
    reads it: the list itself when interpreted; compiled, an array.array of
    type ``code`` ("i", "q" or "Q"), which the typed memoryviews take.  The
    copy is made once per list (the agent starts afresh for every move: a
    copy made by a C loop here costs a fraction of array(code, values))."""
    if not compiled:  # noqa: F405
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


def unpack(p):
    """pack's inverse: 32 bits back to the 35-bit board."""
    return (p & 0xFF) | (p & 0xFF00) << 1 | (p & 0xFF0000) << 2 | (p & 0xFF000000) << 3


def pack(m):
    """The 32 squares of a 35-bit mask in 32 bits (the ghost bits 8, 17, 26 left out)."""
    return (m & 0xFF) | (m >> 1 & 0xFF00) | (m >> 2 & 0xFF0000) | (m >> 3 & 0xFF000000)


class Core:
    """One game's search machinery: ``search.Searcher`` keeps one across
    searches (the table and the history scores live here) and sets the
    per-search things (parameters, draw scores, fade, repetition history,
    limits) before each."""

    def __init__(self, tt_entries, tables, endgame):
        if not compiled:  # noqa: F405
            # (compiled, these are C arrays in the object, zeroed when it is made)
            self.mf = zeros(STACK)
            self.mt = zeros(STACK)
            self.mc = zeros(STACK)
            self.mk = zeros(STACK)   # sort keys
            self.k1f = zeros(PLIES)
            self.k1t = zeros(PLIES)
            self.k2f = zeros(PLIES)
            self.k2t = zeros(PLIES)
            self.hist = zeros(36 * 36)
            self.lmr = zeros(32 * 32)
            self.rep0 = zeros(REPS)
            self.rep1 = zeros(REPS)
            self.repb = zeros(REPS)
            self.eg5_state = zeros(FIVE_KEYS)
        self.rep_n = 0
        self.rep_hist = 0
        self.rep_base = 0
        self.sp = 0
        self.nodes = 0
        self.poll_every = 1024
        self.press_div = 8
        self.keep_shots = 2
        self.poll_at = self.poll_every
        self.stop = None
        self.deadline = -1.0
        self.clock = None
        self.tt_entries = tt_entries
        self.tt_bits = TT_MIN_BITS
        self.tt_alloc()
        self.generation = 0
        self.stamp = 0
        self.py_eval = None
        self.tt_read = True
        self.set_tables(tables)
        self.set_endgame(endgame)
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
        self.history_draws = set()
        self.pv_states = ()
        self.root_move_f = 0
        self.root_move_t = 0
        self.root_move_c = 0
        self.root_score = 0
        self.proven_f = 0
        self.proven_t = 0
        self.proven_c = 0
        self.proven_score = 0

    # -- settings ----------------------------------------------------------------

    def set_params(self, lmr_from, lmr_table, lmp, rfp_depth, rfp_margin, rfp_check, probcut, probcut_depth,
                   probcut_r, probcut_margin, probcut_bound, extend_single, hist_malus, poll_every, press_div):
        """The pruning and reduction parameters (search.py's constants, read per search)."""
        self.lmr_from = lmr_from
        for d in range(32):
            for i in range(32):
                self.lmr[d * 32 + i] = lmr_table[d][i]
        self.lmp_n = len(lmp) if len(lmp) <= 4 else 4
        self.lmp0 = lmp[0] if len(lmp) > 0 else 99
        self.lmp1 = lmp[1] if len(lmp) > 1 else 99
        self.lmp2 = lmp[2] if len(lmp) > 2 else 99
        self.lmp3 = lmp[3] if len(lmp) > 3 else 99
        self.rfp_depth = rfp_depth
        self.rfp_margin = rfp_margin
        self.rfp_check = rfp_check
        self.probcut = probcut
        self.probcut_depth = probcut_depth
        self.probcut_r = probcut_r
        self.probcut_margin = probcut_margin
        self.probcut_bound = probcut_bound
        self.extend_single = extend_single
        self.hist_malus = hist_malus
        self.poll_every = poll_every
        self.press_div = press_div

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

    def set_endgame(self, eg):
        """The endgame database as endgame.Endgame.core_tables gives it, or
        None: no database.  Its table is read on the first probe, not before
        (the tournament agent starts afresh for every move)."""
        self.eg = eg
        self.eg_loaded = 0
        self.eg_max = 0 if eg is None else eg["MAX"]
        self.eg_four = 4
        self.eg_loss = 128
        self.eg5 = [None] * FIVE_KEYS
        for i in range(FIVE_KEYS):
            self.eg5_state[i] = 0
        if eg is not None:
            self.eg_comb = readable(eg["COMB"], "q")
            self.eg_pos_mm = readable(eg["POS_MM"], "i")
            self.eg_pos_tm = readable(eg["POS_TM"], "i")
            self.eg_pos_k = readable(eg["POS_K"], "i")
            self.eg_flip = readable(eg["FLIP"], "Q")
            self.eg_offsets = readable(eg["OFFSETS"], "q")

    # -- the transposition table -----------------------------------------------
    #
    # Open addressing with linear probing, at most half full, so that an entry
    # is never overwritten by another: the search finds exactly what a dict
    # would hold (the trees do not depend on collisions).  Four words a slot
    # in one array, so that a probe reads one cache line:
    #   0, 1: the key (see pack);
    #   2: bit 0 used, bit 1 black to move, 2-3 flag, 4-10 depth, 11-19 the
    #      number of moves, 20-39 the score + SCORE_BIAS, 40-45 and 46-51
    #      the move's from and to squares (bit index + 1; 0: no move);
    #   3: the captured pieces (packed), and from bit 32 the search
    #      (generation) that wrote the entry.
    # Beside it, by slot, the order of first insertion (trim goes by it).
    # It starts small and doubles when half full, as a dict grows: a short
    # search pays for no more than it uses.

    def tt_alloc(self):
        n = 1 << self.tt_bits
        # (zeros by repetition: made from a bytes object, the table would be
        # there twice for a moment)
        self.tt = array("Q", [0]) * (4 * n)
        self.tord = array("q", [0]) * n
        self.tt_mask = n - 1
        self.tt_count = 0
        self.tt_shift = 64 - self.tt_bits
        return 0

    def tt_clear(self):
        self.tt_bits = TT_MIN_BITS
        self.tt_alloc()

    def tt_slot(self, k0, k1, black):
        """The slot of a key, or the empty slot where it would go."""
        h = (((k0 * HASH1) & M64) ^ ((k1 * HASH2) & M64)) >> self.tt_shift
        mask = self.tt_mask
        tag = 3 if black else 1
        while True:
            w = self.tt[4 * h + 2]
            if not w & 1:
                return h
            if (w & 3) == tag and self.tt[4 * h] == k0 and self.tt[4 * h + 1] == k1:
                return h
            h = (h + 1) & mask

    def tt_rehash(self, bits, keep_old, keep_cur, n_kept):
        """The table rebuilt with 2**bits slots, keeping the entries of earlier
        searches first inserted after ``keep_old`` and those of this search
        after ``keep_cur`` (stamps): ``n_kept`` of them.  They are set aside
        in a compact array (five words each, the fifth the order), then the
        table is cleared, or let go before the new one is made: two tables
        side by side would double the memory at the moment it peaks."""
        order = self.tord
        n = self.tt_mask + 1
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
        if compiled and bits == self.tt_bits:  # noqa: F405
            # (a trim, compiled: the same table cleared in place; a new one
            # would be fresh pages of memory, each faulted in again)
            for i in range(4 * n):
                self.tt[i] = 0
            for i in range(n):
                self.tord[i] = 0
            self.tt_count = 0
        else:
            self.tt = None
            self.tord = None
            self.tt_bits = bits
            try:
                self.tt_alloc()
            except MemoryError:
                # never left without a table: an empty small one, and the
                # search that asked ends with the error
                self.tt_bits = TT_MIN_BITS
                self.tt_alloc()
                raise
        for i in range(m):
            w = kept[5 * i + 2]
            h = self.tt_slot(kept[5 * i], kept[5 * i + 1], w & 2)
            self.tt[4 * h] = kept[5 * i]
            self.tt[4 * h + 1] = kept[5 * i + 1]
            self.tt[4 * h + 2] = w
            self.tt[4 * h + 3] = kept[5 * i + 3]
            self.tord[h] = kept[5 * i + 4]
            self.tt_count += 1
        return 0

    def tt_store(self, k0, k1, black, depth, score, flag, mf, mt, mc, nmoves):
        h = self.tt_slot(k0, k1, black)
        if not self.tt[4 * h + 2] & 1:
            if 2 * (self.tt_count + 1) > self.tt_mask + 1:
                self.tt_rehash(self.tt_bits + 1, -1, -1, self.tt_count)
                h = self.tt_slot(k0, k1, black)
            self.tt[4 * h] = k0
            self.tt[4 * h + 1] = k1
            self.stamp += 1
            self.tord[h] = self.stamp   # (a key written again keeps its place, as in a dict)
            self.tt_count += 1
        # (the fields go through 64-bit variables first: a C int shifted
        # past bit 31 overflows where a Python int does not)
        w = 3 if black else 1
        w |= flag << 2
        w |= depth << 4
        w |= nmoves << 11
        f = score + SCORE_BIAS
        w |= f << 20
        if mf:
            f = bitlen(mf)  # noqa: F405
            w |= f << 40
            f = bitlen(mt)  # noqa: F405
            w |= f << 46
        self.tt[4 * h + 2] = w
        f = self.generation
        self.tt[4 * h + 3] = pack(mc) | f << 32
        return 0

    def tt_get(self, bm, bk, wm, wk, black):
        """(depth, score, flag, (frm, to, captured) or None, moves, generation), or None."""
        h = self.tt_slot(pack(bm) | pack(bk) << 32, pack(wm) | pack(wk) << 32, black)
        w = self.tt[4 * h + 2]
        if not w & 1:
            return None
        w3 = self.tt[4 * h + 3]
        mv = None
        if w >> 40 & 63:
            mv = (ONE << ((w >> 40 & 63) - 1), ONE << ((w >> 46 & 63) - 1), unpack(w3 & 0xFFFFFFFF))
        return (int(w >> 4 & 127), int(w >> 20 & 0xFFFFF) - SCORE_BIAS, int(w >> 2 & 3), mv, int(w >> 11 & 511),
                int(w3 >> 32))

    def tt_states(self):
        """Every state in the table (for tests and tools)."""
        out = []
        for h in range(self.tt_mask + 1):
            w = self.tt[4 * h + 2]
            if w & 1:
                k0 = self.tt[4 * h]
                k1 = self.tt[4 * h + 1]
                out.append((unpack(k0 & 0xFFFFFFFF), unpack(k0 >> 32), unpack(k1 & 0xFFFFFFFF), unpack(k1 >> 32),
                            bool(w & 2)))
        return out

    def tt_renew(self, bm, bk, wm, wk, black, regen):
        """Make an entry the newest inserted (the principal variation is the
        last to go), and with ``regen`` one of this search."""
        h = self.tt_slot(pack(bm) | pack(bk) << 32, pack(wm) | pack(wk) << 32, black)
        if self.tt[4 * h + 2] & 1:
            self.stamp += 1
            self.tord[h] = self.stamp
            if regen:
                g = self.generation
                self.tt[4 * h + 3] = (self.tt[4 * h + 3] & 0xFFFFFFFF) | g << 32

    def trim(self):
        """Down to half of tt_entries once past it: first the entries no
        search has written since an earlier move (each entry carries the
        number of the search that wrote it), oldest inserted first, then the
        oldest inserted of the rest.  The last principal variation is made
        the newest first, and stays."""
        if self.tt_count <= self.tt_entries:
            return 0
        for bm, bk, wm, wk, black in self.pv_states:
            self.tt_renew(bm, bk, wm, wk, black, False)
        excess = self.tt_count - self.tt_entries // 2
        gen = self.generation
        old = array("q", [0]) * self.tt_count
        cur = array("q", [0]) * self.tt_count
        n_old = 0
        n_cur = 0
        for h in range(self.tt_mask + 1):
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
        self.tt_rehash(self.tt_bits, keep_old, keep_cur, self.tt_count - excess)
        return 0

    # -- the evaluation ------------------------------------------------------------

    def evaluate(self, bm, bk, wm, wk, black):
        """evaluate.evaluate on the same baked tables: the same integers
        (tests/test_core_oracle.py checks)."""
        B = bm | bk
        W = wm | wk
        nb = popcount(B)  # noqa: F405
        nw = popcount(W)  # noqa: F405
        n = nb + nw
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
        mob = (popcount((B << 4) & e) + popcount((B << 5) & e)  # noqa: F405
               - popcount((W >> 4) & e) - popcount((W >> 5) & e))  # noqa: F405
        if bk:
            mob += popcount((bk >> 4) & e) + popcount((bk >> 5) & e)  # noqa: F405
        if wk:
            mob -= popcount((wk << 4) & e) + popcount((wk << 5) & e)  # noqa: F405
        if bk or wk:
            d = popcount(bk) - popcount(wk)  # noqa: F405
            if d:
                t = self.w_king_end * (24 - n) * (d if d > 0 else -d) // 24
                s += t if d > 0 else -t
        s += self.w_mobility * mob
        far = bm & self.far_b
        if far:
            r = 0
            while far:
                b = far & -far
                far ^= b
                if not self.ahead_b[bitlen(b)] & W:  # noqa: F405
                    r += 1
            s += self.w_runaway * r
        far = wm & self.far_w
        if far:
            r = 0
            while far:
                b = far & -far
                far ^= b
                if not self.ahead_w[bitlen(b)] & B:  # noqa: F405
                    r += 1
            s -= self.w_runaway * r
        if n <= 16:
            bmat = self.w_man * nb + (self.w_king - self.w_man) * popcount(bk)  # noqa: F405
            wmat = self.w_man * nw + (self.w_king - self.w_man) * popcount(wk)  # noqa: F405
            d = bmat - wmat
            if d:
                t = (d if d > 0 else -d) * (24 - n) // 48
                s += t if d > 0 else -t
                if n <= 10:
                    if d >= 90 and bk:
                        s += self.chase(bk, B, W, wk)
                    elif d <= -90 and wk:
                        s -= self.chase(wk, W, B, bk)
        return s if black else -s

    def chase(self, strong_kings, strong_all, weak_all, weak_kings):
        """evaluate._chase: the stronger side's kings close in."""
        total = 0
        kings = strong_kings
        while kings:
            b = kings & -kings
            kings ^= b
            base = bitlen(b) * 7  # noqa: F405
            d = 1
            while d <= 7:
                if self.near[base + d - 1] & weak_all:
                    break
                d += 1
            if d > 7:
                d = 99
            total += d
        return (-3 * total - 8 * popcount(weak_kings & self.double_corners)  # noqa: F405
                + 2 * (14 - popcount(weak_all) - popcount(strong_all)))  # noqa: F405

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
            occ = popcount(bm | bk | wm | wk)  # noqa: F405
            if kind == 1:
                same = bm == self.fade_s0 and wm == self.fade_s1 and occ == self.fade_s2
            else:
                kings = popcount(bk | wk)  # noqa: F405
                same = occ == self.fade_s0 and kings == self.fade_s1
            if same:
                dr = self.draw_b if black else self.draw_w
                s -= dr
                if s >= 0:
                    return dr + s * self.fade_left // self.fade_plies
                return dr - (-s * self.fade_left // self.fade_plies)
        return s

    # -- the endgame database ----------------------------------------------------

    def rank(self, mask, pos):
        """endgame._rank: the colex rank of a set of squares."""
        r = 0
        i = 1
        while mask:
            b = mask & -mask
            mask ^= b
            p = pos[bitlen(b) - 1]  # noqa: F405
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
            out |= self.eg_flip[bitlen(b) - 1]  # noqa: F405
        return out

    def five(self, a, b2, c, d):
        """The unpacked five-piece slice of a material balance; None when the
        database does not hold it.  Read through the database the first time
        a search meets it, then kept here."""
        key = ((a * 6 + b2) * 6 + c) * 6 + d
        state = self.eg5_state[key]
        if state == 1:
            return self.eg5[key]
        if state == 2:
            return None
        got = self.eg["FIVE"]((a, b2, c, d))
        self.eg5[key] = got
        self.eg5_state[key] = 2 if got is None else 1
        return got

    def probe(self, bm, bk, wm, wk, black):
        """The score of a position of few pieces from the database, or
        NO_SCORE (a balance of five pieces it does not hold; a side without
        a piece).  A drawn ending scores the draw (with contempt, pressed by
        the evaluation: see search.PRESS_DIV); a won one near DATABASE_WIN,
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
        a = popcount(mm)  # noqa: F405
        b2 = popcount(mk)  # noqa: F405
        c = popcount(tm)  # noqa: F405
        d = popcount(tk)  # noqa: F405
        comb = self.eg_comb
        idx = ((((self.rank(mm, self.eg_pos_mm) * comb[32 * 6 + b2] + self.rank(mk, self.eg_pos_k))
                 * comb[28 * 6 + c] + self.rank(tm, self.eg_pos_tm)) * comb[32 * 6 + d])
               + self.rank(tk, self.eg_pos_k))
        if a + b2 + c + d > self.eg_four:
            five = self.five(a, b2, c, d)  # (only some balances of five pieces are held)
            if five is None:
                return NO_SCORE
            b = five[idx]
        else:
            b = self.eg_table[self.eg_offsets[((a * 5 + b2) * 5 + c) * 5 + d] + idx]
        if not b:
            dr = self.draw_b if black else self.draw_w
            if self.press:
                # With contempt (in play), a drawn ending is still a game:
                # among drawing lines prefer the one the evaluation likes,
                # where the opponent can still go wrong.  Kept within the
                # contempt, so a database draw never scores past even.
                t = self.unfaded(bm, bk, wm, wk, black)
                t = t // self.press_div if t >= 0 else -(-t // self.press_div)  # (alike for either colour)
                p = self.press
                return dr + (p if t > p else -p if t < -p else t)
            return dr
        # Progress, so that a won ending is played out: fewer pieces and men
        # first (a capture or a crowning that keeps the win is always
        # taken), then a shorter distance to the next such conversion.  Both
        # only ever go down along the best line, so the game ends.
        stage = 5 * popcount(bm | bk | wm | wk) + popcount(bm | wm)  # noqa: F405
        if b < self.eg_loss:
            return DATABASE_WIN - DATABASE_STAGE * stage - b
        return b - self.eg_loss + DATABASE_STAGE * stage - DATABASE_WIN

    # -- move generation -----------------------------------------------------------

    def push(self, f, t, c):
        # (no bounds test: room() before each generation leaves MAX_MOVES free)
        i = self.sp
        self.mf[i] = f
        self.mt[i] = t
        self.mc[i] = c
        self.sp = i + 1
        return 0

    def room(self):
        """Raise unless a position's moves fit on the stack."""
        if self.sp > STACK - MAX_MOVES:
            raise OverflowError("move stack full")
        return 0

    def gen_quiet(self, bm, bk, wm, wk, black):
        """The quiet moves at self.sp on: by direction, then square, as
        bitboard.quiet_moves orders them."""
        empty = BOARD ^ (bm | bk | wm | wk)
        if black:
            fwd = bm | bk
            t = (fwd << 4) & empty
            while t:
                b = t & -t
                t ^= b
                self.push(b >> 4, b, 0)
            t = (fwd << 5) & empty
            while t:
                b = t & -t
                t ^= b
                self.push(b >> 5, b, 0)
            if bk:
                t = (bk >> 4) & empty
                while t:
                    b = t & -t
                    t ^= b
                    self.push(b << 4, b, 0)
                t = (bk >> 5) & empty
                while t:
                    b = t & -t
                    t ^= b
                    self.push(b << 5, b, 0)
        else:
            fwd = wm | wk
            t = (fwd >> 4) & empty
            while t:
                b = t & -t
                t ^= b
                self.push(b << 4, b, 0)
            t = (fwd >> 5) & empty
            while t:
                b = t & -t
                t ^= b
                self.push(b << 5, b, 0)
            if wk:
                t = (wk << 4) & empty
                while t:
                    b = t & -t
                    t ^= b
                    self.push(b >> 4, b, 0)
                t = (wk << 5) & empty
                while t:
                    b = t & -t
                    t ^= b
                    self.push(b >> 5, b, 0)
        return 0

    def king_jumps(self, start, frm, opp, empty, captured):
        """Every complete capture of a king from ``frm`` (bitboard's order)."""
        found = False
        d = 4
        while d <= 5:
            over = frm << d
            if over & opp:
                land = over << d
                if land & empty:
                    found = True
                    self.king_jumps(start, land, opp ^ over, empty, captured | over)
            over = frm >> d
            if over & opp:
                land = over >> d
                if land & empty:
                    found = True
                    self.king_jumps(start, land, opp ^ over, empty, captured | over)
            d += 1
        if not found and captured:
            self.push(start, frm, captured)
        return 0

    def man_jumps(self, start, frm, opp, empty, captured, black):
        """Every complete capture of a man from ``frm``; crowning ends it."""
        found = False
        d = 4
        while d <= 5:
            over = frm << d if black else frm >> d
            if over & opp:
                land = over << d if black else over >> d
                if land & empty:
                    found = True
                    if land & (BC if black else WC):  # crowned: the move ends here
                        self.push(start, land, captured | over)
                    else:
                        self.man_jumps(start, land, opp ^ over, empty, captured | over, black)
            d += 1
        if not found and captured:
            self.push(start, frm, captured)
        return 0

    def gen_captures(self, bm, bk, wm, wk, black, j):
        """The captures at self.sp on (``j``: the pieces that can capture).
        The common case in bulk: only men capture and no landing square
        offers a further jump, so every capture is a single jump (a man
        never jumps backwards, so the start square and the piece it took
        cannot matter to a next hop).  Otherwise piece by piece, in
        bitboard.captures' order."""
        empty = BOARD ^ (bm | bk | wm | wk)
        if black:
            kings = bk
            opp = wm | wk
            if not j & bk:
                j4 = j & (opp >> 4) & (empty >> 8)
                j5 = j & (opp >> 5) & (empty >> 10)
                on = ((opp >> 4) & (empty >> 8)) | ((opp >> 5) & (empty >> 10))
                if not ((((j4 << 8) | (j5 << 10)) & ~BC) & on):
                    while j4:
                        b = j4 & -j4
                        j4 ^= b
                        self.push(b, b << 8, b << 4)
                    while j5:
                        b = j5 & -j5
                        j5 ^= b
                        self.push(b, b << 10, b << 5)
                    return 0
        else:
            kings = wk
            opp = bm | bk
            if not j & wk:
                j4 = j & (opp << 4) & (empty << 8)
                j5 = j & (opp << 5) & (empty << 10)
                on = ((opp << 4) & (empty << 8)) | ((opp << 5) & (empty << 10))
                if not ((((j4 >> 8) | (j5 >> 10)) & ~WC) & on):
                    while j4:
                        b = j4 & -j4
                        j4 ^= b
                        self.push(b, b >> 8, b >> 4)
                    while j5:
                        b = j5 & -j5
                        j5 ^= b
                        self.push(b, b >> 10, b >> 5)
                    return 0
        while j:
            b = j & -j
            j ^= b
            if b & kings:
                # the king's start square is empty while it jumps: it may come back
                self.king_jumps(b, b, opp, empty | b, 0)
            else:
                self.man_jumps(b, b, opp, empty, 0, black)
        return 0

    def jumpers(self, bm, bk, wm, wk, black):
        """The pieces of the side to move that can capture."""
        empty = BOARD ^ (bm | bk | wm | wk)
        if black:
            own = bm | bk
            opp = wm | wk
            j = (own & (opp >> 4) & (empty >> 8)) | (own & (opp >> 5) & (empty >> 10))
            if bk:
                j |= (bk & (opp << 4) & (empty << 8)) | (bk & (opp << 5) & (empty << 10))
            return j
        own = wm | wk
        opp = bm | bk
        j = (own & (opp << 4) & (empty << 8)) | (own & (opp << 5) & (empty << 10))
        if wk:
            j |= (wk & (opp >> 4) & (empty >> 8)) | (wk & (opp >> 5) & (empty >> 10))
        return j

    def gen_moves(self, bm, bk, wm, wk, black):
        """Every legal move at self.sp on: the captures if any (they are compulsory), else the quiet moves."""
        j = self.jumpers(bm, bk, wm, wk, black)
        if j:
            self.gen_captures(bm, bk, wm, wk, black, j)
        else:
            self.gen_quiet(bm, bk, wm, wk, black)
        return 0

    def moves(self, bm, bk, wm, wk, black):
        """Every legal move as (frm, to, captured), in the order the search
        generates them (for tests and tools)."""
        self.sp = 0
        self.gen_moves(bm, bk, wm, wk, black)
        out = []
        for i in range(self.sp):
            out.append((self.mf[i], self.mt[i], self.mc[i]))
        self.sp = 0
        return out

    def after(self, bm, bk, wm, wk, black, frm, to, cap):
        """The four masks after a move (a man reaching the far row is crowned)."""
        if black:
            if frm & bm:
                if to & BC:
                    return bm ^ frm, bk | to, wm & ~cap, wk & ~cap
                return bm ^ frm ^ to, bk, wm & ~cap, wk & ~cap
            return bm, bk ^ frm ^ to, wm & ~cap, wk & ~cap
        if frm & wm:
            if to & WC:
                return bm & ~cap, bk & ~cap, wm ^ frm, wk | to
            return bm & ~cap, bk & ~cap, wm ^ frm ^ to, wk
        return bm & ~cap, bk & ~cap, wm, wk ^ frm ^ to

    def perft(self, bm, bk, wm, wk, black, depth):
        """The leaves of the move tree ``depth`` plies deep (the last ply
        counted, not played): the standard check of a move generator."""
        self.room()
        start = self.sp
        self.gen_moves(bm, bk, wm, wk, black)
        end = self.sp
        if depth <= 1:
            self.sp = start
            return end - start
        total = 0
        i = start
        while i < end:
            nbm, nbk, nwm, nwk = self.after(bm, bk, wm, wk, black, self.mf[i], self.mt[i], self.mc[i])
            total += self.perft(nbm, nbk, nwm, nwk, not black, depth - 1)
            i += 1
        self.sp = start
        return total

    # -- small tests on positions ----------------------------------------------------

    def can_move(self, bm, bk, wm, wk, black):
        """Whether the side to move has any legal move (a capture or a step)."""
        empty = BOARD ^ (bm | bk | wm | wk)
        if black:
            fwd = bm | bk
            back = bk
            opp = wm | wk
            if ((fwd << 4) | (fwd << 5)) & empty or ((back >> 4) | (back >> 5)) & empty:
                return True
            j = (fwd & (opp >> 4) & (empty >> 8)) | (fwd & (opp >> 5) & (empty >> 10))
            return bool(j or back & ((opp << 4) & (empty << 8) | (opp << 5) & (empty << 10)))
        fwd = wm | wk
        back = wk
        opp = bm | bk
        if ((fwd >> 4) | (fwd >> 5)) & empty or ((back << 4) | (back << 5)) & empty:
            return True
        j = (fwd & (opp << 4) & (empty << 8)) | (fwd & (opp << 5) & (empty << 10))
        return bool(j or back & ((opp >> 4) & (empty >> 8) | (opp >> 5) & (empty >> 10)))

    def wins_at_once(self, bm, bk, wm, wk, black):
        """Whether a quiet move of the side to move leaves the opponent without
        a legal move (blocked, not captured: captures are searched anyway)."""
        self.room()
        start = self.sp
        self.gen_quiet(bm, bk, wm, wk, black)
        end = self.sp
        self.sp = start
        i = start
        while i < end:
            nbm, nbk, nwm, nwk = self.after(bm, bk, wm, wk, black, self.mf[i], self.mt[i], 0)
            i += 1
            if not self.can_move(nbm, nbk, nwm, nwk, not black):
                return True
        return False

    def lost_in_two(self, bm, bk, wm, wk, black):
        """Whether every move of the side to move allows a reply that leaves
        it without a legal move."""
        self.room()
        start = self.sp
        self.gen_moves(bm, bk, wm, wk, black)
        end = self.sp
        i = start
        result = True
        while i < end:
            nbm, nbk, nwm, nwk = self.after(bm, bk, wm, wk, black, self.mf[i], self.mt[i], self.mc[i])
            i += 1
            self.room()
            rs = self.sp
            self.gen_moves(nbm, nbk, nwm, nwk, not black)
            re = self.sp
            blocked = False
            r = rs
            while r < re:
                b0, b1, b2, b3 = self.after(nbm, nbk, nwm, nwk, not black, self.mf[r], self.mt[r], self.mc[r])
                r += 1
                if not self.can_move(b0, b1, b2, b3, black):
                    blocked = True  # this reply blocks us
                    break
            self.sp = rs
            if not blocked:
                result = False  # no reply blocks this move (or there is no reply)
                break
        self.sp = start
        return result

    # -- ordering ------------------------------------------------------------------

    def to_front(self, start, end, f, t, c):
        """Move the first move equal to (f, t, c) in [start, end) to the front; False if absent."""
        i = start
        while i < end:
            if self.mf[i] == f and self.mt[i] == t and self.mc[i] == c:
                while i > start:
                    self.mf[i] = self.mf[i - 1]
                    self.mt[i] = self.mt[i - 1]
                    self.mc[i] = self.mc[i - 1]
                    i -= 1
                self.mf[start] = f
                self.mt[start] = t
                self.mc[start] = c
                return True
            i += 1
        return False

    def remove(self, start, end, f, t, c):
        """Remove the first move equal to (f, t, c); the new end."""
        i = start
        while i < end:
            if self.mf[i] == f and self.mt[i] == t and self.mc[i] == c:
                while i + 1 < end:
                    self.mf[i] = self.mf[i + 1]
                    self.mt[i] = self.mt[i + 1]
                    self.mc[i] = self.mc[i + 1]
                    i += 1
                return end - 1
            i += 1
        return end

    def sort_desc(self, start, end):
        """Stable sort of [start, end) by self.mk, highest first (as list.sort(reverse=True))."""
        i = start + 1
        while i < end:
            k = self.mk[i]
            f = self.mf[i]
            t = self.mt[i]
            c = self.mc[i]
            j = i
            while j > start and self.mk[j - 1] < k:
                self.mk[j] = self.mk[j - 1]
                self.mf[j] = self.mf[j - 1]
                self.mt[j] = self.mt[j - 1]
                self.mc[j] = self.mc[j - 1]
                j -= 1
            self.mk[j] = k
            self.mf[j] = f
            self.mt[j] = t
            self.mc[j] = c
            i += 1

    def order(self, start, end, capturing, depth, ply, sort_captures_above):
        """Order a node's moves: quiet ones by history with the ply's two
        killers first, captures by pieces taken.  Very shallow nodes and short
        capture lists are left alone: sorting them costs more than it saves."""
        if not capturing:
            if depth > 1:
                i = start
                while i < end:
                    self.mk[i] = self.hist[bitlen(self.mf[i]) * 36 + bitlen(self.mt[i])]  # noqa: F405
                    i += 1
                self.sort_desc(start, end)
                if self.k2f[ply]:
                    self.to_front(start, end, self.k2f[ply], self.k2t[ply], 0)
                if self.k1f[ply]:
                    self.to_front(start, end, self.k1f[ply], self.k1t[ply], 0)
        elif end - start > sort_captures_above:
            i = start
            while i < end:
                self.mk[i] = popcount(self.mc[i])  # noqa: F405
                i += 1
            self.sort_desc(start, end)

    def reward_cut(self, frm, to, depth, ply, start, idx, tf, tt_, tc, i):
        """A quiet move cut off at ``depth``: it gains depth squared in the
        history and becomes the ply's first killer.  With hist_malus, the
        quiet moves tried before it at this node lose as much: those before
        it in the list ([start, idx - 1) of the stack) and the table's move
        when it was tried alone, before the list was made."""
        d2 = depth * depth
        self.hist[bitlen(frm) * 36 + bitlen(to)] += d2  # noqa: F405
        if i > 1 and self.hist_malus:
            q = start
            while q < idx - 1:
                if not self.mc[q]:
                    self.hist[bitlen(self.mf[q]) * 36 + bitlen(self.mt[q])] -= d2  # noqa: F405
                q += 1
            if ply and tf and not tc:
                self.hist[bitlen(tf) * 36 + bitlen(tt_)] -= d2  # noqa: F405
        if not (self.k1f[ply] == frm and self.k1t[ply] == to):
            self.k2f[ply] = self.k1f[ply]
            self.k2t[ply] = self.k1t[ply]
            self.k1f[ply] = frm
            self.k1t[ply] = to
        return 0

    # -- the tree ------------------------------------------------------------------

    def poll(self):
        """Every poll_every nodes: other threads and Ctrl+C, the stop request, the clock, the table's size."""
        self.poll_at = self.nodes + self.poll_every
        let_python_in()  # noqa: F405  (other threads, Ctrl+C)
        if self.stop is not None and self.stop():
            raise Stop
        if self.deadline >= 0 and self.clock() >= self.deadline:
            raise Stop
        if self.tt_count > self.tt_entries:
            self.trim()
        return 0

    def repeated(self, k0, k1, black):
        """The index of a key in the repetition list (the game's history
        first, then the line being searched), or -1."""
        b = 1 if black else 0
        i = self.rep_n - 1
        while i >= 0:
            if self.rep0[i] == k0 and self.rep1[i] == k1 and self.repb[i] == b:
                return i
            i -= 1
        return -1

    def rep_push(self, k0, k1, black):
        i = self.rep_n
        if i >= REPS:
            raise OverflowError("repetition list full")
        self.rep0[i] = k0
        self.rep1[i] = k1
        self.repb[i] = 1 if black else 0
        self.rep_n = i + 1
        return 0

    def repetition(self, bm, bk, wm, wk, black, r):
        """The score of a repetition (``r``: the index of the position it
        repeats): a draw if either side wants it.  A repetition of the game's
        history is noted: that score holds only with this history."""
        if r < self.rep_hist:
            self.history_draws.add((bm, bk, wm, wk, black))
        return self.draw_b if black else self.draw_w

    def qnode(self, bm, bk, wm, wk, black, alpha, beta, ply, j):
        """node() at the horizon for a side that must capture (``j``: the
        pieces that can): the same search, without what cannot apply there
        (no table, pruning or reductions at depth 0; every move is a
        capture, and a position after a capture can repeat nothing before
        it).  Most nodes of the tree are these."""
        self.nodes += 1
        if self.nodes >= self.poll_at:
            self.poll()
        if bk or wk:
            r = self.repeated(pack(bm) | pack(bk) << 32, pack(wm) | pack(wk) << 32, black)
            if r >= 0:
                return self.repetition(bm, bk, wm, wk, black, r)
        occ = bm | bk | wm | wk
        if popcount(occ) <= self.eg_max:  # noqa: F405
            s = self.probe(bm, bk, wm, wk, black)
            if s != NO_SCORE:
                return s
        self.room()
        start = self.sp
        self.gen_captures(bm, bk, wm, wk, black, j)
        end = self.sp
        if end - start > 2:
            i = start
            while i < end:
                self.mk[i] = popcount(self.mc[i])  # noqa: F405
                i += 1
            self.sort_desc(start, end)
        empty = BOARD ^ occ
        # (as in node(): whether a child can be blocked by our next move)
        if black:
            we_might_block = popcount(((bm | bk) << 4 | (bm | bk) << 5 | bk >> 4 | bk >> 5) & empty) < 7  # noqa: F405
        else:
            we_might_block = popcount(((wm | wk) >> 4 | (wm | wk) >> 5 | wk << 4 | wk << 5) & empty) < 7  # noqa: F405
        best = -INF
        a = alpha
        i = start
        while i < end:
            frm = self.mf[i]
            to = self.mt[i]
            cap = self.mc[i]
            i += 1
            nbm, nbk, nwm, nwk = self.after(bm, bk, wm, wk, black, frm, to, cap)
            if black:
                ce = BOARD ^ (nbm | nbk | nwm | nwk)
                co = nbm | nbk
                cf = nwm | nwk
                cj = (cf & (co << 4) & (ce << 8)) | (cf & (co << 5) & (ce << 10))
                if nwk:
                    cj |= (nwk & (co >> 4) & (ce >> 8)) | (nwk & (co >> 5) & (ce >> 10))
                if cj:
                    score = -self.qnode(nbm, nbk, nwm, nwk, False, -beta, -a, ply + 1, cj)
                else:
                    leaf = 0
                    if cf and popcount(cf | co) > self.eg_max:  # noqa: F405
                        leaf = ((cf >> 4) | (cf >> 5) | (nwk << 4) | (nwk << 5)) & ce
                    if leaf and we_might_block:
                        od = ((co << 4) | (co << 5) | (nbk >> 4) | (nbk >> 5)) & ce
                        leaf = od & (od - 1)
                    if leaf:
                        self.nodes += 1
                        score = -self.leaf(nbm, nbk, nwm, nwk, False)
                    else:
                        score = -self.node(nbm, nbk, nwm, nwk, False, 0, -beta, -a, ply + 1)
            else:
                ce = BOARD ^ (nbm | nbk | nwm | nwk)
                co = nwm | nwk
                cf = nbm | nbk
                cj = (cf & (co >> 4) & (ce >> 8)) | (cf & (co >> 5) & (ce >> 10))
                if nbk:
                    cj |= (nbk & (co << 4) & (ce << 8)) | (nbk & (co << 5) & (ce << 10))
                if cj:
                    score = -self.qnode(nbm, nbk, nwm, nwk, True, -beta, -a, ply + 1, cj)
                else:
                    leaf = 0
                    if cf and popcount(cf | co) > self.eg_max:  # noqa: F405
                        leaf = ((cf << 4) | (cf << 5) | (nbk >> 4) | (nbk >> 5)) & ce
                    if leaf and we_might_block:
                        od = ((co >> 4) | (co >> 5) | (nwk << 4) | (nwk << 5)) & ce
                        leaf = od & (od - 1)
                    if leaf:
                        self.nodes += 1
                        score = -self.leaf(nbm, nbk, nwm, nwk, True)
                    else:
                        score = -self.node(nbm, nbk, nwm, nwk, True, 0, -beta, -a, ply + 1)
            if score > best:
                best = score
                if score > a:
                    a = score
                    if a >= beta:
                        break
        self.sp = start
        return best

    def node(self, bm, bk, wm, wk, black, depth, alpha, beta, ply):
        """The score of the state for the side to move, searched ``depth``
        plies (and on through captures), ``ply`` plies below the root
        (fail-soft negamax)."""
        self.nodes += 1
        if self.nodes >= self.poll_at:
            self.poll()
        # -- lost, or a quiet horizon: answered at once ----------------------
        occ = bm | bk | wm | wk
        empty = BOARD ^ occ
        # A side without a legal move has lost: tested before any table,
        # pruning or horizon can answer for this position (here, at the
        # horizon, before reverse futility, or when moves are generated).
        if black:
            own = bm | bk
            if not own:
                return ply - WIN
            opp = wm | wk
            j = (own & (opp >> 4) & (empty >> 8)) | (own & (opp >> 5) & (empty >> 10))
            if bk:
                j |= (bk & (opp << 4) & (empty << 8)) | (bk & (opp << 5) & (empty << 10))
        else:
            own = wm | wk
            if not own:
                return ply - WIN
            opp = bm | bk
            j = (own & (opp << 4) & (empty << 8)) | (own & (opp << 5) & (empty << 10))
            if wk:
                j |= (wk & (opp >> 4) & (empty >> 8)) | (wk & (opp >> 5) & (empty >> 10))
        if depth <= 0 and not j:
            # Quiet horizon: captures are compulsory, so a position without
            # one is stable enough to evaluate -- unless a side is blocked.
            # The opponent can be left without a move by one quiet move of
            # ours only if it has at most one square to step to now (our
            # move fills one square and empties another).
            if black:
                if not ((own << 4) | (own << 5) | (bk >> 4) | (bk >> 5)) & empty:
                    return ply - WIN
                od = ((opp >> 4) | (opp >> 5) | (wk << 4) | (wk << 5)) & empty
            else:
                if not ((own >> 4) | (own >> 5) | (wk << 4) | (wk << 5)) & empty:
                    return ply - WIN
                od = ((opp << 4) | (opp << 5) | (bk >> 4) | (bk >> 5)) & empty
            if not (od & (od - 1)) and ply and self.wins_at_once(bm, bk, wm, wk, black):
                return WIN - ply - 1
            if popcount(occ) <= self.eg_max and ply:  # noqa: F405
                s = self.probe(bm, bk, wm, wk, black)
                if s != NO_SCORE:
                    return s
            return self.leaf(bm, bk, wm, wk, black)

        # -- a repetition, the endgame database, the table -------------------
        kings = bk or wk
        # (only the repetition test and the table need the key: a capture at
        # the horizon between men needs neither)
        k0 = 0
        k1 = 0
        if kings or depth > 0:
            k0 = pack(bm) | pack(bk) << 32
            k1 = pack(wm) | pack(wk) << 32
        if kings and ply:
            r = self.repeated(k0, k1, black)
            if r >= 0:
                return self.repetition(bm, bk, wm, wk, black, r)
        # (a quiet move keeps the piece count: its child needs the database
        # only if this node does)
        few = popcount(occ) <= self.eg_max  # noqa: F405
        if few and ply:
            s = self.probe(bm, bk, wm, wk, black)
            if s != NO_SCORE:
                return s

        tf = 0   # the table's move: from, to, captured
        tt_ = 0
        tc = 0
        tnm = 0  # and the number of moves it stored
        if depth > 0 and self.tt_read:
            h = self.tt_slot(k0, k1, black)
            w = self.tt[4 * h + 2]
            if w & 1:
                if w >> 40 & 63:
                    tf = ONE << ((w >> 40 & 63) - 1)
                    tt_ = ONE << ((w >> 46 & 63) - 1)
                    tc = unpack(self.tt[4 * h + 3] & 0xFFFFFFFF)
                tnm = w >> 11 & 511
                edepth = w >> 4 & 127
                if edepth >= depth and ply:
                    escore = w >> 20 & 0xFFFFF
                    escore -= SCORE_BIAS
                    # (a win's distance is stored from its node: see the end)
                    if escore >= MATE_BOUND:
                        escore -= ply
                    elif escore <= -MATE_BOUND:
                        escore += ply
                    eflag = w >> 2 & 3
                    if eflag == EXACT:
                        return escore
                    if eflag == LOWER:
                        if escore >= beta:
                            return escore
                    elif escore <= alpha:
                        return escore

        # -- pruning before any move is tried: reverse futility, ProbCut -----
        if not j and depth <= self.rfp_depth and beta - alpha == 1 and ply:
            if black:
                mob = ((own << 4) | (own << 5) | (bk >> 4) | (bk >> 5)) & empty
            else:
                mob = ((own >> 4) | (own >> 5) | (wk << 4) | (wk << 5)) & empty
            if not mob:
                return ply - WIN
            # reverse futility: far above beta with no capture pending and
            # little depth left, the opponent will not get back enough
            e = self.leaf(bm, bk, wm, wk, black) - self.rfp_margin * depth
            if e >= beta and beta > -MATE_BOUND and beta < MATE_BOUND:
                # ... unless this side, with few squares to step to, is about
                # to be blocked, which no static score sees
                if popcount(mob) <= self.rfp_check and self.lost_in_two(bm, bk, wm, wk, black):  # noqa: F405
                    return ply + 2 - WIN
                return e

        if (self.probcut and depth >= self.probcut_depth and beta - alpha == 1 and ply
                and -self.probcut_bound < beta < self.probcut_bound):
            # ProbCut: a search probcut_r plies shallower that clears beta by
            # a margin would almost surely clear it at full depth too
            rb = beta + self.probcut_margin
            if self.node(bm, bk, wm, wk, black, depth - self.probcut_r, rb - 1, rb, ply) >= rb:
                return beta

        # -- the moves, and how deep their children are searched -------------
        self.room()
        start = self.sp
        if tf and ply:
            # try the table's move before generating anything: it often cuts
            # off, and then the move list is never made
            self.push(tf, tt_, tc)
            nmoves = tnm
            more = nmoves > 1
        else:
            more = False
            if j:
                self.gen_captures(bm, bk, wm, wk, black, j)
            else:
                self.gen_quiet(bm, bk, wm, wk, black)
                if self.sp == start:
                    return ply - WIN
            nmoves = self.sp - start
            if nmoves > 1:
                self.order(start, self.sp, j, depth, ply, 2)
                if tf:
                    self.to_front(start, self.sp, tf, tt_, tc)
        end = self.sp
        if nmoves == 1:
            # a forced reply may cost no depth (see search.EXTEND_SINGLE)
            child_depth = depth if ply < MAX_PLY and self.extend_single else depth - 1
            if child_depth < 0:
                child_depth = 0
        else:
            child_depth = depth - 1 if depth > 0 else 0

        # late move pruning: at shallow non-PV nodes without a capture, quiet
        # moves after the first lmp[depth] are not searched
        if depth < self.lmp_n and beta - alpha == 1 and not j:
            lmp_limit = (self.lmp0 if depth == 0 else self.lmp1 if depth == 1 else self.lmp2 if depth == 2
                         else self.lmp3)
        else:
            lmp_limit = 99
        we_might_block = False
        they_can_move = 0
        pruning_late = False
        if not child_depth:
            # After one move of ours we keep at least our squares to step to
            # now less 5 (the moved piece's 4 and the one it fills): with 7 or
            # more, no child can be blocked by us next move, and the horizon
            # test for it can be skipped.  Likewise the opponent keeps a
            # square to step to after a quiet move of ours if it has two now.
            if black:
                ours = ((own << 4) | (own << 5) | (bk >> 4) | (bk >> 5)) & empty
                theirs = ((opp >> 4) | (opp >> 5) | (wk << 4) | (wk << 5)) & empty
            else:
                ours = ((own >> 4) | (own >> 5) | (wk << 4) | (wk << 5)) & empty
                theirs = ((opp << 4) | (opp << 5) | (bk >> 4) | (bk >> 5)) & empty
            we_might_block = popcount(ours) < 7  # noqa: F405
            they_can_move = theirs & (theirs - 1)
        # -- the children, best first, until one cuts --------------------------
        added = False
        if kings and (ply or self.repeated(k0, k1, black) < 0):
            added = True
            self.rep_push(k0, k1, black)
        best = -INF
        bf = 0
        bt = 0
        bc = 0
        a = alpha
        i = 0
        while True:
            done = False
            idx = start
            while idx < end:
                frm = self.mf[idx]
                to = self.mt[idx]
                cap = self.mc[idx]
                idx += 1
                # the child: nbm, nbk, nwm, nwk with nb to move
                nbm, nbk, nwm, nwk = self.after(bm, bk, wm, wk, black, frm, to, cap)
                nb = not black
                if i >= lmp_limit and not cap:
                    # late move pruning, unless one of the moves left might
                    # block the opponent (see the horizon above)
                    if not pruning_late:
                        if black:
                            od = ((opp >> 4) | (opp >> 5) | (wk << 4) | (wk << 5)) & empty
                        else:
                            od = ((opp << 4) | (opp << 5) | (bk >> 4) | (bk >> 5)) & empty
                        if od & (od - 1):
                            pruning_late = True
                        else:
                            lmp_limit = 99
                    # ... and never a move that offers the opponent a capture:
                    # captures are compulsory, so it forces the reply, and the
                    # shots of checkers (men given to take more) start with one
                    if pruning_late:
                        if not self.keep_shots:
                            done = True  # (every move left is pruned)
                            break
                        if not self.jumpers(nbm, nbk, nwm, nwk, nb):
                            continue
                if not child_depth:
                    # The child is at the horizon: if it has no capture, a move
                    # of its own, and we cannot block it next move, it is a
                    # leaf, evaluated here without the cost of a call.  (The
                    # same tests as at the top of node(), for the child.)
                    ce = BOARD ^ (nbm | nbk | nwm | nwk)
                    if nb:
                        co = nwm | nwk
                        cf = nbm | nbk
                        cj = (cf & (co >> 4) & (ce >> 8)) | (cf & (co >> 5) & (ce >> 10))
                        if nbk:
                            cj |= (nbk & (co << 4) & (ce << 8)) | (nbk & (co << 5) & (ce << 10))
                        if cj or not cf:
                            leaf = 0
                        elif cap or few:
                            # (the database knows the few-piece ones better)
                            leaf = 0
                            if popcount(cf | co) > self.eg_max:  # noqa: F405
                                leaf = ((cf << 4) | (cf << 5) | (nbk >> 4) | (nbk >> 5)) & ce
                        else:
                            leaf = they_can_move or ((cf << 4) | (cf << 5) | (nbk >> 4) | (nbk >> 5)) & ce
                        if leaf and we_might_block:
                            od = ((co >> 4) | (co >> 5) | (nwk << 4) | (nwk << 5)) & ce
                            leaf = od & (od - 1)
                    else:
                        co = nbm | nbk
                        cf = nwm | nwk
                        cj = (cf & (co << 4) & (ce << 8)) | (cf & (co << 5) & (ce << 10))
                        if nwk:
                            cj |= (nwk & (co >> 4) & (ce >> 8)) | (nwk & (co >> 5) & (ce >> 10))
                        if cj or not cf:
                            leaf = 0
                        elif cap or few:
                            leaf = 0
                            if popcount(cf | co) > self.eg_max:  # noqa: F405
                                leaf = ((cf >> 4) | (cf >> 5) | (nwk << 4) | (nwk << 5)) & ce
                        else:
                            leaf = they_can_move or ((cf >> 4) | (cf >> 5) | (nwk << 4) | (nwk << 5)) & ce
                        if leaf and we_might_block:
                            od = ((co << 4) | (co << 5) | (nbk >> 4) | (nbk >> 5)) & ce
                            leaf = od & (od - 1)
                    if leaf:
                        self.nodes += 1
                        score = -self.leaf(nbm, nbk, nwm, nwk, nb)
                    elif cj:
                        score = -self.qnode(nbm, nbk, nwm, nwk, nb, -beta, -a, ply + 1, cj)
                    else:
                        score = -self.node(nbm, nbk, nwm, nwk, nb, 0, -beta, -a, ply + 1)
                elif i == 0:
                    score = -self.node(nbm, nbk, nwm, nwk, nb, child_depth, -beta, -a, ply + 1)
                else:
                    # late move reductions: quiet moves late in a well ordered
                    # list rarely matter; verified at full depth if they do
                    r = 0
                    if (child_depth >= 2 and i >= self.lmr_from and not cap
                            and not (self.keep_shots > 1 and self.jumpers(nbm, nbk, nwm, nwk, nb))):
                        r = self.lmr[(child_depth if child_depth < 32 else 31) * 32 + (i if i < 32 else 31)]
                        if r >= child_depth:
                            r = child_depth - 1
                    score = -self.node(nbm, nbk, nwm, nwk, nb, child_depth - r, -a - 1, -a, ply + 1)
                    if score > a and (r or score < beta):
                        score = -self.node(nbm, nbk, nwm, nwk, nb, child_depth, -beta, -a, ply + 1)
                i += 1
                if score > best:
                    best = score
                    bf = frm
                    bt = to
                    bc = cap
                    if not ply:
                        # the root's best so far, and the same once it beat alpha
                        # (what an unfinished depth has proven: see search.py)
                        self.root_move_f = frm
                        self.root_move_t = to
                        self.root_move_c = cap
                        self.root_score = score
                        if score > a:
                            self.proven_f = frm
                            self.proven_t = to
                            self.proven_c = cap
                            self.proven_score = score
                    if score > a:
                        a = score
                        if a >= beta:
                            if not cap:
                                self.reward_cut(frm, to, depth, ply, start, idx, tf, tt_, tc, i)
                            done = True
                            break
            if done or not more:
                break
            # the table's move did not cut off: now the rest, in order
            more = False
            self.sp = start
            if j:
                self.gen_captures(bm, bk, wm, wk, black, j)
            else:
                self.gen_quiet(bm, bk, wm, wk, black)
            end = self.remove(start, self.sp, tf, tt_, tc)
            self.sp = end
            self.order(start, end, j, depth, ply, 1)
        if added:
            self.rep_n -= 1
        self.sp = start

        # -- the result into the table (a win's distance from this node) -----
        if depth > 0:
            flag = LOWER if best >= beta else (EXACT if best > alpha else UPPER)
            s = best
            if s >= MATE_BOUND:
                s += ply
            elif s <= -MATE_BOUND:
                s -= ply
            self.tt_store(k0, k1, black, depth, s, flag, bf, bt, bc, nmoves)
        return best

    # -- entry points for the driver ------------------------------------------------

    def search(self, bm, bk, wm, wk, black, depth, alpha, beta, ply):
        """node() from Python: the stack and the line's repetitions start empty."""
        self.sp = 0
        self.rep_n = self.rep_base
        return self.node(bm, bk, wm, wk, black, depth, alpha, beta, ply)

    def set_history(self, states, root=None):
        """The game's earlier positions (those with kings): a repetition of one
        is a draw, noted in history_draws.  ``root`` (root_scores): the root
        too, whose repetition is a draw but no history's."""
        self.rep_n = 0
        for bm, bk, wm, wk, black in states:
            self.rep_push(pack(bm) | pack(bk) << 32, pack(wm) | pack(wk) << 32, black)
        self.rep_hist = self.rep_n
        if root is not None:
            bm, bk, wm, wk, black = root
            self.rep_push(pack(bm) | pack(bk) << 32, pack(wm) | pack(wk) << 32, black)
        self.rep_base = self.rep_n

    def clear_killers(self):
        for p in range(PLIES):
            self.k1f[p] = 0
            self.k1t[p] = 0
            self.k2f[p] = 0
            self.k2t[p] = 0

    def age_history(self):
        """Old history scores would swamp a new search: a quarter of each, toward zero."""
        for i in range(36 * 36):
            v = self.hist[i]
            self.hist[i] = v >> 2 if v > 0 else -(-v >> 2)

    def clear_history(self):
        for i in range(36 * 36):
            self.hist[i] = 0

    def history_score(self, frm, to):
        """The history score of the quiet move frm -> to (single-bit masks)."""
        return self.hist[bitlen(frm) * 36 + bitlen(to)]  # noqa: F405

    def set_history_score(self, frm, to, score):
        self.hist[bitlen(frm) * 36 + bitlen(to)] = score  # noqa: F405

    def count_perft(self, bm, bk, wm, wk, black, depth):
        """perft() from Python."""
        self.sp = 0
        return self.perft(bm, bk, wm, wk, black, depth)
