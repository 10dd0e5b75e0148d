"""Rebuild a Game from a start position and moves written as text.

The moves are matched by ``notation.pdn_movetext.find_move``, the same matcher the
PDN reader uses, so a move the autosave wrote reads back as the PDN reader would
read it.
"""

from __future__ import annotations

from ..notation.errors import NotationError
from ..notation.pdn_movetext import find_move
from ..rules import Game, Position
from ..textfile import excerpt

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..rules import DrawRule

__all__ = ["find_move", "replay"]


def replay(start: Position, moves: Iterable[str], draw_rule: str | DrawRule = "official") -> tuple[Game, str | None]:
    """``(game, error)``: the game with every move that replays; error names the first that does not.

    ``error`` is None when all moves replayed.  The game always holds the
    legal prefix, so a damaged record loses only what follows the damage.
    """
    game = Game(start, draw_rule)
    for i, text in enumerate(moves):
        if game.outcome is not None:
            return game, f"move {i + 1} ({excerpt(str(text), 40)}) comes after the game ended ({game.outcome})"
        try:
            move = find_move(game.position, text)
        except NotationError as e:
            return game, f"move {i + 1}: {e}"
        game.push(move)
    return game, None
