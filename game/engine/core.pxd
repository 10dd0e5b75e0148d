# cython: language_level=3
# The C types of core.py (Cython's pure Python mode: this file types the .py
# beside it, which stays plain Python and runs as such without a compiler).
# An edit here or in core.py changes the source digest: a compiled core built
# before it is no longer loaded (see corebuild.py) until it is built again.

cimport cython
from libc.stdint cimport int64_t
from ._bits cimport popcount, bitlen, let_python_in, compiled, core_digest

ctypedef unsigned long long u64

cdef u64 BOARD, BC, WC, M64, HASH1, HASH2, ONE
cdef int WIN, MATE_BOUND, DATABASE_WIN, DATABASE_STAGE, INF, MAX_PLY, EXACT, LOWER, UPPER
cdef int STACK, MAX_MOVES, PLIES, REPS, NO_SCORE, TT_MIN_BITS, SCORE_BIAS, FIVE_KEYS

@cython.locals(i=Py_ssize_t)
cdef int copy_ints(list values, int[::1] out, Py_ssize_t n) except -1
@cython.locals(i=Py_ssize_t)
cdef int copy_longs(list values, long long[::1] out, Py_ssize_t n) except -1
@cython.locals(i=Py_ssize_t)
cdef int copy_masks(list values, u64[::1] out, Py_ssize_t n) except -1
cdef u64 pack(u64 m) noexcept
cdef u64 unpack(u64 p) noexcept
@cython.locals(lo=Py_ssize_t, hi=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, pivot=cython.longlong, t=cython.longlong)
cdef long long select(long long[::1] a, Py_ssize_t n, Py_ssize_t k) noexcept


