"""The play screen's flow, as a player meets it (issue 46): a resignation stays, the resign question
speaks to the person, the hint arrow goes at the end, H between computers, and a game undone to its
start under the computer's animating reply is asked about and continued as it was left.  Real key and
mouse events, headless."""

import pygame
import pytest
from helpers import FakeEngine, click, click_square, frames, key, run_until

from game.engine.levels import level_by_name
from game.rules import BLACK, WHITE
from game.ui import theme

pytestmark = pytest.mark.app(engine=lambda: FakeEngine(reply=lambda moves: moves[0]))


def one_player(app, human=BLACK):
    app.switch("play", players={human: None, 1 - human: level_by_name("Beginner")})
    frames(app)
    return app.stack.top


def confirm_button(app, text):
    top = app.stack.top
    assert top.name == "confirm", app.stack.names()
    return next(b for b in top.widgets if b.text == text)


# -- item 23: a resignation is final; the question says "You"; the hint arrow goes ------------------

def test_the_resign_question_says_you_to_the_person(app):
    one_player(app, human=WHITE)
    key(app, pygame.K_r)
    assert app.stack.top.name == "confirm"
    assert app.stack.top.message.startswith("You give up this game")


def test_between_two_people_the_resign_question_names_the_side(app):
    app.switch("play", players={BLACK: None, WHITE: None})
    frames(app)
    key(app, pygame.K_r)
    assert app.stack.top.message.startswith(f"{theme.side_name(BLACK)} gives up")


def test_undo_after_resigning_does_not_revive_the_game(app):
    scene = one_player(app)
    click_square(app, 11)
    click_square(app, 15)
    run_until(app, lambda: len(scene.game.moves) == 2 and scene.anim is None)
    key(app, pygame.K_r)
    click(app, confirm_button(app, "Resign").rect.center, n=3)
    assert app.stack.top.name == "game_over"
    key(app, pygame.K_ESCAPE)  # the card closes to look at the board
    assert app.stack.top is scene
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # by key
    assert scene.game.outcome is not None and len(scene.game.moves) == 2
    assert "cannot be taken back" in scene.status_text()[0]
    click(app, scene.panel.undo.rect.center, n=3)  # by mouse
    assert scene.game.outcome is not None and len(scene.game.moves) == 2
    assert app.stack.top is scene  # no second game-over card either: nothing changed


def test_the_hint_arrow_goes_when_the_game_ends(app):
    scene = one_player(app)
    key(app, pygame.K_h)
    run_until(app, lambda: scene.extras.hint.move is not None)
    key(app, pygame.K_r)
    click(app, confirm_button(app, "Resign").rect.center, n=3)
    assert scene.game.outcome is not None
    assert scene.extras.hint.move is None  # nothing left to draw


# -- item 24: H between two computers ------------------------------------------------------------

def test_h_between_two_computers_points_to_the_analysis(app):
    app.settings["watch_speed"] = "slow"
    app.switch("play", players={BLACK: level_by_name("Beginner"), WHITE: level_by_name("Beginner")})
    frames(app)
    scene = app.stack.top
    key(app, pygame.K_h)
    text = scene.status_text()[0]
    assert text != "Hints are for your own turn" and "A shows" in text


# -- item 28: Ctrl+Z, then Esc, while the computer's reply is moving ---------------------------------

def _undo_under_the_reply(app):
    scene = one_player(app)
    click_square(app, 11)
    click_square(app, 15)
    run_until(app, lambda: len(scene.game.moves) == 2 and scene.anim is not None)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.game.moves == []
    return scene


def _nothing_to_continue(app):
    """The menu offers no Continue: no game with moves taken back (nor an older copy of it) is kept."""
    from game.store import latest_unfinished

    assert app.stack.top.name == "menu"
    assert latest_unfinished() is None
    assert not any(b.key == "continue" for b in app.stack.top.buttons)


def test_esc_after_undoing_under_the_reply_asks_and_continue_shows_no_stale_game(app):
    scene = _undo_under_the_reply(app)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "confirm"  # the moves taken back (Redo) would be lost: leaving asks
    assert "Redo" in app.stack.top.message
    key(app, pygame.K_RETURN)  # Stay is the safe answer Enter gives
    assert app.stack.top is scene
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)  # and Redo brings them back
    assert len(scene.game.moves) == 2
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_ESCAPE)
    click(app, confirm_button(app, "Leave").rect.center, n=2)
    _nothing_to_continue(app)


def test_the_same_by_mouse(app):
    scene = one_player(app)
    click_square(app, 11)
    click_square(app, 15)
    run_until(app, lambda: len(scene.game.moves) == 2 and scene.anim is not None)
    click(app, scene.panel.undo.rect.center)
    assert scene.game.moves == []
    click(app, scene.panel.menu.rect.center)
    assert "Redo" in app.stack.top.message  # asked
    click(app, confirm_button(app, "Leave").rect.center, n=2)
    _nothing_to_continue(app)
