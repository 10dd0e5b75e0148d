"""Render every screen of the game headless to PNG files at every window size, to look at them.

    python tools/screenshots.py OUTDIR [--sizes 720x520,1280x800,...] [--only NAME,...] [--docs]

For each size (by default ``SIZES``: 720x520, 1280x800, 1920x1080, 2560x1440 and a portrait
600x900, made as a tiling window manager makes a window under the game's minimum width) it writes
``OUTDIR/<W>x<H>/<nn>-<scene>.png``: the menu, the three new-game screens,
settings, how to play, set-up, the library, a game in progress (a piece
selected), a multi-jump half entered, a watched game, the confirm and notice
dialogs, the game-over card, review, the computer thinking and live analysis
(these two start engine processes), a draw offered and agreed between two people,
"Who plays?" when a game goes on, How to play's page of words, the question Esc asks
on the menu, a move entered from the keyboard (cursor, capture edge, destination),
the board turned for the player to move, a game at 3+2 with its clocks (one low), Training,
a puzzle and the record (a new player's, empty); the library with marked rows and a damaged
game, the delete question, the Undo notice after a deletion; Settings and a game with the text
size Larger; live analysis of an ending the database knows to the move ("White wins in 4").
``--docs`` also copies a few shots at 1280x800 to ``docs/screenshot-*.png`` (the
ones the README shows).
"""

import argparse
import random
import shutil
import sys
import time
from pathlib import Path

import _common

_common.headless()  # no window, no sound; settings and games in a scratch folder, never the player's own

import pygame  # noqa: E402  (after the SDL environment is set)

from game.app import App  # noqa: E402
from game.engine.levels import level_by_name, parse_level  # noqa: E402
from game.rules import BLACK, WHITE, Game, Position  # noqa: E402
from game.ui import theme  # noqa: E402

SIZES = ((720, 520), (1280, 800), (1920, 1080), (2560, 1440), (600, 900))
DAMAGED = '[Event "Club night"]\n[Black "Ann"]\n[White "Bo"]\n[Result "0-1"]\n\n1. 11-15 23-19 2. 9-13 30-99 0-1\n'

MULTI_JUMP_FEN = "B:W14,20,22,23,26,28,30,31,32:B1,2,3,5,6,8,9,12"
GAME_OVER_FEN = "B:W23:B18,K6,1,2"
KINGS_FEN = "W:WK3,14,20,22,23,26,28,30:BK27,1,2,5,6,9,12"
WON_ENDING_FEN = "W:WK14,K18,19:BK1"  # three against one, White to move: won, and the database says in how many
DOCS = {"1280x800/01-menu": "screenshot-menu.png", "1280x800/10-play": "screenshot-play.png",
        "1280x800/16-analysis": "screenshot-play-analysis.png", "1280x800/14-game-over": "screenshot-game-over.png"}


def click(app, square, frames=2):
    x, y = app.stack.top.layout.board.square_center(square)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x, y)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(x, y)))
    app.run(frames=frames)


def key(app, k, mod=0, frames=2):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    app.run(frames=frames)


def settle(app, frames=40):
    app.run(frames=frames)


