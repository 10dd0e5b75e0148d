"""Build the endgame database (assets/endgame4.bin) by retrograde analysis.

    python tools/build_endgame.py                 # writes assets/endgame4.bin
    python tools/build_endgame.py --out /tmp/eg.bin --pieces 3   # a smaller one, for checks
    python tools/build_endgame.py --five          # writes assets/endgame5.bin (FIVE_SLICES)
    python tools/build_endgame.py --five 0.3.0.2 --out /tmp/eg5.bin   # three kings v two only

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

Five pieces: ``--five`` solves the balances named (each with its mirror) in
the same way, on top of the shipped four-piece table, into a file of their
own (see game/engine/endgame.py).

Pure Python over game.rules.bitboard; it takes minutes (the time and the
counts are printed).  --check re-verifies every position of the result by
one step of look-ahead (see tests/test_endgame.py for the same on a sample).
"""

import argparse
import time
from bisect import bisect_right
from itertools import combinations
from pathlib import Path

import _common  # noqa: F401  (this checkout's game first on sys.path)

from game.engine import endgame as eg
from game.rules import bitboard as bb

BOARD = bb.BOARD
BC = bb.BLACK_CROWN
# The five-piece balances shipped in assets/endgame5.bin (mine men, mine
# kings, their men, their kings; each with its mirror): the endings of five
# pieces the engine met most in its matches, where a side a piece up often
# failed to win (three kings against two; two kings and a man against two
# kings, or against a king and a man; a man and a king against three kings).
FIVE_SLICES = ((0, 3, 0, 2), (0, 4, 0, 1), (1, 2, 0, 2), (1, 1, 0, 3), (1, 2, 1, 1))
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

    def _predecessors(self, s, is_loss, dist, counts, out):
        table = self.table
        bm, bk, wm, wk = self._state_of(s)
        empty = BOARD & ~(bm | bk | wm | wk)
        flip = eg.flip
        slot = self.slot
        fbm, fbk = flip(bm), flip(bk)
        # the opponent (white here) made the last move: take back one quiet, non-crowning step
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
                    q = slot(flip(pwm), flip(pwk), fbm, fbk)
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
                         f"four-piece table; none named: the shipped selection ({len(FIVE_SLICES)} balances)")
    args = ap.parse_args(argv)
    if not 2 <= args.pieces <= eg.MAX_PIECES:
        ap.error(f"--pieces must be from 2 to {eg.MAX_PIECES}")
    assets = Path(__file__).resolve().parents[1] / "assets"
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
