"""The search core's own move generators, move tests and inline move
application agree with game.rules on thousands of random positions, in each
build of the core there is (the interpreted one always; the compiled one when
it is built)."""

import random

import pytest

from game.engine import corebuild
from game.engine import search as S
from game.rules import Position
from game.rules import bitboard as bb

CORES = [pytest.param(corebuild.interpreted_core(), id="interpreted")]
if corebuild.compiled_core()[0] is not None:
    CORES.append(pytest.param(corebuild.compiled_core()[0], id="compiled"))

BLACK_MAN_SQUARES = range(1, 29)   # a black man on 29-32 would be a king
WHITE_MAN_SQUARES = range(5, 33)
SQ = bb.SQUARE_BITS


def random_setup(rng, max_per_side=8):
    """A random legal position: men never on their own crowning row, kings anywhere."""
    squares = list(range(1, 33))
    rng.shuffle(squares)
    sets = [[], [], [], []]  # bm, bk, wm, wk
    black_count = rng.randint(1, max_per_side)
    white_count = rng.randint(1, max_per_side)
    for side, n in ((0, black_count), (1, white_count)):
        for _ in range(n):
            king = rng.random() < 0.4
            allowed = WHITE_MAN_SQUARES if side else BLACK_MAN_SQUARES
            for s in squares:
                if king or s in allowed:
                    squares.remove(s)
                    sets[2 * side + king].append(s)
                    break
    return (bb.mask_of(sets[0]), bb.mask_of(sets[1]), bb.mask_of(sets[2]), bb.mask_of(sets[3]),
            rng.random() < 0.5)


def _play_out(st, rng, plies, out):
    """Append up to ``plies`` states of a random game from ``st``."""
    for _ in range(plies):
        moves = bb.moves(*st)
        if not moves:
            return
        out.append(st)
        st = bb.play(*st, rng.choice(moves))


def random_states(seed, playouts=60, setups=1500):
    """States from random playouts of the initial position and from random set-ups
    (each set-up also played out a few plies)."""
    rng = random.Random(seed)
    out = []
    initial = (bb.mask_of(range(1, 13)), 0, bb.mask_of(range(21, 33)), 0, True)
    for _ in range(playouts):
        _play_out(initial, rng, 200, out)
    for _ in range(setups):
        _play_out(random_setup(rng), rng, 4, out)
    return out


def _norm(raw):
    """A raw move as the core gives it: (frm, to, captured)."""
    return raw[:3]


def _jumpers(bm, bk, wm, wk, black):
    empty = bb.BOARD & ~(bm | bk | wm | wk)
    if black:
        return bb._jumpers(bm, bk, wm | wk, empty, True)
    return bb._jumpers(wm, wk, bm | bk, empty, False)


@pytest.mark.parametrize("module", CORES)
def test_the_search_generators_agree_with_rules(module):
    core = S.Searcher(core=module, endgame=None).core
    states = random_states(7)
    assert len(states) > 5000
    with_captures = with_king_captures = 0
    for st in states:
        legal = sorted(_norm(m) for m in bb.moves(*st))
        j = _jumpers(*st)
        if j:
            with_captures += 1
            with_king_captures += bool(j & (st[1] if st[4] else st[3]))
        assert sorted(core.moves(*st)) == legal, st
    # the sample really exercises both capture paths (single jumps in bulk, and piece by piece)
    assert with_captures > 500 and with_king_captures > 100


@pytest.mark.parametrize("module", CORES)
def test_inline_move_application_agrees_with_rules(module):
    """A depth-2 search with a constant evaluation visits every child of the root
    and stores it in the transposition table: the stored children must be exactly
    the legal successors (those that have a move) computed by game.rules."""
    rng = random.Random(11)
    states = [st for st in random_states(11, playouts=20, setups=400) if len(bb.moves(*st)) > 1]
    rng.shuffle(states)
    checked = 0
    for st in states[:1500]:
        searcher = S.Searcher(evaluate=lambda *a: 0, endgame=None, core=module)
        list(searcher.search(Position.from_state(st), depth=2, draw_rule=None))
        stored = {k for k, e in searcher.tt.items() if e[0] == 1}
        children = {bb.play(*st, m) for m in bb.moves(*st)}
        expected = {c for c in children if bb.moves(*c)}
        assert stored == expected, st
        checked += 1
    assert checked == 1500


@pytest.mark.parametrize("module", CORES)
def test_the_search_move_tests_agree_with_rules(module):
    """can_move, wins_at_once and lost_in_two (the search's tests for a side
    about to be blocked) against the rules' own move lists."""
    core = S.Searcher(core=module, endgame=None).core

    def blocked_after(st, m):
        return not bb.moves(*bb.play(*st, m))

    rng = random.Random(5)
    states = random_states(5, playouts=10, setups=1000)
    for _ in range(3000):  # a white man hemmed in by black men: often nearly blocked
        s = rng.randrange(5, 29)
        black = rng.sample([q for q in range(max(1, s - 9), min(29, s + 2)) if q != s], rng.randint(1, 3))
        states.append((bb.mask_of(black), 0, SQ[s - 1], 0, rng.random() < 0.5))
    blocks = losses = 0
    for st in states:
        moves = bb.moves(*st)
        assert core.can_move(*st) == bool(moves), st
        # (asked only where no capture is pending, of the quiet moves alone)
        wins = any(blocked_after(st, m) for m in bb.quiet_moves(*st))
        assert bool(core.wins_at_once(*st)) == wins, st
        lost = all(any(blocked_after(bb.play(*st, m), r) for r in bb.moves(*bb.play(*st, m))) for m in moves)
        assert bool(core.lost_in_two(*st)) == lost, st
        blocks += wins
        losses += lost and bool(moves)
    assert blocks > 20 and losses > 100


@pytest.mark.parametrize("module", CORES)
def test_the_core_counts_the_known_perft_numbers(module):
    core = S.Searcher(core=module, endgame=None).core
    start = Position.initial().state
    assert [core.count_perft(*start, d) for d in range(1, 7)] == [7, 49, 302, 1469, 7361, 36768]
    for fen in ("B:WK14,15,22,23,32:BK10,1", "B:W9,10,18,19,27,11:B6,K1,2", "W:WK18,K27,K5,20:BK14,K10,K23,3"):
        st = Position.from_fen(fen).state
        for d in (1, 2, 3, 4):
            assert core.count_perft(*st, d) == bb.perft(*st, d), (fen, d)
