"""Online games from end to end: two of the game's own clients and a server on 127.0.0.1."""

import random
import time

import pytest
from net_helpers import Player, ServerThread, play_out, until

from game.net.library import save_finished
from game.net.server import Settings
from game.notation.pdn import read_pdn
from game.rules import BLACK, WHITE


@pytest.fixture
def server(tmp_path):
    with ServerThread(tmp_path / "games.sqlite3", Settings(ping_interval=1.0, ping_timeout=1.0)) as s:
        yield s


def _pair(server, control="5+0", side="black"):
    host = Player(server.url, {"type": "create", "name": "Ann", "side": side, "control": control,
                               "draw_rule": "official"})
    host.wait(lambda p: p.welcome and p.view.seen)
    guest = Player(server.url, {"type": "join", "game": host.welcome.game, "name": "Bob"})
    guest.wait(lambda p: p.welcome and p.view.seen)
    host.wait(lambda p: p.view.present[BLACK] and p.view.present[WHITE])
    return host, guest


def test_two_clients_play_a_whole_game_and_both_libraries_hold_the_same_pdn(server, tmp_path):
    host, guest = _pair(server)
    try:
        assert {host.welcome.seat, guest.welcome.seat} == {"black", "white"}
        assert host.welcome.token != guest.welcome.token
        view = play_out([host, guest], random.Random(44))
        assert view.over and view.result in ("2-0", "0-2", "1-1")
        assert host.view.game.moves == guest.view.game.moves == view.game.moves
        paths = [save_finished(p.view, tmp_path / name) for p, name in ((host, "ann"), (guest, "bob"))]
        texts = [path.read_text(encoding="utf-8") for path in paths]
        assert texts[0] == texts[1]
        assert paths[0].name == paths[1].name
        (read,) = read_pdn(texts[0])
        assert read.error is None and read.moves == view.game.moves
        assert read.tags["Black"] == "Ann" and read.tags["White"] == "Bob" and read.tags["TimeControl"] == "300+0"
        assert read.result == view.result
        clocks = [text for _ply, text in read.comments if "%clock" in text]
        assert len(clocks) == view.game.ply   # every move has its clock
    finally:
        host.close()
        guest.close()


def test_a_draw_offered_and_accepted_and_a_resignation_end_the_game(server):
    host, guest = _pair(server)
    try:
        play_out([host, guest], random.Random(1), until_ply=4)
        host.client.send("offer_draw", ply=4)
        guest.wait(lambda p: p.view.draw_offer == BLACK)
        guest.client.send("accept_draw", ply=4)
        host.wait(lambda p: p.view.over)
        assert host.view.termination == "agreement" and host.view.result == "1-1"
    finally:
        host.close()
        guest.close()
    host, guest = _pair(server)
    try:
        guest.client.send("resign")
        host.wait(lambda p: p.view.over)
        assert host.view.termination == "resignation" and host.view.result == "2-0"
    finally:
        host.close()
        guest.close()


def test_a_clock_that_runs_out_loses_on_time(server):
    host, guest = _pair(server, control="0.02+0")   # 1.2 s a side
    try:
        host.wait(lambda p: p.view.over, timeout=15)
        assert host.view.termination == "time_forfeit" and host.view.result == "0-2"   # Black did not move
        assert guest.wait(lambda p: p.view.over)
    finally:
        host.close()
        guest.close()


def test_a_dropped_player_keeps_the_seat_their_clock_runs_and_they_come_back(server):
    host, guest = _pair(server, control="1+0")
    try:
        play_out([host, guest], random.Random(2), until_ply=2)
        seat_token = host.welcome.token
        host.client.drop()                                     # Black's connection is cut
        guest.wait(lambda p: not p.view.present[BLACK])       # the opponent sees Black gone ...
        assert guest.view.running and guest.view.game.turn == BLACK   # ... with Black's clock running
        before = guest.view.left[BLACK]
        host.wait(lambda p: p.view.present[BLACK] and p.view.present[WHITE])   # back on its own
        assert host.client.seat.token == seat_token and host.client.seat.seat == "black"
        guest.wait(lambda p: p.view.present[BLACK])
        assert guest.view.left[BLACK] < before or guest.view.game.ply > 2
        view = play_out([host, guest], random.Random(3), until_ply=6)
        assert view.game.ply >= 6
    finally:
        host.close()
        guest.close()


def test_a_watcher_sees_the_game_and_its_moves_are_refused(server):
    host, guest = _pair(server)
    watcher = Player(server.url, {"type": "watch", "game": host.welcome.game})
    try:
        watcher.wait(lambda p: p.welcome and p.view.seen)
        assert watcher.welcome.seat == "observer" and watcher.welcome.token is None
        move = watcher.view.game.legal_moves()[0]
        watcher.client.send("move", ply=0, path=list(move.path))
        watcher.wait(lambda p: p.refusals)
        assert "observer" in watcher.refusals[0].reason
        play_out([host, guest], random.Random(5), until_ply=2)
        watcher.wait(lambda p: p.view.game.ply == 2)
        assert watcher.view.game.moves == host.view.game.moves
        assert watcher.view.game.moves[0] != move or host.view.game.moves[0] == move
    finally:
        for p in (host, guest, watcher):
            p.close()


def test_the_clients_clock_counts_down_between_states(server):
    host, guest = _pair(server, control="1+0")
    try:
        now = time.monotonic()
        assert host.view.remaining(BLACK, now + 5) <= host.view.remaining(BLACK, now) - 4.9
        assert host.view.remaining(WHITE, now + 5) == host.view.remaining(WHITE, now)
        until(lambda: host.pump().view.game.turn == BLACK)
    finally:
        host.close()
        guest.close()
