"""The play screen as a new player met it (issue 34): real key and mouse events, a frame at a time."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from helpers import FakeEngine, click, click_square, frames, key

from game.engine.levels import parse_level
from game.engine.process import Info
from game.rules import BLACK, WHITE

pytestmark = pytest.mark.app(size=(1024, 768), engine=FakeEngine)


def one_player(app, **params):
    app.switch("play", players={BLACK: None, WHITE: parse_level("Medium")}, **params)
    frames(app)
    return app.stack.top


def computer_engine(app):
    """The computer player's FakeEngine (the first one asked to search)."""
    return next(e for e in app.engines if e.gos)


def thinking_words(scene):
    title, lines = scene.panel._thinking_texts()
    return " ".join([title, *lines])


# -- item 6: no evaluation against the computer unless the settings allow analysis ---------------

@pytest.mark.parametrize("allowed", [False, True])
def test_the_computers_evaluation_shows_only_when_analysis_is_allowed(app, allowed):
    app.settings["allow_analysis"] = allowed
    scene = one_player(app)
    click_square(app, 11, n=2)
    click_square(app, 15, n=2)
    frames(app, 30)
    engine = computer_engine(app)
    rid = engine.current
    engine.inbox.append(Info(rid, 9, -14, (), 1000, 0.1))  # White's search says Red is 0.14 ahead
    frames(app, 2)
    words = thinking_words(scene)
    assert "Depth 9" in words
    assert ("+0.14" in words or "-0.14" in words or "−0.14" in words) == allowed, words
    # its move lands: your turn, and the last search is told only when analysis is allowed
    engine.answer(scene.game.legal_moves()[0], rid, depth=9, score=-14)
    frames(app, 60)
    assert scene.human_to_move()
    scene.resize((1920, 1080))  # room for the last-search line
    words = thinking_words(scene)
    assert ("Last search" in words) == allowed, words


# -- item 8: input while the computer's piece is moving lands it, and is then used ---------------

def slow_game(app):
    """A game against the computer with slow animation and no pause before its reply."""
    app.settings["animation"] = "slow"
    app.settings["reply_pause"] = "none"
    return one_player(app)


def computer_move_in_flight(app, scene):
    """Play 11-15 by mouse; the computer answers; its piece is still gliding when this returns."""
    click_square(app, 11, n=2)
    click_square(app, 15, n=2)
    frames(app, 40)
    engine = computer_engine(app)
    engine.answer(scene.game.legal_moves()[0], engine.current)
    frames(app, 2)
    assert scene.anim is not None and scene.anim.move == scene.game.moves[-1] and len(scene.game.moves) == 2
    return scene


def test_a_key_pick_up_during_the_computers_animation_is_kept(app):
    scene = computer_move_in_flight(app, slow_game(app))
    key(app, pygame.K_UP, n=1)  # the cursor appears on a movable piece, and the computer's piece lands
    assert scene.anim is None and scene.cursor is not None
    square = scene.layout.board.square_at_pixel(scene.layout.board.cell_rect(*scene.cursor).center)
    assert square in scene.input.movable()
    key(app, pygame.K_RETURN, n=1)
    assert scene.input.path == [square]


def cursor_to(app, scene, square):
    """Arrow keys until the keyboard cursor is on ``square``."""
    if scene.cursor is None:
        key(app, pygame.K_UP, n=1)
    row, col = scene.layout.board.display_cell(square)
    while scene.cursor != (row, col):
        r, c = scene.cursor
        k = pygame.K_UP if r > row else pygame.K_DOWN if r < row else pygame.K_LEFT if c > col else pygame.K_RIGHT
        key(app, k, n=1)


def test_enter_during_the_computers_animation_picks_up_at_once(app):
    scene = slow_game(app)
    for square in (11, 15):  # by keyboard only
        cursor_to(app, scene, square)
        key(app, pygame.K_RETURN, n=1)
    frames(app, 40)
    engine = computer_engine(app)
    engine.answer(next(m for m in scene.game.legal_moves() if m.start == 22), engine.current)
    frames(app, 2)
    assert scene.anim is not None and len(scene.game.moves) == 2
    key(app, pygame.K_RETURN, n=1)  # 15 can move after 22-18 lands: picked up at once
    assert scene.anim is None
    assert scene.input.path == [15]


