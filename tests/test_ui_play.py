"""The real scenes driven by posted mouse and key events, a frame at a time, headless."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from helpers import FakeEngine, click, click_square, frames, frames_until, key, new_app, open_scenes, run_until, settle

from game.engine.levels import level_by_name
from game.rules import BLACK, WHITE, Position
from game.ui import theme
from game.ui.layout_check import check_scene

# each test's autosave and settings in a folder of its own (the app fixture's, or this for the
# tests that make their window themselves): no game left for later tests to Continue
pytestmark = pytest.mark.usefixtures("home")


def answering():
    """An engine double that answers every search at once with the first legal move."""
    return FakeEngine(reply=lambda moves: moves[0])


def play_scene(app):
    scene = app.stack.find("play")
    assert scene is not None, app.stack.names()
    return scene


def wait_for_human(app, scene):
    """Run frames (the engine process polled each) until it is the human's turn again."""
    frames_until(app, lambda: scene.input is not None and scene.anim is None)


def test_menu_to_one_player_game_clicks_undo_and_quit_ends_engine(app):
    app.switch("menu")
    frames(app)
    menu = app.stack.top
    assert menu.name == "menu"
    one_player = next(b for b in menu.buttons if b.key == "1p")
    click(app, one_player.rect.center)
    assert app.stack.top.name == "new_game"
    setup = app.stack.top
    # keyboard: difficulty to Beginner (Left twice from Medium), side stays Red (black), then Start
    for _ in range(8):  # (the screen remembers the last choice)
        if setup.difficulty.value == "Beginner":
            break
        key(app, pygame.K_LEFT)
    assert setup.difficulty.value == "Beginner"
    for _ in range(3):
        if setup.side.value == theme.SIDE_NAMES[BLACK]:
            break
        setup.side.step(1)
    click(app, setup.start_button.rect.center)
    scene = play_scene(app)
    assert scene.players[BLACK] is None and scene.players[WHITE].name == "Beginner"
    assert scene.status_text()[0] == "Red to move"  # the side that moves first has red pieces

    click_square(app, 11)
    assert scene.input.selected == 11
    click_square(app, 15)
    settle(app)
    assert [str(m) for m in scene.game.moves] == ["11-15"]
    frames(app, 1)
    assert scene.computer.thinking
    assert scene.status_text()[0] == "Last move: 11-15 — Computer is thinking…"
    wait_for_human(app, scene)
    assert len(scene.game.moves) == 2
    assert scene.status_text()[0].startswith(f"Last move: {scene.game.moves[-1]} — Red to move")
    engine_pid = app.engine.pid
    assert engine_pid is not None

    # Ctrl+Z takes back the computer's reply and your move
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.game.moves == [] and scene.input is not None
    # Ctrl+Y plays them again
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert len(scene.game.moves) == 2

    # Esc -> confirm -> Leave -> menu; then Quit from the menu
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "confirm"
    confirm = app.stack.top
    click(app, confirm.widgets[0].rect.center)
    assert app.stack.top.name == "menu"
    quit_button = next(b for b in app.stack.top.buttons if b.key == "quit")
    click(app, quit_button.rect.center, n=1)
    assert not app.running
    app.close()
    assert app._engine is None
    assert not _pid_alive(engine_pid)


def _pid_alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # a zombie still answers kill(0); it has ended if its state says so
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def test_multi_jump_entered_hop_by_hop_with_messages(app):
    fen = "B:W14,20,22,23,26,28,30,31,32:B1,2,3,5,6,8,9,12"
    app.switch("play", mode="2p", players={BLACK: None, WHITE: None}, start=Position.from_fen(fen))
    frames(app)
    scene = play_scene(app)
    assert scene.input.movable() == {9}       # only the capturing piece is highlighted
    click_square(app, 5)
    assert scene.status_text()[0] == "You must capture"
    click_square(app, 9)
    click_square(app, 18)
    assert scene.input.path == [9, 18] and scene.input.destinations() == {25, 27}
    assert scene.picture().ghosts == {14}
    click_square(app, 6)
    assert scene.status_text()[0] == "Finish the jump"
    click_square(app, 27)
    settle(app)
    assert [str(m) for m in scene.game.moves] == ["9x18x27"]
    assert scene.picture().last_move == (9, 18, 27)
    assert scene.status_text()[0] == "Last move: 9x18x27 — White to move"
    click_square(app, 5)
    assert scene.status_text()[0] == "Not your piece"


