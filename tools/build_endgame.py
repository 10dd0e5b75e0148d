"""Build the endgame database (assets/endgame4.bin) by retrograde analysis.

    python tools/build_endgame.py                 # writes assets/endgame4.bin
    python tools/build_endgame.py --out /tmp/eg.bin --pieces 3   # a smaller one, for checks
    python tools/build_endgame.py --five          # writes assets/endgame5.bin (every five-piece balance)
    python tools/build_endgame.py --five 0.3.0.2 --out /tmp/eg5.bin   # three kings v two only
    python tools/build_endgame.py --five --check  # verifies it on a sample of every balance it holds
    python tools/build_endgame.py --win-distance  # writes assets/endgame4w.bin (plies to the win)
    python tools/build_endgame.py --win-distance --check   # verifies it, position by position

Every position with up to four pieces, from the side to move's view (see
game/engine/endgame.py for the layout), gets win / draw / loss and the
distance to conversion in plies.

Material balances are solved in order of piece count and, inside one count,
of men on the board: a capture leads to fewer pieces and a crowning to fewer
men, so every move that leaves a balance lands in one already solved.  The
moves that stay inside (quiet moves that do not crown) link a balance with
its mirror (the same material with the other side to move); the two are
solved together:

1. Each position looks at its moves once: no move is a loss; a capture or
   crowning into a lost position for the opponent is a win; otherwise it
   counts its moves that stay inside (a move out into a draw means it can
   never be lost).
2. Resolved positions are processed in rounds (round k = distance k).  For
   each, the moves that could have led to it are taken back (the opponent's
   piece steps back to an empty square, where no capture was pending).  A
   predecessor of a loss is a win; a predecessor whose last undecided move
   led to a win is a loss.
3. What is left undecided is a draw.

Five pieces: ``--five`` solves every balance of five pieces (44, each with
its mirror; or only those named) in the same way, on top of the shipped
four-piece table, into a file of their own (see game/engine/endgame.py).
They are solved in the order of men on the board: a crowning leaves into a
balance with one man fewer, solved earlier in the same run, a capture into
the four-piece table.  ``--five --check`` re-verifies a written file by one
step of look-ahead on a random sample of each balance it holds.

Distance to the win: ``--win-distance`` writes assets/endgame4w.bin (see
game/engine/win_distance.py): for every position of up to four pieces the
plies until the winner has won (the loser has no move), the winner taking
the shortest way and the loser the longest.  The balances are solved in the
same order; a capture or crowning leaves into one already solved whose
distances are known, so the exits of a position can end anywhere, and the
positions are taken in order of their distance (a bucket queue) rather than
in rounds: a win is final when it is first reached (the shortest), a loss
once its last move is known to lose, at one more than its longest defence,
inside or out.  ``--win-distance --check FILE`` re-verifies a written table
by one step of look-ahead on every position.

Pure Python over game.rules.bitboard; it takes minutes (the time and the
counts are printed).  tests/test_endgame.py re-verifies the results and
conversion distances on a sample by one step of look-ahead, and
tests/test_win_distance.py the distances to the win.
"""

import argparse
import random
import time
from array import array
from bisect import bisect_right
from itertools import combinations
from pathlib import Path

import _common  # noqa: F401  (this checkout's game first on sys.path)

from game.engine import endgame as eg
from game.engine import win_distance as wd
from game.rules import Position
from game.rules import bitboard as bb

BOARD = bb.BOARD
BC = bb.BLACK_CROWN
# The five-piece balances shipped in assets/endgame5.bin (mine men, mine
# kings, their men, their kings): every one, 44 (22 with their mirrors).
FIVE_SLICES = tuple(eg.five_slices())
SQ = bb.SQUARE_BITS


def _masks(squares, pos, k):
    """Every set of k of the squares, as masks in rank order (see endgame._rank)."""
    bits = [SQ[s - 1] for s in squares]
    out = []
    for combo in combinations(bits, k):
        m = 0
        for b in combo:
            m |= b
        out.append(m)
    out.sort(key=lambda m: eg._rank(m, pos))
    assert [eg._rank(m, pos) for m in out] == list(range(len(out)))
    return out


