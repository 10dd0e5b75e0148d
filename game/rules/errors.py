"""Errors of the rules core.  All are ValueErrors: they are about bad input.

``NotationError`` is the error of text that cannot be read as the notation it
claims to be.  It lives here, at the bottom, because FEN is read by the rules
(``game.rules.fen``); ``game.notation`` re-exports the same class for PDN,
square names and the board texts, so one ``except NotationError`` catches a
bad FEN wherever it was read.
"""

from __future__ import annotations

from ..textfile import excerpt


class RulesError(ValueError):
    """Bad input to the rules."""


class NotationError(ValueError):
    """Text that cannot be read as the notation it claims to be."""


class FenError(RulesError, NotationError):
    """A FEN string that names no position; the message quotes (an excerpt of) it."""


class PositionError(RulesError):
    """A position that cannot be built (overlapping pieces, bad squares)."""


class IllegalMoveError(RulesError):
    """A move that is not legal in the position it was played in.

    Like python-chess's errors it carries data, not objects: the move as text
    (``move``), the position's FEN (``fen``), the legal moves as text
    (``legal``) and why (``reason``, or None).  Rebuild the position with
    ``Position.from_fen(error.fen)``.  Holding plain values keeps this module
    at the bottom of the rules: it imports no Position, not even for the
    type checker, so no import circle runs through it."""

    def __init__(self, move: object, fen: str, legal: tuple[str, ...] = (), reason: str | None = None) -> None:
        self.move = str(move)
        self.fen = fen
        self.legal = tuple(legal)
        self.reason = reason
        why = f" ({reason})" if reason else ""
        super().__init__(f"illegal move {excerpt(self.move)}{why} in {fen} "
                         f"(legal: {', '.join(self.legal) or 'none'})")
