"""The match controller without a window: turns, undo policy, resign, failures, records.

A fake engine client stands in for the engine process: it answers only when
the test says so, so every step is deterministic and nothing waits.
"""

import sys

import pytest
from helpers import FakeEngine

from game.controller import (
    STOP_GRACE,
    Match,
    MatchError,
    MatchRecord,
    bottom_colour,
    mode_of,
    players_for,
    players_from_keys,
    players_to_keys,
)
from game.engine.levels import parse_level
from game.engine.process import Info
from game.rules import BLACK, WHITE, Game, IllegalMoveError, Move, Position

FINISH = "B:W23:B18,K6,1,2"  # black takes 18x27 and white has nothing left


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def vs_computer(human=BLACK, level="Medium", game=None, **kw):
    engine = FakeEngine()
    players = players_for("1p", human, level)
    return Match(players, game, engine=lambda: engine, **kw), engine


def first(match):
    return match.game.legal_moves()[0]


def test_no_pygame_or_ui_is_imported():
    import subprocess

    code = ("import sys, game.controller; "
            "bad = [m for m in sys.modules if m.split('.')[0] == 'pygame' or m.startswith('game.ui')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_computer_moves_after_the_person_and_listeners_see_each_change():
    match, engine = vs_computer()
    seen = []
    match.add_listener(lambda m, change: seen.append((change, m.game.ply)))
    assert match.human_to_move() and match.update() is None and engine.gos == []  # not its turn
    played = match.play(first(match))
    assert played == match.game.moves[0] and match.version == 1
    assert match.update() is None and match.computer.thinking and len(engine.gos) == 1
    rid, position, history, limit = engine.gos[0]
    assert position == match.game.position and limit.level == "Medium"
    assert match.update() is None and match.game.ply == 1  # nothing arrived yet: nothing played
    engine.inbox.append(Info(rid, 3, 12, (), 500, 0.1))
    assert match.update() is None and match.computer.depth == 3 and match.computer.score == 12
    reply = match.game.legal_moves()[-1]
    engine.answer(reply)
    assert match.update() == reply
    assert match.game.moves[-1] == reply and match.human_to_move() and not match.computer.thinking
    assert seen == [("move", 1), ("move", 2)] and match.version == 2


def test_a_person_cannot_move_for_the_computer_nor_play_an_illegal_move():
    match, _ = vs_computer(human=WHITE)
    with pytest.raises(MatchError):
        match.play(first(match))
    two = Match({BLACK: None, WHITE: None})
    with pytest.raises(IllegalMoveError):
        two.play(Move((1, 5)))
    assert two.version == 0 and two.game.ply == 0


def test_a_game_between_people_never_starts_an_engine():
    asked = []
    match = Match({BLACK: None, WHITE: None}, engine=lambda: asked.append(1))
    for _ in range(6):
        match.play(first(match))
        assert match.update() is None
    assert asked == [] and match.mode == "2p"


def test_one_undo_takes_back_the_reply_and_your_move_and_redo_plays_both():
    match, engine = vs_computer()
    match.play(first(match))
    match.update()
    engine.answer(first(match))
    match.update()
    assert match.game.ply == 2
    assert match.undo() == 2 and match.game.ply == 0 and match.human_to_move()
    assert match.redo() == 2 and match.game.ply == 2 and match.human_to_move()
    assert match.version == 4  # two moves, one undo, one redo


def test_undo_while_the_computer_thinks_forgets_its_answer():
    match, engine = vs_computer()
    match.play(first(match))
    match.update()
    old = engine.current
    assert match.undo() == 1 and match.game.ply == 0 and engine.cancels == 1
    engine.answer(Position.initial().legal_moves()[0], rid=old)  # the late answer
    match.play(first(match))
    match.update()  # a new search, and the old answer is not played
    assert match.game.ply == 1 and match.computer.thinking and engine.current != old


def test_no_redo_once_the_game_is_over():
    game = Game(Position.from_fen(FINISH))
    game.push(game.legal_moves()[0])
    game.undo()
    match = Match({BLACK: None, WHITE: None}, game)
    assert match.can_redo
    match.play(first(match))  # the same winning move: the game is over
    assert match.over and not match.can_redo and match.redo() == 0


def test_resign_who_and_when():
    match, _ = vs_computer(human=WHITE)
    assert match.resigner() == WHITE  # even on the computer's turn
    assert match.resign() and match.outcome.winner == BLACK and match.version == 1
    assert match.resigner() is None and not match.resign()
    two = Match({BLACK: None, WHITE: None})
    two.play(first(two))
    assert two.resigner() == WHITE
    watch = Match(players_for("watch", level="Easy"))
    assert watch.resigner() is None and not watch.resign()


def test_watch_mode_pause_step_and_undo_pauses():
    engine = FakeEngine()
    match = Match(players_for("watch", level="Beginner"), engine=lambda: engine, paused=True)
    for _ in range(3):
        match.update()
    assert engine.gos == []
    assert match.step()
    match.update()
    assert len(engine.gos) == 1 and not match.step()  # the move is already coming
    engine.answer(first(match))
    assert match.update() is not None
    for _ in range(3):
        match.update()
    assert len(engine.gos) == 1 and match.paused  # one step, one move
    match.resume()
    match.update()
    assert len(engine.gos) == 2
    match.pause()
    assert not match.computer.thinking and engine.cancels == 1
    match.resume()
    match.update()
    engine.answer(first(match))
    match.update()
    assert match.game.ply == 2
    match.undo()
    assert match.paused and match.game.ply == 1


def test_engine_that_cannot_start_is_a_failure_until_retried():
    match, engine = vs_computer(human=WHITE)
    engine.fail_go = OSError(24, "Too many open files")
    for _ in range(5):
        assert match.update() is None
    assert not match.computer.thinking
    assert "Too many open files" in match.engine_problem and match.game.ply == 0
    engine.fail_go = None
    assert engine.gos == []
    match.move_now()  # M after a failure: try again
    match.update()
    assert match.computer.thinking and len(engine.gos) == 1 and match.engine_problem is None


@pytest.mark.parametrize("answer, words", [
    (dict(move=None, error="ValueError: broken\nTraceback..."), "broken"),
    (dict(move=None), "no move"),
    (dict(move=Move((21, 17))), "illegal move"),  # a white move on black's turn
])
def test_an_engine_error_is_shown_never_replaced_by_another_move(answer, words):
    match, engine = vs_computer(human=WHITE)
    match.update()
    engine.answer(**answer)
    assert match.update() is None
    assert match.game.ply == 0 and not match.computer.thinking
    assert words in match.engine_problem and "\n" not in match.engine_problem
    for _ in range(3):
        match.update()
    assert len(engine.gos) == 1  # no silent retry loop
    match.retry()
    match.update()
    engine.answer(first(match))
    assert match.update() is not None and match.game.ply == 1


def test_a_dead_engine_and_a_failed_stop_are_failures():
    match, engine = vs_computer(human=WHITE)
    match.update()
    engine.fail_poll = RuntimeError("the engine worker died repeatedly")
    match.update()
    assert "died" in match.engine_problem and not match.computer.thinking
    engine.fail_poll = None
    match.retry()
    match.update()
    engine.fail_stop = BrokenPipeError(32, "Broken pipe")
    match.move_now()
    assert "Broken pipe" in match.engine_problem and not match.computer.thinking


def test_move_now_that_is_never_answered_does_not_think_forever():
    clock = Clock()
    match, engine = vs_computer(human=WHITE, clock=clock)
    match.update()
    match.move_now()
    assert engine.stops == 1 and match.computer.stopping
    clock.now += STOP_GRACE / 2
    match.update()
    assert match.computer.thinking  # still within the grace
    clock.now += STOP_GRACE
    match.update()
    assert not match.computer.thinking and "Move now" in match.engine_problem


def test_undo_clears_an_engine_failure():
    match, engine = vs_computer()
    match.play(first(match))
    engine.fail_go = OSError("no fork")
    match.update()
    assert match.engine_problem
    match.undo()
    assert match.human_to_move() and match.computer.failed is None


def test_record_keeps_players_levels_moves_and_result():
    game = Game(Position.from_fen(FINISH), "csci561")
    match = Match({BLACK: None, WHITE: parse_level("depth:3")}, game)
    match.play(first(match))
    record = match.record()
    assert record.players == {"black": "human", "white": "depth:3"}
    assert record.levels() == {"white": "depth:3"} and record.humans() == ["black"]
    assert record.moves == ("18x27",) and record.draw_rule == "csci561" and record.start == game.start.fen()
    assert record.finished and record.result == "2-0" and record.outcome == "White has no pieces left"
    assert record.mode == "1p"
    tags = record.pdn_tags()
    assert tags["Black"] == "You" and tags["White"] == "Computer (depth:3)" and tags["WhiteLevel"] == "depth:3"
    assert tags["Event"] == "Against the computer" and "BlackLevel" not in tags
    again = MatchRecord.from_json(record.to_json())
    assert again == record


def test_a_match_keeps_its_game_id_through_its_record():
    match = Match(players_for("2p"), game_id="20261122-070512-a3f9c1")
    match.play(first(match))
    record = match.record()
    assert record.game_id == "20261122-070512-a3f9c1"
    loaded, _ = Match.from_record(MatchRecord.from_json(record.to_json()))
    assert loaded.game_id == record.game_id and loaded.game.moves == match.game.moves


def test_a_loaded_match_keeps_its_own_players_and_level():
    match, engine = vs_computer(human=WHITE, level="time:2")
    match.update()
    engine.answer(first(match))
    match.update()
    loaded, error = Match.from_record(match.record(), engine=lambda: engine)
    assert error is None
    assert loaded.players[BLACK].spec == "time:2" and loaded.players[BLACK].time == 2.0
    assert loaded.players[WHITE] is None and loaded.game.moves == match.game.moves


def test_a_damaged_record_keeps_the_moves_before_the_damage():
    record = MatchRecord(Position.initial().fen(), ("11-15", "1-5", "23-19"))
    match, error = Match.from_record(record)
    assert match.game.ply == 1 and "1-5" in error
    with pytest.raises(ValueError, match="moves"):
        MatchRecord.from_json({"start": "B:W21-32:B1-12", "moves": "11-15"})


def test_continue_from_keeps_the_moves_before_and_refuses_a_finished_position():
    game = Game()
    for _ in range(6):
        game.push(game.legal_moves()[0])
    match = Match.continue_from(game, 4, players_for("2p"))
    assert match.game.moves == game.moves[:4] and match.game is not game and game.ply == 6
    over = Game(Position.from_fen(FINISH))
    over.push(over.legal_moves()[0])
    with pytest.raises(MatchError, match="over"):
        Match.continue_from(over, 1, players_for("2p"))


def test_players_modes_and_orientation():
    medium = parse_level("Medium")
    assert mode_of({BLACK: None, WHITE: medium}) == "1p"
    assert mode_of({BLACK: None, WHITE: None}) == "2p"
    assert mode_of({BLACK: medium, WHITE: medium}) == "watch"
    assert players_from_keys(players_to_keys({BLACK: medium, WHITE: None})) == {BLACK: medium, WHITE: None}
    # a level that cannot be read (an edited file) falls back rather than losing the game
    assert players_from_keys({"black": "Grandmaster", "white": "human"})[BLACK].name == "Medium"
    assert bottom_colour({BLACK: medium, WHITE: None}) == WHITE
    assert bottom_colour({BLACK: None, WHITE: medium}) == BLACK
    assert bottom_colour({BLACK: None, WHITE: None}) == BLACK
    assert bottom_colour({BLACK: None, WHITE: medium}, "white") == WHITE
    with pytest.raises(ValueError, match="mode"):
        players_for("3p")


def test_the_computers_move_waits_for_its_pace_and_move_now_plays_it_at_once():
    match, engine = vs_computer(human=WHITE, pace=0.5)
    match.update(0.1)  # the search starts
    engine.answer(first(match))
    assert match.update(0.1) is None and match.thinking and not match.computer.thinking  # held back
    assert match.update(0.2) is None and match.game.ply == 0
    assert match.update(0.2) is not None and match.game.ply == 1  # 0.5 s of play since its turn began
    # the next turn: Move now releases a held move without waiting
    match.play(first(match))
    match.update(0.0)
    engine.answer(first(match))
    match.update(0.0)
    assert match.thinking and match.game.ply == 2
    match.move_now()
    assert match.update(0.0) is not None and match.game.ply == 3


def test_undo_forgets_a_held_move():
    match, engine = vs_computer(pace=10)
    match.play(first(match))
    match.update(0.0)
    engine.answer(first(match))
    match.update(0.0)
    assert match.thinking
    match.undo()
    assert not match.thinking
    for _ in range(3):
        match.update(100.0)
    assert match.game.ply == 0


def test_a_removed_listener_hears_nothing_more():
    match = Match(players_for("2p"))
    heard = []
    listener = match.add_listener(lambda m, change: heard.append(change))
    match.play(first(match))
    match.remove_listener(listener)
    match.play(first(match))
    match.undo()
    assert heard == ["move"] and match.version == 3


@pytest.mark.parametrize("book", [True, False])
def test_the_opening_book_setting_reaches_the_engine(book):
    engine = FakeEngine()
    match = Match({BLACK: parse_level("Master"), WHITE: None}, engine=lambda: engine, book=book)
    match.update()
    (_, _, _, limit), = engine.gos
    assert limit.level == "Master" and limit.book is book


@pytest.mark.parametrize("rule", ["official", "csci561"])
def test_the_games_draw_rule_and_count_reach_the_engine(rule):
    # four kings against three, shuffling: the count grows with every move
    game = Game(Position.from_fen("B:WK9,K11,K14,K23:BK20,K28,K32"), rule)
    for text in ("20-24", "9-6", "24-27", "23-19"):
        game.push(next(m for m in game.legal_moves() if str(m) == text))
    engine = FakeEngine()
    match = Match({BLACK: parse_level("Hard"), WHITE: None}, game, engine=lambda: engine)
    match.update()
    assert engine.rules == [(rule, 4)]
