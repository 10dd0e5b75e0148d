# cython: language_level=3
# The C types of movegen.py (Cython's pure Python mode; see core.pxd).

cimport cython
from libc.stdint cimport int64_t
from ._bits cimport popcount, compiled, BOARD, BC, WC

ctypedef unsigned long long u64

cdef int STACK, MAX_MOVES


@cython.final
cdef class MoveStack:
    cdef u64 mf[32768]
    cdef u64 mt[32768]
    cdef u64 mc[32768]
    cdef int64_t mk[32768]
    cdef public int sp

    @cython.locals(i=int)
    cdef int push(self, u64 f, u64 t, u64 c) noexcept
    cdef int room(self) except -1
    @cython.locals(empty=u64, fwd=u64, t=u64, b=u64)
    cdef int gen_quiet(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black) noexcept
    @cython.locals(found=bint, d=int, over=u64, land=u64)
    cdef int king_jumps(self, u64 start, u64 frm, u64 opp, u64 empty, u64 captured) noexcept
    @cython.locals(found=bint, d=int, over=u64, land=u64)
    cdef int man_jumps(self, u64 start, u64 frm, u64 opp, u64 empty, u64 captured, bint black) noexcept
    @cython.locals(empty=u64, kings=u64, opp=u64, j4=u64, j5=u64, on=u64, b=u64)
    cdef int gen_captures(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black, u64 j) noexcept
    @cython.locals(empty=u64, own=u64, opp=u64, j=u64)
    cdef u64 jumpers(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black) noexcept
    @cython.locals(j=u64)
    cdef int gen_moves(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black) noexcept
    cdef (u64, u64, u64, u64) after(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black, u64 frm, u64 to,
                                    u64 cap) noexcept
    @cython.locals(start=int, end=int, total=int64_t, i=int, nbm=u64, nbk=u64, nwm=u64, nwk=u64)
    cdef int64_t perft(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black, int depth) except -1

    @cython.locals(empty=u64, fwd=u64, back=u64, opp=u64, j=u64)
    cpdef bint can_move(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black) noexcept
    @cython.locals(start=int, end=int, i=int, nbm=u64, nbk=u64, nwm=u64, nwk=u64)
    cpdef int wins_at_once(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black) except -1
    @cython.locals(start=int, end=int, i=int, nbm=u64, nbk=u64, nwm=u64, nwk=u64, rs=int, re=int, blocked=bint,
                   r=int, b0=u64, b1=u64, b2=u64, b3=u64, result=bint)
    cpdef int lost_in_two(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black) except -1

    @cython.locals(i=int)
    cdef bint to_front(self, int start, int end, u64 f, u64 t, u64 c) noexcept
    @cython.locals(i=int)
    cdef int remove(self, int start, int end, u64 f, u64 t, u64 c) noexcept
    @cython.locals(i=int, j=int, k=int64_t, f=u64, t=u64, c=u64)
    cdef void sort_desc(self, int start, int end) noexcept
    @cython.locals(i=int)
    cdef void sort_captures(self, int start, int end) noexcept
