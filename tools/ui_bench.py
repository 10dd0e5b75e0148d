"""Frame times of the real scenes while the engine works, the game report's cost, start-up time, memory.

    python tools/ui_bench.py [--seconds N] [--level Master] [--size 2560x1440] [--analysis] [--clock 3+2]
    python tools/ui_bench.py --report [--plies 120] [--nodes N] [--pdn FILE --game N] [--shots DIR]
    python tools/ui_bench.py --startup
    python tools/ui_bench.py --memory [--level Medium]

Every bench runs the real scenes headless (dummy video and audio drivers, a
scratch data folder) with the real 60 fps clock and the real engine process,
and prints the frames' work time p50/p99/max in ms (events, engine poll,
update, draw, flip; not the clock's sleep), their CPU time and the machine's
load average (others' work stretches wall-clock frames); see
tools/frame_stats.py.

(default) The play scene, computer vs computer, in a window of ``--size``, for
``--seconds``; also the engine moves made.  ``--analysis`` also runs live
analysis (a third process).  ``--clock 3+2`` gives both sides clocks (shown
and running; each computer plays to its own).  Target: p99 <= 8 ms.

--report: the review scene analysing a whole game (G pressed) until the report
is there: the total time (target <= 10 s for 120 plies at the default
setting), the mean depth of the searched positions, how the progress
bar moved (its value every tenth of the way), the frames (target p99 <= 16 ms)
and the grades found.  The game is the
``--game``-th of ``--pdn`` if given, else the engine against itself at a
shallow depth (a few random opening moves for variety) cut to ``--plies``.
``--shots DIR`` saves a review at 1280x800 with live analysis on, and one with
the report shown at its worst move (the README's screenshot-analysis.png and
screenshot-report.png).

--startup: time from launching ``python -m game`` to the first drawn menu
frame (CHECKERS_EXIT_AFTER_FIRST_FRAME=1 makes the game print and exit after
its first flip).  Target: <= 0.3 s.

--memory: play a whole game (Medium vs Medium unless --level) and report the
peak resident memory of the game process and of the engine process.
Target: < 150 MB for the game process.

The library's import, reopening and filter figures are tools/library_bench.py's.
"""

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import _common
from _common import ROOT
from frame_stats import frame_lines, load_line, start_measuring

_common.headless()  # no window, no sound; settings and games in a scratch folder, never the player's own


def rss_mb(pid="self"):
    from game.textfile import read_text

    try:  # (a FileReadError is a ValueError)
        for line in read_text(f"/proc/{pid}/status", limit=1 << 16).splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return 0.0


# -- the play scene ---------------------------------------------------------------

def watch_app(level_name, size=(2560, 1440), clock=None):
    from game.app import App
    from game.controller.clock import parse_time_control
    from game.engine.levels import level_by_name
    from game.rules import BLACK, WHITE

    level = level_by_name(level_name)
    app = App(size, sound=False)
    app.switch("play", mode="watch", players={BLACK: level, WHITE: level}, time_control=parse_time_control(clock))
    return app


def frame_bench(seconds, level_name, size=(2560, 1440), analysis=False, clock=None):
    load_before = os.getloadavg()[0]
    app = watch_app(level_name, size, clock)
    scene = app.stack.top
    if analysis:
        scene.toggle_analysis()
    try:
        # the first frames load sprites and start the engine process: not what is measured
        app.run(frames=10)
        start_measuring(app)
        thinking_frames = 0
        start_moves = len(scene.game.moves)
        end = time.monotonic() + seconds
        while time.monotonic() < end and app.running:
            app.step()
            thinking_frames += scene.computer.thinking
            if scene.game.outcome is not None:
                break
        moves = len(scene.game.moves) - start_moves
        figures = frame_lines(app, target=8)
    finally:
        app.close()
    print(f"level {level_name} vs {level_name}, {seconds:g} s, window {size[0]}x{size[1]}"
          + (", live analysis on" if analysis else "") + (f", clocks {clock}" if clock else ""))
    print(f"{thinking_frames} frames while the engine searched")
    print("\n".join(figures))
    print(f"engine moves made {moves}")
    print(load_line(load_before))
    return 0


# -- the review scene's report ------------------------------------------------------

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
    """(Game, tags) of the ``index``-th game (from 1) of a PDN file; ValueError saying what is wrong."""
    from game.notation.pdn import read_pdn_file

    try:
        games = read_pdn_file(path)
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e}") from None
    if not 1 <= index <= len(games):
        raise ValueError(f"{path} has {len(games)} games: no game {index}")
    pg = games[index - 1]
    return pg.game(), dict(pg.tags)


def open_review(size, game, tags=None):
    from game.app import App

    app = App(size, sound=False)
    app.switch("menu")
    app.push("review", game=game, tags=tags or {}, back="pop")
    app.step()
    return app, app.stack.top


