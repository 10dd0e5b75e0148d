"""Checks of the endgame database against the rules and in play.

    python tools/endgame_check.py --exhaustive 3     # every position of 2 and 3 pieces v a plain solver
    python tools/endgame_check.py --convert 100      # 100 random won positions played out
    python tools/endgame_check.py --convert 100 --time 0.5 --seed 2
    python tools/endgame_check.py --short 200        # wins in 3 moves played as such
    python tools/endgame_check.py --beyond 50 --time 0.2  # 3 v 2, five pieces
    python tools/endgame_check.py --kings 4v3 --count 20 --time 0.2 [--no-fade]
    python tools/endgame_check.py --endings games.pdn --against 9401970 --time 1 [--count 20]

--exhaustive N solves every position of up to N pieces (both sides to move,
no turning or colour swapping) by plain value iteration over
game.rules.bitboard, and compares each with probe().

--convert N draws random positions of 2-4 pieces that the database calls
won for the side to move, and lets the engine play both sides (the same
search, a fixed time per move, the database in use) under the official
draw rules (80 plies without a capture or a man move, threefold
repetition).  It prints how many the winner converted and, for those, the
plies it took.

--kings AvB --count N plays out N random endings of A kings against B
(4v3, 5v4: past the database) the same way and counts the wins of the side
ahead; --no-fade plays them without the search's fade towards the
no-progress draw (search.DRAW_RULE), to compare.  Not every such ending is
won: the count is a comparison, not a pass mark.

--endings PDN --against REV takes king endings of 6-8 pieces from the
games of PDN (self-play or match games: in each game the first position of
6-8 pieces with a king on the board and no capture pending), judges each by
this engine's depth-JUDGE_ENDING_DEPTH search (won for the side ahead by
at least WON_MARGIN, drawn within DRAWN_MARGIN, the others left out), and
plays it out under the official draw rules: this engine on the side that
must convert (won) or hold (drawn: the side the judge scores lower), the
engine of commit REV (tools/git_engine.py) on the other, both at --time a
move.  It prints how many won positions were converted and how many drawn
ones were held.

--beyond N does the same for 5 pieces, 3 v 2 with kings and men (which the
database now holds too: the engine plays them from it).  A
position counts as won when the engine's own depth-10 search sees a
database win for the side with three (no capture pending at the start);
how far that choice reaches is the limit of this check.
"""

import argparse
import random
import statistics
import sys
import time

import _common  # noqa: F401  (this checkout's game first on sys.path)

from game.engine import endgame as eg
from game.rules import Game, Position
from game.rules import bitboard as bb

SQ = bb.SQUARE_BITS


def all_states(pieces):
    """Every raw state with exactly ``pieces`` pieces, each side at least one, both sides to move."""
    out = []

    def place(i, start_sq, kinds, masks):
        if i == len(kinds):
            bm, bk, wm, wk = masks
            if (bm | bk) and (wm | wk):
                out.append((bm, bk, wm, wk, True))
                out.append((bm, bk, wm, wk, False))
            return
        kind = kinds[i]
        lo = start_sq if i and kinds[i - 1] == kind else 1
        for s in range(lo, 33):
            b = SQ[s - 1]
            if b & (masks[0] | masks[1] | masks[2] | masks[3]):
                continue
            if kind == 0 and s > 28 or kind == 2 and s < 5:
                continue  # a man on its crowning row would be a king
            m = list(masks)
            m[kind] |= b
            place(i + 1, s + 1, kinds, m)

    # kinds: 0 black man, 1 black king, 2 white man, 3 white king (sorted so equal kinds are adjacent)
    from itertools import combinations_with_replacement
    for kinds in combinations_with_replacement(range(4), pieces):
        place(0, 1, kinds, [0, 0, 0, 0])
    return out