def five_keys(keys):
    """The five-piece balances ``keys`` with their mirrors (the same material,
    the other side to move), in the order they can be solved; SystemExit
    naming the balance if a crowning inside them leads to one not among them."""
    out = set()
    for key in keys:
        a, b, c, d = key
        if sum(key) != eg.FIVE or min(key) < 0 or not (a + b) or not (c + d) or a > 4 or c > 4:
            raise SystemExit(f"not a five-piece balance of men and kings: {'.'.join(map(str, key))}")
        out |= {key, (c, d, a, b)}
    for a, b, c, d in out:
        # a man of the side to move crowning: the child is (c, d, a - 1, b + 1) for the opponent
        if a and (c, d, a - 1, b + 1) not in out:
            raise SystemExit(f"{a}.{b}.{c}.{d} crowns into {c}.{d}.{a - 1}.{b + 1}: add that balance too")
    return sorted(out, key=lambda k: (k[0] + k[2], k))


class Builder:
    """Solves every balance of up to ``max_pieces``; or, given ``five``
    (five-piece balances, see five_keys) and ``base`` (the table of up to
    four pieces, already solved), those five-piece balances on top of it."""

    def __init__(self, max_pieces, log=print, five=(), base=None):
        self.max_pieces = max_pieces
        self.log = log
        self.offsets = dict(eg.OFFSETS)
        self.five = five_keys(five)
        total = eg.TOTAL_SLOTS
        for key in self.five:
            self.offsets[key] = total
            total += eg.slice_size(key)
        self.table = bytearray(total)
        self.solved = set()
        if self.five:
            self.table[:eg.TOTAL_SLOTS] = base
            self.solved = set(eg.slices())
        top = eg.FIVE if self.five else max_pieces
        self.mine_men = {k: _masks(eg._MINE_MAN_SQUARES, eg._MINE_MAN_POS, k) for k in range(top + 1)}
        self.their_men = {k: _masks(eg._THEIR_MAN_SQUARES, eg._THEIR_MAN_POS, k) for k in range(top + 1)}
        self.kings = {k: _masks(eg._KING_SQUARES, eg._KING_POS, k) for k in range(top + 1)}
        self.keys = [k for k in eg.slices() if sum(k) <= max_pieces] + self.five
        self.starts = [self.offsets[k] for k in self.keys]
        self.positions = 0

    def slot(self, mm, mk, tm, tk):
        """endgame.slot() over this build's table (the five-piece slices after the rest)."""
        key = (mm.bit_count(), mk.bit_count(), tm.bit_count(), tk.bit_count())
        return self.offsets[key] + eg.local_index(mm, mk, tm, tk, key)

    def five_slices(self):
        """{key: bytes} of the five-piece slices solved."""
        return {k: self.table[self.offsets[k]:self.offsets[k] + eg.slice_size(k)] for k in self.five}

    # -- helpers -------------------------------------------------------------

    def value_after(self, child):
        """Table byte of a child state (white to move), from the child's mover's view."""
        bm, bk, wm, wk, _ = child
        mm, mk = eg.flip(wm), eg.flip(wk)
        if not (mm | mk):
            return eg.LOSS_BASE
        return self.table[self.slot(mm, mk, eg.flip(bm), eg.flip(bk))]

    def states(self, key):
        """(slot, state) of every valid position of a balance, black to move."""
        a, b, c, d = key
        base = self.offsets[key]
        nb, nc, nd = len(self.kings[b]), len(self.their_men[c]), len(self.kings[d])
        for ia, mm in enumerate(self.mine_men[a]):
            for ib, mk in enumerate(self.kings[b]):
                if mk & mm:
                    continue
                o1 = mm | mk
                for ic, tm in enumerate(self.their_men[c]):
                    if tm & o1:
                        continue
                    o2 = o1 | tm
                    row = base + ((ia * nb + ib) * nc + ic) * nd
                    for id_, tk in enumerate(self.kings[d]):
                        if tk & o2:
                            continue
                        yield row + id_, (mm, mk, tm, tk)

    # -- solving -------------------------------------------------------------

    def solve_pair(self, keys):
        table = self.table
        counts = {}
        layer0, layer1 = [], []
        nstates = 0
        for key in keys:
            for s, (bm, bk, wm, wk) in self.states(key):
                nstates += 1
                moves = bb.moves(bm, bk, wm, wk, True)
                if not moves:
                    table[s] = eg.LOSS_BASE
                    layer0.append(s)
                    continue
                inside = 0
                draw_out = False
                won = False
                for m in moves:
                    frm, to, cap, _ = m
                    if cap or (frm & bm and to & BC):
                        v = self.value_after(bb.play(bm, bk, wm, wk, True, m))
                        if v >= eg.LOSS_BASE:
                            won = True
                            break
                        if v == 0:
                            draw_out = True
                    else:
                        inside += 1
                if won:
                    table[s] = 1
                    layer1.append(s)
                elif inside == 0:
                    if not draw_out:
                        table[s] = eg.LOSS_BASE + 1
                        layer1.append(s)
                else:
                    counts[s] = 255 if draw_out else inside
        self.positions += nstates
        layers = [layer0, layer1]
        k = 0
        while k < len(layers):
            nxt = []
            for s in layers[k]:
                self._predecessors(s, table[s] >= eg.LOSS_BASE, k + 1, counts, nxt)
            if nxt:
                if k + 1 < len(layers):
                    layers[k + 1].extend(nxt)
                else:
                    layers.append(nxt)
            k += 1
        if len(layers) - 1 > eg.MAX_DISTANCE:
            raise SystemExit(f"distance {len(layers) - 1} does not fit a byte")
        self.solved.update(keys)
        return nstates, len(layers) - 1

    def _state_of(self, s):
        """The masks of a slot (inverse of endgame.slot)."""
        key = self.keys[bisect_right(self.starts, s) - 1]
        off = self.offsets[key]
        a, b, c, d = key
        i = s - off
        i, id_ = divmod(i, len(self.kings[d]))
        i, ic = divmod(i, len(self.their_men[c]))
        ia, ib = divmod(i, len(self.kings[b]))
        return self.mine_men[a][ia], self.kings[b][ib], self.their_men[c][ic], self.kings[d][id_]

    def _take_backs(self, s):
        """The slots of the positions with a quiet move into slot ``s``: the
        opponent (white here) made the last move, so take back one of its
        quiet, non-crowning steps (one that no pending capture forbade)."""
        bm, bk, wm, wk = self._state_of(s)
        empty = BOARD & ~(bm | bk | wm | wk)
        flip = eg.flip
        slot = self.slot
        fbm, fbk = flip(bm), flip(bk)
        for men, piece_bits, dirs in ((True, wm, ((4, True), (5, True))),
                                      (False, wk, ((4, True), (5, True), (4, False), (5, False)))):
            p = piece_bits
            while p:
                t = p & -p
                p ^= t
                for d, up in dirs:
                    f = (t << d) if up else (t >> d)
                    if not (f & empty):
                        continue
                    if men:
                        pwm, pwk = wm ^ t ^ f, wk
                    else:
                        pwm, pwk = wm, wk ^ t ^ f
                    if bb.has_capture(bm, bk, pwm, pwk, False):
                        continue  # the step was not legal: a capture was due
                    yield slot(flip(pwm), flip(pwk), fbm, fbk)

    def _predecessors(self, s, is_loss, dist, counts, out):
        table = self.table
        for q in self._take_backs(s):
            if table[q]:
                continue
            if is_loss:
                table[q] = dist
                out.append(q)
            else:
                c = counts[q]
                if c == 255:
                    continue
                if c == 1:
                    table[q] = eg.LOSS_BASE + dist
                    out.append(q)
                else:
                    counts[q] = c - 1

    def build(self):
        keys = self.keys
        t0 = time.perf_counter()
        for key in keys:
            if key in self.solved:
                continue
            a, b, c, d = key
            pair = [key] if (a, b) == (c, d) else [key, (c, d, a, b)]
            n, longest = self.solve_pair(pair)
            self.log(f"{'+'.join(map(str, pair))}: {n} positions, longest {longest} plies,"
                     f" {time.perf_counter() - t0:.0f} s", flush=True)
        return self.table


