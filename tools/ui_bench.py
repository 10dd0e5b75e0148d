"""Frame times of the real play scene while the engine searches, start-up time, and memory.

    python tools/ui_bench.py [--seconds N] [--level Master] [--size 2560x1440] [--analysis]
                             [--startup] [--memory]

Runs the play scene headless (dummy video and audio drivers), computer vs
computer, in a window of ``--size`` (default 2560x1440), with the real 60 fps
clock, and prints the frames drawn, the median, 99th percentile and worst
frame time in ms (the work of a frame: events, engine poll, update, draw,
flip; not the clock's sleep), the CPU time per frame, the engine moves made
and the machine's load average (others' work stretches wall-clock frames).
``--analysis`` also runs live analysis (a third process).  Target: p99 <= 8 ms.

--startup: time from launching ``python -m game`` to the first drawn menu
frame (CHECKERS_EXIT_AFTER_FIRST_FRAME=1 makes the game print and exit
after its first flip).  Target: <= 0.3 s.
--memory: play a whole game (Medium vs Medium unless --level) and report the
peak resident memory of the game process and of the engine process.
Target: < 150 MB for the game process.
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

import _common
from _common import ROOT

_common.headless()  # no window, no sound; settings and games in a scratch folder, never the player's own


def rss_mb(pid="self"):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def percentile(values, p):
    s = sorted(values)
    if not s:
        return 0.0
    k = min(len(s) - 1, max(0, int(round(p / 100 * (len(s) - 1)))))
    return s[k]


def watch_app(level_name, size=(2560, 1440)):
    from game.app import App
    from game.engine.levels import level_by_name
    from game.rules import BLACK, WHITE

    level = level_by_name(level_name)
    app = App(size, sound=False)
    app.switch("play", mode="watch", players={BLACK: level, WHITE: level})
    return app


def frame_bench(seconds, level_name, size=(2560, 1440), analysis=False):
    load_before = os.getloadavg()[0]
    app = watch_app(level_name, size)
    scene = app.stack.top
    if analysis:
        scene.toggle_analysis()
    try:
        # the first frames load sprites and start the engine process: not what is measured
        app.run(frames=10)
        app.measure = True
        app.frame_times.clear()
        app.frame_cpu_times.clear()
        thinking_frames = 0
        start_moves = len(scene.game.moves)
        end = time.monotonic() + seconds
        while time.monotonic() < end and app.running:
            app.step()
            thinking_frames += scene.computer.thinking
            if scene.game.outcome is not None:
                break
        times = [t * 1000 for t in app.frame_times]
        cpu = [t * 1000 for t in app.frame_cpu_times]
        moves = len(scene.game.moves) - start_moves
    finally:
        app.close()
    print(f"level {level_name} vs {level_name}, {seconds:g} s, window {size[0]}x{size[1]}"
          + (", live analysis on" if analysis else ""))
    print(f"frames {len(times)} ({thinking_frames} while the engine searched)")
    print(f"median {statistics.median(times):.2f} ms   p99 {percentile(times, 99):.2f} ms   "
          f"worst {max(times):.2f} ms")
    print(f"CPU per frame: median {statistics.median(cpu):.2f} ms   p99 {percentile(cpu, 99):.2f} ms   "
          f"(wall minus CPU is time the OS gave to other processes)")
    print(f"engine moves made {moves}")
    print(f"machine: {os.cpu_count()} CPUs, load average {load_before:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end")
    return percentile(times, 99)


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
            return None
        times.append(t1 - t0)
    print(f"launch to first menu frame: median {statistics.median(times):.3f} s, "
          f"worst {max(times):.3f} s over {runs} runs")
    return statistics.median(times)


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
    return max(peak_ui, maxrss)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--level", default=None, help="level of both sides (default Master; Medium for --memory)")
    ap.add_argument("--size", default="2560x1440", help="window size, WxH")
    ap.add_argument("--analysis", action="store_true", help="live analysis on while the computers play")
    ap.add_argument("--startup", action="store_true", help="measure launch to first menu frame")
    ap.add_argument("--memory", action="store_true", help="play a whole game and report peak memory")
    args = ap.parse_args(argv)
    if args.startup:
        startup_bench()
    if args.memory:
        memory_bench(args.level or "Medium")
    if not (args.startup or args.memory):
        w, h = (int(v) for v in args.size.lower().split("x"))
        frame_bench(args.seconds, args.level or "Master", (w, h), args.analysis)
    return 0


if __name__ == "__main__":
    sys.exit(main())
