"""Which puzzle comes next: one near the player's rating, of the theme asked for, not seen lately.

``next_puzzle`` takes the puzzles, the player's rating, each puzzle's current rating
(the stored one once it has been attempted, its file's rating before) and the ids
served last; it leaves out the last ``AVOID_RECENT`` served (or, with fewer puzzles
than that, as many of the latest as it can), prefers puzzles not yet solved, and
picks at random among the ``CLOSEST`` nearest the player's rating that are within
``WINDOW`` of it (the two nearest when none is).

A puzzle's file rating says how deep its answer lies (``training.miner``): served by rating,
puzzles come in the order of their depth.  The trivial ones (found at one ply, every other
move losing at once: rated ``TRIVIAL_RATING``) are the easiest, and they are held to a share:
after one, the next ``TRIVIAL_GAP`` served are others whenever others are left.
"""

from __future__ import annotations

import bisect
import heapq
import math
import os
import random
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence

from .puzzle import Puzzle

AVOID_RECENT = 20   # never one of the last this many puzzles served, when there are others
TRIVIAL_RATING = 600  # the miner's rating of a trivial puzzle (themes.MIN_RATING: none is lower)
TRIVIAL_GAP = 3     # after a trivial puzzle, this many others before the next trivial one
CLOSEST = 8         # picked at random among this many nearest the player's rating ...
WINDOW = 150        # ... that are within this of it (none: the two nearest)

ALL_THEMES = ""     # the theme filter's "all"


def rating_of(puzzle: Puzzle, ratings: Mapping[str, float]) -> float:
    """The puzzle's current rating: what attempts made of it, or its file's."""
    return ratings.get(puzzle.id, puzzle.rating)


def is_trivial(puzzle: Puzzle) -> bool:
    """Rated by the miner as trivial: found at one ply, every other move losing at once."""
    return puzzle.rating <= TRIVIAL_RATING


def themes_of(puzzles: Iterable[Puzzle]) -> list[str]:
    """The themes the puzzles have, in the order of ``puzzle.THEMES``."""
    from .puzzle import THEMES

    present = {p.theme for p in puzzles}
    return [t for t in THEMES if t in present]


class PuzzlePool:
    """Puzzles ordered by their file's rating, each theme apart: ``next_puzzle`` then looks at
    the few nearest the player's rating, not all of them (a set of 100,000 is chosen from at a
    key press, in the window's frame).  Build it once per set (``load_puzzles_once`` does, off
    the frame)."""

    def __init__(self, puzzles: Sequence[Puzzle]) -> None:
        self.puzzles = list(puzzles)
        self.by_id = {p.id: p for p in self.puzzles}
        self._order: dict[str, tuple[list[float], list[Puzzle]]] = {}
        groups: dict[str, list[Puzzle]] = {ALL_THEMES: self.puzzles}
        for p in self.puzzles:
            groups.setdefault(p.theme, []).append(p)
        for theme, group in groups.items():
            ordered = sorted(group, key=lambda p: (p.rating, p.id))
            self._order[theme] = ([float(p.rating) for p in ordered], ordered)
        self.themes = themes_of(self.puzzles)   # the themes present, in ``puzzle.THEMES``'s order

    def __len__(self) -> int:
        return len(self.puzzles)

    def nearest(self, player: float, theme: str, rated: Mapping[str, float], keep: Callable[[Puzzle], bool],
                k: int) -> list[tuple[float, str, Puzzle]]:
        """The ``k`` puzzles of ``theme`` that ``keep`` accepts nearest ``player``, as (distance, id,
        puzzle), nearest first (ties by id), each at its current rating: ``rated``'s when it has
        one, else its file's."""
        keys, ordered = self._order.get(theme, ([], []))
        found: list[tuple[float, str, Puzzle]] = []
        # the rated ones (those attempted) apart: their rating is no longer their file's
        if len(rated) < len(self.puzzles):
            for ident, rating in rated.items():
                p = self.by_id.get(ident)
                if p is not None and (not theme or p.theme == theme) and keep(p):
                    found.append((abs(rating - player), ident, p))
        else:   # more ratings kept than puzzles: look the puzzles up instead
            for p in ordered:
                r = rated.get(p.id)
                if r is not None and keep(p):
                    found.append((abs(r - player), p.id, p))
        # the others by their file's rating, outward from the player's, until no nearer one is left
        lo = bisect.bisect_left(keys, player) - 1
        hi = lo + 1
        walked: list[tuple[float, str, Puzzle]] = []
        while lo >= 0 or hi < len(ordered):
            d_lo = player - keys[lo] if lo >= 0 else math.inf
            d_hi = keys[hi] - player if hi < len(ordered) else math.inf
            d = min(d_lo, d_hi)
            if len(walked) >= k and (d > walked[k - 1][0] or len(walked) >= k + 8):
                break   # none nearer is left (of many at one rating, a few beyond k are enough)
            if d_lo <= d_hi:
                p, lo = ordered[lo], lo - 1
            else:
                p, hi = ordered[hi], hi + 1
            if p.id not in rated and keep(p):
                walked.append((d, p.id, p))
                if len(walked) > k:
                    walked.sort(key=lambda t: (t[0], t[1]))
                    del walked[k + 8:]   # ties beyond k kept a little, for the order by id
        found.extend(walked)
        return heapq.nsmallest(k, found, key=lambda t: (t[0], t[1]))


