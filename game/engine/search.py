"""The search's driver: iterative deepening over the search core.

PVS with iterative deepening and aspiration windows, a bounded
transposition table, table move / killers / history ordering, late move
reductions and pruning, reverse futility, ProbCut, forced-capture
quiescence (an exchange is never cut in the middle: at the horizon the
search goes on while the side to move must capture), repetition draws
against the game's reversible history, the endgame database, and
mate-distance scores.

The tree itself is ``core.Core`` (game/engine/core.py, over the core's
other modules: movegen, table, evaluation, probe): Python source compiled
by Cython when a C compiler was at hand at install time, run by the
interpreter otherwise, with the same results (``corebuild`` picks one;
``ENGINE`` says which runs).  Every tunable of the search is one
SearchParams value.  This module keeps what runs once a search or
once a depth: the root's moves, time control and stopping, the draw rule's
count and the contempt, the table's lifetime across a game's moves, and the
Move objects of the answers.
"""

import gc
import math
import threading
import time as _time
import types
from collections import namedtuple
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple, cast, overload

from ..rules import bitboard as bb
from ..rules.game import DrawRule, draw_rule_named
from ..rules.position import Move, Position
from . import corebuild
from . import evaluate as _evaluate
from .evaluate import evaluate
from .scores import WIN, is_database_score, is_mate_score

if TYPE_CHECKING:
    from .core import Core  # (its stub, core.pyi: mypy checks the calls into the core)
    from .endgame import Endgame
    from .table import Entry
    from .win_distance import WinDistance

# The core this process runs (see corebuild.choose), and its description
# for ``checkers --version``: "compiled" or "interpreted: why".
_core, _why_interpreted = corebuild.chosen()
ENGINE = corebuild.describe(_core, _why_interpreted)


def core_module() -> types.ModuleType:
    """The core module this process runs (see corebuild.choose)."""
    return _core

INF = 10 ** 6


@lru_cache(maxsize=None)
def _lmr_table(div: float) -> list[list[int]]:
    """Reductions by [remaining depth][move number] for SearchParams.lmr_div
    ``div``, built on the first search (small: the agent's start-up matters)
    and kept per value (an A/B match may set another)."""
    t = [[0] * 32 for _ in range(32)]
    for d in range(1, 32):
        for i in range(1, 32):
            t[d][i] = max(1, int(0.5 + math.log(d) * math.log(i) / div))
    return t


