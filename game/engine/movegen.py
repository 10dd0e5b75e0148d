"""The search's own move generators and move tests, on raw states.

A raw state is ``(bm, bk, wm, wk, black)`` and a raw move ``(frm, to,
captured, path)`` as in ``game.rules.bitboard``; the generators here leave
the path of a simple move out (``None``: the path is ``(frm, to)``) and
skip what the search does not need, which makes them about twice as fast
as the rules' own.  ``tests/test_engine_movegen.py`` checks that they
agree with the rules on thousands of random positions.
"""

from ..rules import bitboard as bb

__all__ = ["can_move", "captures", "lost_in_two", "quiet_moves", "taken", "wins_at_once"]

BOARD = bb.BOARD
BC = bb.BLACK_CROWN
WC = bb.WHITE_CROWN


def quiet_moves(bm, bk, wm, wk, black):
    """Quiet moves as raw tuples without a path (``None``: the path is
    (frm, to)); half the cost of bitboard.quiet_moves, which matters as
    this runs at every interior node."""
    empty = BOARD ^ (bm | bk | wm | wk)
    out = []
    app = out.append
    if black:
        fwd = bm | bk
        t = (fwd << 4) & empty
        while t:
            b = t & -t
            t ^= b
            app((b >> 4, b, 0, None))
        t = (fwd << 5) & empty
        while t:
            b = t & -t
            t ^= b
            app((b >> 5, b, 0, None))
        if bk:
            t = (bk >> 4) & empty
            while t:
                b = t & -t
                t ^= b
                app((b << 4, b, 0, None))
            t = (bk >> 5) & empty
            while t:
                b = t & -t
                t ^= b
                app((b << 5, b, 0, None))
    else:
        fwd = wm | wk
        t = (fwd >> 4) & empty
        while t:
            b = t & -t
            t ^= b
            app((b << 4, b, 0, None))
        t = (fwd >> 5) & empty
        while t:
            b = t & -t
            t ^= b
            app((b << 5, b, 0, None))
        if wk:
            t = (wk << 4) & empty
            while t:
                b = t & -t
                t ^= b
                app((b >> 4, b, 0, None))
            t = (wk << 5) & empty
            while t:
                b = t & -t
                t ^= b
                app((b >> 5, b, 0, None))
    return out



def captures(bm, bk, wm, wk, black, j):
    """All captures, given the mask ``j`` of pieces that can capture.

    Fast path for the common case: only men capture and no landing square
    offers a further jump, so every capture is a single jump built here
    directly (a man never jumps backwards, so the start square and the
    piece it took cannot matter to a next hop).  Otherwise the full
    generator of ``bitboard``.
    """
    empty = BOARD ^ (bm | bk | wm | wk)
    if black:
        if j & bk:
            return bb.captures(bm, bk, wm, wk, black)
        opp = wm | wk
        j4 = j & (opp >> 4) & (empty >> 8)
        j5 = j & (opp >> 5) & (empty >> 10)
        on = ((opp >> 4) & (empty >> 8)) | ((opp >> 5) & (empty >> 10))
        if (((j4 << 8) | (j5 << 10)) & ~BC) & on:
            return bb.captures(bm, bk, wm, wk, black)
        out = []
        while j4:
            b = j4 & -j4
            j4 ^= b
            out.append((b, b << 8, b << 4, None))
        while j5:
            b = j5 & -j5
            j5 ^= b
            out.append((b, b << 10, b << 5, None))
        return out
    if j & wk:
        return bb.captures(bm, bk, wm, wk, black)
    opp = bm | bk
    j4 = j & (opp << 4) & (empty << 8)
    j5 = j & (opp << 5) & (empty << 10)
    on = ((opp << 4) & (empty << 8)) | ((opp << 5) & (empty << 10))
    if (((j4 >> 8) | (j5 >> 10)) & ~WC) & on:
        return bb.captures(bm, bk, wm, wk, black)
    out = []
    while j4:
        b = j4 & -j4
        j4 ^= b
        out.append((b, b >> 8, b >> 4, None))
    while j5:
        b = j5 & -j5
        j5 ^= b
        out.append((b, b >> 10, b >> 5, None))
    return out



def taken(move):
    """The number of pieces a raw move captures (the order of captures)."""
    return move[2].bit_count()



def can_move(bm, bk, wm, wk, black):
    """Whether the side to move has any legal move (a capture or a step)."""
    empty = BOARD ^ (bm | bk | wm | wk)
    if black:
        fwd, back, opp = bm | bk, bk, wm | wk
        if ((fwd << 4) | (fwd << 5)) & empty or ((back >> 4) | (back >> 5)) & empty:
            return True
        j = (fwd & (opp >> 4) & (empty >> 8)) | (fwd & (opp >> 5) & (empty >> 10))
        return bool(j or back & ((opp << 4) & (empty << 8) | (opp << 5) & (empty << 10)))
    fwd, back, opp = wm | wk, wk, bm | bk
    if ((fwd >> 4) | (fwd >> 5)) & empty or ((back << 4) | (back << 5)) & empty:
        return True
    j = (fwd & (opp << 4) & (empty << 8)) | (fwd & (opp << 5) & (empty << 10))
    return bool(j or back & ((opp >> 4) & (empty >> 8) | (opp >> 5) & (empty >> 10)))



def wins_at_once(bm, bk, wm, wk, black):
    """True if a quiet move of the side to move leaves the opponent without a
    legal move (blocked, not captured: captures are searched anyway)."""
    for frm, to, cap, _ in quiet_moves(bm, bk, wm, wk, black):
        if black:
            if frm & bm:
                nbm, nbk = (bm ^ frm, bk | to) if to & BC else (bm ^ frm ^ to, bk)
            else:
                nbm, nbk = bm, bk ^ frm ^ to
            if not can_move(nbm, nbk, wm, wk, False):
                return True
        else:
            if frm & wm:
                nwm, nwk = (wm ^ frm, wk | to) if to & WC else (wm ^ frm ^ to, wk)
            else:
                nwm, nwk = wm, wk ^ frm ^ to
            if not can_move(bm, bk, nwm, nwk, True):
                return True
    return False



def lost_in_two(bm, bk, wm, wk, black):
    """True if every move of the side to move allows a reply that leaves it
    without a legal move."""
    for m in bb.moves(bm, bk, wm, wk, black):
        child = bb.play(bm, bk, wm, wk, black, m)
        for r in bb.moves(*child):
            if not can_move(*bb.play(*child, r)):
                break  # this reply blocks us
        else:
            return False  # no reply blocks this move (or there is no reply)
    return True
