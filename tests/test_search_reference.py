"""The engine's search against a plain alpha-beta written from the rules alone.

``Searcher(plain=True)`` keeps everything that decides a score (the forced
captures searched past the horizon, the leaves evaluated inside their
parent, a side blocked at the horizon, repetitions along the line, wins and
losses by distance, iterative deepening with aspiration windows) and drops
what only saves time at the price of exactness: the table's answers,
reverse futility, ProbCut, late move pruning and reductions.  Without the
endgame database, the no-progress fade and contempt, its score at a fixed
depth must then be the reference's, to the centi-man, on every position.
"""

import random

from game.engine.evaluate import evaluate
from game.engine.scores import WIN
from game.engine.search import Searcher
from game.rules import Position
from game.rules import bitboard as bb

INF = 10 ** 6


def reference(state, depth, evaluate=evaluate, alpha=-INF, beta=INF, ply=0, line=()):
    """The score of ``state`` for the side to move, searched ``depth`` plies
    and on while the side to move must capture, with moves in the rules'
    order.  At a quiet horizon a position is evaluated, unless the side to
    move has no move (lost) or one quiet move leaves the opponent without
    any (won in one more ply).  A position with kings that repeats one of
    ``line`` (the positions above it) is a draw."""
    bm, bk, wm, wk, black = state
    if not (bm | bk if black else wm | wk):
        return ply - WIN
    moves = bb.moves(*state)
    capturing = any(m[2] for m in moves)
    if depth <= 0 and not capturing:
        if not moves:
            return ply - WIN
        if ply and any(not bb.moves(*bb.play(*state, m)) for m in moves):
            return WIN - ply - 1
        return evaluate(*state)
    if ply and (bk or wk) and state in line:
        return 0
    if not moves:
        return ply - WIN
    best = -INF
    for m in moves:
        score = -reference(bb.play(*state, m), max(depth - 1, 0), evaluate, -beta, -max(alpha, best),
                           ply + 1, line + (state,))
        if score > best:
            best = score
            if best >= beta:
                break
    return best


def scrambled(bm, bk, wm, wk, black):
    """An evaluation with no sense in it, from -1000 to 1000: any line may be
    the best, so a repetition's draw often decides the score."""
    return hash((bm, bk, wm, wk, black)) % 2001 - 1000


def _can_block(state):
    """Whether a quiet move of the side to move leaves the opponent without a move."""
    moves = bb.moves(*state)
    return not any(m[2] for m in moves) and any(not bb.moves(*bb.play(*state, m)) for m in moves)


def _set_up(rng, pieces, kings):
    """A random position of ``pieces`` pieces, at least one a side, each a
    king with chance ``kings``."""
    sets = [[], [], [], []]
    for i, s in enumerate(rng.sample(range(1, 33), pieces)):
        side = i if i < 2 else rng.randrange(2)
        sets[2 * side + (rng.random() < kings or (s > 28 if side == 0 else s < 5))].append(s)
    return tuple(bb.mask_of(x) for x in sets) + (rng.random() < 0.5,)


def _hemmed_in(rng):
    """A white man with one to three black pieces about it, black to move; or
    the same with the colours swapped and the board turned round."""
    s = rng.randrange(5, 33)
    black = rng.sample([q for q in range(max(1, s - 9), min(33, s + 2)) if q != s], rng.randrange(1, 4))
    sets = [[q for q in black if q < 29], [q for q in black if q > 28], [s], []]
    if rng.random() < 0.5:
        sets = [[33 - q for q in sets[i]] for i in (2, 3, 0, 1)]
        return tuple(bb.mask_of(x) for x in sets) + (False,)
    return tuple(bb.mask_of(x) for x in sets) + (True,)


def _before(state, rng, capture=False):
    """A random position one move before ``state``: the side that is not to
    move steps a piece back (``capture``: jumps it back, over a piece of the
    other side put back on the board); None when there is none."""
    bm, bk, wm, wk, black = state
    men, kings = (wm, wk) if black else (bm, bk)
    their_men, their_kings = (bm, bk) if black else (wm, wk)
    occupied = bm | bk | wm | wk
    reach = 2 if capture else 1
    steps = []
    for piece in bb.SQUARE_BITS:
        for shift in (4, 5):
            # (a white man came from a higher square, a black man from a lower; a king from either)
            for higher in ((black,) if piece & men else (True, False) if piece & kings else ()):
                back = piece << reach * shift if higher else piece >> reach * shift
                over = (piece << shift if higher else piece >> shift) if capture else 0
                steps.append((piece, back, over))
    rng.shuffle(steps)
    for piece, back, over in steps:
        if not back & bb.BOARD or back & occupied or over and (not over & bb.BOARD or over & occupied):
            continue
        m, k = (men ^ piece ^ back, kings) if piece & men else (men, kings ^ piece ^ back)
        tm, tk = their_men, their_kings
        if over and (rng.random() < 0.5 or over & (bb.BLACK_CROWN if black else bb.WHITE_CROWN)):
            tk |= over
        else:
            tm |= over
        earlier = (tm, tk, m, k, False) if black else (m, k, tm, tk, True)
        if state in [bb.play(*earlier, mv) for mv in bb.moves(*earlier)]:
            return earlier
    return None


def random_cases(seed, count):
    """(position, depth, evaluation) triples, each position with two legal
    moves or more (with one, the search answers without searching):
    - a third from random games from the start (depth 1-4);
    - a third from random set-ups with kings, scored by ``scrambled`` (depth
      1-4; and 5-6 with three pieces, mostly kings: a repetition takes four
      plies);
    - a third a few moves before a position where one side can block the
      other (the block at the depth's horizon, or past it after a capture).
    """
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        kind = len(out) % 3
        depth = 1 + len(out) // 3 % 6
        if kind == 0:
            depth = 1 + depth % 4
            state = Position.initial().state
            for _ in range(rng.randrange(4, 60)):
                moves = bb.moves(*state)
                if not moves:
                    break
                state = bb.play(*state, rng.choice(moves))
        elif kind == 1:
            state = _set_up(rng, rng.randrange(3, 11), 0.5) if depth < 5 else _set_up(rng, 3, 0.9)
        else:
            depth = 1 + depth % 3
            state = _hemmed_in(rng)
            if not _can_block(state):
                continue
            if rng.random() < 0.5:  # the block right after a capture at the horizon
                state = _before(state, rng, capture=True)
            for _ in range(depth):
                state = state and _before(state, rng, capture=rng.random() < 0.2)
            if state is None:
                continue
        if len(bb.moves(*state)) > 1:
            out.append((state, depth, scrambled if kind == 1 else evaluate))
    return out


def test_the_plain_search_scores_every_position_as_the_reference_does():
    kinds = set()
    for state, depth, scores in random_cases(2024, 300):
        searcher = Searcher(evaluate=scores, endgame=None, plain=True)
        info = list(searcher.search(Position.from_state(state), depth=depth, draw_rule=None))[-1]
        # (a forced result proven early ends the search at a lower depth)
        expected = reference(state, info.depth, scores)
        assert info.score == expected, (Position.from_state(state).fen(), info.depth)
        kinds.add("won" if info.score > WIN // 2 else "lost" if info.score < -WIN // 2 else "even"
                  if info.score == 0 else "scored")
    assert kinds == {"won", "lost", "even", "scored"}  # the sample reaches every kind of score