class SearchParams(NamedTuple):
    """Every tunable of the search, the core's and the driver's, in one value:
    a Searcher is made with one (``Searcher(params=...)``; the default is
    this class's defaults) and reads it at every search.  Another is made
    with ``_replace`` (a NamedTuple: no dataclasses, which the tournament
    agent's start-up would pay for).  An A/B match builds
    another with tools/overrides.py (``time:0.2@RFP_MARGIN=80``: a field's
    name in capitals).

    The pruning values were chosen by node counts at fixed depth over the
    tools/bench.py positions (fewer nodes for the same best moves) and kept
    when self-play matches agreed; the figures are in docs/measurements.md.
    Not kept there: a threat extension, internal iterative reduction, and
    reducing late moves less at PV nodes.
    """

    # The table's cap in entries (rounded up to a power of two), by the core's
    # node rate: 32 bytes an entry (see table.py), so the compiled core's
    # table is 32 MB at most, and half as much again for a moment while it
    # doubles on its way there.  At the cap a new entry replaces the least
    # worth keeping of its bucket (an earlier search's, then a shallow one):
    # nothing is rebuilt.  The interpreted core fills a fifth as many in its
    # time, and its doublings are Python loops.  Either way a short search
    # starts small (see table.Table).
    tt_entries: int = 1_000_000
    tt_entries_interpreted: int = 200_000
    # Poll stop/time every this many nodes, leaves included (under a millisecond compiled).
    poll_every: int = 1024
    # Late move reductions, by remaining depth and move number (log-log as in
    # most modern engines, divided by lmr_div), for quiet moves from move
    # index lmr_from on (0 is the first).
    lmr_from: int = 2
    lmr_div: float = 1.5
    # Late move pruning: at shallow non-PV nodes without a capture, quiet
    # moves after the first lmp[depth] (ordered by TT move, killers, history)
    # are not searched at all: so late in a well ordered list they rarely matter.
    lmp: tuple[int, ...] = (99, 3, 5, 7)
    # ... but not in endings of lmp_pieces pieces or fewer (nor late move
    # reductions with lmr_pieces or fewer): with few pieces a king's quiet
    # move late in the list is often the one that traps or escapes, and the
    # tree is small enough to search them all.  0: pruned at any count.
    lmp_pieces: int = 0
    lmr_pieces: int = 0
    # Reverse futility ("static null move") at depth <= rfp_depth: a quiet
    # position already rfp_margin * depth above beta is taken as a fail high.
    rfp_depth: int = 3
    rfp_margin: int = 60
    # ... but a side with few squares to step to may be about to be blocked
    # (no legal move: lost), which no static score sees: with up to this
    # many, a cut is first checked against being blocked by the opponent's
    # next move.  (Without the check, short wins by blocking are missed;
    # leaving such positions out of reverse futility instead costs many nodes
    # in king endings: docs/measurements.md has both.)
    rfp_check_squares: int = 5
    # ProbCut: at non-PV nodes with probcut_depth plies or more left, a search
    # probcut_r plies shallower that clears beta by probcut_margin is taken as
    # a fail high.  The margin is below the probe's typical error (the spread
    # that tools/calibrate_pruning.py measures), so some cuts are wrong: the
    # depth they save is worth more (the matches that chose it are in
    # docs/measurements.md).  Not near forced results (probcut_bound): their
    # scores are exact.
    probcut: bool = True
    probcut_depth: int = 6
    probcut_r: int = 4
    probcut_margin: int = 25
    probcut_bound: int = 10000
    # Shots: a quiet move that offers the opponent a capture is never pruned
    # late (LMP); at 2 it is not reduced (LMR) either.  Captures are
    # compulsory, so such a move forces the reply like a check in chess, and
    # the combinations of checkers (a man given to take two) begin with one;
    # pruned at the shallow nodes, ProbCut's probes among them, a combination
    # stays hidden however deep the search above them goes.  Reducing them
    # still finds the combinations, for far fewer nodes, so 1.  0: pruned like
    # any quiet move.
    keep_shots: int = 1
    # Single-reply extension: off.  It costs about two plies of nominal depth
    # and makes node counts explode in capture-rich lines, for no measurable gain.
    extend_single: bool = False
    # History malus: at a cut by a quiet move, the quiet moves tried before it
    # at that node lose what it gains (depth squared), so that moves which
    # keep failing sink in the order instead of keeping an old high score.
    # Node counts move both ways with it; it stays on with contempt and the
    # whole time a move, the engine whose strength docs/measurements.md records.
    hist_malus: bool = True
    # False: the table is written, never read (a plain search: see plain()).
    tt_read: bool = True
    # The collector paused during a search (see Searcher.search): the
    # collections the search's allocations call for run after it instead, out
    # of the move's time.
    gc_pause: bool = True
    # Time: start another iteration only before this share of the time is
    # used.  One depth takes from 0.3 to 10 times the one before, so no
    # prediction is made; an unfinished depth is not all lost: its move counts
    # once it beat the last depth's (see search()), and its table entries
    # serve the next move.  0.7 leaves less time unused than 0.6 and wastes
    # less in unfinished depths than 0.8.  This is for callers whose saved
    # time is worth something (the tournament agent's clock); the levels, with
    # a fixed time a move, search on to the end of it (``use_all_time``).
    next_iteration: float = 0.7
    # In a won database ending, the first plies without progress keep the
    # winner's pieces (see Searcher._keeping_material); after them the
    # database's shortest conversion is played even when it gives a piece.
    keep_material_plies: int = 16
    # A won database ending is searched once more without the database, this
    # deep (with a table of short_win_tt entries), for a win it can play out
    # (in 3 moves at most): see _short_win.
    short_win_plies: int = 5
    short_win_tt: int = 1 << 14
    # The table's scores carry the no-progress fade they were computed with
    # (see DRAW_RULE): when it has moved on by more than this since the table
    # was last cleared, it is cleared.
    fade_clear: float = 0.125
    # Contempt: in play, a draw scores this many centi-men below an even
    # position for the side the engine searches for (and as much above it for
    # the opponent), so the engine plays on in a level position rather than
    # repeat it or trade into a drawn ending: against a weaker opponent the
    # game holds more chances than the draw.  The levels that search at full
    # strength pass it (levels.choose_move); analysis, hints and reports do
    # not (a draw there is a draw).  15, not more: a larger contempt gained
    # nothing measurable and costs more against a stronger opponent, where the
    # draw is the result to take.
    contempt: int = 15
    # With contempt, a drawn database position scores the draw plus its
    # evaluation divided by this, kept under the contempt (see probe.Probe):
    # among drawing lines the engine takes the one that leaves the opponent
    # most to get wrong, and a draw still never scores past even.  The
    # no-progress fade likewise aims at the contempt's draw score (see
    # evaluation.Evaluation.leaf), so that neither kind of draw looks better
    # than the other.
    press_div: int = 8

    def plain(self) -> "SearchParams":
        """These parameters for a full-width alpha-beta: no answers or moves
        from the table, no pruning or reductions (see Searcher's ``plain``)."""
        return self._replace(lmr_from=INF, lmp=(), rfp_depth=0, probcut=False, tt_read=False)

    def lmr_table(self) -> list[list[int]]:
        """The reductions by [remaining depth][move number] (32 x 32)."""
        return _lmr_table(self.lmr_div)


