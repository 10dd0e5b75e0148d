"""Exercises made of the player's own mistakes: from a game report to the store and back."""

from datetime import timedelta

import pytest
from helpers import ScriptedEngine, blunder_game

from game.analysis.forced import play_forced
from game.analysis.runner import GameAnalysis
from game.rules import BLACK, WHITE, Game
from game.store.exercises import now_utc
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


def _two_blunders():
    """A game where Red's first two moves (plies 0 and 2) are blunders."""
    g = Game()
    for i in range(4):
        moves = g.legal_moves()
        g.push(moves[-1] if i % 2 == 0 else moves[0])
    return g, _report(g, {g.positions[1]: 300, g.positions[3]: 300})


def _fine_elsewhere(g, plies):
    """Scores making every other move at ``plies`` fine (an inaccuracy at most)."""
    scores = {}
    for ply in plies:
        position = g.positions[ply]
        others = [m for m in position.legal_moves() if m not in (position.legal_moves()[0], g.moves[ply])]
        scores.update(_mover_scores(position, {m: -15 for m in others}))
    return scores


def test_a_dead_engine_makes_no_exercise_of_a_position_not_fully_scored(home):
    _g, report = _opening_blunder()

    class Dead(ScriptedEngine):
        def poll(self):
            raise OSError("gone")

    maker = ex.ExerciseMaker(report, {BLACK}, "Your game", Dead(), nodes=100)
    for _ in range(10):
        maker.poll()
    assert maker.done and "stopped answering" in maker.error
    # its other moves were never scored: as an exercise it would refuse good moves
    assert maker.exercises() == [] and maker.save().added == 0 and ex.due_exercises() == []


def test_leaving_early_keeps_only_the_positions_whose_moves_were_all_scored(home):
    g, report = _two_blunders()
    assert [m.ply for m in report.worst()] == [0, 2]
    maker = ex.ExerciseMaker(report, {BLACK}, "Your game", ScriptedEngine(_fine_elsewhere(g, (0, 2))), nodes=100)
    for _ in range(1000):
        if 0 in maker.scored():
            break
        maker.poll()
    assert maker.scored() == {0} and not maker.done
    maker.cancel()  # the player leaves the review while "Preparing your exercises…" shows
    (exercise,) = maker.exercises()
    assert exercise.position == g.positions[0] and len(exercise.also) == len(g.positions[0].legal_moves()) - 2
    assert maker.save().added == 1
    assert [p.position for p in ex.due_exercises()] == [g.positions[0]]


def test_an_engine_error_midway_keeps_only_the_positions_fully_scored(home):
    g, report = _two_blunders()

    class Failing(ScriptedEngine):
        def go(self, position, history=(), limit=None):
            if len(self.requests) >= first_ply_jobs:  # the first search for ply 2 fails
                from game.engine.process import Done

                self.requests.append((position, tuple(history), limit))
                self.pending.append(Done(len(self.requests), None, None, 0, 0, error="crashed\nmore"))
                return len(self.requests)
            return super().go(position, history, limit)

    first_ply_jobs = len(g.positions[0].legal_moves()) - 2
    maker = ex.ExerciseMaker(report, {BLACK}, "Your game", Failing(_fine_elsewhere(g, (0, 2))), nodes=100)
    for _ in range(1000):
        if maker.done:
            break
        maker.poll()
    assert maker.error == "crashed" and maker.scored() == {0}
    assert [p.position for p in maker.exercises()] == [g.positions[0]]


