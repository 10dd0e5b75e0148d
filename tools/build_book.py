"""Build the opening book (assets/book.txt) from the engine's own deep searches.

    python tools/build_book.py --seconds 5 --alt-seconds 1.5 --jobs 2     # the shipped book: 40 min

Positions: the initial one, every position on the way to each of the 156
three-move ballots (``game.notation.openings``), each ballot, and the engine's
main line from each ballot ``--plies`` plies deep (the position after each
ballot and after its best replies).  They are analysed breadth first (all
ballots before any reply), so a build cut short by ``--budget`` still
covers every ballot to the same depth; transpositions are analysed once.
``--jobs N`` analyses N positions at once, each process with its own
tables (the positions of one ply are shared out; the next ply waits for
them: its positions are their best moves).

Each position gets one timed search (``--seconds``); its best move and score
go in the book.  Every other legal move is then searched on its own
(``--alt-seconds``, same tables, forced replies followed) and kept when its
search got within 4 plies of the main one and scored within ``--margin``
centi-men of the best: those are the moves the engine may vary among.

The book is rewritten every few positions (a temporary file renamed into
place), so an interrupted build leaves a valid book; ``--resume`` keeps the
positions already in it.  Prints the number of positions, the time taken
and the file's size.
"""

import argparse
import multiprocessing
import os
import time
from pathlib import Path

from _common import ROOT, ballots

from game.engine.book import load, parse_line
from game.engine.search import Searcher
from game.rules import Position

OUT = ROOT / "assets" / "book.txt"


def ballot_lines(path=None):
    """[(number, [Position after 0, 1, 2 and 3 moves])] of the ballots (of a file, with ``path``)."""
    out = []
    for number, moves, fen in ballots(path):
        pos = Position.initial()
        line_positions = [pos]
        for text in moves.split():
            a, b = (int(x) for x in text.replace("x", "-").split("-"))
            matches = [m for m in pos.legal_moves() if m.start == a and m.end == b]
            if len(matches) != 1:
                raise SystemExit(f"ballot {number}: {text} is not one legal move in {pos.fen()}")
            pos = pos.play(matches[0])
            line_positions.append(pos)
        if pos != Position.from_fen(fen):
            raise SystemExit(f"ballot {number}: its moves do not give its FEN {fen}")
        out.append((number, line_positions))
    return out


def _last(infos):
    info = None
    for found in infos:
        info = found
    return info


def _score_after(searcher, position, move, seconds, max_forced=8):
    """(score of ``move`` for the mover, depth) by a search of what follows;
    forced replies are played out first (a one-move search says nothing)."""
    pos, sign = position.play(move), -1
    for _ in range(max_forced):
        legal = pos.legal_moves()
        if len(legal) != 1:
            break
        pos, sign = pos.play(legal[0]), -sign
    if not pos.legal_moves():
        return (-sign * 30000, 99)  # the side to move there has lost
    info = _last(searcher.search(pos, time=seconds))
    return (sign * info.score, info.depth) if info is not None else (None, 0)


def analyse(searcher, position, seconds, alt_seconds, margin):
    """[(Move, score)] best first, and the main search's depth."""
    legal = position.legal_moves()
    if len(legal) == 1:
        return [(legal[0], 0)], 0
    info = _last(searcher.search(position, time=seconds))
    best, score, depth = info.best_move, info.score, info.depth
    out = [(best, score)]
    for m in legal:
        if m == best:
            continue
        s, d = _score_after(searcher, position, m, alt_seconds)
        if s is not None and d >= depth - 1 - 4 and s >= score - margin:
            out.append((m, s))
    out.sort(key=lambda ms: -ms[1])
    return out, depth


_worker = {}  # in each analysing process: its Searcher and the analyse() arguments


def _start_worker(seconds, alt_seconds, margin):
    _worker["searcher"] = Searcher()
    _worker["args"] = (seconds, alt_seconds, margin)


def _analyse_fen(fen):
    moves, depth = analyse(_worker["searcher"], Position.from_fen(fen), *_worker["args"])
    return fen, [(str(m), s) for m, s in moves], depth


