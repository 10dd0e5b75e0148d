"""The play screen as a new player met it (issue 34): real key and mouse events, a frame at a time."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.engine.levels import parse_level
from game.engine.process import Info
from game.rules import BLACK, WHITE, Position
from helpers import app_with_fake_engines, frames, key


@pytest.fixture
def app(home):
    a = app_with_fake_engines((1024, 768))
    yield a
    a.close()


def click_at(app, pos, n=2):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    frames(app, n)


def click_square(app, square, n=2):
    click_at(app, app.stack.find("play").layout.board.square_center(square), n)


def one_player(app, **params):
    app.switch("play", players={BLACK: None, WHITE: parse_level("Medium")}, **params)
    frames(app)
    return app.stack.top


def computer_engine(app):
    """The computer player's FakeEngine (the first one asked to search)."""
    return next(e for e in app.engines if e.gos)


def thinking_words(scene):
    title, lines = scene.panel._thinking_texts()
    return " ".join([title, *lines])


# -- item 6: no evaluation against the computer unless the settings allow analysis ---------------

@pytest.mark.parametrize("allowed", [False, True])
def test_the_computers_evaluation_shows_only_when_analysis_is_allowed(app, allowed):
    app.settings["allow_analysis"] = allowed
    scene = one_player(app)
    click_square(app, 11)
    click_square(app, 15)
    frames(app, 30)
    engine = computer_engine(app)
    rid = engine.current
    engine.inbox.append(Info(rid, 9, -14, (), 1000, 0.1))  # White's search says Red is 0.14 ahead
    frames(app, 2)
    words = thinking_words(scene)
    assert "Depth 9" in words
    assert ("+0.14" in words or "-0.14" in words or "−0.14" in words) == allowed, words
    # its move lands: your turn, and the last search is told only when analysis is allowed
    engine.answer(scene.game.legal_moves()[0], rid, depth=9, score=-14)
    frames(app, 60)
    assert scene.human_to_move()
    scene.resize((1920, 1080))  # room for the last-search line
    words = thinking_words(scene)
    assert ("Last search" in words) == allowed, words
