"""Mine puzzles from PDN games: positions where exactly one move wins material or the game, or saves it.

    python3 tools/mine_puzzles.py ../shared/games/tinsley.pdn -o /tmp/tinsley-puzzles.pdn --jobs 2
    python3 tools/mine_puzzles.py games1.pdn games2.pdn --limit 100
    python3 tools/mine_puzzles.py --check assets/puzzles.pdn
    python3 tools/mine_puzzles.py --rate assets/puzzles.pdn -o /tmp/rated.pdn

The games are mined in background worker processes (``--jobs``; see
``game/training/miner.py`` for what makes a puzzle) while a progress bar runs on
the terminal.  At the end it prints the games read (and how many could not be
read to the end: skipped), the puzzles found, puzzles per 100 games, seconds per
game and the count of each theme, and writes the puzzles (duplicate positions
removed, in the order of the games) to ``-o``.  Without ``-o`` nothing is written.
``-o`` refuses one of the files being mined (the same file under any name), and
writes through a temporary file in the same folder, so an interrupted run never
leaves half a file.

Each puzzle is rated by how deep its answer lies (``game/training/miner.py``: the
depth at which the search first picks it out, and how many other moves look as
good at the first look); the trivial ones (found at one ply, every other move
losing at once) are rated the easiest and kept to at most 15% of the output, and a
goal "win" is kept only when the line proves it (the game ends, or the endgame
database says the opponent is lost).  ``--rate FILE -o OUT`` does that to an
existing puzzle file (no mining): it prints the depths found and writes it rated.

``--check FILE`` re-checks a puzzle file instead: each puzzle's first move must be
the only answer at both verification depths (or by the endgame database), and the
solver must have more than one legal move; it prints what fails and exits 1 if
anything does.

Ctrl+C (or a kill) stops the workers and prints the figures so far; no process
is left behind (the workers also end by themselves if this process dies).
"""

import argparse
import os
import signal
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import _common  # noqa: F401  (this checkout's game first on sys.path)

from game.store.paths import atomic_write
from game.textfile import FileReadError, read_text

_MINER = None   # the worker's Miner (one per process, made by _init)
PREFIX_MAX = 80  # characters of a file's name in its puzzles' ids (with "-0042-37": within the id limit)


# -- the worker processes -------------------------------------------------------------------------

def _watch_parent(parent):
    """End this worker when the process that started it is gone (killed, say)."""
    while True:
        if os.getppid() != parent:
            os._exit(0)
        time.sleep(1.0)


def _init(settings, parent):
    """Each worker: Ctrl+C is the parent's to handle; a miner; the watch on the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _MINER
    from game.training.miner import Miner

    _MINER = Miner(settings)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _mine_job(job):
    """One game: (index, puzzles, stats of the game)."""
    from game.training.miner import Stats

    index, start, moves, broken, prefix, source = job
    _MINER.stats = Stats()
    puzzles = []
    if broken:
        _MINER.stats.broken += 1
    else:
        puzzles = _MINER.mine_game(start, moves, f"{prefix}-{index + 1:04d}", source)
    return index, puzzles, _MINER.stats


def _check_job(puzzle):
    from game.training.miner import check_puzzle

    return puzzle.id, check_puzzle(puzzle, miner=_MINER)


def _pool(jobs, settings):
    """A spawn pool whose workers start with Ctrl+C held back (see game/spawn.py)."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    block = getattr(signal, "pthread_sigmask", None)
    old = block(signal.SIG_BLOCK, {signal.SIGINT}) if block else None
    try:
        return ctx.Pool(jobs, initializer=_init, initargs=(settings, os.getpid()))
    finally:
        if block:
            block(signal.SIG_SETMASK, old)


# -- the terminal ---------------------------------------------------------------------------------