def test_a_click_during_the_computers_animation_selects_the_piece(app):
    scene = computer_move_in_flight(app, slow_game(app))
    assert scene.anim is not None
    target = min(m.start for m in scene.game.position.legal_moves())
    click_square(app, target, n=1)
    assert scene.anim is None and scene.input.path == [target]


# -- item 17: the game waits while a dialog is open ----------------------------------------------

def app_with_quick_engines(size=(1024, 768)):
    """A headless App whose computer players answer every search at once (their first legal move)."""
    from helpers import FakeEngine

    from game.app import App

    return App(size, fixed_dt=1 / 60, sound=False,
               engine_factory=lambda: FakeEngine(reply=lambda moves: moves[0]))


def test_computer_vs_computer_waits_under_the_leave_dialog(home):
    app = app_with_quick_engines()
    try:
        app.settings["watch_speed"] = "fast"
        app.switch("play", players={BLACK: parse_level("Easy"), WHITE: parse_level("Easy")})
        frames(app, 120)
        scene = app.stack.top
        assert len(scene.game.moves) >= 2
        key(app, pygame.K_ESCAPE)
        assert app.stack.top.name == "confirm"
        played = len(scene.game.moves)
        frames(app, 240)  # four seconds under the dialog: no move
        assert len(scene.game.moves) == played
        key(app, pygame.K_ESCAPE)  # Cancel: the game goes on
        frames(app, 120)
        assert len(scene.game.moves) > played
    finally:
        app.close()


def test_leaving_computer_vs_computer_promises_no_continue_and_continue_stays_the_players_game(home):
    from helpers import play as play_moves

    from game.rules import Game
    from game.store.gamefile import new_game_id
    from game.store.unfinished import keep_unfinished, latest_unfinished, list_unfinished

    mine = new_game_id()
    assert keep_unfinished(mine, play_moves(Game(), 6, 4), "2p", {}, ["black", "white"]).ok
    app = app_with_quick_engines()
    try:
        app.settings["watch_speed"] = "fast"
        app.switch("play", players={BLACK: parse_level("Easy"), WHITE: parse_level("Easy")})
        frames(app, 120)
        assert len(app.stack.top.game.moves) >= 2
        key(app, pygame.K_ESCAPE)
        words = app.stack.top.params.get("message", "")
        assert app.stack.top.name == "confirm" and "Continue" not in words and "not kept" in words
        key(app, pygame.K_LEFT)
        key(app, pygame.K_RETURN)  # leave
        frames(app, 5)
        assert [u.id for u in list_unfinished()] == [mine] and latest_unfinished().id == mine
    finally:
        app.close()


def test_the_computer_does_not_reply_under_the_resign_question(home):
    app = app_with_quick_engines()
    try:
        app.settings["reply_pause"] = "none"
        scene = one_player(app)
        click_square(app, 11, n=2)
        key(app, pygame.K_r)  # asked before 11 is moved: nothing happens meanwhile
        assert app.stack.top.name == "confirm"
        key(app, pygame.K_ESCAPE)
        click_square(app, 15, n=2)
        key(app, pygame.K_r, n=1)
        assert app.stack.top.name == "confirm" and len(scene.game.moves) == 1
        frames(app, 120)
        assert len(scene.game.moves) == 1
        key(app, pygame.K_ESCAPE)
        frames(app, 60)
        assert len(scene.game.moves) == 2
    finally:
        app.close()


# -- item 23: Esc on the main menu asks before quitting ------------------------------------------

def test_esc_on_the_menu_asks_and_esc_again_stays(app):
    app.switch("menu")
    frames(app)
    key(app, pygame.K_ESCAPE)
    assert app.running and app.stack.top.name == "confirm"
    key(app, pygame.K_ESCAPE)  # the question goes, the menu stays
    assert app.running and app.stack.top.name == "menu"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # Enter on the fresh question is the safe answer
    assert app.running and app.stack.top.name == "menu"
    key(app, pygame.K_ESCAPE)
    quit_button = app.stack.top.widgets[0]
    assert quit_button.text == "Quit"
    click(app, quit_button.rect.center, n=1)
    assert not app.running


