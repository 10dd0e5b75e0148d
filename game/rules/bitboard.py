"""Board layout and move generation on plain ints.

Squares 1-32 use the standard numbering: square 1 is b8 on black's back row,
square 32 is g1 on white's.  Square ``s`` lives on bit ``i + i // 8`` with
``i = s - 1``.  The skipped bits (8, 17, 26) are "ghost" squares that are
never occupied, so that every diagonal step is a shift by 4 or 5 and a step
off the board edge lands on a ghost or outside ``BOARD`` instead of wrapping
around to the other side.

Black moves down the board (towards square 32, bit shifts left), white moves
up.  A state is the tuple ``(bm, bk, wm, wk, black_to_move)``.  A raw move is
the tuple ``(frm, to, captured, path)`` of single-bit masks, a mask of the
captured pieces, and the tuple of every square bit visited (start, each
landing); raw moves are hashable, so the engine keys its tables with them.

Everything here is unchecked and written for speed: the engine and perft call
these functions millions of times.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time: the tournament agent starts afresh every move
if TYPE_CHECKING:
    from collections.abc import Iterable

RawMove = tuple[int, int, int, tuple[int, ...]]  # (from bit, to bit, captured mask, path of bits)
State = tuple[int, int, int, int, bool]          # (bm, bk, wm, wk, black_to_move)

SQUARE_BITS = tuple(1 << (i + i // 8) for i in range(32))
BOARD = sum(SQUARE_BITS)
BLACK_CROWN = SQUARE_BITS[28] | SQUARE_BITS[29] | SQUARE_BITS[30] | SQUARE_BITS[31]
WHITE_CROWN = SQUARE_BITS[0] | SQUARE_BITS[1] | SQUARE_BITS[2] | SQUARE_BITS[3]

# bit index -> standard square (0 for ghosts and anything off the board)
_SQUARE_OF_INDEX = [0] * 40
for _i, _b in enumerate(SQUARE_BITS):
    _SQUARE_OF_INDEX[_b.bit_length() - 1] = _i + 1
del _i, _b


def square_of_bit(bit: int) -> int:
    """The standard square (1-32) of a single-bit mask."""
    return _SQUARE_OF_INDEX[bit.bit_length() - 1]


def squares_of(mask: int) -> list[int]:
    """The squares of a mask, ascending."""
    out = []
    while mask:
        b = mask & -mask
        out.append(_SQUARE_OF_INDEX[b.bit_length() - 1])
        mask ^= b
    return out


def mask_of(squares: Iterable[int]) -> int:
    m = 0
    for s in squares:
        m |= SQUARE_BITS[s - 1]
    return m


# -- captures ----------------------------------------------------------------
#
# Captured pieces are taken off the "jumpable" set as they are jumped (a piece
# is never captured twice) but stay off the empty set (they leave the board
# only when the move is complete).  By parity a landing square can never be a
# square whose piece was captured earlier in the same move, so this is exact.

def _king_jumps(start: int, frm: int, opp: int, empty: int, captured: int, path: tuple[int, ...],
                out: list[RawMove]) -> None:
    found = False
    for d in (4, 5):
        over = frm << d
        if over & opp:
            land = over << d
            if land & empty:
                found = True
                _king_jumps(start, land, opp ^ over, empty, captured | over, path + (land,), out)
        over = frm >> d
        if over & opp:
            land = over >> d
            if land & empty:
                found = True
                _king_jumps(start, land, opp ^ over, empty, captured | over, path + (land,), out)
    if not found and captured:
        out.append((start, frm, captured, path))


def _black_man_jumps(start: int, frm: int, opp: int, empty: int, captured: int, path: tuple[int, ...],
                     out: list[RawMove]) -> None:
    found = False
    for d in (4, 5):
        over = frm << d
        if over & opp:
            land = over << d
            if land & empty:
                found = True
                if land & BLACK_CROWN:  # crowned: the move ends here
                    out.append((start, land, captured | over, path + (land,)))
                else:
                    _black_man_jumps(start, land, opp ^ over, empty, captured | over, path + (land,), out)
    if not found and captured:
        out.append((start, frm, captured, path))


def _white_man_jumps(start: int, frm: int, opp: int, empty: int, captured: int, path: tuple[int, ...],
                     out: list[RawMove]) -> None:
    found = False
    for d in (4, 5):
        over = frm >> d
        if over & opp:
            land = over >> d
            if land & empty:
                found = True
                if land & WHITE_CROWN:
                    out.append((start, land, captured | over, path + (land,)))
                else:
                    _white_man_jumps(start, land, opp ^ over, empty, captured | over, path + (land,), out)
    if not found and captured:
        out.append((start, frm, captured, path))


def _jumpers(men: int, kings: int, opp: int, empty: int, black: bool) -> int:
    """Pieces of the side to move that have at least one capture."""
    if black:
        fwd = men | kings
        j = (fwd & (opp >> 4) & (empty >> 8)) | (fwd & (opp >> 5) & (empty >> 10))
        if kings:
            j |= (kings & (opp << 4) & (empty << 8)) | (kings & (opp << 5) & (empty << 10))
    else:
        fwd = men | kings
        j = (fwd & (opp << 4) & (empty << 8)) | (fwd & (opp << 5) & (empty << 10))
        if kings:
            j |= (kings & (opp >> 4) & (empty >> 8)) | (kings & (opp >> 5) & (empty >> 10))
    return j


def captures(bm: int, bk: int, wm: int, wk: int, black: bool) -> list[RawMove]:
    """Every complete capture sequence for the side to move."""
    out: list[RawMove] = []
    if black:
        men, kings, opp = bm, bk, wm | wk
        man_jumps = _black_man_jumps
    else:
        men, kings, opp = wm, wk, bm | bk
        man_jumps = _white_man_jumps
    empty = BOARD & ~(bm | bk | wm | wk)
    j = _jumpers(men, kings, opp, empty, black)
    while j:
        b = j & -j
        j ^= b
        if b & kings:
            # the king's start square is empty while it jumps: it may come back
            _king_jumps(b, b, opp, empty | b, 0, (b,), out)
        else:
            man_jumps(b, b, opp, empty, 0, (b,), out)
    return out


def has_capture(bm: int, bk: int, wm: int, wk: int, black: bool) -> bool:
    empty = BOARD & ~(bm | bk | wm | wk)
    if black:
        return bool(_jumpers(bm, bk, wm | wk, empty, True))
    return bool(_jumpers(wm, wk, bm | bk, empty, False))


# Counting versions of the above for perft's last ply: no paths, no tuples.
# Each returns the number of complete sequences from a square the piece has
# reached; a piece that cannot jump on is one sequence.

def _count_king(frm: int, opp: int, empty: int) -> int:
    n = 0
    over = frm << 4
    if over & opp and (over << 4) & empty:
        n += _count_king(over << 4, opp ^ over, empty)
    over = frm << 5
    if over & opp and (over << 5) & empty:
        n += _count_king(over << 5, opp ^ over, empty)
    over = frm >> 4
    if over & opp and (over >> 4) & empty:
        n += _count_king(over >> 4, opp ^ over, empty)
    over = frm >> 5
    if over & opp and (over >> 5) & empty:
        n += _count_king(over >> 5, opp ^ over, empty)
    return n or 1


def _count_black_man(frm: int, opp: int, empty: int) -> int:
    n = 0
    over = frm << 4
    if over & opp:
        land = over << 4
        if land & empty:
            n += 1 if land & BLACK_CROWN else _count_black_man(land, opp ^ over, empty)
    over = frm << 5
    if over & opp:
        land = over << 5
        if land & empty:
            n += 1 if land & BLACK_CROWN else _count_black_man(land, opp ^ over, empty)
    return n or 1


def _count_white_man(frm: int, opp: int, empty: int) -> int:
    n = 0
    over = frm >> 4
    if over & opp:
        land = over >> 4
        if land & empty:
            n += 1 if land & WHITE_CROWN else _count_white_man(land, opp ^ over, empty)
    over = frm >> 5
    if over & opp:
        land = over >> 5
        if land & empty:
            n += 1 if land & WHITE_CROWN else _count_white_man(land, opp ^ over, empty)
    return n or 1


def _count_captures(jumpers: int, men: int, kings: int, opp: int, empty: int, black: bool) -> int:
    n = 0
    king_jumpers = jumpers & kings
    while king_jumpers:
        b = king_jumpers & -king_jumpers
        king_jumpers ^= b
        n += _count_king(b, opp, empty | b)
    men &= jumpers
    if not men:
        return n
    # Most captures by men are single jumps: count them in bulk, and walk only
    # the men whose landing square offers a further jump.  (A man never jumps
    # back, so the piece it just took cannot matter to its next hop.)
    if black:
        l4 = ((men & (opp >> 4) & (empty >> 8)) << 8) & ~BLACK_CROWN
        l5 = ((men & (opp >> 5) & (empty >> 10)) << 10) & ~BLACK_CROWN
        on = (l4 | l5) & (((opp >> 4) & (empty >> 8)) | ((opp >> 5) & (empty >> 10)))
        if not on:
            return n + (men & (opp >> 4) & (empty >> 8)).bit_count() + (men & (opp >> 5) & (empty >> 10)).bit_count()
        count_man = _count_black_man
    else:
        l4 = ((men & (opp << 4) & (empty << 8)) >> 8) & ~WHITE_CROWN
        l5 = ((men & (opp << 5) & (empty << 10)) >> 10) & ~WHITE_CROWN
        on = (l4 | l5) & (((opp << 4) & (empty << 8)) | ((opp << 5) & (empty << 10)))
        if not on:
            return n + (men & (opp << 4) & (empty << 8)).bit_count() + (men & (opp << 5) & (empty << 10)).bit_count()
        count_man = _count_white_man
    while men:
        b = men & -men
        men ^= b
        n += count_man(b, opp, empty)
    return n


# -- quiet moves ---------------------------------------------------------------

def _steps(out: list[RawMove], targets: int, shift: int, left: bool) -> None:
    while targets:
        t = targets & -targets
        targets ^= t
        f = t >> shift if left else t << shift
        out.append((f, t, 0, (f, t)))


def quiet_moves(bm: int, bk: int, wm: int, wk: int, black: bool) -> list[RawMove]:
    out: list[RawMove] = []
    empty = BOARD & ~(bm | bk | wm | wk)
    if black:
        fwd, back = bm | bk, bk
        _steps(out, (fwd << 4) & empty, 4, True)
        _steps(out, (fwd << 5) & empty, 5, True)
        if back:
            _steps(out, (back >> 4) & empty, 4, False)
            _steps(out, (back >> 5) & empty, 5, False)
    else:
        fwd, back = wm | wk, wk
        _steps(out, (fwd >> 4) & empty, 4, False)
        _steps(out, (fwd >> 5) & empty, 5, False)
        if back:
            _steps(out, (back << 4) & empty, 4, True)
            _steps(out, (back << 5) & empty, 5, True)
    return out


def moves(bm: int, bk: int, wm: int, wk: int, black: bool) -> list[RawMove]:
    """All legal raw moves: the captures if there are any, else the quiet moves.

    This is the one place where capturing is made compulsory.
    """
    caps = captures(bm, bk, wm, wk, black)
    return caps if caps else quiet_moves(bm, bk, wm, wk, black)


def play(bm: int, bk: int, wm: int, wk: int, black: bool, move: RawMove) -> State:
    """The state after a raw move (unchecked)."""
    frm, to, cap, _ = move
    if black:
        if frm & bm:
            bm ^= frm
            if to & BLACK_CROWN:
                bk |= to
            else:
                bm |= to
        else:
            bk = (bk ^ frm) | to
        if cap:
            wm &= ~cap
            wk &= ~cap
        return (bm, bk, wm, wk, False)
    if frm & wm:
        wm ^= frm
        if to & WHITE_CROWN:
            wk |= to
        else:
            wm |= to
    else:
        wk = (wk ^ frm) | to
    if cap:
        bm &= ~cap
        bk &= ~cap
    return (bm, bk, wm, wk, True)


def count_moves(bm: int, bk: int, wm: int, wk: int, black: bool) -> int:
    """The number of legal moves, without building them unless a capture is on."""
    occupied = bm | bk | wm | wk
    empty = BOARD & ~occupied
    if black:
        men, kings, opp = bm, bk, wm | wk
    else:
        men, kings, opp = wm, wk, bm | bk
    j = _jumpers(men, kings, opp, empty, black)
    if j:
        return _count_captures(j, men, kings, opp, empty, black)
    fwd = men | kings
    if black:
        n = ((fwd << 4) & empty).bit_count() + ((fwd << 5) & empty).bit_count()
        if kings:
            n += ((kings >> 4) & empty).bit_count() + ((kings >> 5) & empty).bit_count()
    else:
        n = ((fwd >> 4) & empty).bit_count() + ((fwd >> 5) & empty).bit_count()
        if kings:
            n += ((kings << 4) & empty).bit_count() + ((kings << 5) & empty).bit_count()
    return n


def perft(bm: int, bk: int, wm: int, wk: int, black: bool, depth: int,
          table: dict[tuple[int, int, int, int, bool, int], int] | None = None) -> int:
    """Leaf count of the move tree, counting the last ply in bulk.

    With a dict as ``table``, subtrees already counted are looked up rather
    than walked again (checkers transposes a lot: perft 8 from the start is
    845,931 paths to 85,340 positions).
    """
    if table is not None:
        return _perft_hashed(bm, bk, wm, wk, black, depth, table)
    if depth <= 0:
        return 1
    if depth == 1:
        return count_moves(bm, bk, wm, wk, black)
    total = 0
    if depth == 2:
        if not has_capture(bm, bk, wm, wk, black):
            return _perft2_quiet(bm, bk, wm, wk, black)
        for m in moves(bm, bk, wm, wk, black):
            total += count_moves(*play(bm, bk, wm, wk, black, m))
        return total
    for m in moves(bm, bk, wm, wk, black):
        total += perft(*play(bm, bk, wm, wk, black, m), depth - 1)
    return total


def _perft_hashed(bm: int, bk: int, wm: int, wk: int, black: bool, depth: int,
                  table: dict[tuple[int, int, int, int, bool, int], int]) -> int:
    if depth <= 2:
        return perft(bm, bk, wm, wk, black, depth)
    key = (bm, bk, wm, wk, black, depth)
    n = table.get(key)
    if n is None:
        n = 0
        for m in moves(bm, bk, wm, wk, black):
            n += _perft_hashed(*play(bm, bk, wm, wk, black, m), depth - 1, table)
        table[key] = n
    return n


def _reply_count(mine_after: int, men: int, kings: int, empty: int, black_replies: bool) -> int:
    """count_moves() for the side replying to a quiet move, inlined for perft."""
    fwd = men | kings
    if black_replies:
        j = (fwd & (mine_after >> 4) & (empty >> 8)) | (fwd & (mine_after >> 5) & (empty >> 10))
        if kings:
            j |= (kings & (mine_after << 4) & (empty << 8)) | (kings & (mine_after << 5) & (empty << 10))
        if j:
            return _count_captures(j, men, kings, mine_after, empty, True)
        n = ((fwd << 4) & empty).bit_count() + ((fwd << 5) & empty).bit_count()
        if kings:
            n += ((kings >> 4) & empty).bit_count() + ((kings >> 5) & empty).bit_count()
        return n
    j = (fwd & (mine_after << 4) & (empty << 8)) | (fwd & (mine_after << 5) & (empty << 10))
    if kings:
        j |= (kings & (mine_after >> 4) & (empty >> 8)) | (kings & (mine_after >> 5) & (empty >> 10))
    if j:
        return _count_captures(j, men, kings, mine_after, empty, False)
    n = ((fwd >> 4) & empty).bit_count() + ((fwd >> 5) & empty).bit_count()
    if kings:
        n += ((kings << 4) & empty).bit_count() + ((kings << 5) & empty).bit_count()
    return n


def _perft2_quiet(bm: int, bk: int, wm: int, wk: int, black: bool) -> int:
    """perft(2) of a position whose side to move has no capture.

    The last two plies of perft are most of its work; building no move tuples
    and no child states here is what makes perft 10 fit in a few seconds.
    """
    empty = BOARD & ~(bm | bk | wm | wk)
    total = 0
    if black:
        for pieces, shift, left in ((bm | bk, 4, True), (bm | bk, 5, True), (bk, 4, False), (bk, 5, False)):
            targets = ((pieces << shift) if left else (pieces >> shift)) & empty
            while targets:
                t = targets & -targets
                targets ^= t
                f = (t >> shift) if left else (t << shift)
                e = empty ^ f ^ t
                if f & bm:
                    if t & BLACK_CROWN:
                        nbm, nbk = bm ^ f, bk | t
                    else:
                        nbm, nbk = bm ^ f ^ t, bk
                else:
                    nbm, nbk = bm, bk ^ f ^ t
                total += _reply_count(nbm | nbk, wm, wk, e, False)
    else:
        for pieces, shift, left in ((wm | wk, 4, False), (wm | wk, 5, False), (wk, 4, True), (wk, 5, True)):
            targets = ((pieces << shift) if left else (pieces >> shift)) & empty
            while targets:
                t = targets & -targets
                targets ^= t
                f = (t >> shift) if left else (t << shift)
                e = empty ^ f ^ t
                if f & wm:
                    if t & WHITE_CROWN:
                        nwm, nwk = wm ^ f, wk | t
                    else:
                        nwm, nwk = wm ^ f ^ t, wk
                else:
                    nwm, nwk = wm, wk ^ f ^ t
                total += _reply_count(nwm | nwk, bm, bk, e, True)
    return total