class Progress:
    """A bar on a terminal; a line every tenth of the way otherwise (a log)."""

    def __init__(self, total, what):
        self.total, self.what = max(total, 1), what
        self.tty = sys.stderr.isatty()
        self.t0 = time.perf_counter()
        self.shown = -1

    def update(self, done, extra=""):
        share = done / self.total
        if not self.tty:
            tenth = int(share * 10)
            if tenth == self.shown and done != self.total:
                return
            self.shown = tenth
        bar = "#" * int(30 * share) + "." * (30 - int(30 * share))
        line = (f"[{bar}] {done}/{self.total} {self.what}  {extra}  "
                f"{time.perf_counter() - self.t0:.0f} s")
        sys.stderr.write(("\r" + line) if self.tty else line + "\n")
        sys.stderr.flush()

    def close(self):
        if self.tty:
            sys.stderr.write("\n")


def _terminated(signum, frame):
    raise SystemExit(128 + signum)


# -- mining ---------------------------------------------------------------------------------------

def id_prefix(stem):
    """The start of the ids of a file's puzzles ("tinsley" of tinsley.pdn): printable and short,
    so that "<prefix>-<game>-<ply>" is an id the puzzle record keeps (store.training's rule)."""
    text = "".join(ch if ch.isprintable() and not ch.isspace() else "-" for ch in stem).strip("-")
    return text[:PREFIX_MAX] or "puzzle"


def _read_games(paths, limit):
    """The jobs for the games of the files, in order (at most ``limit``); exits with a message
    on a file that cannot be read."""
    from game.notation.pdn import PdnError, read_pdn_file
    from game.training.miner import source_of

    jobs = []
    for path in paths:
        try:
            games = read_pdn_file(path)
        except (FileReadError, PdnError, OSError) as e:
            raise SystemExit(f"cannot read {path}: {e}") from None
        prefix = id_prefix(Path(path).stem)
        for pdn in games:
            if limit is not None and len(jobs) >= limit:
                return jobs
            try:
                start, broken = pdn.start_position(), bool(pdn.error)
            except (PdnError, ValueError):
                start, broken = None, True
            jobs.append((len(jobs), start, list(pdn.moves), broken, prefix, source_of(pdn.tags)))
    return jobs


def mine(args, settings):
    from game.training.miner import TRIVIAL_SHARE, Stats, cap_trivial, dedupe
    from game.training.puzzle import THEMES

    jobs = _read_games(args.files, args.limit)
    if not jobs:
        raise SystemExit("no games in " + ", ".join(args.files))
    found, stats = {}, Stats()
    bar = Progress(len(jobs), "games")
    t0 = time.perf_counter()
    stopped = False
    pool = _pool(args.jobs, settings)
    try:
        for index, puzzles, game_stats in pool.imap_unordered(_mine_job, jobs):
            found[index] = puzzles
            stats.add(game_stats)
            bar.update(len(found), f"{sum(map(len, found.values()))} puzzles")
    except (KeyboardInterrupt, SystemExit):
        stopped = True
    finally:
        pool.terminate()
        pool.join()
        bar.close()
    seconds = time.perf_counter() - t0
    puzzles, dropped = dedupe(p for i in sorted(found) for p in found[i])
    puzzles, left_out = cap_trivial(puzzles)
    games = len(found)
    read = games - stats.broken
    print(("stopped: " if stopped else "")
          + f"games read: {games} ({stats.broken} could not be read to the end: skipped)")
    print(f"puzzles found: {len(puzzles)} ({dropped} duplicate positions dropped; "
          f"{stats.candidates} candidates, rejected: "
          + (", ".join(f"{n} {why}" for why, n in sorted(stats.rejected.items())) or "none") + ")")
    if read:
        print(f"puzzles per 100 games: {100 * len(puzzles) / read:.1f}")
        print(f"seconds per game: {seconds / games:.2f} wall ({seconds:.0f} s, {args.jobs} worker"
              f"{'s' if args.jobs > 1 else ''})")
    themes = Counter(p.theme for p in puzzles)
    print("themes: " + ", ".join(f"{t} {themes[t]}" for t in THEMES if themes[t]))
    goals = Counter(p.goal for p in puzzles)
    print("goals: " + ", ".join(f"{g} {n}" for g, n in goals.most_common()))
    print(f"trivial (found at one ply, every other move losing at once): {stats.trivial} found, "
          f"{left_out} left out to keep them at most {TRIVIAL_SHARE:.0%}")
    return _write(args, puzzles) or (130 if stopped else 0)


