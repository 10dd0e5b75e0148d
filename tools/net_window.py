"""Frame times of the online board playing a game (headless, the real 60 fps clock), ui_bench-style.

    python tools/net_window.py [--seconds 30]                 # on a server of its own, nothing else on it
    python tools/net_window.py --url ws://127.0.0.1:PORT      # on a server under load (tools/net_load.py --window)

The real ``App`` (dummy video and audio drivers, a scratch data folder) opens the online board,
creates a game and plays Black by clicks on the board (random legal moves); White is a bot in
this process (the game's own threaded ``Client``) that answers each move at once.  A finished
game is followed by a new one.  Prints the frames' work time p50/p99/max (tools/frame_stats.py)
and the moves played.  Compare the figure alone with the one under load: the window never waits
on the network, so its p99 should not move.
"""

from __future__ import annotations

import argparse
import random
import signal
import subprocess
import sys
import time

import _common
from _common import ROOT
from frame_stats import frame_lines, load_line, start_measuring

_common.headless()


def play(url, seconds, size=(1280, 800), seed=1):
    import pygame

    from game.app import App
    from game.net.client import Client, State
    from game.net.view import GameView
    from game.rules import BLACK

    rng = random.Random(seed)
    app = App(size, sound=False)
    moves = games = 0
    bot = None
    try:
        start_measuring(app)
        end = time.monotonic() + seconds
        while time.monotonic() < end and app.running:
            scene = app.switch("online_board", url=url, hello={"type": "create", "name": "Window", "side": "black",
                                                              "control": "10+5", "draw_rule": "official"})
            bot_view = GameView()
            bot = None
            picked_at = None
            while time.monotonic() < end and app.running:
                app.step()
                if bot is None and scene.seat is not None:
                    bot = Client(url, {"type": "join", "game": scene.seat.game, "name": "Bot"})
                if bot is not None:
                    for event in bot.poll():
                        if isinstance(event, State):
                            bot_view.update(event.fields, event.at)
                    g = bot_view.game
                    if bot_view.seen and not bot_view.over and g.turn != BLACK and bot_view.present[BLACK]:
                        if picked_at != g.ply:
                            picked_at = g.ply
                            bot.send("move", ply=g.ply, path=list(rng.choice(g.legal_moves()).path))
                view = scene.view
                if view.over:
                    games += 1
                    break
                if view.seen and view.present[1] and view.game.turn == BLACK and not scene.picked \
                        and picked_at != ("me", view.game.ply):
                    picked_at = ("me", view.game.ply)
                    move = rng.choice(view.game.legal_moves())
                    for square in move.path:   # clicks, as a player's, one a frame
                        pos = scene.geometry.square_center(square)
                        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
                        app.step()
                    moves += 1
            if bot is not None:
                bot.close(wait=1)
                bot = None
        figures = frame_lines(app, target=8)
    finally:
        if bot is not None:
            bot.close(wait=1)
        app.close()
    print(f"online board {size[0]}x{size[1]}, {seconds:g} s: {moves} moves clicked, {games} games finished")
    print("\n".join(figures))
    print(load_line())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", help="a server already running (default: start one on 127.0.0.1)")
    ap.add_argument("--seconds", type=float, default=30.0)
    args = ap.parse_args(argv)
    if args.url:
        play(args.url, args.seconds)
        return 0
    import tempfile

    with tempfile.TemporaryDirectory(prefix="checkers-net-window-") as folder:
        proc = subprocess.Popen([sys.executable, "-m", "game.net.cli", "--port", "0", "--db",
                                 f"{folder}/games.sqlite3", "--quiet"], cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
        try:
            port = next(int(line.split()[1]) for line in proc.stdout if line.startswith("PORT "))
            play(f"ws://127.0.0.1:{port}", args.seconds)
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