# -- item 11: the board speaks the moves' language: square numbers, or no labels at all ----------

@pytest.mark.parametrize("flipped", [False, True])
def test_with_numbers_off_the_board_has_no_second_notation(app, flipped):
    from game.ui import theme

    app.settings["square_numbers"] = False
    scene = one_player(app, flipped=flipped)
    assert not scene.numbers
    assert scene.renderer.label_boxes(scene.layout, scene.numbers) == []
    frames(app)
    frame, board = scene.layout.frame, scene.layout.board.rect
    # the frame's strips beside and below the squares are plain wood: no a-h or 1-8 drawn there
    strips = [pygame.Rect(board.x, board.bottom + 2, board.width, frame.bottom - board.bottom - 6),
              pygame.Rect(frame.x + 4, board.y, board.x - frame.x - 6, board.height)]
    for strip in strips:
        colours = {tuple(app.screen.get_at((x, y))[:3]) for x in range(strip.x, strip.right, 2)
                   for y in range(strip.y, strip.bottom, 2)}
        assert colours == {theme.BOARD_FRAME}, strip
    key(app, pygame.K_n)  # N: the numbers on the squares, the same numbers the moves are written in
    assert scene.numbers
    assert [box[2] for box in scene.renderer.label_boxes(scene.layout, True)] == ["32"]


# -- item 9: a mouse-only player has Hint, Save and Review on the panel ---------------------------

def click_button(app, button, n=2):
    assert button.visible and button.enabled, button.text
    click(app, button.rect.center, n=n)


def test_hint_save_and_review_by_mouse_alone(app, home):
    scene = one_player(app)
    panel = scene.panel
    click_button(app, panel.hint)
    hint_engine = app.engines[-1]
    assert scene.extras.hint.thinking and hint_engine.gos
    hint_engine.answer(scene.game.legal_moves()[0], hint_engine.current)
    frames(app, 2)
    assert scene.extras.hint.move == scene.game.legal_moves()[0]
    assert scene.status_text()[0].startswith("Hint: ")
    # a move by mouse, then Save: the game is on disk and the status line says where
    click_square(app, 11, n=2)
    click_square(app, 15, n=2)
    frames(app, 30)
    click_button(app, panel.save)
    assert scene.status_text()[0].startswith("Saved as ")
    saved = scene.status_text()[0][len("Saved as "):]
    with open(saved, encoding="utf-8") as f:
        assert "11-15" in f.read()
    # Review opens the game so far over the play screen; its Back returns to the game
    click_button(app, panel.review)
    review = app.stack.top
    assert review.name == "review" and [str(m) for m in review.game.moves][:1] == ["11-15"]
    click(app, review.back_button.rect.center, n=2)
    assert app.stack.top is scene


def test_the_hint_button_waits_for_your_turn(app):
    scene = one_player(app)
    click_square(app, 11, n=2)
    click_square(app, 15, n=2)
    frames(app, 1)
    scene.panel.refresh()
    assert not scene.panel.hint.enabled  # the computer's turn: nothing to hint


# -- Also expected: a draw offer between two people ----------------------------------------------

def two_players(app, **params):
    app.switch("play", players={BLACK: None, WHITE: None}, **params)
    frames(app)
    return app.stack.top


def test_a_draw_offered_and_accepted_by_mouse_ends_the_game_drawn(app):
    scene = two_players(app)
    assert not scene.panel.offer_draw.enabled  # nothing to offer before the first move
    click_square(app, 11, n=2)
    click_square(app, 15, n=2)
    frames(app, 30)
    click_button(app, scene.panel.offer_draw)
    offer = app.stack.top
    assert offer.name == "confirm" and offer.title == "White offers a draw"
    assert offer.message == "Red, do you accept?"
    assert [b.text for b in offer.widgets] == ["Accept draw", "Play on"]
    click(app, offer.widgets[0].rect.center, n=4)
    card = app.stack.top
    assert card.name == "game_over" and card.title == "Draw" and card.message == "Draw agreed"
    assert scene.game.outcome.result() == "1-1"
    key(app, pygame.K_ESCAPE)  # look at the board; undo takes the agreement back
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.game.outcome is None and len(scene.game.moves) == 1