class WinDistanceBuilder(Builder):
    """The distance to the win of every position of up to ``max_pieces``
    (see the module's docstring): slot values as win_distance.encode()
    gives them, in an array of unsigned shorts."""

    def __init__(self, max_pieces, log=print):
        super().__init__(max_pieces, log)
        self.table = array("H", bytes(2 * eg.TOTAL_SLOTS))
        self.done = bytearray(eg.TOTAL_SLOTS)  # positions whose predecessors have been looked at
        self.longest = 0

    def value_after(self, child):
        """The slot value of a child state (white to move), from the child's mover's view."""
        bm, bk, wm, wk, _ = child
        mm, mk = eg.flip(wm), eg.flip(wk)
        if not (mm | mk):
            return 1  # no piece left: lost, at distance 0
        return self.table[self.slot(mm, mk, eg.flip(bm), eg.flip(bk))]

    def solve_pair(self, keys):
        table = self.table
        counts = {}      # slot -> its moves inside the pair not yet known to lose (a loss if all do)
        exit_loss = {}   # slot -> the longest of its losing ways out (captures, crownings), plus one
        buckets = {}     # distance -> slots to finish at that distance
        nstates = 0
        for key in keys:
            for s, (bm, bk, wm, wk) in self.states(key):
                nstates += 1
                moves = bb.moves(bm, bk, wm, wk, True)
                if not moves:
                    table[s] = 1  # lost now, distance 0
                    buckets.setdefault(0, []).append(s)
                    continue
                inside = 0
                may_lose = True
                win = 0       # the shortest win by a way out (0: none)
                longest = 0   # the longest loss by a way out
                for m in moves:
                    frm, to, cap, _ = m
                    if cap or (frm & bm and to & BC):
                        v = self.value_after(bb.play(bm, bk, wm, wk, True, m))
                        if v == 0:
                            may_lose = False  # a draw out: never lost
                        elif v & 1:  # the opponent lost at v - 1 plies: we win at v
                            may_lose = False
                            if not win or v < win:
                                win = v
                        elif v > longest:  # the opponent wins at v - 1: we lose at v
                            longest = v
                    else:
                        inside += 1
                if win:
                    buckets.setdefault(win, []).append(s)  # a win at most this long (the queue decides)
                if may_lose:
                    if inside:
                        counts[s] = inside
                        if longest:
                            exit_loss[s] = longest
                    else:
                        table[s] = longest + 1
                        buckets.setdefault(longest, []).append(s)
        self.positions += nstates
        d = 0
        done = self.done
        while buckets:
            slots = buckets.pop(d, ())
            for s in slots:
                if done[s]:
                    continue
                v = table[s]
                if v == 0:  # a win by a way out, not reached sooner from inside
                    table[s] = v = d + 1
                elif v != d + 1:
                    continue  # finished sooner (a shorter win)
                done[s] = 1
                self._win_predecessors(s, d, counts, exit_loss, buckets)
            d += 1
        longest = d - 1
        self.longest = max(self.longest, longest)
        self.solved.update(keys)
        return nstates, longest

    def _win_predecessors(self, s, d, counts, exit_loss, buckets):
        """The positions with a quiet move into ``s`` (finished at ``d`` plies):
        a win one ply longer if ``s`` is lost, one step nearer a loss if won."""
        table = self.table
        lost = not d % 2
        for q in self._take_backs(s):
            if table[q]:
                continue  # already known (a shorter win, or a loss)
            if lost:
                table[q] = d + 2  # a win at d + 1 plies
                buckets.setdefault(d + 1, []).append(q)
                continue
            c = counts.get(q)
            if c is None:
                continue  # it has a way not to lose
            if c == 1:
                del counts[q]
                dist = max(d + 1, exit_loss.get(q, 0))
                table[q] = dist + 1
                buckets.setdefault(dist, []).append(q)
            else:
                counts[q] = c - 1


