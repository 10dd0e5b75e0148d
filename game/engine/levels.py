"""Playing levels: how strong the computer plays, from Beginner to Master.

Lower levels are weakened only by a shallower search and by controlled
randomness among the moves whose scores are near the best (Boltzmann
weights, with a hard margin), never by illegal or absurd moves: above
Beginner the margin is below the value of a man, so no level but Beginner
gives a piece away for nothing it can see.
"""

import math
import random
import time as _time
from collections import namedtuple

from .search import Searcher, SearchInfo

Level = namedtuple("Level", "name description depth time temperature margin")
Level.__doc__ = """A playing strength.

depth: ply limit (None: none); time: seconds per move (None: none);
temperature: Boltzmann noise in centi-men over the root moves' scores
(0: always the best move); margin: moves scoring more than this below the
best are never picked.
"""

# Depths/times: each level must beat the one below it.  Measured with
# tools/match.py, 20 ballot openings x both colours (40 games), --jobs 2:
#   Easy v Beginner      +30 =10 -0   87.5%
#   Medium v Easy        +38 =1  -1   96.2%
#   Hard v Medium        +29 =10 -1   85.0%
#   Expert v Hard        +20 =18 -2   72.5%
#   Master* v Expert     +33 =7  -0   91.2%   (*Master at 1 s/move, not 3)
#   Master v Beginner    +20 =0  -0  100%     (10 openings, 20 games)
#   Master v minimax:4   +20 =0  -0  100%     (10 openings, 20 games)
LEVELS = (
    Level("Beginner", "Looks one move ahead, picks loosely among decent moves, misses shots.",
          1, None, 70, 260),
    Level("Easy", "Looks two moves ahead and plays loosely, but does not hang pieces.",
          2, None, 25, 60),
    Level("Medium", "Sees simple shots; a little variety in its play.",
          4, None, 8, 25),
    Level("Hard", "Six plies deep plus every capture sequence: solid tactics.",
          6, 0.5, 0, 0),
    Level("Expert", "Eight plies deep plus captures, up to a second a move.",
          8, 1.0, 0, 0),
    Level("Master", "Full strength: as deep as it gets in three seconds a move.",
          None, 3.0, 0, 0),
)

_BY_NAME = {lv.name.lower(): lv for lv in LEVELS}


def level_by_name(name):
    """The Level called ``name`` (any case); ValueError listing the names otherwise."""
    lv = _BY_NAME.get(str(name).strip().lower())
    if lv is None:
        raise ValueError(f"unknown level {name!r}; choose one of: {', '.join(lv.name for lv in LEVELS)}")
    return lv


def custom_depth(n):
    """Full-strength search to a fixed depth of ``n`` plies (1-12)."""
    n = int(n)
    if not 1 <= n <= 12:
        raise ValueError(f"custom depth must be from 1 to 12, not {n}")
    return Level(f"Depth {n}", f"Searches exactly {n} plies.", n, None, 0, 0)


def custom_time(seconds):
    """Full-strength search for ``seconds`` per move."""
    seconds = float(seconds)
    if not 0 < seconds <= 3600:  # also refuses nan and inf: the search must end
        raise ValueError(f"seconds per move must be more than 0 and at most 3600, not {seconds}")
    return Level(f"{seconds:g} s", f"Searches {seconds:g} seconds a move.", None, seconds, 0, 0)


def choose_move(position, history=(), level=LEVELS[-1], rng=None, stop=None, on_info=None,
                searcher=None):
    """The level's move: ``(Move, last SearchInfo)``, or ``(None, None)`` with no legal move.

    ``history``: earlier Positions of the game, oldest first (see
    Searcher.search).  ``on_info`` is called with each SearchInfo.  Pass
    the same ``searcher`` for every move of a game to keep its tables.
    """
    if isinstance(level, str):
        level = level_by_name(level)
    searcher = searcher if searcher is not None else Searcher()
    if level.temperature <= 0:
        info = None
        for info in searcher.search(position, depth=level.depth, time=level.time,
                                    history=history, stop=stop):
            if on_info is not None:
                on_info(info)
        if info is None:
            m = searcher.best_move(position, depth=1)
            return (m, None)
        return info.best_move, info
    t0 = _time.perf_counter()
    scored = searcher.root_scores(position, level.depth or 1, history=history, stop=stop)
    if not scored:
        return (None, None)
    rng = rng if rng is not None else random.Random()
    best = scored[0][1]
    pool = [(m, s) for m, s in scored if s >= best - level.margin]
    weights = [math.exp((s - best) / level.temperature) for _, s in pool]
    move, score = rng.choices(pool, weights)[0]
    info = SearchInfo(level.depth or 1, score, move, (move,), searcher.nodes,
                      _time.perf_counter() - t0)
    if on_info is not None:
        on_info(info)
    return move, info