def next_puzzle(puzzles: Sequence[Puzzle] | PuzzlePool, player: float, ratings: Mapping[str, float] | None = None,
                theme: str = ALL_THEMES, recent: Sequence[str] = (), solved: Iterable[str] = (),
                rng: random.Random | None = None) -> Puzzle | None:
    """The next puzzle to serve, or None when no puzzle has ``theme``.  Given a ``PuzzlePool``,
    it looks at the puzzles near the player's rating only."""
    pool = puzzles if isinstance(puzzles, PuzzlePool) else PuzzlePool(puzzles)
    rated: Mapping[str, float] = ratings or {}
    rng = rng or random.Random()
    members = pool._order.get(theme, ([], []))[1]
    if not members:
        return None
    # leave out the latest served: the last AVOID_RECENT, or as many as leave one
    latest = [i for i in reversed(recent) if i in pool.by_id and (not theme or pool.by_id[i].theme == theme)]
    latest = latest[:AVOID_RECENT]
    avoid = set(latest[:max(0, min(len(latest), len(members) - 1))])
    done = solved if isinstance(solved, (set, frozenset, dict)) else set(solved)   # a record's: no copy
    # a trivial puzzle served lately: others first (the trivial ones are a capped share)
    lately = [i for i in reversed(recent) if i in pool.by_id][:TRIVIAL_GAP]
    spaced = any(is_trivial(pool.by_id[i]) for i in lately)
    nearest = []
    if spaced:
        nearest = pool.nearest(player, theme, rated, lambda p: p.id not in avoid and p.id not in done
                               and not is_trivial(p), CLOSEST)
    if not nearest:
        nearest = pool.nearest(player, theme, rated, lambda p: p.id not in avoid and p.id not in done, CLOSEST)
    if not nearest:   # every one solved: the solved ones again
        nearest = pool.nearest(player, theme, rated, lambda p: p.id not in avoid, CLOSEST)
    near = [p for d, _, p in nearest if d <= WINDOW]
    return rng.choice(near or [p for _, _, p in nearest[:2]])


PUZZLE_FILE = "puzzles.pdn"
MAX_FILE = 64 * 1024 * 1024   # far more than any puzzle set: a file past it is not ours


def load_puzzles(path: str | os.PathLike[str] | None = None) -> tuple[list[Puzzle], list[str], str | None]:
    """The puzzles of ``path`` (default: the shipped set), the games skipped (one line each), and
    None, or a one-line reason there are none to serve (a missing or damaged file).  Never raises."""
    from pathlib import Path

    from ..engine import shipped
    from ..textfile import FileReadError, read_text
    from .puzzle import read_puzzles

    source = shipped.path(PUZZLE_FILE) if path is None else Path(path)
    name = getattr(source, "name", PUZZLE_FILE)
    try:
        # (a Path, or a member of an installed package that is not a folder: a zip)
        text = read_text(source, limit=MAX_FILE, what="the puzzle file")
    except FileReadError as e:
        return [], [], str(e)
    except Exception as e:  # never let the file stop the screen
        return [], [], f"the puzzle file {name} cannot be read ({type(e).__name__}: {str(e)[:80]})"
    try:
        puzzles, problems = read_puzzles(text)
    except Exception as e:
        return [], [], f"the puzzle file {name} is damaged ({type(e).__name__}: {str(e)[:80]})"
    if not puzzles:
        first = f": {problems[0][:100]}" if problems else ""
        return [], problems, f"the puzzle file {name} has no puzzle that can be used{first}"
    return puzzles, problems, None


_loaded: dict[tuple[object, ...], tuple[list[Puzzle], list[str], str | None]] = {}
_pools: dict[tuple[object, ...], PuzzlePool] = {}
_loading = threading.Lock()


def _file_key(path: str | os.PathLike[str] | None) -> tuple[object, ...]:
    """What tells one puzzle file from another, and a file from itself changed since."""
    from ..engine import shipped

    source = shipped.path(PUZZLE_FILE) if path is None else path
    name = os.fspath(source) if isinstance(source, (str, os.PathLike)) else str(source)
    try:
        st = os.stat(name)
        return name, st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns
    except (OSError, ValueError):
        return (name,)


def load_puzzles_once(path: str | os.PathLike[str] | None = None) -> tuple[list[Puzzle], list[str], str | None]:
    """``load_puzzles``, read once per process for each file (a big set takes seconds to read:
    the Puzzles screen calls this in its loader thread, and a second visit finds it read).
    A file changed since is read again; a file that could not be read is tried again next
    time.  Two callers at once read it once: the second waits for the first."""
    key = _file_key(path)
    with _loading:
        found = _loaded.get(key)
        if found is None:
            found = load_puzzles(path)
            if found[2] is None:
                _loaded.clear()   # one set kept: a file changed since is not kept twice
                _pools.clear()
                _loaded[key] = found
        return list(found[0]), list(found[1]), found[2]


def pool_once(path: str | os.PathLike[str] | None = None) -> tuple[PuzzlePool, list[str], str | None]:
    """``load_puzzles_once``'s puzzles as a ``PuzzlePool`` (ordered once per set, in the caller's
    thread: call it off the frame)."""
    puzzles, problems, error = load_puzzles_once(path)
    key = _file_key(path)
    with _loading:
        pool = _pools.get(key)
        if pool is None:
            pool = PuzzlePool(puzzles)
            if error is None and key in _loaded:
                _pools[key] = pool
        return pool, problems, error