@cython.final
cdef class Core:
    # the move stack and its sort keys, killers, history, repetitions
    cdef u64 mf[32768]
    cdef u64 mt[32768]
    cdef u64 mc[32768]
    cdef int64_t mk[32768]
    cdef u64 k1f[184]
    cdef u64 k1t[184]
    cdef u64 k2f[184]
    cdef u64 k2t[184]
    cdef int64_t hist[1296]
    cdef int lmr[1024]
    cdef u64 rep0[1024]
    cdef u64 rep1[1024]
    cdef int repb[1024]
    cdef int rep_n, rep_hist, rep_base, sp
    cdef public int64_t nodes, poll_at
    cdef public int poll_every
    cdef public object stop, clock, history_draws, pv_states, py_eval
    cdef public double deadline
    cdef public bint tt_read
    cdef public int keep_shots
    # the table
    cdef int tt_bits, tt_shift
    cdef public int64_t tt_entries, tt_count, stamp
    cdef public int generation
    cdef int64_t tt_mask
    cdef u64[::1] tt
    cdef long long[::1] tord
    # the evaluation
    cdef int[::1] ma0, ma1, ma2, ma3, mb0, mb1, mb2, mb3, bk0, bk1, bk2, bk3, wk0, wk1, wk2, wk3
    cdef u64[::1] ahead_b, ahead_w, near
    cdef int phase_split, w_man, w_king, w_mobility, w_runaway, w_king_end
    cdef u64 far_b, far_w, double_corners
    cdef public int fade_kind, fade_left, fade_plies
    cdef public u64 fade_s0, fade_s1, fade_s2
    cdef public int draw_w, draw_b, press
    # the endgame database
    cdef object eg, eg5
    cdef int eg_loaded, eg_max, eg_four, eg_loss
    cdef int eg5_state[1296]
    cdef const unsigned char[::1] eg_table
    cdef long long[::1] eg_comb, eg_offsets
    cdef int[::1] eg_pos_mm, eg_pos_tm, eg_pos_k
    cdef u64[::1] eg_flip
    # parameters
    cdef int lmr_from, lmp_n, lmp0, lmp1, lmp2, lmp3, rfp_depth, rfp_margin, rfp_check
    cdef int probcut_depth, probcut_r, probcut_margin, probcut_bound, press_div
    cdef bint probcut, extend_single, hist_malus
    # the root's best move so far, and the one that beat alpha
    cdef public u64 root_move_f, root_move_t, root_move_c, proven_f, proven_t, proven_c
    cdef public int root_score, proven_score

    cdef int tt_alloc(self) except -1
    @cython.locals(h=int64_t, mask=int64_t, tag=u64, w=u64)
    cdef int64_t tt_slot(self, u64 k0, u64 k1, bint black) noexcept
    @cython.locals(kept=u64[::1], order=cython.longlong[::1], n=int64_t, m=int64_t, i=int64_t, h=int64_t, w=u64,
                   gen=u64)
    cdef int tt_rehash(self, int bits, long long keep_old, long long keep_cur, int64_t n_kept) except -1
    @cython.locals(h=int64_t, w=u64, f=u64)
    cdef int tt_store(self, u64 k0, u64 k1, bint black, int depth, int score, int flag, u64 mf, u64 mt, u64 mc,
                      int nmoves) except -1
    @cython.locals(h=int64_t, w=u64, w3=u64)
    cpdef object tt_get(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black)
    @cython.locals(h=int64_t, w=u64, k0=u64, k1=u64)
    cpdef list tt_states(self)
    @cython.locals(h=int64_t, g=u64)
    cpdef tt_renew(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black, bint regen)
    @cython.locals(excess=int64_t, gen=u64, old=cython.longlong[::1], cur=cython.longlong[::1], n_old=int64_t,
                   n_cur=int64_t, h=int64_t, keep_old=cython.longlong, keep_cur=cython.longlong)
    cpdef int trim(self) except -1

    @cython.locals(B=u64, W=u64, nb=int, nw=int, n=int, s=int, e=u64, mob=int, d=int, t=int, far=u64, r=int,
                   b=u64, bmat=int, wmat=int)
    cpdef int evaluate(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black) noexcept
    @cython.locals(total=int, kings=u64, b=u64, base=int, d=int)
    cdef int chase(self, u64 strong_kings, u64 strong_all, u64 weak_all, u64 weak_kings) noexcept
    cpdef int unfaded(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black) except? -999999999
    @cython.locals(s=int, kind=int, occ=u64, kings=u64, same=bint, dr=int)
    cpdef int leaf(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black) except? -999999999

    @cython.locals(r=int64_t, i=int, b=u64, p=int)
    cdef int64_t rank(self, u64 mask, int[::1] pos) noexcept
    @cython.locals(out=u64, b=u64)
    cdef u64 flip(self, u64 mask) noexcept
    @cython.locals(key=int, state=int)
    cdef object five(self, int a, int b2, int c, int d)
    @cython.locals(mm=u64, mk=u64, tm=u64, tk=u64, a=int, b2=int, c=int, d=int, b=int, idx=int64_t, t=int,
                   p=int, dr=int, stage=int, comb=cython.longlong[::1], five=bytes)
    cdef int probe(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black) except? -999999999

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
    cpdef int64_t perft(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black, int depth) except -1

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
    cdef void order(self, int start, int end, u64 capturing, int depth, int ply, int sort_captures_above) noexcept
    @cython.locals(d2=int64_t, q=int)
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
                   cj=u64, leaf=u64, od=u64, score=int)
    cdef int qnode(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black, int alpha, int beta, int ply,
                   u64 j) except? -999999999

    @cython.locals(occ=u64, empty=u64, own=u64, opp=u64, j=u64, od=u64, s=int, kings=u64, k0=u64, k1=u64, r=int,
                   few=bint, tf=u64, tt_=u64, tc=u64, tnm=int, h=int64_t, w=u64, edepth=int, escore=int, eflag=int, mob=u64, e=int,
                   rb=int, start=int, end=int, nmoves=int, more=bint, child_depth=int, lmp_limit=int,
                   we_might_block=bint, they_can_move=u64, ours=u64, theirs=u64, added=bint, best=int, bf=u64,
                   bt=u64, bc=u64, a=int, i=int, done=bint, idx=int, frm=u64, to=u64, cap=u64, nbm=u64, nbk=u64,
                   nwm=u64, nwk=u64, nb=bint, ce=u64, co=u64, cf=u64, cj=u64, leaf=u64, score=int, flag=int,
                   pruning_late=bint)
    cdef int node(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black, int depth, int alpha, int beta,
                  int ply) except? -999999999

    cpdef int search(self, u64 bm, u64 bk, u64 wm, u64 wk, bint black, int depth, int alpha, int beta,
                     int ply) except? -999999999