def test_drag_and_drop_moves_a_piece(app):
    app.switch("play", mode="2p", players={BLACK: None, WHITE: None})
    frames(app)
    scene = play_scene(app)
    a = scene.layout.board.square_center(11)
    b = scene.layout.board.square_center(15)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=a))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(a[0] + 20, a[1] + 20), rel=(20, 20),
                                         buttons=(1, 0, 0)))
    frames(app)
    assert scene.drag is not None and scene.drag["active"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=b))
    frames(app)
    settle(app)
    assert [str(m) for m in scene.game.moves] == ["11-15"]


def test_flip_numbers_and_keyboard_cursor(app):
    app.switch("play", mode="2p", players={BLACK: None, WHITE: None})
    frames(app)
    scene = play_scene(app)
    before = scene.layout.board.square_center(1)
    key(app, pygame.K_f)
    assert scene.layout.board.square_center(1) != before
    numbers = scene.numbers
    key(app, pygame.K_n)
    assert scene.numbers is (not numbers)
    # arrows put a cursor on a movable piece; Enter picks it up
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert scene.input.selected in {9, 10, 11, 12}


def test_finish_a_game_to_the_game_over_overlay_and_play_again(app):
    app.switch("play", mode="1p", players={BLACK: None, WHITE: level_by_name("Beginner")},
               start=Position.from_fen("B:W23:B18,K6,1,2"))
    frames(app)
    scene = play_scene(app)
    click_square(app, 18)
    click_square(app, 27)
    settle(app)
    frames(app, 3)
    over = app.stack.top
    assert over.name == "game_over"
    assert over.title == "You win!" and over.message == "White has no pieces left"
    assert app.stack.names()[-2] == "play"  # the overlay sits on top of the final board
    labels = [b.text for b in over.widgets]
    assert labels == ["New game", "Review", "Save", "Menu"]
    click(app, over.widgets[0].rect.center)
    again = play_scene(app)
    assert again is not scene and again.game.moves == [] and app.stack.top is again
    # a rematch: the sides swap (the person plays White now, the computer Red)
    assert again.players[WHITE] is None and again.players[BLACK] == level_by_name("Beginner")


def _finished_game(app):
    app.switch("play", players={BLACK: None, WHITE: level_by_name("Beginner")},
               start=Position.from_fen("B:W23:B18,K6,1,2"))
    frames(app)
    click_square(app, 18)
    click_square(app, 27)
    settle(app)
    frames(app, 3)
    assert app.stack.top.name == "game_over"
    return app.stack.top


def test_game_over_saves_the_game_and_says_where(app):
    from game.store import games_dir

    over = _finished_game(app)
    before = set(games_dir().glob("*.pdn"))
    save = next(b for b in over.widgets if b.text == "Save")
    click(app, save.rect.center)
    [path] = set(games_dir().glob("*.pdn")) - before
    assert over.message.startswith("Saved as ") and str(path.parent) in over.message
    assert check_scene(over) == []  # the longer words still fit the card


def test_game_over_opens_the_finished_game_in_review(app):
    over = _finished_game(app)
    review = next(b for b in over.widgets if b.text == "Review")
    click(app, review.rect.center)
    assert app.stack.top.name == "review"
    assert len(app.stack.top.game.moves) == 1


def test_a_click_on_the_board_takes_the_focus_from_the_panel(app):
    app.switch("play", mode="2p", players={BLACK: None, WHITE: None})
    frames(app)
    scene = play_scene(app)
    click(app, scene.panel.flip.rect.center)  # a panel button pressed with the mouse is lit (focused)
    assert scene.panel.focus.focused is scene.panel.flip
    click_square(app, min(scene.input.movable()))  # then a piece picked up on the board
    assert scene.input.selected is not None
    assert not scene.panel.focus.active  # no button stays lit, and Enter is the board's again