def solve_plain(max_pieces):
    """{state: 1 / 0 / -1} for every state of 2..max_pieces pieces, by value iteration:
    a side with no move loses; a position with a move to a lost one is won; one whose
    moves all lead to won ones is lost; repeat until nothing changes; the rest draw."""
    states = []
    for n in range(2, max_pieces + 1):
        states.extend(all_states(n))
    children = {s: [bb.play(*s, m) for m in bb.moves(*s)] for s in states}
    value = {}
    for s, ch in children.items():
        if not ch:
            value[s] = -1
    changed = True
    while changed:
        changed = False
        for s, ch in children.items():
            if s in value:
                continue
            vals = []
            for c in ch:
                v = value.get(c)
                if v is None and not bb.moves(*c):
                    v = -1  # the opponent has nothing left to move
                vals.append(v)
            if -1 in vals:
                value[s] = 1
                changed = True
            elif all(v == 1 for v in vals):
                value[s] = -1
                changed = True
    for s in states:
        value.setdefault(s, 0)
    return value


def exhaustive(max_pieces):
    t0 = time.perf_counter()
    plain = solve_plain(max_pieces)
    t1 = time.perf_counter()
    bad = [s for s, v in plain.items() if eg.probe(Position.from_state(s)) != v]
    print(f"{len(plain)} positions of 2-{max_pieces} pieces: plain solver {t1 - t0:.0f} s;"
          f" {len(bad)} disagree with the database")
    for s in bad[:10]:
        print("  ", Position.from_state(s).fen(), plain[s], eg.probe(Position.from_state(s)))
    return not bad


def random_won_positions(rng, count):
    out = []
    while len(out) < count:
        n = rng.randint(2, 4)
        sq = rng.sample(range(1, 33), n)
        sets = [[], [], [], []]
        sides = [0, 1] + [rng.randint(0, 1) for _ in range(n - 2)]
        for side, s in zip(sides, sq):
            king = rng.random() < 0.5 or (side == 0 and s > 28) or (side == 1 and s < 5)
            sets[2 * side + king].append(s)
        p = Position.from_squares(*sets, turn=rng.randint(0, 1))
        if p.legal_moves() and eg.probe(p) == 1:
            out.append(p)
    return out


JUDGE_DEPTH = 10


def random_three_v_two(rng, count, judge_depth=JUDGE_DEPTH):
    """[(Position, winner)]: random 5-piece positions, three pieces against two
    (each a man or a king), no capture pending, that a ``judge_depth`` search
    sees won for the side with three (a database win within its horizon)."""
    from game.engine.scores import DATABASE_BOUND
    from game.engine.search import Searcher

    out = []
    while len(out) < count:
        squares = rng.sample(range(1, 33), 5)
        strong = rng.randint(0, 1)
        sets = [[], [], [], []]
        for k, s in enumerate(squares):
            side = strong if k < 3 else 1 - strong
            king = rng.random() < 0.5 or (side == 0 and s > 28) or (side == 1 and s < 5)
            sets[2 * side + king].append(s)
        if not (sets[0] or sets[2]):
            continue  # kings only: that is the easy case
        p = Position.from_squares(*sets, turn=rng.randint(0, 1))
        if not p.legal_moves() or p.has_capture():
            continue
        info = None
        for found in Searcher().search(p, depth=judge_depth):
            info = found
        score = info.score if p.turn == strong else -info.score
        if score >= DATABASE_BOUND:
            out.append((p, strong))
    return out


def random_kings(rng, count, strong_n, weak_n):
    """[(Position, side ahead)]: random positions of ``strong_n`` kings against
    ``weak_n``, no capture pending, either side to move."""
    out = []
    while len(out) < count:
        squares = rng.sample(range(1, 33), strong_n + weak_n)
        strong = rng.randint(0, 1)
        sets = [[], [], [], []]
        for k, s in enumerate(squares):
            sets[2 * (strong if k < strong_n else 1 - strong) + 1].append(s)
        p = Position.from_squares(*sets, turn=rng.randint(0, 1))
        if p.legal_moves() and not p.has_capture():
            out.append((p, strong))
    return out


def play_out(start, winner, seconds=None, depth=None, fade=True):
    """Game of the engine against itself from ``start``; True if ``winner`` won it.
    ``fade=False``: the search without the draw rule's fade (see search.DRAW_RULE)."""
    from game.engine.search import Searcher

    game = Game(start, draw_rule="official")
    searcher = Searcher()
    while game.outcome is None:
        game.push(searcher.best_move(game.position, time=seconds, depth=depth,
                                     history=game.reversible_history(),
                                     draw_rule="official" if fade else None))
    return game.outcome.winner == winner, game


