"""The new-game screen driven by keys, as its footer tells the player."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from helpers import frames, key

from game.rules import BLACK, WHITE

# (the app fixture's own home has no autosave: the menu starts at 1 Player)


def test_enter_on_a_choice_row_starts_the_game_with_what_is_shown(app):
    app.switch("menu")
    frames(app)
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
    frames(app)
    key(app, pygame.K_RETURN)  # 1 Player
    setup = app.stack.top
    first = setup.difficulty.value
    key(app, pygame.K_SPACE)
    assert setup.difficulty.value != first and app.stack.find("play") is None
    key(app, pygame.K_LEFT)
    assert setup.difficulty.value == first


def test_nothing_jumps_when_a_custom_level_is_picked(app):
    app.switch("menu")
    app.push("new_game", mode="1p")
    app.step()
    scene = app.stack.top
    before = [tuple(w.rect) for w in (scene.difficulty, scene.side, scene.start_button, scene.back_button)]
    while scene.difficulty.value != "Custom depth":
        key(app, pygame.K_RIGHT)
    assert scene.depth.visible
    after = [tuple(w.rect) for w in (scene.difficulty, scene.side, scene.start_button, scene.back_button)]
    assert after == before
    assert scene.side.rect.bottom < scene.depth.rect.top < scene.start_button.rect.top


@pytest.mark.parametrize("mode", ["1p", "2p", "watch"])
def test_no_empty_block_between_the_parts_of_the_screen(app, mode):
    app.switch("menu")
    app.push("new_game", mode=mode)
    app.step()
    scene = app.stack.top
    parts = sorted([scene.title_rect, scene.subtitle_rect, scene.description_rect, scene.start_button.rect]
                   + [r.rect for r in scene.rows if r.visible], key=lambda r: r.y)
    row_height = scene.start_button.rect.height
    gaps = [b.top - a.bottom for a, b in zip(parts, parts[1:])]
    # the free custom slot is shared out round the description: never a hole of more than a row and a half
    assert max(gaps) <= row_height * 1.5, gaps


def test_master_s_description_follows_the_clock_chosen(app):
    """Master thinks three seconds a move without a clock, and what its clock allows with one."""
    app.switch("menu")
    frames(app)
    key(app, pygame.K_RETURN)  # 1 Player
    setup = app.stack.top
    while setup.difficulty.value != "Master":
        key(app, pygame.K_RIGHT)
    assert setup.chosen_time_control() is None and "three seconds a move" in setup.description()
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)        # the clock row
    assert setup.focus.focused is setup.clock
    key(app, pygame.K_RIGHT)       # the first preset
    frames(app)
    assert setup.chosen_time_control() is not None
    assert "three seconds" not in setup.description() and "clock allows" in setup.description()
    assert setup.description() in setup.descriptions()   # the layout keeps room for it
