"""The engine worker process, driven through the real process (spawn)."""

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from helpers import poll_until

from game.engine import LEVELS
from game.engine.process import BACKGROUND_NICENESS, Done, EngineClient, EngineError, Info, Limit
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


def _first_info(client, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msgs = client.poll()
        if any(isinstance(m, Info) for m in msgs):
            return msgs
        time.sleep(0.01)
    raise AssertionError("no Info from the worker")


def test_poll_never_blocks(client):
    client.go(MIDGAME, limit=Limit())  # deepens until stopped: a blocking poll would never return
    _first_info(client)
    t = time.perf_counter()
    msgs = [m for _ in range(50) for m in client.poll()]
    assert not any(isinstance(m, Done) for m in msgs) and client.busy
    assert time.perf_counter() - t < 20  # generous: waiting for the search would take forever
    client.cancel()


def test_stop_moves_now_with_a_legal_move(client):
    client.go(MIDGAME, limit=Limit())  # no limit: deepens until stopped, never ends on its own
    _first_info(client)  # the search is under way
    assert client.busy
    client.stop()
    msgs = client.wait(30)  # without the stop this would time out
    done = msgs[-1]
    assert isinstance(done, Done) and done.move in MIDGAME.legal_moves() and done.error is None
    assert not client.busy


def _read_raw_until_done(client, timeout=30):
    """The worker's messages read straight off the pipe, up to its Done (the
    client has not seen them: it still thinks the request is running)."""
    out = []
    deadline = time.monotonic() + timeout
    while not out or not isinstance(out[-1], Done):
        assert client._conn.poll(max(0.0, deadline - time.monotonic())), "no Done from the worker"
        out.append(client._conn.recv())
    return out


def test_stop_after_the_end_still_gets_exactly_one_done(client):
    rid = client.go(Position.initial(), limit=Limit(depth=2))
    first = _read_raw_until_done(client)[-1]  # finished; the client has not taken the Done
    assert client.busy
    client.stop()    # a late Stop: the worker sends its Done again
    msgs = client.wait(30)
    assert [m for m in msgs if isinstance(m, Done)] == [first]
    assert first.request_id == rid and first.move in Position.initial().legal_moves()
    assert not client.busy
    client.stop()  # nothing running: harmless
    assert client.poll() == []


def test_cancel_and_new_go_drop_stale_answers(client):
    old = client.go(MIDGAME, limit=Limit(time=3.0))
    client.cancel()
    assert not client.busy
    assert client._conn.poll(30)  # an answer of the old request has arrived...
    assert client.poll() == []  # ...and it is dropped
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


@pytest.mark.skipif(not hasattr(os, "setpriority"), reason="process priorities")
def test_a_background_worker_yields_the_cpu_and_so_does_its_replacement():
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    with EngineClient(background=True) as c:
        c.go(MIDGAME, limit=Limit())  # an analysis: searches until stopped
        first = c.pid
        assert os.getpriority(os.PRIO_PROCESS, first) == max(mine, BACKGROUND_NICENESS)
        os.kill(first, 9)
        poll_until(c.poll, lambda: c.pid not in (first, None))  # the worker died: a new one searches
        assert os.getpriority(os.PRIO_PROCESS, c.pid) == max(mine, BACKGROUND_NICENESS)
    assert os.getpriority(os.PRIO_PROCESS, 0) == mine  # the window's own process keeps its priority
    with EngineClient() as c:  # the computer player's engine is not one of them
        c.go(MIDGAME, limit=Limit(depth=1))
        assert os.getpriority(os.PRIO_PROCESS, c.pid) == mine


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
    with pytest.raises(ValueError, match="no such level"):
        client.go(MIDGAME, limit=Limit(level="no such level"))
    assert client.pid is None  # refused before anything was sent


def test_the_draw_rule_and_its_count_reach_the_search(client):
    from game.engine import Searcher

    kings = Position.from_fen("B:WK9,K11,K14,K23:BK20,K28,K32")  # four kings v three
    for rule, quiet in (("official", 60), ("csci561", 40)):
        client.go(kings, limit=Limit(depth=1), draw_rule=rule, quiet=quiet)
        done = [m for m in client.wait(30) if isinstance(m, Done)][-1]
        here = list(Searcher().search(kings, depth=1, draw_rule=rule, quiet=quiet))[-1]
        fresh = list(Searcher().search(kings, depth=1))[-1]
        assert done.score == here.score != fresh.score, rule
    with pytest.raises(ValueError, match="unknown draw rule 'fifty'"):
        client.go(kings, limit=Limit(depth=1), draw_rule="fifty")


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
        time.sleep(30)           # "sigint": Ctrl+C arrives here; "kill": SIGKILL, nothing of ours runs
""")


@pytest.mark.parametrize("how", ["exit", "sigint", "drop", "kill"])
def test_worker_ends_with_its_parent(tmp_path, how):
    script = tmp_path / "parent.py"
    script.write_text(SCRIPT.format(root=str(ROOT)))
    # (SIGINT at its default, as from a terminal, even under a runner started in the background)
    p = subprocess.Popen([sys.executable, str(script), how], stdout=subprocess.PIPE, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        pid = int(p.stdout.readline())
        if how == "sigint":
            p.send_signal(2)
        elif how == "kill":
            p.kill()  # the worker's pipe closes with its parent: it leaves on its own
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


@pytest.fixture
def long_grace(monkeypatch):
    """A worker given 60 s to leave: a close that waited would take that long."""
    import game.engine.process as process

    monkeypatch.setattr(process, "_QUIT_GRACE", 60.0)


def test_close_without_waiting_returns_at_once_and_the_worker_goes(long_grace):
    c = _searching_client()
    pid = c.pid
    t = time.perf_counter()
    c.close(wait=False)
    assert time.perf_counter() - t < 20  # generous, and far below the 60 s grace
    assert pid_gone(pid, 5)
    c.close(wait=False)  # idempotent
    c.close()
    with pytest.raises(EngineError):
        c.go(MIDGAME)


def test_close_without_waiting_ends_a_stuck_worker(long_grace):
    import signal

    c = _searching_client()
    pid = c.pid
    os.kill(pid, signal.SIGSTOP)  # a worker that will never read Quit nor notice the closed pipe
    try:
        t = time.perf_counter()
        c.close(wait=False)
        assert time.perf_counter() - t < 20  # generous, and far below the 60 s grace
        assert pid_gone(pid, 10)  # killed: a stopped process cannot ignore that
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


# -- errors are errors; the opening book ----------------------------------------------------

class _Pipe:
    def __init__(self):
        self.sent = []

    def send(self, msg):
        self.sent.append(msg)


class _BrokenSearcher:
    nodes = 0

    def __getattr__(self, name):
        raise RuntimeError("the search broke")


@pytest.mark.parametrize("limit", [Limit(level="Hard"), Limit(depth=3)])
def test_an_engine_error_is_done_with_the_error_and_no_move(limit):
    import threading

    from game.engine.process import Go, _Worker

    worker = _Worker(_Pipe())
    worker.searcher = _BrokenSearcher()
    worker._search(Go(7, MIDGAME, (), limit), threading.Event())
    done = worker.conn.sent[-1]
    assert isinstance(done, Done) and done.request_id == 7
    assert done.move is None and "the search broke" in done.error


def test_a_stop_before_the_search_starts_still_gives_a_searched_move():
    import threading

    from game.engine.process import Go, _run_search
    from game.engine.search import Searcher

    # a position whose first legal move is not the one-ply best, so a blind
    # "first legal move" would show (which one depends on the evaluation)
    candidates = [Position.from_fen(f) for f in (
        "B:W18,21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,14",
        "B:W20,22:B1,2,K14", "B:W30:B1,2", "W:W18,21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,14")]
    pos, best = next((p, Searcher().best_move(p, depth=1)) for p in candidates
                     if Searcher().best_move(p, depth=1) != p.legal_moves()[0])
    stop = threading.Event()
    stop.set()  # on purpose: the first iteration still completes (the stop is polled every 1024 nodes)
    sent = []
    done = _run_search(Go(1, pos, (), Limit()), stop, sent.append)
    assert done.error is None and done.depth >= 1 and done.move == sent[-1].pv[0]
    assert done.depth > 1 or done.move == best


def test_master_plays_from_the_book_unless_it_is_off(client):
    from game.engine import book

    start = Position.initial()
    in_book = [m for m, _ in book.book_moves(start)]
    assert in_book, "the shipped book has the initial position"
    client.go(start, limit=Limit(level="Master"))
    done = client.wait(30)[-1]
    assert done.from_book and done.move in in_book and done.depth == 0
    client.go(start, limit=Limit(level="Hard"))  # below the book levels: searches
    done = client.wait(60)[-1]
    assert not done.from_book and done.depth > 0
    client.go(start, limit=Limit(level="Expert", book=False))
    done = client.wait(60)[-1]
    assert not done.from_book and done.depth > 0 and done.move in start.legal_moves()


def test_ctrl_c_during_a_worker_start_arrives_after_the_start():
    # A Ctrl+C half-way through sending a spawned child its start-up data left the child
    # reading a cut pipe (a traceback in the player's terminal, 7 starts in 20 under a stress
    # loop): the interrupt is held back until the start is done.  Run in a process of its own:
    # signals reach only a main thread, and a test runner may run tests in another one.
    script = textwrap.dedent("""
        import os, signal, time
        from game.spawn import start_without_interrupt

        class Proc:
            done = False

            def start(self):
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(0.05)  # an interrupt not held back is raised here
                Proc.done = True

        signal.signal(signal.SIGINT, signal.default_int_handler)  # Python's own Ctrl+C handler
        try:
            start_without_interrupt(Proc())
        except KeyboardInterrupt:
            print("interrupted after the start" if Proc.done else "interrupted during the start")
        else:
            print("never interrupted")
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).resolve().parent.parent)
    assert out.stdout.strip() == "interrupted after the start", out.stdout + out.stderr
