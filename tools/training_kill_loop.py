"""Kill -9 loop over the training records: two windows keep attempts at once; each is killed.

    python tools/kill_loop.py --training                  # 200 kills, seed 1
    python tools/training_kill_loop.py --kills 300 --seed 7

Each round starts two headless children ("windows") in one data folder (CHECKERS_HOME,
kept for the whole run).  Each does what the Puzzles and Practise screens do, as fast as
it can: an attempt at a puzzle (``update_puzzle_progress``, the rating changed from the
record as the file holds it), an attempt at an exercise (``record_attempt``) or a new
exercise (``add_exercises``), on a small pool of puzzles and exercises both windows share,
so they write the same entries at once.  Before each write a child prints what it is
about to do, and after the write said it was kept, that it was.  The children fold the
puzzle journal into the record far more often than the game does (a tiny ``COMPACT_AT``),
so kills land during folds too.  The parent SIGKILLs one window at a random moment, then
the other, and checks in a fresh process that:

- every acknowledged attempt is in the record: for each puzzle and exercise, the attempts
  kept are at least those acknowledged, and at most those plus the writes that were under
  way when the kill came (one per window);
- every acknowledged new exercise is there;
- nothing was set aside as damaged; no temporary file is left once the store's start-up
  cleaning has run (a kill during an atomic write leaves one; counted); no process is left.

Prints the figures and exits 1 if any check failed.  Nothing but the temporary folder is
touched (it is removed at the end unless --keep).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT

START = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
PUZZLES = [f"shot-{i}" for i in range(4)]
EXERCISES = [f"ex-{i}" for i in range(4)]

CHILD = r"""
import random, sys
from game.store import exercises as store, training
from game.store.exercises import StoredExercise
from game.store.training import StoredRating, update_puzzle_progress

training.COMPACT_AT = 1500   # fold the journal often: kills land during folds too
name, seed = sys.argv[1], int(sys.argv[2])
puzzles, exercises, start = sys.argv[3].split(","), sys.argv[4].split(","), sys.argv[5]
rng = random.Random(seed)
print("READY", flush=True)
n = 0
while True:
    r = rng.random()
    if r < 0.5:
        ident, solved = rng.choice(puzzles), rng.random() < 0.5

        def attempt(record, ident=ident, solved=solved):
            record.note_served(ident)
            record.note_attempt(ident, solved)
            record.player = StoredRating(record.player.rating + (1 if solved else -1), 200, 0.06)

        print("W P", ident, flush=True)
        if update_puzzle_progress(attempt)[1]:
            print("K P", ident, flush=True)
    elif r < 0.85:
        ident = rng.choice(exercises)
        print("W X", ident, flush=True)
        if store.record_attempt(ident, rng.random() < 0.3):
            print("K X", ident, flush=True)
    else:
        n += 1
        ident = f"new-{name}-{seed}-{n}"
        print("W A", ident, flush=True)
        if store.add_exercises([StoredExercise(ident, f"{start}#{ident}", "11-15")]).added == 1:
            print("K A", ident, flush=True)
"""

CHECK = r"""
import json, sys
from game.store import exercises as store
from game.store.paths import clean_stale_temporaries
cleaned = len(clean_stale_temporaries())   # as a launch does: a kill during a save leaves its temporary
from game.store.training import load_puzzle_progress
record = load_puzzle_progress()
loaded = store.load_exercises()
print(json.dumps({"puzzles": record.attempts, "problems": record.problems + loaded.problems,
                  "exercises": {r.id: r.attempts for r in loaded.exercises}, "cleaned": cleaned}))
