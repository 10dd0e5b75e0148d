# cython: language_level=3
# The C types of core.py (Cython's pure Python mode: this file types the .py
# beside it, which stays plain Python and runs as such without a compiler).
# The core's other modules are cimported: their methods are C calls here.
# An edit here or in any of the core's sources changes the source digest: a
# compiled core built before it is no longer loaded (see corebuild.py) until
# it is built again.

cimport cython
from libc.stdint cimport int64_t
from ._bits cimport (popcount, bitlen, let_python_in, compiled, core_digest, pack, unpack, BOARD, ONE, LOW32, WIN,
                     MATE_BOUND, DATABASE_WIN, DATABASE_STAGE, INF, NO_SCORE, EXACT, LOWER, UPPER, SCORE_BIAS)
from .evaluation cimport Evaluation
from .movegen cimport MoveStack
from .probe cimport Probe
from .table cimport Table

ctypedef unsigned long long u64

cdef int MAX_PLY, PLIES, REPS, SQUARES, LMR_SIDE


@cython.final
cdef class Core:
    # the parts
    cdef public MoveStack ms
    cdef public Table table
    cdef public Evaluation ev
    cdef public Probe db
    # killers, history, reductions, repetitions
    cdef u64 k1f[184]
    cdef u64 k1t[184]
    cdef u64 k2f[184]
    cdef u64 k2t[184]
    cdef int64_t hist[1296]
    cdef int lmr[1024]
    cdef u64 rep0[1024]
    cdef u64 rep1[1024]
    cdef int repb[1024]
    cdef int rep_n, rep_hist, rep_base
    cdef public int64_t nodes, poll_at
    cdef public int poll_every
    cdef public object stop, clock, history_draws
    cdef public double deadline
    cdef public bint tt_read
    cdef public int keep_shots
    # parameters
    cdef int lmr_from, lmp_n, lmp0, lmp1, lmp2, lmp3, rfp_depth, rfp_margin, rfp_check
    cdef int lmp_pieces, lmr_pieces
    cdef int probcut_depth, probcut_r, probcut_margin, probcut_bound
    cdef bint probcut, extend_single, hist_malus
    # the root's best move so far, and the one that beat alpha
    cdef public u64 root_move_f, root_move_t, root_move_c, proven_f, proven_t, proven_c
    cdef public int root_score, proven_score

    @cython.locals(i=int, ms=MoveStack)
    cdef void order(self, int start, int end, u64 capturing, int depth, int ply, int sort_captures_above) noexcept
    @cython.locals(d2=int64_t, q=int, ms=MoveStack)
    cdef int reward_cut(self, u64 frm, u64 to, int depth, int ply, int start, int idx, u64 tf, u64 tt_, u64 tc,
                        int i) noexcept

    cdef int poll(self) except -1
    @cython.locals(b=int, i=int)
    cdef int repeated(self, u64 k0, u64 k1, bint black) noexcept
    @cython.locals(i=int)
    cdef int rep_push(self, u64 k0, u64 k1, bint black) except -1
    cdef int repetition(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black, int r) except? -999999999

    @cython.locals(r=int, occ=u64, s=int, start=int, end=int, i=int, empty=u64, we_might_block=bint, best=int,
                   a=int, frm=u64, to=u64, cap=u64, nbm=u64, nbk=u64, nwm=u64, nwk=u64, ce=u64, co=u64, cf=u64,
                   cj=u64, leaf=u64, od=u64, score=int, ms=MoveStack, ev=Evaluation, db=Probe)
    cdef int qnode(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black, int alpha, int beta, int ply,
                   u64 j) except? -999999999

    @cython.locals(occ=u64, empty=u64, own=u64, opp=u64, j=u64, od=u64, s=int, kings=u64, k0=u64, k1=u64, r=int,
                   few=bint, tf=u64, tt_=u64, tc=u64, tnm=int, h=int64_t, w=u64, edepth=int, escore=int, eflag=int,
                   mob=u64, e=int, rb=int, start=int, end=int, nmoves=int, more=bint, child_depth=int,
                   lmp_limit=int, we_might_block=bint, they_can_move=u64, ours=u64, theirs=u64, added=bint,
                   best=int, bf=u64, bt=u64, bc=u64, a=int, i=int, done=bint, idx=int, frm=u64, to=u64, cap=u64,
                   nbm=u64, nbk=u64, nwm=u64, nwk=u64, nb=bint, ce=u64, co=u64, cf=u64, cj=u64, leaf=u64,
                   score=int, flag=int, pruning_late=bint, ms=MoveStack, ev=Evaluation, db=Probe, tab=Table)
    cdef int node(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black, int depth, int alpha, int beta,
                  int ply) except? -999999999

    cpdef int search(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black, int depth, int alpha, int beta,
                     int ply) except? -999999999
