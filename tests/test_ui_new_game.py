"""The new-game screen driven by keys, as its footer tells the player."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.app import App
from game.rules import BLACK, WHITE


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("CHECKERS_HOME", str(tmp_path))  # no autosave: the menu starts at 1 Player
    a = App((1000, 700), fixed_dt=1 / 60, sound=False)
    yield a
    a.close()


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.run(frames=2)


def test_enter_on_a_choice_row_starts_the_game_with_what_is_shown(app):
    app.switch("menu")
    app.run(frames=2)
    key(app, pygame.K_RETURN)  # 1 Player
    setup = app.stack.top
    assert setup.name == "new_game" and setup.focus.focused is setup.difficulty
    shown = setup.difficulty.value
    assert setup.side.value == "Red"  # the human moves first: nothing searches in this test
    key(app, pygame.K_RETURN)  # "Enter to start" — not "change the difficulty"
    play = app.stack.find("play")
    assert play is not None, app.stack.names()
    assert play.players[BLACK] is None and play.players[WHITE].name == shown


def test_space_and_arrows_still_change_a_choice(app):
    app.switch("menu")
    app.run(frames=2)
    key(app, pygame.K_RETURN)  # 1 Player
    setup = app.stack.top
    first = setup.difficulty.value
    key(app, pygame.K_SPACE)
    assert setup.difficulty.value != first and app.stack.find("play") is None
    key(app, pygame.K_LEFT)
    assert setup.difficulty.value == first
