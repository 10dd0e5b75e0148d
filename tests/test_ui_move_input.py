"""Clicks to moves, hop by hop, without a window."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.rules import Move, Position
from game.ui.move_input import CANCELLED, HOPPED, MOVED, REFUSED, SELECTED, SWITCHED, MoveInput

# Black's 9 jumps 14 to 18, then either 22 (to 25) or 23 (to 27): two sequences sharing 9x18.
FORK = "B:W14,20,22,23,26,28,30,31,32:B1,2,3,5,6,8,9,12"


def test_select_then_move():
    mi = MoveInput(Position.initial())
    assert mi.movable() == {9, 10, 11, 12}
    assert mi.click(11).kind == SELECTED
    assert mi.destinations() == {15, 16}
    r = mi.click(15)
    assert r.kind == MOVED and r.move == Move((11, 15))


def test_click_again_cancels_and_another_piece_switches():
    mi = MoveInput(Position.initial())
    mi.click(11)
    assert mi.click(11).kind == CANCELLED and mi.path == []
    mi.click(11)
    assert mi.click(10).kind == SWITCHED and mi.selected == 10


def test_reasons_for_clicks_that_do_nothing():
    mi = MoveInput(Position.initial())
    assert mi.click(22).message == "Not your piece"
    assert mi.click(1).message == "That piece cannot move"
    mi = MoveInput(Position.from_fen(FORK))
    assert mi.click(5).message == "You must capture"
    mi.click(9)
    mi.click(18)
    assert mi.click(5).message == "Finish the jump"


def test_a_square_only_one_move_can_mean_plays_it():
    mi = MoveInput(Position.from_fen("B:W30:B1"))
    r = mi.click(5)
    assert r.kind == MOVED and r.move == Move((1, 5))
    mi = MoveInput(Position.initial())
    r = mi.click(14)  # 9-14 and 10-14 both land there
    assert r.kind == REFUSED and "pick one" in r.message


def test_multi_jump_hop_by_hop_tells_shared_paths_apart():
    pos = Position.from_fen(FORK)
    assert {str(m) for m in pos.legal_moves()} == {"9x18x25", "9x18x27"}
    for last, expected in ((25, "9x18x25"), (27, "9x18x27")):
        mi = MoveInput(pos)
        assert mi.click(9).kind == SELECTED
        assert mi.destinations() == {18}
        assert mi.click(18).kind == HOPPED
        assert mi.in_jump and mi.jumped() == (14,)
        assert mi.destinations() == {25, 27}
        r = mi.click(last)
        assert r.kind == MOVED and str(r.move) == expected


def test_backspace_takes_back_a_hop():
    mi = MoveInput(Position.from_fen(FORK))
    mi.click(9)
    mi.click(18)
    assert mi.back() and mi.path == [9]
