"""Playing levels: how strong the computer plays, from Beginner to Master.

Lower levels are weakened only by a shallower search and by controlled
randomness among the moves whose scores are near the best (Boltzmann
weights, with a hard margin), never by illegal or absurd moves: above
Beginner the margin is below the value of a man, so no level but Beginner
gives a piece away for nothing it can see.

A level has one spelling everywhere (command line, settings, saved games,
the screen): its name for the named levels ("Master"), ``depth:N`` for a
fixed search depth and ``time:S`` for seconds a move.  ``Level.spec`` writes
it and ``parse_level`` reads it; nothing else parses level names.
"""

from __future__ import annotations

import math
import random
import time as _time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ..textfile import excerpt
from .search import Searcher, SearchInfo

if TYPE_CHECKING:
    import threading

    from ..rules import Move, Position


class LevelError(ValueError):
    """A level name or custom level that cannot be used; the message quotes the input."""


class Level(NamedTuple):
    """A playing strength.

    depth: ply limit (None: none); time: seconds per move (None: none);
    temperature: Boltzmann noise in centi-men over the root moves' scores
    (0: always the best move); margin: moves scoring more than this below the
    best are never picked.
    """

    name: str
    description: str
    depth: int | None
    time: float | None
    temperature: float
    margin: float

    @property
    def spec(self) -> str:
        """The level's one spelling ("Master", "depth:6", "time:2"), read back by ``parse_level``."""
        return self.name


# Depths and times: each level must beat the one below it clearly in a
# tools/match.py match (the ladder's figures are in docs/measurements.md and
# the README).  Hard and up play at full strength; below, a shallower search
# and noise among the near-best moves (temperature, margin) make the steps.
LEVELS = (
    Level("Beginner", "Looks one move ahead, picks loosely among decent moves, misses shots.",
          1, None, 70, 260),
    Level("Easy", "Looks two moves ahead and plays loosely, but does not hang pieces.",
          2, None, 25, 60),
    Level("Medium", "Sees simple shots; a little variety in its play.",
          4, None, 8, 25),
    Level("Hard", "Looks six moves ahead, and further along every capture: solid tactics.",
          6, 0.5, 0, 0),
    Level("Expert", "Looks eight moves ahead plus captures, up to a second a move.",
          8, 1.0, 0, 0),
    Level("Master", "Full strength: as deep as it gets in three seconds a move.",
          None, 3.0, 0, 0),
)

_BY_NAME = {lv.name.lower(): lv for lv in LEVELS}

MAX_CUSTOM_DEPTH = 12
MAX_CUSTOM_SECONDS = 3600


def level_by_name(name: object) -> Level:
    """The named Level called ``name`` (any case); LevelError listing the names otherwise."""
    lv = _BY_NAME.get(str(name).strip().lower())
    if lv is None:
        raise LevelError(f"unknown level {excerpt(name)}; choose one of: "
                         f"{', '.join(lv.name for lv in LEVELS)}, depth:N or time:S")
    return lv


def custom_depth(n: int | float | str) -> Level:
    """Full-strength search to a fixed depth of ``n`` plies (1-12)."""
    try:
        plies = int(n)
    except (TypeError, ValueError):
        raise LevelError(f"custom depth must be a whole number of plies, not {excerpt(n)}") from None
    if isinstance(n, float) and n != plies or not 1 <= plies <= MAX_CUSTOM_DEPTH:
        raise LevelError(f"custom depth must be from 1 to {MAX_CUSTOM_DEPTH} plies, not {excerpt(n)}")
    return Level(f"depth:{plies}", f"Searches exactly {plies} plies.", plies, None, 0, 0)


def custom_time(seconds: int | float | str) -> Level:
    """Full-strength search for ``seconds`` per move."""
    try:
        value = float(seconds)
    except (TypeError, ValueError, OverflowError):
        raise LevelError(f"seconds per move must be a number, not {excerpt(seconds)}") from None
    if not 0 < value <= MAX_CUSTOM_SECONDS:  # also refuses nan and inf: the search must end
        raise LevelError(f"seconds per move must be more than 0 and at most {MAX_CUSTOM_SECONDS}, "
                         f"not {excerpt(seconds)}")
    short = f"{value:g}"
    text = short if float(short) == value else repr(value)
    return Level(f"time:{text}", f"Searches {short} seconds a move.", None, value, 0, 0)


def parse_level(text: object) -> Level:
    """The Level spelt ``text``: a level name (any case), ``depth:N`` or ``time:S``.

    "Depth N" and "N s", the names earlier versions wrote into settings and
    saved games, are still read.  Raises LevelError quoting ``text``.
    """
    if isinstance(text, Level):
        return text
    if not isinstance(text, str):
        raise LevelError(f"a level is a name such as Master, depth:N or time:S, not {excerpt(text)}")
    clean = text.strip()
    kind, sep, value = clean.partition(":")
    kind = kind.strip().lower()
    if sep and kind == "depth":
        return custom_depth(value.strip())
    if sep and kind == "time":
        return custom_time(value.strip())
    if clean.lower().startswith("depth ") and clean[6:].strip().isdigit():
        return custom_depth(clean[6:].strip())
    if clean.endswith(" s") and clean[:-2].strip():
        try:
            return custom_time(clean[:-2].strip())
        except LevelError:
            pass  # not a number of seconds: report it as an unknown name
    return level_by_name(clean)


def choose_move(position: Position, history: Sequence[Position] = (), level: Level | str = LEVELS[-1],
                rng: random.Random | None = None, stop: Callable[[], bool] | threading.Event | None = None,
                on_info: Callable[[SearchInfo], object] | None = None, searcher: Searcher | None = None,
                draw_rule: str = "official", quiet: int | None = None) -> tuple[Move | None, SearchInfo | None]:
    """The level's move: ``(Move, last SearchInfo)``, or ``(None, None)`` with no legal move.

    ``history``: earlier Positions of the game, oldest first (see
    Searcher.search).  ``on_info`` is called with each SearchInfo.  Pass
    the same ``searcher`` for every move of a game to keep its tables.
    ``draw_rule`` and ``quiet``: the game's no-progress rule and its count
    now, which the search fades its scores by (see Searcher.search).
    """
    if isinstance(level, str):
        level = parse_level(level)
    searcher = searcher if searcher is not None else Searcher()
    if level.temperature <= 0:
        info = None
        for info in searcher.search(position, depth=level.depth, time=level.time,
                                    history=history, stop=stop, draw_rule=draw_rule, quiet=quiet,
                                    contempt=searcher.params.contempt, use_all_time=True):
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
