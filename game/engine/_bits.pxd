# C versions of _bits.py for the compiled core (cimported by its modules' .pxd).

cdef extern from *:
    """
    #if defined(_MSC_VER) && !defined(__clang__)
    #include <intrin.h>
    static __inline int checkers_popcount(unsigned long long x) {
        /* (no __popcnt64: it needs an instruction older x86-64 machines lack) */
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    static __inline int checkers_bitlen(unsigned long long x) {
        unsigned long i;
        _BitScanReverse64(&i, x);
        return (int)i + 1;
    }
    #else
    #define checkers_popcount(x) __builtin_popcountll(x)
    #define checkers_bitlen(x) (64 - __builtin_clzll(x))
    #endif
    #ifndef CHECKERS_CORE_DIGEST
    #define CHECKERS_CORE_DIGEST 0ULL
    #endif
    #if defined(__GNUC__) || defined(__clang__)
    #define checkers_prefetch(p) __builtin_prefetch(p)
    #else
    #define checkers_prefetch(p) ((void)0)
    #endif
    #define CHECKERS_BOARD 0x7FBFDFEFFULL
    #define CHECKERS_BC 0x780000000ULL
    #define CHECKERS_WC 0xFULL
    #define CHECKERS_M64 0xFFFFFFFFFFFFFFFFULL
    #define CHECKERS_LOW32 0xFFFFFFFFULL
    #define CHECKERS_ONE 1ULL
    """
    int checkers_popcount(unsigned long long) nogil
    int checkers_bitlen(unsigned long long) nogil
    void checkers_prefetch(const void *) nogil
    # setup.py passes the digest of the core's source (corebuild.source_digest)
    const unsigned long long core_digest "CHECKERS_CORE_DIGEST"
    # the board's masks (the values of _bits.py)
    const unsigned long long BOARD "CHECKERS_BOARD"
    const unsigned long long BC "CHECKERS_BC"
    const unsigned long long WC "CHECKERS_WC"
    const unsigned long long M64 "CHECKERS_M64"
    const unsigned long long LOW32 "CHECKERS_LOW32"
    const unsigned long long ONE "CHECKERS_ONE"

cdef enum:
    compiled = 1

# the scores (the values of _bits.py)
cdef enum:
    WIN = 30000
    MATE_BOUND = 29000
    DATABASE_WIN = 20000
    DATABASE_STAGE = 128
    INF = 1000000
    NO_SCORE = -10000000
    EXACT = 0
    LOWER = 1
    UPPER = 2
    SCORE_BIAS = 524288

cdef extern from "Python.h":
    int PyErr_CheckSignals() except -1

cdef inline int let_python_in() except -1:
    # C code runs no bytecode, between which the interpreter lets other threads
    # run and raises a pending Ctrl+C: this does both (a thread waiting for the
    # interpreter has asked to switch, and gets it while it is released here)
    with nogil:
        pass
    return PyErr_CheckSignals()

cdef inline int popcount(unsigned long long x) noexcept nogil:
    return checkers_popcount(x)

cdef inline int bitlen(unsigned long long x) noexcept nogil:
    # (x != 0: the callers pass single-bit masks)
    return checkers_bitlen(x)

cdef inline void touch(unsigned long long[::1] view, Py_ssize_t i) noexcept nogil:
    checkers_prefetch(&view[i])

cdef inline unsigned long long pack(unsigned long long m) noexcept nogil:
    return (m & 0xFF) | (m >> 1 & 0xFF00) | (m >> 2 & 0xFF0000) | (m >> 3 & 0xFF000000ULL)

cdef inline unsigned long long unpack(unsigned long long p) noexcept nogil:
    return (p & 0xFF) | (p & 0xFF00) << 1 | (p & 0xFF0000) << 2 | (p & 0xFF000000ULL) << 3
