"""Two windows (two real processes) keeping training records in one home at once: nothing lost.

Each process records 150 attempts at one puzzle, 150 attempts at one exercise and adds 150
exercises of its own, as fast as it can, interleaved with the other: all 300 of each are
kept.  (Before the records were changed under a lock, about half were lost.)
"""

import json
import os
import subprocess
import sys
from pathlib import Path

from game.store import exercises as store
from game.store.exercises import StoredExercise
from game.store.training import load_puzzle_progress

ROOT = Path(__file__).resolve().parents[1]
START = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
N = 150

WINDOW = r"""
import sys
from game.store import exercises as store
from game.store.exercises import StoredExercise
from game.store.training import StoredRating, update_puzzle_progress

name, n = sys.argv[1], int(sys.argv[2])
fails = 0


def attempt(record):
    record.note_served("shot-1")
    record.note_attempt("shot-1", True)
    record.player = StoredRating(record.player.rating + 1, 200, 0.06)


print("GO", flush=True)
sys.stdin.readline()   # both start together
for i in range(n):
    fails += not update_puzzle_progress(attempt)[1]
    fails += not store.record_attempt("ex-shared", i % 2 == 0)
    added = store.add_exercises([StoredExercise(f"ex-{name}-{i}", f"{sys.argv[3]}#{name}-{i}", "11-15")])
    fails += getattr(added, "added", added) != 1  # (a count where older versions returned one)
print("FAILS", fails, flush=True)
"""


def test_two_processes_keep_every_attempt_and_every_exercise(home):
    added = store.add_exercises([StoredExercise("ex-shared", START, "11-15")])
    assert getattr(added, "added", added) == 1  # (a count where older versions returned one)
    env = {**os.environ, "CHECKERS_HOME": str(home), "PYTHONPATH": str(ROOT)}
    windows = [subprocess.Popen([sys.executable, "-c", WINDOW, name, str(N), START], cwd=ROOT, env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for name in ("a", "b")]
    try:
        for w in windows:
            assert w.stdout.readline().strip() == "GO"
        for w in windows:
            w.stdin.write("\n")
            w.stdin.flush()
        outs = [w.communicate(timeout=240) for w in windows]
    finally:
        for w in windows:
            if w.poll() is None:
                w.kill()
                w.wait()
    for w, (out, err) in zip(windows, outs):
        assert w.returncode == 0, err
        assert "FAILS 0" in out, out + err   # every write said it succeeded ...
    record = load_puzzle_progress()
    assert record.attempts == {"shot-1": 2 * N} and record.solved == {"shot-1": 2 * N}   # ... and was kept
    assert record.player.rating == 1500 + 2 * N   # each change was made from the one before it
    kept = {r.id: r for r in store.load_exercises().exercises}
    assert kept["ex-shared"].attempts == 2 * N and kept["ex-shared"].solved == N
    assert len([k for k in kept if k.startswith(("ex-a-", "ex-b-"))]) == 2 * N
    # a fresh process reads the same (the journal and the file agree with what this one saw)
    fresh = subprocess.run([sys.executable, "-c", "from game.store.training import load_puzzle_progress as l; "
                            "r = l(); print(r.attempts['shot-1'], round(r.player.rating), r.problems)"],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert fresh.stdout.split() == [str(2 * N), str(1500 + 2 * N), "[]"], fresh.stderr
    assert json.loads(store.exercises_path().read_text())["version"] == 1
