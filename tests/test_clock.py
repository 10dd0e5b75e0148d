"""The game clocks without a window: time controls, the two clocks, a flag, the computer's share, the match."""

import pytest
from helpers import FakeEngine

from game.controller import Match, MatchError
from game.controller.clock import (
    PRESETS,
    Clock,
    ClockError,
    TimeControl,
    clocks_from_record,
    format_clock,
    make_time_control,
    move_budget,
    parse_pdn_time_control,
    parse_time_control,
    restored_clocks,
)
from game.engine.levels import custom_depth, parse_level
from game.rules import BLACK, WHITE
from game.rules.game import TIME_FORFEIT


class Now:
    """A clock the test moves by hand."""

    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t

    def advance(self, seconds):
        self.t += seconds


# -- time controls -------------------------------------------------------------------

def test_time_controls_are_read_and_written_in_both_spellings():
    tc = parse_time_control("3+2")
    assert tc == TimeControl(180, 2) == PRESETS[0]
    assert str(tc) == "3+2" and tc.pdn == "180+2" and tc.words == "3 min + 2 s"
    assert parse_pdn_time_control("180+2") == tc
    assert parse_pdn_time_control(" 300+0 ") == TimeControl(300, 0)
    assert str(parse_pdn_time_control("90+0")) == "1.5+0"
    assert parse_time_control("off") is None and parse_time_control("") is None
    assert parse_pdn_time_control("-") is None and parse_pdn_time_control("?") is None
    assert [str(p) for p in PRESETS] == ["3+2", "5+0", "10+5", "30+0"]


@pytest.mark.parametrize("text", ["3", "3+", "+2", "a+b", "0+2", "181+0", "3+61", "-3+2", "3+2+1", "9" * 50 + "+1",
                                  "nan+1", "inf+0", "3\x00+2", "40/7200:3600"])
def test_a_bad_time_control_is_a_clear_error(text):
    with pytest.raises(ClockError) as e:
        parse_time_control(text)
    assert "\x00" not in str(e.value) and len(str(e.value)) < 160


@pytest.mark.parametrize("text", ["40/7200", "180", "1e9+0", "10800000+0", "180+2 extra", 12, ["180+2"]])
def test_a_bad_timecontrol_tag_is_a_clear_error(text):
    with pytest.raises(ClockError):
        parse_pdn_time_control(text)


def test_make_time_control_bounds():
    assert make_time_control(180, 60) == TimeControl(10800, 60)
    for minutes, inc in ((0, 0), (181, 0), (3, -1), (3, 61), (float("nan"), 0), ("x", 0)):
        with pytest.raises(ClockError):
            make_time_control(minutes, inc)


def test_format_clock():
    assert format_clock(161.9) == "2:41"
    assert format_clock(3723) == "1:02:03"
    assert format_clock(9.47) == "0:09.4"   # tenths under ten seconds, never rounded up
    assert format_clock(10.0) == "0:10"
    assert format_clock(-3) == "0:00.0"
    assert format_clock(float("nan")) == "0:00.0"


# -- the clocks ----------------------------------------------------------------------

def test_only_the_side_to_move_runs_and_a_move_adds_the_increment():
    c = Clock(TimeControl(180, 2))
    assert c.remaining(BLACK, 0) == 180
    c.resume(10.0)
    assert c.remaining(BLACK, 15.0) == 175 and c.remaining(WHITE, 15.0) == 180
    assert c.press(15.0) == 177           # 180 - 5 + 2
    assert c.turn == WHITE
    assert c.remaining(BLACK, 50.0) == 177 and c.remaining(WHITE, 50.0) == 145


def test_pause_stops_the_running_clock():
    c = Clock(TimeControl(60, 0))
    c.resume(0.0)
    c.pause(10.0)
    assert c.remaining(BLACK, 500.0) == 50   # nothing counted while paused
    c.resume(500.0)
    assert c.remaining(BLACK, 505.0) == 45
    c.set_running(False, 505.0)
    c.press(600.0)                           # a move while paused: no time charged, increment added (0)
    assert c.left[BLACK] == 45 and c.turn == WHITE


def test_flag():
    c = Clock(TimeControl(60, 0))
    c.resume(0.0)
    assert c.flagged(59.9) is None
    assert c.flagged(60.0) == BLACK
    c.press(30.0)
    assert c.flagged(89.9) is None and c.flagged(90.0) == WHITE


def test_clock_state_round_trip_and_hostile_states():
    c = Clock(TimeControl(180, 2))
    c.resume(0.0)
    c.press(12.5)
    data = dict(c.state(20.0), moves=[169.5])
    assert data == {"control": "180+2", "black": 169.5, "white": 172.5, "turn": "white", "moves": [169.5]}
    back, moves = clocks_from_record(data)
    assert back.left == {BLACK: 169.5, WHITE: 172.5} and back.turn == WHITE and not back.running
    assert moves == [169.5]
    for bad in ({}, [], {"control": "x"}, {**data, "black": "1"}, {**data, "white": float("inf")},
                {**data, "turn": "red"}, {**data, "black": True}, {**data, "moves": "abc"},
                {**data, "black": 1e300}, {**data, "control": None}):
        with pytest.raises(ClockError):
            clocks_from_record(bad)
    assert restored_clocks({"clock": {"control": "??"}}) == {}   # a record edited by hand: no clocks
    assert restored_clocks({}) == {}
    assert clocks_from_record({**data, "moves": [1, "x", None, float("nan")]})[1] == [1.0, None, None, None]