def _write(args, puzzles):
    """Write ``puzzles`` to ``-o`` (whole or not at all): 1 if that failed, else None."""
    from game.training.puzzle import write_puzzles

    if args.output and puzzles:
        problem = output_problem(args.output, ())  # again: something may have taken the name meanwhile
        if problem is not None:
            print(f"not written: {problem}", file=sys.stderr)
            return 1
        try:
            atomic_write(args.output, write_puzzles(puzzles))  # never half a file, the old one whole
        except OSError as e:
            print(f"not written: cannot write {args.output}: {e.strerror or e}", file=sys.stderr)
            return 1
        print(f"written to {args.output}")
    elif not args.output:
        print("not written (no -o)")
    return None


def rate(args, settings):
    """Rate a puzzle file by how deep each answer lies; drop a "win" the line does not prove and
    the trivial ones beyond their share; print the figures and write ``-o``."""
    from dataclasses import replace

    from game.training.miner import TRIVIAL_SHARE, Miner, cap_trivial, depth_rating, proved_win
    from game.training.puzzle import read_puzzles
    from game.training.selection import MAX_FILE
    from game.training.themes import WIN

    try:
        text = read_text(args.rate, limit=MAX_FILE, what="puzzle file", encodings=("utf-8",))
    except FileReadError as e:
        raise SystemExit(f"cannot rate: {e}") from None
    puzzles, problems = read_puzzles(text)
    for line in problems:
        print(f"not read: {line}")
    miner = Miner(settings)
    t0 = time.perf_counter()
    rated, unproved, depths, trivial = [], [], Counter(), 0
    bar = Progress(len(puzzles), "puzzles")
    for done, p in enumerate(puzzles, 1):
        if p.goal == WIN and not proved_win(p.position, p.line):
            unproved.append(p.id)
            continue
        depth = miner.depth_of(p.position, p.line[0])
        depths[depth.found] += 1
        trivial += depth.trivial
        rated.append(replace(p, rating=depth_rating(p.line, depth)))
        bar.update(done)
    bar.close()
    kept, left_out = cap_trivial(rated)
    print(f"{len(puzzles)} puzzles rated in {time.perf_counter() - t0:.1f} s; answer first found at depth: "
          + ", ".join(f"{d}: {n}" for d, n in sorted(depths.items())))
    print(f"trivial (found at one ply, every other move losing at once): {trivial}, {left_out} left out "
          f"to keep them at most {TRIVIAL_SHARE:.0%}; a win not proved by the line: {len(unproved)}"
          + (f" ({', '.join(unproved[:5])})" if unproved else "") + f"; {len(kept)} kept")
    return _write(args, kept) or 0


def output_problem(output, inputs):
    """Why ``-o output`` cannot be written (a phrase), or None: it must not be one of the
    games being mined (the same file under any name), an existing target must be a regular
    file (never a device, FIFO, socket or link: those are refused, not replaced), its name
    must fit the file system (255 bytes), and its folder must exist."""
    name = os.fsencode(Path(output).name)
    if len(name) > 255:
        return f"the file name is too long ({len(name)} bytes; at most 255)"
    for mined in inputs:
        try:
            if os.path.samefile(output, mined):
                return f"{output} is one of the files mined ({mined}): it would be replaced by the puzzles"
        except OSError:
            continue  # one of them does not exist (yet): not the same file
    try:
        if os.path.isdir(output):
            return f"{output} is a folder"
        if os.path.lexists(output) and (os.path.islink(output) or not os.path.isfile(output)):
            return f"{output} is not a regular file (a device, pipe, socket or link); name a new file"
        folder = Path(output).parent
        if not folder.is_dir():
            return f"no folder {folder} to write {Path(output).name} in"
    except OSError as e:
        return f"cannot write {output}: {e.strerror or e}"
    return None


