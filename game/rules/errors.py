"""Errors of the rules core.  All are ValueErrors: they are about bad input."""


class RulesError(ValueError):
    pass


class PositionError(RulesError):
    """A position that cannot be built (overlapping pieces, bad squares)."""


class IllegalMoveError(RulesError):
    """A move that is not legal in the position it was played in."""

    def __init__(self, move, position):
        self.move = move
        self.position = position
        legal = ", ".join(str(m) for m in position.legal_moves()) or "none"
        super().__init__(f"illegal move {move} in {position.fen()} (legal: {legal})")
