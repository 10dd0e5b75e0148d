"""Clocks in PDN: the [TimeControl] tag and each move's {[%clock h:mm:ss]} comment, written and read back,
and what a hostile file's values come to (a clear message or nothing, never a traceback)."""

import pytest
from helpers import open_review

from game.controller import Match
from game.controller.clock import (
    ClockError,
    clocks_from_comments,
    clocks_from_pdn,
    match_clocks_from_pdn,
    parse_pdn_clock,
    parse_pdn_time_control,
    parse_time_control,
)
from game.notation.pdn import read_pdn, write_pdn
from game.rules import BLACK, WHITE
from game.store import saves
from game.store.unfinished import keep_unfinished


class Now:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def played(moves=4, control="3+2", step=7.4):
    """A match between two people with clocks, ``moves`` moves played ``step`` seconds apart."""
    now = Now()
    m = Match({BLACK: None, WHITE: None}, clock=now, time_control=parse_time_control(control))
    m.tick_clock(live=True)
    for _ in range(moves):
        now.t += step
        m.play(m.game.legal_moves()[0])
    return m


def test_write_pdn_puts_each_moves_clock_after_it():
    m = played(3)
    record = m.record()
    text = write_pdn(m.game, record.pdn_tags(), comments=record.clock_comments())
    assert '[TimeControl "180+2"]' in text
    # the mover's time left after each move: 180 - 7.4 + 2 = 174.6 -> 0:02:54; a comment before White's
    # move gives it its number again
    assert "1. 9-14 {[%clock 0:02:54]} 1... 22-17 {[%clock 0:02:54]} 2. 11-15 {[%clock 0:02:49]}" \
        .replace("9-14", str(m.game.moves[0])).replace("22-17", str(m.game.moves[1])) \
        .replace("11-15", str(m.game.moves[2])) in " ".join(text.split())


def test_saved_game_round_trip(home):
    m = played(5)
    record = m.record()
    path = saves.save_game(m.game, record.pdn_tags(), comments=record.clock_comments())
    (loaded,) = saves.read_games_file(path)
    assert loaded.error is None and loaded.game.moves == m.game.moves
    assert parse_pdn_time_control(loaded.tags["TimeControl"]) == parse_time_control("3+2")
    clocks, problem = clocks_from_comments(loaded.comments)
    assert problem is None
    assert clocks == {ply: int(left) for ply, left in enumerate(m.clock_moves, 1)}


def test_a_game_lost_on_time_is_archived_with_its_clocks_and_a_normal_result(home):
    m = played(2, control="1+0", step=10)
    m.clocks.resume(m.now())
    m.now.t += 60
    assert m.tick_clock(live=True) == BLACK
    record = m.record()
    assert record.result == "0-2" and record.outcome == "Black lost on time"
    kept = keep_unfinished("20261125-120000-abcdef", m.game, record.mode, record.levels(), record.humans(),
                           record.store_extra(), tags=record.pdn_tags(), comments=record.clock_comments())
    assert kept.ok and kept.archived is not None
    (loaded,) = saves.read_games_file(kept.archived)
    assert loaded.tags["Result"] == "0-1" and loaded.result == "0-2" and loaded.tags["TimeControl"] == "60+0"
    assert clocks_from_comments(loaded.comments)[0] == {1: 50, 2: 50}


@pytest.mark.parametrize("comment, expected", [
    ("[%clock 0:02:41]", 161), ("[%clock 1:00:00]", 3600), ("[%clock 2:41]", 161), ("a note", None),
    ("[%clock 0:02:41.5] good move", 161.5), ("[%eval 0.3] [%clock 0:00:09]", 9)])
def test_clock_comments_are_read(comment, expected):
    assert parse_pdn_clock(comment) == expected


@pytest.mark.parametrize("comment", ["[%clock ]", "[%clock abc]", "[%clock 0:99:00]", "[%clock 0:00:75]",
                                     "[%clock -0:01:00]", "[%clock 999999999999:00:00]", "[%clock 1e9]",
                                     "[%clock 0:01:00\x00]", "[%clock " + "9" * 5000 + "]"])
def test_a_hostile_clock_comment_is_a_clear_error(comment):
    with pytest.raises(ClockError) as e:
        parse_pdn_clock(comment)
    assert len(str(e.value)) < 160 and "\x00" not in str(e.value)


HOSTILE = """[Event "x"]
[TimeControl "40/7200:3600{}"]
[Result "*"]

1. 11-15 {[%clock abc]} 1... 23-19 {[%clock 0:02:59]} 2. 8-11 {[%clock 99:99:99]} 2... 22-17
{[%clock 0:0""" + "9" * 3000 + """]} 3. 9-13 {[%clock}  *
"""


def test_a_hostile_game_reads_without_a_traceback():
    (pg,) = read_pdn(HOSTILE)
    clocks, problem = clocks_from_comments(pg.comments)
    assert clocks == {2: 179}
    assert problem is not None and problem.startswith("move 1:") and len(problem) < 200
    with pytest.raises(ClockError):
        parse_pdn_time_control(pg.tags["TimeControl"])


@pytest.mark.app(size=(1024, 768))
def test_review_shows_the_clock_of_the_move_viewed_and_ignores_hostile_ones(app):
    import pygame
    from helpers import key

    (pg,) = read_pdn(HOSTILE)
    game = pg.game()
    app.switch("menu")
    scene = open_review(app, game, tags=pg.tags, comments=pg.comments, ply=2)
    assert scene.status_text()[0].startswith(f"After 1... {game.moves[1]} (2:59 left)")
    key(app, pygame.K_LEFT)
    assert "left)" not in scene.status_text()[0]   # move 1's clock is unreadable: not shown
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert "left)" not in scene.status_text()[0]


