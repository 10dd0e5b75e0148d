"""The Settings screen, driven by keys and clicks on a headless display; changes persist."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
from helpers import click, key, new_app

from game.store import load_settings, settings_path
from game.store.settings import Settings


def test_menu_has_settings_and_keys_toggle_and_persist(app):
    app.switch("menu")
    app.step()
    menu = app.stack.top
    labels = [b.text for b in menu.buttons]
    assert "Settings" in labels
    menu.focus.focus_on(menu.buttons[labels.index("Settings")])
    key(app, pygame.K_RETURN)
    scene = app.stack.top
    assert scene.name == "settings"
    # the first row is Sound, a switch: Left turns it off, and the file says so at once
    assert scene.focus.focused.setting == "sound"
    key(app, pygame.K_LEFT)
    assert load_settings().sound is False
    assert app.settings.sound is False
    # Down past Volume to Animation, an ordered scale: Right goes faster (normal -> fast -> off) and
    # stops at the end
    key(app, pygame.K_DOWN)
    assert scene.focus.focused.setting == "volume"
    key(app, pygame.K_DOWN)
    assert scene.focus.focused.setting == "animation"
    key(app, pygame.K_RIGHT)
    assert load_settings().animation == "fast"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert load_settings().animation == "off"
    assert scene.row("animation").value == "Off"
    # Enter also changes the focused row
    while scene.focus.focused.setting != "orientation":
        key(app, pygame.K_DOWN)
    assert scene.focus.focused.setting == "orientation"
    key(app, pygame.K_RETURN)
    assert load_settings().orientation == "black"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    assert load_settings().draw_rule == "csci561"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "menu"
    saved = load_settings()
    assert saved == Settings(sound=False, animation="off", orientation="black", draw_rule="csci561")


def test_mouse_clicks_change_rows(app):
    app.switch("menu")
    app.push("settings")
    app.step()
    scene = app.stack.top
    row = scene.row("square_numbers")
    before = load_settings().square_numbers
    click(app, row._value_rect().center)  # a click on the value cycles it
    assert load_settings().square_numbers is (not before)
    click(app, row._value_rect().center)
    assert load_settings().square_numbers is before
    click(app, (row.rect.right - 5, row.rect.centery))  # the right arrow: On, the end of the list
    assert load_settings().square_numbers is True
    click(app, (row.rect.right - 5, row.rect.centery))
    assert load_settings().square_numbers is True
    click(app, scene.back_button.rect.center)
    assert app.stack.top.name == "menu"


def test_screen_starts_from_saved_settings(home):
    from game.store import save_settings

    save_settings(Settings(show_movable=False, animation="fast"))
    app = new_app()  # the app reads the settings file when it starts
    assert app.settings.show_movable is False
    app.push("settings")
    app.step()
    scene = app.stack.top
    assert scene.row("show_movable").value == "Off"
    assert scene.row("animation").value == "Fast"
    app.close()


def test_unwritable_settings_say_so_without_crashing(app, home):
    (home / "config").write_text("a file where the folder should be")
    app.push("settings")
    app.step()
    key(app, pygame.K_LEFT)
    scene = app.stack.top
    assert app.settings.sound is False  # still applied for this session
    assert "Could not write" in scene.message
    assert not settings_path().is_file()


def test_pace_rows_set_the_keys_the_play_scene_reads(app):
    app.switch("menu")
    app.push("settings")
    app.step()
    scene = app.stack.top
    scene.focus.focus_on(scene.row("reply_pause"))
    assert scene.row("reply_pause").value == "Short"  # the default: a short pause before the reply
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)  # an ordered scale stops at its end
    assert app.settings.get("reply_pause") == "long"
    scene.focus.focus_on(scene.row("watch_speed"))
    key(app, pygame.K_LEFT)
    assert app.settings.get("watch_speed") == "slow"
    key(app, pygame.K_LEFT)
    assert app.settings.get("watch_speed") == "slow"


def test_the_volume_row_sets_how_loud_the_sounds_play(app, monkeypatch):
    app.switch("menu")
    app.push("settings")
    app.step()
    scene = app.stack.top
    scene.focus.focus_on(scene.row("volume"))
    assert scene.row("volume").value == "100%"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert load_settings().volume == "50" and scene.row("volume").value == "50%"
    played = []

    class Assets:
        def play(self, name, volume=1.0):
            played.append((name, volume))

    monkeypatch.setattr(type(app), "assets", property(lambda self: Assets()))
    app._audio = True
    app.play_sound("move")
    assert played == [("move", 0.5)]
