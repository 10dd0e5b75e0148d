"""Clocks in the window: chosen on the new-game screen, shown and run on the play screen, paused under a
dialog, a flag loses, the computer plays to its clock, and Continue brings them back.  Driven by real key
and mouse events, a frame at a time: the clocks count the frames' time (1/60 s each), never the wall clock."""

import pygame
import pytest
from helpers import FakeEngine, click, click_square, frames, key, new_app, open_library, run_until, settle

from game.controller.clock import TimeControl, format_clock, parse_time_control
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
    if app.stack.top.name == "two_players":          # 2 Players asks where first: this computer, host or join
        choose = app.stack.top
        click(app, next(w for w in choose.widgets if getattr(w, "text", None) == "On this computer").rect.center)
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
    assert not setup.increment.enabled                    # Off: the minutes and increment are still
    setup.clock.set_value("Custom")
    setup._refresh()
    setup.focus.focus_on(setup.increment)
    key(app, pygame.K_RIGHT)                              # a custom clock's increment
    assert setup.clock.value == "Custom" and str(setup.chosen_time_control()) == "3+3"


# -- going on from a saved PDN game: the library's continue, review's continue from here -----------------

def saved_game_with_clocks(app, thinks=(90, 150, 30)):
    """A 3+2 game between two people, a move after each of ``thinks`` frames, saved with Ctrl+S and left;
    its unfinished record then goes, so the library lists the saved PDN copy.  Each move's clock as saved
    (whole seconds)."""
    from game.store.unfinished import delete_unfinished

    app.switch("play", players={BLACK: None, WHITE: None}, time_control=parse_time_control("3+2"))
    frames(app, 2)
    scene = app.stack.top
    for think in thinks:
        frames(app, think)
        play_clicks(app, scene.game.legal_moves()[0])
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert scene.message.startswith("Saved as")
    saved = [int(s) for s in scene.match.clock_moves]
    assert len(set(saved)) == len(saved)                 # every move's clock tells its own time
    key(app, pygame.K_ESCAPE)
    click(app, app.stack.top.widgets[0].rect.center)     # Leave: the game is kept
    assert app.stack.top.name == "menu"
    assert delete_unfinished(scene.match.game_id)        # the saved copy is what the library shows
    return scene.game.moves, saved


def library_with_the_saved_game(app):
    lib = open_library(app)
    assert [e.kind for e in lib.view] == ["saved"]
    return lib


def play_from_who_plays(app):
    who = app.stack.top
    assert who.name == "who_plays"
    key(app, pygame.K_RETURN)                              # Play, with the players it offers
    scene = app.stack.top
    assert scene.name == "play"
    return scene


@pytest.mark.app(settings={"mode": "2p"})
def test_a_saved_game_continued_from_the_library_has_its_clocks_back(app):
    moves, saved = saved_game_with_clocks(app)
    library_with_the_saved_game(app)
    key(app, pygame.K_RETURN, mod=pygame.KMOD_CTRL)        # Continue
    scene = play_from_who_plays(app)
    match = scene.match
    assert scene.game.moves == moves and scene.game.turn == WHITE
    assert match.clocks.control == TimeControl(180, 2)
    # each side's time as it stood after its last move: Red's after move 3, White's after move 2
    assert match.clocks.left[BLACK] == saved[2]
    assert match.clock_left(WHITE) == pytest.approx(saved[1], abs=0.1)
    assert match.clock_moves == saved
    frames(app, 60)                                        # White's clock runs on at once
    assert match.clock_left(WHITE) == pytest.approx(saved[1] - 1, abs=0.1)


@pytest.mark.app(settings={"mode": "2p"})
def test_review_of_a_saved_game_continued_from_an_earlier_move_has_the_clocks_as_they_stood(app):
    moves, saved = saved_game_with_clocks(app)
    library_with_the_saved_game(app)
    key(app, pygame.K_RETURN)                              # Review, from the start
    review = app.stack.top
    assert review.name == "review" and review.ply == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert review.ply == 2 and "left)" in review.status_text()[0]
    click(app, review.vs_friend.rect.center)
    scene = play_from_who_plays(app)
    match = scene.match
    assert scene.game.moves == moves[:2] and scene.game.turn == BLACK
    assert match.clocks.control == TimeControl(180, 2)
    assert match.clocks.left[WHITE] == saved[1]
    assert match.clock_left(BLACK) == pytest.approx(saved[0], abs=0.1)
    assert match.clock_moves == saved[:2]


