"""Where the engine's data files (endgame database, book, patterns) are:
the installed package game.assets, or the checkout's assets/ folder."""

from __future__ import annotations

import importlib.resources
from pathlib import Path

__all__ = ["path"]


def path(name):
    """The shipped file ``name``: a Traversable of the installed game.assets
    when it holds the file, else <checkout>/assets/``name`` (which may not
    exist: each loader says what a missing file means)."""
    try:
        p = importlib.resources.files("game.assets").joinpath(name)
        if p.is_file():
            return p
    except (ModuleNotFoundError, TypeError, ValueError, OSError):
        pass
    return Path(__file__).resolve().parents[2] / "assets" / name