def wait_real(app, seconds):
    """Run frames for ``seconds`` of real time (the engine process needs real time)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        app.run(frames=1)
        time.sleep(1 / 60)


def midgame(seed=7, plies=14):
    rng = random.Random(seed)
    game = Game()
    for _ in range(plies):
        moves = game.legal_moves()
        quiet = [m for m in moves if not m.is_capture] or moves
        game.push(rng.choice(quiet if rng.random() < 0.7 else moves))
    return game


def scenes(app):
    """(name, function that puts the scene on screen) in order."""
    hard, medium, master = (level_by_name(n) for n in ("Hard", "Medium", "Master"))

    def play_in_progress():
        game = midgame()
        you = game.turn  # the person plays the side to move, at the bottom
        app.switch("play", players={you: None, 1 - you: hard}, game=game, flipped=you == BLACK)
        settle(app, 3)
        movable = sorted(app.stack.top.input.movable())
        click(app, movable[len(movable) // 2])

    def multi_jump():
        app.switch("play", players={BLACK: None, WHITE: None}, start=Position.from_fen(MULTI_JUMP_FEN))
        settle(app, 3)
        click(app, 9)
        click(app, 18)

    def kings():
        app.switch("play", players={BLACK: None, WHITE: None}, start=Position.from_fen(KINGS_FEN))

    def clocks():
        # a game at 3+2 against the computer: Red's clock running, White's low (the low-time look)
        from game.controller.clock import TimeControl

        app.switch("play", players={BLACK: None, WHITE: hard}, game=midgame(5, 10), time_control=TimeControl(180, 2))
        app.stack.top.match.clocks.left.update({BLACK: 161.0, WHITE: 8.7})
        settle(app, 3)

    def watch():
        app.switch("play", players={BLACK: parse_level("depth:2"), WHITE: parse_level("depth:2")},
                   game=midgame(3, 20), paused=True)
        settle(app, 3)
        app.stack.top.match.pause()

    def confirm():
        play_in_progress()
        key(app, pygame.K_ESCAPE)  # drops the selection
        key(app, pygame.K_ESCAPE)  # then asks to leave

    def game_over():
        app.switch("play", players={BLACK: None, WHITE: medium}, start=Position.from_fen(GAME_OVER_FEN))
        settle(app, 3)
        click(app, 18)
        click(app, 27)
        settle(app, 60)

    def review():
        app.switch("review", game=midgame(5, 30), ply=18)

    def thinking():
        # out of the opening book, which answers 11-15 at once (the shot showed "Your move")
        book = app.settings.get("opening_book", True)
        app.settings["opening_book"] = False
        try:
            app.switch("play", players={BLACK: None, WHITE: master})
            settle(app, 3)
            click(app, 11)
            click(app, 15)
            settle(app, 30)
            wait_real(app, 1.5)
        finally:
            app.settings["opening_book"] = book

    def analysis():
        # a position with a real choice (a forced move is analysed to depth 1 and no further)
        game = next(g for g in (midgame(seed, 16) for seed in range(11, 60))
                    if len(g.legal_moves()) >= 5 and not g.legal_moves()[0].is_capture)
        app.switch("play", players={BLACK: None, WHITE: None}, game=game)
        settle(app, 3)
        key(app, pygame.K_a)
        wait_real(app, 3.0)

    def analysis_ending():
        # an ending the database knows to the move: the analysis says "White wins in N"
        app.switch("play", players={BLACK: None, WHITE: None}, start=Position.from_fen(WON_ENDING_FEN))
        settle(app, 3)
        key(app, pygame.K_a)
        wait_real(app, 2.0)

    def draw_offer():
        app.switch("play", players={BLACK: None, WHITE: None}, game=midgame(9, 12))
        settle(app, 3)
        key(app, pygame.K_d)

    def draw_agreed():
        draw_offer()
        app.stack.top.confirm()
        settle(app, 10)

    def who_plays():
        app.switch("review", game=midgame(5, 30), ply=18)
        settle(app, 3)
        app.push("who_plays", players={BLACK: None, WHITE: hard}, turn=BLACK,
                 subtitle="Play on from here: Red to move")

    def who_plays_continuing():
        # review's "Continue vs computer" on a game played to a clock: no mode asked, the clock as played first
        app.switch("review", game=midgame(5, 30), ply=18, tags={"TimeControl": "180+2"})
        settle(app, 3)
        app.stack.top.continue_vs_computer()

    def resign_question():
        app.switch("play", players={BLACK: None, WHITE: hard}, game=midgame(5, 10))
        settle(app, 3)
        key(app, pygame.K_r)

    def game_over_back():
        # a game started from the library: the card's way out goes back there
        app.switch("play", players={BLACK: None, WHITE: medium}, start=Position.from_fen(GAME_OVER_FEN),
                   back=(("menu", {}), ("load", {})))
        settle(app, 3)
        click(app, 18)
        click(app, 27)
        settle(app, 60)

    def names():
        app.switch("play", players={BLACK: None, WHITE: None}, game=midgame(9, 12), names={BLACK: "Ann", WHITE: "Bob"})
        settle(app, 3)

    def how_to_play_words():
        app.switch("menu")
        app.push("how_to_play")
        settle(app, 2)
        for _ in range(len(app.stack.top.pages)):
            key(app, pygame.K_RIGHT)

    def quit_question():
        app.switch("menu")
        settle(app, 2)
        key(app, pygame.K_ESCAPE)

    def keyboard():
        # a must-capture position played from the keyboard: the cursor, the capture edge and a dot
        app.switch("play", players={BLACK: None, WHITE: None}, start=Position.from_fen(MULTI_JUMP_FEN))
        settle(app, 3)
        key(app, pygame.K_UP)
        key(app, pygame.K_RETURN)
        key(app, pygame.K_UP)

    def auto_flip():
        app.settings["auto_flip"] = True
        try:
            app.switch("play", players={BLACK: None, WHITE: None})
            settle(app, 3)
            click(app, 11)
            click(app, 15)
            settle(app, 40)  # White to move: White at the bottom
        finally:
            app.settings["auto_flip"] = False

    def notice():
        app.switch("menu")
        app.push("notice", title="Settings could not all be read",
                 message="settings: bad animation='warp'; using the defaults for those")

    def file_chooser():
        """The library's import chooser, open on the home folder."""
        app.switch("menu")
        scene = app.push("load")
        scene.ask_import()

    def library_games():
        """Three saved games and a damaged one in the scratch home (once a size: the Undo shot deletes one)."""
        from game.store import save_game
        from game.store.paths import games_dir

        if getattr(app, "_shot_games", False):
            return
        app._shot_games = True
        folder = games_dir()
        for old in folder.glob("*.pdn") if folder.is_dir() else ():
            old.unlink()  # the scratch home's games of the size before
        for i, (black, clock) in enumerate((("Ann", "19:05:00"), ("Carla", "20:41:00"), ("Derek", "21:12:00"))):
            save_game(midgame(20 + i, 12 + 2 * i), {"Black": black, "White": "Computer (Hard)",
                                                    "Date": f"2026.11.2{i + 1}", "Time": clock})
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "damaged.pdn").write_text(DAMAGED)

    def library(marked=(), delete=False, answer=False):
        def show():
            library_games()
            app.switch("menu")
            scene = app.push("load")
            deadline = time.monotonic() + 60
            while (scene.library.loading or scene.library.busy or len(scene.view) < 4) \
                    and time.monotonic() < deadline:
                wait_real(app, 0.05)
            for i in marked:
                scene.toggle_mark(scene.view[i])
            scene.select(1)
            if delete:
                key(app, pygame.K_DELETE)
                if answer:
                    app.stack.top.params["on_confirm"]()
                    app.pop()
                    deadline = time.monotonic() + 10
                    while scene.library.busy and time.monotonic() < deadline:
                        wait_real(app, 0.05)
                    settle(app, 3)
        return show

    def larger(show_it):
        """A screen with the text size Larger (then back to Normal for the next shot)."""
        def show():
            app.settings["text_size"] = "larger"
            theme.set_text_size("larger")  # back to Normal once the shot is taken (main)
            show_it()
        return show

    def pushed(name, **params):
        def show():
            app.switch("menu")
            app.push(name, **params)
        return show

    def loaded(name, **params):
        """A screen that reads its files in a thread (puzzles, the record), once it has them."""
        def show():
            app.switch("menu")
            scene = app.push(name, **params)
            deadline = time.monotonic() + 10
            while scene.loading and time.monotonic() < deadline:
                wait_real(app, 0.05)
        return show

    return [
        ("01-menu", lambda: app.switch("menu")),
        ("02-new-game-1p", pushed("new_game", mode="1p")),
        ("03-new-game-2p", pushed("new_game", mode="2p")),
        ("04-new-game-watch", pushed("new_game", mode="watch")),
        ("05-settings", pushed("settings")),
        ("06-how-to-play", pushed("how_to_play")),
        ("07-setup", pushed("setup")),
        ("08-library", pushed("load")),
        ("09-notice", notice),
        ("10-play", play_in_progress),
        ("11-multi-jump", multi_jump),
        ("12-kings", kings),
        ("13-watch", watch),
        ("14-game-over", game_over),
        ("15-confirm", confirm),
        ("16-analysis", analysis),
        ("17-review", review),
        ("18-thinking", thinking),
        ("19-draw-offer", draw_offer),
        ("20-draw-agreed", draw_agreed),
        ("21-who-plays", who_plays),
        ("22-how-to-play-words", how_to_play_words),
        ("23-quit-question", quit_question),
        ("24-keyboard", keyboard),
        ("25-auto-flip", auto_flip),
        ("26-clocks", clocks),
        ("27-training", pushed("training")),
        ("28-puzzles", loaded("puzzles")),
        ("29-record", loaded("record")),
        ("30-file-chooser", file_chooser),
        ("31-library-marked", library(marked=(0, 2))),
        ("32-delete-question", library(marked=(0, 2), delete=True)),
        ("33-library-undo", library(delete=True, answer=True)),
        ("34-settings-larger", larger(pushed("settings"))),
        ("35-play-larger", larger(clocks)),
        ("36-who-plays-continuing", who_plays_continuing),
        ("37-resign-question", resign_question),
        ("38-game-over-back", game_over_back),
        ("39-names", names),
        ("40-analysis-ending", analysis_ending),
    ]