def test_a_click_beside_the_game_over_card_shows_the_board(app):
    over = _finished_game(app)
    inside = over.card.move(0, 0)
    click(app, inside.midbottom[0:1] + (inside.bottom - 2,))  # on the card, between its buttons: it stays
    assert app.stack.top is over
    click(app, (over.card.x // 2, over.card.y // 2))  # beside it (the board): the card closes
    assert app.stack.top.name == "play"
    key(app, pygame.K_ESCAPE)  # and Esc brings it back, as after Esc
    assert app.stack.top.name == "game_over"


def test_resign_and_draw_words(app):
    app.switch("play", mode="2p", players={BLACK: None, WHITE: None})
    frames(app)
    key(app, pygame.K_r)
    assert app.stack.top.name == "confirm"
    click(app, app.stack.top.widgets[0].rect.center)
    frames(app, 3)
    assert app.stack.top.name == "game_over"
    assert app.stack.top.message == "Red resigned"
    assert app.stack.top.title == "White wins"


@pytest.mark.app(engine=FakeEngine)
def test_undo_while_the_computer_thinks_cancels_the_search(app):
    app.switch("play", players={BLACK: None, WHITE: level_by_name("Master")})
    frames(app)
    scene = play_scene(app)
    click_square(app, 11)
    click_square(app, 15)
    settle(app)
    frames(app, 2)
    [engine] = app.engines
    assert scene.computer.thinking and len(engine.gos) == 1
    reply = scene.game.legal_moves()[0]
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert not scene.computer.thinking and scene.game.moves == [] and engine.cancels == 1
    assert scene.input is not None
    # the same move again starts a new search; the cancelled one's answer arrives late
    click_square(app, 11)
    click_square(app, 15)
    settle(app)
    frames(app, 2)
    assert len(engine.gos) == 2 and scene.computer.thinking
    engine.answer(reply, rid=1)
    frames(app, 10)
    assert len(scene.game.moves) == 1 and scene.computer.thinking  # not played
    engine.answer(reply, rid=2)
    run_until(app, lambda: len(scene.game.moves) == 2, 240)  # the reply pause is counted in frames
    assert scene.game.moves[1] == reply


def test_window_resize_recomputes_the_layout(app):
    app.switch("play", mode="2p", players={BLACK: None, WHITE: None})
    frames(app)
    scene = play_scene(app)
    small = scene.layout.board.square
    app._resize((1600, 1100))
    frames(app)
    assert scene.layout.board.square > small


def test_move_now_makes_the_computer_answer_at_once(app):
    from game.engine.levels import Level

    # 30 plies and no clock: a search from the opening position that would run for hours, so only
    # Move now can end it while the test waits
    deep = Level("deep", "a search that would not end in a test", 30, None, 0, 0)
    app.switch("play", players={BLACK: deep, WHITE: None})
    frames(app, 2)
    scene = play_scene(app)
    assert scene.computer.thinking and scene.panel.move_now.visible
    frames_until(app, lambda: scene.computer.depth >= 1)  # the search is under way
    click(app, scene.panel.move_now.rect.center)
    wait_for_human(app, scene)
    assert len(scene.game.moves) == 1 and scene.game.turn == WHITE


@pytest.mark.app(engine=FakeEngine)  # a search under way until the test answers it
def test_watch_mode_pauses_and_steps(app):
    app.switch("play", mode="watch", players={BLACK: level_by_name("Beginner"), WHITE: level_by_name("Beginner")})
    frames(app, 1)
    scene = play_scene(app)
    [engine] = app.engines
    assert scene.computer.thinking
    key(app, pygame.K_SPACE)
    assert scene.paused and not scene.computer.thinking and engine.cancels == 1
    engine.answer(scene.game.legal_moves()[0])  # the paused search's answer comes late: not played
    frames(app, 10)
    assert scene.game.moves == [] and "Paused" in scene.status_text()[0]
    key(app, pygame.K_s)
    assert len(engine.gos) == 2
    engine.answer(scene.game.legal_moves()[0])
    run_until(app, lambda: len(scene.game.moves) >= 1)
    settle(app)
    frames(app, 20)
    assert len(scene.game.moves) == 1 and scene.paused


def test_closing_the_window_while_the_computer_thinks_ends_the_engine(app):
    app.switch("play", mode="1p", players={BLACK: level_by_name("Master"), WHITE: None})
    frames(app, 2)
    scene = play_scene(app)
    assert scene.computer.thinking
    pid = app.engine.pid
    assert pid is not None and _pid_alive(pid)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()  # returns once the window is closed, and closes everything
    assert not app.running and app._engine is None
    assert not _pid_alive(pid)


def test_an_exception_in_the_loop_still_ends_the_engine(app, monkeypatch):
    app.switch("play", mode="1p", players={BLACK: level_by_name("Master"), WHITE: None})
    frames(app, 2)
    pid = app.engine.pid

    def broken(dt):
        raise RuntimeError("boom")

    monkeypatch.setattr(play_scene(app), "update", broken)
    with pytest.raises(RuntimeError):
        app.run()
    assert not _pid_alive(pid)


@pytest.mark.app(engine=answering)
def test_custom_depth_and_white_side_chosen_by_keyboard_only(app):
    app.switch("menu")
    frames(app)
    key(app, pygame.K_RETURN)  # 1 Player has the focus
    setup = app.stack.top
    assert setup.name == "new_game"

    def focus_on(widget):
        for _ in range(8):
            if setup.focus.focused is widget:
                return
            key(app, pygame.K_DOWN)
        raise AssertionError(f"Down never reached {widget}")

    def choose(widget, value):
        # (the screen remembers the last choice, so step until the wanted value shows)
        for _ in range(14):  # (a chooser's arrows stop at the ends of its list)
            if widget.value == value:
                return
            key(app, pygame.K_RIGHT if widget.options.index(value) > widget.index else pygame.K_LEFT)
        raise AssertionError(f"{widget} never showed {value!r}")

    choose(setup.difficulty, "Custom depth")
    assert setup.depth.visible and not setup.seconds.visible
    focus_on(setup.depth)
    choose(setup.depth, 3)
    focus_on(setup.side)
    choose(setup.side, theme.SIDE_NAMES[WHITE])
    focus_on(setup.start_button)
    key(app, pygame.K_RETURN)    # Start game
    scene = play_scene(app)
    assert scene.players[WHITE] is None and scene.players[BLACK].spec == "depth:3"
    assert not scene.flipped     # white at the bottom
    run_until(app, lambda: scene.input is not None and scene.anim is None)  # the computer opened as black
    assert len(scene.game.moves) == 1 and scene.game.turn == WHITE
    [engine] = app.engines
    limit = engine.gos[0][3]
    assert (limit.depth, limit.time) == (3, None)  # the engine was asked for the depth chosen


def test_move_list_scrolls_with_the_wheel(app, monkeypatch):
    app.switch("play", mode="2p", players={BLACK: None, WHITE: None})
    frames(app)
    scene = play_scene(app)
    for _ in range(40):
        moves = scene.game.legal_moves()
        if not moves:
            break
        scene.play_move(moves[0])
        scene.anim.finish() if scene.anim else None
        frames(app, 1)
    inside = scene.panel.moves_rect.center
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: inside)  # the dummy driver has no pointer
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0,
                                         precise_y=3.0, touch=False, which=0))
    frames(app)
    assert scene.panel.scroll == 3
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False, precise_x=0.0,
                                         precise_y=-5.0, touch=False, which=0))
    frames(app)
    assert scene.panel.scroll == 0


