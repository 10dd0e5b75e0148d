"""The game report's cost: a whole game analysed in the review scene, headless, frame by frame.

    python tools/analysis_bench.py [--plies 120] [--seconds S] [--pdn FILE --game N]
    python tools/analysis_bench.py --shots DIR      # screenshots of live analysis and of a report

Opens the real review scene (dummy video and audio drivers, the real 60 fps
clock, the real engine process), presses G and runs frames until the report
is there.  Prints the total time (target <= 60 s for 120 plies at the
default setting), how the progress bar moved (its value every tenth of the
way), the frames' work time p50/p99/max (target p99 <= 16 ms) and CPU per
frame, the grades found, and the machine's load average (it is shared).

The game: the ``--game``-th game of ``--pdn`` if given, else a game of the
engine against itself at a shallow depth (a few random opening moves for
variety) cut to ``--plies``.

--shots DIR: a review at 1280x800 with live analysis on, and one with the
report of that game shown at its worst move, saved as PNG files.
"""

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

import _common

_common.headless()  # no window, no sound; settings and games in a scratch folder, never the player's own


def percentile(values, p):
    s = sorted(values)
    if not s:
        return 0.0
    return s[min(len(s) - 1, max(0, int(round(p / 100 * (len(s) - 1)))))]


def engine_game(plies, seed=1, depth=4):
    """A game of the engine against itself, ``plies`` long (or as long as the first game that is)."""
    from game.engine.search import Searcher
    from game.rules import Game

    best = None
    for s in range(seed, seed + 20):
        rng = random.Random(s)
        game = Game()
        searcher = Searcher()
        while len(game.moves) < plies and game.outcome is None:
            moves = game.legal_moves()
            if len(game.moves) < 6:
                move = rng.choice(moves)
            else:
                move = searcher.best_move(game.position, depth=depth, history=tuple(game.positions[:-1]))
            game.push(move)
        if best is None or len(game.moves) > len(best.moves):
            best = game
        if len(game.moves) >= plies:
            break
    return best


def pdn_game(path, index):
    from game.notation.pdn import read_pdn_file

    games = read_pdn_file(path)
    pg = games[index - 1]
    return pg.game(), dict(pg.tags)


def open_review(size, game, tags=None):
    from game.app import App

    app = App(size, sound=False)
    app.switch("menu")
    app.push("review", game=game, tags=tags or {}, back="pop")
    app.step()
    return app, app.stack.top


def bench(game, tags, seconds):
    from game.analysis import runner
    from game.analysis.grading import KINDS

    if seconds is not None:
        runner.DEFAULT_SECONDS = seconds
    app, scene = open_review((1280, 800), game, tags)
    progress_marks = []
    try:
        app.run(frames=10)  # sprites loaded, fonts cached: not what is measured
        app.measure = True
        app.frame_times.clear()
        app.frame_cpu_times.clear()
        t0 = time.perf_counter()
        scene.start_analysis()
        next_mark = 0.1
        limit = t0 + 60 + 10 * runner.DEFAULT_SECONDS * (len(game.moves) + 1)
        while scene.report is None and not scene.analysis_note and time.perf_counter() < limit:
            app.step()
            progress = scene.analysis.progress if scene.analysis is not None else 1.0
            if progress >= next_mark:
                progress_marks.append((progress, time.perf_counter() - t0))
                while next_mark <= progress:
                    next_mark += 0.1
        total = time.perf_counter() - t0
        load = os.getloadavg()
        times = [t * 1000 for t in app.frame_times]
        cpu = [t * 1000 for t in app.frame_cpu_times]
        report = scene.report
        note = scene.analysis_note
    finally:
        app.close()
    print(f"game: {len(game.moves)} plies; engine time {runner.DEFAULT_SECONDS} s a position")
    if report is None:
        print(f"no report: {note or 'timed out'}")
        return 1
    print(f"report in {total:.1f} s (target <= 60 s for 120 plies)")
    print("progress bar: " + "  ".join(f"{p * 100:.0f}% at {t:.1f} s" for p, t in progress_marks))
    print(f"frames {len(times)}: p50 {statistics.median(times):.2f} ms   p99 {percentile(times, 99):.2f} ms   "
          f"max {max(times):.2f} ms (target p99 <= 16 ms)")
    print(f"CPU per frame: p50 {statistics.median(cpu):.2f} ms   p99 {percentile(cpu, 99):.2f} ms   "
          f"max {max(cpu):.2f} ms")
    for colour, name in ((0, "Red"), (1, "White")):
        s = report.summary(colour)
        print(f"{name}: " + ", ".join(f"{k} {s.counts[k]}" for k in KINDS) + f"; average loss {s.average_loss:.0f}")
    print(f"machine: {os.cpu_count()} CPUs, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the end")
    return 0


def shots(folder, game, tags):
    import pygame

    from game.analysis.grading import BLUNDER, MISTAKE

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    app, scene = open_review((1280, 800), game, tags)
    try:
        scene.go(min(24, len(game.moves)))
        scene.toggle_live()
        end = time.monotonic() + 30
        while time.monotonic() < end and (scene.live.info is None or scene.live.info.depth < 12):
            app.step()
        app.step()
        app.draw(app.screen)
        pygame.image.save(app.screen, str(folder / "screenshot-analysis.png"))
        print(f"live analysis at depth {scene.live.info.depth if scene.live.info else '-'}: "
              f"{folder / 'screenshot-analysis.png'}")
        scene.toggle_live()
        scene.start_analysis()
        end = time.monotonic() + 300
        while scene.report is None and not scene.analysis_note and time.monotonic() < end:
            app.step()
        if scene.report is None:
            print(f"no report: {scene.analysis_note}")
            return 1
        worst = [m for m in scene.report.moves if m.kind in (BLUNDER, MISTAKE)]
        scene.go(worst[0].ply + 1 if worst else len(game.moves) // 2)
        app.step()
        app.draw(app.screen)
        pygame.image.save(app.screen, str(folder / "screenshot-report.png"))
        print(f"report: {folder / 'screenshot-report.png'}")
    finally:
        app.close()
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plies", type=int, default=120, help="length of the engine game (default 120)")
    ap.add_argument("--seconds", type=float, default=None, help="engine time per position (default: the game's)")
    ap.add_argument("--pdn", help="analyse a game of this PDN file instead")
    ap.add_argument("--game", type=int, default=1, help="which game of --pdn (from 1)")
    ap.add_argument("--shots", metavar="DIR", help="save screenshots of live analysis and of a report")
    args = ap.parse_args(argv)
    if args.pdn:
        game, tags = pdn_game(args.pdn, args.game)
    else:
        game, tags = engine_game(args.plies), {"Black": "Computer (depth 4)", "White": "Computer (depth 4)"}
    if args.shots:
        return shots(args.shots, game, tags)
    return bench(game, tags, args.seconds)


if __name__ == "__main__":
    sys.exit(main())