def convert(count, seconds, seed, beyond=False, kings=None, fade=True):
    rng = random.Random(seed)
    if kings:
        positions = random_kings(rng, count, *kings)
        what = f"{kings[0]} v {kings[1]} king endings" + ("" if fade else " (no fade)")
    elif beyond:
        positions = random_three_v_two(rng, count)
        what = f"3 v 2 positions (seen won at depth {JUDGE_DEPTH})"
    else:
        positions = [(p, p.turn) for p in random_won_positions(rng, count)]
        what = "won positions"
    won, plies = 0, []
    for i, (start, winner) in enumerate(positions):
        ok, game = play_out(start, winner, seconds=seconds, fade=fade)
        won += ok
        if ok:
            plies.append(game.ply)
        else:
            print(f"  not converted: {start.fen()}  ({game.outcome}, {game.ply} plies)", flush=True)
        if (i + 1) % 10 == 0:
            print(f"  {i + 1} played, {won} won", flush=True)
    print(f"converted {won} of {len(positions)} {what} at {seconds:g} s a move"
          f" (plies to the end: median {statistics.median(plies) if plies else 0:g}, max {max(plies, default=0)})")
    return won == len(positions)


def short_wins(count, seed, plies=5, depth=8):
    """Of ``count`` random won positions, those with a win in at most
    ``plies`` plies (found by a search without the database): how many the
    engine (depth ``depth``, the database in use) scores as such a win,
    rather than as a database win of unknown distance."""
    from game.engine.scores import WIN, describe_score
    from game.engine.search import Searcher

    rng = random.Random(seed)
    plain = Searcher(endgame=None)
    short = taken = 0
    for p in random_won_positions(rng, count):
        if len(p.legal_moves()) < 2:
            continue
        info = list(plain.search(p, depth=plies, draw_rule=None))[-1]
        if info.score < WIN - plies:
            continue
        short += 1
        got = list(Searcher().search(p, depth=depth))[-1]
        if got.score >= WIN - plies:
            taken += 1
        else:
            print(f"  won more slowly: {p.fen()}  ({describe_score(info.score)}; the engine: {got.best_move},"
                  f" {describe_score(got.score)})", flush=True)
    print(f"{taken} of {short} short-win checks (a win in at most {plies} plies among {count} won positions)"
          f" were played as such; {short - taken} were won more slowly")
    return taken == short


JUDGE_ENDING_DEPTH = 16
WON_MARGIN = 120     # centi-men: a man and some for the side ahead
DRAWN_MARGIN = 30


def king_endings(pdn, count):
    """[(Position, fen)]: per game of ``pdn``, its first position of 6-8
    pieces with a king on the board and no capture pending (up to ``count``,
    each position once)."""
    from game.notation.pdn_reader import read_pdn_file

    out, seen = [], set()
    for pg in read_pdn_file(pdn):
        pos = pg.start_position()
        for move in (*pg.moves, None):
            bm, bk, wm, wk = pos.state[:4]
            if 6 <= (bm | bk | wm | wk).bit_count() <= 8 and (bk | wk) and not pos.has_capture():
                if pos.legal_moves() and pos.fen() not in seen:
                    seen.add(pos.fen())
                    out.append(pos)
                break
            if move is None:
                break
            pos = pos.play(move)
        if len(out) >= count:
            break
    return out


def judge(pos, depth=JUDGE_ENDING_DEPTH):
    """("won", side ahead), ("drawn", side the search scores lower) or None (unclear)."""
    from game.engine.search import Searcher

    info = list(Searcher().search(pos, depth=depth))[-1]
    black_view = info.score if pos.turn == 0 else -info.score   # (turn 0: black to move)
    if abs(black_view) >= WON_MARGIN:
        return "won", 0 if black_view > 0 else 1
    if abs(black_view) <= DRAWN_MARGIN:
        return "drawn", 1 if black_view > 0 else 0
    return None


