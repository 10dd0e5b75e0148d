"""Clocks in the window: chosen on the new-game screen, shown and run on the play screen, paused under a
dialog, a flag loses, the computer plays to its clock, and Continue brings them back.  Driven by real key
and mouse events, a frame at a time: the clocks count the frames' time (1/60 s each), never the wall clock."""

import pygame
import pytest
from helpers import FakeEngine, click, click_square, frames, key, new_app, run_until, settle

from game.controller.clock import TimeControl, parse_time_control
from game.engine.levels import level_by_name
from game.rules import BLACK, WHITE
from game.rules.game import TIME_FORFEIT
from game.ui.layout_check import check_scene

pytestmark = pytest.mark.usefixtures("home")

FRAME = 1 / 60


def play_clicks(app, move):
    for square in move.path:
        click_square(app, square)
    settle(app)


def new_game_with_clock(app, mode, presses):
    """The new-game screen for ``mode``, the clock row moved ``presses`` steps right with the keyboard."""
    app.switch("menu")
    frames(app)
    menu = app.stack.top
    click(app, next(b for b in menu.buttons if b.key == mode).rect.center)
    setup = app.stack.top
    assert setup.name == "new_game" and setup.clock.value == "Off"   # off by default
    while setup.focus.focused is not setup.clock:
        key(app, pygame.K_DOWN)
    for _ in range(presses):
        key(app, pygame.K_RIGHT)
    return setup


def test_choose_3_2_and_the_clock_runs_only_for_the_side_to_move(app):
    setup = new_game_with_clock(app, "2p", 1)
    assert setup.clock.value == "3 min + 2 s"
    assert (setup.minutes.value, setup.increment.value) == (3, 2)
    click(app, setup.start_button.rect.center)
    scene = app.stack.top
    assert scene.name == "play" and scene.match.clocks.control == TimeControl(180, 2)
    assert app.settings["time_control"] == "3+2"          # remembered for the next game
    frames(app, 30)
    red, white = scene.match.clock_left(BLACK), scene.match.clock_left(WHITE)
    assert red == pytest.approx(180 - 30 * FRAME, abs=3 * FRAME) and white == 180
    assert scene.clock_texts() == ("2:59", "3:00")
    play_clicks(app, scene.game.legal_moves()[0])
    after = scene.match.clock_left(BLACK)
    assert after > red                                   # the increment came with the move
    frames(app, 120)
    assert scene.match.clock_left(BLACK) == after        # Red's clock stands while White thinks
    assert scene.match.clock_left(WHITE) == pytest.approx(180 - 120 * FRAME, abs=3 * FRAME)
    assert scene.match.record().clock_comments() == {1: "[%clock 0:03:01]"}


def test_the_clocks_stop_under_a_dialog_and_while_minimised(app):
    app.switch("play", players={BLACK: None, WHITE: None}, time_control=parse_time_control("5+0"))
    frames(app, 2)
    scene = app.stack.top
    play_clicks(app, scene.game.legal_moves()[0])
    play_clicks(app, scene.game.legal_moves()[0])
    key(app, pygame.K_ESCAPE)                            # "Leave this game?" over the board
    assert app.stack.top.name == "confirm"
    left = scene.match.clock_left(BLACK)
    frames(app, 300)
    assert scene.match.clock_left(BLACK) == left
    key(app, pygame.K_ESCAPE)                            # the dialog goes: the clock runs on
    frames(app, 60)
    assert scene.match.clock_left(BLACK) < left
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    frames(app, 2)
    left = scene.match.clock_left(BLACK)
    frames(app, 300)
    assert scene.match.clock_left(BLACK) == left
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
    frames(app, 60)
    assert scene.match.clock_left(BLACK) < left


def test_a_flag_loses(app):
    app.switch("play", players={BLACK: None, WHITE: None}, time_control=parse_time_control("1+0"))
    frames(app, 2)
    scene = app.stack.top
    play_clicks(app, scene.game.legal_moves()[0])
    scene.match.clocks.left[WHITE] = 0.5                  # White is nearly out of time
    run_until(app, lambda: app.stack.top.name == "game_over", limit=60)
    assert scene.game.outcome.termination == TIME_FORFEIT and scene.game.outcome.winner == BLACK
    assert app.stack.top.message == "White lost on time"
    assert scene.match.record().result == "2-0"
    assert not scene.panel.undo.enabled


