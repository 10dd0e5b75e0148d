"""The match being played, without a window: the game, who plays it, the computer's turns.

Imports the rules, the engine (its process client), and the store; never
pygame or the UI.  The play screen, watch mode and review's "continue from
here" drive a ``Match``; tests drive it with a fake engine client.

The submodules load on first use: the online server needs only the clocks
(``game.controller.clock``), not the engine a ``Match`` brings with it.
"""

from ..lazy import lazy_exports

_EXPORTS = {
    "STOP_GRACE": "computer", "ComputerTurn": "computer", "limit_for": "computer",
    "DRAW": "match", "MOVE": "match", "REDO": "match", "RESIGN": "match", "UNDO": "match", "Match": "match",
    "MatchError": "match", "game_up_to": "match",
    "COLOUR_KEYS": "players", "DEFAULT_LEVEL": "players", "MODES": "players", "bottom_colour": "players",
    "humans_of": "players", "mode_of": "players", "players_for": "players", "players_from_keys": "players",
    "players_to_keys": "players",
    "MatchRecord": "record",
}

__all__ = sorted(_EXPORTS)

TYPE_CHECKING = False
if TYPE_CHECKING:  # the same names, imported for the type checker (tests/test_imports.py checks both agree)
    from .computer import STOP_GRACE as STOP_GRACE
    from .computer import ComputerTurn as ComputerTurn
    from .computer import limit_for as limit_for
    from .match import DRAW as DRAW
    from .match import MOVE as MOVE
    from .match import REDO as REDO
    from .match import RESIGN as RESIGN
    from .match import UNDO as UNDO
    from .match import Match as Match
    from .match import MatchError as MatchError
    from .match import game_up_to as game_up_to
    from .players import COLOUR_KEYS as COLOUR_KEYS
    from .players import DEFAULT_LEVEL as DEFAULT_LEVEL
    from .players import MODES as MODES
    from .players import bottom_colour as bottom_colour
    from .players import humans_of as humans_of
    from .players import mode_of as mode_of
    from .players import players_for as players_for
    from .players import players_from_keys as players_from_keys
    from .players import players_to_keys as players_to_keys
    from .record import MatchRecord as MatchRecord

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)