class _Analysts:
    """Analyses positions here (one job) or in a pool of spawned processes,
    each with its own Searcher; map() yields (FEN, [(Move, score)], depth)
    as they finish.  Leaving the block ends the pool, whatever the way out."""

    def __init__(self, jobs, seconds, alt_seconds, margin):
        self.jobs = max(1, jobs)
        self.args = (seconds, alt_seconds, margin)
        self.pool = None

    def __enter__(self):
        if self.jobs > 1:
            ctx = multiprocessing.get_context("spawn")
            self.pool = ctx.Pool(self.jobs, _start_worker, self.args)
        else:
            _start_worker(*self.args)
        return self

    def __exit__(self, *exc):
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()

    def map(self, positions):
        fens = [p.fen() for p in positions]
        results = (self.pool.imap_unordered(_analyse_fen, fens) if self.pool is not None
                   else map(_analyse_fen, fens))
        for fen, moves, depth in results:
            legal = {str(m): m for m in Position.from_fen(fen).legal_moves()}
            yield fen, [(legal[t], s) for t, s in moves], depth


def _next_layer(layer, entries, seen):
    """The positions one ply on along the main lines of ``layer``'s positions
    that still have plies to follow (each with one ply fewer)."""
    nxt = []
    for pos, more in layer:
        best = entries.get(pos.fen())
        if more > 0 and best:
            child = pos.play(best[0][0])
            if child.fen() not in seen and child.legal_moves():
                seen.add(child.fen())
                nxt.append((child, more - 1))
    return nxt


def write_book(path, entries, header):
    tmp = Path(str(path) + ".tmp")
    lines = [f"# {h}" for h in header]
    for fen in sorted(entries):
        lines.append(fen + " " + " ".join(f"{m}:{s}" for m, s in entries[fen]))
    tmp.write_text("\n".join(lines) + "\n")
    os.replace(tmp, path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ballots", default=None, metavar="FILE",
                    help="ballots from this file (as tools/match.py reads it) instead of the 156 ballots")
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--seconds", type=float, default=1.5, help="main search per position")
    ap.add_argument("--alt-seconds", type=float, default=0.4, help="search per alternative move")
    ap.add_argument("--margin", type=int, default=20, help="keep moves this close to the best (centi-men)")
    ap.add_argument("--plies", type=int, default=3, help="positions on the main line past each ballot")
    ap.add_argument("--budget", type=float, default=None, help="minutes; no new position after that")
    ap.add_argument("--ballot-count", type=int, default=None, help="only the first N ballots (tests)")
    ap.add_argument("--resume", action="store_true", help="keep the positions already in --out")
    ap.add_argument("--jobs", type=int, default=1, help="positions analysed at once, each in its own process")
    args = ap.parse_args(argv)
    try:
        ballots = ballot_lines(args.ballots)[:args.ballot_count]
    except (OSError, ValueError) as e:
        ap.error(f"cannot read the ballots file {args.ballots}: {e}")
    entries = {}
    if args.resume and Path(args.out).exists():
        for fen, rest in load(args.out).items():
            pos = Position.from_fen(fen)
            legal = {str(m): m for m in pos.legal_moves()}
            entries[fen] = [(legal[t], s) for t, s in parse_line(fen, rest)]
    # (position, plies of main line still to follow); the way to each ballot first
    layer = []
    seen = set()
    for _, line in ballots:
        for i, pos in enumerate(line):
            if pos.fen() not in seen:
                seen.add(pos.fen())
                layer.append((pos, args.plies - 1 if i == 3 else 0))
    header = [
        "Opening book of tools/build_book.py: the engine's own searches, no games from elsewhere.",
        f"{args.seconds:g} s a position, {args.alt_seconds:g} s per alternative, margin {args.margin},"
        f" {args.plies} plies past each ballot.",
        "position (FEN) then move:score, best first; scores in centi-men for the side to move.",
    ]
    t0 = time.perf_counter()
    done = 0
    over = False
    with _Analysts(args.jobs, args.seconds, args.alt_seconds, args.margin) as analysts:
        while layer and not over:
            for fen, moves, depth in analysts.map([pos for pos, _ in layer if pos.fen() not in entries]):
                entries[fen] = moves
                done += 1
                print(f"{len(entries):4d} {fen} depth {depth}: "
                      + " ".join(f"{m}:{s}" for m, s in moves), flush=True)
                if done % 10 == 0:
                    write_book(args.out, entries, header)
                if args.budget is not None and time.perf_counter() - t0 > 60 * args.budget:
                    print(f"budget of {args.budget:g} minutes reached; the rest of this ply is not analysed",
                          flush=True)
                    over = True
                    break
            layer = _next_layer(layer, entries, seen)
    elapsed = time.perf_counter() - t0
    header.append(f"{done} positions analysed in {elapsed:.0f} s, {args.jobs} at a time"
                  " (the depth reached varies with the machine and its load).")
    write_book(args.out, entries, header)
    print(f"book: {len(entries)} positions ({done} analysed now) in {elapsed:.0f} s; "
          f"{Path(args.out).stat().st_size} bytes in {args.out}")


if __name__ == "__main__":
    main()
