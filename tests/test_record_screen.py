"""The "Your record" screen, driven by real key and mouse events."""

import datetime
import re
import threading

import pygame
import pytest
from helpers import click, frames, frames_until, key, play

from game.rules import Game
from game.store.archive import archive_game
from game.store.unfinished import new_game_id
from game.training import record as record_mod
from game.training.record import GameResult, Record
from game.ui import theme
from game.ui.layout_check import check_scene
from game.ui.scenes import record as screen

pytestmark = pytest.mark.app(size=(1024, 768))


def _archive(level, humans=("black",), seed=3):
    g = play(Game(), 400, seed=seed)
    assert g.outcome is not None
    levels = {k: level for k in ("black", "white") if k not in humans}
    archive_game(g, game_id=new_game_id(), levels=levels, humans=list(humans), mode="1p")


def _open_from_menu(app):
    app.switch("menu")
    frames(app, 2)
    button = next(b for b in app.stack.top.buttons if b.key == "training")
    click(app, button.rect.center, n=2)
    assert app.stack.top.name == "training"
    button = next(b for b in app.stack.top.buttons if b.key == "record")
    click(app, button.rect.center, n=2)
    scene = app.stack.top
    assert scene.name == "record"
    frames_until(app, lambda: not scene.loading)
    return scene


def test_a_new_player_reaches_the_record_from_training_and_sees_the_empty_state(app):
    scene = _open_from_menu(app)  # nothing archived: the record is still there, with nothing in it
    names = {b.name for b in scene.layout_boxes()}
    assert "empty" in names and "table" not in names


def test_no_game_against_the_computer_shows_the_empty_state_and_esc_goes_back(app):
    _archive("Hard", humans=("black", "white"))
    scene = _open_from_menu(app)
    names = {b.name for b in scene.layout_boxes()}
    assert "empty" in names and "table" not in names and "graph" not in names
    assert not scene.practise_button.visible and scene.footer == screen.FOOTER_NONE_DUE
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "training"


def test_the_archived_games_fill_the_table_and_the_graph(app):
    _archive("Hard")                        # Red (the player) wins against Hard
    _archive("Easy", humans=("white",))     # the player is White and loses to Easy
    _archive("Hard", humans=("black", "white"))  # two people: not counted
    scene = _open_from_menu(app)
    assert [(r.level, r.won, r.drawn, r.lost) for r in scene.rows] == [("Easy", 0, 0, 1), ("Hard", 1, 0, 0)]
    assert scene.summary().startswith("Your strength: about ") and "from 2 games" in scene.summary()
    texts = [b.text for b in scene.layout_boxes() if b.text]
    assert "Hard" in texts and "Easy" in texts and "All" in texts
    assert scene.graph_rect.width > 0 and scene.points
    assert check_scene(scene) == []
    click(app, scene.back_button.rect.center)
    assert app.stack.top.name == "training"


def test_reading_the_games_never_holds_the_window(app, monkeypatch):
    release = threading.Event()

    def slow_read(folder=None):
        release.wait(60)
        return Record([GameResult("Medium", 1.0, datetime.date(2026, 11, 25))])

    monkeypatch.setattr(screen, "read_record", slow_read)
    app.switch("menu")
    app.push("record")
    frames(app, 5)  # frames go on while the games are read
    scene = app.stack.top
    assert scene.loading and scene.summary() == screen.READING and scene.wants_redraw()
    app.draw(app.screen)
    key(app, pygame.K_TAB)  # and the keys still work
    release.set()
    frames_until(app, lambda: not scene.loading)
    assert [r.level for r in scene.rows] == ["Medium"]
    assert scene.wants_redraw()       # the frame the games arrive in is drawn at once ...
    frames(app, 1)
    assert not scene.wants_redraw()   # ... and then the screen waits for events


def test_p_practises_the_mistakes_when_some_are_due(app, monkeypatch):
    pushed = []
    scene_names = dict(screen.SCENES)
    scene_names.setdefault("puzzles", object)
    monkeypatch.setattr(screen, "SCENES", scene_names)
    app.switch("menu")
    app.push("record", record=Record([]), due=0)
    scene = app.stack.top
    monkeypatch.setattr(app, "push", lambda name, **params: pushed.append((name, params)))
    key(app, pygame.K_p)
    assert pushed == []  # nothing due: no button, P does nothing
    scene.due = 2
    scene._refresh()
    assert scene.practise_button.visible and "(2)" in scene.practise_button.text
    assert scene.footer == screen.FOOTER
    key(app, pygame.K_p)
    click(app, scene.practise_button.rect.center)
    assert pushed == [("puzzles", {"exercises": True})] * 2


