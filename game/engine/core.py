"""The search core: the tree search on raw bitboards, over the core's other
modules, one subject each.

- ``movegen``: the move stack and move generation, the child of a move,
  perft, and the small tests on positions the search asks;
- ``table``: the transposition table;
- ``evaluation``: the static evaluation on baked tables, and the
  no-progress fade;
- ``probe``: the endgame database probe;
- here: the node functions, move ordering (killers and history), the
  repetition list and polling.

Plain Python that Cython compiles when a C compiler is at hand
(``setup.py``; each module's C types are in the ``.pxd`` beside it, which
cimports the others' so that calls between them stay C calls, and the
``.pyi`` beside it gives their Python types to mypy).  Run by the
interpreter, the move stack, the killers, the history scores and the tables
are Python lists and ``array.array``s; compiled, they are C arrays and typed
memoryviews, and every ``self.x`` is a C field.  The two builds give the
same trees, node for node: the interpreted one is the oracle of the compiled
one (tests/test_core_oracle.py, tools/core_oracle.py).  What compiling can
break and interpreting cannot: C integers overflow (the fields of a table
entry go through 64-bit locals before any shift past bit 31).  Division
keeps Python's meaning in both builds (setup.py compiles without C
division): a weight set negative by tools/tune.py divides alike.

The driver (iterative deepening, time control, the root's moves, Move
objects, the draw rule's count) is ``search.py``; which build runs is
``corebuild.py``'s choice.  The search's parameters come in one
``search.SearchParams`` (configure).

The node's tests for each colour (jumps, steps, a child at the horizon)
are written out rather than shared through helper calls: a call costs the
interpreted build as much as the arithmetic it would share.  The child
positions come from one helper (MoveStack.after), which costs it little.
"""

from ._bits import *
from .evaluation import Evaluation
from .movegen import MoveStack
from .probe import Probe
from .table import Table

COMPILED = bool(compiled)   # (True in the compiled module: a C constant there)
BUILT_FROM = core_digest    # (the source's digest, built in; 0 interpreted: see corebuild.py)

MAX_PLY = 120               # single-reply extensions stop here
PLIES = MAX_PLY + 64        # killers by ply
REPS = 1024                 # the repetition list: the game's history and the line searched
SQUARES = 36                # history scores by (from, to) bit index + 1
LMR_SIDE = 32               # reductions by [remaining depth][move number], each capped here


class Stop(Exception):
    """The search was told to stop, or ran out of time."""


def constants():
    """The score constants this build uses (tests compare them with game.engine.scores)."""
    return {"WIN": WIN, "MATE_BOUND": MATE_BOUND, "DATABASE_WIN": DATABASE_WIN, "DATABASE_STAGE": DATABASE_STAGE}


def _zeros(n):
    """A list of n zeros (a C array's value when compiled)."""
    return [0] * n