"""


def seed_home(env):
    code = ("import sys; from game.store import exercises as s; from game.store.exercises import StoredExercise as E; "
            "r = s.add_exercises([E(i, f'{sys.argv[2]}#{i}', '11-15') for i in sys.argv[1].split(',')]); "
            "assert r.added == len(sys.argv[1].split(','))")
    subprocess.run([sys.executable, "-c", code, ",".join(EXERCISES), START], env=env, cwd=ROOT, check=True)


def read_back(env):
    out = subprocess.run([sys.executable, "-c", CHECK], env=env, cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "the check failed")
    return json.loads(out.stdout)


def run(kills, seed, max_delay, keep=False):
    rng = random.Random(seed)
    home = Path(tempfile.mkdtemp(prefix="checkers-kill-training-"))
    env = dict(os.environ, CHECKERS_HOME=str(home), PYTHONPATH=str(ROOT))
    problems: list[str] = []
    acked = {"P": {}, "X": {}, "A": set()}   # acknowledged: attempts per puzzle / exercise, exercises added
    model = {"P": {}, "X": {e: 0 for e in EXERCISES}}   # what the record held at the last check
    acks = in_flight_kills = cleaned = 0
    t0 = time.monotonic()
    leftover: list[str] = []
    try:
        seed_home(env)
        killed = round_ = 0
        while killed < kills:
            windows = [subprocess.Popen([sys.executable, "-c", CHILD, name, str(seed * 100_000 + round_ * 2 + i),
                                         ",".join(PUZZLES), ",".join(EXERCISES), START],
                                        stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
                       for i, name in enumerate("ab")]
            outs = []
            try:
                for w in windows:
                    first = w.stdout.readline()
                    if first.strip() != "READY":
                        problems.append(f"round {round_}: a window did not start: {first!r}")
                order = windows[:] if rng.random() < 0.5 else windows[::-1]
                for w in order:   # one window dies while the other goes on, then the other
                    time.sleep(rng.random() * max_delay)
                    os.kill(w.pid, signal.SIGKILL)
                    killed += 1
                for w in windows:
                    outs.append(w.stdout.read())
            finally:
                for w in windows:
                    if w.poll() is None:
                        w.kill()
                    w.wait(30)
                    w.stdout.close()
            for w in windows:
                if w.returncode != -signal.SIGKILL:
                    problems.append(f"round {round_}: a window ended by itself ({w.returncode})")
            # what each window acknowledged, and the write it had under way when killed (if any)
            maybe = {"P": {}, "X": {}, "A": set()}
            round_acked = {"P": {}, "X": {}, "A": set()}
            for text in outs:
                pending = None
                for line in text.split("\n")[:-1]:   # a line cut short by the kill was never said
                    state, kind, ident = line.split(" ", 2)
                    if state == "W":
                        pending = (kind, ident)
                    elif state == "K" and pending == (kind, ident):
                        pending = None
                        acks += 1
                        if kind == "A":
                            round_acked["A"].add(ident)
                        else:
                            round_acked[kind][ident] = round_acked[kind].get(ident, 0) + 1
                if pending is not None:
                    in_flight_kills += 1
                    kind, ident = pending
                    if kind == "A":
                        maybe["A"].add(ident)
                    else:
                        maybe[kind][ident] = maybe[kind].get(ident, 0) + 1
            acked["A"] |= round_acked["A"]
            before = len(problems)
            try:
                now = read_back(env)
            except Exception as e:
                problems.append(f"round {round_}: the records cannot be read back: {e}")
                round_ += 1
                continue
            cleaned += now["cleaned"]
            if now["problems"]:
                problems.append(f"round {round_}: {now['problems'][0]}")
            for kind, key in (("P", "puzzles"), ("X", "exercises")):
                for ident in set(model[kind]) | set(round_acked[kind]) | set(maybe[kind]):
                    low = model[kind].get(ident, 0) + round_acked[kind].get(ident, 0)
                    high = low + maybe[kind].get(ident, 0)
                    have = now[key].get(ident, 0)
                    if not low <= have <= high:
                        what = "puzzle" if kind == "P" else "exercise"
                        problems.append(f"round {round_}: {what} {ident}: {have} attempts kept, "
                                        f"{low} acknowledged" + (f" (+{high - low} under way)" if high > low else ""))
                model[kind] = {i: now[key].get(i, 0) for i in set(model[kind]) | set(now[key])
                               if kind == "P" or i in EXERCISES}
            missing = sorted(i for i in acked["A"] if i not in now["exercises"])
            if missing:
                problems.append(f"round {round_}: {len(missing)} acknowledged new exercises lost, e.g. {missing[0]}")
            asides = [p.name for p in (home / "data").iterdir() if ".bad-" in p.name]
            temps = [p.name for p in home.rglob("*") if p.name.endswith("checkers-tmp")]
            if asides:
                problems.append(f"round {round_}: set aside as damaged: {asides[:3]}")
            if temps:
                problems.append(f"round {round_}: temporaries left: {temps[:3]}")
            if len(problems) > before:
                print(f"round {round_}: " + "; ".join(problems[before:]), flush=True)
                break
            round_ += 1
        if shutil.which("pgrep"):
            leftover = subprocess.run(["pgrep", "-f", str(home)], capture_output=True, text=True).stdout.split()
        if leftover:
            problems.append(f"processes left: {leftover}")
        journal = home / "data" / "puzzles.json.journal"
        journal_bytes = journal.stat().st_size if journal.exists() else 0
        print(f"training records: kills: {killed} (seed {seed}) of two windows writing at once, "
              f"{in_flight_kills} of them during a write ({cleaned} left a temporary, cleaned at the next start); "
              f"writes acknowledged: {acks}")
        print(f"at the end: {sum(model['P'].values())} puzzle attempts, {sum(model['X'].values())} exercise "
              f"attempts, {len(acked['A'])} exercises added, journal {journal_bytes} bytes; "
              "every acknowledged one checked after every round")
        print(f"problems: {len(problems)}; processes left: {len(leftover)}; {time.monotonic() - t0:.0f} s")
        for p in problems[:20]:
            print("  " + p)
    finally:
        if keep:
            print(f"data folder kept: {home}")
        else:
            shutil.rmtree(home, ignore_errors=True)
    return 1 if problems else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kills", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-delay", type=float, default=0.4, help="longest wait before a kill, seconds")
    ap.add_argument("--keep", action="store_true", help="keep the data folder")
    args = ap.parse_args(argv)
    return run(args.kills, args.seed, args.max_delay, args.keep)


if __name__ == "__main__":
    sys.exit(main())