def report_bench(game, tags, nodes):
    from game.analysis import runner
    from game.analysis.grading import KINDS

    if nodes is not None:
        runner.REPORT_NODES = nodes
    app, scene = open_review((1280, 800), game, tags)
    progress_marks = []
    try:
        app.run(frames=10)  # sprites loaded, fonts cached: not what is measured
        start_measuring(app)
        t0 = time.perf_counter()
        scene.start_analysis()
        next_mark = 0.1
        limit = t0 + 60 + 5 * (len(game.moves) + 1)
        while scene.report is None and not scene.analysis_note and time.perf_counter() < limit:
            app.step()
            progress = scene.analysis.progress if scene.analysis is not None else 1.0
            if progress >= next_mark:
                progress_marks.append((progress, time.perf_counter() - t0))
                while next_mark <= progress:
                    next_mark += 0.1
        total = time.perf_counter() - t0
        figures = frame_lines(app, target=16)
        report = scene.report
        note = scene.analysis_note
    finally:
        app.close()
    print(f"game: {len(game.moves)} plies; {runner.REPORT_NODES} search nodes a position")
    if report is None:
        print(f"no report: {note or 'timed out'}")
        return 1
    print(f"report in {total:.1f} s (target <= 10 s for 120 plies)")
    depths = [v.depth for v in report.verdicts if v.source == "search"]
    if depths:
        print(f"mean depth {sum(depths) / len(depths):.1f} over the {len(depths)} positions searched")
    print("progress bar: " + "  ".join(f"{p * 100:.0f}% at {t:.1f} s" for p, t in progress_marks))
    print("\n".join(figures))
    for colour, name in ((0, "Red"), (1, "White")):
        s = report.summary(colour)
        print(f"{name}: " + ", ".join(f"{k} {s.counts[k]}" for k in KINDS) + f"; average loss {s.average_loss:.0f}")
    print(load_line())
    return 0


def report_shots(folder, game, tags):
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


# -- start-up and memory ---------------------------------------------------------------

def startup_bench(runs=5):
    env = dict(os.environ, CHECKERS_EXIT_AFTER_FIRST_FRAME="1", PYTHONPATH=str(ROOT))
    # An installed game has its bytecode compiled (pip does it); so that a checkout
    # measures the same, compile into a scratch cache once (the checkout stays clean).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="checkers-pyc-")
    subprocess.run([sys.executable, "-m", "game"], stdout=subprocess.DEVNULL, env=env, cwd=ROOT)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        p = subprocess.Popen([sys.executable, "-m", "game"], stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        line = p.stdout.readline()
        t1 = time.perf_counter()
        p.wait()
        if "first frame" not in line:
            print("the game did not report its first frame", file=sys.stderr)
            return 1
        times.append(t1 - t0)
    print(f"launch to first menu frame: median {statistics.median(times):.3f} s, "
          f"worst {max(times):.3f} s over {runs} runs")
    return 0


def memory_bench(level_name, max_seconds=600):
    app = watch_app(level_name)
    scene = app.stack.top
    peak_ui = peak_engine = 0.0
    try:
        end = time.monotonic() + max_seconds
        frame = 0
        while time.monotonic() < end and app.running:
            app.step(1 / 60)  # no sleeping: a whole game as fast as the engine plays it
            frame += 1
            if scene.anim is not None:
                scene.anim.finish()
            if frame % 30 == 0:
                peak_ui = max(peak_ui, rss_mb())
                if app.has_engine and app.engine.pid:
                    peak_engine = max(peak_engine, rss_mb(app.engine.pid))
            if scene.game.outcome is not None:
                break
        outcome = scene.game.outcome
        moves = len(scene.game.moves)
    finally:
        app.close()
    maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"whole game {level_name} vs {level_name}: {moves} moves, {outcome or 'unfinished'}")
    print(f"game process peak RSS {max(peak_ui, maxrss):.1f} MB; engine process peak RSS {peak_engine:.1f} MB")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=20.0, help="how long the play scene is measured")
    ap.add_argument("--level", default=None, help="level of both sides (default Master; Medium for --memory)")
    ap.add_argument("--size", default="2560x1440", help="window size, WxH")
    ap.add_argument("--analysis", action="store_true", help="live analysis on while the computers play")
    ap.add_argument("--clock", metavar="TC", default=None,
                    help="both sides play to clocks of this time control, minutes+increment (e.g. 3+2)")
    ap.add_argument("--report", action="store_true", help="measure the review scene analysing a whole game")
    ap.add_argument("--plies", type=int, default=120, help="--report: length of the engine game (default 120)")
    ap.add_argument("--nodes", type=int, default=None, metavar="N",
                    help="--report: search nodes a position (default: the game's REPORT_NODES)")
    ap.add_argument("--pdn", help="--report: analyse a game of this PDN file instead")
    ap.add_argument("--game", type=int, default=1, help="--report: which game of --pdn (from 1)")
    ap.add_argument("--shots", metavar="DIR", help="--report: save screenshots of live analysis and of a report")
    ap.add_argument("--startup", action="store_true", help="measure launch to first menu frame")
    ap.add_argument("--memory", action="store_true", help="play a whole game and report peak memory")
    args = ap.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        ap.error(f"--size takes WxH, such as 1280x800, not {args.size!r}")
    if args.clock is not None:
        from game.controller.clock import ClockError, parse_time_control

        try:
            parse_time_control(args.clock)
        except ClockError as e:
            ap.error(f"--clock: {e}")
    if args.report or args.shots:
        if args.pdn:
            try:
                game, tags = pdn_game(args.pdn, args.game)
            except ValueError as e:
                ap.error(str(e))
        else:
            game, tags = engine_game(args.plies), {"Black": "Computer (depth 4)", "White": "Computer (depth 4)"}
        if args.shots:
            return report_shots(args.shots, game, tags)
        return report_bench(game, tags, args.nodes)
    status = 0
    if args.startup:
        status |= startup_bench()
    if args.memory:
        status |= memory_bench(args.level or "Medium")
    if not (args.startup or args.memory):
        status = frame_bench(args.seconds, args.level or "Master", (w, h), args.analysis, args.clock)
    return status


if __name__ == "__main__":
    sys.exit(main())
