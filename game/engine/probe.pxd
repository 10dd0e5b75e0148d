# cython: language_level=3
# The C types of probe.py (Cython's pure Python mode; see core.pxd).

cimport cython
from libc.stdint cimport int64_t
from ._bits cimport popcount, bitlen, compiled, NO_SCORE, DATABASE_WIN, DATABASE_STAGE
from .evaluation cimport Evaluation

ctypedef unsigned long long u64

cdef int FIVE_KEYS


@cython.final
cdef class Probe:
    cdef public Evaluation ev
    cdef object eg, eg5
    cdef public int eg_max
    cdef int eg_loaded, eg_four, eg_loss, eg5_shift
    cdef long long eg5_held, eg5_share
    cdef public int press_div
    cdef int eg5_state[1296]
    cdef const unsigned char[::1] eg_table
    cdef long long[::1] eg_comb, eg_offsets
    cdef int[::1] eg_pos_mm, eg_pos_tm, eg_pos_k
    cdef u64[::1] eg_flip

    @cython.locals(r=int64_t, i=int, b=u64, p=int)
    cdef int64_t rank(self, u64 mask, int[::1] pos) noexcept
    @cython.locals(out=u64, b=u64)
    cdef u64 flip(self, u64 mask) noexcept
    @cython.locals(key=int, state=int)
    cdef object five(self, int a, int b2, int c, int d, int block)
    @cython.locals(i=int)
    cdef void drop_five(self)
    @cython.locals(mm=u64, mk=u64, tm=u64, tk=u64, a=int, b2=int, c=int, d=int, b=int, idx=int64_t, t=int,
                   p=int, dr=int, stage=int, comb=cython.longlong[::1], five=bytes, ev=Evaluation)
    cdef int probe(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black) except? -999999999