def check_win_distance(table, max_pieces=eg.MAX_PIECES, results=None, log=print):
    """Verify slot values (win_distance.encode) of every position of up to
    ``max_pieces`` by one step of look-ahead: no move is a loss at 0; a win at
    d has a move to a loss for the opponent at d - 1 and none shorter; a loss
    at d has only moves to wins for the opponent, the longest at d - 1; a draw
    has no move to a loss and one to a draw.  ``results``: a table of
    endgame4.bin's bytes whose results must agree.  Returns the number of
    positions checked; SystemExit naming the first that fails."""
    b = Builder(max_pieces, log=lambda *a, **k: None)

    def value(child):
        bm, bk, wm, wk, _ = child
        mm, mk = eg.flip(wm), eg.flip(wk)
        if not (mm | mk):
            return 1
        return table[b.slot(mm, mk, eg.flip(bm), eg.flip(bk))]

    n = 0
    t0 = time.perf_counter()
    for key in b.keys:
        for s, (bm, bk, wm, wk) in b.states(key):
            n += 1
            result, dist = wd.decode(table[s])
            kids = [wd.decode(value(bb.play(bm, bk, wm, wk, True, m))) for m in bb.moves(bm, bk, wm, wk, True)]
            lost = [kd for kr, kd in kids if kr == wd.LOSS]
            won = [kd for kr, kd in kids if kr == wd.WIN]
            if not kids:
                ok = (result, dist) == (wd.LOSS, 0)
            elif result == wd.WIN:
                ok = bool(lost) and min(lost) == dist - 1
            elif result == wd.LOSS:
                ok = len(won) == len(kids) and max(won) == dist - 1
            else:
                ok = not lost and len(won) < len(kids)
            if ok and results is not None:
                ok = eg.decode(results[s])[0] == result
            if not ok:
                fen = Position.from_state((bm, bk, wm, wk, True)).fen()
                raise SystemExit(f"slot {s} ({'.'.join(map(str, key))}, {fen}): "
                                 f"{(result, dist)} but its moves give {sorted(kids)}")
        log(f"  {'.'.join(map(str, key))} checked, {time.perf_counter() - t0:.0f} s", flush=True)
    return n