def check(args, settings):
    from game.training.puzzle import read_puzzles
    from game.training.selection import MAX_FILE

    try:  # a regular file under the puzzle file's cap: never a hang on a FIFO, never /dev/zero's endless read
        text = read_text(args.check, limit=MAX_FILE, what="puzzle file", encodings=("utf-8",))
    except FileReadError as e:
        raise SystemExit(f"cannot check: {e}") from None
    puzzles, problems = read_puzzles(text)
    for line in problems:
        print(f"not read: {line}")
    if args.limit is not None:
        puzzles = puzzles[:args.limit]
    forced = sum(1 for p in puzzles if len(p.position.legal_moves()) < 2)
    bar = Progress(len(puzzles), "puzzles")
    failures = []
    stopped = False
    pool = _pool(args.jobs, settings)
    try:
        for done, (ident, problem) in enumerate(pool.imap(_check_job, puzzles), 1):
            if problem is not None:
                failures.append((ident, problem))
            bar.update(done, f"{len(failures)} failed")
    except (KeyboardInterrupt, SystemExit):
        stopped = True
    finally:
        pool.terminate()
        pool.join()
        bar.close()
    for ident, problem in failures:
        print(f"{ident}: {problem}")
    depths = " and ".join(str(d) for d in settings.depths)
    print(("stopped: " if stopped else "") + f"{len(puzzles)} puzzles checked, {len(problems)} not read; "
          f"{forced} with a forced first move; {len(failures)} whose first move is not the only answer "
          f"at depths {depths} (or by the endgame database)")
    return 130 if stopped else (1 if failures or problems else 0)


def main(argv=None):
    from dataclasses import replace

    from game.training.miner import DEFAULT

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", metavar="FILE.pdn", help="PDN files to mine")
    ap.add_argument("-o", "--output", metavar="OUT.pdn", help="write the puzzles here")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--limit", type=int, default=None, metavar="GAMES",
                    help="mine the first GAMES games only (with --check: the first puzzles)")
    ap.add_argument("--check", metavar="PUZZLES.pdn", help="re-check a puzzle file instead of mining")
    ap.add_argument("--rate", metavar="PUZZLES.pdn",
                    help="rate a puzzle file by how deep its answers lie (with -o: write it rated)")
    ap.add_argument("--screen-depth", type=int, default=None, metavar="D",
                    help=f"depth of the first look at every position (default {DEFAULT.screen_depth})")
    ap.add_argument("--depths", default=None, metavar="D1,D2",
                    help="the two verification depths, D1 also for the line "
                         f"(default {DEFAULT.depths[0]},{DEFAULT.depths[1]})")
    args = ap.parse_args(argv)
    settings = DEFAULT
    if args.jobs < 1:
        ap.error("--jobs must be 1 or more")
    if args.limit is not None and args.limit < 1:
        ap.error("--limit must be 1 or more")
    if args.screen_depth is not None:
        if not 1 <= args.screen_depth <= 20:
            ap.error("--screen-depth must be from 1 to 20")
        settings = replace(settings, screen_depth=args.screen_depth)
    if args.depths is not None:
        try:
            d1, d2 = (int(x) for x in args.depths.split(","))
        except ValueError:
            ap.error(f"--depths: two depths, as 8,12 (not {args.depths[:20]!r})")
        if not (1 <= d1 <= d2 <= 24):
            ap.error("--depths: from 1 to 24, the first no deeper than the second")
        settings = replace(settings, depths=(d1, d2), line_depth=d1)
    if args.check is None and args.rate is None and not args.files:
        ap.error("name PDN files to mine, or --check PUZZLES.pdn, or --rate PUZZLES.pdn")
    if args.output and args.check is None:
        problem = output_problem(args.output, args.files + ([args.rate] if args.rate else []))
        if problem is not None:
            ap.error(f"-o: {problem}")
    signal.signal(signal.SIGTERM, _terminated)
    code = check(args, settings) if args.check else rate(args, settings) if args.rate else mine(args, settings)
    raise SystemExit(code)


if __name__ == "__main__":
    main()
