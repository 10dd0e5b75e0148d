"""The engine client against a worker that stalls or says what it cannot mean (issue 45 items 4 and 7).

The window polls the client once a frame: a worker that stops halfway through a message
must not hold that poll (the old ``recv()`` waited for the rest, 23 minutes without a
watchdog), and is treated as a dead one after ``STALL_SECONDS``: replaced, the request sent
again, then answered with an error.  Every message is checked before the window sees it:
an Info whose pv is not a line of moves, a Done with an illegal move, a string, bytes that
do not unpickle, a 2 GB announcement.  The misbehaving workers are in hostile_workers.py.
"""

import threading
import time

import hostile_workers
import pytest

from game.engine import process
from game.engine.process import Done, EngineClient, Info, Limit
from game.rules import Move, Position

HANG = 60  # seconds: a poll that has not returned by then is a hang


@pytest.fixture
def worker_as(monkeypatch):
    """An engine client whose workers run ``hostile_workers.<name>``; every client is closed after."""
    clients = []

    def make(name, stall=0.5):
        monkeypatch.setattr(process, "_worker_main", getattr(hostile_workers, name))
        monkeypatch.setattr(process, "STALL_SECONDS", stall, raising=False)
        client = EngineClient()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.close(wait=False)


def poll_until_done(client, seconds=HANG):
    """Everything ``client.poll()`` returns until a Done, each poll in a thread that must come back."""
    out = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        result = {}
        t = threading.Thread(target=lambda box=result: box.setdefault("msgs", client.poll()), daemon=True)
        t.start()
        t.join(max(0.0, deadline - time.monotonic()))
        if t.is_alive():
            client.close(wait=False)  # closes the pipe: the stuck recv() ends, and the thread with it
            pytest.fail("poll() blocked on a worker's half-sent message")
        out += result["msgs"]
        if out and isinstance(out[-1], Done):
            return out
        time.sleep(0.02)
    pytest.fail(f"no Done within {seconds} s: {out[-3:]}")


def test_a_worker_stalled_halfway_through_a_message_is_treated_as_dead(worker_as):
    client = worker_as("stalling")
    client.go(Position.initial(), limit=Limit(depth=2))
    first = client.pid
    msgs = poll_until_done(client)
    assert msgs == [msgs[-1]] and msgs[-1].move is None
    assert "stalled" in msgs[-1].error
    assert client.restarts == process._MAX_RETRIES + 1  # each replacement stalled too
    assert client.pid != first and not client.busy


def test_a_stalled_worker_is_replaced_and_the_request_answered_by_the_next(worker_as, monkeypatch, tmp_path):
    monkeypatch.setenv("STALL_MARK", str(tmp_path / "stalled-once"))
    client = worker_as("stalling_once")
    client.go(Position.initial(), limit=Limit(depth=2))
    msgs = poll_until_done(client)
    assert client.restarts == 1
    assert isinstance(msgs[-1], Done) and msgs[-1].move in Position.initial().legal_moves()
    assert msgs[-1].error is None


def test_an_info_whose_pv_is_not_a_line_never_reaches_the_window(worker_as):
    client = worker_as("pv_not_iterable")
    client.go(Position.initial(), limit=Limit(depth=2))
    msgs = poll_until_done(client)
    for m in msgs:
        if isinstance(m, Info):
            assert isinstance(m.pv, tuple) and all(isinstance(x, Move) for x in m.pv)
            tuple(m.pv)  # what the controller does with it
    assert msgs[-1].move is None and "line" in msgs[-1].error


def test_a_pv_is_shown_only_as_far_as_it_is_legal(worker_as):
    client = worker_as("illegal_pv_tail")
    client.go(Position.initial(), limit=Limit(depth=2))
    msgs = poll_until_done(client)
    infos = [m for m in msgs if isinstance(m, Info)]
    first = Position.initial().legal_moves()[0]
    assert infos and infos[0].pv == (first,)
    assert msgs[-1].move == first and msgs[-1].error is None


@pytest.mark.parametrize("name, words", [("illegal_move", "not legal"), ("a_string", "a str, not an Info"),
                                         ("not_a_pickle", "not a message"),
                                         ("huge_announcement", "announced")])
def test_a_message_our_worker_never_sends_is_an_error_not_a_crash(worker_as, name, words):
    client = worker_as(name)
    client.go(Position.initial(), limit=Limit(depth=2))
    msgs = poll_until_done(client)
    assert msgs == [msgs[-1]] and msgs[-1].move is None and words in msgs[-1].error
