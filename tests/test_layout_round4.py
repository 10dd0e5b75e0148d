"""Issue 46's layout items as a player met them: the game-over card's buttons as large as the panel's
(item 17), the computer's level whole in its card at 720x520 (item 19), a portrait window with the
panel under the board (item 15)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from helpers import FakeEngine, click, click_square, frames, frames_until, key

from game.controller.clock import parse_time_control
from game.engine.levels import LEVELS, parse_level
from game.rules import BLACK, WHITE, Outcome
from game.ui import theme
from game.ui.layout_check import SIZES, check_scene

pytestmark = pytest.mark.app(size=(1024, 768), engine=FakeEngine)


# -- item 17: one button text size: the game-over card's are no smaller than the panel's -------------

def test_the_game_over_card_buttons_are_as_large_as_the_panels(app):
    app.switch("play", players={BLACK: None, WHITE: None})
    frames(app)
    play = app.stack.top
    app.push("game_over", outcome=Outcome(WHITE, "no_moves", "Red has no legal move"),
             players={BLACK: None, WHITE: None}, play_again=lambda: None, review=lambda: None, save=lambda: None)
    frames(app)
    card = app.stack.top
    for size in SIZES:
        play.resize(size)
        card.resize(size)
        panel = play.panel.grid[0].label_size()
        shown = {b.label_size() for b in card.widgets}
        assert len(shown) == 1, (size, shown)
        # at 1280x800 the card's four buttons were 20 (14 px) beside the panel's 25 (18 px)
        assert shown.pop() >= panel, (size, shown, panel)
        assert all(card.card.contains(b.rect) for b in card.widgets), size


# -- item 19: at 720x520 the computer's level is read whole, never "Computer…" ----------------------

@pytest.mark.parametrize("clock", [None, "3+2"])
@pytest.mark.parametrize("spec", [lv.name for lv in LEVELS] + ["depth:12", "time:30"])
def test_the_computers_level_is_whole_in_its_card_at_the_smallest_window(app, spec, clock):
    # with a clock in the card, 720x520 showed "Computer…": the level was what was cut
    level = parse_level(spec)
    control = {} if clock is None else {"time_control": parse_time_control(clock)}
    app.switch("play", players={BLACK: None, WHITE: level}, **control)
    frames(app)
    play = app.stack.top
    for size in SIZES:
        play.resize(size)
        labels = [b for b in play.layout_boxes() if b.name.endswith(".label") and b.name.startswith("player")]
        words = [b.text for b in labels]
        assert "You" in words, words
        computer = [w for w in words if w != "You"]
        assert computer and theme.ELLIPSIS not in computer[0], (size, words)
        assert level.name in computer[0], (size, words)


# -- item 15: a narrow or portrait window puts the panel under the board -----------------------------

PORTRAIT = [(600, 900), (720, 900), (720, 1280), (1080, 1920)]


def window_of(app, size):
    """The window made ``size`` as a tiling window manager does (under the minimum width too), told to
    the game by a real resize event."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    frames(app)
    assert app.size == size


@pytest.mark.parametrize("players", [{BLACK: None, WHITE: parse_level("Master")}, {BLACK: None, WHITE: None}])
def test_a_portrait_window_puts_the_panel_under_a_larger_board(app, players):
    app.switch("play", players=players, time_control=parse_time_control("3+2"))
    frames(app)
    play = app.stack.top
    window_of(app, (600, 900))
    layout = play.layout
    # beside the panel the board was 288 px a side at 600x900: a third of the window's height
    assert layout.board.rect.width >= 440, layout.board.rect
    assert layout.panel.y >= layout.status.bottom and layout.panel.width >= 560
    assert not layout.panel.colliderect(layout.frame) and not layout.bar.colliderect(layout.frame)
    assert pygame.Rect(0, 0, 600, 900).contains(layout.bar)
    assert check_scene(play, sizes=PORTRAIT) == []
    # played by mouse on the larger board: 11-15, then the panel's Flip board under it
    click_square(app, 11)
    click_square(app, 15)
    assert [str(m) for m in play.game.moves][:1] == ["11-15"]
    flipped = play.flipped
    click(app, play.panel.flip.rect.center)
    assert play.flipped != flipped
    # and by keyboard: Tab reaches the panel's buttons, Enter presses the focused one
    play.panel.focus.clear()
    key(app, pygame.K_TAB)
    focused = play.panel.focus.focused
    assert focused is not None and play.layout.panel.contains(focused.rect)


def test_a_landscape_window_keeps_the_panel_beside_the_board(app):
    app.switch("play", players={BLACK: None, WHITE: None})
    frames(app)
    play = app.stack.top
    for size in SIZES:
        play.resize(size)
        assert not play.layout.stacked and play.layout.panel.x > play.layout.frame.right, size
    for size in PORTRAIT:
        play.resize(size)
        assert play.layout.stacked, size


def test_the_puzzles_screen_too_puts_its_panel_under_the_board_in_a_portrait_window(app):
    app.switch("menu")
    app.push("puzzles")
    frames_until(app, lambda: not app.stack.top.loading)
    puzzles = app.stack.top
    window_of(app, (600, 900))
    assert puzzles.layout.stacked and puzzles.layout.board.rect.width >= 440
    assert check_scene(puzzles, sizes=PORTRAIT) == []
    # the panel under the board answers the mouse: Flip board turns the board
    flipped = puzzles.flipped
    assert puzzles.layout.panel.contains(puzzles.panel.flip.rect)
    click(app, puzzles.panel.flip.rect.center)
    assert puzzles.flipped != flipped and puzzles.layout.stacked


def test_set_up_too_puts_its_panel_under_the_board_in_a_portrait_window(app):
    app.switch("menu")
    app.push("setup")
    frames(app)
    setup = app.stack.top
    window_of(app, (600, 900))
    assert setup.layout.stacked and setup.layout.board.rect.width >= 440
    assert check_scene(setup, sizes=PORTRAIT) == []
    clear = next(b for b in setup.actions if b.text == "Clear board")
    assert setup.layout.panel.contains(clear.rect) and setup.pieces
    click(app, clear.rect.center)  # by mouse, on the panel under the board
    assert not setup.pieces


def test_the_evaluation_bar_beside_a_stacked_board_has_room_for_its_number(app):
    from game.ui.analysis_view import eval_label_rect, label_room

    app.switch("play", players={BLACK: None, WHITE: None})
    frames(app)
    play = app.stack.top
    for size in PORTRAIT:
        play.resize(size)
        bar = play.layout.bar
        label = eval_label_rect(bar, 150, black_at_bottom=True)  # Red a man and a half ahead: "R+1.5"
        assert label is not None, (size, bar)  # at 600x900 the number had no room: the bar showed none
        window = pygame.Rect(0, 0, *size)
        assert window.contains(label_room(bar)) and not label_room(bar).colliderect(play.layout.board.rect)