# -- the computer's share ----------------------------------------------------------------

def test_move_budget_is_sound():
    assert move_budget(180, 2, 0) == pytest.approx(180 / 50 + 1.6)
    assert move_budget(300, 0, 0) == pytest.approx(300 / 50)
    # late in a game it still plans for moves to come
    assert move_budget(60, 0, 200) == pytest.approx(60 / 30)
    # little left: never more than a safe share of it
    assert move_budget(3, 2, 40) == pytest.approx(0.3 * 2)
    assert move_budget(0.5, 0, 40) == pytest.approx(0.5 / 60)   # within the reserve: a floor that shrinks
    assert move_budget(0.01, 0, 40) == 0.005
    # sudden death at 1+0 run long (120 moves a side, 30 ms lost a move) never flags
    left = 60.0
    for ply in range(0, 240, 2):
        left -= move_budget(left, 0, ply) + 0.03
        assert left > 0, ply
    # a long game of 5+0 (100 moves a side) at the budget never runs the clock out, even with a cost per move
    left = 300.0
    for ply in range(0, 200, 2):
        left -= move_budget(left, 0, ply) + 0.05
    assert left > 10
    # and with an increment the clock holds up
    left = 180.0
    for ply in range(0, 300, 2):
        left += 2 - move_budget(left, 2, ply) - 0.05
        assert left > 10


# -- the match -------------------------------------------------------------------------

def humans_match(now, control="3+2", **kwargs):
    return Match({BLACK: None, WHITE: None}, clock=now, time_control=parse_time_control(control), **kwargs)


def test_match_clocks_run_only_while_live_and_for_the_side_to_move():
    now = Now()
    m = humans_match(now)
    now.advance(50)                       # not yet live: nothing counted
    assert m.clock_left(BLACK) == 180
    m.tick_clock(live=True)
    now.advance(10)
    assert m.clock_left(BLACK) == 170 and m.clock_left(WHITE) == 180
    m.tick_clock(live=False)              # a dialog opens
    now.advance(100)
    m.tick_clock(live=False)
    assert m.clock_left(BLACK) == 170
    m.tick_clock(live=True)
    now.advance(5)
    m.play(m.game.legal_moves()[0])
    assert m.clock_left(BLACK) == 167     # 180 - 15 + 2
    now.advance(4)
    assert m.clock_left(WHITE) == 176 and m.clock_moves == [167]


def test_a_flag_loses_and_cannot_be_taken_back():
    now = Now()
    m = humans_match(now, "1+0")
    changes = []
    m.add_listener(lambda match, change: changes.append(change))
    m.tick_clock(live=True)
    now.advance(59.9)
    assert m.tick_clock(live=True) is None
    now.advance(0.2)
    assert m.tick_clock(live=True) == BLACK
    assert m.over and m.outcome.winner == WHITE and m.outcome.termination == TIME_FORFEIT
    assert str(m.outcome) == "Black lost on time" and m.outcome.result() == "0-2"
    assert changes == ["flag"] and m.clock_left(BLACK) == 0
    assert not m.can_undo and m.undo() == 0
    now.advance(100)
    assert m.clock_left(WHITE) == 60     # the clocks stopped with the game


def test_a_move_after_the_flag_fell_is_refused():
    now = Now()
    m = humans_match(now, "1+0")
    m.tick_clock(live=True)
    now.advance(61)
    with pytest.raises(MatchError):
        m.play(m.game.legal_moves()[0])
    assert m.outcome.termination == TIME_FORFEIT and not m.game.moves


def test_undo_gives_no_time_back():
    now = Now()
    m = humans_match(now, "3+0")
    m.tick_clock(live=True)
    now.advance(10)
    m.play(m.game.legal_moves()[0])
    now.advance(20)
    m.tick_clock(live=True)
    m.undo()
    assert m.clocks.turn == BLACK and m.clock_moves == []
    now.advance(5)
    assert m.clock_left(BLACK) == 165 and m.clock_left(WHITE) == 160


def test_the_computer_gets_its_clocks_share_and_is_stopped_past_it():
    now = Now()
    engine = FakeEngine()
    m = Match({BLACK: None, WHITE: parse_level("Master")}, clock=now, engine=lambda: engine,
              time_control=parse_time_control("3+2"))
    m.tick_clock(live=True)
    m.play(m.game.legal_moves()[0])
    m.tick_clock(live=True)
    m.update(0)
    limit = engine.gos[-1][3]
    assert limit.level == "Master" and limit.time == pytest.approx(180 / 50 + 1.6)
    budget = limit.time
    now.advance(budget)
    m.tick_clock(live=True)
    m.update(0)
    assert engine.stops == 0
    now.advance(0.3)                     # past its share: told to move now
    m.tick_clock(live=True)
    m.update(0)
    assert engine.stops == 1
    engine.answer(m.game.legal_moves()[0])
    m.tick_clock(live=True)
    assert m.update(0) is not None
    assert m.clock_left(WHITE) == pytest.approx(180 - budget - 0.3 + 2)


