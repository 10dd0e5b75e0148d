"""Servers and clients for the online-play tests, on 127.0.0.1 only, none left running.

- ``ServerThread``: a ``game.net.server.Server`` on its own event loop in a thread
  (its state can be looked at); ``server_process``: ``checkers-server`` as a real
  process (for SIGKILL).
- ``raw``/``ask``/``expect``: a bare websocket that sends anything at all and reads JSON back.
- ``Player``: the game's own threaded ``Client`` with a ``GameView``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from websockets.sync.client import connect

from game.net.client import Client, State, Status, Welcome
from game.net.server import Server, Settings
from game.net.view import GameView

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 10.0


class ServerThread:
    def __init__(self, db, settings=None):
        self.server = Server(db, settings or Settings())
        self.port = None
        self._ready = threading.Event()
        self._loop = None
        self._stop = None
        self.error = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        async def main():
            self._loop = asyncio.get_running_loop()
            self._stop = self._loop.create_future()
            await self.server.serve("127.0.0.1", 0, ready=self._bound, stop=self._stop)

        try:
            asyncio.run(main())
        except BaseException as e:  # the test sees it
            self.error = e
            self._ready.set()

    def _bound(self, port):
        self.port = port
        self._ready.set()

    @property
    def url(self):
        return f"ws://127.0.0.1:{self.port}"

    def call(self, fn):
        """``fn()`` on the server's loop; its result (the server's state is read where it lives)."""
        out = queue.Queue()
        self._loop.call_soon_threadsafe(lambda: out.put(fn()))
        return out.get(timeout=TIMEOUT)

    def __enter__(self):
        self.thread.start()
        assert self._ready.wait(TIMEOUT), "the server did not start"
        assert self.error is None, self.error
        return self

    def __exit__(self, *exc):
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(lambda: self._stop.done() or self._stop.set_result(None))
        self.thread.join(TIMEOUT)
        assert not self.thread.is_alive(), "the server did not stop"
        assert self.error is None, self.error


@contextlib.contextmanager
def server_process(db, port=0, *args):
    """``checkers-server`` on 127.0.0.1 in its own process; yields ``(process, port)``; killed on the way out."""
    cmd = [sys.executable, "-m", "game.net.cli", "--port", str(port), "--db", str(db), "--quiet", *args]
    env = dict(os.environ, PYTHONWARNINGS="ignore")
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        found = queue.Queue()
        threading.Thread(target=lambda: found.put(_port_line(proc)), daemon=True).start()
        bound = found.get(timeout=30)
        assert bound, f"the server did not start: {proc.stderr.read() if proc.poll() is not None else ''}"
        yield proc, bound
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
        proc.wait(TIMEOUT)
        for stream in (proc.stdout, proc.stderr):
            stream.close()


def _port_line(proc):
    for line in proc.stdout:
        if line.startswith("PORT "):
            return int(line.split()[1])
    return None


def raw(url, **kw):
    return connect(url, proxy=None, compression=None, open_timeout=TIMEOUT, close_timeout=1, **kw)


def send(ws, payload):
    ws.send(payload if isinstance(payload, (str, bytes)) else json.dumps(payload))


def expect(ws, timeout=TIMEOUT):
    return json.loads(ws.recv(timeout=timeout))


def ask(ws, payload):
    send(ws, payload)
    return expect(ws)


def msg(kind, **fields):
    return {"v": 1, "type": kind, **fields}


def create(ws, name="Ann", side="black", control="5+0", draw_rule="official"):
    """Create a game on ``ws``: ``(code, token)``; the state that follows is read."""
    welcome = ask(ws, msg("create", name=name, side=side, control=control, draw_rule=draw_rule))
    assert welcome["type"] == "welcome", welcome
    assert expect(ws)["type"] == "state"
    return welcome["game"], welcome["token"]


def join(ws, code, name="Bob"):
    welcome = ask(ws, msg("join", game=code, name=name))
    assert welcome["type"] == "welcome", welcome
    assert expect(ws)["type"] == "state"
    return welcome["token"]


def until(predicate, timeout=TIMEOUT, step=0.01):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError("timed out")


class Player:
    """A player's game on the net: the game's own Client, and the view it keeps."""

    def __init__(self, url, hello):
        self.client = Client(url, hello, ping_interval=1.0)
        self.view = GameView()
        self.welcome = None
        self.statuses = []
        self.refusals = []

    def pump(self):
        for event in self.client.poll():
            if isinstance(event, Welcome):
                self.welcome = event
            elif isinstance(event, State):
                self.view.update(event.fields, event.at)
            elif isinstance(event, Status):
                self.statuses.append(event)
            else:
                self.refusals.append(event)
        return self

    def wait(self, predicate, timeout=TIMEOUT):
        return until(lambda: predicate(self.pump()), timeout)

    def close(self):
        self.client.close()


def play_out(players, rng, until_ply=None, timeout=120.0):
    """Random legal moves by whichever player is to move, until the game ends (or reaches ``until_ply``)."""
    end = time.monotonic() + timeout
    by_seat = {p.welcome.seat: p for p in players}
    while time.monotonic() < end:
        for p in players:
            p.pump()
        view = players[0].view
        if view.over or (until_ply is not None and view.game.ply >= until_ply):
            if all(p.view.game.ply == view.game.ply and p.view.over == view.over for p in players):
                return view
            time.sleep(0.01)
            continue
        mover = by_seat["black" if view.game.turn == 0 else "white"]
        if mover.view.game.ply != view.game.ply:
            time.sleep(0.005)
            continue
        move = rng.choice(view.game.legal_moves())
        ply = view.game.ply
        mover.client.send("move", ply=ply, path=list(move.path))
        until(lambda m=mover, n=ply: m.pump().view.game.ply > n or m.view.over)
    raise AssertionError("the game did not finish")


__all__ = ["Player", "ServerThread", "ask", "create", "expect", "join", "msg", "play_out", "random", "raw",
           "send", "server_process", "until"]
