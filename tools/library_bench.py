"""Figures for the game library, measured on the real Load screen driven headless.

    python tools/library_bench.py [COLLECTION.pdn] [--games 20000] [--keep]
    python tools/library_bench.py --two-windows 200000

``--two-windows N``: two game windows (two processes) on one data folder.  One
imports N games (collections of at most 30,000 games each, under the library's
32 MB a file, made with ``tools/make_collection.py``); meanwhile the other opens
the library again and again, as a player going in and out of the Load screen
would.  Afterwards: the index's orphan rows (game rows whose file is not
indexed: must be 0), its games and files, and the games a fresh window lists
(must be N).

Without a collection one is made in /tmp with ``tools/make_collection.py`` (random
legal playouts).  A fresh data folder is used (never yours).  Printed:

- first import: the file dropped on the window (pygame's DROPFILE) until every
  game is in the list, how far the progress bar got how often, games per second;
- frames while importing: p50/p99/max of the time each frame's work took, frames
  paced at 60 per second as the real window is;
- reopening: the library opened again (index on disk, nothing re-read) until
  every row is listed (target at most 1 s), both in the same window and in a
  new process;
- filter as you type: the frame that takes each letter of a player's name
  (target at most 50 ms);
- peak memory of the window's process and of the background reader (target at
  most 300 MB each).

The frame figures are tools/frame_stats.py's, as in tools/ui_bench.py (frames of
the play and review scenes while the engine works).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import _common
from _common import ROOT
from frame_stats import load_line, ms, percentile, start_measuring

_common.headless(scratch_home=False)  # no window, no sound (main() makes the data folder)

FRAME = 1 / 60


def make_collection(n, path):
    tool = ROOT / "tools" / "make_collection.py"
    print(f"making a collection of {n} games in {path} ...", flush=True)
    subprocess.run([sys.executable, str(tool), str(n), str(path), "--seed", "1", "--force"], check=True,
                   stdout=subprocess.DEVNULL)


IMPORTER = r"""
import sys, time
from game.library import Library
lib = Library()
lib.open()
for path in sys.argv[1:]:
    lib.import_file(path)
print("importing", flush=True)
while lib.busy or lib.loading:
    lib.update(0.05)
    time.sleep(0.02)
print(len(lib.catalog), " | ".join(t for t, _ in lib.news), flush=True)
lib.close()
"""

OPENER = r"""
import sys, time
from game.library import Library
lib = Library()
lib.open()
end = time.monotonic() + float(sys.argv[1])
while time.monotonic() < end:
    lib.update(0.05)
    time.sleep(0.02)
