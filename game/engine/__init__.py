"""The computer opponent: search, evaluation and playing levels.

Imports no pygame and no multiprocessing, and imports fast: the tournament
agent starts afresh for every move.
"""

from .evaluate import evaluate
from .levels import LEVELS, Level, choose_move, custom_depth, custom_time, level_by_name
from .search import (MATE_BOUND, WIN, Searcher, SearchInfo, best_move, describe_score,
                     is_mate_score, search)

__all__ = [
    "LEVELS", "Level", "MATE_BOUND", "SearchInfo", "Searcher", "WIN", "best_move", "choose_move",
    "custom_depth", "custom_time", "describe_score", "evaluate", "is_mate_score", "level_by_name",
    "search",
]
