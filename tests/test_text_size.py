"""The setting "Text size" (issue 46, also expected): every text larger, chosen by key or mouse in
Settings, remembered, and every screen still fits at every window size."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from helpers import FakeEngine, click, key, new_app
from test_layout import SCENES, open_scene

from game.store import load_settings
from game.ui import theme
from game.ui.layout_check import check_scene

pytestmark = pytest.mark.app(size=(1024, 768), engine=FakeEngine)


def text_px(scene, name):
    """The real pixel height of a box's text, as the layout check measures it."""
    box = next(b for b in scene.layout_boxes() if b.name == name)
    return theme.font(box.size, box.bold).get_height()


def test_text_size_by_keyboard_makes_every_text_larger_and_is_remembered(app):
    app.switch("menu")
    app.push("settings")
    app.step()
    scene = app.stack.top
    before = text_px(scene, "title")
    while scene.focus.focused.setting != "text_size":
        key(app, pygame.K_DOWN)
    assert scene.row("text_size").value == "Normal"
    key(app, pygame.K_RIGHT)
    assert load_settings().text_size == "large" and scene.row("text_size").value == "Large"
    key(app, pygame.K_RIGHT)
    assert load_settings().text_size == "larger"
    assert text_px(scene, "title") > before  # the screen is laid out again at once
    key(app, pygame.K_RIGHT)                 # the arrows stop at the end
    assert load_settings().text_size == "larger"
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert menu.name == "menu" and check_scene(menu) == []
    # a new window starts with the text size chosen
    again = new_app(engine=FakeEngine)
    try:
        assert theme.FONT_SCALE == pytest.approx(theme.BASE_FONT_SCALE * theme.TEXT_SCALES["larger"])
    finally:
        again.quit() if hasattr(again, "quit") else None
    theme.set_text_size("normal")


def test_text_size_by_mouse(app):
    app.switch("menu")
    app.push("settings")
    app.step()
    scene = app.stack.top
    row = scene.row("text_size")
    click(app, row.rect.move(-row.rect.width // 4, 0).midright)  # the value: a click cycles it
    assert load_settings().text_size == "large"
    assert theme.FONT_SCALE == pytest.approx(theme.BASE_FONT_SCALE * theme.TEXT_SCALES["large"])
    theme.set_text_size("normal")


@pytest.mark.parametrize("size", ["large", "larger"])
def test_every_screen_fits_at_every_window_size_with_larger_text(shared_app, size):
    theme.set_text_size(size)
    try:
        found = []
        for name, params, below in SCENES + [("play", {"players": {0: None, 1: None}}, None),
                                             ("load", {}, "menu")]:
            found += check_scene(open_scene(shared_app, name, params, below))
        assert found == []
    finally:
        theme.set_text_size("normal")
