"""Which puzzle comes next: one near the player's rating, of the theme asked for, not seen lately.

``next_puzzle`` takes the puzzles, the player's rating, each puzzle's current rating
(the stored one once it has been attempted, its file's rating before) and the ids
served last; it leaves out the last ``AVOID_RECENT`` served (or, with fewer puzzles
than that, as many of the latest as it can), prefers puzzles not yet solved, and
picks at random among the ``CLOSEST`` nearest the player's rating that are within
``WINDOW`` of it (the two nearest when none is).
"""

from __future__ import annotations

import os
import random
import threading
from collections.abc import Iterable, Mapping, Sequence

from .puzzle import Puzzle

AVOID_RECENT = 20   # never one of the last this many puzzles served, when there are others
CLOSEST = 8         # picked at random among this many nearest the player's rating ...
WINDOW = 150        # ... that are within this of it (none: the two nearest)

ALL_THEMES = ""     # the theme filter's "all"


def rating_of(puzzle: Puzzle, ratings: Mapping[str, float]) -> float:
    """The puzzle's current rating: what attempts made of it, or its file's."""
    return ratings.get(puzzle.id, puzzle.rating)


def themes_of(puzzles: Iterable[Puzzle]) -> list[str]:
    """The themes the puzzles have, in the order of ``puzzle.THEMES``."""
    from .puzzle import THEMES

    present = {p.theme for p in puzzles}
    return [t for t in THEMES if t in present]


def next_puzzle(puzzles: Sequence[Puzzle], player: float, ratings: Mapping[str, float] | None = None,
                theme: str = ALL_THEMES, recent: Sequence[str] = (), solved: Iterable[str] = (),
                rng: random.Random | None = None) -> Puzzle | None:
    """The next puzzle to serve, or None when no puzzle has ``theme``."""
    ratings = ratings or {}
    rng = rng or random.Random()
    pool = [p for p in puzzles if not theme or p.theme == theme]
    if not pool:
        return None
    # leave out the latest served: the last AVOID_RECENT, or as many as leave one
    ids = {p.id for p in pool}
    latest = [i for i in reversed(recent) if i in ids][:AVOID_RECENT]
    avoid = set(latest[:max(0, min(len(latest), len(pool) - 1))])
    fresh = [p for p in pool if p.id not in avoid]
    done = solved if isinstance(solved, (set, frozenset, dict)) else set(solved)   # a record's: no copy
    unsolved = [p for p in fresh if p.id not in done]
    choices = unsolved or fresh
    choices.sort(key=lambda p: (abs(rating_of(p, ratings) - player), p.id))
    near = [p for p in choices[:CLOSEST] if abs(rating_of(p, ratings) - player) <= WINDOW]
    return rng.choice(near or choices[:2])


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
        if isinstance(source, Path):
            text = read_text(source, limit=MAX_FILE, what="the puzzle file")
        else:  # inside an installed package that is not a folder (a zip)
            data = source.read_bytes()
            if len(data) > MAX_FILE:
                return [], [], f"the puzzle file {name} is too large to be ours"
            text = data.decode("utf-8", "replace")
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
                _loaded[key] = found
        return list(found[0]), list(found[1]), found[2]
