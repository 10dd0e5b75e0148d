"""The Training page: the menu's door to the puzzles, the exercises and the record, by real events."""

import pygame
from helpers import click, frames, frames_until, key

from game.ui.layout_check import SIZES, check_scene
from game.ui.scenes import training


def _open(app):
    app.switch("menu")
    frames(app, 2)
    entry = next(b for b in app.stack.top.buttons if b.key == "training")
    click(app, entry.rect.center, n=2)
    scene = app.stack.top
    assert scene.name == "training"
    return scene


def test_the_menu_has_one_training_entry_instead_of_three(app):
    app.switch("menu")
    frames(app, 2)
    keys = [b.key for b in app.stack.top.buttons]
    assert "training" in keys and "puzzles" not in keys and "record" not in keys


def test_it_counts_the_exercises_due_off_the_frame_loop(app, monkeypatch):
    monkeypatch.setattr(training, "_count_due", lambda: 3)
    scene = _open(app)
    frames_until(app, lambda: scene.due != "reading")
    assert scene.note("mistakes") == "3 exercises due"
    monkeypatch.setattr(training, "_count_due", lambda: 0)
    scene.uncovered()
    frames_until(app, lambda: scene.due != "reading")
    assert scene.note("mistakes").startswith("None due")


def test_an_unreadable_count_is_said_not_raised(app, monkeypatch):
    monkeypatch.setattr(training, "_count_due", lambda: None)
    scene = _open(app)
    frames_until(app, lambda: scene.due != "reading")
    assert scene.note("mistakes") == "Your exercises cannot be read just now"


def test_keys_open_each_choice_and_esc_comes_back(app, monkeypatch):
    monkeypatch.setattr(training, "_count_due", lambda: 0)
    pushed = []
    scene = _open(app)
    monkeypatch.setattr(app, "push", lambda name, **kw: pushed.append((name, kw)))
    key(app, pygame.K_RETURN)                       # the first choice is focused: Puzzles
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                       # Practise your mistakes
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                       # Your record
    assert pushed == [("puzzles", {}), ("puzzles", {"exercises": True}), ("record", {})]
    monkeypatch.undo()
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "menu"
    assert scene is not app.stack.top


def test_it_fits_every_window_size(app, monkeypatch):
    monkeypatch.setattr(training, "_count_due", lambda: 12)
    scene = _open(app)
    frames_until(app, lambda: scene.due != "reading")
    assert check_scene(scene, SIZES) == []


def test_a_slow_earlier_count_never_lands_in_a_later_one(app, monkeypatch):
    import threading

    first, second = threading.Event(), threading.Event()

    def waiting(event, value):
        return lambda: (event.wait(10), value)[1]

    monkeypatch.setattr(training, "_count_due", waiting(first, 7))
    scene = _open(app)                                 # the first count hangs
    monkeypatch.setattr(training, "_count_due", waiting(second, 2))
    scene.uncovered()                                  # a new count starts
    first.set()                                        # the old one ends first, late
    for thread in threading.enumerate():
        if thread.name == "training-due" and thread is not threading.current_thread():
            thread.join(0.5)
    second.set()
    frames_until(app, lambda: scene.due != "reading")
    assert scene.due == 2
