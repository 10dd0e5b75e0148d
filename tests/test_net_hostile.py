"""A hostile client against the server: every bad message is refused in one line and the server goes on.

Each case is sent on a connection that may be a seat of a game in progress;
afterwards the server must answer a good request on a fresh connection, and
the game must be exactly as it was (no move accepted from the wrong seat, the
wrong turn or an old message).
"""

import contextlib
import json
import socket
import time

import pytest
from net_helpers import ServerThread, ask, create, expect, join, msg, raw, send, until
from websockets.exceptions import ConnectionClosed

from game.net.protocol import MAX_MESSAGE_BYTES
from game.net.server import WIRE_MAX_BYTES, Settings

SETTINGS = Settings(ping_interval=0.3, ping_timeout=0.3, hello_timeout=1.0, guess_rate=0.01, guess_burst=5,
                    message_rate=50, message_burst=50, max_connections=64, create_rate=100, create_burst=100)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with ServerThread(tmp_path_factory.mktemp("net") / "games.sqlite3", SETTINGS) as s:
        yield s


@pytest.fixture
def game(server):
    """A game with both seats taken: ``(black, white, code, tokens)``, the connections open."""
    with raw(server.url) as black, raw(server.url) as white:
        code, black_token = create(black)
        white_token = join(white, code)
        expect(black)   # the state after White joined
        yield black, white, code, (black_token, white_token)


def moves_of(server, code):
    return server.call(lambda: [m.path for m in server.server.rooms[code].game.moves])


def refused(reply):
    assert reply["type"] == "refused", reply
    assert isinstance(reply["reason"], str) and reply["reason"] and "\n" not in reply["reason"]
    return reply["reason"]


def still_serving(server):
    with raw(server.url) as ws:
        code, _ = create(ws, name="Check")
        assert len(code) == 6


# -- one message each: refused, and the game does not change ----------------------------------