# -- review fixes: an engine that cannot start, the redo loop, the window size ------------

def _no_engine(calls):
    def factory():
        calls.append(1)
        raise OSError(24, "Too many open files")
    return factory


def test_engine_that_cannot_start_is_a_message_not_a_crash():
    calls = []
    app = new_app(engine=_no_engine(calls))
    try:
        app.switch("play", mode="1p", players={BLACK: level_by_name("Easy"), WHITE: None})
        for _ in range(30):
            assert app.step()  # no OSError out of PlayScene.update
        scene = play_scene(app)
        assert len(calls) == 1  # asked once, not once a frame
        assert not scene.computer.thinking and scene.game.moves == []
        text, _ = scene.status_text()
        assert text.startswith("Engine problem:") and "Too many open files" in text and "press M" in text
        scene.clock += 10  # the message has gone: the status line still says why nothing happens
        assert "Engine problem" in scene.status_text()[0]
        key(app, pygame.K_m)  # an explicit action asks the engine again, once
        frames(app, 10)
        assert len(calls) == 2 and scene.game.moves == []
        key(app, pygame.K_ESCAPE)  # the player can still leave
        assert app.stack.top.name == "menu"
    finally:
        app.close()


def test_engine_failure_after_the_players_move_can_be_undone():
    calls = []
    app = new_app(engine=_no_engine(calls))
    try:
        app.switch("play", mode="1p", players={BLACK: None, WHITE: level_by_name("Easy")})
        frames(app)
        scene = play_scene(app)
        scene.play_move(scene.game.legal_moves()[0])
        settle(app)
        frames(app, 10)
        assert len(calls) == 1 and scene.computer.failed
        key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
        assert scene.game.moves == [] and scene.input is not None and not scene.computer.failed
    finally:
        app.close()


