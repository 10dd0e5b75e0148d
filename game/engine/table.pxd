# cython: language_level=3
# The C types of table.py (Cython's pure Python mode; see core.pxd).

cimport cython
from libc.stdint cimport int64_t
from ._bits cimport popcount, bitlen, compiled, pack, unpack, touch, M64, ONE, LOW32, SCORE_BIAS, EXACT

ctypedef unsigned long long u64

cdef u64 HASH1, HASH2
cdef int WAYS, TT_MIN_BITS, CAP_MIN_BITS

@cython.locals(bits=int)
cpdef int cap_bits(int64_t entries)


@cython.final
cdef class Table:
    cdef public int bits, cap
    cdef int shift
    cdef int64_t off
    cdef public int64_t entries, count
    cdef public int generation
    cdef public int64_t mask
    cdef u64[::1] tt

    cdef int alloc(self) except -1
    cpdef clear(self)
    cpdef set_entries(self, int64_t entries)
    cdef void prefetch(self, u64 k0, u64 k1) noexcept
    @cython.locals(h=int64_t, end=int64_t)
    cdef int64_t slot(self, u64 k0, u64 k1, bint black) noexcept
    @cython.locals(b=int64_t, h=int64_t, empty=int64_t, tag=u64, w=u64, victim=int64_t, worst=int, v=int)
    cdef int64_t place(self, u64 k0, u64 k1, bint black) noexcept
    @cython.locals(w=u64, v=int)
    cdef int worth(self, int64_t h) noexcept
    @cython.locals(old=u64[::1], n=int64_t, i=int64_t, h=int64_t, p=int64_t, w=u64, done=bint, old_bits=int,
                   old_count=int64_t, old_off=int64_t)
    cdef int rehash(self, int bits) except -1
    @cython.locals(h=int64_t, w=u64, f=u64)
    cdef int store(self, u64 k0, u64 k1, bint black, int depth, int score, int flag, u64 mf, u64 mt, u64 mc,
                   int nmoves) except -1
    @cython.locals(h=int64_t, w=u64, w3=u64)
    cpdef object get(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black)
    @cython.locals(i=int64_t, h=int64_t, w=u64, k0=u64, k1=u64)
    cpdef list states(self)
    @cython.locals(h=int64_t, g=u64)
    cpdef renew(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black)
