"""Where the engine's data files (endgame database, book, patterns) are:
the installed package game.assets, or the checkout's assets/ folder."""

from __future__ import annotations

import importlib.resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

__all__ = ["path", "problems", "report", "take_problems"]


def path(name: str) -> Traversable | Path:
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


# -- damaged files ------------------------------------------------------------
# A shipped file that cannot be used (damaged, not ours) never stops the
# game: its loader reports it here once, and play goes on without it.  The
# messages are logged and kept for the screens to show (take_problems()).

_reported: dict[str, str] = {}   # file name -> message (each file is reported once)
_unshown: list[str] = []    # messages not yet taken by a screen


def report(name: str, message: str) -> None:
    """Log once that the shipped file ``name`` cannot be used (``message``
    says why and what the engine does instead)."""
    if name in _reported:
        return
    _reported[name] = message
    _unshown.append(message)
    import logging
    logging.getLogger("game.engine").warning("%s", message)


def problems() -> dict[str, str]:
    """{file name: message} of every shipped file reported so far."""
    return dict(_reported)


def take_problems() -> list[str]:
    """The messages not yet shown (one line each), and forget them."""
    out = list(_unshown)
    del _unshown[:]
    return out
