"""Render the game's screens headless to PNG files, to look at them.

    python tools/screenshots.py OUTDIR [--size 1180x780] [--docs]

Writes the menu, the new-game screen, a game in progress (a piece selected,
its destinations marked), a multi-jump half entered, the game-over overlay
and the computer thinking (this one starts the engine process).  ``--docs`` also copies the menu and play shots to docs/.
"""

import argparse
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# settings and autosaves go to a scratch folder, never the player's own
os.environ.setdefault("CHECKERS_HOME", tempfile.mkdtemp(prefix="checkers-tool-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.engine.levels import level_by_name  # noqa: E402
from game.rules import BLACK, WHITE, Game, Position  # noqa: E402

MULTI_JUMP_FEN = "B:W14,20,22,23,26,28,30,31,32:B1,2,3,5,6,8,9,12"
GAME_OVER_FEN = "B:W23:B18,K6,1,2"


def click(app, square, frames=2):
    x, y = app.stack.top.layout.board.square_center(square)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x, y)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(x, y)))
    app.run(frames=frames)


def settle(app, frames=40):
    app.run(frames=frames)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("outdir")
    ap.add_argument("--size", default="1180x780")
    ap.add_argument("--docs", action="store_true", help="also save docs/screenshot-menu.png and -play.png")
    args = ap.parse_args(argv)
    out = Path(args.outdir)
    out.mkdir(parents=True, exist_ok=True)
    w, h = (int(v) for v in args.size.split("x"))
    app = App((w, h), fixed_dt=1 / 60, sound=False)
    shots = {}

    def save(name):
        path = out / f"{name}.png"
        pygame.image.save(app.screen, str(path))
        shots[name] = path
        print(path)

    try:
        app.switch("menu")
        settle(app, 3)
        save("01-menu")

        app.push("new_game", mode="1p")
        settle(app, 3)
        save("02-new-game")

        # A game in progress: 2 players, a dozen moves in, the side to move has a piece in hand.
        rng = random.Random(7)
        game = Game()
        for _ in range(14):
            moves = game.legal_moves()
            quiet = [m for m in moves if not m.is_capture] or moves
            game.push(rng.choice(quiet if rng.random() < 0.7 else moves))
        you = game.turn  # the person plays the side to move, at the bottom
        app.switch("play", players={you: None, 1 - you: level_by_name("Hard")}, game=game,
                   flipped=you == BLACK)
        scene = app.stack.top
        settle(app, 3)
        movable = sorted(scene.input.movable())
        click(app, movable[len(movable) // 2])
        settle(app, 3)
        save("03-play")

        # A capture sequence half entered: 9x18, then 25 or 27 still to choose.
        app.switch("play", mode="2p", players={BLACK: None, WHITE: None},
                   start=Position.from_fen(MULTI_JUMP_FEN))
        settle(app, 3)
        click(app, 9)
        click(app, 18)
        settle(app, 3)
        save("04-multi-jump")

        app.switch("play", mode="1p", players={BLACK: None, WHITE: level_by_name("Medium")},
                   start=Position.from_fen(GAME_OVER_FEN))
        settle(app, 3)
        click(app, 18)
        click(app, 27)
        settle(app, 60)
        save("05-game-over")

        # The computer thinking: the indicator with depth and score, and "Move now".
        app.switch("play", mode="1p", players={BLACK: None, WHITE: level_by_name("Master")})
        settle(app, 3)
        click(app, 11)
        click(app, 15)
        settle(app, 30)
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:
            app.run(frames=1)
            time.sleep(1 / 60)
        save("06-thinking")
    finally:
        app.close()
    if args.docs:
        docs = Path(__file__).resolve().parent.parent / "docs"
        docs.mkdir(exist_ok=True)
        shutil.copyfile(shots["01-menu"], docs / "screenshot-menu.png")
        shutil.copyfile(shots["03-play"], docs / "screenshot-play.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