def random_five_state(rng, key):
    """A random position (black to move, so from the side to move's view) of the balance ``key``."""
    a, b, c, d = key
    mm = rng.sample(range(1, 29), a)
    tm = rng.sample([s for s in range(5, 33) if s not in mm], c)
    kings = rng.sample([s for s in range(1, 33) if s not in mm and s not in tm], b + d)
    masks = [sum(SQ[s - 1] for s in group) for group in (mm, kings[:b], tm, kings[b:])]
    return (*masks, True)


def check_five_state(db, state):
    """None if the five-piece position ``state`` (black to move) agrees with
    its moves by one step of look-ahead, else what is wrong.  A win at d has
    a capture or crowning into a loss for the opponent (d = 1) or a quiet
    move into one at d - 1, none shorter; a loss at d has only moves into
    wins for the opponent, d one more than its longest quiet defence (1 with
    none); a draw has no move into a loss and one into a draw; no move is a
    loss at 0.  Every child must be in the database (a capture: the
    four-piece table; a crowning or a quiet move: a five-piece balance)."""
    bm, bk, wm, wk, _ = state
    result, dist = eg.decode(db.probe_state(*state))
    inside, outside = [], []
    for m in bb.moves(*state):
        child = bb.play(*state, m)
        byte = db.probe_state(*child)
        if byte is None:
            return f"its move {m} leads outside the database"
        crowned = m[0] & bm and m[1] & BC
        (outside if m[2] or crowned else inside).append(eg.decode(byte))
    if not inside and not outside:
        ok = (result, dist) == (eg.LOSS, 0)
    elif result == eg.WIN:
        best = [1 for r, _ in outside if r == eg.LOSS] + [d + 1 for r, d in inside if r == eg.LOSS]
        ok = bool(best) and min(best) == dist
    elif result == eg.LOSS:
        ok = all(r == eg.WIN for r, _ in inside + outside) and dist == max([1] + [d + 1 for _, d in inside])
    else:
        ok = eg.LOSS not in [r for r, _ in inside + outside] and eg.DRAW in [r for r, _ in inside + outside]
    return None if ok else f"{(result, dist)} but its moves give {sorted(inside)} inside, {sorted(outside)} out"


