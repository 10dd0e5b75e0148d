"""Mutation check: does the test suite notice when the code is subtly wrong?

    python tools/mutants.py            # every mutant below
    python tools/mutants.py --list     # the mutants, one line each
    python tools/mutants.py -k search  # only those whose name contains "search"

Each mutant is one small edit to one file (an exact snippet that must occur
once, replaced by a wrong one) and the test files that ought to notice.  The
tool copies the tracked files of the checkout to a temporary folder, applies
one mutant at a time there, runs those tests, and prints ``killed`` when they
fail and ``SURVIVED`` when they pass.  The checkout itself is never touched.
The exit status is 1 when a mutant survives or no longer applies.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Mutant:
    name: str
    path: str       # relative to the checkout
    old: str        # must occur exactly once in the file
    new: str
    tests: tuple    # test files (or node ids) that should fail


MUTANTS = (
    # The three that survived the review of issue 32: a test now kills each.
    Mutant("search: a win's distance stored in the table with the wrong sign",
           "game/engine/core.py", "if s >= MATE_BOUND:\n                s += ply",
           "if s >= MATE_BOUND:\n                s -= ply", ("tests/test_engine_search.py",)),
    Mutant("search: _may_follow's row test for black's men",
           "game/engine/search.py", "_rows(lbm) <= _rows(bm)", "_rows(lbm) < _rows(bm)",
           ("tests/test_engine_search.py",)),
    Mutant("store: the JSON reader keeps a byte-order mark",
           "game/store/jsonfile.py", "        data = data[3:]", "        data = data",
           ("tests/test_settings_store.py",)),
    # New ones, one per kind of mistake: a sign, an off-by-one, a swapped pair, a lost condition.
    Mutant("search: a win's distance read from the table with the wrong sign",
           "game/engine/core.py", "if escore >= MATE_BOUND:\n                        escore -= ply",
           "if escore >= MATE_BOUND:\n                        escore += ply", ("tests/test_engine_search.py",)),
    Mutant("search: _may_follow's row test for white's men",
           "game/engine/search.py", "_rows(lwm) >= _rows(wm)", "_rows(lwm) > _rows(wm)",
           ("tests/test_engine_search.py",)),
    Mutant("search: a win in one a ply too far", "game/engine/core.py",
           "return WIN - ply - 1", "return WIN - ply - 2", ("tests/test_search_reference.py",)),
    Mutant("search: repetitions never seen in the tree", "game/engine/core.py",
           "        if kings and ply:\n            r = self.repeated(k0, k1, black)",
           "        if False:\n            r = self.repeated(k0, k1, black)", ("tests/test_search_reference.py",)),
    Mutant("search: the no-progress fade rounds a loss the wrong way", "game/engine/evaluation.py",
           "return dr - (-s * self.fade_left // self.fade_plies)",
           "return dr - (s * self.fade_left // self.fade_plies)",
           ("tests/test_engine_search.py",)),
    Mutant("movegen: a black man's capture lands on the wrong square", "game/engine/movegen.py",
           "self.push(b, b << 10, b << 5)", "self.push(b, b << 10, b << 4)",
           ("tests/test_engine_movegen.py",)),
    Mutant("evaluate: the endgame's exchange bonus twice as large", "game/engine/evaluation.py",
           "t = (d if d > 0 else -d) * (24 - n) // 48", "t = (d if d > 0 else -d) * (24 - n) // 24",
           ("tests/test_engine_eval.py",)),
    Mutant("scores: 'win in N' counted a move short", "game/engine/scores.py",
           'return f"win in {(WIN - score + 1) // 2}"', 'return f"win in {(WIN - score) // 2}"',
           ("tests/test_engine_search.py",)),
    Mutant("book: the best move itself left out of the pool", "game/engine/book.py",
           "if s >= best - margin]", "if s > best - margin]", ("tests/test_book.py",)),
    Mutant("endgame: a side with no piece left is not lost", "game/engine/endgame.py",
           "return LOSS_BASE  # no piece left", "return 0  # no piece left", ("tests/test_endgame.py",)),
    Mutant("patterns: the colours of a mirrored band swapped", "game/engine/patterns.py",
           "config(_reverse8(white8), _reverse8(black8))", "config(_reverse8(black8), _reverse8(white8))",
           ("tests/test_engine_patterns.py",)),
    Mutant("rules: a crowning move resets the draw count", "game/rules/game.py",
           "return landed[1]  # the man was crowned", "return not landed[1]  # the man was crowned",
           ("tests/test_rules.py",)),
    Mutant("notation: square 32 refused", "game/notation/squares.py",
           "if len(digits) <= 2 and 1 <= int(digits or \"0\") <= 32:",
           "if len(digits) <= 2 and 1 <= int(digits or \"0\") < 32:", ("tests/test_notation_fen.py",)),
    Mutant("settings: a 40-character name refused", "game/store/settings.py",
           "0 < len(value) <= 40", "0 < len(value) <= 4", ("tests/test_settings_store.py",)),
    Mutant("library: plies no longer sorted longest first", "game/library/catalog.py",
           'key in ("date", "plies")', 'key in ("date",)', ("tests/test_library.py",)),
    Mutant("pdn: 1-0 read as a white win", "game/notation/pdn_reader.py",
           '"1-0": "2-0"', '"1-0": "0-2"', ("tests/test_pdn_quirks.py",)),
    Mutant("agent: the clock's half-second reserve", "game/agent/clock.py",
           "left - 0.5,", "left - 0.05,", ("tests/test_agent.py",)),
)


def tracked_files():
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [p for p in out.decode().split("\0") if p]


def copy_checkout(dest):
    for rel in tracked_files():
        src = ROOT / rel
        if not src.is_file():
            continue  # deleted in the working tree
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, target)


def run_tests(tree, tests):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONDONTWRITEBYTECODE="1")
    cmd = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *tests]
    return subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True)


def check(mutant, tree):
    """'killed', 'SURVIVED', or 'STALE' (the snippet is not in the file once)."""
    import _common  # noqa: F401  (this checkout's game on sys.path)

    from game.textfile import read_text

    path = tree / mutant.path
    original = read_text(path, limit=1 << 24, what="source file", encodings=("utf-8",))
    if original.count(mutant.old) != 1:
        return "STALE"
    path.write_text(original.replace(mutant.old, mutant.new), encoding="utf-8")
    try:
        return "SURVIVED" if run_tests(tree, mutant.tests).returncode == 0 else "killed"
    finally:
        path.write_text(original, encoding="utf-8")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-k", default="", help="only the mutants whose name contains this text")
    ap.add_argument("--list", action="store_true", help="list the mutants and stop")
    args = ap.parse_args(argv)
    chosen = [m for m in MUTANTS if args.k.lower() in m.name.lower()]
    if args.list:
        for m in chosen:
            print(f"{m.name}  [{m.path}]")
        return 0
    if not chosen:
        print(f"no mutant matches {args.k!r}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="checkers-mutants-") as tmp:
        tree = Path(tmp)
        copy_checkout(tree)
        baseline = run_tests(tree, sorted({t for m in chosen for t in m.tests}))
        if baseline.returncode != 0:
            print("the tests fail without any mutant: fix them first\n" + baseline.stdout[-2000:], file=sys.stderr)
            return 2
        verdicts = []
        for m in chosen:
            verdict = check(m, tree)
            verdicts.append(verdict)
            print(f"{verdict:8}  {m.name}", flush=True)
    killed = verdicts.count("killed")
    print(f"{killed} of {len(chosen)} killed")
    return 0 if killed == len(chosen) else 1


if __name__ == "__main__":
    sys.exit(main())