def test_redo_stops_when_nothing_is_redone(app, monkeypatch):
    import signal

    from game.rules import Game

    game = Game()
    game.push(game.legal_moves()[0])
    game.undo()  # black (the human) to move, one move to redo
    app.switch("play", mode="1p", players={BLACK: None, WHITE: level_by_name("Easy")}, game=game)
    scene = play_scene(app)
    # a Game that claims a redo but gives none (a finished game did so): the loop must end
    monkeypatch.setattr(Game, "can_redo", property(lambda self: True))
    old = signal.signal(signal.SIGALRM, lambda *a: (_ for _ in ()).throw(AssertionError("redo loops forever")))
    signal.alarm(5)
    try:
        scene.redo()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert len(scene.game.moves) == 1 and scene.game.turn == WHITE


def test_huge_window_size_is_clamped_to_the_desktop():
    from game.app import desktop_size, fit_desktop

    app = new_app((20000, 20000), fit=True)
    try:
        desktop = desktop_size(pygame)
        assert desktop is not None  # the dummy driver reports one
        assert app.size[0] <= desktop[0] and app.size[1] <= desktop[1]
        assert app.screen.get_size() == app.size  # what is drawn each frame is the clamped size
    finally:
        app.close()
    assert fit_desktop((20000, 900), (1920, 1080)) == (1920, 900)
    assert fit_desktop((20000, 900), None) == (20000, 900)  # no desktop size known: as asked


def test_a_headless_window_is_the_size_asked_beyond_the_dummy_desktop():
    # the screenshots and the layout tests draw 1280x800 … 2560x1440 off screen: the dummy
    # driver's 1024x768 "desktop" must not shrink them (every larger size was 1024x768)
    from game.app import desktop_size

    app = new_app((2560, 1440))
    try:
        assert desktop_size(pygame) == (1024, 768)
        assert app.size == (2560, 1440) and app.screen.get_size() == (2560, 1440)
        assert open_scenes(app, "menu").size == (2560, 1440)
    finally:
        app.close()


def test_window_size_without_a_desktop_size(monkeypatch):
    def broken():
        raise pygame.error("no desktop")

    monkeypatch.setattr(pygame.display, "get_desktop_sizes", broken)
    app = new_app()
    try:
        assert app.size == (1000, 700)
    finally:
        app.close()


