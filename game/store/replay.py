"""Rebuild a Game from a start position and moves written as text."""

from __future__ import annotations

import re

from ..rules import Game, Move, Position

_SPLIT = re.compile(r"\s*[-x:]\s*", re.I)


class ReplayError(ValueError):
    pass


def find_move(position: Position, text):
    """The legal move of ``position`` written as ``text`` ("11-15", "9x18x27", "9x27"), or None.

    A move given by its start and end only must be the one legal move that
    fits.  A Move object is checked for legality.
    """
    legal = position.legal_moves()
    if isinstance(text, Move):
        return text if text in legal else None
    if isinstance(text, (list, tuple)):
        squares = list(text)
    else:
        t = str(text).strip().rstrip("*").strip()
        try:
            squares = [int(p) for p in _SPLIT.split(t)]
        except ValueError:
            return None
    if len(squares) < 2:
        return None
    path = tuple(squares)
    for m in legal:
        if m.path == path:
            return m
    fits = [m for m in legal if m.start == path[0] and m.end == path[-1]
            and all(s in m.path for s in path)]
    return fits[0] if len(fits) == 1 else None


def replay(start: Position, moves, draw_rule="official"):
    """``(game, error)``: the game with every move that replays; error names the first that does not.

    ``error`` is None when all moves replayed.  The game always holds the
    legal prefix, so a damaged record loses only what follows the damage.
    """
    game = Game(start, draw_rule)
    for i, text in enumerate(moves):
        if game.outcome is not None:
            return game, f"move {i + 1} ({text}) comes after the game ended ({game.outcome})"
        move = find_move(game.position, text)
        if move is None:
            return game, f"move {i + 1} ({text}) is not legal in {game.position.fen()}"
        game.push(move)
    return game, None
