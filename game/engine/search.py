"""Negamax alpha-beta search on raw bitboard states.

PVS with iterative deepening and aspiration windows, a bounded transposition
table keyed by the state tuple, TT move / killers / history ordering, late
move reductions, ProbCut, forced-capture quiescence (an exchange is never
cut in the middle: at the horizon the search goes on while the side to
move must capture), repetition draws against the game's reversible
history, and mate-distance scores.

Everything inside the tree works on raw states ``(bm, bk, wm, wk, black)``
and raw moves from ``game.rules.bitboard``; Move/Position objects exist
only at the boundary.  The node function is a closure so that its tables
are cell/local loads rather than attribute lookups: in pure Python every
bytecode in the inner loop counts.
"""

import gc
import math
import time as _time
from collections import defaultdict, namedtuple
from functools import lru_cache
from itertools import islice

from ..rules import bitboard as bb
from ..rules.game import draw_rule_named
from ..rules.position import Move
from .evaluate import evaluate
from . import movegen
from .movegen import lost_in_two, taken
from .scores import DATABASE_STAGE, DATABASE_WIN, MATE_BOUND, WIN, is_mate_score

INF = 10 ** 6
MAX_PLY = 120               # single-reply extensions stop here
EXACT, LOWER, UPPER = 0, 1, 2
BOARD = bb.BOARD
BC = bb.BLACK_CROWN
WC = bb.WHITE_CROWN
POLL_EVERY = 1024           # poll stop/time every 1024 nodes, leaves included (a few ms)
TT_ENTRIES = 200_000        # ~380 bytes each: ~80 MB at most; a whole game stays ~120 MB RSS

# Pruning and reductions.  The values were chosen by node counts at fixed
# depth over the tools/bench.py positions (fewer nodes for the same best
# moves) and kept when self-play matches agreed; the figures are in
# docs/measurements.md.
#
# Late move reductions, by remaining depth and move number (log-log as in
# most modern engines), for quiet moves from move index LMR_FROM on (0 is
# the first).  LMR_DIV 1.1 and LMR_FROM 1 or 3 played no better.
LMR_FROM = 2
LMR_DIV = 1.5


@lru_cache(maxsize=None)
def _lmr_table(div):
    """Reductions by [remaining depth][move number] for LMR_DIV ``div``,
    built on the first search (small: the agent's start-up matters) and
    kept per value (an A/B match may set another LMR_DIV)."""
    t = [[0] * 32 for _ in range(32)]
    for d in range(1, 32):
        for i in range(1, 32):
            t[d][i] = max(1, int(0.5 + math.log(d) * math.log(i) / div))
    return t


# Late move pruning: at shallow non-PV nodes without a capture, quiet moves
# after the first LMP[depth] (ordered by TT move, killers, history) are not
# searched at all: so late in a well ordered list they rarely matter.
LMP = (99, 3, 5, 7)
# Reverse futility ("static null move") at depth <= RFP_DEPTH: a quiet
# position already RFP_MARGIN * depth above beta is taken as a fail high.
RFP_DEPTH = 3
RFP_MARGIN = 60
# ... but a side with few squares to step to may be about to be blocked (no
# legal move: lost), which no static score sees: with up to this many, a
# cut is first checked against being blocked by the opponent's next move.
# (Without the check, wins in 3 plies were missed at depths 3-4 in random
# positions with 4 squares; leaving such positions out of reverse futility
# instead doubled the nodes of the bench's king endings.)
RFP_CHECK_SQUARES = 5
# ProbCut: at non-PV nodes with PROBCUT_DEPTH plies or more left, a search
# PROBCUT_R plies shallower that clears beta by PROBCUT_MARGIN is taken as
# a fail high.  Margin 25 won its match against 40 (fewer nodes, the same
# moves nearly always); depth 6 against 5 and 7.
PROBCUT = True
PROBCUT_DEPTH = 6
PROBCUT_R = 4
PROBCUT_MARGIN = 25
PROBCUT_BOUND = 10000       # (not near forced results: their scores are exact)
# Single-reply extension: off.  It costs about two plies of nominal depth and
# makes node counts explode in capture-rich lines, for no measurable gain.
EXTEND_SINGLE = False
# History malus: at a cut by a quiet move, the quiet moves tried before it
# at that node lose what it gains (depth squared), so that moves which
# keep failing sink in the order instead of keeping an old high score.
# Node counts move both ways with it; kept for the match it was measured in,
# together with CONTEMPT and the whole time a move.
HIST_MALUS = True
# The collector paused during a search (see Searcher.search): the
# collections the search's allocations call for run after it instead, out
# of the move's time.  A full collection with a full table takes tens of
# milliseconds (it untracks the new entries), a large share of a short move.
GC_PAUSE = True
# Not kept (see docs/measurements.md): a threat extension, internal iterative
# reduction, and reducing late moves less at PV nodes.
# Time: start another iteration only before this share of the time is used.
# One depth takes from 0.3 to 10 times the one before, so no prediction is
# made; an unfinished depth is not all lost: its move counts once it beat
# the last depth's (see search()), and its table entries serve the next
# move.  0.7 leaves less time unused than 0.6 and wastes less in unfinished
# depths than 0.8.  This is for callers whose saved time is worth something
# (the tournament agent's clock); the levels, with a fixed time a move,
# search on to the end of it (``search(use_all_time=True)``).
NEXT_ITERATION = 0.7

