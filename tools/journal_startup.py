"""Launch to first frame with the store's journal of outside temporaries huge, a FIFO, or full of lines.

    python tools/journal_startup.py              # 5 launches a case
    python tools/journal_startup.py --runs 9

Each launch is ``python -m game`` (headless, ``CHECKERS_EXIT_AFTER_FIRST_FRAME``) in a
home of its own whose ``data/outside-temporaries.txt`` is, by case:

- absent (the baseline);
- a journal under its cap (``JOURNAL_LIMIT``, 4 MB) of noted paths, the most a launch
  ever reads: each line a temporary of a dead process that the tidying removes;
- a 400 MB file (sparse: it costs no disk, and one read of it costs as a real one would);
- a FIFO nobody writes to.

The store tidies the journal in a thread (``paths.tidy_outside_in_background``), so a
launch should cost the same in every case.  Prints, per case, the launch's first frame
(median and worst, seconds after the process started, as the game reports it) and the
process's peak memory (median and worst, MB, from ``wait4``), and what became of the
journal after the last launch.  Exits 1 if a launch did not draw its first frame.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT

CASES = ("none", "4 MB of lines", "400 MB", "FIFO")


def make_home(case: str, scratch: Path) -> Path:
    home = Path(tempfile.mkdtemp(prefix="journal-", dir=scratch))
    data = home / "data"
    data.mkdir()
    journal = data / "outside-temporaries.txt"
    if case == "4 MB of lines":
        folder = home / "player"
        folder.mkdir()
        dead = 2 ** 22 + 12345  # beyond pid_max's default: no such process
        lines = []
        size = 0
        i = 0
        while size < (4 << 20) - 200:
            name = folder / f".games-{i}.pdn.{dead}.abcdefgh.checkers-tmp"
            if i < 200:
                name.write_text("half")  # some of them there, to be removed
            line = os.fsencode(str(name)).hex() + "\n"
            lines.append(line)
            size += len(line)
            i += 1
        journal.write_text("".join(lines))
    elif case == "400 MB":
        journal.touch()
        os.truncate(journal, 400 << 20)
    elif case == "FIFO":
        os.mkfifo(journal)
    return home


def launch(home: Path) -> tuple[float | None, float, float]:
    """(first frame in s after the process started, wall time to it, peak RSS in MB)."""
    env = dict(os.environ, CHECKERS_HOME=str(home), CHECKERS_EXIT_AFTER_FIRST_FRAME="1", PYTHONPATH=str(ROOT),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, "-m", "game"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True, env=env, cwd=ROOT)
    assert p.stdout is not None
    line = p.stdout.readline()
    wall = time.perf_counter() - t0
    p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    p.stdout.close()
    if "first frame" not in line:
        return None, wall, usage.ru_maxrss / 1024
    words = line.split()
    try:
        since = float(words[words.index("s") - 1])
    except (ValueError, IndexError):
        since = wall
    return since, wall, usage.ru_maxrss / 1024


def what_became(home: Path) -> str:
    data = home / "data"
    journal = data / "outside-temporaries.txt"
    aside = [p.name for p in data.iterdir() if p.name.startswith("outside-temporaries.txt.bad-")]
    left = len(list((home / "player").glob(".*checkers-tmp"))) if (home / "player").exists() else 0
    kind = "absent" if not os.path.lexists(journal) else \
        ("a regular file" if journal.is_file() and not journal.is_symlink() else "not a regular file")
    return f"journal {kind}, {len(aside)} set aside" + (f", {left} stale temporaries left" if left else "")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="launches a case (default 5)")
    args = ap.parse_args(argv)
    if not hasattr(os, "mkfifo") or not hasattr(os, "wait4"):
        print("needs a POSIX system (FIFOs, wait4)", file=sys.stderr)
        return 1
    scratch = Path(tempfile.mkdtemp(prefix="checkers-journal-startup-"))
    status = 0
    try:
        launch(make_home("none", scratch))  # bytecode compiled and caches warm before anything is timed
        for case in CASES:
            firsts, rss = [], []
            home = None
            for _ in range(args.runs):
                if home is not None:
                    shutil.rmtree(home, ignore_errors=True)
                home = make_home(case, scratch)
                since, _, peak = launch(home)
                if since is None:
                    print(f"{case}: the game did not draw its first frame", file=sys.stderr)
                    status = 1
                    continue
                firsts.append(since)
                rss.append(peak)
            if firsts and home is not None:
                print(f"journal {case:>13}: first frame median {statistics.median(firsts):.3f} s, worst "
                      f"{max(firsts):.3f} s; peak RSS median {statistics.median(rss):.1f} MB, worst {max(rss):.1f} MB "
                      f"({len(firsts)} launches; after the last: {what_became(home)})", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
