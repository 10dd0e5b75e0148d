"""Puzzles rated and served by how deep their answer lies (issue 46 item 11): the depth at which
the search first picks the answer out and the other moves that look as good there; the trivial
ones ("don't hang a piece") the easiest and a capped share; "win" claimed only when proved."""

import random

import pytest

from game.notation.pdn import find_move
from game.rules import Position
from game.training.miner import (
    FAST,
    TRIVIAL_SHARE,
    Depth,
    Miner,
    cap_trivial,
    depth_rating,
    proved_win,
)
from game.training.puzzle import Puzzle
from game.training.selection import TRIVIAL_GAP, TRIVIAL_RATING, is_trivial, load_puzzles, next_puzzle

# Black takes a man with 18x25 and every other move hangs one at once: found by a one-ply look.
HANGING = "B:W14,19,21,22,24,26,31,32:B3,4,7,10,12,13,15,18"
# White gives the man on 19, Black must take, a second man goes, and the triple jump takes three.
TWO_FOR_ONE = "W:W17,19,21,27,28,30,31,32:B1,2,3,6,10,11,12,18"
# Two kings and a man against two kings: 19-23 keeps the database's win.
ENDING_WIN = "B:WK17,K32:B24,K19,K28"


def line(fen, text):
    position, out = Position.from_fen(fen), []
    for w in text.split():
        out.append(find_move(position, w))
        position = position.play(out[-1])
    return tuple(out)


def test_a_piece_taken_while_every_other_move_hangs_one_is_trivial_and_rated_the_easiest():
    miner = Miner(FAST)
    position = Position.from_fen(HANGING)
    depth = miner.depth_of(position, line(HANGING, "18x25")[0])
    assert depth == Depth(1, 0, 0) and depth.trivial
    assert depth_rating(line(HANGING, "18x25"), depth) == TRIVIAL_RATING
    p = miner.mine_position(position, "h-1")
    assert p is not None and str(p.line[0]) == "18x25" and p.rating == TRIVIAL_RATING and is_trivial(p)


def test_a_sacrifice_lies_deeper_and_is_rated_harder_with_the_moves_that_tempt():
    miner = Miner(FAST)
    p = miner.mine_position(Position.from_fen(TWO_FOR_ONE), "t-1")
    depth = miner.depth_of(p.position, p.line[0])
    assert depth.step > 0 and not depth.trivial
    assert depth.tempting >= 1     # at one ply, giving a man looks worse than a quiet move
    assert p.rating == depth_rating(p.line, depth) > TRIVIAL_RATING
    deeper = Depth(depth.found, depth.step + 1, depth.tempting)
    assert depth_rating(p.line, deeper) > p.rating
    alone, tempted = Depth(depth.found, depth.step, 0), Depth(depth.found, depth.step, 1)
    assert depth_rating(p.line, tempted) > depth_rating(p.line, alone)


def test_trivial_puzzles_are_kept_to_their_share():
    easy = Puzzle("e", Position.from_fen(HANGING), line(HANGING, "18x25"), "shot", "win a man", TRIVIAL_RATING)
    hard = Puzzle("h", Position.from_fen(TWO_FOR_ONE), line(TWO_FOR_ONE, "19-15 10x19 27-23 18x27 31x24x15x8"),
                  "two-for-one", "win a man", 1500)
    mixed = [easy] * 10 + [hard] * 17
    kept, dropped = cap_trivial(mixed)
    trivial = sum(1 for p in kept if is_trivial(p))
    assert trivial / len(kept) <= TRIVIAL_SHARE and trivial == 3 and dropped == 7
    assert cap_trivial([hard] * 3) == ([hard] * 3, 0)


def test_a_win_is_claimed_only_when_the_line_proves_it():
    position = Position.from_fen(ENDING_WIN)
    assert proved_win(position, line(ENDING_WIN, "19-23 17-14 24-27"))   # the database: White is lost
    # winning a man is no proved win: the opponent still plays on outside the database
    assert not proved_win(Position.from_fen(TWO_FOR_ONE), line(TWO_FOR_ONE, "19-15 10x19 27-23 18x27 31x24x15x8"))
    assert not proved_win(position, line(ENDING_WIN, "19-23 17-14"))   # ends on the opponent's move


def test_the_shipped_puzzles_are_rated_by_depth_with_few_trivial_and_every_win_proved():
    puzzles, problems, error = load_puzzles()
    assert error is None and problems == [] and len(puzzles) >= 300
    trivial = [p for p in puzzles if is_trivial(p)]
    assert 0 < len(trivial) <= TRIVIAL_SHARE * len(puzzles) + 1
    assert all(proved_win(p.position, p.line) for p in puzzles if p.goal == "win")
    from game.training.miner import DEFAULT

    miner = Miner(DEFAULT)
    for p in random.Random(46).sample(puzzles, 25):   # a sample: each rating is its depth's
        assert p.rating == depth_rating(p.line, miner.depth_of(p.position, p.line[0])), p.id


@pytest.mark.parametrize("seed", range(8))
def test_after_a_trivial_puzzle_the_next_ones_are_not_trivial_while_others_are_near(seed):
    easy = [Puzzle(f"e{i}", Position.from_fen(HANGING), line(HANGING, "18x25"), "shot", "win a man",
                   TRIVIAL_RATING) for i in range(6)]
    other = [Puzzle(f"o{i}", Position.from_fen(TWO_FOR_ONE),
                    line(TWO_FOR_ONE, "19-15 10x19 27-23 18x27 31x24x15x8"), "shot", "win a man", 700 + 10 * i)
             for i in range(10)]
    rng = random.Random(seed)
    served = []
    for _ in range(10):   # fewer than the others: one is always left to serve
        p = next_puzzle(easy + other, 620, recent=served, rng=rng)
        served.append(p.id)
    for i, ident in enumerate(served):
        if ident.startswith("e"):
            assert not any(s.startswith("e") for s in served[i + 1:i + 1 + TRIVIAL_GAP]), served