# The official draw rule: 40 moves each (80 plies) without a capture or a man
# moving.  As that count grows, the evaluation of positions reached without
# either (no capture, no man moved since the root) fades towards a draw, by
# the share of the count left: a line that makes progress then scores above
# one that shuffles, so a side ahead looks for its exchange or man move while
# there is time, instead of letting the rule draw a won ending (it did, in
# matches, with a piece more in 4 v 3 and 5 v 4 endings).
# The rule a search fades by unless told another (``search(draw_rule=...)``);
# a game under the CSCI-561 rule (50 plies without a capture or a crowning)
# passes its own, and the fade then follows that rule's count and progress.
DRAW_RULE = "official"
# The table's scores carry the fade they were computed with: when it has
# moved on by more than this since the table was last cleared, it is cleared.
FADE_CLEAR = 0.125

# Contempt: in play, a draw scores this many centi-men below an even
# position for the side the engine searches for (and as much above it for
# the opponent), so the engine plays on in a level position rather than
# repeat it or trade into a drawn ending: against a weaker opponent the
# game holds more chances than the draw.  The levels that search at full
# strength pass it (levels.choose_move); analysis, hints and reports do
# not (a draw there is a draw).  15, not more: a larger contempt gained
# nothing measurable and costs more against a stronger opponent, where the
# draw is the result to take.
CONTEMPT = 15
# With contempt, a drawn database position scores the draw plus its
# evaluation divided by this, kept under the contempt (see probe in
# Searcher._make_node):
# among drawing lines the engine takes the one that leaves the opponent
# most to get wrong, and a draw still never scores past even.  The
# no-progress fade likewise aims at the contempt's draw score (see
# _fading), so that neither kind of draw looks better than the other.
PRESS_DIV = 8

SearchInfo = namedtuple("SearchInfo", "depth score best_move pv nodes seconds")
SearchInfo.__doc__ = """One completed iteration: the score is from the side to move's view
in centi-men (a man is 100); see describe_score() for forced wins."""


def _progress(rule):
    """The part of a state that only a move making progress under the draw
    rule ``rule`` changes: a function of (bm, bk, wm, wk).  Under the
    official rule (a capture or a man move) the men and the piece count;
    under CSCI-561's (a capture or a crowning) the piece and king counts.
    Men only move forward, pieces only leave and kings only arrive while
    the count stands, so a position shares it with an earlier one exactly
    when nothing has made progress between them."""
    if rule.man_move_resets:
        return lambda bm, bk, wm, wk: (bm, wm, (bm | bk | wm | wk).bit_count())
    return lambda bm, bk, wm, wk: ((bm | bk | wm | wk).bit_count(), (bk | wk).bit_count())


def _draw_rule(rule):
    """A DrawRule from a DrawRule or its name; None (no such rule) stays None."""
    return None if rule is None else draw_rule_named(rule)


def quiet_plies(state, history, rule=DRAW_RULE):
    """Plies since the last progress under the draw rule ``rule`` (official:
    a capture or a man move): the trailing positions of ``history`` (oldest
    first, the current one included or not) that share ``state``'s
    progress signature (see _progress), so it is right whatever part of the
    game the caller passed, as long as it reaches back to that progress."""
    sig = _progress(_draw_rule(rule))
    now = sig(*state[:4])
    q = 0
    for p in reversed(history):
        if sig(*p.state[:4]) != now:
            break
        q += 1
    if history and history[-1].state == state:
        q -= 1  # (the current position itself is no ply)
    return max(q, 0)


