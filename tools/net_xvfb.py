"""Online play in real windows: two game windows under Xvfb, driven with xdotool like a person would.

    python tools/net_xvfb.py                     # screenshots in a scratch folder, kept and printed
    python tools/net_xvfb.py --shots DIR --kill-at 12 --max-plies 160 --seed 3

Needs Xvfb, xdotool and ImageMagick's ``import`` (apt-get install xvfb xdotool imagemagick).
A private X display is started; two ``python -m game`` windows open side by side on it,
each with its own CHECKERS_HOME (so each has its own library and kept seat):

1. the host's window: 2 Players → Host a game online → Host the game (its embedded server on
   127.0.0.1 only, CHECKERS_ONLINE_LISTEN, at a port free at the time);
2. the joiner's window: 2 Players → Join a game → the invitation typed → Join;
3. the game is played by clicks on the two boards (random legal moves, a capture when there is
   one); this tool watches the game as an observer of the server to know whose turn it is;
4. at ``--kill-at`` plies the joiner's window is killed (SIGKILL): the host's window shows the
   opponent gone with their clock running; the joiner's game is started again and reopened
   from 2 Players → Back to your online game, and the game goes on where it was;
5. the game is played to its end (past ``--max-plies`` the joiner presses Resign);
6. both windows save the game to their libraries: the two PDN files must hold the same moves
   and clocks.

Screenshots of the whole display (``import -window root``) are taken at each step.  Prints each
step and exits 0 when every check held.  Every process it starts (the display, the windows and
the host's server) is ended on every way out, by its own process group.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT

SIZE = (720, 520)
GAP = 20                        # pixels between the two windows
TIMEOUT = 30.0


class Failed(Exception):
    """A step that did not happen: the message says which."""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def until(what, predicate, timeout=TIMEOUT, step=0.05):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise Failed(f"timed out waiting for {what}")


def missing_programs():
    return [p for p in ("Xvfb", "xdotool", "import") if shutil.which(p) is None]


class Display:
    """A private Xvfb display, ended on the way out."""

    def __init__(self, width, height):
        self.proc = None
        for number in range(140, 200):
            if Path(f"/tmp/.X11-unix/X{number}").exists() or Path(f"/tmp/.X{number}-lock").exists():
                continue
            proc = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
            try:
                until("the X display", lambda n=number, p=proc: Path(f"/tmp/.X11-unix/X{n}").exists()
                      or p.poll() is not None, 10)
            except Failed:
                pass
            if proc.poll() is None:
                self.proc, self.name = proc, f":{number}"
                return
        raise Failed("no X display could be started")

    def env(self):
        return dict(os.environ, DISPLAY=self.name)

    def run(self, *args):
        return subprocess.run(list(args), env=self.env(), capture_output=True, text=True, timeout=20)

    def click(self, x, y):
        self.run("xdotool", "mousemove", "--sync", str(x), str(y))
        time.sleep(0.05)
        self.run("xdotool", "click", "1")
        time.sleep(0.08)

    def type(self, text):
        self.run("xdotool", "type", "--delay", "30", text)

    def shot(self, path):
        self.run("import", "-window", "root", str(path))
        return path

    def close(self):
        stop(self.proc)


def stop(proc):
    """End ``proc`` and everything in its process group (the window's hosted server too)."""
    if proc is None or proc.poll() is not None and not _group_alive(proc.pid):
        return
    for sig, wait in ((signal.SIGTERM, 3), (signal.SIGKILL, 5)):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
        try:
            proc.wait(wait)
        except subprocess.TimeoutExpired:
            continue
        if not _group_alive(proc.pid):
            return


def _group_alive(pgid):
    try:
        os.killpg(pgid, 0)
        return True
    except (ProcessLookupError, PermissionError):
        return False


class Window:
    """``python -m game`` at ``origin`` on ``display`` with its own CHECKERS_HOME."""

    def __init__(self, display, home, origin, port, log):
        self.display, self.home, self.origin = display, Path(home), origin
        env = dict(display.env(), CHECKERS_HOME=str(home), SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   SDL_VIDEO_WINDOW_POS=f"{origin[0]},{origin[1]}", CHECKERS_ONLINE_LISTEN="127.0.0.1",
                   CHECKERS_ONLINE_PORT=str(port))
        env.pop("SDL_VIDEO_CENTERED", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "game", "--size", f"{SIZE[0]}x{SIZE[1]}"], cwd=ROOT,
                                     env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        self.id = until("the window to show", self._find, 60)
        display.run("xdotool", "windowmove", self.id, str(origin[0]), str(origin[1]))
        time.sleep(1.0)   # its first frames

    def _find(self):
        if self.proc.poll() is not None:
            raise Failed(f"the game exited with status {self.proc.returncode}")
        out = self.display.run("xdotool", "search", "--onlyvisible", "--pid", str(self.proc.pid)).stdout.split()
        return out[0] if out else None

    def click(self, point):
        self.display.click(self.origin[0] + point[0], self.origin[1] + point[1])

    def seat(self):
        from game.textfile import read_text

        path = self.home / "data" / "online-seat.json"
        try:
            return json.loads(read_text(path, limit=4000, what="the online seat"))
        except (OSError, ValueError):
            return None

    def games(self):
        return sorted((self.home / "data").rglob("*.pdn"))


class Layout:
    """Where the windows' widgets are: the same scenes laid out headless at the windows' size, in a
    scratch CHECKERS_HOME of their own (a seat copied in when a window has one)."""

    def __init__(self, home):
        os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CHECKERS_HOME=str(home))
        self.home = Path(home)
        from game.app import App

        self.app = App(SIZE, fixed_dt=1 / 60, sound=False)

    def button(self, scene, text, **params):
        self.app.switch(scene, **params)
        top = self.app.stack.top
        for widget in list(getattr(top, "widgets", [])) + list(getattr(top, "buttons", [])):
            if getattr(widget, "text", None) == text or getattr(widget, "label", None) == text:
                return widget.rect.center
        raise Failed(f"no {text!r} on {scene}")

    def resign(self):
        """The board's Resign button (the board laid out with a client to a port where nobody listens)."""
        point = self.button("online_board", "Resign", url="ws://127.0.0.1:9", hello={"type": "watch", "game": "AAAAAA"})
        self.app.switch("menu")   # the board's client stops
        return point

    def with_seat(self, seat):
        (self.home / "data").mkdir(parents=True, exist_ok=True)
        (self.home / "data" / "online-seat.json").write_text(json.dumps(seat), encoding="utf-8")

    def square(self, square, side):
        from game.rules import WHITE
        from game.ui.scenes.online.board import board_geometry

        return board_geometry(SIZE, side != WHITE).square_center(square)



