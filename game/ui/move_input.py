"""Turning clicks on squares into a legal move, hop by hop.

Pure logic, no pygame.  The partial path (start square, then each hop
entered so far) filters the legal moves by prefix, so two capture
sequences that share squares are told apart by the hops actually clicked.
``click`` answers what happened and, when a click does nothing, why.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..rules import Move, Position

SELECTED = "selected"
SWITCHED = "switched"
CANCELLED = "cancelled"
HOPPED = "hopped"
MOVED = "moved"
REFUSED = "refused"


class ClickResult:
    __slots__ = ("kind", "move", "message")

    def __init__(self, kind: str, move: Move | None = None, message: str | None = None) -> None:
        self.kind = kind
        self.move = move
        self.message = message

    def __repr__(self) -> str:
        return f"ClickResult({self.kind!r}, move={self.move}, message={self.message!r})"


class MoveInput:
    """The move being entered on ``position`` by the side to move."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.legal = position.legal_moves()
        self.path: list[int] = []
        self.must_capture = bool(self.legal) and self.legal[0].is_capture

    # -- what to highlight ------------------------------------------------------

    @property
    def selected(self) -> int | None:
        return self.path[0] if self.path else None

    @property
    def in_jump(self) -> bool:
        """A capture sequence is part-way entered: only its next hops may be clicked."""
        return len(self.path) > 1

    def movable(self) -> frozenset[int]:
        """Squares of pieces that may move (nothing else may be picked up)."""
        if self.path:
            return frozenset()
        return frozenset(m.start for m in self.legal)

    def candidates(self) -> list[Move]:
        """Legal moves that begin with the path entered so far."""
        n = len(self.path)
        return [m for m in self.legal if m.path[:n] == tuple(self.path)]

    def destinations(self) -> frozenset[int]:
        """The squares the next click may land on."""
        if not self.path:
            return frozenset()
        n = len(self.path)
        return frozenset(m.path[n] for m in self.candidates() if len(m.path) > n)

    def jumped(self) -> tuple[int, ...]:
        """Squares captured by the hops entered so far."""
        if len(self.path) < 2:
            return ()
        for m in self.candidates():
            return m.captures[: len(self.path) - 1]
        return ()

    def ends(self) -> frozenset[int]:
        """Final squares of the moves still possible (to mark a whole capture's goal)."""
        return frozenset(m.end for m in self.candidates()) if self.path else frozenset()

    # -- clicks -----------------------------------------------------------------

    def reset(self) -> None:
        self.path = []

    def click(self, square: int | None) -> ClickResult:
        """React to a click on ``square`` (None: off the board or a light square)."""
        if square is None:
            if self.in_jump:
                return ClickResult(REFUSED, message="Finish the jump")
            if self.path:
                self.path = []
                return ClickResult(CANCELLED)
            return ClickResult(REFUSED)
        if self.path:
            return self._click_with_selection(square)
        return self._click_without_selection(square)

    def _unique_move_through(self, square: int, moves: Sequence[Move], after: int) -> Move | None:
        """The one move among ``moves`` that lands on ``square`` (after index ``after``), or None."""
        hits = [m for m in moves if square in m.path[after:]]
        return hits[0] if len(hits) == 1 else None

    def _click_without_selection(self, square: int) -> ClickResult:
        piece = self.position.piece_at(square)
        turn = self.position.turn
        if piece is not None:
            colour, _ = piece
            if colour != turn:
                return ClickResult(REFUSED, message="Not your piece")
            if square in self.movable():
                self.path = [square]
                return ClickResult(SELECTED)
            if self.must_capture:
                return ClickResult(REFUSED, message="You must capture")
            return ClickResult(REFUSED, message="That piece cannot move")
        if not self.legal:
            return ClickResult(REFUSED, message="No legal move: the game is over")
        move = self._unique_move_through(square, self.legal, 1)
        if move is not None:
            self.path = []
            return ClickResult(MOVED, move)
        if any(square in m.path[1:] for m in self.legal):
            return ClickResult(REFUSED, message="Several pieces can go there: pick one first")
        if self.must_capture:
            return ClickResult(REFUSED, message="You must capture")
        return ClickResult(REFUSED, message="No piece can move there")

    def _click_with_selection(self, square: int) -> ClickResult:
        n = len(self.path)
        if square in self.destinations():
            self.path.append(square)
            done = [m for m in self.candidates() if len(m.path) == len(self.path)]
            if done:
                self.path = []
                return ClickResult(MOVED, done[0])
            return ClickResult(HOPPED)
        # A later square of exactly one remaining sequence: play it whole.
        move = self._unique_move_through(square, self.candidates(), n)
        if move is not None and square == move.end:
            self.path = []
            return ClickResult(MOVED, move)
        if self.in_jump:
            return ClickResult(REFUSED, message="Finish the jump")
        if square == self.path[0]:
            self.path = []
            return ClickResult(CANCELLED)
        piece = self.position.piece_at(square)
        if piece is not None and piece[0] == self.position.turn:
            if any(m.start == square for m in self.legal):
                self.path = [square]
                return ClickResult(SWITCHED)
            if self.must_capture:
                return ClickResult(REFUSED, message="You must capture")
            return ClickResult(REFUSED, message="That piece cannot move")
        if piece is not None:
            return ClickResult(REFUSED, message="Not your piece")
        if self.must_capture:
            return ClickResult(REFUSED, message="You must capture")
        return ClickResult(REFUSED, message="That piece cannot go there")

    def back(self) -> bool:
        """Undo the last hop entered (Backspace); True if there was one."""
        if self.path:
            self.path.pop()
            return True
        return False
