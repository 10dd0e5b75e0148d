"""Kill -9 loop for the online server: games in play, the server SIGKILLed mid-game, restarted, checked.

    python tools/net_kill_loop.py                 # 50 kills, 6 games at a time, seed 1
    python tools/net_kill_loop.py --kills 200 --games 10 --seed 7

A ``checkers-server`` runs on 127.0.0.1 with its database in a scratch folder.
Bots hold both seats of each game and play random legal moves as fast as the
server answers; the tool notes each move the server confirmed (the mover got
back the state holding it: the server writes before it answers).  At a random
moment the server is killed with SIGKILL, started again on the same port and
database, and every seat comes back with ``resume`` and its token.  Checks:

- every game created is there (none lost), with both seats' tokens still good;
- every confirmed move is there, in order; at most the one move in flight at the
  kill may be there beyond them (it was written, the answer was cut);
- a game over stays over with the same result.

Finished games are replaced by new ones.  Prints the figures and exits 1 if any
check failed.  No process is left behind; the scratch folder is removed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from _common import ROOT

from game.rules import Game, Move


def msg(kind, **fields):
    return json.dumps({"v": 1, "type": kind, **fields})


@dataclass
class Tracked:
    code: str
    tokens: dict                       # seat -> token
    confirmed: list = field(default_factory=list)   # paths the server confirmed, in order
    in_flight: list | None = None      # the path sent and not yet confirmed
    result: str | None = None


def start_server(db, port):
    cmd = [sys.executable, "-m", "game.net.cli", "--port", str(port), "--db", str(db), "--quiet",
           "--create-rate", "1000", "--create-burst", "1000", "--message-rate", "1000"]   # bots move at once
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for line in proc.stdout:
        if line.startswith("PORT "):
            return proc, int(line.split()[1])
    proc.wait()
    raise SystemExit(f"the server did not start (exit {proc.returncode})")


def connect(port):
    from websockets.sync.client import connect as ws_connect

    return ws_connect(f"ws://127.0.0.1:{port}", proxy=None, compression=None, open_timeout=10, close_timeout=0.2)


def until_type(ws, kind, timeout=10.0):
    end = time.monotonic() + timeout
    while True:
        data = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
        if data["type"] == kind or data["type"] == "refused":
            return data


class Round:
    """The seats' connections for one life of the server."""

    def __init__(self, port):
        self.port = port
        self.seats = {}   # (code, seat) -> connection
        self.stack = contextlib.ExitStack()

    def connect(self):
        return self.stack.enter_context(connect(self.port))

    def open_game(self, rng):
        black, white = self.connect(), self.connect()
        black.send(msg("create", name="Bot A", side="black", control="30+0", draw_rule="official"))
        welcome = until_type(black, "welcome")
        code = welcome["game"]
        white.send(msg("join", game=code, name="Bot B"))
        joined = until_type(white, "welcome")
        self.seats[(code, "black")], self.seats[(code, "white")] = black, white
        return Tracked(code, {"black": welcome["token"], "white": joined["token"]})

    def resume(self, tracked):
        """Both seats back; the server's state of the game (checked by the caller)."""
        state = None
        for seat, token in tracked.tokens.items():
            ws = self.connect()
            ws.send(msg("resume", game=tracked.code, token=token))
            welcome = until_type(ws, "welcome")
            if welcome["type"] != "welcome" or welcome["seat"] != seat:
                return None, f"seat {seat} of {tracked.code} refused: {welcome.get('reason')}"
            state = until_type(ws, "state")
            self.seats[(tracked.code, seat)] = ws
        return state, None

    def close(self):
        try:
            self.stack.close()
        except Exception:   # a connection the kill cut: nothing to close cleanly
            pass
        self.seats.clear()


def play(rnd, games, rng, stop):
    """Random moves in every game until the connection dies (the kill) or ``stop`` is set."""
    from websockets.exceptions import ConnectionClosed

    positions = {}
    for t in games:
        g = Game()
        for path in t.confirmed:
            g.push(Move(path))
        positions[t.code] = g
    try:
        while not stop.is_set() and any(t.result is None for t in games):
            for t in games:
                g = positions[t.code]
                if t.result is not None:
                    continue
                seat = "black" if g.turn == 0 else "white"
                move = rng.choice(g.legal_moves())
                ws = rnd.seats[(t.code, seat)]
                t.in_flight = list(move.path)
                ws.send(msg("move", ply=g.ply, path=list(move.path)))
                while True:
                    state = until_type(ws, "state")
                    if state["type"] == "refused":
                        raise SystemExit(f"a good move was refused in {t.code}: {state['reason']}")
                    if len(state["moves"]) > g.ply:
                        break
                g.push(move)
                t.confirmed.append(list(move.path))
                t.in_flight = None
                if state["outcome"] is not None:
                    t.result = state["outcome"]["result"]
    except (ConnectionClosed, OSError, TimeoutError):
        return


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=50)
    ap.add_argument("--games", type=int, default=6, help="games played at a time")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="checkers-net-kill-"))
    db = folder / "games.sqlite3"
    games: list[Tracked] = []
    problems: list[str] = []
    moves_confirmed = in_flight_kept = finished = 0
    proc, port = start_server(db, 0)
    rnd = Round(port)
    started = time.monotonic()
    try:
        for kill in range(1, args.kills + 1):
            live = [t for t in games if t.result is None]
            while len(live) < args.games:
                t = rnd.open_game(rng)
                games.append(t)
                live.append(t)
            stop = threading.Event()
            timer = threading.Timer(rng.uniform(0.05, 0.8), proc.send_signal, (signal.SIGKILL,))
            timer.start()
            play(rnd, live, rng, stop)
            timer.join()
            proc.wait(10)
            rnd.close()
            proc, _ = start_server(db, port)
            rnd = Round(port)
            for t in games:
                state, problem = rnd.resume(t)
                if problem:
                    problems.append(f"kill {kill}: {problem}")
                    continue
                moves = state["moves"]
                if moves[:len(t.confirmed)] != t.confirmed:
                    problems.append(f"kill {kill}: game {t.code} lost moves: {len(t.confirmed)} confirmed, "
                                    f"{len(moves)} there")
                extra = moves[len(t.confirmed):]
                if extra and (len(extra) > 1 or extra[0] != t.in_flight):
                    problems.append(f"kill {kill}: game {t.code} holds moves nobody played: {extra}")
                if extra:
                    t.confirmed.append(extra[0])
                    in_flight_kept += 1
                t.in_flight = None
                outcome = state["outcome"]
                if t.result is not None and (outcome is None or outcome["result"] != t.result):
                    problems.append(f"kill {kill}: game {t.code} ended {t.result}, now {outcome}")
                if outcome is not None and t.result is None:
                    t.result = outcome["result"]
            print(f"kill {kill:3d}: {len(games)} games, {sum(len(t.confirmed) for t in games)} moves kept, "
                  f"{len(problems)} problems", flush=True)
        moves_confirmed = sum(len(t.confirmed) for t in games)
        finished = sum(1 for t in games if t.result is not None)
    finally:
        rnd.close()
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"\n{args.kills} kills in {time.monotonic() - started:.0f} s: {len(games)} games ({finished} finished), "
          f"{moves_confirmed} moves kept ({in_flight_kept} were in flight at a kill and had been written)")
    print(f"games lost: {sum(1 for p in problems if 'refused' in p)}, moves lost or wrong: "
          f"{sum(1 for p in problems if 'refused' not in p)}")
    for p in problems[:20]:
        print("  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
