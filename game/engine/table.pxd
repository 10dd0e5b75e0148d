# cython: language_level=3
# The C types of table.py (Cython's pure Python mode; see core.pxd).

cimport cython
from libc.stdint cimport int64_t
from ._bits cimport popcount, bitlen, compiled, pack, unpack, M64, ONE, SCORE_BIAS

ctypedef unsigned long long u64

cdef u64 HASH1, HASH2
cdef int TT_MIN_BITS

@cython.locals(lo=Py_ssize_t, hi=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, pivot=cython.longlong, t=cython.longlong)
cdef long long select(long long[::1] a, Py_ssize_t n, Py_ssize_t k) noexcept


@cython.final
cdef class Table:
    cdef int bits, shift
    cdef public int64_t entries, count, stamp
    cdef public int generation
    cdef public object pv_states
    cdef public int64_t mask
    cdef u64[::1] tt
    cdef long long[::1] tord

    cdef int alloc(self) except -1
    cpdef clear(self)
    @cython.locals(h=int64_t, mask=int64_t, tag=u64, w=u64)
    cdef int64_t slot(self, u64 k0, u64 k1, bint black) noexcept
    @cython.locals(kept=u64[::1], order=cython.longlong[::1], n=int64_t, m=int64_t, i=int64_t, h=int64_t, w=u64,
                   gen=u64)
    cdef int rehash(self, int bits, long long keep_old, long long keep_cur, int64_t n_kept) except -1
    @cython.locals(h=int64_t, w=u64, f=u64)
    cdef int store(self, u64 k0, u64 k1, bint black, int depth, int score, int flag, u64 mf, u64 mt, u64 mc,
                   int nmoves) except -1
    @cython.locals(h=int64_t, w=u64, w3=u64)
    cpdef object get(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black)
    @cython.locals(h=int64_t, w=u64, k0=u64, k1=u64)
    cpdef list states(self)
    @cython.locals(h=int64_t, g=u64)
    cpdef renew(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black, bint regen)
    @cython.locals(excess=int64_t, gen=u64, old=cython.longlong[::1], cur=cython.longlong[::1], n_old=int64_t,
                   n_cur=int64_t, h=int64_t, keep_old=cython.longlong, keep_cur=cython.longlong)
    cpdef int trim(self) except -1
