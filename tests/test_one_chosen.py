"""One focus, one meaning (issue 46 item 16's class): on every screen only the focused button is
drawn in the accent's gold; a primary button (the screen's main action) is marked by bold words, so
that it never looks chosen beside the focused one. Found on the Training page and the game-over
card after the main menu was fixed."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
from helpers import frames, key

from game.ui import theme
from game.ui.widgets import Button


def gold_in(surface, rect):
    return sum(1 for x in range(rect.x, rect.right, 2) for y in range(rect.y, rect.bottom, 2)
               if surface.get_at((x, y))[:3] == theme.ACCENT)


def test_on_the_training_page_after_moving_the_focus_only_the_focused_button_is_gold(app):
    app.switch("training")
    frames(app)
    page = app.stack.top
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    frames(app)
    focused = page.focus.focused
    buttons = [w for w in page.focus.widgets if isinstance(w, Button) and w.visible]
    assert any(b.primary and b is not focused for b in buttons)   # the case: the primary one left behind
    surface = pygame.Surface(app.size)
    page.draw(surface)
    for b in buttons:
        assert (gold_in(surface, b.rect) > 0) == (b is focused and b.enabled), b.text


def test_a_primary_button_not_focused_has_bold_words_and_no_gold():
    pygame.init()
    primary, plain = Button("Start game", lambda: None, primary=True), Button("Back", lambda: None)
    surface = pygame.Surface((400, 200))
    for b, y in ((primary, 10), (plain, 100)):
        b.rect = pygame.Rect(10, y, 300, 60)
        b.draw(surface, focused=False)
    assert gold_in(surface, primary.rect) == 0
    primary.draw(surface, focused=True)
    assert gold_in(surface, primary.rect) > 0            # the focus is gold
