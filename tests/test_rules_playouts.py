"""Random playouts: invariants that must hold after every move of every game."""

import random

from game.rules import BLACK, WHITE, Game, Position
from game.rules import bitboard as bb


def squares(pos, colour):
    return (pos.black_men | pos.black_kings) if colour == BLACK else (pos.white_men | pos.white_kings)


def check_position(pos):
    sets = (pos.bm, pos.bk, pos.wm, pos.wk)
    for i, a in enumerate(sets):
        assert a & ~bb.BOARD == 0, pos.fen()
        for b in sets[i + 1:]:
            assert a & b == 0, pos.fen()
    assert pos.bm & bb.BLACK_CROWN == 0 and pos.wm & bb.WHITE_CROWN == 0, pos.fen()


def check_move(before, move, after):
    mover, other = before.turn, 1 - before.turn
    assert after.turn == other
    # the captured squares, and only they, leave the opponent's side
    assert squares(after, other) == squares(before, other) - set(move.captures)
    assert len(set(move.captures)) == len(move.captures)
    assert set(move.captures) <= squares(before, other)
    # the mover's piece goes from start to end; nothing else of the mover changes
    assert squares(after, mover) == (squares(before, mover) - {move.start}) | {move.end}
    # kings stay kings; a man becomes one only on the far row
    was_king = before.piece_at(move.start)[1]
    is_king = after.piece_at(move.end)[1]
    crown_row = range(29, 33) if mover == BLACK else range(1, 5)
    assert is_king == (was_king or move.end in crown_row)
    assert after.count(BLACK) + after.count(WHITE) == before.count(BLACK) + before.count(WHITE) - len(move.captures)


def test_random_playouts_keep_invariants():
    rng = random.Random(2024)
    finished = 0
    for _ in range(40):
        game = Game(draw_rule=rng.choice(("official", "csci561")))
        check_position(game.position)
        while game.outcome is None and game.ply < 300:
            legal = game.legal_moves()
            assert legal
            # captures are compulsory: either all moves capture or none does
            assert len({m.is_capture for m in legal}) == 1
            assert all(m.is_capture for m in legal) == game.position.has_capture()
            m = rng.choice(legal)
            before = game.position
            game.push(m)
            check_position(game.position)
            check_move(before, m, game.position)
        if game.outcome is not None:
            finished += 1
            if game.outcome.winner is not None:
                assert not game.position.legal_moves()
                assert game.outcome.winner != game.turn
    assert finished > 20


def test_undo_all_the_way_returns_to_start():
    rng = random.Random(99)
    game = Game()
    seen = [game.position]
    while game.outcome is None and game.ply < 120:
        game.push(rng.choice(game.legal_moves()))
        seen.append(game.position)
    n = game.ply
    for i in range(n):
        game.undo()
        assert game.position == seen[n - 1 - i]
    assert game.position == Position.initial() and game.ply == 0
    for _ in range(n):
        game.redo()
    assert game.positions == seen


def test_fen_round_trip_during_playouts():
    rng = random.Random(5)
    for _ in range(20):
        game = Game()
        while game.outcome is None and game.ply < 150:
            pos = game.position
            assert Position.from_fen(pos.fen()) == pos
            assert Position.from_state(pos.state) == pos
            game.push(rng.choice(game.legal_moves()))
