"""Frame times of the Puzzles screen with a big puzzle record, and with a big puzzle set.

    python tools/training_bench.py [--mb 13] [--attempts 60] [--size 1280x800]
    python tools/training_bench.py --big-set 120000

(default) A puzzle record of about ``--mb`` MB (one rating, attempt and solve count per
puzzle for some hundred thousand puzzles, as ``puzzles.json`` holds them) is made in a
scratch home; then the real Puzzles screen is opened headless with the real 60 fps clock,
and ``--attempts`` attempts are recorded into it the way a player makes them (a wrong
move played on the board, the next puzzle with N).  Prints the time until the screen has
its puzzle (the record is read in a thread), the frames' work time p50/p99/max while
recording (target p99 < 33 ms: issue 45, item 4), how long each attempt took to be kept
(in the screen's writer thread), and checks, in a fresh process, that every attempt is in
the record.

--big-set N: a puzzle set of N puzzles (positions from random games, one move each, about
350 bytes a puzzle: 120,000 make the 41 MB of issue 45) is written and the screen opened
on it twice.  Prints the first visit's time to its first puzzle and the frames meanwhile
(the set is read in a thread), and the second visit's (read once per process: it should
take no time).
"""

import argparse
import os
import random
import subprocess
import sys
import time

import _common
from _common import ROOT
from frame_stats import frame_lines, load_line, ms, percentile, start_measuring

_common.headless()


def make_record(mb):
    """Write a record of about ``mb`` MB as the store writes it; the number of puzzles in it."""
    from game.store.training import PuzzleProgress, StoredRating, puzzle_progress_path, save_puzzle_progress

    rng = random.Random(1)
    record = PuzzleProgress(player=StoredRating(1612.5, 80, 0.06))
    n = int(mb * 1e6 / 131)   # bytes a puzzle takes in the file (measured: see the print)
    for i in range(n):
        ident = f"bench-{i:07d}"
        record.puzzles[ident] = StoredRating(rng.uniform(900, 2300), rng.uniform(45, 300), 0.06)
        record.attempts[ident] = rng.randint(1, 9)
        record.solved[ident] = rng.randint(0, 1)
    assert save_puzzle_progress(record)
    from game.store import training

    training._books.clear()   # the screen reads it from the disk, as at a launch
    return n, os.path.getsize(puzzle_progress_path())