def check_five(path, sample, seed=1, log=print):
    """Verify a five-piece file on ``sample`` random positions of each balance
    it holds (check_five_state), its children read from the shipped
    four-piece table and the file itself.  Returns {key: (wins, draws,
    losses) among the sample}; SystemExit naming the first position that fails."""
    db = eg.Endgame(five=path)
    try:
        keys = db.five_keys()
    except eg.EndgameError as e:
        raise SystemExit(str(e)) from None
    rng = random.Random(seed)
    out = {}
    t0 = time.perf_counter()
    for key in sorted(keys, key=lambda k: (k[0] + k[2], k)):
        seen = [0, 0, 0]
        for _ in range(sample):
            state = random_five_state(rng, key)
            try:
                wrong = check_five_state(db, state)
            except eg.EndgameError as e:  # a damaged slice (or the four-piece table)
                raise SystemExit(str(e)) from None
            if wrong:
                fen = Position.from_state(state).fen()
                raise SystemExit(f"{path}: {'.'.join(map(str, key))}, {fen}: {wrong}")
            seen[(eg.WIN, eg.DRAW, eg.LOSS).index(eg.decode(db.probe_state(*state))[0])] += 1
        out[key] = tuple(seen)
        log(f"  {'.'.join(map(str, key))}: {sample} checked ({seen[0]} wins, {seen[1]} draws, {seen[2]} losses),"
            f" {time.perf_counter() - t0:.0f} s", flush=True)
    return out


def summarize(table, max_pieces):
    """Counts of wins, draws and losses per piece count (valid slots only are counted by the builder)."""
    out = {}
    for key in eg.slices():
        n = sum(key)
        if n > max_pieces:
            continue
        off = eg.OFFSETS[key]
        seg = table[off:off + eg.slice_size(key)]
        w = sum(1 for v in seg if 0 < v < eg.LOSS_BASE)
        lo = sum(1 for v in seg if v >= eg.LOSS_BASE)
        out.setdefault(n, [0, 0])
        out[n][0] += w
        out[n][1] += lo
    return out


