"""Whether a position could arise in a game, for positions typed in or loaded.

A position set up by hand (the editor, ``--fen``, a board file) is only worth
playing from if a real game could reach it and it is not already over.
"""

from __future__ import annotations

from .position import BLACK, COLOUR_NAMES, WHITE, Position

# A man standing on the row where it would have been crowned cannot happen.
CROWN_ROW = {BLACK: range(29, 33), WHITE: range(1, 5)}


def setup_problem(position: Position) -> str | None:
    """Why ``position`` cannot start a game (one line), or None when it can."""
    for colour in (BLACK, WHITE):
        name = COLOUR_NAMES[colour]
        n = position.count(colour)
        if n == 0:
            return f"{name} has no pieces: put at least one {name.lower()} piece on the board"
        if n > 12:
            return f"{name} has {n} pieces: a side has at most 12"
        men = position.black_men if colour == BLACK else position.white_men
        crowned = sorted(s for s in men if s in CROWN_ROW[colour])
        if crowned:
            s = crowned[0]
            return (f"The {name.lower()} man on {s} stands on the far row: it would have been crowned "
                    f"(make it a king or move it)")
    if not position.legal_moves():
        return f"{COLOUR_NAMES[position.turn]} is to move but has no legal move: the game would already be over"
    return None