# -- going on from a PDN record: the clocks as they stood at the ply played on from -----------------

def test_clocks_from_pdn_reads_the_writers_comments_at_any_ply():
    m = played(5)
    record = m.record()
    comments = record.clock_comments()                  # {ply: "[%clock 0:02:54]"}: write_pdn's own form
    whole = [int(s) for s in m.clock_moves]
    clock, problem = clocks_from_pdn(record.pdn_tags(), comments, 5, m.game.turn)
    assert problem is None and clock.control == parse_time_control("3+2") and clock.turn == WHITE
    # Red moved last at ply 5, White at ply 4: each side's time as it stood after its last move
    assert clock.left == {BLACK: whole[4], WHITE: whole[3]} and not clock.running
    clock, problem = clocks_from_pdn(record.pdn_tags(), comments, 2, BLACK)
    assert problem is None and clock.left == {BLACK: whole[0], WHITE: whole[1]} and clock.turn == BLACK
    clock, _ = clocks_from_pdn(record.pdn_tags(), comments, 1, WHITE)
    assert clock.left == {BLACK: whole[0], WHITE: 180}  # White has not moved yet: its full time
    clock, _ = clocks_from_pdn(record.pdn_tags(), comments, 0, BLACK)
    assert clock.left == {BLACK: 180, WHITE: 180}


def test_clocks_from_pdn_reads_a_saved_file_and_keeps_each_moves_clock(home):
    m = played(4)
    record = m.record()
    path = saves.save_game(m.game, record.pdn_tags(), comments=record.clock_comments())
    (loaded,) = saves.read_games_file(path)
    kwargs, problem = match_clocks_from_pdn(loaded.tags, loaded.comments, 3, WHITE)
    assert problem is None
    assert kwargs["clocks"].left == {BLACK: int(m.clock_moves[2]), WHITE: int(m.clock_moves[1])}
    assert kwargs["clock_moves"] == [int(s) for s in m.clock_moves[:3]]


def test_a_side_without_a_clock_on_its_last_move_keeps_its_last_known_one():
    comments = [(0, "before the game"), (1, "[%clock 0:02:00]"), (2, "a note"), (3, "no clock")]
    clock, problem = clocks_from_pdn({"TimeControl": "180+2"}, comments, 3, WHITE)
    assert problem is None and clock.left == {BLACK: 120, WHITE: 180}


@pytest.mark.parametrize("tags", [{}, {"TimeControl": "-"}, {"TimeControl": "?"}, {"Event": "x"}])
def test_a_record_without_a_time_control_has_no_clocks_and_nothing_to_say(tags):
    assert clocks_from_pdn(tags, {1: "[%clock 0:02:00]"}, 1, WHITE) == (None, None)


@pytest.mark.parametrize("tags, comments, words", [
    ({"TimeControl": "40/7200:3600"}, {}, "time control"),
    ({"TimeControl": "999999+0"}, {}, "time control"),
    ({"TimeControl": "180+2"}, {1: "[%clock 0:99:00]"}, "move 1"),
    ({"TimeControl": "180+2"}, [(2, "[%clock abc]")], "move 2"),
    ({"TimeControl": "180+2"}, {1: "[%clock 99:00:00]"}, "30 hours"),
    ({"TimeControl": "180+2"}, {1: "[%clock 0:0" + "9" * 3000 + "]"}, "move 1"),
    ({"TimeControl": "180+2"}, {1: float("nan")}, "move 1"),
])
def test_an_unreadable_time_control_or_clock_gives_no_clocks_and_one_clear_line(tags, comments, words):
    clock, problem = clocks_from_pdn(tags, comments, 2, BLACK)
    assert clock is None and words in problem
    assert "\n" not in problem and len(problem) < 200 and "Traceback" not in problem


def test_a_hostile_clock_after_the_ply_played_on_from_does_not_matter():
    comments = {1: "[%clock 0:02:50]", 3: "[%clock 0:99:99]"}
    clock, problem = clocks_from_pdn({"TimeControl": "180+2"}, comments, 2, BLACK)
    assert problem is None and clock.left == {BLACK: 170, WHITE: 180}


def test_continue_from_a_record_goes_on_with_its_clocks():
    m = played(4)
    record = m.record()
    again = Match.continue_from(m.game, 3, {BLACK: None, WHITE: None}, tags=record.pdn_tags(),
                                comments=record.clock_comments())
    assert again.clock_problem is None and again.clocks.control == parse_time_control("3+2")
    assert again.clocks.left == {BLACK: int(m.clock_moves[2]), WHITE: int(m.clock_moves[1])}
    assert again.clock_moves == [int(s) for s in m.clock_moves[:3]]
    # saved again, the earlier moves keep their clocks
    assert again.record().clock_comments() == {ply: f"[%clock 0:{int(s) // 60:02d}:{int(s) % 60:02d}]"
                                               for ply, s in enumerate(m.clock_moves[:3], 1)}
    bad = Match.continue_from(m.game, 3, {BLACK: None, WHITE: None}, tags={"TimeControl": "180+2"},
                              comments={2: "[%clock x]"})
    assert bad.clocks is None and "move 2" in bad.clock_problem
    plain = Match.continue_from(m.game, 3, {BLACK: None, WHITE: None})
    assert plain.clocks is None and plain.clock_problem is None