def test_a_later_full_analysis_gives_a_kept_exercise_its_good_moves(home):
    g, report = _opening_blunder()
    position = g.positions[0]
    others = [m for m in position.legal_moves() if m not in (position.legal_moves()[0], g.moves[0])]
    # an exercise kept by an earlier version from a search left early: only the engine's move solves
    (partial,) = ex.exercises_from_report(report, {BLACK}, "Your game")
    assert ex.add_to_store([partial]).added == 1
    ex.record_exercise(partial.id, False)
    ex.record_exercise(partial.id, True)
    maker = ex.ExerciseMaker(report, {BLACK}, "Your game", ScriptedEngine(_fine_elsewhere(g, (0,))), nodes=100)
    while not maker.done:
        maker.poll()
    assert maker.save().added == 0  # not a new exercise
    (due,) = ex.due_exercises(now_utc() + timedelta(days=2))   # solved once: due again a day on
    assert set(due.also) == set(others) and due.solves(0, others[0])
    from game.store.exercises import load_exercises

    (kept,) = load_exercises().exercises
    assert (kept.attempts, kept.solved) == (2, 1)  # the attempts so far are kept


def test_exercises_are_kept_repeated_and_done_when_solved_twice(home, monkeypatch):
    from game.store import exercises as store

    _g, report = _blunder_report()
    puzzles = ex.exercises_from_report(report, {BLACK}, "Your game")
    assert ex.due_exercises() == []
    assert ex.add_to_store(puzzles).added == 1
    assert ex.add_to_store(puzzles).added == 0  # the same position is not added twice
    (due,) = ex.due_exercises()
    assert due == puzzles[0]
    start = now_utc()
    monkeypatch.setattr(store, "now_utc", lambda: start)
    ex.record_exercise(due.id, False)
    assert ex.due_exercises(start) == [] and ex.exercise_counts(start) == (0, 0)  # failed: back soon
    soon = start + timedelta(minutes=11)
    assert [p.id for p in ex.due_exercises(soon)] == [due.id]
    monkeypatch.setattr(store, "now_utc", lambda: soon)
    ex.record_exercise(due.id, True)
    # spaced: a solve is not asked again the same day, so it cannot be retired within a minute
    assert ex.due_exercises(soon + timedelta(minutes=1)) == []
    assert ex.due_exercises(soon + timedelta(hours=23)) == []
    later = soon + timedelta(days=1, minutes=1)
    assert [p.id for p in ex.due_exercises(later)] == [due.id]  # solved once: due again a day later
    monkeypatch.setattr(store, "now_utc", lambda: later)
    ex.record_exercise(due.id, True)
    assert ex.due_exercises(later + timedelta(days=30)) == []
    assert ex.exercise_counts(later) == (0, 1)  # kept in the file, done
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
    from game.store.exercises import StoredExercise, save_exercises

    good = ex.exercises_from_report(_blunder_report()[1], {BLACK}, "Your game")[0]
    save_exercises([StoredExercise("bad", "W:W99:B1", "1-5"),
                    StoredExercise("illegal", Game().position.fen(), "1-5"),
                    ex._record_of(good)])
    assert [p.id for p in ex.due_exercises()] == [good.id]


def test_the_counts_leave_out_the_entries_that_make_no_puzzle_as_the_due_list_does(home):
    from game.store.exercises import StoredExercise, save_exercises

    good = ex.exercises_from_report(_blunder_report()[1], {BLACK}, "Your game")[0]
    start = Game().position.fen()
    save_exercises([StoredExercise("no-men", "W:W:B", "1-5"),
                    StoredExercise("no-such-move", "B:W21:B1", "zz"),
                    StoredExercise("illegal-also", start, "11-15", ("1-5",)),
                    StoredExercise("done-but-illegal", start.replace("B:", "W:", 1), "1-5", solved=2),
                    ex._record_of(good)])
    assert ex.exercise_counts() == (len(ex.due_exercises()), 0) == (1, 0)


# -- "Practise your mistakes" after a game report (real keys and clicks) -------------------------------

def _review_with_report(app, players, tags=None):
    import pygame
    from helpers import frames_until, key, open_review, open_scenes, run_until

    open_scenes(app, "menu", n=0)
    scene = open_review(app, blunder_game(), players=players, tags=tags or {"Date": "2026.11.25"})
    key(app, pygame.K_g)
    run_until(app, lambda: scene.report is not None)
    frames_until(app, lambda: not scene.practice.busy)   # the exercises are written in a thread
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