def test_a_draw_offer_declined_with_the_keyboard_plays_on(app):
    scene = two_players(app)
    click_square(app, 11, n=2)
    click_square(app, 15, n=2)
    frames(app, 30)
    key(app, pygame.K_d)
    assert app.stack.top.name == "confirm"
    key(app, pygame.K_RETURN)  # the focused answer on a fresh question is the safe one: Play on
    assert app.stack.top is scene and scene.game.outcome is None and scene.input is not None


def test_no_draw_offer_against_the_computer(app):
    scene = one_player(app)
    assert scene.panel.offer_draw not in scene.panel.grid
    click_square(app, 11, n=2)
    click_square(app, 15, n=2)
    key(app, pygame.K_d)
    assert app.stack.top is scene and scene.game.outcome is None


# -- Also expected: the board turns to the player to move between two people (a setting, off) ----

def test_the_board_turns_for_each_player_when_the_setting_is_on(app):
    from game.store.settings import Settings

    assert Settings().auto_flip is False  # off by default
    app.settings["auto_flip"] = True
    scene = two_players(app, flipped=False)
    assert scene.flipped  # Red to move: Red at the bottom
    assert scene.layout.board.display_cell(next(iter(scene.input.movable())))[0] >= 5
    click_square(app, 11, n=2)
    click_square(app, 15, n=2)
    frames(app, 30)
    assert scene.game.turn == WHITE and not scene.flipped  # White to move: White at the bottom
    movable = next(iter(scene.input.movable()))
    assert scene.layout.board.display_cell(movable)[0] >= 5
    click_square(app, 22, n=2)
    click_square(app, 18, n=2)
    frames(app, 30)
    assert scene.flipped
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # undo: White to move again, White at the bottom
    assert not scene.flipped


def test_the_board_stays_put_when_the_setting_is_off(app):
    scene = two_players(app, flipped=True)
    click_square(app, 11, n=2)
    click_square(app, 15, n=2)
    frames(app, 30)
    assert scene.flipped and scene.game.turn == WHITE


def test_the_board_never_turns_against_the_computer(app):
    app.settings["auto_flip"] = True
    scene = one_player(app, flipped=True)
    click_square(app, 11, n=2)
    click_square(app, 15, n=2)
    frames(app, 30)
    assert scene.flipped


# -- the layout check covers the new buttons and states at every size ------------------------------

def test_two_player_states_fit_every_size(app):
    from game.ui.layout_check import check_scene

    scene = two_players(app)
    click_square(app, 11, n=2)
    click_square(app, 15, n=2)
    frames(app, 30)
    key(app, pygame.K_a)  # analysis on: the Analysis button checked, the arrow legend in the thinking box
    key(app, pygame.K_h)  # a hint asked
    assert scene.analysing and scene.panel.offer_draw.enabled and scene.panel.analysis.checked
    assert check_scene(scene) == []
    key(app, pygame.K_d)
    assert check_scene(app.stack.top) == []  # the draw offer
    app.stack.top.confirm()
    frames(app, 10)
    assert app.stack.top.name == "game_over" and check_scene(app.stack.top) == []
    key(app, pygame.K_ESCAPE)
    assert check_scene(scene) == []  # the drawn game's board and panel


def test_every_panel_button_is_reachable_by_tab_and_pressed_by_enter(app):
    scene = two_players(app)
    click_square(app, 11, n=2)
    click_square(app, 15, n=2)
    frames(app, 30)
    reached = []
    for _ in range(len(scene.panel.buttons) + 1):
        key(app, pygame.K_TAB, n=1)
        focused = scene.panel.focus.focused
        if focused is not None and focused.name not in reached:
            reached.append(focused.name)
    wanted = {"panel.hint", "panel.save", "panel.review", "panel.offer_draw", "panel.undo", "panel.flip",
              "panel.numbers", "panel.analysis", "panel.resign", "panel.menu", "panel.again"}
    assert wanted <= set(reached), reached
    while scene.panel.focus.focused.name != "panel.hint":
        key(app, pygame.K_TAB, n=1)
    key(app, pygame.K_RETURN)
    assert scene.extras.hint.thinking or scene.extras.hint.move is not None