def parse_size(text):
    w, h = (int(v) for v in text.lower().split("x"))
    return (w, h)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("outdir")
    ap.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    ap.add_argument("--only", default="", help="comma-separated scene names (e.g. 10-play,16-analysis)")
    ap.add_argument("--docs", action="store_true", help="also copy a few 1280x800 shots to docs/")
    args = ap.parse_args(argv)
    out = Path(args.outdir)
    only = {s for s in args.only.split(",") if s}
    shots = {}
    for size in (parse_size(s) for s in args.sizes.split(",")):
        folder = out / f"{size[0]}x{size[1]}"
        folder.mkdir(parents=True, exist_ok=True)
        app = App(size, fixed_dt=1 / 60, sound=False, fit=False)  # off screen: the size asked, not the dummy desktop's
        if app.size != size:  # under the minimum width: made so as a tiling window manager does
            pygame.display.set_mode(size, pygame.RESIZABLE)
            app.screen = pygame.display.get_surface()
            app._resize(size)
        app.settings["square_numbers"] = True  # square numbers on the board, as the game is meant to be seen
        try:
            for name, show in scenes(app):
                if only and name not in only:
                    continue
                show()
                settle(app, 3)
                app.draw(app.screen)  # an idle screen skips frames: the shot is of the screen as it is now
                path = folder / f"{name}.png"
                pygame.image.save(app.screen, str(path))
                shots[f"{folder.name}/{name}"] = path
                if app.settings.get("text_size", "normal") != "normal":  # a shot at text size Larger
                    app.settings["text_size"] = "normal"
                    theme.set_text_size("normal")
                print(path, flush=True)
        finally:
            app.close()
    if args.docs:
        docs = _common.ROOT / "docs"
        docs.mkdir(exist_ok=True)
        for shot, target in DOCS.items():
            if shot in shots:
                shutil.copyfile(shots[shot], docs / target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
