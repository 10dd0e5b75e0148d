"""Exercises made of the player's own mistakes: from a game report to the store and back."""

import pytest
from helpers import ScriptedEngine, blunder_game

from game.analysis.forced import play_forced
from game.analysis.runner import GameAnalysis
from game.rules import BLACK, WHITE, Game
from game.training import exercises as ex
from game.training.puzzle import MISTAKE


def _report(game, scores):
    analysis = GameAnalysis(game.start, game.moves, ScriptedEngine(scores), probe=None, book=None)
    for _ in range(10_000):
        if analysis.done:
            break
        analysis.poll()
    assert analysis.error is None
    return analysis.report()


def _blunder_report():
    g = blunder_game()
    # the position after the 5th move is +3 men for the side to move: Red's move there is a blunder
    return g, _report(g, {g.positions[5]: 300})


def _opening_blunder():
    """A game whose first move (Red's) is not the engine's first choice and is scored a blunder."""
    g = Game()
    g.push(g.legal_moves()[1])
    for _ in range(3):
        g.push(g.legal_moves()[0])
    return g, _report(g, {g.positions[1]: 300})


def _mover_scores(position, wanted):
    """Scores for ScriptedEngine such that each move of ``wanted`` ({move: mover's score}) is
    seen by the exercise maker with that score (forced replies played through, as it does)."""
    out = {}
    for move, score in wanted.items():
        forced = play_forced(position.play(move))
        n = len(forced.moves)
        out[forced.position] = -score if n % 2 == 0 else score
    return out


def test_a_blunder_of_the_player_becomes_an_exercise():
    g, report = _blunder_report()
    assert [m.ply for m in report.worst()] == [4]
    (exercise,) = ex.exercises_from_report(report, {BLACK}, "Your game v Hard, 2026-11-25")
    assert exercise.theme == MISTAKE and exercise.goal == "find a better move"
    assert exercise.position == g.positions[4]
    assert exercise.line == (report.moves[4].best,)
    assert exercise.source == "Your game v Hard, 2026-11-25, move 3"
    assert exercise.solves(0, report.moves[4].best)
    assert not exercise.solves(0, g.moves[4])  # the mistake itself never solves


def test_the_opponents_mistakes_are_not_the_players():
    _g, report = _blunder_report()
    assert ex.exercises_from_report(report, {WHITE}, "x") == []
    assert ex.exercises_from_report(report, set(), "x") == []


def test_the_maker_finds_the_other_moves_that_are_not_a_mistake():
    g, report = _opening_blunder()
    position = g.positions[0]
    best, played = position.legal_moves()[0], g.moves[0]
    others = [m for m in position.legal_moves() if m not in (best, played)]
    assert len(others) >= 2 and [m.ply for m in report.worst()] == [0]
    good, bad = others[0], others[1]
    # the best move is scored 0 for the mover; ``good`` loses a little (an inaccuracy at most),
    # the others a man
    scores = _mover_scores(position, {m: -300 for m in others})
    scores.update(_mover_scores(position, {good: -15, bad: -300}))
    client = ScriptedEngine(scores)
    maker = ex.ExerciseMaker(report, {BLACK}, "Your game", client, nodes=100)
    assert maker.total == len(others)
    for _ in range(1000):
        if maker.done:
            break
        maker.poll()
    assert maker.done and maker.error is None and maker.progress == 1.0
    (exercise,) = maker.exercises()
    assert good in exercise.also and bad not in exercise.also
    assert exercise.solves(0, good) and not exercise.solves(0, bad)


def test_a_dead_engine_keeps_what_was_found():
    _g, report = _opening_blunder()

    class Dead(ScriptedEngine):
        def poll(self):
            raise OSError("gone")

    maker = ex.ExerciseMaker(report, {BLACK}, "Your game", Dead(), nodes=100)
    for _ in range(10):
        maker.poll()
    assert maker.done and "stopped answering" in maker.error
    assert len(maker.exercises()) == 1  # only the engine's move solves it


def test_exercises_are_kept_repeated_and_done_when_solved_twice(home):
    _g, report = _blunder_report()
    puzzles = ex.exercises_from_report(report, {BLACK}, "Your game")
    assert ex.due_exercises() == []
    assert ex.add_to_store(puzzles) == 1
    assert ex.add_to_store(puzzles) == 0  # the same position is not added twice
    (due,) = ex.due_exercises()
    assert due == puzzles[0]
    ex.record_exercise(due.id, False)
    ex.record_exercise(due.id, True)
    assert [p.id for p in ex.due_exercises()] == [due.id]  # solved once: still due
    ex.record_exercise(due.id, True)
    assert ex.due_exercises() == []
    assert ex.exercise_counts() == (0, 1)  # kept in the file, done
    ex.record_exercise("no-such-exercise", True)  # nothing happens, nothing raised