def test_a_lower_level_keeps_its_depth_and_a_custom_depth_gets_the_clock_as_its_time():
    now = Now()
    engine = FakeEngine()
    m = Match({BLACK: parse_level("Medium"), WHITE: custom_depth(5)}, clock=now, engine=lambda: engine,
              time_control=parse_time_control("5+0"))
    m.tick_clock(live=True)
    m.update(0)
    limit = engine.gos[-1][3]
    assert limit.level == "Medium" and limit.time == pytest.approx(300 / 50)   # the engine caps it by depth
    engine.answer(m.game.legal_moves()[0])
    m.update(0)
    m.update(0)
    limit = engine.gos[-1][3]
    assert limit.level is None and limit.depth == 5 and limit.time == pytest.approx(300 / 50)


def test_without_clocks_the_computer_plays_to_its_level():
    engine = FakeEngine()
    m = Match({BLACK: parse_level("Master"), WHITE: None}, engine=lambda: engine)
    assert m.tick_clock(live=True) is None and m.clock_left(BLACK) is None
    m.update(0)
    assert engine.gos[-1][3].time is None and engine.gos[-1][3].level == "Master"
    assert m.record().clock is None and "TimeControl" not in m.record().pdn_tags()


def test_the_clock_waits_while_the_computers_move_is_held_for_its_pace():
    now = Now()
    engine = FakeEngine(reply=lambda moves: moves[0])
    m = Match({BLACK: parse_level("Hard"), WHITE: None}, clock=now, engine=lambda: engine, pace=1.0,
              time_control=parse_time_control("3+0"))
    m.tick_clock(live=True)
    m.update(0)                 # starts the search
    now.advance(2)
    m.tick_clock(live=True)
    m.update(0.1)               # the answer arrives, held for the pace
    m.tick_clock(live=True)
    now.advance(5)
    m.tick_clock(live=True)
    assert m.clock_left(BLACK) == pytest.approx(178)
    m.update(1.0)
    assert m.game.moves and m.clock_moves == [pytest.approx(178)]


def test_record_and_from_record_restore_the_clocks_paused():
    now = Now()
    m = humans_match(now)
    m.tick_clock(live=True)
    now.advance(7)
    m.play(m.game.legal_moves()[0])
    now.advance(3)
    record = m.record()
    assert record.pdn_tags()["TimeControl"] == "180+2"
    assert record.clock_comments() == {1: "[%clock 0:02:55]"}
    again = type(record).from_json(record.to_json())
    back, error = Match.from_record(again, clock=now)
    assert error is None
    assert back.clocks.left == {BLACK: 175.0, WHITE: 177.0} and back.clocks.turn == WHITE
    assert not back.clocks.running and back.clock_moves == [175.0]
    now.advance(60)
    assert back.clock_left(WHITE) == 177   # paused until the screen says the game is live


# -- what the store keeps ------------------------------------------------------------------

def test_a_remembered_clock_is_checked_on_reading_the_settings():
    from game.store.settings import Settings, settings_from_json

    assert Settings().time_control == "off"
    good, problems, _ = settings_from_json({"version": 1, "time_control": "10+5"})
    assert good.time_control == "10+5" and problems == []
    for bad in ("blah", "3+2; rm", 3, None, "1" * 50 + "+1"):
        settings, problems, lost = settings_from_json({"version": 1, "time_control": bad})
        assert settings.time_control == "off" and problems and lost


def test_a_record_marked_lost_on_time_ends_so_again():
    from pathlib import Path

    from game.rules import Game
    from game.store.unfinished import FINISHED, UnfinishedGame, ended_off_the_board

    entry = UnfinishedGame("20261125-120000-abcdef", Path("x.json"), game=Game(),
                           extra={FINISHED: {"termination": TIME_FORFEIT, "winner": "white"}})
    assert ended_off_the_board(entry)
    assert entry.game.outcome.termination == TIME_FORFEIT and entry.game.outcome.winner == WHITE


def test_the_rules_record_a_loss_on_time_like_a_resignation():
    from game.rules import Game, RulesError

    g = Game()
    g.push(g.legal_moves()[0])
    g.lose_on_time(WHITE)
    assert g.outcome.termination == TIME_FORFEIT and g.outcome.winner == BLACK and g.outcome.result() == "2-0"
    assert str(g.outcome) == "White lost on time" and g.copy().outcome == g.outcome
    assert g.legal_moves() == []
    g.lose_on_time(BLACK)                      # the game is already over: nothing changes
    assert g.outcome.winner == BLACK
    assert g.undo() is None and g.outcome is None and g.ply == 1
    with pytest.raises(RulesError):
        g.lose_on_time(2)


def test_the_screens_word_it_with_the_sides_names():
    from game.rules import Game
    from game.ui.words import outcome_words

    g = Game()
    g.lose_on_time(BLACK)
    assert outcome_words(g.outcome) == "Red lost on time"