@pytest.mark.app(engine=FakeEngine)
def test_the_computer_moves_within_its_clock(app):
    app.switch("play", players={BLACK: None, WHITE: level_by_name("Master")},
               time_control=parse_time_control("3+2"))
    frames(app, 2)
    scene = app.stack.top
    play_clicks(app, scene.game.legal_moves()[0])
    run_until(app, lambda: scene.match.computer.thinking, limit=10)
    engine = app.engines[-1]
    budget = engine.gos[-1][3].time
    assert budget == pytest.approx((180 - 0) / 50 + 1.6, abs=0.1) and engine.gos[-1][3].level == "Master"
    # the engine double never answers by itself: past its share the computer is told to move now
    run_until(app, lambda: engine.stops == 1, limit=int((budget + 1) * 60))
    spent = 180 - scene.match.clock_left(WHITE)
    assert budget < spent < budget + 0.3
    engine.answer(scene.game.legal_moves()[0])
    run_until(app, lambda: scene.game.ply == 2, limit=120)
    assert scene.match.clock_left(WHITE) == pytest.approx(180 - spent + 2, abs=0.05)


@pytest.mark.app(engine=lambda: FakeEngine(reply=lambda moves: moves[0]))
def test_continue_brings_the_clocks_back_as_they_were(app):
    app.switch("play", players={BLACK: None, WHITE: level_by_name("Hard")},
               time_control=parse_time_control("3+2"))
    frames(app, 2)
    scene = app.stack.top
    play_clicks(app, scene.game.legal_moves()[0])
    run_until(app, lambda: scene.game.ply == 2 and scene.anim is None, limit=300)
    frames(app, 90)                                       # Red thinks a while
    key(app, pygame.K_ESCAPE)
    left = {c: scene.match.clock_left(c) for c in (BLACK, WHITE)}
    confirm = app.stack.top
    click(app, confirm.widgets[0].rect.center)           # Leave: the game is kept
    assert app.stack.top.name == "menu"
    menu = app.stack.top
    assert menu.buttons[0].text == "Continue"
    click(app, menu.buttons[0].rect.center)
    again = app.stack.top
    assert again.name == "play" and again is not scene and again.game.moves == scene.game.moves
    assert again.match.clocks.control == TimeControl(180, 2) and again.match.clocks.turn == BLACK
    assert {c: again.match.clocks.left[c] for c in (BLACK, WHITE)} == pytest.approx(left, abs=0.001)
    assert again.match.clock_moves == pytest.approx(scene.match.clock_moves, abs=0.001)
    frames(app, 60)                                       # it goes on at once, for Red
    assert again.match.clock_left(BLACK) < left[BLACK]
    assert again.match.clock_left(WHITE) == pytest.approx(left[WHITE], abs=0.001)


@pytest.mark.parametrize("players", [{BLACK: None, WHITE: None}, {BLACK: None, WHITE: "Master"}])
def test_the_play_screen_with_clocks_fits_every_size(players):
    app = new_app(fit=False)
    try:
        players = {c: level_by_name(p) if p else None for c, p in players.items()}
        app.switch("play", players=players, time_control=parse_time_control("30+0"))
        frames(app, 1)
        scene = app.stack.top
        scene.match.clocks.left[BLACK] = 9.4                # the low-time look, with tenths
        assert check_scene(scene) == []
        names = {b.name for b in scene.layout_boxes()}
        assert {"player0.clock.time", "player1.clock.time"} <= names
    finally:
        app.close()


def test_a_remembered_clock_that_cannot_be_read_is_off(app):
    app.settings.__dict__["time_control"] = "999+99"     # as if edited by hand past the checks
    setup = new_game_with_clock(app, "1p", 0)
    assert setup.chosen_time_control() is None
    setup.focus.focus_on(setup.increment)
    key(app, pygame.K_RIGHT)                              # changing the minutes or increment sets a clock
    assert setup.clock.value == "Custom" and str(setup.chosen_time_control()) == "3+3"