def _many():
    day = datetime.date(2026, 1, 5)
    levels = ["Beginner", "Easy", "Medium", "Hard", "Expert", "Master", "depth:3", "depth:7", "time:2",
              "depth:12", "time:0.5", "depth:1"]
    return Record(GameResult(levels[i % len(levels)], (1.0, 0.5, 0.0)[i % 3], day + datetime.timedelta(days=i))
                  for i in range(150))


@pytest.mark.parametrize("record", [Record([GameResult("Master", 0.0, None)]), _many(), Record([])],
                         ids=["one-undated", "many", "empty"])
def test_every_state_fits_every_size(app, record):
    app.switch("menu")
    app.push("record", record=record, due=3)
    frames(app, 1)
    assert check_scene(app.stack.top) == []


def test_the_words_are_the_games_own(app, monkeypatch):
    from test_words import SYNONYMS

    drawn = []
    real = theme.text

    def recording(string, *args, **kwargs):
        drawn.append(theme.clean(string))
        return real(string, *args, **kwargs)

    app.switch("menu")
    app.push("record", record=_many(), due=1)
    frames(app, 1)
    monkeypatch.setattr(theme, "text", recording)
    app.draw(app.screen)
    assert "Beginner" in drawn and "3 moves ahead" in drawn
    assert not [t for t in drawn if "depth:" in t or "time:" in t]  # a custom level in words
    for thing, pattern, instead in SYNONYMS:
        assert not [t for t in drawn if re.search(pattern, t)], (thing, instead)
    assert any("Your strength: about" in t for t in drawn)


def test_a_level_in_words():
    assert screen.level_words("depth:6") == "6 moves ahead"
    assert screen.level_words("time:2") == "2 s a move"
    assert screen.level_words("Hard") == "Hard"
    assert record_mod.result_of({"Black": "Human", "White": "Computer", "WhiteLevel": "Depth 6",
                                 "Result": "2-0"}).level == "depth:6"


def test_the_timeline_and_the_estimate_are_worked_out_in_the_reader_thread_never_the_frame(app, monkeypatch):
    games = [GameResult("Medium", 1.0, datetime.date(2026, 11, d)) for d in range(1, 20)]
    monkeypatch.setattr(screen, "read_record", lambda folder=None: Record(games))
    calls = []
    for name in ("timeline", "estimate", "by_level", "totals", "period"):
        real = getattr(Record, name)

        def spy(self, *a, _real=real, _name=name, **k):
            calls.append((_name, threading.current_thread() is threading.main_thread()))
            return _real(self, *a, **k)

        monkeypatch.setattr(Record, name, spy)
    app.switch("menu")
    app.push("record")
    scene = app.stack.top
    frames_until(app, lambda: not scene.loading)
    worked_out = {name for name, _ in calls}
    assert {"timeline", "estimate"} <= worked_out and scene.points and scene.estimate is not None
    frames(app, 3)
    scene.resize((800, 600))
    scene.uncovered()
    app.draw(app.screen)
    assert [name for name, on_main in calls if on_main] == []  # not one on the window's thread
    assert "from 19 games" in scene.summary() and scene.graph_title().endswith("each day you played")


def test_back_from_the_exercises_the_due_count_is_made_again_off_the_window_thread(app, monkeypatch):
    counted = []
    release = threading.Event()

    def slow_counts():
        release.wait(60)
        counted.append(threading.current_thread() is threading.main_thread())
        return 0, 4

    app.switch("menu")
    app.push("record", record=Record([]), due=2)
    scene = app.stack.top
    monkeypatch.setattr(screen, "exercise_counts", slow_counts)
    scene.uncovered()
    frames(app, 3)  # the window goes on while the exercises are counted
    assert scene.due == 2 and scene.wants_redraw()
    release.set()
    frames_until(app, lambda: scene.due == 0)
    assert counted == [False] and not scene.practise_button.visible and not scene.wants_redraw()


def test_games_left_out_are_said_once_over_the_record(app, monkeypatch):
    games = [GameResult("Medium", 1.0, datetime.date(2026, 11, 2))]
    monkeypatch.setattr(screen, "read_record",
                        lambda folder=None: Record(games, ["1 archived game could not be read"]))
    app.switch("menu")
    app.push("record")
    frames_until(app, lambda: app.stack.top.name == "notice")
    notice = app.stack.top
    assert notice.params["title"] == "Some of your games were left out"
    assert "1 archived game could not be read" in notice.params["message"]
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "record" and app.stack.top.rows  # the other games are shown
