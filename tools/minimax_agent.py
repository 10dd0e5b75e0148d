"""A plain minimax agent: the sparring partner of checkers-agent.

    cd some/dir && python /path/to/tools/minimax_agent.py [--depth 4]

Same file protocol as checkers-agent (input.txt in, output.txt out, in the
current directory).  Minimax to a fixed depth WITHOUT alpha-beta pruning,
material evaluation only (man 1, king 2), from the side to move's view; a
side with no move loses.  Ties go to the first move in generation order, so
it is deterministic.  This is the baseline the tournament's weak opponents
play like: the agent should beat it every game.
"""

import argparse
import sys
from pathlib import Path

import _common  # noqa: F401  (this checkout's game first on sys.path)

from game.agent.io import format_move, parse_input
from game.rules import Move
from game.rules import bitboard as bb
from game.textfile import read_text

WIN = 1000


def evaluate(bm, bk, wm, wk, black):
    score = bm.bit_count() + 2 * bk.bit_count() - wm.bit_count() - 2 * wk.bit_count()
    return score if black else -score


def minimax(state, depth):
    """Negamax form of plain minimax: every node is searched, nothing is pruned."""
    moves = bb.moves(*state)
    if not moves:
        return -WIN - depth  # losing sooner is worse
    if depth == 0:
        return evaluate(*state)
    best = -10 * WIN
    for m in moves:
        s = -minimax(bb.play(*state, m), depth - 1)
        if s > best:
            best = s
    return best


def choose(position, depth):
    state = position.state
    best, best_score = None, None
    for m in bb.moves(*state):
        s = -minimax(bb.play(*state, m), depth - 1)
        if best_score is None or s > best_score:
            best, best_score = m, s
    return None if best is None else Move.from_raw(best)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--depth", type=int, default=4)
    args = ap.parse_args(argv)
    try:
        Path("output.txt").unlink()
    except FileNotFoundError:
        pass
    try:
        got = parse_input(read_text("input.txt", limit=64 * 1024, what="input file"))
    except ValueError as e:  # FileReadError and NotationError
        print(f"minimax_agent: {e}", file=sys.stderr)
        return 2
    move = choose(got.position, max(1, args.depth))
    if move is None:
        print("minimax_agent: no legal move", file=sys.stderr)
        return 3
    Path("output.txt").write_text(format_move(move), encoding="ascii")
    return 0


if __name__ == "__main__":
    sys.exit(main())
