"""Which earlier positions the engine is shown with a position: one rule for every screen.

A search is told the game's earlier positions so that it sees repetitions (and
counts the plies without progress).  Only the positions since the last capture
or man move can recur: anything earlier had other material or men on other
squares.  The play screen, review, the game report and the hint all ask here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..rules import Game, Move, Position


def engine_history(positions: Iterable[Position], moves: Sequence[Move]) -> tuple[Position, ...]:
    """The positions before the last of ``positions`` that the engine is shown, oldest first.

    ``positions`` is a line of play from its start to the position searched, and
    ``moves[i]`` leads from ``positions[i]`` to ``positions[i + 1]``.  The answer is
    the positions since the last capture or man move, the searched one left out
    (``Game.reversible_history()`` without its last element, for any line).
    """
    positions = list(positions)
    if len(moves) != len(positions) - 1:
        raise ValueError(f"a line of {len(positions)} positions needs {len(positions) - 1} moves, "
                         f"not {len(moves)}")
    first = len(positions) - 1
    while first > 0:
        move = moves[first - 1]
        piece = positions[first - 1].piece_at(move.start)
        if move.captures or piece is None or not piece[1]:  # a capture or a man move: nothing earlier recurs
            break
        first -= 1
    return tuple(positions[first:-1])


def game_history(game: Game) -> tuple[Position, ...]:
    """``engine_history`` of a whole ``rules.Game``: the positions shown with its current one."""
    return engine_history(game.positions, game.moves)