def endings_against(pdn, rev, seconds, count, seed):
    """Play out the king endings of ``pdn`` (see the module's text) against commit ``rev``'s engine."""
    from git_engine import GitPlayer, GitTrees

    from game.engine import levels
    from game.engine.search import Searcher

    positions = king_endings(pdn, count)
    results = {"won": [0, 0], "drawn": [0, 0]}   # kind -> [kept, tried]
    level = levels.custom_time(seconds)
    with GitTrees([rev]) as trees:
        for i, start in enumerate(positions):
            verdict = judge(start)
            if verdict is None:
                print(f"  unclear, left out: {start.fen()}", flush=True)
                continue
            kind, ours = verdict
            other = GitPlayer(trees[rev], f"time:{seconds:g}", seed + i)
            searcher, rng = Searcher(), random.Random(seed + i)
            game = Game(start, draw_rule="official")
            try:
                while game.outcome is None:
                    if game.position.turn == ours:
                        move, _ = levels.choose_move(game.position, game.reversible_history()[:-1], level,
                                                     rng=rng, searcher=searcher)
                    else:
                        move = other.move(game)
                    game.push(move)
            finally:
                other.close()
            winner = game.outcome.winner
            kept = winner == ours if kind == "won" else winner != 1 - ours
            results[kind][0] += kept
            results[kind][1] += 1
            side = "black" if ours == 0 else "white"
            print(f"  {kind:5s} for {side}: {'kept' if kept else 'NOT kept'}  {start.fen()}  ({game.outcome},"
                  f" {game.ply} plies)", flush=True)
    (won, tried_won), (held, tried_drawn) = results["won"], results["drawn"]
    print(f"king endings of 6-8 pieces from {pdn}, against git:{rev} at {seconds:g} s a move: "
          f"converted {won} of {tried_won} won, held {held} of {tried_drawn} drawn")
    return results


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--exhaustive", type=int, default=None, metavar="N", help="compare all positions of 2..N pieces")
    ap.add_argument("--convert", type=int, default=None, metavar="N", help="play out N random won positions")
    ap.add_argument("--short", type=int, default=None, metavar="N",
                    help="of N random won positions, those with a win in 3 moves: played as such?")
    ap.add_argument("--beyond", type=int, default=None, metavar="N",
                    help="play out N random 3 v 2 positions (5 pieces: past the database)")
    ap.add_argument("--kings", default=None, metavar="AvB",
                    help="with --count N: N random endings of A kings against B (e.g. 4v3), past the database")
    ap.add_argument("--count", type=int, default=20, help="positions for --kings and --endings")
    ap.add_argument("--endings", default=None, metavar="PDN",
                    help="king endings of 6-8 pieces from these games, played out against --against")
    ap.add_argument("--against", default="9401970", metavar="REV",
                    help="the commit whose engine plays the other side for --endings (default 9401970)")
    ap.add_argument("--no-fade", action="store_true", help="--kings without the draw rule's fade, to compare")
    ap.add_argument("--time", type=float, default=0.5, help="seconds per move for --convert, --beyond and --kings")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.endings is not None:
        from pathlib import Path

        if not Path(args.endings).is_file():
            ap.error(f"--endings: no such file {args.endings[:200]!r}")
        endings_against(args.endings, args.against, args.time, args.count, args.seed)
        return 0
    ok = True
    if args.exhaustive:
        ok &= exhaustive(args.exhaustive)
    if args.convert:
        ok &= convert(args.convert, args.time, args.seed)
    if args.short:
        ok &= short_wins(args.short, args.seed)
    if args.beyond:
        ok &= convert(args.beyond, args.time, args.seed, beyond=True)
    if args.kings:
        try:
            kings = tuple(int(x) for x in args.kings.lower().split("v"))
            if len(kings) != 2 or not kings[0] > kings[1] >= 1 or sum(kings) > 12:
                raise ValueError
        except ValueError:
            ap.error(f"--kings takes AvB with A > B >= 1 and A + B <= 12, such as 4v3, not {args.kings[:20]!r}")
        # (not all of these are won: the figure is a comparison, not a pass mark)
        convert(args.count, args.time, args.seed, kings=kings, fade=not args.no_fade)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