def _balance(text):
    try:
        key = tuple(int(x) for x in text.split("."))
    except ValueError:
        key = ()
    if len(key) != 4:
        raise argparse.ArgumentTypeError(f"a balance is mine men.mine kings.their men.their kings, not {text!r}")
    return key


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=None,
                    help=f"default: assets/{eg.FILE_NAME}, or assets/{eg.FIVE_FILE_NAME} with --five")
    ap.add_argument("--pieces", type=int, default=eg.MAX_PIECES, help="solve up to this many pieces (<= 4)")
    ap.add_argument("--five", nargs="*", type=_balance, metavar="M.K.M.K",
                    help="solve these five-piece balances (and their mirrors) on top of the shipped "
                         f"four-piece table; none named: every one ({len(FIVE_SLICES)} balances)")
    ap.add_argument("--win-distance", action="store_true",
                    help=f"the distance to the win of every position instead: assets/{wd.FILE_NAME}")
    ap.add_argument("--check", action="store_true",
                    help="with --win-distance: verify the file (--out, or the shipped one) by one step of "
                         "look-ahead on every position, and its results against the shipped endgame4.bin; "
                         "with --five: the five-piece file, on --sample random positions of each balance "
                         "it holds; writes nothing")
    ap.add_argument("--sample", type=int, default=2000, metavar="N",
                    help="with --five --check: positions checked per balance (default 2000)")
    args = ap.parse_args(argv)
    if not 2 <= args.pieces <= eg.MAX_PIECES:
        ap.error(f"--pieces must be from 2 to {eg.MAX_PIECES}")
    if args.check and not (args.win_distance or args.five is not None):
        ap.error("--check goes with --win-distance or --five")
    if args.sample < 1:
        ap.error("--sample must be at least 1")
    assets = Path(__file__).resolve().parents[1] / "assets"
    if args.win_distance:
        return _main_win_distance(args.out or assets / wd.FILE_NAME, args.pieces, args.check)
    if args.five is not None and args.check:
        if args.five:
            ap.error("--five --check verifies a whole file: name no balances")
        out = args.out or assets / eg.FIVE_FILE_NAME
        t0 = time.perf_counter()
        counts = check_five(out, args.sample)
        print(f"{out}: {len(counts)} balances, {args.sample} random positions of each consistent by one step"
              f" of look-ahead, {time.perf_counter() - t0:.0f} s")
        return
    if args.five is not None:
        return _main_five(args.five or FIVE_SLICES, args.out or assets / eg.FIVE_FILE_NAME)
    out = args.out or assets / eg.FILE_NAME
    t0 = time.perf_counter()
    b = Builder(args.pieces)
    table = b.build()
    secs = time.perf_counter() - t0
    eg.write_table(out, table)
    size = out.stat().st_size
    print(f"{b.positions} positions (side to move's view; {2 * b.positions} counting both sides to move)"
          f" in {secs:.0f} s; {out} {size} bytes ({size / 2**20:.2f} MiB), {len(table)} slots")
    for n, (w, lo) in sorted(summarize(table, args.pieces).items()):
        print(f"  {n} pieces: {w} wins, {lo} losses for the side to move (the rest of the valid positions draw)")


def _main_win_distance(out, pieces, check):
    if check:
        try:
            table = wd.read_table(out)
        except wd.WinDistanceError as e:
            raise SystemExit(str(e)) from None
        results = eg.read_table(eg.default_path()) if pieces == eg.MAX_PIECES else None
        t0 = time.perf_counter()
        n = check_win_distance(table, pieces, results)
        print(f"{out}: all {n} positions of up to {pieces} pieces consistent"
              f"{' (and their results those of endgame4.bin)' if results is not None else ''},"
              f" {time.perf_counter() - t0:.0f} s")
        return
    t0 = time.perf_counter()
    b = WinDistanceBuilder(pieces)
    table = b.build()
    secs = time.perf_counter() - t0
    width = wd.write_table(out, table)
    size = out.stat().st_size
    print(f"{b.positions} positions (side to move's view) in {secs:.0f} s; longest win {b.longest} plies;"
          f" {out} {size} bytes ({size / 2**20:.2f} MiB), {width} byte(s) a slot")
    counts = {}
    for v in table:
        if v:
            counts[v - 1] = counts.get(v - 1, 0) + 1
    print("  positions by plies to the end: " + ", ".join(f"{d}: {c}" for d, c in sorted(counts.items())))


def _main_five(keys, out):
    try:
        base = eg.read_table(eg.default_path())
    except eg.EndgameError as e:
        raise SystemExit(f"{e}: build the four-piece table first (python tools/build_endgame.py)") from None
    t0 = time.perf_counter()
    b = Builder(eg.MAX_PIECES, five=keys, base=base)
    b.build()
    secs = time.perf_counter() - t0
    slices = b.five_slices()
    eg.write_five(out, slices)
    size = out.stat().st_size
    print(f"{b.positions} five-piece positions (side to move's view) in {secs:.0f} s;"
          f" {out} {size} bytes ({size / 2**20:.2f} MiB), {sum(map(len, slices.values()))} slots")
    for key, seg in slices.items():
        w = sum(1 for v in seg if 0 < v < eg.LOSS_BASE)
        lo = sum(1 for v in seg if v >= eg.LOSS_BASE)
        print(f"  {'.'.join(map(str, key))}: {w} wins, {lo} losses for the side to move")


if __name__ == "__main__":
    main()
