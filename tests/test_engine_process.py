"""The engine worker process, driven through the real process (spawn)."""

import multiprocessing
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.engine import LEVELS
from game.engine.process import Done, EngineClient, EngineError, Info, Limit
from game.rules import Position

ROOT = Path(__file__).resolve().parents[1]
MIDGAME = Position.from_fen("W:W18,21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,14")


def pid_gone(pid, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        # a zombie still answers kill(0); it is gone for our purposes once reaped
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().split(")")[-1].split()[0] == "Z":
                    return True
        except OSError:
            return True
        time.sleep(0.05)
    return False


@pytest.fixture
def client():
    c = EngineClient()
    yield c
    c.close()


def test_import_starts_nothing():
    assert EngineClient().pid is None  # lazy: the first go() starts the worker
    assert not [p for p in multiprocessing.active_children() if p.name == "checkers-engine"]


def test_go_gives_infos_then_one_legal_done(client):
    rid = client.go(Position.initial(), limit=Limit(depth=5))
    assert client.busy and client.request_id == rid
    msgs = client.wait(30)
    assert msgs, "no answer"
    assert all(m.request_id == rid for m in msgs)
    dones = [m for m in msgs if isinstance(m, Done)]
    infos = [m for m in msgs if isinstance(m, Info)]
    assert len(dones) == 1 and msgs[-1] is dones[0]
    assert [i.depth for i in infos] == sorted(i.depth for i in infos) and infos[-1].depth == 5
    assert dones[0].move in Position.initial().legal_moves()
    assert not client.busy
    time.sleep(0.2)
    assert client.poll() == []  # nothing more for a finished request


def test_poll_never_blocks(client):
    client.go(MIDGAME, limit=Limit(time=2.0))
    t = time.perf_counter()
    for _ in range(50):
        client.poll()
    assert time.perf_counter() - t < 0.1
    client.cancel()


def test_stop_moves_now_with_a_legal_move(client):
    client.go(MIDGAME, limit=Limit())  # no limit: deepens until stopped
    client.wait(0.8)
    assert client.busy
    t = time.perf_counter()
    client.stop()
    msgs = client.wait(5)
    elapsed = time.perf_counter() - t
    done = msgs[-1]
    assert isinstance(done, Done) and done.move in MIDGAME.legal_moves()
    assert elapsed < 1.0, f"stop took {elapsed:.2f}s"


def test_stop_always_gets_a_done(client):
    rid = client.go(Position.initial(), limit=Limit(depth=2))
    time.sleep(1.0)  # finished by now, Done in the pipe
    client.stop()    # stop after the end: still exactly one Done
    msgs = client.wait(5)
    assert [type(m) for m in msgs if isinstance(m, Done)] == [Done]
    assert msgs[-1].request_id == rid and msgs[-1].move is not None
    time.sleep(0.3)
    assert client.poll() == []
    client.stop()  # nothing running: harmless
    assert client.poll() == []


def test_cancel_and_new_go_drop_stale_answers(client):
    old = client.go(MIDGAME, limit=Limit(time=3.0))
    client.cancel()
    assert not client.busy
    time.sleep(0.5)
    assert client.poll() == []  # the old request's answers are dropped
    new = client.go(Position.initial(), limit=Limit(depth=3))
    assert new != old
    newer = client.go(MIDGAME, limit=Limit(depth=4))  # replaces `new` before it answers
    msgs = client.wait(30)
    assert msgs and all(m.request_id == newer for m in msgs)
    assert msgs[-1].move in MIDGAME.legal_moves()


def test_killed_worker_is_restarted_and_request_retried(client):
    client.go(MIDGAME, limit=Limit(time=1.5))
    client.poll()
    first = client.pid
    os.kill(first, 9)
    msgs = client.wait(30)
    assert msgs and isinstance(msgs[-1], Done)
    assert msgs[-1].move in MIDGAME.legal_moves() and msgs[-1].error is None
    assert client.restarts >= 1 and client.pid != first
    # and the new worker keeps serving
    client.go(Position.initial(), limit=Limit(depth=3))
    assert client.wait(30)[-1].move in Position.initial().legal_moves()


def test_close_leaves_no_child():
    c = EngineClient()
    c.go(MIDGAME, limit=Limit())
    c.poll()
    pid = c.pid
    c.close()
    assert pid_gone(pid)
    assert not [p for p in multiprocessing.active_children() if p.name == "checkers-engine"]
    with pytest.raises(EngineError):
        c.go(MIDGAME, limit=Limit(depth=1))
    c.close()  # twice is fine


def test_context_manager_closes_on_exception():
    pid = None
    with pytest.raises(RuntimeError):
        with EngineClient() as c:
            c.go(MIDGAME, limit=Limit())
            pid = c.pid
            raise RuntimeError("boom")
    assert pid_gone(pid)


@pytest.mark.parametrize("name", [lv.name for lv in LEVELS[:3]] + ["master".upper()])
def test_level_names(client, name):
    pos = MIDGAME
    client.go(pos, limit=Limit(level=name))
    if name == "MASTER":
        client.wait(1.0)
        client.stop()  # the strongest level thinks long: move now
    msgs = client.wait(60)
    assert isinstance(msgs[-1], Done) and msgs[-1].move in pos.legal_moves()


def test_bad_level_name_fails_in_the_caller(client):
    with pytest.raises(Exception):
        client.go(MIDGAME, limit=Limit(level="no such level"))


def test_no_legal_move_is_done_with_none(client):
    lost = Position.from_fen("B:W18:B")  # black has no pieces
    client.go(lost, limit=Limit(depth=3))
    msgs = client.wait(10)
    assert msgs[-1].move is None and msgs[-1].error is None


SCRIPT = textwrap.dedent("""
    import os, sys, time
    sys.path.insert(0, {root!r})
    from game.engine.process import EngineClient, Limit
    from game.rules import Position

    if __name__ == "__main__":
        c = EngineClient()
        c.go(Position.initial(), limit=Limit())
        c.poll()
        print(c.pid, flush=True)
        if sys.argv[1] == "exit":
            sys.exit(0)          # no close(): interpreter exit must end the worker
        if sys.argv[1] == "drop":
            del c                # garbage collected: the finalizer ends the worker
            print("dropped", flush=True)
            time.sleep(30)
        time.sleep(30)           # "sigint": Ctrl+C arrives here
""")


@pytest.mark.parametrize("how", ["exit", "sigint", "drop"])
def test_worker_ends_with_its_parent(tmp_path, how):
    script = tmp_path / "parent.py"
    script.write_text(SCRIPT.format(root=str(ROOT)))
    p = subprocess.Popen([sys.executable, str(script), how], stdout=subprocess.PIPE, text=True)
    try:
        pid = int(p.stdout.readline())
        if how == "sigint":
            time.sleep(0.3)
            p.send_signal(2)
        elif how == "drop":
            assert p.stdout.readline().strip() == "dropped"
            assert pid_gone(pid, 10)
            p.kill()
        p.wait(15)
        assert pid_gone(pid, 10)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()


# -- close(wait=False): the UI never waits for a worker to leave ---------------------------

def _searching_client():
    c = EngineClient()
    c.go(MIDGAME, limit=Limit())  # deepens until stopped
    deadline = time.monotonic() + 10
    while not any(isinstance(m, Info) for m in c.poll()):
        assert time.monotonic() < deadline, "no Info from the worker"
        time.sleep(0.01)
    return c


def test_close_without_waiting_returns_at_once_and_the_worker_goes():
    c = _searching_client()
    pid = c.pid
    t = time.perf_counter()
    c.close(wait=False)
    assert time.perf_counter() - t < 0.05
    assert pid_gone(pid, 5)
    c.close(wait=False)  # idempotent
    c.close()
    with pytest.raises(EngineError):
        c.go(MIDGAME)


def test_close_without_waiting_ends_a_stuck_worker():
    import signal

    c = _searching_client()
    pid = c.pid
    os.kill(pid, signal.SIGSTOP)  # a worker that will never read Quit nor notice the closed pipe
    try:
        t = time.perf_counter()
        c.close(wait=False)
        assert time.perf_counter() - t < 0.05
        assert pid_gone(pid, 6)  # terminate, then kill, in the background
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


STUCK_SCRIPT = textwrap.dedent("""
    import os, signal, sys, time
    sys.path.insert(0, {root!r})
    from game.engine.process import EngineClient, Limit
    from game.rules import Position

    if __name__ == "__main__":
        c = EngineClient()
        c.go(Position.initial(), limit=Limit())
        c.poll()
        os.kill(c.pid, signal.SIGSTOP)
        print(c.pid, flush=True)
        c.close(wait=False)
        sys.exit(0)  # at once: interpreter exit must still end the stuck worker
""")


def test_interpreter_exit_ends_a_worker_closed_without_waiting(tmp_path):
    import signal

    script = tmp_path / "stuck.py"
    script.write_text(STUCK_SCRIPT.format(root=str(ROOT)))
    p = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    pid = None
    try:
        pid = int(p.stdout.readline())
        p.wait(15)
        assert pid_gone(pid, 1)  # gone when the parent is, not some time later
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        if pid is not None:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