def test_due_exercises_are_oldest_first(home):
    first = ex.exercises_from_report(_blunder_report()[1], {BLACK}, "first")
    second = ex.exercises_from_report(_opening_blunder()[1], {BLACK}, "second")
    assert first and second
    ex.add_to_store(second)
    ex.add_to_store(first)
    ex.add_to_store(second)
    assert [p.source.split(",")[0] for p in ex.due_exercises()] == ["second", "first"]


def test_humans_and_the_label_come_from_the_players_or_the_tags():
    from game.engine.levels import parse_level

    hard = parse_level("Hard")
    assert ex.humans_of({BLACK: None, WHITE: hard}) == {BLACK}
    assert ex.humans_of({BLACK: None, WHITE: None}) == {BLACK, WHITE}
    tags = {"Black": "Computer (Hard)", "BlackLevel": "Hard", "White": "Human", "Date": "2026.11.25"}
    assert ex.humans_of(tags=tags) == {WHITE}
    assert ex.humans_of(tags={"Black": "Tinsley", "White": "Chinook"}) == set()
    assert ex.game_label({BLACK: None, WHITE: hard}, {"Date": "2026.11.25"}) == "Your game v Hard, 2026-11-25"
    assert ex.game_label(tags=tags) == "Your game v Hard, 2026-11-25"
    assert ex.game_label(tags={"Date": "????.??.??"}) == "Your game"


def test_a_damaged_entry_is_left_out_of_the_due_list(home):
    from game.store.exercises import ExerciseRecord, save_exercises

    good = ex.exercises_from_report(_blunder_report()[1], {BLACK}, "Your game")[0]
    save_exercises([ExerciseRecord("bad", "W:W99:B1", "1-5"),
                    ExerciseRecord("illegal", Game().position.fen(), "1-5"),
                    ex._record_of(good)])
    assert [p.id for p in ex.due_exercises()] == [good.id]


# -- "Practise your mistakes" after a game report (real keys and clicks) -------------------------------

def _review_with_report(app, players, tags=None):
    import pygame
    from helpers import key, open_review, open_scenes, run_until

    open_scenes(app, "menu", n=0)
    scene = open_review(app, blunder_game(), players=players, tags=tags or {"Date": "2026.11.25"})
    key(app, pygame.K_g)
    run_until(app, lambda: scene.report is not None)
    run_until(app, lambda: not scene.practice.busy)
    return scene


_SCORES = {blunder_game().positions[5]: 300}


@pytest.mark.app(size=(1024, 768), engine=lambda: ScriptedEngine(_SCORES))
def test_the_report_keeps_the_players_mistakes_and_p_practises_them(app, monkeypatch):
    import pygame
    from helpers import click, key

    from game.engine.levels import parse_level
    from game.ui.layout_check import check_scene

    scene = _review_with_report(app, {BLACK: None, WHITE: parse_level("Hard")})
    button = scene.practice.button
    assert button.visible and button.enabled and button.text == "Practise your mistakes"
    assert scene.analysis.client.closed  # the report's engine is closed once the exercises are made
    (due,) = ex.due_exercises()
    assert due.position == blunder_game().positions[4]
    assert due.source == "Your game v Hard, 2026-11-25, move 3"
    assert check_scene(scene) == []
    pushed = []
    monkeypatch.setattr(app, "push", lambda name, **params: pushed.append((name, params)))
    key(app, pygame.K_p)
    click(app, button.rect.center)
    assert pushed == [("puzzles", {"exercises": True})] * 2


@pytest.mark.app(size=(1024, 768), engine=lambda: ScriptedEngine(_SCORES))
def test_no_button_for_a_game_of_others_or_the_computers_mistakes(app):
    from game.engine.levels import parse_level

    scene = _review_with_report(app, None, {"Black": "Tinsley", "White": "Chinook"})
    assert not scene.practice.button.visible and ex.due_exercises() == []
    app.pop()
    scene = _review_with_report(app, {BLACK: parse_level("Easy"), WHITE: None})  # the blunder was the computer's
    assert not scene.practice.button.visible and ex.due_exercises() == []