@pytest.mark.app(settings={"mode": "2p"})
def test_a_hostile_clock_gives_a_clear_line_and_a_game_without_clocks(app):
    from game.rules import Game
    from game.store import save_game

    game = Game()
    for _ in range(3):
        game.push(game.legal_moves()[0])
    save_game(game, {"Black": "Ann", "White": "Bob", "TimeControl": "180+2"},
              comments={1: "[%clock 0:02:59]", 2: "[%clock 0:99:99]", 3: "[%clock 0:02:41]"})
    library_with_the_saved_game(app)
    key(app, pygame.K_RETURN, mod=pygame.KMOD_CTRL)        # Continue
    who = app.stack.top
    assert who.name == "who_plays"
    key(app, pygame.K_RETURN)
    notice = app.stack.top
    assert notice.name == "notice" and notice.params["title"] == "Playing on without clocks"
    line = notice.params["message"]
    assert "move 2" in line and "'0:99:99'" in line and "\n" not in line and len(line) < 160
    scene = app.stack.find("play")
    assert scene.game.moves == game.moves and scene.match.clocks is None
    key(app, pygame.K_ESCAPE)                              # the notice goes: the game is played on
    assert app.stack.top is scene


def test_an_unfinished_game_whose_clocks_cannot_be_read_goes_on_without_them_and_says_so(app):
    from game.rules import Game
    from game.store.unfinished import keep_unfinished

    game = Game()
    game.push(game.legal_moves()[0])
    hand_edited = {"clock": {"control": "180+2", "black": "lots", "white": 170.0, "turn": "white"}}
    assert keep_unfinished("20261125-120000-abcdef", game, "2p", {}, ["black", "white"], hand_edited).ok
    app.switch("menu")
    frames(app)
    menu = app.stack.top
    assert menu.buttons[0].text == "Continue"
    click(app, menu.buttons[0].rect.center)
    notice = app.stack.top
    assert notice.name == "notice" and notice.params["title"] == "Playing on without clocks"
    assert notice.params["message"] == "The game's clocks cannot be read (Red's clock is a number of seconds, " \
                                       "not 'lots')"
    scene = app.stack.find("play")
    assert scene.game.moves == game.moves and scene.match.clocks is None


def play_three_moves_on_the_clock(app):
    """A 3+2 two-player game with three moves played after 90, 150 and 30 frames of thought:
    the play scene and each move's clock as kept."""
    app.switch("play", players={BLACK: None, WHITE: None}, time_control=parse_time_control("3+2"))
    frames(app, 2)
    scene = app.stack.top
    for think in (90, 150, 30):
        frames(app, think)
        play_clicks(app, scene.game.legal_moves()[0])
    return scene, list(scene.match.clock_moves)


@pytest.mark.app(settings={"mode": "2p"})
def test_review_of_an_unfinished_game_from_the_library_shows_its_clocks_and_continues_with_them(app):
    scene, kept = play_three_moves_on_the_clock(app)
    app.switch("menu")                                     # the game is kept among the unfinished ones
    lib = open_library(app)
    assert [e.kind for e in lib.view] == ["unfinished"]
    key(app, pygame.K_RETURN)                              # Review
    review = app.stack.top
    assert review.name == "review" and review.ply == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert f"({format_clock(int(kept[1]))} left)" in review.status_text()[0]
    click(app, review.vs_friend.rect.center)
    again = play_from_who_plays(app)
    assert again.game.moves == scene.game.moves[:2] and again.match.clocks.control == TimeControl(180, 2)
    assert again.match.clocks.left[WHITE] == int(kept[1])
    assert again.match.clock_left(BLACK) == pytest.approx(int(kept[0]), abs=0.1)


@pytest.mark.app(settings={"mode": "2p"})
def test_review_during_play_continued_from_an_earlier_move_keeps_the_clocks_as_they_stood(app):
    scene, kept = play_three_moves_on_the_clock(app)
    key(app, pygame.K_v)                                   # Review, over the game
    review = app.stack.top
    assert review.name == "review" and review.ply == 3
    key(app, pygame.K_LEFT)
    assert review.ply == 2
    click(app, review.vs_friend.rect.center)
    again = play_from_who_plays(app)
    assert again is not scene and again.game.moves == scene.game.moves[:2]
    # play's own clocks, to the fraction of a second: White's after move 2, Red's after move 1
    assert again.match.clocks.left[WHITE] == pytest.approx(kept[1], abs=1e-9)
    assert again.match.clock_left(BLACK) == pytest.approx(kept[0], abs=0.1)
    assert again.match.clock_moves == pytest.approx(kept[:2], abs=1e-9)
