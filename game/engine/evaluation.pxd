# cython: language_level=3
# The C types of evaluation.py (Cython's pure Python mode; see core.pxd).

cimport cython
from ._bits cimport popcount, bitlen, compiled, BOARD

ctypedef unsigned long long u64

@cython.locals(i=Py_ssize_t)
cdef int copy_ints(list values, int[::1] out, Py_ssize_t n) except -1
@cython.locals(i=Py_ssize_t)
cdef int copy_longs(list values, long long[::1] out, Py_ssize_t n) except -1
@cython.locals(i=Py_ssize_t)
cdef int copy_masks(list values, u64[::1] out, Py_ssize_t n) except -1


@cython.final
cdef class Evaluation:
    cdef int[::1] ma0, ma1, ma2, ma3, mb0, mb1, mb2, mb3, bk0, bk1, bk2, bk3, wk0, wk1, wk2, wk3
    cdef u64[::1] ahead_b, ahead_w, near
    cdef int phase_split, w_man, w_king, w_mobility, w_runaway, w_king_end
    cdef u64 far_b, far_w, double_corners
    cdef public object py_eval
    cdef public int fade_kind, fade_left, fade_plies
    cdef public u64 fade_s0, fade_s1, fade_s2
    cdef public int draw_w, draw_b, press

    cpdef set_draws(self, int draw_w, int draw_b)
    cpdef set_fade(self, int kind, u64 s0, u64 s1, u64 s2, int left, int plies)
    @cython.locals(B=u64, W=u64, nb=int, nw=int, n=int, s=int, e=u64, mob=int, d=int, t=int, far=u64, r=int,
                   b=u64, bmat=int, wmat=int)
    cpdef int evaluate(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black) noexcept
    @cython.locals(total=int, kings=u64, b=u64, base=int, d=int)
    cdef int chase(self, u64 strong_kings, u64 strong_all, u64 weak_all, u64 weak_kings) noexcept
    cpdef int unfaded(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black) except? -999999999
    @cython.locals(s=int, kind=int, occ=u64, kings=u64, same=bint, dr=int)
    cpdef int leaf(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black) except? -999999999
