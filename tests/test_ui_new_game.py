"""The new-game screen driven by keys, as its footer tells the player."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from helpers import click, frames, key

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
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)        # the clock row, under the side and the name (the name's row moved up)
    assert setup.focus.focused is setup.clock
    key(app, pygame.K_RIGHT)       # the first preset
    frames(app)
    assert setup.chosen_time_control() is not None
    assert "three seconds" not in setup.description() and "clock allows" in setup.description()
    assert setup.description() in setup.descriptions()   # the layout keeps room for it


def test_with_the_clock_off_its_minutes_and_increment_are_still_and_not_reached(app):
    app.switch("menu")
    frames(app)
    key(app, pygame.K_RETURN)  # 1 Player
    setup = app.stack.top
    assert setup.clock.value == "Off"
    assert not setup.minutes.enabled and not setup.increment.enabled
    click(app, setup.minutes._arrows()[1].center)            # a click on its arrow changes nothing
    assert setup.clock.value == "Off" and setup.chosen_time_control() is None
    for _ in range(8):                                       # the keys pass them by
        key(app, pygame.K_DOWN)
        assert setup.focus.focused not in (setup.minutes, setup.increment)
    setup.focus.focus_on(setup.clock)
    key(app, pygame.K_RIGHT)                                 # a preset: they come back
    assert setup.minutes.enabled and setup.increment.enabled


def test_a_narrow_chooser_s_arrows_are_whole_triangles(app):
    from game.ui.widgets import Chooser

    narrow = Chooser("Minutes", [1, 2, 3], index=1, rect=(0, 0, 250, 56))
    left, right, _ = narrow._arrows()
    assert left.width >= 0.5 * 56 and right.width >= 0.5 * 56
    surface = pygame.Surface((250, 56))
    surface.fill((0, 0, 0))
    narrow.draw(surface)
    # the right arrow's lit pixels: as wide as a triangle of its height wants, not a sliver
    from game.ui import theme

    lit = [(x, y) for x in range(right.x, right.right) for y in range(56) if surface.get_at((x, y))[:3] == theme.ACCENT]
    xs, ys = {x for x, _ in lit}, {y for _, y in lit}
    assert len(ys) >= 18 and len(xs) >= 0.45 * len(ys)