BAD = {
    "not json": "hello",
    "cut json": '{"v": 1, "type": "move"',
    "a list": "[1, 2, 3]",
    "a number": "42",
    "a string": '"move"',
    "null": "null",
    "nested deep": "[" * 3000 + "]" * 3000,
    "bytes not utf-8": b"\xff\xfe\x00garbage",
    "no version": {"type": "resign"},
    "wrong version": {"v": 2, "type": "resign"},
    "version as text": {"v": "1", "type": "resign"},
    "version as bool": {"v": True, "type": "resign"},
    "no type": {"v": 1},
    "type a number": {"v": 1, "type": 7},
    "unknown type": msg("teleport"),
    "extra field": msg("resign", please=True),
    "move without path": msg("move", ply=0),
    "path not a list": msg("move", ply=0, path="11-15"),
    "path of one square": msg("move", ply=0, path=[11]),
    "path too long": msg("move", ply=0, path=[11, 15] * 10),
    "square 0": msg("move", ply=0, path=[0, 15]),
    "square 33": msg("move", ply=0, path=[11, 33]),
    "square as text": msg("move", ply=0, path=["11", "15"]),
    "square as bool": msg("move", ply=0, path=[True, 15]),
    "square a float": msg("move", ply=0, path=[11.0, 15]),
    "ply negative": msg("move", ply=-1, path=[11, 15]),
    "ply huge": msg("move", ply=10 ** 30, path=[11, 15]),
    "ply a float": msg("move", ply=0.0, path=[11, 15]),
    "ply a bool": msg("move", ply=False, path=[11, 15]),
    "ply infinite": '{"v": 1, "type": "move", "ply": 1e999, "path": [11, 15]}',
    "ply NaN": '{"v": 1, "type": "move", "ply": NaN, "path": [11, 15]}',
    "offer without ply": msg("offer_draw"),
    "oversized (over the cap, under the wire limit)": msg("resign", pad="x" * (MAX_MESSAGE_BYTES + 10)),
    "illegal move": msg("move", ply=0, path=[11, 18]),
    "a backward man move": msg("move", ply=0, path=[11, 7]),
    "a move of the other side": msg("move", ply=0, path=[22, 18]),
    "a capture that is not there": msg("move", ply=0, path=[9, 18]),
    "a move from the future": msg("move", ply=5, path=[11, 15]),
    "accept a draw nobody offered": msg("accept_draw", ply=0),
    "decline a draw nobody offered": msg("decline_draw", ply=0),
    "join again on a seat's connection": msg("join", game="ABCDEF", name="x"),
    "create again on a seat's connection": msg("create", name="x", side="black", control="5+0", draw_rule="official"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_a_bad_message_from_a_seat_is_refused_in_one_line(server, game, name):
    black, _white, code, _tokens = game
    before = moves_of(server, code)
    refused(ask(black, BAD[name]))
    assert ask(black, msg("offer_draw", ply=0))["type"] == "state"   # the connection goes on
    assert moves_of(server, code) == before == []


HELLO_BAD = {
    "join with a lowercase code": msg("join", game="abcdef", name="x"),
    "join with a long code": msg("join", game="ABCDEFG", name="x"),
    "join with a name too long": msg("join", game="ABCDEF", name="x" * 41),
    "join with a name a list": msg("join", game="ABCDEF", name=["x"]),
    "resume with a short token": msg("resume", game="ABCDEF", token="abc"),
    "resume with a token of bad characters": msg("resume", game="ABCDEF", token="!" * 20),
    "create with a bad side": msg("create", name="x", side="red", control="5+0", draw_rule="official"),
    "create with a bad control": msg("create", name="x", side="black", control="five", draw_rule="official"),
    "create with a control too long": msg("create", name="x", side="black", control="999+0", draw_rule="official"),
    "create with a bad draw rule": msg("create", name="x", side="black", control="5+0", draw_rule="never"),
    "a move before saying which game": msg("move", ply=0, path=[11, 15]),
    "a resignation before saying which game": msg("resign"),
}


@pytest.mark.parametrize("name", list(HELLO_BAD))
def test_a_bad_first_message_is_refused_in_one_line(server, name):
    with raw(server.url) as ws:
        refused(ask(ws, HELLO_BAD[name]))
    still_serving(server)


# -- seats, turns and replays -------------------------------------------------------------------

def test_white_cannot_move_for_black_and_black_not_twice(server, game):
    black, white, code, _ = game
    assert "not your turn" in refused(ask(white, msg("move", ply=0, path=[11, 15])))
    assert "not your turn" in refused(ask(white, msg("move", ply=0, path=[22, 18])))
    assert ask(black, msg("move", ply=0, path=[11, 15]))["type"] == "state"
    expect(white)
    assert "not your turn" in refused(ask(black, msg("move", ply=1, path=[15, 19])))
    assert moves_of(server, code) == [(11, 15)]


def test_a_replayed_move_is_refused_as_stale(server, game):
    black, white, code, _ = game
    old = json.dumps(msg("move", ply=0, path=[11, 15]))
    assert ask(black, old)["type"] == "state"
    expect(white)
    assert "stale" in refused(ask(black, old))
    assert ask(white, msg("move", ply=1, path=[22, 18]))["type"] == "state"
    expect(black)
    assert "stale" in refused(ask(black, old))   # black to move again, but the message is about move 0
    assert moves_of(server, code) == [(11, 15), (22, 18)]


def test_a_wrong_token_is_refused_and_the_right_one_takes_the_seat_back(server, game):
    black, white, code, (black_token, white_token) = game
    with raw(server.url) as ws:
        assert "not a seat" in refused(ask(ws, msg("resume", game=code, token="A" * 22)))
    with raw(server.url) as ws:
        welcome = ask(ws, msg("resume", game=code, token=white_token))
        assert welcome["seat"] == "white" and welcome["token"] == white_token
        expect(ws)
        assert "not your turn" in refused(ask(ws, msg("move", ply=0, path=[22, 18])))
    assert moves_of(server, code) == []


def test_an_observer_never_moves_resigns_or_offers(server, game):
    black, white, code, _ = game
    with raw(server.url) as ws:
        welcome = ask(ws, msg("watch", game=code))
        assert welcome["seat"] == "observer" and welcome["token"] is None
        expect(ws)
        for request in (msg("move", ply=0, path=[11, 15]), msg("resign"), msg("offer_draw", ply=0),
                        msg("accept_draw", ply=0)):
            assert "observer" in refused(ask(ws, request))
    assert moves_of(server, code) == []
    assert server.call(lambda: server.server.rooms[code].outcome) is None


def test_a_third_player_cannot_join_a_full_game(server, game):
    _black, _white, code, _ = game
    with raw(server.url) as ws:
        assert "two players" in refused(ask(ws, msg("join", game=code, name="Eve")))


def test_no_move_before_the_opponent_joins(server):
    with raw(server.url) as ws:
        code, _ = create(ws)
        assert "opponent" in refused(ask(ws, msg("move", ply=0, path=[11, 15])))
        assert moves_of(server, code) == []


def test_nothing_is_played_after_the_end(server, game):
    black, white, code, _ = game
    assert ask(white, msg("resign"))["type"] == "state"
    expect(black)
    assert "over" in refused(ask(black, msg("move", ply=0, path=[11, 15])))
    assert "over" in refused(ask(white, msg("resign")))
    assert moves_of(server, code) == []


def test_a_draw_is_offered_once_a_move(server, game):
    black, white, code, _ = game
    assert ask(black, msg("offer_draw", ply=0))["type"] == "state"
    expect(white)
    assert "already" in refused(ask(black, msg("offer_draw", ply=0)))
    assert "accept or decline" in refused(ask(white, msg("offer_draw", ply=0)))
    assert ask(white, msg("decline_draw", ply=0))["type"] == "state"
    expect(black)
    assert "already" in refused(ask(black, msg("offer_draw", ply=0)))


# -- floods, guesses, sizes and dead connections -----------------------------------------------

def test_an_unknown_code_is_refused_and_guessing_codes_is_cut_off(server):
    with raw(server.url) as ws:
        assert "no game" in refused(ask(ws, msg("watch", game="ZZZZZZ")))
    closed = False
    with raw(server.url) as ws:
        for n in range(20):
            try:
                reply = ask(ws, msg("join", game=f"ZZZZ{'23456789'[n % 8]}{'23456789'[n // 8]}", name="x"))
            except ConnectionClosed:
                closed = True
                break
            refused(reply)
    assert closed, "twenty guessed codes in a row were all answered"
    still_serving(server)


def test_a_flood_is_refused_then_cut_off_and_the_game_goes_on(server, game):
    black, white, code, _ = game
    with pytest.raises(ConnectionClosed):
        for _ in range(1000):
            send(white, msg("move", ply=0, path=[22, 18]))
        while True:
            expect(white, timeout=5)
    send(black, msg("move", ply=0, path=[11, 15]))
    until(lambda: moves_of(server, code) == [(11, 15)])


def test_a_message_too_big_for_the_wire_closes_only_that_connection(server, game):
    black, white, code, _ = game
    with pytest.raises(ConnectionClosed) as e:
        send(white, "x" * (WIRE_MAX_BYTES + 1))
        expect(white)
    assert e.value.rcvd is None or e.value.rcvd.code == 1009
    assert ask(black, msg("move", ply=0, path=[11, 15]))["type"] == "state"


def test_a_connection_that_says_nothing_is_closed(server):
    with raw(server.url) as ws:
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=5)


def test_a_half_open_connection_is_closed_by_pings_and_the_seat_shows_gone(server, game):
    black, white, code, _ = game
    # a client that finished the handshake and then went silent: it never answers a ping
    sock = socket.create_connection(("127.0.0.1", server.port))
    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    assert b"101" in sock.recv(4096)
    frame = json.dumps(msg("watch", game=code)).encode()
    mask = b"\x00\x00\x00\x00"
    sock.sendall(bytes([0x81, 0x80 | len(frame)]) + mask + frame)
    until(lambda: server.call(lambda: len(server.server.members[code])) == 3)
    until(lambda: server.call(lambda: len(server.server.members[code])) == 2, timeout=10)   # pings gave up
    sock.close()


def test_tcp_garbage_and_a_bad_handshake_do_not_hurt(server):
    for junk in (b"\x00" * 1000, b"GET / HTTP/1.1\r\n\r\n", b"HELLO\r\n\r\n" * 100):
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as s:
            s.sendall(junk)
            s.recv(4096)
    still_serving(server)


def test_connections_are_bounded(tmp_path):
    with ServerThread(tmp_path / "small.sqlite3", Settings(max_connections=3, hello_timeout=5)) as small:
        with contextlib.ExitStack() as opened:
            for _ in range(3):
                opened.enter_context(raw(small.url))
            until(lambda: small.call(lambda: len(small.server.connections)) == 3)
            with raw(small.url) as extra:
                with pytest.raises(ConnectionClosed) as e:
                    extra.recv(timeout=5)
                assert e.value.rcvd.code == 1013
        until(lambda: small.call(lambda: len(small.server.connections)) == 0)
        with raw(small.url) as ws:
            create(ws)


def test_the_server_survived_it_all(server):
    still_serving(server)
    assert server.thread.is_alive()
    time.sleep(0.1)