DEFAULT_PARAMS = SearchParams()

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

SearchInfo = namedtuple("SearchInfo", "depth score best_move pv nodes seconds")
SearchInfo.__doc__ = """One completed iteration: the score is from the side to move's view
in centi-men (a man is 100); see describe_score() for forced wins."""

# What ``stop`` may be (see Searcher.search): a no-argument callable, an Event, or None.
StopLike = Callable[[], object] | threading.Event | None
# A move as the core stores it: a raw move whose path may be left out (None).
CoreMove = tuple[int, int, int, tuple[int, ...] | None]


def _progress(rule: DrawRule) -> Callable[[int, int, int, int], tuple[int, ...]]:
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


@overload
def _draw_rule(rule: None) -> None: ...
@overload
def _draw_rule(rule: str | DrawRule) -> DrawRule: ...
@overload
def _draw_rule(rule: str | DrawRule | None) -> DrawRule | None: ...
def _draw_rule(rule: str | DrawRule | None) -> DrawRule | None:
    """A DrawRule from a DrawRule or its name; None (no such rule) stays None."""
    return None if rule is None else draw_rule_named(rule)


def quiet_plies(state: bb.State, history: Sequence[Position], rule: str | DrawRule = DRAW_RULE) -> int:
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


def _set_fade(core: "Core", root: bb.State, left: int, plies: int, rule: DrawRule) -> None:
    """The core's evaluation faded for a search from ``root`` (see
    Evaluation.leaf): ``left`` of the ``plies`` of the DrawRule ``rule``'s
    count remain, and the positions that fade are those with the root's
    progress signature."""
    s0, s1, s2 = (*_progress(rule)(*root[:4]), 0)[:3]
    core.ev.set_fade(1 if rule.man_move_resets else 2, s0, s1, s2, left, plies)


def _to_move(raw: CoreMove) -> Move:
    """The rules.Move of a raw move, with or without its path."""
    if raw[3] is None:
        raw = (raw[0], raw[1], raw[2], (raw[0], raw[1]))
    return Move.from_raw(cast(bb.RawMove, raw))  # (its path is there now)


def _raw_in(state: bb.State, frm: int, to: int, cap: int) -> CoreMove | None:
    """The raw move (with its path) of ``state`` that goes ``frm`` -> ``to``
    taking ``cap``, as the core stores moves; None if there is none.  (Two
    capture paths with the same three lead to the same position: the first
    is taken.)"""
    if not cap:
        return (frm, to, 0, None)
    return next((m for m in bb.moves(*state) if m[0] == frm and m[1] == to and m[2] == cap), None)


_ROWS = tuple(sum(bb.SQUARE_BITS[4 * r:4 * r + 4]) for r in range(8))


def _rows(mask: int) -> int:
    """Sum of the rows (0-7, from black's side) of the pieces of a mask."""
    return sum(r * (mask & m).bit_count() for r, m in enumerate(_ROWS) if mask & m)


def _may_follow(state: bb.State, later: bb.State) -> bool:
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


def _stop_fn(stop: StopLike) -> Callable[[], object] | None:
    """A no-argument callable from None, a callable or an Event-like object."""
    if stop is None:
        return None
    if hasattr(stop, "is_set"):
        return stop.is_set
    return stop


_DEFAULT_ENDGAME: Any = object()  # (a marker: "the shipped database"; see Searcher)
# The five-piece blocks a search core holds at most (see Searcher, five_bytes).
# One search of a late-middle-game position meets tens of megabytes of them,
# and the engine process lives for many games: the share keeps what a session
# meets, so blocks are seldom unpacked twice, and still bounds the process (the
# figures are in docs/measurements.md).
FIVE_HELD_BYTES = 112 << 20


