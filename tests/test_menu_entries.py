"""The main menu (issue 46 item 16): its text keeps one size when Continue comes and goes, and one
entry alone looks chosen after coming back."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
from helpers import frames, key

from game.ui import menu_items


def labels(menu):
    return {b.key: b.label_size() for b in menu.buttons}


def test_the_entries_keep_their_text_size_when_continue_appears(app, monkeypatch):
    app.switch("menu")
    frames(app)
    menu = app.stack.top
    assert "continue" not in labels(menu)
    before = labels(menu)["1p"]
    item = menu_items.MENU_ITEMS["continue"]
    monkeypatch.setitem(menu_items.MENU_ITEMS, "continue", item._replace(condition=lambda app: True))
    menu.uncovered()
    after = labels(menu)
    assert "continue" in after and after["1p"] == before
    assert len(set(after.values())) == 1                  # every entry one size


def test_after_coming_back_only_the_focused_entry_looks_chosen(app, monkeypatch):
    item = menu_items.MENU_ITEMS["continue"]
    monkeypatch.setitem(menu_items.MENU_ITEMS, "continue", item._replace(condition=lambda app: True))
    app.switch("menu")
    frames(app)
    menu = app.stack.top
    assert menu.focus.focused.key == "continue"           # the first of the primary entries
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    chosen = menu.focus.focused
    key(app, pygame.K_RETURN)                             # into the screen ...
    key(app, pygame.K_ESCAPE)                             # ... and back
    frames(app)
    assert app.stack.top is menu and menu.focus.focused.key == chosen.key
    surface = pygame.Surface(app.size)
    menu.draw(surface)
    from game.ui import theme

    # gold appears on the focused entry only: no other entry's words are drawn in the accent
    for b in menu.buttons:
        gold = sum(1 for x in range(b.rect.x, b.rect.right, 2) for y in range(b.rect.y, b.rect.bottom, 2)
                   if surface.get_at((x, y))[:3] == theme.ACCENT)
        assert (gold > 0) == (b is menu.focus.focused), b.text