class Watcher:
    """The game as an observer sees it: the server's latest state."""

    def __init__(self, url, code):
        from websockets.sync.client import connect

        self.stack = contextlib.ExitStack()
        self.ws = self.stack.enter_context(connect(url, proxy=None, compression=None, open_timeout=10,
                                                   close_timeout=1))
        self.ws.send(json.dumps({"v": 1, "type": "watch", "game": code}))
        self.state = None

    def poll(self):
        while True:
            try:
                data = json.loads(self.ws.recv(timeout=0.02))
            except TimeoutError:
                return self.state
            if data.get("type") == "state":
                self.state = data

    def close(self):
        self.stack.close()


def game_of(state):
    from game.rules import Game, Move

    game = Game(draw_rule=state.get("draw_rule", "official"))
    for path in state["moves"]:
        game.push(Move(path))
    return game


def pdn_moves(path):
    from game.notation import read_pdn_file

    (game,) = read_pdn_file(path)
    if game.error:
        raise Failed(f"{path} cannot be read: {game.error}")
    return [str(m) for m in game.moves], game.result, [c for c in game.comments if "%clock" in c[1]]


def run(args, work):
    rng = random.Random(args.seed)
    shots = Path(args.shots or work / "shots")
    shots.mkdir(parents=True, exist_ok=True)
    port = free_port()
    log = open(work / "windows.log", "w")
    display = host = joiner = watcher = None
    n = 0

    def shot(name):
        nonlocal n
        n += 1
        path = display.shot(shots / f"{n:02d}-{name}.png")
        print(f"  screenshot {path}", flush=True)

    try:
        display = Display(2 * SIZE[0] + GAP, SIZE[1])
        print(f"display {display.name}; the host's server on 127.0.0.1:{port}", flush=True)
        layout = Layout(work / "layout")
        host = Window(display, work / "host", (0, 0), port, log)
        joiner = Window(display, work / "joiner", (SIZE[0] + GAP, 0), port, log)
        shot("two-menus")
        # the host: 2 Players → Host a game online → Host the game
        host.click(layout.button("menu", "2 Players"))
        host.click(layout.button("two_players", "Host a game online"))
        host.click(layout.button("online_host", "Host the game"))
        seat = until("the host's seat", host.seat, 60)
        code = seat["game"]
        print(f"hosted game {code}", flush=True)
        time.sleep(0.5)
        shot("hosted-waiting")
        watcher = Watcher(f"ws://127.0.0.1:{port}", code)
        # the joiner: 2 Players → Join a game → the invitation → Join
        joiner.click(layout.button("menu", "2 Players"))
        joiner.click(layout.button("two_players", "Join a game"))
        joiner.click(layout.button("online_join", "Invitation"))
        display.type(f"ws://127.0.0.1:{port}/{code}")
        time.sleep(0.5)   # the window's next frames show it all
        shot("join-form")
        joiner.click(layout.button("online_join", "Join"))
        until("the joiner to sit down", lambda: (watcher.poll() or {}).get("present", {}).get("white"))
        time.sleep(0.5)
        shot("both-connected")
        windows = {"black": host, "white": joiner}
        killed = False
        while True:
            state = watcher.poll()
            if state["outcome"] is not None:
                break
            game = game_of(state)
            if not killed and game.ply >= args.kill_at:
                killed = True
                shot("before-the-kill")
                joiner.proc.send_signal(signal.SIGKILL)
                joiner.proc.wait(10)
                until("the host to see the joiner gone",
                      lambda: not (watcher.poll() or {}).get("present", {}).get("white", True))
                time.sleep(1.5)
                shot("joiner-killed-host-waits")
                kept = joiner.seat()
                if not kept or kept["game"] != code:
                    raise Failed("the killed joiner kept no seat")
                stop(joiner.proc)
                joiner = Window(display, work / "joiner", (SIZE[0] + GAP, 0), port, log)
                windows["white"] = joiner
                layout.with_seat(kept)
                joiner.click(layout.button("menu", "2 Players"))
                joiner.click(layout.button("two_players", "Back to your online game"))
                until("the joiner back in its seat", lambda: (watcher.poll() or {}).get("present", {}).get("white"))
                time.sleep(1.0)
                shot("joiner-reconnected")
                print(f"the joiner was killed at ply {game.ply} and came back", flush=True)
                continue
            mover = "black" if game.turn == 0 else "white"
            if game.ply >= args.max_plies:
                joiner.click(layout.resign())
                until("the resignation", lambda: (watcher.poll() or {}).get("outcome"))
                break
            moves = game.legal_moves()
            move = rng.choice(moves)
            ply = game.ply
            for attempt in range(4):   # the window may not have heard of the last move yet: again
                for square in move.path:
                    windows[mover].click(layout.square(square, 0 if mover == "black" else 1))
                try:
                    until(f"move {ply + 1} ({move}) to be played",
                          lambda p=ply: len((watcher.poll() or {"moves": []})["moves"]) > p, 4)
                    break
                except Failed:
                    if attempt == 3:
                        raise
        state = watcher.poll()
        print(f"the game ended at ply {len(state['moves'])}: {state['outcome']['result']} "
              f"({state['outcome']['termination']})", flush=True)
        until("both libraries to hold the game", lambda: host.games() and joiner.games(), 30)
        time.sleep(1.0)
        shot("the-end")
        a, b = pdn_moves(host.games()[0]), pdn_moves(joiner.games()[0])
        if a[:2] != b[:2] or a[0] != [str(m) for m in game_of(state).moves]:
            raise Failed(f"the libraries differ: {a[:2]} / {b[:2]}")
        if a[2] != b[2] or len(a[2]) != len(a[0]):
            raise Failed(f"the libraries' clocks differ or are missing: {len(a[2])} / {len(b[2])}")
        print(f"both libraries hold the same game: {len(a[0])} moves, {state['outcome']['result']}, "
              "each move's clock in its comment",
              flush=True)
        print(f"screenshots in {shots}")
        return 0
    finally:
        if watcher is not None:
            watcher.close()
        for window in (joiner, host):
            if window is not None:
                stop(window.proc)
        if display is not None:
            display.close()
        log.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shots", help="folder for the screenshots (default: a scratch folder, kept)")
    ap.add_argument("--kill-at", type=int, default=12, help="the ply at which the joiner's window is killed")
    ap.add_argument("--max-plies", type=int, default=160, help="past this the joiner resigns")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    lacking = missing_programs()
    if lacking:
        print(f"needs {', '.join(lacking)} (apt-get install xvfb xdotool imagemagick)")
        return 2
    work = Path(tempfile.mkdtemp(prefix="checkers-net-xvfb-"))
    try:
        return run(args, work)
    except Failed as e:
        print(f"FAILED: {e} (the windows' output: {work / 'windows.log'})")
        return 1
    finally:
        if args.shots:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
