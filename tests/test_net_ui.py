"""Online play in the window: 2 Players' three ways, hosting (the embedded server's process), joining."""

import socket

import pygame
import pytest
from helpers import click, frames, frames_until
from net_helpers import Player

from game.net.invite import read_invite
from game.rules import BLACK, WHITE
from game.ui.scenes.online import board


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(autouse=True)
def loopback(monkeypatch):
    """A hosted game's server on 127.0.0.1 (tests listen on the loopback only), on a port free now
    (tests run side by side: the game's own 8765 may be taken)."""
    monkeypatch.setattr(board, "LISTEN", "127.0.0.1")
    monkeypatch.setattr(board, "PORT", free_port())


def button(scene, text):
    return next(w for w in scene.widgets if getattr(w, "text", None) == text)


def test_two_players_offers_this_computer_host_and_join(app):
    app.switch("menu")
    click(app, next(b for b in app.stack.top.buttons if b.key == "2p").rect.center)
    scene = app.stack.top
    assert scene.name == "two_players"
    assert [w.text for w in scene.widgets] == ["On this computer", "Host a game online", "Join a game", "Back"]
    click(app, button(scene, "On this computer").rect.center)
    assert app.stack.top.name == "new_game" and app.stack.top.mode == "2p"


def test_a_bad_invitation_is_refused_in_one_line_and_a_good_one_joins(app):
    app.switch("online_join")
    scene = app.stack.top
    scene.focus.focus = 0
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="not an invitation"))
    frames(app)
    click(app, button(scene, "Join").rect.center)
    assert app.stack.top is scene and "invitation looks like" in scene.lines()[-1]
    scene.invite.text = "ws://127.0.0.1:9/K7M2QX"   # nobody listens there: the board says so, never hangs
    click(app, button(scene, "Join").rect.center)
    joined = app.stack.top
    assert joined.name == "online_board"
    frames_until(app, lambda: joined.status == "reconnecting")
    assert "reconnecting" in board.connection_words(joined.status, joined.reason, joined.view, joined.seat) \
        or joined.seat is None
    app.pop()


def test_typing_goes_to_the_field_clicked_alone_and_backspace_rubs_out(app):
    import pygame
    from helpers import key

    app.switch("online_join")
    scene = app.stack.top
    click(app, scene.invite.rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="ws://127.0.0.1:8765/K7M2QXZ"))
    frames(app)
    key(app, pygame.K_BACKSPACE)
    assert scene.invite.text == "ws://127.0.0.1:8765/K7M2QX" and scene.name_field.text == "Guest"
    click(app, scene.name_field.rect.center)
    key(app, pygame.K_BACKSPACE, n=1)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="y"))
    frames(app)
    assert scene.name_field.text == "Guesy" and scene.invite.text == "ws://127.0.0.1:8765/K7M2QX"
    key(app, pygame.K_DOWN)   # to the Join button: typing there goes nowhere
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="zz"))
    frames(app)
    assert scene.name_field.text == "Guesy" and scene.invite.text == "ws://127.0.0.1:8765/K7M2QX"


def test_the_host_and_join_screens_keep_their_scene_names(app):
    # their name fields once took the attribute the scene stack finds a scene by
    for name in ("online_host", "online_join"):
        app.switch(name)
        frames(app)
        assert app.stack.names() == [name] and app.stack.find(name) is app.stack.top




def test_host_a_game_a_friend_joins_moves_on_both_sides_resign_and_both_keep_it(app, home):
    app.switch("online_host")
    host = app.stack.top
    click(app, button(host, "Host the game").rect.center)
    scene = app.stack.top
    assert scene.name == "online_board"
    frames_until(app, lambda: (scene.invite and scene.view.seen) or scene.status == "failed", 30)
    assert scene.status != "failed", scene.reason
    assert "Waiting for your opponent" in board.connection_words(scene.status, scene.reason, scene.view, scene.seat)
    invite = read_invite(scene.invite)
    assert invite.url == f"ws://127.0.0.1:{board.PORT}"   # the address it listens on (the loopback here)
    guest = Player(f"ws://127.0.0.1:{invite.port}", {"type": "join", "game": invite.code, "name": "Bob"})
    try:
        guest.wait(lambda p: p.view.seen and p.welcome)
        frames_until(app, lambda: scene.view.present[WHITE])
        assert scene.my_side() == BLACK and "Bob is connected" == board.connection_words(
            scene.status, scene.reason, scene.view, scene.seat)
        click(app, scene.geometry.square_center(11))
        click(app, scene.geometry.square_center(15))
        frames_until(app, lambda: scene.view.game.ply == 1)
        guest.client.send("move", ply=1, path=[22, 18])
        frames_until(app, lambda: scene.view.game.ply == 2)
        click(app, scene.resign.rect.center)
        frames_until(app, lambda: scene.view.over and scene.saved)
        guest.wait(lambda p: p.view.over)
        assert guest.view.result == "0-2" and scene.saved.startswith("Saved")
        archived = list((home / "data").rglob("*.pdn"))
        assert len(archived) == 1 and "Bob" in archived[0].read_text()
    finally:
        guest.close()
    proc = scene.hosted.proc
    app.pop()
    proc.join(10)
    assert not proc.is_alive()   # leaving ends the embedded server


def test_a_hosted_game_left_unfinished_is_reopened_from_two_players_and_the_friend_comes_back(app):
    app.switch("two_players")
    assert "Back to your online game" not in [w.text for w in app.stack.top.widgets]
    app.push("online_host")
    click(app, button(app.stack.top, "Host the game").rect.center)
    scene = app.stack.top
    frames_until(app, lambda: (scene.invite and scene.view.seen) or scene.status == "failed", 30)
    invite = read_invite(scene.invite)
    guest = Player(f"ws://127.0.0.1:{invite.port}", {"type": "join", "game": invite.code, "name": "Bob"})
    try:
        guest.wait(lambda p: p.view.seen and p.welcome)
        frames_until(app, lambda: scene.view.present[WHITE])
        click(app, scene.geometry.square_center(11))
        click(app, scene.geometry.square_center(15))
        frames_until(app, lambda: scene.view.game.ply == 1)
        proc = scene.hosted.proc
        app.pop()                                   # the host leaves: the server goes with the window
        app.pop()
        proc.join(10)
        guest.wait(lambda p: any(s.state == "reconnecting" for s in p.statuses))
        assert app.stack.top.name == "two_players"
        app.switch("two_players")                   # the screen opened again reads the seat kept
        two = app.stack.top
        click(app, button(two, "Back to your online game").rect.center)
        again = app.stack.top
        assert again.name == "online_board" and again is not scene
        frames_until(app, lambda: again.view.seen and again.view.present[WHITE] or again.status == "failed", 60)
        assert again.my_side() == BLACK and [m.path for m in again.view.game.moves] == [(11, 15)]
        guest.wait(lambda p: p.view.present[BLACK], timeout=30)
        guest.client.send("resign")
        frames_until(app, lambda: again.saved is not None)
    finally:
        guest.close()
    app.switch("two_players")
    assert "Back to your online game" not in [w.text for w in app.stack.top.widgets]   # a finished game is not kept