class _Known(NamedTuple):
    """A root decided by the distance to the win (see Searcher._by_win_distance)."""

    score: int                         # WIN - plies for a win, plies - WIN for a loss
    moves: tuple[bb.RawMove, ...]      # the root moves that keep to it


class _Table(Mapping[bb.State, "Entry"]):
    """The core's transposition table as a read-only mapping, for tests and
    tools: state -> (depth, score, flag, (frm, to, captured) or None, number
    of moves, the search that wrote it)."""

    def __init__(self, core: "Core") -> None:
        self._core = core

    def __len__(self) -> int:
        return self._core.table.count

    def __iter__(self) -> Iterator[bb.State]:
        return iter(self._core.table.states())

    def __contains__(self, state: object) -> bool:
        return self._core.table.get(*cast(bb.State, state)) is not None

    def __getitem__(self, state: bb.State) -> "Entry":
        entry = self._core.table.get(*state)
        if entry is None:
            raise KeyError(state)
        return entry


class Searcher:
    """Search state kept across the moves of one game: the core, with its
    transposition table and history scores.  Not thread-safe; use one per
    game/engine.

    ``endgame``: the endgame database to probe (default: the shipped one,
    read on the first probe; ``None``: none).  ``evaluate``: the static
    evaluation (default: ``evaluate.evaluate``, which the core computes
    itself; another function is called from the core, much slower).
    ``plain``: a full-width alpha-beta, with no answers or moves from the
    table and no pruning or reductions, whose score at a fixed depth is the
    plain minimax score (tests/test_search_reference.py checks it against a
    reference search).  ``core``: the core module to run (default: the one
    corebuild chose; tests pass each build in turn).  ``tt_entries``: the
    table's size (default the params' tt_entries compiled,
    tt_entries_interpreted interpreted).  ``params``: the SearchParams
    (default DEFAULT_PARAMS).  ``win_distance``: the distances to the win of
    the endings of up to four pieces (default: the shipped table when there is
    an endgame database, none without one), by which the root of such an
    ending is played and scored (see _by_win_distance).  ``five_bytes``: the
    most bytes of five-piece blocks the core may hold (None: no limit; set
    between searches, it holds from the next one); a block past it drops the
    blocks held, and the core fetches again those it meets (see
    probe.Probe.five): the memory is bounded, the scores are not changed.
    """

    def __init__(self, tt_entries: int | None = None, evaluate: Callable[[int, int, int, int, bool], int] = evaluate,
                 endgame: "Endgame | None" = _DEFAULT_ENDGAME, plain: bool = False,
                 core: types.ModuleType | None = None, params: SearchParams | None = None,
                 win_distance: "WinDistance | None" = _DEFAULT_ENDGAME,
                 five_bytes: int | None = FIVE_HELD_BYTES) -> None:
        self.params = DEFAULT_PARAMS if params is None else params
        self.evaluate = evaluate
        self.nodes = 0
        if endgame is _DEFAULT_ENDGAME:
            from . import endgame as _eg

            endgame = _eg.default()
        self.endgame = endgame
        if win_distance is _DEFAULT_ENDGAME:
            win_distance = None
            if endgame is not None:
                from . import win_distance as _wd

                win_distance = _wd.default()
        self.win_distance = win_distance
        self.plain = plain
        self._short_searcher: Searcher | None = None  # (see _short_win)
        self.core_module = core if core is not None else _core
        self._core: Core | None = None  # made on first use (see core)
        self._core_endgame: object = _DEFAULT_ENDGAME  # (database, five_bytes) the core was given (none yet)
        self.five_bytes = five_bytes
        if tt_entries is None:
            p = self.params
            tt_entries = p.tt_entries if self.core_module.COMPILED else p.tt_entries_interpreted
        self._tt_entries = tt_entries
        # history positions whose repetition scored a draw in a search whose
        # results are still in the table (see _forget_other_histories)
        self._history_draws: set[bb.State] = set()
        self.timing: tuple[float, float, bool] | None = None  # where the last timed search's time went (see search())
        self._generation = 0  # the number of the current search, stored in each entry
        self._table_fade = 1.0  # the draw rule's fade when the table was last cleared
        self._table_draws = (0, 0)  # the draw scores the table's entries were computed with

    @property
    def core(self) -> "Core":
        """The core.Core of this searcher (made on first use)."""
        if self._core is None:
            module = self.core_module
            self._core = module.Core(self._tt_entries, _evaluate.core_tables(), None)
            self._refresh()
        return self._core

    def _refresh(self) -> None:
        """The core's evaluation (tools/match.py may rebake the tables between
        moves, or the caller set another evaluate) and endgame database."""
        core = self.core
        core.set_tables(_evaluate.core_tables())
        given = (self.endgame, self.five_bytes)
        if self._core_endgame != given:
            self._core_endgame = given
            self._give_endgame(core)
        core.ev.py_eval = None if self.evaluate is evaluate else self.evaluate

    def _give_endgame(self, core: "Core") -> None:
        """Give the core the database, and its share of five-piece blocks (it
        drops the blocks it held)."""
        tables = None if self.endgame is None else self.endgame.core_tables()
        if tables is not None:
            tables = {**tables, "FIVE_BYTES": -1 if self.five_bytes is None else max(self.five_bytes, 0)}
        core.set_endgame(tables)

    @property
    def tt(self) -> _Table:
        """The transposition table, read-only (see _Table)."""
        return _Table(self.core)

    @property
    def tt_entries(self) -> int:
        return self._tt_entries

    @tt_entries.setter
    def tt_entries(self, n: int) -> None:
        self._tt_entries = n
        if self._core is not None:
            self._core.table.set_entries(n)

    def clear(self) -> None:
        if self._core is not None:
            self._core.table.clear()
            self._core.clear_history()
        self._history_draws.clear()

    def _forget_other_histories(self, history_states: set[bb.State], root: bb.State) -> None:
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
                self.core.table.clear()
                self._history_draws.clear()
                return
        # (the others stay recorded: an undo can bring them back within reach)

    # -- setting the core up ---------------------------------------------------

    def _prepare(self, history_states: set[bb.State], root: bb.State | None, stop: Callable[[], object] | None,
                 deadline: float | None, draws: tuple[int, int]) -> "Core":
        """The core for one search (or root_scores): its parameters, the draw
        scores, the repetition history, the limits, and a new generation for
        the table."""
        core = self.core
        self._refresh()
        params = self.params.plain() if self.plain else self.params
        core.configure(params, params.lmr_table())
        core.ev.set_draws(*draws)
        core.set_history(sorted(history_states), root)
        self._generation += 1
        core.begin(stop, -1.0 if deadline is None else deadline, _time.perf_counter, self._generation,
                   self._history_draws)
        return core

    def _fade(self, state: bb.State, history: Sequence[Position], draw_rule: str | DrawRule | None,
              quiet: int | None) -> None:
        """Fade the core's evaluation toward the draw by the draw rule's count
        (see DRAW_RULE), and clear the table when the fade has moved on."""
        core = self.core
        core.ev.set_fade(0, 0, 0, 0, 0, 1)
        fade = 1.0
        rule = _draw_rule(draw_rule)
        if rule is not None:
            q = quiet_plies(state, history, rule) if quiet is None else max(int(quiet), 0)
            if q:
                left = max(rule.plies - q, 0)
                fade = left / rule.plies
                _set_fade(core, state, left, rule.plies, rule)
        if abs(fade - self._table_fade) > self.params.fade_clear:
            core.table.clear()
            self._table_fade = fade

    def _draws(self, black: bool, contempt: int) -> tuple[int, int]:
        """The draw scores (white to move, black to move) with ``contempt``
        for the side ``black`` (True: black); the table is cleared when they
        change, as its scores carry them."""
        contempt = int(contempt)
        draws = (contempt, -contempt) if black else (-contempt, contempt)
        if draws != self._table_draws:
            self.core.table.clear()
            self._table_draws = draws
        return draws

    # -- the search --------------------------------------------------------------

    def search(self, position: Position, *, depth: int | None = None, time: float | None = None,
               history: Iterable[Position] = (), stop: StopLike = None, draw_rule: str | DrawRule | None = DRAW_RULE,
               quiet: int | None = None, contempt: int = 0, use_all_time: bool = False) -> Iterator[SearchInfo]:
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
        likely not finish in ``time`` (see SearchParams.next_iteration), which saves time
        for a caller with a clock; ``use_all_time`` (a fixed time a move,
        where time not used is lost) starts each next depth anyway: an
        unfinished depth can still prove a better move, and its table
        entries serve the next move.  ``stop`` (callable or Event) ends the
        search within a few milliseconds; the last completed depth stands,
        or the better move an unfinished depth had already proven.
        ``contempt``: what a draw costs the side to move, in centi-men (see
        SearchParams.contempt; 0, the default, scores a draw as even; negative: the
        search seeks draws).

        The garbage collector is paused while the search runs (and resumes
        when it ends, however it ends; see SearchParams.gc_pause).
        """
        paused = self.params.gc_pause and gc.isenabled()
        if paused:
            gc.disable()
        try:
            yield from self._search(position, depth, time, history, stop, draw_rule, quiet, contempt,
                                    use_all_time)
        finally:
            if paused:
                gc.enable()

    def _search(self, position: Position, depth: int | None, time: float | None, history: Iterable[Position],
                stop: StopLike, draw_rule: str | DrawRule | None, quiet: int | None, contempt: int,
                use_all_time: bool) -> Iterator[SearchInfo]:
        t0 = _time.perf_counter()
        state: bb.State = position.state
        history = tuple(history)
        root_moves = bb.moves(*state)
        if not root_moves:
            return
        known = self._by_win_distance(state, root_moves, history, draw_rule, quiet)
        if len(root_moves) == 1:
            m = Move.from_raw(root_moves[0])
            if known is not None:
                line = self._win_line(state, root_moves[0])
                yield SearchInfo(1, known.score, m, line, 1, _time.perf_counter() - t0)
                return
            e = self.evaluate(*state)
            yield SearchInfo(1, e, m, (m,), 1, _time.perf_counter() - t0)
            return
        if depth is None and time is None:
            time = 1.0
        max_depth = max(1, depth) if depth is not None else 99
        deadline = t0 + time if time is not None else None
        history_states = {p.state for p in history if (p.bk or p.wk)}
        history_states.discard(state)
        self._forget_other_histories(history_states, state)
        core = self.core
        core.age_history()  # old history scores would swamp the new search
        draws = self._draws(state[4], contempt)
        self._fade(state, history, draw_rule, quiet)
        core = self._prepare(history_states, None, _stop_fn(stop), deadline, draws)
        stopped = self.core_module.Stop
        # (probe_state answers None at once for more pieces than the database holds)
        in_database = self.endgame is not None and self.endgame.safe_probe_state(*state) is not None
        score = 0
        d = 1
        last = None
        raw = None  # the last completed depth's move
        t_done = t0
        changed = False
        bm, bk, wm, wk, black = state

        def root_move(f: int, t: int, c: int) -> bb.RawMove:
            return next(m for m in root_moves if m[0] == f and m[1] == t and m[2] == c)

        while d <= max_depth:
            core.root_move_f = core.proven_f = 0
            try:
                if d >= 4 and not is_mate_score(score):
                    # aspiration window around the last score; a score outside
                    # it opens only the side it fell out of (the other bound
                    # still holds, and a narrower window searches faster)
                    lo, hi = score - 40, score + 40
                    while True:
                        s = core.search(bm, bk, wm, wk, black, d, lo, hi, 0)
                        if s <= lo and lo > -INF:
                            lo = -INF
                        elif s >= hi and hi < INF:
                            hi = INF
                        else:
                            break
                        core.proven_f = 0  # a bound, not a score: only the re-search counts
                else:
                    s = core.search(bm, bk, wm, wk, black, d, -INF, INF, 0)
            except stopped:
                # An unfinished depth still proved something if a move beat
                # the alpha of its window, which was searched first: that
                # move is at least as good as the one the last depth chose.
                if core.proven_f and last is not None and known is None:
                    proven = root_move(core.proven_f, core.proven_t, core.proven_c)
                    if proven != raw:
                        pv: tuple[Move, ...] = (_to_move(proven),)
                        self.nodes = core.nodes
                        last = SearchInfo(d, core.proven_score, pv[0], pv, core.nodes, _time.perf_counter() - t0)
                        changed = True
                        yield last
                break
            score = s
            raw = root_move(core.root_move_f, core.root_move_t, core.root_move_c)
            shown = score
            if known is not None:
                # the distance to the win decides: the core's move if it is one of the
                # shortest wins (longest defences), else the first of them
                if raw not in known.moves:
                    raw = known.moves[0]
                pv = self._win_line(state, raw)
                shown = known.score
            else:
                pv = self._pv(state, raw, d)
            keeping = len(history) < self.params.keep_material_plies
            if known is None and in_database and score > 0 and is_database_score(score) and keeping:
                kept = self._keeping_material(state, raw, root_moves, history_states)
                if kept is not raw:
                    raw = kept
                    pv = (_to_move(kept),)
            now = _time.perf_counter()
            t_done = now
            self.nodes = core.nodes
            last = SearchInfo(d, shown, pv[0], pv, core.nodes, now - t0)
            yield last
            if is_mate_score(score) and d >= WIN - abs(score) + 2:
                break  # the forced result is proven; deeper search adds nothing
            if in_database and d >= 2:
                # every move leads into the database, and depth 2 has also seen
                # the repetitions of the game's history: deeper adds nothing
                if score > 0 and is_database_score(score) and known is None:
                    won = self._short_win(position, history, stop)
                    if won is not None:
                        last = SearchInfo(d, won.score, won.best_move, won.pv, core.nodes + won.nodes,
                                          _time.perf_counter() - t0)
                        yield last
                break
            if time is not None and not use_all_time and now - t0 > self.params.next_iteration * time:
                break  # the next depth would most likely not finish in time
            d += 1
        self.nodes = core.nodes
        end = _time.perf_counter()
        # (seconds in completed depths, in the unfinished one, and whether that one changed the move)
        self.timing = (t_done - t0, end - t_done, changed)

    def _by_win_distance(self, state: bb.State, root_moves: list[bb.RawMove], history: Sequence[Position],
                         draw_rule: str | DrawRule | None, quiet: int | None) -> "_Known | None":
        """The root's score and moves by the distance to the win (see
        win_distance), when the root is a won or lost ending of up to four
        pieces that the table knows: the winner plays a shortest win, the
        loser a longest defence, and the score is the win's (``WIN - plies``,
        as a win the search played out).  None otherwise, and when the draw
        rule's count (``quiet``, or counted from ``history``) could end the
        game first, or when a position of the game's history might come
        again on the way (one as near the end as the root: the way to the
        win only ever comes nearer, so an older one never comes again):
        the search then plays as it always has (the database's conversions,
        the no-progress fade, the repetitions)."""
        table = self.win_distance
        if table is None or (state[0] | state[1] | state[2] | state[3]).bit_count() > 4:
            return None
        here = table.probe_state(*state)
        if here is None or not here[0]:
            return None
        result, plies = here
        rule = _draw_rule(draw_rule)
        if rule is not None:
            q = quiet_plies(state, history, rule) if quiet is None else max(int(quiet), 0)
            if q + plies >= rule.plies:
                return None
        for p in history:
            if p.state != state and (p.bk or p.wk):
                seen = table.probe_state(*p.state)
                if seen is not None and seen[0] and seen[1] < plies:
                    return None
        moves = []
        for m in root_moves:
            child = table.probe_state(*bb.play(*state, m))
            if child is not None and child == (-result, plies - 1):
                moves.append(m)
        if not moves:
            return None  # (a table that fails its own check)
        return _Known(WIN - plies if result > 0 else plies - WIN, tuple(moves))

    def _win_line(self, state: bb.State, raw: bb.RawMove, limit: int = 32) -> tuple[Move, ...]:
        """``raw`` and what follows it by the distance to the win: the
        winner's shortest way, the loser's longest defence (the first such
        move of each position), up to ``limit`` plies or the game's end."""
        table = cast("WinDistance", self.win_distance)
        line = [_to_move(raw)]
        state = bb.play(*state, raw)
        while len(line) < limit:
            here = table.probe_state(*state)
            if here is None or not here[0]:
                break
            want = (-here[0], here[1] - 1)
            nxt = next((m for m in bb.moves(*state) if table.probe_state(*bb.play(*state, m)) == want), None)
            if nxt is None:
                break
            line.append(_to_move(nxt))
            state = bb.play(*state, nxt)
        return tuple(line)

    def _short_win(self, position: Position, history: Iterable[Position], stop: StopLike) -> SearchInfo | None:
        """The search's SearchInfo of a win in at most short_win_plies plies
        from a won ending of the database, found by a search without the
        database (whose probes answer every position below the root, so it
        never plays a win out); None when there is none that short.  A win
        played out scores by its distance, above any database win."""
        params = self.params
        plain = self._short_searcher
        if plain is None:
            plain = self._short_searcher = Searcher(tt_entries=params.short_win_tt, endgame=None,
                                                    core=self.core_module, params=params)
        info = None
        for info in plain.search(position, depth=params.short_win_plies, history=history, stop=stop,  # noqa: B007
                                 draw_rule=None):  # (the last one is the answer)
            pass
        if info is not None and info.best_move is not None and info.score >= WIN - params.short_win_plies:
            return info
        return None

    def _keeping_material(self, state: bb.State, raw: bb.RawMove, root_moves: list[bb.RawMove],
                          seen: set[bb.State]) -> bb.RawMove:
        """In a won ending of the database: ``raw``, or in its place a quiet
        move that leaves the loser no capture and keeps the win (the
        nearest conversion of those), when ``raw`` is a quiet move that
        lets the loser capture.  The database's distance counts a capture
        by either side as a conversion, so its shortest way often gives a
        piece away (B:WK14:BK31,K26,K8,K5: 5-9, 14x5).  Only in the first
        keep_material_plies plies without progress, and never into a
        position of the game's history (``seen``: no shuffling): after
        those the database's way is played, which always converts."""
        from . import endgame as _eg

        if raw[2] or not bb.has_capture(*bb.play(*state, raw)):
            return raw
        best = None
        for m in root_moves:
            if m[2]:
                continue
            child = bb.play(*state, m)
            if child in seen or bb.has_capture(*child):
                continue
            byte = cast("Endgame", self.endgame).safe_probe_state(*child)  # (in a database ending: there is one)
            if byte is None:
                continue
            result, distance = _eg.decode(byte)
            if result == _eg.LOSS and (best is None or distance < best[0]):
                best = (distance, m)
        return raw if best is None else best[1]

    def _pv(self, state: bb.State, raw: CoreMove, depth: int) -> tuple[Move, ...]:
        """The principal variation from ``state`` by the table, starting with
        ``raw``; its entries become this search's (kept before what earlier
        searches wrote when the table is full)."""
        core = self.core
        pv = [_to_move(raw)]
        seen = {state}
        state = bb.play(*state, cast(bb.RawMove, raw))  # (play reads no path: a table move has none)
        while len(pv) < depth + 8 and state not in seen:
            seen.add(state)
            e = core.table.get(*state)
            if e is None:
                break
            core.table.renew(*state)
            if e[3] is None:
                break
            nxt = _raw_in(state, *e[3])
            if nxt is None:
                break
            pv.append(_to_move(nxt))
            state = bb.play(*state, cast(bb.RawMove, nxt))
        return tuple(pv)

    def best_move(self, position: Position, **kw: Any) -> Move | None:
        info = None
        for info in self.search(position, **kw):  # noqa: B007  (the last one is the answer)
            pass
        if info is not None:
            return cast("Move | None", info.best_move)
        moves = bb.moves(*position.state)
        return Move.from_raw(moves[0]) if moves else None

    def root_scores(self, position: Position, depth: int, history: Iterable[Position] = (),
                    stop: StopLike = None) -> list[tuple[Move, int]]:
        """Every legal move with its score at ``depth`` (full window each):
        the levels pick among them.  Returns [(Move, score)], best first.
        No contempt and no fade: a draw scores even."""
        state: bb.State = position.state
        history_states = {p.state for p in history if (p.bk or p.wk)}
        history_states.discard(state)
        self._forget_other_histories(history_states, state)
        draws = self._draws(state[4], 0)
        core = self._prepare(history_states, state, _stop_fn(stop), None, draws)
        core.ev.set_fade(0, 0, 0, 0, 0, 1)
        stopped = self.core_module.Stop
        out: list[tuple[Move, int]] = []
        for raw in bb.moves(*state):
            child = bb.play(*state, raw)
            try:
                s = -core.search(*child, max(depth - 1, 0), -INF, INF, 1)
            except stopped:
                s = 0 if not out else out[-1][1] - 1
            out.append((Move.from_raw(raw), s))
        self.nodes = core.nodes
        out.sort(key=lambda ms: -ms[1])
        return out


def iterative_search(position: Position, *, depth: int | None = None, time: float | None = None,
                     history: Iterable[Position] = (), stop: StopLike = None, searcher: Searcher | None = None,
                     draw_rule: str | DrawRule | None = DRAW_RULE, quiet: int | None = None) -> Iterator[SearchInfo]:
    """Generator of SearchInfo per completed depth (see Searcher.search)."""
    s = searcher if searcher is not None else Searcher()
    return s.search(position, depth=depth, time=time, history=history, stop=stop, draw_rule=draw_rule,
                    quiet=quiet)


def best_move(position: Position, *, depth: int | None = None, time: float | None = None,
              history: Iterable[Position] = (), stop: StopLike = None, searcher: Searcher | None = None,
              draw_rule: str | DrawRule | None = DRAW_RULE, quiet: int | None = None) -> Move | None:
    """The best Move found within the limits, or None without a legal move."""
    s = searcher if searcher is not None else Searcher()
    return s.best_move(position, depth=depth, time=time, history=history, stop=stop, draw_rule=draw_rule,
                       quiet=quiet)
