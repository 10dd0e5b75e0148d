"""Errors of the rules core.  All are ValueErrors: they are about bad input.

``NotationError`` is the error of text that cannot be read as the notation it
claims to be.  It lives here, at the bottom, because FEN is read by the rules
(``game.rules.fen``); ``game.notation`` re-exports the same class for PDN,
square names and the board texts, so one ``except NotationError`` catches a
bad FEN wherever it was read.
"""

from __future__ import annotations

from ..textfile import excerpt

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .position import Move, Position


class RulesError(ValueError):
    """Bad input to the rules."""


class NotationError(ValueError):
    """Text that cannot be read as the notation it claims to be."""


class FenError(RulesError, NotationError):
    """A FEN string that names no position; the message quotes (an excerpt of) it."""


class PositionError(RulesError):
    """A position that cannot be built (overlapping pieces, bad squares)."""


class IllegalMoveError(RulesError):
    """A move that is not legal in the position it was played in."""

    def __init__(self, move: Move | str, position: Position, reason: str | None = None) -> None:
        self.move = move
        self.position = position
        legal = ", ".join(str(m) for m in position.legal_moves()) or "none"
        why = f" ({reason})" if reason else ""
        super().__init__(f"illegal move {excerpt(move)}{why} in {position.fen()} (legal: {legal})")