def fresh_attempts(ident):
    """The attempts at ``ident`` a new process reads from the record (the file and its journal)."""
    code = ("from game.store.training import load_puzzle_progress as l; r = l(); "
            f"print(r.attempts.get({ident!r}, 0), len(r.problems))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=600,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    attempts, problems = out.stdout.split()
    return int(attempts), int(problems)


def open_puzzles(app, **params):
    app.push("puzzles", **params)
    scene = app.stack.top
    began = time.perf_counter()
    while scene.session is None and not scene.load_error:
        app.step()
    return scene, time.perf_counter() - began


def wrong_move(scene):
    s = scene.session
    for move in s.position.legal_moves():
        if not s.puzzle.solves(s.ply, move) and s.position.play(move).legal_moves():
            return move
    return None


def record_bench(mb, attempts, size):
    from game.app import App

    load_before = os.getloadavg()[0]
    n, size_bytes = make_record(mb)
    print(f"record: {n} puzzles, {size_bytes / 1e6:.1f} MB ({size_bytes / n:.0f} bytes a puzzle)")
    app = App(size, sound=False)
    try:
        app.switch("menu")
        app.run(frames=5)
        start_measuring(app)
        scene, entered = open_puzzles(app)
        print(f"entering Puzzles: {entered:.2f} s to the first puzzle (the record read in a thread)")
        print("  " + "\n  ".join(frame_lines(app)))
        start_measuring(app)
        counted = {}
        latencies = []
        made = 0
        while made < attempts and app.running:
            s = scene.session
            move = wrong_move(scene)
            if move is None or s.status != "solving" or scene.anim is not None:
                scene.next_puzzle()
                app.step()
                continue
            began = time.perf_counter()
            scene.play_move(move)      # what a click on the board does
            counted[s.puzzle.id] = counted.get(s.puzzle.id, 0) + 1
            made += 1
            while scene.saving:
                app.step()
            latencies.append(time.perf_counter() - began)
            for _ in range(3):
                app.step()
            scene.next_puzzle()       # N
            app.step()
        figures = frame_lines(app, target=33)
        if scene.save_problem:
            print("NOT SAVED:", scene.save_problem)
    finally:
        app.close()
    print(f"recording {made} attempts into it:")
    print("  " + "\n  ".join(figures))
    print(f"  each attempt kept in: p50 {ms(percentile(latencies, 50))}   p99 {ms(percentile(latencies, 99))}"
          f"   max {ms(max(latencies))} (the writer thread; the window did not wait)")
    lost = 0
    for ident, k in counted.items():
        seen, problems = fresh_attempts(ident)
        lost += max(0, k - seen)
    print(f"attempts read back by a fresh process: {made - lost} of {made}")
    print(load_line(load_before))
    return 0 if lost == 0 else 1


def make_set(n, path):
    """A puzzle set of ``n`` puzzles from random games' positions (one move each)."""
    from game.rules import Position
    from game.training.puzzle import Puzzle, write_puzzles

    rng = random.Random(7)
    seen = set()
    puzzles = []
    start = Position.from_fen("B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12")
    while len(puzzles) < n:
        position = start
        for _ in range(rng.randint(40, 90)):
            moves = position.legal_moves()
            if not moves:
                break
            if position not in seen and len(moves) > 1:
                seen.add(position)
                puzzles.append(Puzzle(f"set-{len(puzzles):06d}", position, (moves[0],), "shot", "win a man",
                                      rng.randint(800, 2200), "A bench"))
                if len(puzzles) == n:
                    break
            position = position.play(rng.choice(moves))
    with open(path, "w", encoding="utf-8") as f:
        for i in range(0, n, 5000):
            f.write(write_puzzles(puzzles[i:i + 5000]))
            f.write("\n")


def set_bench(n, size):
    from game.app import App

    load_before = os.getloadavg()[0]
    path = os.path.join(os.environ["CHECKERS_HOME"], "big-set.pdn")
    began = time.perf_counter()
    make_set(n, path)
    print(f"set: {n} puzzles, {os.path.getsize(path) / 1e6:.1f} MB (made in {time.perf_counter() - began:.0f} s)")
    app = App(size, sound=False)
    try:
        app.switch("menu")
        app.run(frames=5)
        for visit in (1, 2):
            start_measuring(app)
            cpu = time.process_time()
            scene, entered = open_puzzles(app, file=path)
            print(f"visit {visit}: {entered:.2f} s to the first puzzle, {time.process_time() - cpu:.1f} s of CPU"
                  + (f" ({scene.load_error})" if scene.load_error else f", {len(scene.puzzles)} puzzles"))
            print("  " + "\n  ".join(frame_lines(app)))
            app.pop()
            app.run(frames=3)
    finally:
        app.close()
    print(load_line(load_before))
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=13.0, help="the record's size (default 13 MB)")
    parser.add_argument("--attempts", type=int, default=60, help="attempts recorded (default 60)")
    parser.add_argument("--size", default="1280x800", help="the window (default 1280x800)")
    parser.add_argument("--big-set", type=int, metavar="N", help="instead: a puzzle set of N puzzles, opened twice")
    args = parser.parse_args(argv)
    size = tuple(int(x) for x in args.size.lower().split("x"))
    if args.big_set:
        return set_bench(args.big_set, size)
    return record_bench(args.mb, args.attempts, size)


if __name__ == "__main__":
    sys.exit(main())
