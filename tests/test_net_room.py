"""One online game's rules on the server, with time stepped by hand, and its record in SQLite."""

import pytest

from game.net.keep import Keep
from game.net.room import Room, RoomError
from game.rules import BLACK, WHITE


def seated(control="1+2", now=0.0):
    room = Room.create("ABCDEF", control, "official", "20261129-000000")
    room.take_seat(BLACK, "Ann", now)
    room.take_seat(WHITE, "Bob", now)
    return room


def test_the_clocks_start_with_both_seats_and_the_mover_gains_the_increment():
    room = Room.create("ABCDEF", "1+2", "official")
    room.take_seat(BLACK, "Ann", 0.0)
    assert not room.clock.running
    room.take_seat(WHITE, "Bob", 10.0)
    assert room.clock.running
    room.play(BLACK, 0, (11, 15), 15.0)
    assert room.move_clocks == [pytest.approx(57.0)]          # 60 - 5 + 2
    assert room.clock.remaining(WHITE, 20.0) == pytest.approx(55.0)


def test_a_flag_is_seen_when_the_time_is_up_and_not_before():
    room = seated("0.5+0")
    assert not room.check_flag(29.9)
    assert room.flag_due(29.9) == pytest.approx(0.1)
    with pytest.raises(RoomError, match="over"):
        room.play(BLACK, 0, (11, 15), 30.5)    # too late: the move finds the game lost
    assert room.outcome.termination == "time_forfeit" and room.outcome.winner == WHITE


def test_a_move_declines_the_opponents_draw_offer_but_not_ones_own():
    room = seated()
    room.offer_draw(BLACK, 0, 1.0)
    room.play(BLACK, 0, (11, 15), 2.0)
    assert room.draw_offer == BLACK
    room.play(WHITE, 1, (22, 18), 3.0)
    assert room.draw_offer is None
    with pytest.raises(RoomError):
        room.accept_draw(BLACK, 2, 4.0)


def test_a_seat_is_its_token_and_nothing_else():
    room = seated()
    assert room.seat_of(room.tokens[BLACK]) == BLACK and room.seat_of(room.tokens[WHITE]) == WHITE
    assert room.seat_of(room.tokens[BLACK][:-1] + "x") is None
    with pytest.raises(RoomError, match="taken"):
        room.take_seat(BLACK, "Eve", 0.0)


def test_the_record_gives_back_the_game_its_clocks_offer_and_outcome(tmp_path):
    keep = Keep(tmp_path / "g.sqlite3")
    room = seated()
    keep.save(room, 0.0)
    for ply, (side, path) in enumerate([(BLACK, (11, 15)), (WHITE, (22, 18)), (BLACK, (15, 22))]):
        room.play(side, ply, path, 1.0 + ply)
        keep.save(room, 1.0 + ply, moved=True)
    room.offer_draw(WHITE, 3, 5.0)
    keep.save(room, 5.0)
    keep.close()
    (back,) = Keep(tmp_path / "g.sqlite3").load(100.0)
    assert back.game.moves == room.game.moves and back.move_clocks == room.move_clocks
    assert back.tokens == room.tokens and back.names == room.names and back.draw_offer == WHITE
    assert back.started == "20261129-000000"
    # the time the server was down is charged to no one: White's clock goes on from 5.0
    assert back.clock.remaining(WHITE, 101.0) == pytest.approx(room.clock.remaining(WHITE, 6.0))
    back.resign(WHITE, 102.0)
    keep = Keep(tmp_path / "g.sqlite3")
    keep.save(back, 102.0)
    (ended,) = keep.load(0.0)
    assert ended.outcome == back.outcome and ended.outcome.termination == "resignation"


@pytest.mark.parametrize("end,termination", [
    (lambda room: room.resign(WHITE, 5.0), "resignation"),
    (lambda room: (room.offer_draw(BLACK, 1, 5.0), room.accept_draw(WHITE, 1, 6.0)), "agreement"),
    (lambda room: room.check_flag(500.0), "time_forfeit"),
])
def test_an_ending_without_a_move_is_seen_at_once_though_the_outcome_was_read_at_that_move(end, termination):
    # the room keeps the rules' outcome between moves; an ending that is not a move must not be missed
    room = seated()
    room.play(BLACK, 0, (11, 15), 1.0)
    assert room.outcome is None and room.snapshot(2.0, {})["outcome"] is None
    end(room)
    assert room.outcome is not None and room.outcome.termination == termination
    assert room.snapshot(600.0, {})["outcome"]["termination"] == termination
    with pytest.raises(RoomError, match="the game is over"):
        room.play(WHITE, 1, (22, 18), 7.0)


def test_the_state_says_every_move_and_clock_however_often_it_is_asked():
    room = seated()
    said = []
    for ply, path in enumerate([(11, 15), (22, 18), (15, 22)]):
        said.append(room.snapshot(float(ply), {}))
        room.play(room.game.turn, ply, path, 1.0 + ply)
    last = room.snapshot(9.0, {})
    assert last["moves"] == [[11, 15], [22, 18], [15, 22]] and len(last["move_clocks"]) == 3
    assert [len(s["moves"]) for s in said] == [0, 1, 2]   # earlier states are not changed by later moves
