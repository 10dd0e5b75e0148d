"""The computer opponent: search, evaluation and playing levels.

Imports no pygame and no multiprocessing, and imports fast: the tournament
agent starts afresh for every move.

The package's own names are functions and values with names of their own,
so that every submodule (``game.engine.search``, ``game.engine.evaluate``,
...) stays reachable as a module: ``import game.engine.search as s`` gives
the module, never a function of the same name.
"""

from .levels import LEVELS, Level, choose_move, custom_depth, custom_time, level_by_name
from .scores import MATE_BOUND, WIN, describe_score, is_mate_score
from .search import Searcher, SearchInfo, best_move, iterative_search

__all__ = [
    "LEVELS", "Level", "MATE_BOUND", "SearchInfo", "Searcher", "WIN", "best_move", "choose_move",
    "custom_depth", "custom_time", "describe_score", "is_mate_score", "iterative_search",
    "level_by_name",
]
