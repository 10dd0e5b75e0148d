"""How to play: reached from the menu by keyboard, pages turned with keys and buttons, diagrams from real moves."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from helpers import key

from game.rules import Position
from game.ui.scenes import how_to_play

pytestmark = pytest.mark.app(size=(1024, 768))


def test_reached_from_the_menu_and_paged_with_the_keyboard(app):
    app.switch("menu")
    app.step()
    menu = app.stack.top
    labels = [b.text for b in menu.buttons]
    assert "How to play" in labels
    while menu.focus.focused.text != "How to play":
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    scene = app.stack.top
    assert scene.name == "how_to_play" and scene.page == 0
    assert not scene.prev_button.enabled and scene.focus.focused is scene.next_button
    key(app, pygame.K_RETURN)  # Next
    key(app, pygame.K_RIGHT)
    assert scene.page == 2
    for _ in range(10):
        key(app, pygame.K_RIGHT)
    assert scene.page == len(scene.pages) - 1 and not scene.next_button.enabled
    assert scene.focus.focused is scene.back_button  # the focus never rests on a disabled button
    key(app, pygame.K_LEFT)
    assert scene.page == len(scene.pages) - 2
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "menu"


def test_the_diagrams_mark_the_rules_own_moves():
    pages = {title: picture for title, _, picture in how_to_play.pages()}
    capture = pages["Capturing"]
    position = Position.from_squares(black_men=sorted(s for s, p in capture.pieces.items() if p == (0, False)),
                                     white_men=sorted(s for s, p in capture.pieces.items() if p == (1, False)))
    (move,) = [m for m in position.legal_moves() if m.start == capture.selected]
    assert capture.destinations == {move.path[-1]} and capture.ghosts == set(move.captures)
    assert len(move.captures) == 2  # the page says the jump takes two
    kings = pages["Kings"]
    assert len(kings.destinations) == 6  # four for the king, two crowning squares for the man
    assert all(picture.numbers for picture in pages.values())
