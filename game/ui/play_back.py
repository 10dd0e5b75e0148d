"""Where a game goes back to when it is left: the screens it was started from.

A game started from the library, or from a game shown in Review (the library's or
Your record's), is left back to that screen, as the player saw it: the scenes
under "Who plays?" are noted by name and parameters (``trail_of``) and opened
again in order (``go_back``), Review at the move play went on from.  A game
started anywhere else (the menu's screens, set-up, a game in play) goes back to
the menu, as before.  The screens are opened anew rather than kept under the
game: nothing of theirs (a live analysis, the library's reading) runs meanwhile.
"""

from __future__ import annotations

from typing import Any

Trail = tuple[tuple[str, dict[str, Any]], ...]

# the screens a game may go back through; the last must be one a game is started from
RETURNABLE = ("menu", "load", "record", "review")
STARTED_FROM = ("load", "review")
WORDS = {"load": "the library", "review": "the review"}


def trail_of(scenes: Any) -> Trail:
    """The screens ``scenes`` (bottom first) as (name, params) to open again, or () when a game started
    over them goes back to the menu."""
    trail = []
    for scene in scenes:
        name = getattr(scene, "name", None)
        if name not in RETURNABLE:
            return ()
        params = dict(getattr(scene, "params", {}) or {})
        if name == "review" and isinstance(getattr(scene, "ply", None), int):
            params["ply"] = scene.ply  # the move play went on from
        trail.append((name, params))
    if not trail or trail[-1][0] not in STARTED_FROM:
        return ()
    return tuple(trail)


def back_words(trail: Trail) -> str | None:
    """Where leaving goes, in a player's words ("the library"), or None for the menu."""
    return WORDS.get(trail[-1][0]) if trail else None


def go_back(app: Any, trail: Trail) -> None:
    """Open the screens of ``trail`` again (the first replaces everything), else the menu."""
    if not trail:
        app.switch("menu")
        return
    (first, params), rest = trail[0], trail[1:]
    app.switch(first, **params)
    for name, params in rest:
        app.push(name, **params)
