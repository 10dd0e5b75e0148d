"""Set up a position: refusals with reasons, editing by mouse and keys, FEN, starting play."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from helpers import ScriptedEngine, click, click_square, key, run_until

from game.rules import BLACK, WHITE, Position
from game.ui.scenes.setup import setup_problem

pytestmark = pytest.mark.app(scenes=("menu", "setup"))


# -- the rules of a playable setup ----------------------------------------------------

def test_playable_positions():
    assert setup_problem(Position.initial()) is None
    assert setup_problem(Position.from_fen("W:WK1:B5")) is None
    assert setup_problem(Position.from_fen("B:W32:BK29")) is None  # kings may stand anywhere


@pytest.mark.parametrize("fen, words", [
    ("B:W21:B30", "black man on 30 stands on the far row"),
    ("W:W2,21:B10", "white man on 2 stands on the far row"),
    ("B:W21:B", "Black has no pieces"),
    ("B:W:B10", "White has no pieces"),
    ("B:W21-32:B1-12,13", "Black has 13 pieces"),
    ("B:W20-32:B1-12", "White has 13 pieces"),
    ("B:W5,6,10:B1", "Black is to move but has no legal move"),  # the man on 1 is boxed in
])
def test_refusals_say_why(fen, words):
    position = Position.from_fen(fen)
    problem = setup_problem(position)
    assert problem is not None and words in problem
    assert "\n" not in problem


# -- the editor -----------------------------------------------------------------------

@pytest.mark.app(scenes=("menu",))
def test_menu_has_set_up_position(app):
    assert "Set up position" in [b.text for b in app.stack.top.buttons]


def test_place_cycle_and_refuse(app):
    scene = app.stack.top
    assert scene.name == "setup"
    key(app, pygame.K_DELETE)  # nothing under no cursor: harmless
    scene.clear()
    # palette: 1 = black man (default), 4 = white king
    click_square(app, 14)
    assert scene.pieces == {14: (BLACK, False)}
    click_square(app, 14)  # the same piece again removes it
    assert scene.pieces == {}
    key(app, pygame.K_4)
    click_square(app, 18)
    assert scene.pieces == {18: (WHITE, True)}
    # right click cycles: empty -> black man -> black king
    click_square(app, 10, button=3)
    click_square(app, 10, button=3)
    assert scene.pieces[10] == (BLACK, True)
    # a black man on white's back row is refused, with the reason
    key(app, pygame.K_1)
    click_square(app, 30)
    click(app, next(b for b in scene.actions if b.text == "2 Players").rect.center)
    assert app.stack.top is scene
    assert "far row" in scene.message and scene.message_is_error
    click_square(app, 30)  # remove it
    # T: white to move; then play with a friend
    key(app, pygame.K_t)
    assert scene.turn == WHITE and scene.side.value == "White"
    click(app, next(b for b in scene.actions if b.text == "2 Players").rect.center)
    assert app.stack.top.name == "who_plays" and app.stack.top.chosen_mode() == "2p"
    key(app, pygame.K_RETURN)  # who plays? as suggested
    play = app.stack.top
    assert play.name == "play"
    assert play.game.start == Position.from_fen("W:WK18:BK10")
    assert play.game.turn == WHITE and play.mode == "2p"


def test_no_legal_move_is_refused(app):
    scene = app.stack.top
    scene.load(Position.from_fen("B:W5,6,10:B1"))
    assert not scene.play_with_friend()
    assert "no legal move" in scene.message
    assert app.stack.top is scene


def test_fen_typed_and_clipboard(app):
    scene = app.stack.top
    key(app, pygame.K_t, mod=pygame.KMOD_CTRL)
    assert scene.typing == ""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="W:W18:BK3"))
    app.step()
    key(app, pygame.K_RETURN)
    assert scene.typing is None
    assert scene.position == Position.from_fen("W:W18:BK3")
    # a bad FEN is refused in one line and changes nothing
    assert not scene.apply_fen("X:nonsense")
    assert scene.message.startswith("Not a FEN") and scene.position == Position.from_fen("W:W18:BK3")
    # copy then paste round-trips when a clipboard exists; without one, a clear message
    key(app, pygame.K_c, mod=pygame.KMOD_CTRL)
    assert "W:W18:BK3" in scene.message
    scene.load(Position.initial())
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    if "not available" not in scene.message:
        assert scene.position == Position.from_fen("W:W18:BK3")


def test_keyboard_cursor_places_pieces(app):
    scene = app.stack.top
    scene.clear()
    key(app, pygame.K_b)  # cursor onto the board (bottom-left)
    assert scene.cursor is not None
    key(app, pygame.K_RETURN)  # the bottom-left corner is a dark square
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)  # two to the right: dark again
    key(app, pygame.K_SPACE)
    assert len(scene.pieces) == 2 and set(scene.pieces.values()) == {(BLACK, False)}


def test_board_cursor_and_panel_focus_are_never_both_shown(app):
    scene = app.stack.top
    scene.clear()
    assert scene.focus.focused is not None
    key(app, pygame.K_b)
    assert scene.cursor is not None and scene.focus.focused is None  # one selection: the cursor
    key(app, pygame.K_RETURN)
    assert len(scene.pieces) == 1 and scene.message == ""  # Enter placed a piece, pressed no button
    key(app, pygame.K_TAB)
    assert scene.cursor is None and scene.focus.focused is scene.tool_buttons[0]


def test_tool_buttons_are_pictures_and_the_chosen_one_is_checked(app):
    scene = app.stack.top
    key(app, pygame.K_3)
    assert [b.checked for b in scene.tool_buttons] == [False, False, True, False, False]
    assert all(b.rect.width == b.rect.height for b in scene.tool_buttons)
    assert all(b.text_boxes("t") == [] for b in scene.tool_buttons)  # no words drawn: the picture is the label


def test_play_vs_computer_from_setup(app):
    scene = app.stack.top
    scene.load(Position.from_fen("W:WK18:B10,14"))
    assert scene.you.value == "Side to move"
    assert scene.play_vs_computer()
    key(app, pygame.K_RETURN)  # who plays? as suggested
    play = app.stack.top
    assert play.name == "play" and play.mode == "1p"
    assert play.players[WHITE] is None and play.players[BLACK] is not None
    assert play.game.start == Position.from_fen("W:WK18:B10,14")


def test_hostile_typing_is_cut_drawn_and_refused_in_words(app):
    scene = app.stack.top
    key(app, pygame.K_t, mod=pygame.KMOD_CTRL)
    assert scene.typing == ""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="W:\x00\u202e" + "1" * 100_000))
    app.step()  # drawn with the NUL, the bidi override and the flood on screen: no crash
    assert len(scene.typing) == 400
    key(app, pygame.K_RETURN)
    assert scene.typing is None and scene.message.startswith("Not a FEN")
    assert len(scene.message) < 200
    assert scene.position == Position.initial()  # the board is untouched


# -- live analysis --------------------------------------------------------------------

@pytest.mark.app(engine=ScriptedEngine, scenes=("menu", "setup"))
def test_a_analyses_the_position_as_it_is_set_up_and_leaving_ends_the_engine(app):
    from game.analysis.forced import play_forced

    engines = app.engines
    scene = app.stack.top
    scene.apply_fen("B:W18,22:B9,14")
    scene.message = ""
    key(app, pygame.K_a)
    run_until(app, lambda: scene.live.info is not None)
    assert engines[0].requests[-1][0] == play_forced(Position.from_fen("B:W18,22:B9,14")).position  # past 14x23
    assert scene.status()[0].startswith("Depth ")
    click_square(app, 1)  # a red man more: the engine follows at once
    run_until(app, lambda: scene.live.info is not None and scene.live.info.position == scene.position)
    assert engines[0].requests[-1][0] == play_forced(Position.from_fen("B:W18,22:B1,9,14")).position  # past 14x23
    scene.clear()
    scene.message = ""
    app.step()
    assert "waits for a playable position" in scene.status()[0]
    asked = len(engines[0].requests)
    app.step()
    assert len(engines[0].requests) == asked  # nothing to analyse on an empty board
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "confirm"   # the position set up is not kept: asked first
    app.stack.top.confirm()
    app.step()
    assert app.stack.top.name == "menu" and engines[0].closed


def test_esc_after_a_position_was_typed_asks_and_stay_keeps_it(app):
    app.switch("menu")
    app.push("setup")
    scene = app.stack.top
    key(app, pygame.K_ESCAPE)                 # nothing changed: leaves at once
    assert app.stack.top.name == "menu"
    app.push("setup")
    scene = app.stack.top
    key(app, pygame.K_t, mod=pygame.KMOD_CTRL)
    for ch in "B:W18,22:B9,14":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    key(app, pygame.K_RETURN)
    assert scene.position == Position.from_fen("B:W18,22:B9,14")
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "confirm" and "not kept" in app.stack.top.message
    key(app, pygame.K_RETURN)                 # the safe choice, Stay, has the focus
    assert app.stack.top is scene and scene.position == Position.from_fen("B:W18,22:B9,14")
    key(app, pygame.K_ESCAPE)
    app.stack.top.confirm()
    app.step()
    assert app.stack.top.name == "menu"