print(len(lib.catalog), lib.busy, flush=True)
lib.close()
"""


def two_windows(n, timeout):
    """The two-process figure: one window imports ``n`` games while the other opens the library."""
    import sqlite3

    from game.library import index

    per_file = 30000
    base = Path(tempfile.gettempdir()) / f"library-two-windows-{min(n, per_file)}-0.pdn"
    if not base.exists():
        tool = ROOT / "tools" / "make_collection.py"
        print(f"making {base} ({min(n, per_file)} games) ...", flush=True)
        subprocess.run([sys.executable, str(tool), str(min(n, per_file)), str(base), "--seed", "1", "--force"],
                       check=True, stdout=subprocess.DEVNULL)
    # N games as files of at most 30,000: the same games, each file its own (a first comment tells them
    # apart, so each is a new import), cut from the one collection made
    from game.library.scan import games_in
    from game.textfile import read_text

    chunks = [text.strip() for _, text, _, _, _ in games_in(read_text(base, limit=1 << 30))]  # each game's own text
    home = Path(tempfile.mkdtemp(prefix="library-two-windows-"))
    files = []
    for k in range((n + per_file - 1) // per_file):
        count = min(per_file, n - k * per_file)
        path = home / f"part {k + 1}.pdn"
        path.write_text(f"{{part {k + 1} of the two-window test}}\n" + "\n\n".join(chunks[:count]) + "\n")
        files.append(path)
    home = home / "home"
    home.mkdir()
    env = dict(os.environ, CHECKERS_HOME=str(home), PYTHONPATH=str(ROOT))
    began = time.perf_counter()
    importer = subprocess.Popen([sys.executable, "-c", IMPORTER, *map(str, files)], stdout=subprocess.PIPE,
                                text=True, env=env, cwd=ROOT)
    assert importer.stdout.readline().strip() == "importing"
    opens, listed = 0, []
    while importer.poll() is None and time.perf_counter() - began < timeout:
        r = subprocess.run([sys.executable, "-c", OPENER, "2"], capture_output=True, text=True, env=env,
                           cwd=ROOT, timeout=600)
        opens += 1
        if r.returncode != 0:
            print(f"the second window failed: {r.stderr[-500:]}")
            return 1
        listed.append(int(r.stdout.split()[0]))
    out, _ = importer.communicate(timeout=max(1.0, timeout - (time.perf_counter() - began)))
    took = time.perf_counter() - began
    conn = sqlite3.connect(home / "data" / "library" / "index.sqlite3")
    orphans = index.orphans(conn)
    rows = conn.execute("SELECT count(*) FROM games WHERE number >= 0").fetchone()[0]
    sources = conn.execute("SELECT count(*), sum(complete) FROM sources").fetchone()
    conn.close()
    size = (home / "data" / "library" / "index.sqlite3").stat().st_size / 1e6
    r = subprocess.run([sys.executable, "-c", OPENER, "30"], capture_output=True, text=True, env=env, cwd=ROOT)
    fresh = int(r.stdout.split()[0]) if r.returncode == 0 else -1
    print(f"two windows on one home: {n} games imported by one in {took:.0f} s "
          f"(it listed {out.split()[0]}); the other opened the library {opens} times meanwhile "
          f"(it listed {min(listed) if listed else 0} to {max(listed) if listed else 0} games)")
    print(f"afterwards: {orphans} orphan rows, {rows} games in the index, {sources[0]} files "
          f"({sources[1]} complete), index {size:.1f} MB; a fresh window lists {fresh} games "
          f"(want {n}, 0 orphans)")
    shutil.rmtree(home.parent, ignore_errors=True)
    return 0 if orphans == 0 and fresh == n == rows else 1


def paced(app, n=1):
    """Run ``n`` frames at most 60 a second (as the real window's clock does)."""
    for _ in range(n):
        began = time.perf_counter()
        app.step()
        left = FRAME - (time.perf_counter() - began)
        if left > 0:
            time.sleep(left)


def reopen_in_new_process():
    """Seconds from a new process opening the library to every row loaded (index only)."""
    code = ("import time, sys; t = time.perf_counter(); from game.library import Library; "
            "lib = Library(); lib.open()\n"
            "while lib.loading: lib.update(0.05)\n"
            "print(time.perf_counter() - t, len(lib.catalog), lib.worker is None); lib.close()")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
    seconds, count, no_worker = r.stdout.split()
    return float(seconds), int(count), no_worker == "True"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("collection", nargs="?", help="a PDN file (default: make one in /tmp)")
    ap.add_argument("--games", type=int, default=20000, help="games in the collection made when none is given")
    ap.add_argument("--keep", action="store_true", help="keep the temporary data folder")
    ap.add_argument("--timeout", type=float, default=900, help="give up importing after this many seconds")
    ap.add_argument("--two-windows", type=int, metavar="N",
                    help="two processes on one home: one imports N games, the other opens the library meanwhile")
    args = ap.parse_args(argv)
    if args.two_windows:
        return two_windows(args.two_windows, max(args.timeout, 3600))

    if args.collection:
        collection = Path(args.collection)
        if not collection.is_file():
            ap.error(f"no such PDN file: {collection}")
    else:
        collection = Path(tempfile.gettempdir()) / f"library-bench-{args.games}.pdn"
        if not collection.exists():
            make_collection(args.games, collection)
    home = Path(tempfile.mkdtemp(prefix="library-bench-"))
    os.environ["CHECKERS_HOME"] = str(home)

    import pygame

    from game.app import App

    size_mb = collection.stat().st_size / 1e6
    print(f"collection: {collection} ({size_mb:.1f} MB)")
    app = App((1180, 780), fixed_dt=FRAME, sound=False)
    try:
        app.switch("menu")
        app.push("load")
        paced(app, 3)
        scene = app.stack.top
        start_measuring(app)

        # -- first import: drop the file on the window ------------------------------
        began = time.perf_counter()
        pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(collection)))
        fractions = []
        first_rows = None
        while time.perf_counter() - began < args.timeout:
            paced(app)
            if first_rows is None and len(scene.catalog) > 0:
                first_rows = (time.perf_counter() - began, len(scene.catalog))
            p = scene.library.progress
            if p and p[2]:
                fractions.append(p[1] / p[2])
            if not scene.library.busy and not scene.library.loading and len(scene.catalog) > 0:
                break
        else:
            print(f"import did not finish within {args.timeout:.0f} s")
            return 1
        imported = time.perf_counter() - began
        games = len(scene.catalog)
        import_frames = list(app.frame_times)
        import_cpu = list(app.frame_cpu_times)
        distinct = len({round(f, 2) for f in fractions})
        print(f"first import: {games} games in {imported:.1f} s ({games / imported:.0f} games/s), "
              f"progress bar seen at {distinct} different positions over {len(fractions)} frames "
              f"(last {fractions[-1] * 100 if fractions else 0:.0f}%); the first {first_rows[1]} games were "
              f"listed after {first_rows[0]:.1f} s")
        print(f"frames while importing: {len(import_frames)} frames, p50 {ms(percentile(import_frames, 50))}, "
              f"p99 {ms(percentile(import_frames, 99))}, max {ms(max(import_frames))}; CPU of the window's "
              f"thread p99 {ms(percentile(import_cpu, 99))}, max {ms(max(import_cpu))}")

        # -- reopening: leave the library and open it again --------------------------
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        paced(app, 2)
        start_measuring(app)
        began = time.perf_counter()
        app.push("load")
        scene = app.stack.top
        while scene.library.loading or len(scene.catalog) < games:
            paced(app)
            if time.perf_counter() - began > 60:
                break
        reopened = time.perf_counter() - began
        reopen_frames = list(app.frame_times)
        print(f"reopening (same window): {len(scene.catalog)} games listed in {reopened:.2f} s "
              f"(target <= 1 s), worker started: {scene.library.worker is not None}, "
              f"frames p99 {ms(percentile(reopen_frames, 99))}, max {ms(max(reopen_frames))}")
        seconds, count, no_worker = reopen_in_new_process()
        print(f"reopening (new process, index only): {count} games in {seconds:.2f} s, "
              f"no file read again: {no_worker}")

        # -- filter as you type --------------------------------------------------------
        latencies, cpu = [], []

        def keystroke(event):
            began, began_cpu = time.perf_counter(), time.thread_time()
            pygame.event.post(event)
            app.step()  # the frame that takes the key and draws the filtered list
            latencies.append(time.perf_counter() - began)
            cpu.append(time.thread_time() - began_cpu)
            paced(app)

        for word in ("ferguson", "club", "draw"):
            for ch in word:
                keystroke(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            shown = len(scene.view)
            for _ in word:
                keystroke(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="",
                                             scancode=0))
            print(f"  filter {word!r}: {shown} of {len(scene.catalog)} games")
        print(f"filter as you type: {len(latencies)} keystrokes (typing and erasing), "
              f"median {ms(statistics.median(latencies))}, max {ms(max(latencies))} (target <= 50 ms); "
              f"CPU median {ms(statistics.median(cpu))}, max {ms(max(cpu))}")
        print(load_line())

        # -- sorting (a click on a heading) -------------------------------------------
        sort_times = []
        for key, rect in scene.layout.header_rects:
            began = time.perf_counter()
            for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(t, button=1, pos=rect.center))
            app.step()
            sort_times.append((key, time.perf_counter() - began))
        print("sort by column (click to frame drawn): " + ", ".join(f"{k} {ms(s)}" for k, s in sort_times))
    finally:
        app.close()
        ui_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        child_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"peak memory: window process {ui_peak:.0f} MB, largest child (background reader, "
              f"reopen check) {child_peak:.0f} MB (target <= 300 MB)")
        if args.keep:
            print(f"data folder kept: {home}")
        else:
            shutil.rmtree(home, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