def test_an_engine_error_is_shown_with_a_retry_and_no_move_is_made_up():
    engine = FakeEngine(reply=lambda moves: None, error="ValueError: no move\nTraceback (most recent call last): ...")
    app = new_app(engine=lambda: engine)
    try:
        app.switch("play", players={BLACK: level_by_name("Easy"), WHITE: None})
        frames(app, 20)
        scene = play_scene(app)
        assert scene.game.moves == [] and len(engine.gos) == 1  # asked once, nothing played in its place
        assert "no move" in scene.status_text()[0] and "press M" in scene.status_text()[0]
        assert scene.panel.move_now.visible and scene.panel.move_now.text == "Try again"
        click(app, scene.panel.move_now.rect.center, n=5)
        assert len(engine.gos) == 2 and scene.game.moves == []
    finally:
        app.close()


@pytest.mark.parametrize("scene", [None, "menu", "play"])
def test_a_window_closed_in_the_very_first_frame(scene):
    app = new_app()
    try:
        if scene:
            app.switch(scene)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        assert app.step() is False
        assert app.frames == 1 and not app.running
    finally:
        app.close()


@pytest.mark.parametrize("pause, held, within", [("none", 0, 10), ("long", 40, 120)])
def test_the_reply_pause_setting_holds_the_computers_move(pause, held, within):
    app = new_app(engine=answering)
    try:
        app.settings["reply_pause"] = pause
        app.settings["animation"] = "off"
        app.switch("play", players={BLACK: level_by_name("Easy"), WHITE: None})
        scene = play_scene(app)
        count = 0
        while not scene.game.moves:
            frames(app, 1)
            count += 1
            assert count <= within, f"no reply after {within} frames"
        assert count > held
    finally:
        app.close()


def test_new_game_during_a_game_asks_first(app):
    app.switch("play", players={BLACK: None, WHITE: None})
    frames(app)
    scene = play_scene(app)
    click(app, scene.panel.again.rect.center)  # before any move: at once
    fresh = play_scene(app)
    assert fresh is not scene
    fresh.play_move(fresh.game.legal_moves()[0])
    settle(app)
    click(app, fresh.panel.again.rect.center)
    assert app.stack.top.name == "confirm" and play_scene(app) is fresh
    key(app, pygame.K_ESCAPE)  # Cancel: the game goes on
    assert app.stack.top is fresh and fresh.game.ply == 1
    click(app, fresh.panel.again.rect.center)
    app.stack.top.confirm()
    frames(app)
    assert play_scene(app) is not fresh and play_scene(app).game.ply == 0


def test_ctrl_q_in_the_menu_quits_at_once():
    app = new_app()
    try:
        app.switch("menu")
        frames(app)
        key(app, pygame.K_q, mod=pygame.KMOD_CTRL)
        assert not app.running  # nothing to lose
    finally:
        app.close()


def test_ctrl_q_quits_asking_first_during_a_game(app):
    app.switch("play", players={BLACK: None, WHITE: None})
    frames(app)
    scene = play_scene(app)
    scene.play_move(scene.game.legal_moves()[0])
    settle(app)
    key(app, pygame.K_q, mod=pygame.KMOD_CTRL)
    assert app.running and app.stack.top.name == "confirm" and "Continue" in app.stack.top.message
    key(app, pygame.K_ESCAPE)
    assert app.running and app.stack.top is scene
    key(app, pygame.K_q, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_q, mod=pygame.KMOD_CTRL, n=1)  # again on the question: yes
    assert not app.running


def test_outcomes_are_worded_with_the_sides_on_screen_names():
    from game.rules import Game
    from game.ui.words import outcome_words, to_move

    blocked = Game(Position.from_fen("W:W29:B25,22"))  # white to move, blocked in the corner
    assert outcome_words(blocked.outcome) == "White has no legal move"
    resigned = Game()
    resigned.resign(BLACK)
    assert outcome_words(resigned.outcome) == f"{theme.SIDE_NAMES[BLACK]} resigned"
    assert to_move(BLACK) == f"{theme.SIDE_NAMES[BLACK]} to move"