def _fading(evaluate, root, left, plies, rule=DRAW_RULE, draws=(0, 0)):
    """``evaluate`` with the scores of positions that share the root's
    progress signature under ``rule`` (nothing has made progress since the
    root) moved toward the draw's score by the share of the count used:
    ``draw + (score - draw) * left / plies``, rounded toward the draw so
    both colours are treated alike.  ``draws`` are the draw scores for
    white and black to move (see CONTEMPT): the rule's draw is worth what
    a repetition is, so neither kind of draw looks better than the other."""
    sig = _progress(_draw_rule(rule))
    unmoved = sig(*root[:4])

    def fading(bm, bk, wm, wk, black):
        s = evaluate(bm, bk, wm, wk, black)
        if sig(bm, bk, wm, wk) == unmoved:
            d = draws[black]
            s -= d
            return d + (s * left // plies if s >= 0 else -(-s * left // plies))
        return s

    return fading


def _order(moves, capturing, depth, killers, history_of, sort_captures_above):
    """Order moves in place: quiet ones by history with the killers first, captures
    by pieces taken.  Very shallow nodes and short capture lists are left alone:
    sorting them costs more than it saves."""
    if not capturing:
        if depth > 1:
            moves.sort(key=history_of, reverse=True)
            k1, k2 = killers
            if k2 is not None and k2 in moves:
                moves.remove(k2)
                moves.insert(0, k2)
            if k1 is not None and k1 in moves:
                moves.remove(k1)
                moves.insert(0, k1)
    elif len(moves) > sort_captures_above:
        moves.sort(key=taken, reverse=True)


def _to_move(raw):
    """The rules.Move of a raw move, with or without its path."""
    if raw[3] is None:
        raw = (raw[0], raw[1], raw[2], (raw[0], raw[1]))
    return Move.from_raw(raw)


class _Stop(Exception):
    pass


_ROWS = tuple(sum(bb.SQUARE_BITS[4 * r:4 * r + 4]) for r in range(8))


def _rows(mask):
    """Sum of the rows (0-7, from black's side) of the pieces of a mask."""
    return sum(r * (mask & m).bit_count() for r, m in enumerate(_ROWS) if mask & m)


def _may_follow(state, later):
    """False when ``later`` can never arise from ``state``: it has more pieces
    or men of a side, or the same men of a side further back (men only move
    forward).  True otherwise (it may or may not be reachable)."""
    bm, bk, wm, wk, _ = state
    lbm, lbk, lwm, lwk, _ = later
    if (lbm | lbk).bit_count() > (bm | bk).bit_count() or (lwm | lwk).bit_count() > (wm | wk).bit_count():
        return False
    black_men, white_men = lbm.bit_count(), lwm.bit_count()
    if black_men > bm.bit_count() or white_men > wm.bit_count():
        return False
    if black_men == bm.bit_count() and lbm != bm and _rows(lbm) <= _rows(bm):
        return False  # black men move down the rows: the same men cannot be further up
    if white_men == wm.bit_count() and lwm != wm and _rows(lwm) >= _rows(wm):
        return False
    return True


def _stop_fn(stop):
    """A no-argument callable from None, a callable or an Event-like object."""
    if stop is None:
        return None
    if hasattr(stop, "is_set"):
        return stop.is_set
    return stop


def _database_probe(db, evaluate, draws):
    """The endgame database ``db`` as the search reads it: ``(probe, pieces)``.

    ``probe(bm, bk, wm, wk, black)`` scores a position of at most ``pieces``
    pieces from the database, or answers None (a balance of five pieces it
    does not hold; a side with no piece).  ``pieces`` is 0 without a
    database (``db`` None, or no table file).  A drawn ending scores the
    draw of ``draws`` (white's, black's), pressed with contempt by
    ``evaluate`` (see PRESS_DIV); a won one near DATABASE_WIN (see
    game.engine.scores).  The table is read on the first probe, not before:
    the tournament agent starts afresh for every move.
    """
    if db is None or not db.has_table():
        return None, 0
    from . import endgame as eg

    pieces = eg.FIVE if db.five_keys() else eg.MAX_PIECES
    four = eg.MAX_PIECES
    flip = eg.flip
    slot = eg.slot
    probe_five = db.probe_five
    loss_base = eg.LOSS_BASE
    press = max(abs(draws[0]) - 1, 0)
    table = None

    def probe(bm, bk, wm, wk, black):
        nonlocal table
        if table is None:
            table = db.table()
        if black:
            if not (wm | wk):
                return None
            mm, mk, tm, tk = bm, bk, wm, wk
        else:
            if not (bm | bk):
                return None
            mm, mk, tm, tk = flip(wm), flip(wk), flip(bm), flip(bk)
        if (mm | mk | tm | tk).bit_count() > four:
            b = probe_five(mm, mk, tm, tk)  # (only some balances of five pieces are held)
            if b is None:
                return None
        else:
            b = table[slot(mm, mk, tm, tk)]
        if not b:
            if press:
                # With contempt (in play), a drawn ending is still a game:
                # among drawing lines prefer the one the evaluation likes,
                # where the opponent can still go wrong.  Kept within the
                # contempt, so a database draw never scores past even.
                t = evaluate(bm, bk, wm, wk, black)
                t = t // PRESS_DIV if t >= 0 else -(-t // PRESS_DIV)  # (alike for either colour)
                return draws[black] + (press if t > press else -press if t < -press else t)
            return draws[black]
        # Progress, so that a won ending is played out: fewer pieces and
        # men first (a capture or a crowning that keeps the win is always
        # taken), then a shorter distance to the next such conversion.
        # Both only ever go down along the best line, so the game ends.
        stage = 5 * (bm | bk | wm | wk).bit_count() + (bm | wm).bit_count()
        if b < loss_base:
            return DATABASE_WIN - DATABASE_STAGE * stage - b
        return b - loss_base + DATABASE_STAGE * stage - DATABASE_WIN

    return probe, pieces


def _reward_cut(hist, killers, move, depth, tried, ttmove_alone):
    """A quiet ``move`` cut off at ``depth``: it gains depth squared in the
    history and becomes the first of ``killers`` (its ply's two).  With
    HIST_MALUS the quiet moves tried before it lose as much: those before
    it in ``tried`` (the node's move list; empty when it was tried first)
    and ``ttmove_alone`` (the table's move when it was tried alone, before
    the list was built; else None)."""
    d2 = depth * depth
    hist[move] += d2
    if HIST_MALUS:
        for q in tried:
            if q is move:
                break
            if not q[2]:
                hist[q] -= d2
        if ttmove_alone is not None and not ttmove_alone[2]:
            hist[ttmove_alone] -= d2
    if killers[0] != move:
        killers[1] = killers[0]
        killers[0] = move


_DEFAULT_ENDGAME = object()


class Searcher:
    """Search state kept across the moves of one game: the transposition
    table, history scores.  Not thread-safe; use one per game/engine.

    ``endgame``: the endgame database to probe (default: the shipped one,
    read on the first probe; ``None``: none).  ``plain``: a full-width
    alpha-beta, with no answers or moves from the table and no pruning or
    reductions, whose score at a fixed depth is the plain minimax score
    (tests/test_search_reference.py checks it against a reference search).
    """

    def __init__(self, tt_entries=TT_ENTRIES, evaluate=evaluate, endgame=_DEFAULT_ENDGAME, plain=False):
        self.tt = {}
        self.tt_entries = tt_entries
        self.hist = defaultdict(int)  # quiet move -> history score (a C-level sort key)
        self.evaluate = evaluate
        self.nodes = 0
        if endgame is _DEFAULT_ENDGAME:
            from . import endgame as _eg

            endgame = _eg.default()
        self.endgame = endgame
        self.plain = plain
        # history positions whose repetition scored a draw in a search whose
        # results are still in the table (see _forget_other_histories)
        self._history_draws = set()
        self.timing = None  # where the last timed search's time went (see search())
        self._pv_states = ()  # positions along the last principal variation
        self._generation = 0  # the number of the current search, stored in each entry
        self._table_fade = 1.0  # the draw rule's fade when the table was last cleared
        self._table_draws = (0, 0)  # the draw scores the table's entries were computed with

    def clear(self):
        self.tt.clear()
        self.hist.clear()
        self._history_draws.clear()

    def _trim(self):
        # Down to half the size: first the entries no search has written
        # since an earlier move (each entry carries the number of the search
        # that wrote it; a key written again keeps its place in the dict, so
        # insertion order alone would not age it), then the oldest inserted.
        # The last principal variation is moved to the newest end first and
        # stays.  (Moving every stored key to the end instead, pop then
        # insert, slowed the whole search down: see docs/measurements.md.)
        tt = self.tt
        if len(tt) > self.tt_entries:
            for k in self._pv_states:
                e = tt.pop(k, None)
                if e is not None:
                    tt[k] = e
            excess = len(tt) - self.tt_entries // 2
            gen = self._generation
            old = [k for k, e in tt.items() if e[5] != gen]
            for k in old[:excess]:
                del tt[k]
            excess -= len(old)
            if excess > 0:
                for k in list(islice(tt, excess)):
                    del tt[k]

    def _forget_other_histories(self, history_states, root):
        """Scores that came from repeating a position of the game's history are
        true only with that history.  Keep the table while the game goes on
        (the old history positions are still in the new history, or can no
        longer occur: pieces have left the board or men have moved on);
        otherwise (an undo, another game) clear it."""
        if not self._history_draws:
            return
        for st in self._history_draws:
            # (the root itself is repeated inside the tree as a draw anyway)
            if st not in history_states and st != root and _may_follow(root, st):
                self.tt.clear()
                self._history_draws.clear()
                return
        # (the others stay recorded: an undo can bring them back within reach)

    # -- the tree ----------------------------------------------------------

    def _make_node(self, rep, deadline, stop, killers, history_states=frozenset(), evaluate=None,
                   draws=(0, 0)):
        """The tree search of one search: ``(node, counter, root_best)``.

        ``node(bm, bk, wm, wk, black, depth, alpha, beta, ply)`` is the
        score of a raw state searched ``depth`` plies (fail-soft negamax);
        ``counter()`` the nodes visited so far; ``root_best`` the best root
        move so far, ``[(move, score) or None, the same once it beat
        alpha]``.  ``rep``: the positions a repetition of which is a draw
        (the game's reversible history; the search adds its own line);
        ``deadline`` (a perf_counter time) and ``stop`` (a callable) end the
        search by raising _Stop; ``killers``: two killer moves a ply;
        ``draws``: what a draw (a repetition, a drawn database position)
        scores for the side to move, white's then black's (see CONTEMPT).

        node and qnode are closures over the tables below, so that the
        inner loop reads them as cell variables rather than attributes: in
        pure Python every bytecode there counts.  That is also why the
        colours and the child's horizon tests are written out rather than
        shared through helper calls.
        """
        # -- what the two node functions read, as locals ----------------------
        tt = self.tt
        tt_get = tt.get
        # (read here, not in the node, so that a match may set them on the module)
        rfp_depth, probcut, lmp, lmr_from = RFP_DEPTH, PROBCUT, LMP, LMR_FROM
        if self.plain:
            tt_get = {}.get  # the table is still written, never read
            rfp_depth, probcut, lmp, lmr_from = 0, False, (), INF
        hist = self.hist
        hget = hist.__getitem__
        if evaluate is None:
            evaluate = self.evaluate
        captures = movegen.captures
        quiet_moves = movegen.quiet_moves
        wins_at_once = movegen.wins_at_once
        reward_cut = _reward_cut
        BC = bb.BLACK_CROWN
        WC = bb.WHITE_CROWN
        perf = _time.perf_counter
        tt_cap = self.tt_entries
        trim = self._trim
        nodes = 0
        poll_at = POLL_EVERY
        root_best = [None, None]  # best so far at the root; the same once it beat alpha
        lmr = _lmr_table(LMR_DIV)
        history_draws = self._history_draws
        self._generation += 1
        generation = self._generation
        # (the database's draws are pressed by the evaluation without the fade)
        probe, eg_max = _database_probe(self.endgame, self.evaluate, draws)

        def qnode(bm, bk, wm, wk, black, alpha, beta, ply, j):
            """node() at the horizon for a side that must capture (``j``: the
            pieces that can): the same search, without what cannot apply
            there (no table, pruning or reductions at depth 0; every move is
            a capture, and a position after a capture can repeat nothing
            before it).  Most nodes of the tree are these."""
            nonlocal nodes, poll_at
            nodes += 1
            if nodes >= poll_at:
                poll_at = nodes + POLL_EVERY
                if (stop is not None and stop()) or (deadline is not None and perf() >= deadline):
                    raise _Stop
                if len(tt) > tt_cap:
                    trim()
            if bk or wk:
                key = (bm, bk, wm, wk, black)
                if key in rep:
                    if key in history_states:
                        history_draws.add(key)
                    return draws[black]
            occ = bm | bk | wm | wk
            few = occ.bit_count() <= eg_max
            if few:
                s = probe(bm, bk, wm, wk, black)
                if s is not None:
                    return s
            moves = captures(bm, bk, wm, wk, black, j)
            if len(moves) > 2:
                moves.sort(key=taken, reverse=True)
            empty = BOARD ^ occ
            # (as in node(): whether a child can be blocked by our next move)
            if black:
                we_might_block = (((bm | bk) << 4 | (bm | bk) << 5 | bk >> 4 | bk >> 5) & empty).bit_count() < 7
            else:
                we_might_block = (((wm | wk) >> 4 | (wm | wk) >> 5 | wk << 4 | wk << 5) & empty).bit_count() < 7
            best = -INF
            a = alpha
            for frm, to, cap, _ in moves:
                if black:
                    if frm & bm:
                        if to & BC:
                            nbm, nbk = bm ^ frm, bk | to
                        else:
                            nbm, nbk = bm ^ frm ^ to, bk
                    else:
                        nbm, nbk = bm, bk ^ frm ^ to
                    nwm, nwk = wm & ~cap, wk & ~cap
                    ce = BOARD ^ (nbm | nbk | nwm | nwk)
                    co = nbm | nbk
                    cf = nwm | nwk
                    cj = (cf & (co << 4) & (ce << 8)) | (cf & (co << 5) & (ce << 10))
                    if nwk:
                        cj |= (nwk & (co >> 4) & (ce >> 8)) | (nwk & (co >> 5) & (ce >> 10))
                    if cj:
                        score = -qnode(nbm, nbk, nwm, nwk, False, -beta, -a, ply + 1, cj)
                    else:
                        leaf = (cf and (cf | co).bit_count() > eg_max
                                and ((cf >> 4) | (cf >> 5) | (nwk << 4) | (nwk << 5)) & ce)
                        if leaf and we_might_block:
                            od = ((co << 4) | (co << 5) | (nbk >> 4) | (nbk >> 5)) & ce
                            leaf = od & (od - 1)
                        if leaf:
                            nodes += 1
                            score = -evaluate(nbm, nbk, nwm, nwk, False)
                        else:
                            score = -node(nbm, nbk, nwm, nwk, False, 0, -beta, -a, ply + 1)
                else:
                    if frm & wm:
                        if to & WC:
                            nwm, nwk = wm ^ frm, wk | to
                        else:
                            nwm, nwk = wm ^ frm ^ to, wk
                    else:
                        nwm, nwk = wm, wk ^ frm ^ to
                    nbm, nbk = bm & ~cap, bk & ~cap
                    ce = BOARD ^ (nbm | nbk | nwm | nwk)
                    co = nwm | nwk
                    cf = nbm | nbk
                    cj = (cf & (co >> 4) & (ce >> 8)) | (cf & (co >> 5) & (ce >> 10))
                    if nbk:
                        cj |= (nbk & (co << 4) & (ce << 8)) | (nbk & (co << 5) & (ce << 10))
                    if cj:
                        score = -qnode(nbm, nbk, nwm, nwk, True, -beta, -a, ply + 1, cj)
                    else:
                        leaf = (cf and (cf | co).bit_count() > eg_max
                                and ((cf << 4) | (cf << 5) | (nbk >> 4) | (nbk >> 5)) & ce)
                        if leaf and we_might_block:
                            od = ((co >> 4) | (co >> 5) | (nwk << 4) | (nwk << 5)) & ce
                            leaf = od & (od - 1)
                        if leaf:
                            nodes += 1
                            score = -evaluate(nbm, nbk, nwm, nwk, True)
                        else:
                            score = -node(nbm, nbk, nwm, nwk, True, 0, -beta, -a, ply + 1)
                if score > best:
                    best = score
                    if score > a:
                        a = score
                        if a >= beta:
                            break
            return best

        def node(bm, bk, wm, wk, black, depth, alpha, beta, ply):
            """The score of the state for the side to move, searched ``depth``
            plies (and on through captures), ``ply`` plies below the root."""
            nonlocal nodes, poll_at
            nodes += 1
            if nodes >= poll_at:
                poll_at = nodes + POLL_EVERY
                if (stop is not None and stop()) or (deadline is not None and perf() >= deadline):
                    raise _Stop
                if len(tt) > tt_cap:
                    trim()
            # -- lost, or a quiet horizon: answered at once ----------------
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
                if not (od & (od - 1)) and ply and wins_at_once(bm, bk, wm, wk, black):
                    return WIN - ply - 1
                if occ.bit_count() <= eg_max and ply:
                    s = probe(bm, bk, wm, wk, black)
                    if s is not None:
                        return s
                return evaluate(bm, bk, wm, wk, black)

            # -- a repetition, the endgame database, the table --------------
            kings = bk or wk
            # (only the repetition test and the table need the key: a capture
            # at the horizon between men needs neither)
            key = (bm, bk, wm, wk, black) if kings or depth > 0 else None
            if kings and ply and key in rep:
                if key in history_states:
                    history_draws.add(key)
                return draws[black]  # the position repeats: a draw if either side wants it
            # (a quiet move keeps the piece count: its child needs the
            # database only if this node does)
            few = occ.bit_count() <= eg_max
            if few and ply:
                s = probe(bm, bk, wm, wk, black)
                if s is not None:
                    return s

            ttmove = None
            if depth > 0:
                ent = tt_get(key)
                if ent is not None:
                    edepth, escore, eflag, ttmove, _, _ = ent
                    if edepth >= depth and ply:
                        if escore >= MATE_BOUND:
                            escore -= ply
                        elif escore <= -MATE_BOUND:
                            escore += ply
                        if eflag == EXACT:
                            return escore
                        if eflag == LOWER:
                            if escore >= beta:
                                return escore
                        elif escore <= alpha:
                            return escore

            # -- pruning before any move is tried: reverse futility, ProbCut -
            if not j and depth <= rfp_depth and beta - alpha == 1 and ply:
                if black:
                    mob = ((own << 4) | (own << 5) | (bk >> 4) | (bk >> 5)) & empty
                else:
                    mob = ((own >> 4) | (own >> 5) | (wk << 4) | (wk << 5)) & empty
                if not mob:
                    return ply - WIN
                # reverse futility: far above beta with no capture pending and
                # little depth left, the opponent will not get back enough
                e = evaluate(bm, bk, wm, wk, black) - RFP_MARGIN * depth
                if e >= beta and beta > -MATE_BOUND and beta < MATE_BOUND:
                    if mob.bit_count() <= RFP_CHECK_SQUARES and lost_in_two(bm, bk, wm, wk, black):
                        return ply + 2 - WIN
                    return e

            if (probcut and depth >= PROBCUT_DEPTH and beta - alpha == 1 and ply
                    and -PROBCUT_BOUND < beta < PROBCUT_BOUND):
                # ProbCut: a search PROBCUT_R plies shallower that clears beta
                # by a margin would almost surely clear it at full depth too
                rb = beta + PROBCUT_MARGIN
                if node(bm, bk, wm, wk, black, depth - PROBCUT_R, rb - 1, rb, ply) >= rb:
                    return beta

            # -- the moves, and how deep their children are searched --------
            if ttmove is not None and ply:
                # try the TT move before generating anything: it often
                # cuts off, and then the move list is never built
                moves = (ttmove,)
                nmoves = ent[4]
                more = nmoves > 1
            else:
                more = False
                if j:
                    moves = captures(bm, bk, wm, wk, black, j)
                else:
                    moves = quiet_moves(bm, bk, wm, wk, black)
                    if not moves:
                        return ply - WIN
                nmoves = len(moves)
                if nmoves > 1:
                    _order(moves, j, depth, killers[ply], hget, 2)
                    if ttmove is not None and ttmove in moves:
                        moves.remove(ttmove)
                        moves.insert(0, ttmove)
            if nmoves == 1:
                # a forced reply costs no depth: forced lines are where
                # the tactics hide, and they are cheap to follow
                child_depth = depth if ply < MAX_PLY and EXTEND_SINGLE else depth - 1
                if child_depth < 0:
                    child_depth = 0
            else:
                child_depth = depth - 1 if depth > 0 else 0

            lmp_limit = lmp[depth] if depth < len(lmp) and beta - alpha == 1 and not j else 99
            if not child_depth:
                # After one move of ours we keep at least our squares to step
                # to now less 5 (the moved piece's 4 and the one it fills): with
                # 7 or more, no child can be blocked by us next move, and the
                # horizon test for it can be skipped.
                # Likewise the opponent keeps a square to step to after a quiet
                # move of ours if it has two now.
                if black:
                    ours = ((own << 4) | (own << 5) | (bk >> 4) | (bk >> 5)) & empty
                    theirs = ((opp >> 4) | (opp >> 5) | (wk << 4) | (wk << 5)) & empty
                else:
                    ours = ((own >> 4) | (own >> 5) | (wk << 4) | (wk << 5)) & empty
                    theirs = ((opp << 4) | (opp << 5) | (bk >> 4) | (bk >> 5)) & empty
                we_might_block = ours.bit_count() < 7
                they_can_move = theirs & (theirs - 1)
            # -- the children, best first, until one cuts ------------------
            # (rep is private to this search: an exception leaves it dirty harmlessly)
            added = kings and key not in rep
            if added:
                rep.add(key)
            best = -INF
            best_move = None
            a = alpha
            i = 0
            while True:
                done = False
                for m in moves:
                    frm, to, cap, _ = m
                    if i >= lmp_limit and not cap:
                        # late move pruning (see LMP), unless one of the moves
                        # left might block the opponent (see the horizon above)
                        if black:
                            od = ((opp >> 4) | (opp >> 5) | (wk << 4) | (wk << 5)) & empty
                        else:
                            od = ((opp << 4) | (opp << 5) | (bk >> 4) | (bk >> 5)) & empty
                        if od & (od - 1):
                            done = True
                            break
                        lmp_limit = 99
                    # the child: nbm, nbk, nwm, nwk with child_black to move
                    if black:
                        if frm & bm:
                            if to & BC:
                                nbm, nbk = bm ^ frm, bk | to
                            else:
                                nbm, nbk = bm ^ frm ^ to, bk
                        else:
                            nbm, nbk = bm, bk ^ frm ^ to
                        if cap:
                            nwm, nwk = wm & ~cap, wk & ~cap
                        else:
                            nwm, nwk = wm, wk
                        child_black = False
                    else:
                        if frm & wm:
                            if to & WC:
                                nwm, nwk = wm ^ frm, wk | to
                            else:
                                nwm, nwk = wm ^ frm ^ to, wk
                        else:
                            nwm, nwk = wm, wk ^ frm ^ to
                        if cap:
                            nbm, nbk = bm & ~cap, bk & ~cap
                        else:
                            nbm, nbk = bm, bk
                        child_black = True
                    if not child_depth:
                        # The child is at the horizon: if it has no capture, a
                        # move of its own, and we cannot block it next move, it
                        # is a leaf, evaluated here without the cost of a call.
                        # (The same tests as at the top of node(), for the child.)
                        ce = BOARD ^ (nbm | nbk | nwm | nwk)
                        if child_black:
                            co = nwm | nwk
                            cf = nbm | nbk
                            cj = (cf & (co >> 4) & (ce >> 8)) | (cf & (co >> 5) & (ce >> 10))
                            if nbk:
                                cj |= (nbk & (co << 4) & (ce << 8)) | (nbk & (co << 5) & (ce << 10))
                            if cj or not cf:
                                leaf = False
                            elif cap or few:
                                # (the database knows the few-piece ones better)
                                leaf = ((cf | co).bit_count() > eg_max
                                        and ((cf << 4) | (cf << 5) | (nbk >> 4) | (nbk >> 5)) & ce)
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
                                leaf = False
                            elif cap or few:
                                leaf = ((cf | co).bit_count() > eg_max
                                        and ((cf >> 4) | (cf >> 5) | (nwk << 4) | (nwk << 5)) & ce)
                            else:
                                leaf = they_can_move or ((cf >> 4) | (cf >> 5) | (nwk << 4) | (nwk << 5)) & ce
                            if leaf and we_might_block:
                                od = ((co << 4) | (co << 5) | (nbk >> 4) | (nbk >> 5)) & ce
                                leaf = od & (od - 1)
                        if leaf:
                            nodes += 1
                            score = -evaluate(nbm, nbk, nwm, nwk, child_black)
                        elif cj:
                            score = -qnode(nbm, nbk, nwm, nwk, child_black, -beta, -a, ply + 1, cj)
                        else:
                            score = -node(nbm, nbk, nwm, nwk, child_black, 0, -beta, -a, ply + 1)
                    elif i == 0:
                        score = -node(nbm, nbk, nwm, nwk, child_black, child_depth, -beta, -a, ply + 1)
                    else:
                        # late move reductions: quiet moves late in a well
                        # ordered list rarely matter; verify if they do
                        r = 0
                        if child_depth >= 2 and i >= lmr_from and not cap:
                            r = lmr[child_depth if child_depth < 32 else 31][i if i < 32 else 31]
                            if r >= child_depth:
                                r = child_depth - 1
                        score = -node(nbm, nbk, nwm, nwk, child_black, child_depth - r, -a - 1, -a, ply + 1)
                        if score > a and (r or score < beta):
                            score = -node(nbm, nbk, nwm, nwk, child_black, child_depth, -beta, -a, ply + 1)
                    i += 1
                    if score > best:
                        best = score
                        best_move = m
                        if not ply:
                            root_best[0] = (m, score)
                            if score > a:
                                root_best[1] = (m, score)
                        if score > a:
                            a = score
                            if a >= beta:
                                if not cap:
                                    reward_cut(hist, killers[ply], m, depth, moves if i > 1 else (),
                                               ttmove if ply and i > 1 else None)
                                done = True
                                break
                if done or not more:
                    break
                # the TT move did not cut off: now the rest, in order
                more = False
                moves = captures(bm, bk, wm, wk, black, j) if j else quiet_moves(bm, bk, wm, wk, black)
                moves.remove(ttmove)
                _order(moves, j, depth, killers[ply], hget, 1)
            if added:
                rep.discard(key)

            # -- the result into the table (a win's distance from this node) -
            if depth > 0:
                flag = LOWER if best >= beta else (EXACT if best > alpha else UPPER)
                s = best
                if s >= MATE_BOUND:
                    s += ply
                elif s <= -MATE_BOUND:
                    s -= ply
                tt[key] = (depth, s, flag, best_move, nmoves, generation)
            return best

        def counter():
            return nodes

        return node, counter, root_best

    # -- driver ----------------------------------------------------------------

    def _fade(self, state, history, draw_rule, quiet, draws=(0, 0)):
        """The evaluation for this search: faded toward ``draws`` by the draw
        rule's count (see DRAW_RULE), and the table cleared when the fade has
        moved on (a change of ``draws`` clears it anyway: see _draws)."""
        fade, evaluate = 1.0, self.evaluate
        rule = _draw_rule(draw_rule)
        if rule is not None:
            q = quiet_plies(state, history, rule) if quiet is None else max(int(quiet), 0)
            if q:
                left = max(rule.plies - q, 0)
                fade = left / rule.plies
                evaluate = _fading(self.evaluate, state, left, rule.plies, rule, draws)
        if abs(fade - self._table_fade) > FADE_CLEAR:
            self.tt.clear()
            self._table_fade = fade
        return evaluate

    def _draws(self, black, contempt):
        """The draw scores (white to move, black to move) with ``contempt``
        for the side ``black`` (True: black); the table is cleared when they
        change, as its scores carry them."""
        contempt = int(contempt)
        draws = (contempt, -contempt) if black else (-contempt, contempt)
        if draws != self._table_draws:
            self.tt.clear()
            self._table_draws = draws
        return draws

    def search(self, position, *, depth=None, time=None, history=(), stop=None, draw_rule=DRAW_RULE,
               quiet=None, contempt=0, use_all_time=False):
        """Iterative deepening; yields a SearchInfo after each completed depth.

        ``history`` holds earlier Positions of the game, oldest first (the
        current position may be included or not); only positions since the
        last capture or man move matter, e.g. ``game.reversible_history()``.
        A repetition of any of them inside the tree scores as a draw.  The
        evaluation fades towards the no-progress draw of ``draw_rule`` (a
        name of ``rules.DRAW_RULES`` or a DrawRule; None: no such rule) as
        its count nears the end (see DRAW_RULE): ``quiet`` is that count
        now (``game.quiet_plies``); None counts it from ``history``.
        Limits: ``depth`` plies, ``time`` seconds, or both; neither means
        one second.  The search stops deepening once a next depth would most
        likely not finish in ``time`` (see NEXT_ITERATION), which saves time
        for a caller with a clock; ``use_all_time`` (a fixed time a move,
        where time not used is lost) starts each next depth anyway: an
        unfinished depth can still prove a better move, and its table
        entries serve the next move.  ``stop`` (callable or Event) ends the
        search within a few milliseconds; the last completed depth stands,
        or the better move an unfinished depth had already proven.
        ``contempt``: what a draw costs the side to move, in centi-men (see
        CONTEMPT; 0, the default, scores a draw as even; negative: the
        search seeks draws).

        The garbage collector is paused while the search runs (and resumes
        when it ends, however it ends): the tree makes no reference cycles
        worth collecting, and a full collection in the middle of a move
        would cost it up to a quarter of 0.2 s (see GC_PAUSE).
        """
        paused = GC_PAUSE and gc.isenabled()
        if paused:
            gc.disable()
        try:
            yield from self._search(position, depth, time, history, stop, draw_rule, quiet, contempt,
                                    use_all_time)
        finally:
            if paused:
                gc.enable()

    def _search(self, position, depth, time, history, stop, draw_rule, quiet, contempt, use_all_time):
        t0 = _time.perf_counter()
        state = position.state
        history = tuple(history)
        root_moves = bb.moves(*state)
        if not root_moves:
            return
        if len(root_moves) == 1:
            m = Move.from_raw(root_moves[0])
            e = self.evaluate(*state)
            yield SearchInfo(1, e, m, (m,), 1, _time.perf_counter() - t0)
            return
        if depth is None and time is None:
            time = 1.0
        max_depth = max(1, depth) if depth is not None else 99
        deadline = t0 + time if time is not None else None
        stop_fn = _stop_fn(stop)
        history_states = {p.state for p in history if (p.bk or p.wk)}
        history_states.discard(state)
        self._forget_other_histories(history_states, state)
        rep = set(history_states)
        killers = [[None, None] for _ in range(MAX_PLY + 64)]
        # old history scores would swamp the new search: age them
        for k in list(self.hist):
            v = self.hist[k]
            v = v >> 2 if v > 0 else -(-v >> 2)
            if v:
                self.hist[k] = v
            else:
                del self.hist[k]
        self._trim()
        draws = self._draws(state[4], contempt)
        evaluate = self._fade(state, history, draw_rule, quiet, draws)
        node, counter, root_best = self._make_node(rep, deadline, stop_fn, killers, history_states, evaluate,
                                                   draws)
        # (probe_state answers None at once for more pieces than the database holds)
        in_database = self.endgame is not None and self.endgame.probe_state(*state) is not None
        score = 0
        d = 1
        last = None
        raw = None  # the last completed depth's move
        t_done = t0
        changed = False
        bm, bk, wm, wk, black = state
        while d <= max_depth:
            root_best[0] = root_best[1] = None
            try:
                if d >= 4 and not is_mate_score(score):
                    # aspiration window around the last score; a score outside
                    # it opens only the side it fell out of (the other bound
                    # still holds, and a narrower window searches faster)
                    lo, hi = score - 40, score + 40
                    while True:
                        s = node(bm, bk, wm, wk, black, d, lo, hi, 0)
                        if s <= lo and lo > -INF:
                            lo = -INF
                        elif s >= hi and hi < INF:
                            hi = INF
                        else:
                            break
                        root_best[1] = None  # a bound, not a score: only the re-search counts
                else:
                    s = node(bm, bk, wm, wk, black, d, -INF, INF, 0)
            except _Stop:
                # An unfinished depth still proved something if a move beat
                # the alpha of its window, which was searched first: that
                # move is at least as good as the one the last depth chose.
                proven = root_best[1]
                if proven is not None and last is not None and proven[0] != raw:
                    pv = (_to_move(proven[0]),)
                    now = _time.perf_counter()
                    self.nodes = counter()
                    last = SearchInfo(d, proven[1], pv[0], pv, counter(), now - t0)
                    changed = True
                    yield last
                break
            score = s
            raw = root_best[0][0]
            pv = self._pv(state, raw, d)
            now = _time.perf_counter()
            t_done = now
            self.nodes = counter()
            last = SearchInfo(d, score, pv[0], pv, counter(), now - t0)
            yield last
            if is_mate_score(score) and d >= WIN - abs(score) + 2:
                break  # the forced result is proven; deeper search adds nothing
            if in_database and d >= 2:
                # every move leads into the database, and depth 2 has also seen
                # the repetitions of the game's history: deeper adds nothing
                break
            if deadline is not None and not use_all_time and now - t0 > NEXT_ITERATION * time:
                break  # the next depth would most likely not finish in time
            d += 1
        self.nodes = counter()
        end = _time.perf_counter()
        # (seconds in completed depths, in the unfinished one, and whether that one changed the move)
        self.timing = (t_done - t0, end - t_done, changed)

    def _pv(self, state, raw, depth):
        pv = [_to_move(raw)]
        seen = {state}
        state = bb.play(*state, raw)
        tt = self.tt
        while len(pv) < depth + 8 and state not in seen:
            seen.add(state)
            e = tt.pop(state, None)
            if e is None:
                break
            tt[state] = e[:5] + (self._generation,)  # the principal variation is the last to go
            if e[3] is None:
                break
            pv.append(_to_move(e[3]))
            state = bb.play(*state, e[3])
        self._pv_states = tuple(seen)
        return tuple(pv)

    def best_move(self, position, **kw):
        info = None
        for info in self.search(position, **kw):
            pass
        if info is not None:
            return info.best_move
        moves = bb.moves(*position.state)
        return Move.from_raw(moves[0]) if moves else None

    def root_scores(self, position, depth, history=(), stop=None):
        """Every legal move with its score at ``depth`` (full window each):
        the levels pick among them.  Returns [(Move, score)], best first."""
        state = position.state
        history_states = {p.state for p in history if (p.bk or p.wk)}
        history_states.discard(state)
        self._forget_other_histories(history_states, state)
        self._draws(state[4], 0)
        rep = set(history_states)
        rep.add(state)
        killers = [[None, None] for _ in range(MAX_PLY + 64)]
        node, counter, _ = self._make_node(rep, None, _stop_fn(stop), killers, history_states)
        out = []
        for raw in bb.moves(*state):
            child = bb.play(*state, raw)
            try:
                s = -node(*child, max(depth - 1, 0), -INF, INF, 1)
            except _Stop:
                s = 0 if not out else out[-1][1] - 1
            out.append((Move.from_raw(raw), s))
        self.nodes = counter()
        out.sort(key=lambda ms: -ms[1])
        return out


def iterative_search(position, *, depth=None, time=None, history=(), stop=None, searcher=None,
                     draw_rule=DRAW_RULE, quiet=None):
    """Generator of SearchInfo per completed depth (see Searcher.search)."""
    s = searcher if searcher is not None else Searcher()
    return s.search(position, depth=depth, time=time, history=history, stop=stop, draw_rule=draw_rule,
                    quiet=quiet)


def best_move(position, *, depth=None, time=None, history=(), stop=None, searcher=None,
              draw_rule=DRAW_RULE, quiet=None):
    """The best Move found within the limits, or None without a legal move."""
    s = searcher if searcher is not None else Searcher()
    return s.best_move(position, depth=depth, time=time, history=history, stop=stop, draw_rule=draw_rule,
                       quiet=quiet)
