"""The server's disk writes run off its loop, in batches, and nothing is told before it is on disk."""

import sqlite3
import threading

import pytest
from net_helpers import ServerThread, ask, create, expect, join, msg, raw, send, until

import game.net.writer as writer_module


def moves_on_disk(db, code):
    con = sqlite3.connect(db)
    try:
        return [row[0] for row in con.execute("SELECT path FROM moves WHERE code = ? ORDER BY ply", (code,))]
    finally:
        con.close()


def test_each_state_a_player_hears_is_on_disk_already_and_a_slow_disk_is_paid_once_a_batch(tmp_path, monkeypatch):
    db = tmp_path / "g.sqlite3"
    gate = threading.Event()
    gate.set()
    batches = []
    real = writer_module.write_changes

    def slow_write(con, changes):   # a disk that takes as long as the test says
        assert gate.wait(10)
        batches.append(len(changes))
        real(con, changes)

    monkeypatch.setattr(writer_module, "write_changes", slow_write)
    try:
        play(db, gate, batches)
    finally:
        gate.set()


def play(db, gate, batches):
    with ServerThread(db) as server, raw(server.url) as black, raw(server.url) as white, \
            raw(server.url) as other_black, raw(server.url) as other_white:
        code, _ = create(black)
        join(white, code)
        expect(black)   # White came: the state saying so
        other, _ = create(other_black)
        join(other_white, other)
        expect(other_black)
        # each answer is read straight after it comes: its move is in the file by then
        for ply, (ws, path) in enumerate([(black, [9, 14]), (white, [22, 17]), (black, [11, 15])]):
            state = ask(ws, msg("move", ply=ply, path=path))
            assert state["type"] == "state" and len(state["moves"]) == ply + 1
            assert moves_on_disk(db, code) == ["9-14", "22-17", "11-15"][:ply + 1]
            expect(white if ws is black else black)   # the opponent's copy
        # the disk stalls: moves of both games still come in and are checked; nobody hears of them yet
        gate.clear()
        before, base = len(batches), server.call(lambda: server.server.saved)
        send(white, msg("move", ply=3, path=[17, 13]))
        send(other_black, msg("move", ply=0, path=[10, 15]))
        until(lambda: server.call(lambda: server.server.saved) == base + 2)   # the loop is not held by the disk
        send(other_white, msg("move", ply=1, path=[21, 17]))
        send(black, msg("move", ply=4, path=[10, 15]))   # not Black's turn: refused, after what came before
        until(lambda: server.call(lambda: server.server.saved) == base + 3 and len(server.server.held) >= 7)
        assert server.call(lambda: server.server.committed) <= base
        with pytest.raises(TimeoutError):
            white.recv(timeout=0.2)   # not told while its move is not on disk
        gate.set()
        assert expect(white)["moves"][-1] == [17, 13]
        assert moves_on_disk(db, code)[-1] == "17-13"
        assert expect(other_black)["moves"] == [[10, 15]]
        assert expect(other_black)["moves"] == [[10, 15], [21, 17]]
        assert moves_on_disk(db, other) == ["10-15", "21-17"]
        assert expect(black)["moves"][-1] == [17, 13]
        assert expect(black)["type"] == "refused"
        # the three moves made while the disk stalled: the first may have been taken alone, the rest together
        assert sum(batches[before:]) == 3 and max(batches[before:]) >= 2
