"""Settings, dialogs and the new-game screens as a new player met them (issue 34), at every window size."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui.layout_check import SIZES
from game.ui.widgets import Chooser
from helpers import app_with_fake_engines, frames, key


@pytest.fixture
def app(home):
    a = app_with_fake_engines((1024, 768))
    yield a
    a.close()


def choosers(scene):
    return [w for w in scene.focus.widgets if isinstance(w, Chooser) and w.visible]


# -- item 21: the focus bar stands clear of the label; every chooser stops at its ends -------------

@pytest.mark.parametrize("name,params", [("settings", {}), ("new_game", {"mode": "1p"}),
                                         ("new_game", {"mode": "watch"})])
def test_the_focus_bar_never_touches_the_label(app, name, params):
    app.switch("menu")
    app.push(name, **params)
    frames(app)
    scene = app.stack.top
    for size in SIZES:
        scene.resize(size)
        for row in choosers(scene):
            bar = row._focus_bar()
            label = row._label_rect()
            assert label.x - bar.right >= 6, (size, row.label, bar, label)
            # and what is drawn agrees: the label's first lit pixel is right of the bar
            surface = pygame.Surface(size)
            surface.fill((0, 0, 0))
            row.draw(surface, focused=True)
            accent = [x for x in range(row.rect.x, label.x) if surface.get_at((x, bar.centery))[:3] == (232, 176, 72)]
            assert accent and max(accent) < label.x - 4, (size, row.label)
    scene.resize(app.size)


@pytest.mark.parametrize("name,params", [("settings", {}), ("new_game", {"mode": "1p"}),
                                         ("new_game", {"mode": "watch"})])
def test_every_choice_stops_at_the_ends_of_its_list(app, name, params):
    app.switch("menu")
    app.push(name, **params)
    frames(app)
    scene = app.stack.top
    for row in choosers(scene):
        scene.focus.focus_on(row)
        for _ in range(len(row.options) + 1):
            key(app, pygame.K_RIGHT, n=1)
        assert row.index == len(row.options) - 1, row.label
        for _ in range(len(row.options) + 1):
            key(app, pygame.K_LEFT, n=1)
        assert row.index == 0, row.label
        key(app, pygame.K_SPACE, n=1)  # Space (like Enter on Settings, or a click on the value) cycles on
        assert row.index == 1 % len(row.options), row.label
        if name == "new_game":
            row.step(-1)


# -- item 20: the buttons of a dialog (the game-over card) share one text size -------------------

def test_the_game_over_buttons_share_one_text_size_at_every_size(app):
    from game.rules import WHITE, Outcome

    app.switch("menu")
    app.push("game_over", outcome=Outcome(WHITE, "no_moves", "Red has no legal move"),
             players={0: None, 1: None}, play_again=lambda: None, review=lambda: None, save=lambda: None)
    frames(app)
    card = app.stack.top
    assert [b.text for b in card.widgets] == ["New game", "Review", "Save", "Menu"]
    for size in SIZES:
        card.resize(size)
        sizes = {b.label_size() for b in card.widgets}
        assert len(sizes) == 1, (size, [(b.text, b.label_size()) for b in card.widgets])
        # ... as large as the longest label allows, never the smallest of what each could take alone
        assert sizes == {min(b.fitted_size() for b in card.widgets)}