class Core:
    """One game's search machinery: ``search.Searcher`` keeps one across
    searches (the table and the history scores live here) and sets the
    per-search things (parameters, draw scores, fade, repetition history,
    limits) before each: ``configure``, ``begin``, ``ev.set_draws``,
    ``ev.set_fade``, ``set_history``."""

    def __init__(self, tt_entries, tables, endgame):
        if not compiled:
            # (compiled, these are C arrays in the object, zeroed when it is made)
            self.k1f = _zeros(PLIES)
            self.k1t = _zeros(PLIES)
            self.k2f = _zeros(PLIES)
            self.k2t = _zeros(PLIES)
            self.hist = _zeros(SQUARES * SQUARES)
            self.lmr = _zeros(LMR_SIDE * LMR_SIDE)
            self.rep0 = _zeros(REPS)
            self.rep1 = _zeros(REPS)
            self.repb = _zeros(REPS)
        self.ms = MoveStack()
        self.table = Table(tt_entries)
        self.ev = Evaluation(tables)
        self.db = Probe(self.ev, endgame)
        self.rep_n = 0
        self.rep_hist = 0
        self.rep_base = 0
        self.nodes = 0
        self.poll_every = 1024
        self.keep_shots = 2
        self.poll_at = self.poll_every
        self.stop = None
        self.deadline = -1.0
        self.clock = None
        self.tt_read = True
        self.history_draws = set()
        self.root_move_f = 0
        self.root_move_t = 0
        self.root_move_c = 0
        self.root_score = 0
        self.proven_f = 0
        self.proven_t = 0
        self.proven_c = 0
        self.proven_score = 0

    # -- settings ----------------------------------------------------------------

    def configure(self, params, lmr_table):
        """The pruning and reduction parameters of a search.SearchParams (read
        per search), with its reductions by [remaining depth][move number]."""
        self.lmr_from = params.lmr_from
        for d in range(LMR_SIDE):
            for i in range(LMR_SIDE):
                self.lmr[d * LMR_SIDE + i] = lmr_table[d][i]
        lmp = params.lmp
        self.lmp_n = len(lmp) if len(lmp) <= 4 else 4
        self.lmp0 = lmp[0] if len(lmp) > 0 else 99
        self.lmp1 = lmp[1] if len(lmp) > 1 else 99
        self.lmp2 = lmp[2] if len(lmp) > 2 else 99
        self.lmp3 = lmp[3] if len(lmp) > 3 else 99
        self.lmp_pieces = params.lmp_pieces
        self.lmr_pieces = params.lmr_pieces
        self.rfp_depth = params.rfp_depth
        self.rfp_margin = params.rfp_margin
        self.rfp_check = params.rfp_check_squares
        self.probcut = params.probcut
        self.probcut_depth = params.probcut_depth
        self.probcut_r = params.probcut_r
        self.probcut_margin = params.probcut_margin
        self.probcut_bound = params.probcut_bound
        self.extend_single = params.extend_single
        self.hist_malus = params.hist_malus
        self.keep_shots = params.keep_shots
        self.poll_every = params.poll_every
        self.tt_read = params.tt_read
        self.db.press_div = params.press_div

    def begin(self, stop, deadline, clock, generation, history_draws):
        """A search's limits (``stop``: a callable or None; ``deadline``: on
        ``clock``, -1 none), its number, written into the table's entries,
        and the set where a repetition of the game's history is noted."""
        self.history_draws = history_draws
        self.stop = stop
        self.deadline = deadline
        self.clock = clock
        self.table.generation = generation
        self.clear_killers()
        self.nodes = 0
        self.poll_at = self.poll_every

    def set_tables(self, t):
        """The evaluation's weights and baked tables (see evaluate.core_tables)."""
        self.ev.set_tables(t)

    def set_endgame(self, eg):
        """The endgame database (see Probe.set_endgame)."""
        self.db.set_endgame(eg)

    # -- what tests and tools ask of the parts ---------------------------------

    def evaluate(self, bm, bk, wm, wk, black):
        """The static evaluation (Evaluation.evaluate)."""
        return self.ev.evaluate(bm, bk, wm, wk, black)

    def leaf(self, bm, bk, wm, wk, black):
        """The evaluation the search uses at a leaf (Evaluation.leaf)."""
        return self.ev.leaf(bm, bk, wm, wk, black)

    def moves(self, bm, bk, wm, wk, black):
        """The legal moves as (frm, to, captured), in the search's order."""
        return self.ms.moves(bm, bk, wm, wk, black)

    def count_perft(self, bm, bk, wm, wk, black, depth):
        """The leaves of the move tree ``depth`` plies deep."""
        return self.ms.count_perft(bm, bk, wm, wk, black, depth)

    def can_move(self, bm, bk, wm, wk, black):
        return self.ms.can_move(bm, bk, wm, wk, black)

    def wins_at_once(self, bm, bk, wm, wk, black):
        return self.ms.wins_at_once(bm, bk, wm, wk, black)

    def lost_in_two(self, bm, bk, wm, wk, black):
        return self.ms.lost_in_two(bm, bk, wm, wk, black)

    # -- ordering ------------------------------------------------------------------

    def order(self, start, end, capturing, depth, ply, sort_captures_above):
        """Order a node's moves: quiet ones by history with the ply's two
        killers first, captures by pieces taken.  Very shallow nodes and short
        capture lists are left alone: sorting them costs more than it saves."""
        ms = self.ms
        if not capturing:
            if depth > 1:
                i = start
                while i < end:
                    ms.mk[i] = self.hist[bitlen(ms.mf[i]) * SQUARES + bitlen(ms.mt[i])]
                    i += 1
                ms.sort_desc(start, end)
                if self.k2f[ply]:
                    ms.to_front(start, end, self.k2f[ply], self.k2t[ply], 0)
                if self.k1f[ply]:
                    ms.to_front(start, end, self.k1f[ply], self.k1t[ply], 0)
        elif end - start > sort_captures_above:
            ms.sort_captures(start, end)

    def reward_cut(self, frm, to, depth, ply, start, idx, tf, tt_, tc, i):
        """A quiet move cut off at ``depth``: it gains depth squared in the
        history and becomes the ply's first killer.  With hist_malus, the
        quiet moves tried before it at this node lose as much: those before
        it in the list ([start, idx - 1) of the stack) and the table's move
        when it was tried alone, before the list was made."""
        ms = self.ms
        d2 = depth * depth
        self.hist[bitlen(frm) * SQUARES + bitlen(to)] += d2
        if i > 1 and self.hist_malus:
            q = start
            while q < idx - 1:
                if not ms.mc[q]:
                    self.hist[bitlen(ms.mf[q]) * SQUARES + bitlen(ms.mt[q])] -= d2
                q += 1
            if ply and tf and not tc:
                self.hist[bitlen(tf) * SQUARES + bitlen(tt_)] -= d2
        if not (self.k1f[ply] == frm and self.k1t[ply] == to):
            self.k2f[ply] = self.k1f[ply]
            self.k2t[ply] = self.k1t[ply]
            self.k1f[ply] = frm
            self.k1t[ply] = to
        return 0

    # -- the tree ------------------------------------------------------------------

    def poll(self):
        """Every poll_every nodes: other threads and Ctrl+C, the stop request, the clock."""
        self.poll_at = self.nodes + self.poll_every
        let_python_in()  # (other threads, Ctrl+C)
        if self.stop is not None and self.stop():
            raise Stop
        if self.deadline >= 0 and self.clock() >= self.deadline:
            raise Stop
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
        return self.ev.draw_b if black else self.ev.draw_w

    def qnode(self, bm, bk, wm, wk, black, alpha, beta, ply, j):
        """node() at the horizon for a side that must capture (``j``: the
        pieces that can): the same search, without what cannot apply there
        (no table, pruning or reductions at depth 0; every move is a
        capture, and a position after a capture can repeat nothing before
        it).  Most nodes of the tree are these."""
        ms = self.ms
        ev = self.ev
        db = self.db
        self.nodes += 1
        if self.nodes >= self.poll_at:
            self.poll()
        if bk or wk:
            r = self.repeated(pack(bm) | pack(bk) << 32, pack(wm) | pack(wk) << 32, black)
            if r >= 0:
                return self.repetition(bm, bk, wm, wk, black, r)
        occ = bm | bk | wm | wk
        if popcount(occ) <= db.eg_max:
            s = db.probe(bm, bk, wm, wk, black)
            if s != NO_SCORE:
                return s
        ms.room()
        start = ms.sp
        ms.gen_captures(bm, bk, wm, wk, black, j)
        end = ms.sp
        if end - start > 2:
            ms.sort_captures(start, end)
        empty = BOARD ^ occ
        # (as in node(): whether a child can be blocked by our next move)
        if black:
            we_might_block = popcount(((bm | bk) << 4 | (bm | bk) << 5 | bk >> 4 | bk >> 5) & empty) < 7
        else:
            we_might_block = popcount(((wm | wk) >> 4 | (wm | wk) >> 5 | wk << 4 | wk << 5) & empty) < 7
        best = -INF
        a = alpha
        i = start
        while i < end:
            frm = ms.mf[i]
            to = ms.mt[i]
            cap = ms.mc[i]
            i += 1
            nbm, nbk, nwm, nwk = ms.after(bm, bk, wm, wk, black, frm, to, cap)
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
                    if cf and popcount(cf | co) > db.eg_max:
                        leaf = ((cf >> 4) | (cf >> 5) | (nwk << 4) | (nwk << 5)) & ce
                    if leaf and we_might_block:
                        od = ((co << 4) | (co << 5) | (nbk >> 4) | (nbk >> 5)) & ce
                        leaf = od & (od - 1)
                    if leaf:
                        self.nodes += 1
                        score = -ev.leaf(nbm, nbk, nwm, nwk, False)
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
                    if cf and popcount(cf | co) > db.eg_max:
                        leaf = ((cf << 4) | (cf << 5) | (nbk >> 4) | (nbk >> 5)) & ce
                    if leaf and we_might_block:
                        od = ((co >> 4) | (co >> 5) | (nwk << 4) | (nwk << 5)) & ce
                        leaf = od & (od - 1)
                    if leaf:
                        self.nodes += 1
                        score = -ev.leaf(nbm, nbk, nwm, nwk, True)
                    else:
                        score = -self.node(nbm, nbk, nwm, nwk, True, 0, -beta, -a, ply + 1)
            if score > best:
                best = score
                if score > a:
                    a = score
                    if a >= beta:
                        break
        ms.sp = start
        return best

    def node(self, bm, bk, wm, wk, black, depth, alpha, beta, ply):
        """The score of the state for the side to move, searched ``depth``
        plies (and on through captures), ``ply`` plies below the root
        (fail-soft negamax)."""
        ms = self.ms
        ev = self.ev
        db = self.db
        tab = self.table
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
            if not (od & (od - 1)) and ply and ms.wins_at_once(bm, bk, wm, wk, black):
                return WIN - ply - 1
            if popcount(occ) <= db.eg_max and ply:
                s = db.probe(bm, bk, wm, wk, black)
                if s != NO_SCORE:
                    return s
            return ev.leaf(bm, bk, wm, wk, black)

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
        few = popcount(occ) <= db.eg_max
        if few and ply:
            s = db.probe(bm, bk, wm, wk, black)
            if s != NO_SCORE:
                return s

        tf = 0   # the table's move: from, to, captured
        tt_ = 0
        tc = 0
        tnm = 0  # and the number of moves it stored
        if depth > 0 and self.tt_read:
            h = tab.slot(k0, k1, black)   # (the index of the entry's data word)
            w = tab.tt[h] if h >= 0 else 0
            if w & 1:
                if w >> 40 & 63:
                    tf = ONE << ((w >> 40 & 63) - 1)
                    tt_ = ONE << ((w >> 46 & 63) - 1)
                    tc = unpack(tab.tt[h + 4] & LOW32)
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
            e = ev.leaf(bm, bk, wm, wk, black) - self.rfp_margin * depth
            if e >= beta and beta > -MATE_BOUND and beta < MATE_BOUND:
                # ... unless this side, with few squares to step to, is about
                # to be blocked, which no static score sees
                if popcount(mob) <= self.rfp_check and ms.lost_in_two(bm, bk, wm, wk, black):
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
        ms.room()
        start = ms.sp
        if tf and ply:
            # try the table's move before generating anything: it often cuts
            # off, and then the move list is never made
            ms.push(tf, tt_, tc)
            nmoves = tnm
            more = nmoves > 1
        else:
            more = False
            if j:
                ms.gen_captures(bm, bk, wm, wk, black, j)
            else:
                ms.gen_quiet(bm, bk, wm, wk, black)
                if ms.sp == start:
                    return ply - WIN
            nmoves = ms.sp - start
            if nmoves > 1:
                self.order(start, ms.sp, j, depth, ply, 2)
                if tf:
                    ms.to_front(start, ms.sp, tf, tt_, tc)
        end = ms.sp
        if nmoves == 1:
            # a forced reply may cost no depth (see SearchParams.extend_single)
            child_depth = depth if ply < MAX_PLY and self.extend_single else depth - 1
            if child_depth < 0:
                child_depth = 0
        else:
            child_depth = depth - 1 if depth > 0 else 0

        # late move pruning: at shallow non-PV nodes without a capture, quiet
        # moves after the first lmp[depth] are not searched (not in an
        # ending of lmp_pieces or fewer: see SearchParams)
        if depth < self.lmp_n and beta - alpha == 1 and not j and popcount(occ) > self.lmp_pieces:
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
            we_might_block = popcount(ours) < 7
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
                frm = ms.mf[idx]
                to = ms.mt[idx]
                cap = ms.mc[idx]
                idx += 1
                # the child: nbm, nbk, nwm, nwk with nb to move
                nbm, nbk, nwm, nwk = ms.after(bm, bk, wm, wk, black, frm, to, cap)
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
                        if not ms.jumpers(nbm, nbk, nwm, nwk, nb):
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
                            if popcount(cf | co) > db.eg_max:
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
                            if popcount(cf | co) > db.eg_max:
                                leaf = ((cf >> 4) | (cf >> 5) | (nwk << 4) | (nwk << 5)) & ce
                        else:
                            leaf = they_can_move or ((cf >> 4) | (cf >> 5) | (nwk << 4) | (nwk << 5)) & ce
                        if leaf and we_might_block:
                            od = ((co << 4) | (co << 5) | (nbk >> 4) | (nbk >> 5)) & ce
                            leaf = od & (od - 1)
                    if leaf:
                        self.nodes += 1
                        score = -ev.leaf(nbm, nbk, nwm, nwk, nb)
                    elif cj:
                        score = -self.qnode(nbm, nbk, nwm, nwk, nb, -beta, -a, ply + 1, cj)
                    else:
                        score = -self.node(nbm, nbk, nwm, nwk, nb, 0, -beta, -a, ply + 1)
                else:
                    # (the child is probed in the table: its bucket is asked for now)
                    tab.prefetch(pack(nbm) | pack(nbk) << 32, pack(nwm) | pack(nwk) << 32)
                    if i == 0:
                        score = -self.node(nbm, nbk, nwm, nwk, nb, child_depth, -beta, -a, ply + 1)
                    else:
                        # late move reductions: quiet moves late in a well ordered
                        # list rarely matter; verified at full depth if they do
                        r = 0
                        if (child_depth >= 2 and i >= self.lmr_from and not cap and popcount(occ) > self.lmr_pieces
                                and not (self.keep_shots > 1 and ms.jumpers(nbm, nbk, nwm, nwk, nb))):
                            r = self.lmr[(child_depth if child_depth < LMR_SIDE else LMR_SIDE - 1) * LMR_SIDE
                                         + (i if i < LMR_SIDE else LMR_SIDE - 1)]
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
            ms.sp = start
            if j:
                ms.gen_captures(bm, bk, wm, wk, black, j)
            else:
                ms.gen_quiet(bm, bk, wm, wk, black)
            end = ms.remove(start, ms.sp, tf, tt_, tc)
            ms.sp = end
            self.order(start, end, j, depth, ply, 1)
        if added:
            self.rep_n -= 1
        ms.sp = start

        # -- the result into the table (a win's distance from this node) -----
        if depth > 0:
            flag = LOWER if best >= beta else (EXACT if best > alpha else UPPER)
            s = best
            if s >= MATE_BOUND:
                s += ply
            elif s <= -MATE_BOUND:
                s -= ply
            tab.store(k0, k1, black, depth, s, flag, bf, bt, bc, nmoves)
        return best

    # -- entry points for the driver ------------------------------------------------

    def search(self, bm, bk, wm, wk, black, depth, alpha, beta, ply):
        """node() from Python: the stack and the line's repetitions start empty."""
        self.ms.sp = 0
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
        for i in range(SQUARES * SQUARES):
            v = self.hist[i]
            self.hist[i] = v >> 2 if v > 0 else -(-v >> 2)

    def clear_history(self):
        for i in range(SQUARES * SQUARES):
            self.hist[i] = 0

    def history_score(self, frm, to):
        """The history score of the quiet move frm -> to (single-bit masks)."""
        return self.hist[bitlen(frm) * SQUARES + bitlen(to)]

    def set_history_score(self, frm, to, score):
        self.hist[bitlen(frm) * SQUARES + bitlen(to)] = score
