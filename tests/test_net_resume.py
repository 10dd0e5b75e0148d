"""A server killed outright (SIGKILL) and started again resumes every game move for move."""

import random
import signal

from net_helpers import Player, ask, create, expect, join, msg, play_out, raw, server_process

from game.rules import BLACK, WHITE, Game, Move


def test_a_killed_server_resumes_every_game_and_the_players_reconnect_on_their_own(tmp_path):
    db = tmp_path / "games.sqlite3"
    with server_process(db) as (proc, port):
        url = f"ws://127.0.0.1:{port}"
        host = Player(url, {"type": "create", "name": "Ann", "side": "white", "control": "10+5",
                            "draw_rule": "official"})
        host.wait(lambda p: p.welcome and p.view.seen)
        guest = Player(url, {"type": "join", "game": host.welcome.game, "name": "Bob"})
        guest.wait(lambda p: p.welcome and p.view.seen)
        # a second game, by bare connections, left with Black to move
        with raw(url) as a, raw(url) as b:
            code2, token2 = create(a, name="Cy")
            join(b, code2, name="Di")
            assert ask(a, msg("move", ply=0, path=[9, 14]))["type"] == "state"
        rng = random.Random(7)
        before = play_out([host, guest], rng, until_ply=9)
        moves, clocks = list(before.game.moves), list(before.move_clocks)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        host.wait(lambda p: any(s.state == "reconnecting" for s in p.statuses))
    try:
        with server_process(db, port) as (proc2, _):
            # the players come back by themselves, to the same seats, in the same game
            for p in (host, guest):
                p.wait(lambda p: p.view.present[BLACK] and p.view.present[WHITE], timeout=30)
            assert host.client.seat.seat == "white" and guest.client.seat.seat == "black"
            assert host.view.game.moves == guest.view.game.moves == moves
            assert host.view.move_clocks == clocks
            assert host.view.names == {BLACK: "Bob", WHITE: "Ann"}
            after = play_out([host, guest], rng)
            assert after.over and after.game.moves[:len(moves)] == moves
            with raw(url) as a:
                welcome = ask(a, msg("resume", game=code2, token=token2))
                assert welcome["seat"] == "black"
                state = expect(a)
                assert state["moves"] == [[9, 14]] and state["names"] == {"black": "Cy", "white": "Di"}
                game = Game()
                for path in state["moves"]:
                    game.push(Move(path))
                assert state["clocks"]["running"] and game.turn == WHITE
    finally:
        host.close()
        guest.close()
