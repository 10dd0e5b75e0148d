"""Going on from the library or a review (issue 46 items 13, 14 and the also-expected): "Who plays?"
offers a clock and does not ask the mode a button already chose, Random is a side, and leaving such a
game goes back where the player came from.  Real key and mouse events, headless."""

import pygame
import pytest
from helpers import FakeEngine, click, frames, key, open_library, open_review, play

from game.controller.clock import TimeControl
from game.engine.levels import level_by_name
from game.rules import BLACK, WHITE, Game
from game.store import save_game

pytestmark = pytest.mark.app(engine=lambda: FakeEngine(reply=lambda moves: moves[0]), scenes=("menu",))


def played(n, seed=0):
    return play(Game(), n, seed)


def focus_row(app, scene, row):
    """Tab (Down) to ``row`` of "Who plays?"."""
    for _ in range(12):
        if scene.focus.focused is row:
            return
        key(app, pygame.K_DOWN)
    raise AssertionError(f"{row.name} never took the focus")


# -- item 13: the mode is not asked again; a clock is offered ------------------------------------------

def test_continue_vs_computer_asks_no_mode_and_plays_to_the_clock_chosen_by_keyboard(app):
    scene = open_review(app, played(10))
    click(app, scene.vs_computer.rect.center)
    who = app.stack.top
    assert who.name == "who_plays"
    assert not who.mode.visible and who.title == "1 Player"  # chosen with the button already
    assert [r.name for r in who.rows if r.visible] == ["row:side", "row:level", "row:clock"]
    assert who.focus.focused is not who.mode
    focus_row(app, who, who.clock)
    assert who.clock.value == "Off"
    key(app, pygame.K_RIGHT)  # Off -> 3 min + 2 s
    assert who.clock.value == "3 min + 2 s"
    key(app, pygame.K_RETURN)
    game = app.stack.top
    assert game.name == "play" and game.mode == "1p"
    assert game.match.clocks is not None and game.match.clocks.control == TimeControl(180, 2)


def test_continue_with_a_friend_by_mouse_offers_the_recorded_clock_and_off(app):
    scene = open_review(app, played(10), tags={"TimeControl": "300+0"})
    click(app, scene.vs_friend.rect.center)
    who = app.stack.top
    assert not who.mode.visible and [r.name for r in who.rows if r.visible] == ["row:clock"]
    assert who.clock.value == "As played (5 min)"
    click(app, (who.clock.rect.right - 5, who.clock.rect.centery))  # the row's right arrow: Off
    assert who.clock.value == "Off"
    click(app, who.play_button.rect.center, n=2)
    game = app.stack.top
    assert game.name == "play" and game.mode == "2p" and game.match.clocks is None  # the record's dropped


def test_as_played_keeps_the_records_clock(app):
    scene = open_review(app, played(10), tags={"TimeControl": "300+0"})
    click(app, scene.vs_friend.rect.center)
    key(app, pygame.K_RETURN)
    game = app.stack.top
    assert game.match.clocks is not None and game.match.clocks.control == TimeControl(300, 0)


def test_random_side_is_offered_and_remembered(app):
    app.settings["side"] = "black"
    scene = open_review(app, played(10))
    click(app, scene.vs_computer.rect.center)
    who = app.stack.top
    assert "Random" in who.side.options
    focus_row(app, who, who.side)
    while who.side.value != "Random":
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    game = app.stack.top
    assert game.name == "play" and len(game.humans()) == 1
    assert app.settings.get("side") == "random"


# -- item 14: leaving goes back to the library or the review --------------------------------------------

def _library_with_a_game(app, tags):
    save_game(played(6), tags)
    return open_library(app)


def test_a_game_continued_from_the_library_goes_back_to_it_by_esc(app):
    _library_with_a_game(app, {"Black": "Human", "White": "Computer (Easy)", "WhiteLevel": "Easy"})
    key(app, pygame.K_RETURN, mod=pygame.KMOD_CTRL)  # continue
    assert app.stack.top.name == "who_plays"
    key(app, pygame.K_RETURN)
    scene = app.stack.top
    assert scene.name == "play" and scene.panel.menu.text == "Back"
    key(app, pygame.K_ESCAPE)  # kept at once (among the unfinished games): leaving asks
    assert app.stack.top.name == "confirm"
    key(app, pygame.K_LEFT)  # Stay -> Leave
    key(app, pygame.K_RETURN, n=3)
    assert app.stack.names() == ["menu", "load"]


def test_a_game_continued_from_a_review_goes_back_to_it_by_mouse_at_the_same_move(app):
    _library_with_a_game(app, {"Black": "Human", "White": "Human"})
    key(app, pygame.K_RETURN)  # review
    review = app.stack.top
    assert review.name == "review"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    ply = review.ply
    click(app, review.vs_friend.rect.center)
    click(app, app.stack.top.play_button.rect.center, n=2)
    scene = app.stack.top
    assert scene.name == "play" and len(scene.game.moves) == ply
    click(app, scene.panel.menu.rect.center, n=3)  # "Back"
    assert app.stack.names() == ["menu", "load", "review"]
    assert app.stack.top.ply == ply


