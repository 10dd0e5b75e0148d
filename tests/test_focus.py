"""One focus, one meaning: what looks selected is what Enter activates; the pointer focuses only when it moves."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from helpers import key, key_event, point

from game.ui import theme
from game.ui.widgets import Button, Chooser, FocusGroup

pytestmark = pytest.mark.app(size=(1024, 768))  # no autosave in the test's own home: the menu starts at 1 Player


def looks_selected(app, widget):
    """Is the widget drawn filled with the accent (the one selected look)?  Read from the window's pixels."""
    r = widget.rect
    colour = tuple(app.screen.get_at((r.x + 5, r.centery)))[:3]
    return colour == theme.ACCENT


def menu(app):
    app.switch("menu")
    app.step()
    scene = app.stack.top
    return scene, {b.key: b for b in scene.buttons}


def test_a_resting_pointer_takes_no_focus_and_enter_opens_what_looks_selected(app):
    scene, entries = menu(app)
    # SDL reports a motion of length zero when a window appears under a resting pointer
    point(app, entries["2p"].rect.center, rel=(0, 0))
    assert scene.focus.focused is entries["1p"]
    assert looks_selected(app, entries["1p"]) and not looks_selected(app, entries["2p"])
    key(app, pygame.K_RETURN)
    assert app.stack.top.name == "new_game" and app.stack.top.mode == "1p"


def test_moving_the_pointer_focuses_and_the_keyboard_then_takes_over(app):
    scene, entries = menu(app)
    point(app, entries["2p"].rect.center)
    assert scene.focus.focused is entries["2p"]
    selected = [b.key for b in scene.buttons if looks_selected(app, b)]
    assert selected == ["2p"]  # exactly one looks selected, and the 1 Player accent is not a fill
    key(app, pygame.K_DOWN)  # the pointer still rests on 2 Players
    selected = [b.key for b in scene.buttons if looks_selected(app, b)]
    assert selected == ["watch"] and scene.focus.focused is entries["watch"]
    key(app, pygame.K_RETURN)
    assert app.stack.top.name == "new_game" and app.stack.top.mode == "watch"


def test_leave_dialog_enter_does_what_looks_selected(app):
    left = []
    app.switch("menu")
    app.push("confirm", title="Leave this game?", message="Your game is kept.", confirm="Leave",
             on_confirm=lambda: left.append(True))
    app.step()
    dialog = app.stack.top
    leave, cancel = dialog.widgets
    assert looks_selected(app, cancel) and not looks_selected(app, leave)
    key(app, pygame.K_RETURN)
    assert left == [] and app.stack.top.name == "menu"

    app.push("confirm", title="Leave this game?", confirm="Leave", on_confirm=lambda: left.append(True))
    app.step()
    dialog = app.stack.top
    leave, cancel = dialog.widgets
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert looks_selected(app, leave) and not looks_selected(app, cancel)
    key(app, pygame.K_RETURN)
    assert left == [True]


def test_a_click_focuses_what_it_pressed(app):
    scene, entries = menu(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=entries["settings"].rect.center, button=1))
    app.step()
    assert scene.focus.focused is entries["settings"]
    assert [b.key for b in scene.buttons if looks_selected(app, b)] == ["settings"]


def test_settings_row_focused_by_the_pointer_changes_with_the_keyboard(app):
    app.switch("menu")
    app.push("settings")
    app.step()
    scene = app.stack.top
    row = scene.row("show_movable")
    point(app, row.rect.center)
    assert scene.focus.focused is row
    key(app, pygame.K_LEFT)
    assert row.value == "Off" and app.settings.show_movable is False


# -- the FocusGroup API that panels beside a board use ---------------------------------------


def test_tab_only_group_starts_empty_and_leaves_the_arrows_alone(app):
    pressed = []
    a, b, c = (Button(t, (lambda t=t: pressed.append(t)), rect=(0, i * 50, 100, 40)) for i, t in enumerate("abc"))
    group = FocusGroup([a, b, c], focus=None, arrows=False)
    assert group.focused is None and not group.active
    assert group.handle_event(key_event(pygame.K_RETURN)) is False  # the board keeps Enter
    assert group.handle_event(key_event(pygame.K_DOWN)) is False    # ... and the arrows
    assert group.focused is None
    assert group.handle_event(key_event(pygame.K_TAB)) is True
    assert group.focused is a
    b.enabled = False  # Tab skips what cannot be used
    group.handle_event(key_event(pygame.K_TAB))
    assert group.focused is c
    group.handle_event(key_event(pygame.K_RETURN))
    assert pressed == ["c"]
    group.clear()
    group.handle_event(key_event(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert group.focused is c  # Shift+Tab from nothing starts at the end


def test_ordered_chooser_stops_at_its_ends_but_enter_cycles():
    seen = []
    ch = Chooser("Speed", ["Slow", "Normal", "Fast"], index=2, wrap=False, on_change=seen.append)
    ch.step(1)
    assert ch.value == "Fast" and seen == []
    ch.activate()
    assert ch.value == "Slow" and seen == ["Slow"]
    ch.step(-1)
    assert ch.value == "Slow"
