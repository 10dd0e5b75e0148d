"""Move generation checked by counting: known perft numbers, and an independent slow generator.

The reference generator below works on (row, col) coordinates with plain
loops and shares nothing with game.rules.bitboard but the square numbering,
so a shift or ghost-square mistake in the fast code cannot hide in both.
"""

import random

import pytest

from game.rules import BLACK, WHITE, Move, Position
from game.rules import bitboard as bb

START_PERFT = [1, 7, 49, 302, 1469, 7361, 36768, 179740, 845931]


# -- the reference generator ---------------------------------------------------

def _rc(square):
    i = square - 1
    r = i // 4
    return r, (i % 4) * 2 + (1 if r % 2 == 0 else 0)


def _sq(r, c):
    return r * 4 + c // 2 + 1


def _board(position):
    """{(row, col): (colour, king)} of a position."""
    out = {}
    for s in range(1, 33):
        p = position.piece_at(s)
        if p is not None:
            out[_rc(s)] = p
    return out


def _dirs(colour, king):
    if king:
        return [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    return [(1, 1), (1, -1)] if colour == BLACK else [(-1, 1), (-1, -1)]


def _on(r, c):
    return 0 <= r < 8 and 0 <= c < 8


def _crown_row(colour):
    return 7 if colour == BLACK else 0


def ref_moves(board, turn):
    """Every legal move as (path of (r,c), list of captured (r,c))."""
    jumps = []
    for (r, c), (colour, king) in board.items():
        if colour != turn:
            continue
        # the moving piece leaves its square: a king may come back to it
        rest = {k: v for k, v in board.items() if k != (r, c)}

        def walk(r0, c0, path, taken, colour=colour, king=king, rest=rest):
            extended = False
            for dr, dc in _dirs(colour, king):
                mr, mc, lr, lc = r0 + dr, c0 + dc, r0 + 2 * dr, c0 + 2 * dc
                if not _on(lr, lc) or (lr, lc) in rest or (mr, mc) in taken:
                    continue
                victim = rest.get((mr, mc))
                if victim is None or victim[0] == colour:
                    continue
                extended = True
                if not king and lr == _crown_row(colour):
                    jumps.append((path + [(lr, lc)], taken + [(mr, mc)]))
                else:
                    walk(lr, lc, path + [(lr, lc)], taken + [(mr, mc)])
            if not extended and taken:
                jumps.append((path, taken))

        walk(r, c, [(r, c)], [])
    if jumps:
        return jumps
    quiet = []
    for (r, c), (colour, king) in board.items():
        if colour != turn:
            continue
        for dr, dc in _dirs(colour, king):
            if _on(r + dr, c + dc) and (r + dr, c + dc) not in board:
                quiet.append(([(r, c), (r + dr, c + dc)], []))
    return quiet


def ref_play(board, move):
    path, taken = move
    board = dict(board)
    colour, king = board.pop(path[0])
    for t in taken:
        del board[t]
    end = path[-1]
    board[end] = (colour, king or end[0] == _crown_row(colour))
    return board


def ref_perft(board, turn, depth):
    if depth == 0:
        return 1
    return sum(ref_perft(ref_play(board, m), 1 - turn, depth - 1) for m in ref_moves(board, turn))


def ref_move_strings(position):
    out = set()
    for path, taken in ref_moves(_board(position), position.turn):
        out.add(("x" if taken else "-").join(str(_sq(r, c)) for r, c in path))
    return out


# -- hand-made positions ---------------------------------------------------------

CIRCULAR = "B:WK14,15,22,23,32:BK10,1"       # black king 10 can go round 15-23-22-14 both ways
CROWNING = "B:W25,26,9:B23,K2"               # 23x30 crowns and must stop (no 30x21)
BRANCHING = "B:W9,10,18,19,27,11:B6,K1,2"    # man 6 and king 1 have forking jump trees
KINGS = "W:WK18,K27,K5,20:BK14,K10,K23,3"
MIXED = "B:W13,14,15,21,22,23,K30:B5,6,7,K17,K27"
OPEN_KINGS = "W:WK1,K3,21,22,28:BK29,K31,9,10,5"  # kings with room: 7 moves, 49 at depth 2

HAND_MADE = [CIRCULAR, CROWNING, BRANCHING, KINGS, MIXED, OPEN_KINGS]


def slow_perft(position, depth):
    if depth == 0:
        return 1
    return sum(slow_perft(position.play(m), depth - 1) for m in position.legal_moves())


@pytest.mark.parametrize("depth", range(1, 9))
def test_perft_from_start(depth):
    state = Position.initial().state
    assert bb.perft(*state, depth) == START_PERFT[depth]
    assert bb.perft(*state, depth, {}) == START_PERFT[depth]


@pytest.mark.parametrize("depth", range(1, 6))
def test_slow_path_perft_from_start(depth):
    assert slow_perft(Position.initial(), depth) == START_PERFT[depth]


def test_reference_generator_agrees_from_start():
    board = _board(Position.initial())
    assert [ref_perft(board, BLACK, d) for d in range(5)] == START_PERFT[:5]


@pytest.mark.parametrize("fen", HAND_MADE)
def test_hand_made_positions_against_reference(fen):
    pos = Position.from_fen(fen)
    board = _board(pos)
    assert {str(m) for m in pos.legal_moves()} == ref_move_strings(pos)
    for depth in range(1, 6):
        expected = ref_perft(board, pos.turn, depth)
        assert bb.perft(*pos.state, depth) == expected, (fen, depth)
        assert bb.perft(*pos.state, depth, {}) == expected, (fen, depth)
        if depth <= 3:
            assert slow_perft(pos, depth) == expected, (fen, depth)


def test_circular_king_jump_hand_counted():
    pos = Position.from_fen(CIRCULAR)
    moves = {str(m) for m in pos.legal_moves()}
    # both ways round the diamond, landing back on 10; the man on 1 must wait
    assert moves == {"10x19x26x17x10", "10x17x26x19x10"}
    a, b = pos.legal_moves()
    assert a != b and a.start == a.end == b.start == b.end == 10
    assert sorted(a.captures) == sorted(b.captures) == [14, 15, 22, 23]
    after = pos.play(a)
    assert after.black_kings == {10} and after.white_men == {32} and not after.white_kings
    # white's one man: 32-27, 32-28
    assert bb.perft(*pos.state, 2) == 4


def test_crowning_ends_the_jump_hand_counted():
    pos = Position.from_fen(CROWNING)
    assert {str(m) for m in pos.legal_moves()} == {"23x30"}
    after = pos.play(pos.legal_moves()[0])
    assert 30 in after.black_kings and 26 not in after.white_men and 25 in after.white_men
    # white: 25-21, 25-22, 9-5, 9-6 (9 cannot take king 2 backwards... men only move up)
    assert sorted(str(m) for m in after.legal_moves()) == ["25-21", "25-22", "9-5", "9-6"]


def test_open_kings_hand_counted():
    # white: K1-6 (5 is taken), K3-7, K3-8, 21-17, 22-17, 22-18, 28-24; no capture anywhere
    pos = Position.from_fen(OPEN_KINGS)
    assert sorted(str(m) for m in pos.legal_moves()) == sorted(
        ["1-6", "3-7", "3-8", "21-17", "22-17", "22-18", "28-24"])


def test_branching_jumps_hand_counted():
    pos = Position.from_fen("B:W9,10,18,19:B6")
    # 6x13 (short branch) and 6x15 then 15x22 or 15x24: three complete sequences
    assert sorted(str(m) for m in pos.legal_moves()) == ["6x13", "6x15x22", "6x15x24"]


def _random_position(rng):
    squares = rng.sample(range(1, 33), rng.randint(2, 14))
    sets = ([], [], [], [])
    for s in squares:
        kind = rng.randrange(4)
        if kind == 0 and s >= 29:
            kind = 1
        if kind == 2 and s <= 4:
            kind = 3
        sets[kind].append(s)
    return Position.from_squares(*sets, turn=rng.choice((BLACK, WHITE)))


def test_random_positions_against_reference():
    rng = random.Random(561)
    for _ in range(150):
        pos = _random_position(rng)
        assert {str(m) for m in pos.legal_moves()} == ref_move_strings(pos), pos.fen()
        board = _board(pos)
        for depth in (2, 3):
            expected = ref_perft(board, pos.turn, depth)
            assert bb.perft(*pos.state, depth) == expected, (pos.fen(), depth)
            assert bb.perft(*pos.state, depth, {}) == expected, (pos.fen(), depth)


def test_count_moves_matches_move_list():
    rng = random.Random(7)
    for _ in range(300):
        pos = _random_position(rng)
        assert bb.count_moves(*pos.state) == len(pos.legal_moves()), pos.fen()
        assert bb.has_capture(*pos.state) == any(m.is_capture for m in pos.legal_moves())


def test_moves_round_trip_through_raw():
    pos = Position.from_fen(BRANCHING)
    for m in pos.legal_moves():
        assert Move.from_raw(m.to_raw()) == m
        assert Move.from_raw(m.to_raw()).captures == m.captures