def test_the_game_over_card_goes_back_to_the_library(app):
    _library_with_a_game(app, {"Black": "Human", "White": "Computer (Easy)", "WhiteLevel": "Easy"})
    key(app, pygame.K_RETURN, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_r)
    click(app, next(b for b in app.stack.top.widgets if b.text == "Resign").rect.center, n=3)
    card = app.stack.top
    assert card.name == "game_over"
    back = next(b for b in card.widgets if b.text == "Back")
    click(app, back.rect.center, n=3)
    assert app.stack.names() == ["menu", "load"]


def test_a_game_from_the_menu_still_leaves_to_the_menu(app):
    app.switch("play", players={BLACK: None, WHITE: level_by_name("Easy")})
    frames(app)
    assert app.stack.top.panel.menu.text == "Menu"
    key(app, pygame.K_ESCAPE)
    assert app.stack.names() == ["menu"]


# -- also expected: sides swapped on a rematch; a clock between computers ----------------------------------

def test_new_game_after_the_end_swaps_the_sides(app):
    app.switch("play", players={BLACK: None, WHITE: level_by_name("Easy")})
    frames(app)
    assert app.stack.top.flipped  # the person's Red at the bottom
    key(app, pygame.K_r)
    click(app, next(b for b in app.stack.top.widgets if b.text == "Resign").rect.center, n=3)
    card = app.stack.top
    click(app, next(b for b in card.widgets if b.text == "New game").rect.center, n=2)
    again = app.stack.top
    assert again.name == "play" and again.game.moves == []
    assert again.players[WHITE] is None and again.players[BLACK] == level_by_name("Easy")
    assert not again.flipped  # the board turned: the person's White at the bottom


def test_computer_vs_computer_has_a_clock(app):
    click(app, next(b for b in app.stack.top.buttons if b.key == "watch").rect.center)
    screen = app.stack.top
    assert screen.name == "new_game" and screen.clock.visible
    for _ in range(8):
        if screen.focus.focused is screen.clock:
            break
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # Off -> 3 min + 2 s
    click(app, screen.start_button.rect.center, n=2)
    game = app.stack.top
    assert game.name == "play" and game.mode == "watch"
    assert game.match.clocks is not None and game.match.clocks.control == TimeControl(180, 2)
    assert game.clock_texts() is not None


# -- also expected: players' names -------------------------------------------------------------------------

def type_text(app, text):
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 2)


def test_your_name_typed_on_the_new_game_screen_is_on_the_panel_in_the_file_and_remembered(app):
    from game.notation.pdn import read_pdn
    from game.store.paths import games_dir

    click(app, next(b for b in app.stack.top.buttons if b.key == "1p").rect.center)
    screen = app.stack.top
    assert screen.focus.focused is screen.difficulty
    for _ in range(8):  # Down to the name, the last row
        if screen.focus.focused is screen.your_name:
            break
        key(app, pygame.K_DOWN)
    assert screen.focus.focused is screen.your_name
    type_text(app, "Annx")
    key(app, pygame.K_BACKSPACE)
    assert screen.your_name.value == "Ann"
    key(app, pygame.K_RETURN)  # Enter on a row starts the game
    scene = app.stack.top
    human = scene.humans()[0]
    assert scene.panel._player_label(human) == "Ann"
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    [path] = games_dir().glob("*.pdn")
    [game] = read_pdn(path.read_text())
    assert game.tags["Black" if human == BLACK else "White"] == "Ann"
    assert "Ann vs" in path.name or "vs Ann" in path.name
    assert app.settings.get("player_name") == "Ann"
    app.switch("menu")
    app.push("new_game", mode="1p")
    frames(app)
    assert app.stack.top.your_name.value == "Ann"


def test_two_names_by_mouse_and_a_rematch_swaps_them_with_the_sides(app):
    app.push("new_game", mode="2p")
    frames(app)
    screen = app.stack.top
    red, white = screen.names
    click(app, red.rect.center)
    type_text(app, "Ann")
    click(app, white.rect.center)
    type_text(app, "Bob")
    click(app, screen.start_button.rect.center, n=2)
    scene = app.stack.top
    assert [scene.panel._player_label(c) for c in (BLACK, WHITE)] == ["Ann", "Bob"]
    key(app, pygame.K_r)
    assert app.stack.top.message.startswith("Ann (Red) gives up")
    click(app, next(b for b in app.stack.top.widgets if b.text == "Resign").rect.center, n=3)
    card = app.stack.top
    assert card.title == "Bob wins"
    click(app, next(b for b in card.widgets if b.text == "New game").rect.center, n=2)
    again = app.stack.top
    assert [again.panel._player_label(c) for c in (BLACK, WHITE)] == ["Bob", "Ann"]  # sides swapped


def test_a_game_continued_from_the_library_keeps_its_players_names(app):
    _library_with_a_game(app, {"Black": "Ann", "BlackType": "human", "White": "Bob", "WhiteType": "human"})
    key(app, pygame.K_RETURN, mod=pygame.KMOD_CTRL)  # continue
    who = app.stack.top
    who.mode.set_value("2 Players")
    who._changed()
    key(app, pygame.K_RETURN)
    scene = app.stack.top
    assert scene.name == "play" and [scene.panel._player_label(c) for c in (BLACK, WHITE)] == ["Ann", "Bob"]
