"""The search core's move stack and move generation (see core.py for the
core as a whole).

A move is three masks on the stack: from, to and the captured pieces
(``mf``/``mt``/``mc`` at one index; ``mk`` is a sort key).  A node's moves
are the slice ``[start, end)`` of the stack; its children's moves come
after ``end``.  A state is ``(bm, bk, wm, wk, black)`` as in
``game.rules.bitboard``.  Besides the generators: the child of a move
(after), perft, the small tests on positions the search asks (whether a side
can move, is blocked at once or in two), and the stack's reordering.
"""

from ._bits import *

STACK = 1 << 15             # moves on the stack, all plies together
MAX_MOVES = 512             # room left for one position's moves


def _zeros(n):
    """A list of n zeros (a C array's value when compiled)."""
    return [0] * n


class MoveStack:
    """The moves of every node on the line being searched."""

    def __init__(self):
        if not compiled:
            # (compiled, these are C arrays in the object, zeroed when it is made)
            self.mf = _zeros(STACK)
            self.mt = _zeros(STACK)
            self.mc = _zeros(STACK)
            self.mk = _zeros(STACK)   # sort keys
        self.sp = 0

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

    # -- generation ------------------------------------------------------------------

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

    def count_perft(self, bm, bk, wm, wk, black, depth):
        """perft() from Python."""
        self.sp = 0
        return self.perft(bm, bk, wm, wk, black, depth)

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

    # -- reordering ----------------------------------------------------------------

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

    def sort_captures(self, start, end):
        """Captures by the number of pieces taken, most first."""
        i = start
        while i < end:
            self.mk[i] = popcount(self.mc[i])
            i += 1
        self.sort_desc(start, end)
