"""The play screen by keyboard, its panel's focus, pace of the texts, live analysis, start-up notices.

Real posted key and mouse events, a frame at a time, headless; engines are doubles.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from helpers import FakeEngine, click, click_square, frames, key, new_app, point, settle

from game.engine.levels import level_by_name
from game.engine.process import BACKGROUND_NICENESS, Info
from game.rules import BLACK, WHITE, Position

pytestmark = pytest.mark.app(engine=FakeEngine)


def two_players(app, **params):
    app.switch("play", players={BLACK: None, WHITE: None}, **params)
    frames(app)
    return app.stack.top


# -- the board from the keyboard ---------------------------------------------------------------

def cursor_square(scene):
    return scene.layout.board.square_at_pixel(scene.layout.board.cell_rect(*scene.cursor).center)


def walk_to(app, scene, square):
    """Arrow keys until the cursor is on ``square``."""
    target = scene.layout.board.display_cell(square)
    if scene.cursor is None:
        key(app, pygame.K_DOWN)
    while scene.cursor != target:
        r, c = scene.cursor
        if r != target[0]:
            key(app, pygame.K_DOWN if target[0] > r else pygame.K_UP)
        else:
            key(app, pygame.K_RIGHT if target[1] > c else pygame.K_LEFT)


def test_a_move_made_with_arrows_and_enter_then_esc_drops_a_selection(app):
    scene = two_players(app)
    move = scene.game.legal_moves()[0]
    walk_to(app, scene, move.start)
    key(app, pygame.K_RETURN)
    assert scene.input.selected == move.start
    key(app, pygame.K_ESCAPE)  # drops the piece, stays on the board
    assert not scene.input.path and app.stack.top is scene
    key(app, pygame.K_RETURN)
    walk_to(app, scene, move.end)
    key(app, pygame.K_RETURN)
    settle(app, scene)
    assert scene.game.moves == [move]
    key(app, pygame.K_ESCAPE)  # nothing selected: offers to leave
    assert app.stack.top.name == "confirm"


def test_tab_reaches_the_panel_buttons_and_enter_presses_the_focused_one(app):
    scene = two_players(app)
    key(app, pygame.K_DOWN)
    assert scene.cursor is not None and not scene.panel.focus.active
    names = []
    for _ in range(len(scene.panel.buttons)):
        key(app, pygame.K_TAB)
        names.append(scene.panel.focus.focused.name)
        assert scene.cursor is None  # one thing looks selected: the button, not the board too
    assert {"panel.flip", "panel.numbers", "panel.menu", "panel.analysis"} <= set(names)
    assert "panel.undo" not in names  # nothing to undo yet: disabled buttons are skipped
    while scene.panel.focus.focused.name != "panel.flip":
        key(app, pygame.K_TAB)
    flipped = scene.flipped
    key(app, pygame.K_RETURN)
    assert scene.flipped != flipped
    key(app, pygame.K_LEFT)  # the arrows go back to the board and the button loses the focus
    assert not scene.panel.focus.active and scene.cursor is not None


def test_the_pointer_resting_on_a_button_takes_no_focus(app):
    scene = two_players(app)
    pos = scene.panel.flip.rect.center
    point(app, pos, rel=(3, 0))
    assert not scene.panel.focus.active
    key(app, pygame.K_RETURN)  # Enter is the board's, not the hovered button's
    assert scene.flipped == scene.params.get("flipped", scene.flipped)


# -- texts change when the piece lands ---------------------------------------------------------

def test_status_and_counts_change_when_the_piece_lands_not_before(app):
    scene = two_players(app, start=Position.from_fen("B:W18,27:B14,1"))
    app.settings["animation"] = "slow"
    move = next(m for m in scene.game.legal_moves() if m.is_capture)
    for square in move.path:
        click_square(app, square, n=1)
    assert scene.anim is not None and scene.game.moves == [move]  # played, still moving
    text, _ = scene.status_text()
    assert "Red to move" in text and str(move) not in text
    assert scene.shown_position().count(WHITE) == 2  # the captured pieces are still on the board
    settle(app, scene)
    text, _ = scene.status_text()
    assert str(move) in text and scene.shown_position().count(WHITE) < 2


def test_counts_are_in_words_and_the_draw_rule_in_moves(app):
    from game.ui.panel import count_words, draw_rule_words

    assert count_words(2, 1) == "2 men, 1 king" and count_words(0, 3) == "3 kings" and count_words(5, 0) == "pieces"
    scene = two_players(app, start=Position.from_fen("W:WK10,K11:BK1,K2"))
    for _ in range(3):
        for move in (scene.game.legal_moves()[0],):
            scene.match.play(move)
    words = draw_rule_words(scene.game)
    assert words == f"Draw rule: {scene.game.quiet_plies // 2} of 40 moves without progress"
    texts = [b.text for b in scene.layout_boxes() if b.text]
    assert "2 kings" in texts and not any("plies" in t or " of 3" in t for t in texts)


# -- live analysis -------------------------------------------------------------------------------

def test_live_analysis_follows_moves_and_undo_and_stops(app):
    scene = two_players(app)
    key(app, pygame.K_a)
    assert scene.analysing
    [engine] = app.engines  # its own engine process (here a double): the computer player's is untouched
    assert engine.gos[-1][1] == scene.game.position
    rid = engine.current
    pv = tuple(scene.game.legal_moves()[:1])
    engine.inbox.append(Info(rid, 7, 35, pv, 1000, 0.2))
    frames(app)
    text, _ = scene.status_text()
    assert text == f"Depth 7 · Red +0.35 · {pv[0]}"  # the words of every screen's live analysis
    engine.inbox.append(Info(rid, 8, -4, pv, 2000, 0.3))
    frames(app)
    assert scene.status_text()[0] == f"Depth 8 · level · {pv[0]}"  # within 0.05 men: one word for it
    move = scene.game.legal_moves()[0]
    scene.play_move(move)
    frames(app, 1)
    assert engine.gos[-1][1] == scene.game.position  # the new position at once, before the animation ends
    assert scene.anim is not None
    settle(app, scene)
    scene.undo()
    frames(app, 1)
    assert engine.gos[-1][1] == scene.game.position == Position.initial()
    key(app, pygame.K_a)
    assert not scene.analysing and engine.closed
    searches = len(engine.gos)
    scene.play_move(scene.game.legal_moves()[0])
    frames(app, 3)
    assert len(engine.gos) == searches  # off means off


def test_analysis_against_the_computer_only_when_the_settings_allow_it(app):
    app.switch("play", players={BLACK: None, WHITE: level_by_name("Hard")})
    frames(app)
    scene = app.stack.top
    key(app, pygame.K_a)
    assert not scene.analysing and "Settings" in scene.status_text()[0]
    assert not scene.panel.analysis.enabled
    app.settings["allow_analysis"] = True
    frames(app)
    assert scene.panel.analysis.enabled
    click(app, scene.panel.analysis.rect.center)
    assert scene.analysing


def test_play_and_review_draw_the_evaluation_bar_alike(app):
    scene = two_players(app)
    key(app, pygame.K_a)
    [engine] = app.engines
    engine.inbox.append(Info(engine.current, 9, 250, (), 1000, 0.2))  # Red, to move, 2.5 men up
    frames(app)
    [bar] = [b.rect for b in scene.layout_boxes() if b.name == "eval_bar"]
    assert bar.left >= scene.layout.frame.right and bar.right <= scene.layout.panel.left
    top, bottom = app.screen.get_at((bar.centerx, bar.y + 2)), app.screen.get_at((bar.centerx, bar.bottom - 3))
    key(app, pygame.K_v)  # the same game in review, live analysis on there too
    review = app.stack.top
    assert review.name == "review"
    key(app, pygame.K_a)
    [engine] = [e for e in app.engines if e is not engine]
    engine.inbox.append(Info(engine.current, 9, 250, (), 1000, 0.2))
    frames(app)
    assert review.bar == bar  # one geometry
    assert (app.screen.get_at((bar.centerx, bar.y + 2)), app.screen.get_at((bar.centerx, bar.bottom - 3))) \
        == (top, bottom)  # and the same picture of the same score


def test_leaving_the_screen_ends_the_analysis_engine(app):
    scene = two_players(app)
    key(app, pygame.K_a)
    [engine] = app.engines
    app.switch("menu")
    frames(app)
    assert engine.closed and not scene.live.on


# -- start-up notices and quitting ----------------------------------------------------------------

def test_a_settings_problem_is_told_on_screen_once(home):
    config = home / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.json").write_text('{"version": 1, "animation": "warp"}')
    a = new_app()
    try:
        a.switch("menu")
        a.tell(a.start_up())
        a.run(frames=2)
        top = a.stack.top
        assert top.name == "notice" and "animation" in top.message and not top.message.startswith("settings:")
        key(a, pygame.K_RETURN)
        assert a.stack.top.name == "menu"
    finally:
        a.close()


def test_ctrl_q_asks_during_a_game_and_quits_on_the_second(app):
    scene = two_players(app)
    scene.play_move(scene.game.legal_moves()[0])
    settle(app, scene)
    key(app, pygame.K_q, mod=pygame.KMOD_CTRL)
    assert app.running and app.stack.top.name == "confirm"
    key(app, pygame.K_q, mod=pygame.KMOD_CTRL)
    assert not app.running


def test_new_game_during_a_game_asks_first(app):
    scene = two_players(app)
    scene.play_move(scene.game.legal_moves()[0])
    settle(app, scene)
    click(app, scene.panel.again.rect.center)
    assert app.stack.top.name == "confirm" and app.stack.find("play") is scene


# -- square numbers ------------------------------------------------------------------------------

def test_square_numbers_are_drawn_over_the_pieces(app):
    scene = two_players(app)
    scene.numbers = True
    frames(app)
    board = scene.layout.board
    rect = board.square_rect(1)  # a white man stands on square 1
    app.draw(app.screen)
    with_numbers = pygame.Surface.copy(app.screen.subsurface(rect))
    scene.numbers = False
    scene.update(0)
    app.draw(app.screen)
    without = pygame.Surface.copy(app.screen.subsurface(rect))
    corner = pygame.Rect(0, 0, rect.width // 3, rect.height // 3)
    differs = [(x, y) for x in range(corner.width) for y in range(corner.height)
               if with_numbers.get_at((x, y)) != without.get_at((x, y))]
    assert differs  # the number is drawn in the corner of the occupied square
    centre = rect.width // 2
    assert with_numbers.get_at((centre, centre)) == without.get_at((centre, centre))  # the piece is untouched


# -- the hint arrow -------------------------------------------------------------------------------

def test_arrow_head_is_as_translucent_as_its_shaft():
    from game.ui.hint import draw_arrow

    pygame.init()
    surface = pygame.Surface((400, 200))
    surface.fill((0, 0, 0))
    draw_arrow(surface, [(50, 100), (350, 100)], 100)
    shaft = surface.get_at((150, 100))
    head = surface.get_at((330, 100))
    assert shaft == head and shaft != pygame.Color(0, 0, 0)
    # the head's sides are antialiased: some pixel along its edge is between the arrow and the background
    edge = [surface.get_at((x, y)) for x in range(300, 350) for y in range(60, 100)]
    assert any(0 < c.g < shaft.g for c in edge)


@pytest.mark.skipif(not hasattr(os, "setpriority"), reason="process priorities")
def test_the_analysis_engine_gives_way_to_the_window(home):
    a = new_app()  # real engine processes
    try:
        scene = two_players(a)
        key(a, pygame.K_a)
        assert scene.analysing
        client = scene.live.live.client
        assert client.pid is not None  # searching the position on the board
        mine = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, client.pid) == max(mine, BACKGROUND_NICENESS)
    finally:
        a.close()


def test_the_opening_is_named_in_the_panel_and_in_review(app):
    scene = two_players(app)
    for text in ("11-15", "22-18"):  # the Single Corner
        (move,) = [m for m in scene.game.legal_moves() if str(m) == text]
        scene.match.play(move)
        frames(app)
    assert scene.panel.opening.startswith("Single Corner")
    key(app, pygame.K_v)  # review the game so far
    review = app.stack.top
    assert review.name == "review"
    assert any(line.startswith("Single Corner") for line in review.info_lines())
