"""Who plays each side: a person (None) or a computer Level, and the mode that makes.

``players`` is always ``{BLACK: Level | None, WHITE: Level | None}``.  The
mode is derived from it, never kept beside it, so the two cannot disagree.
The mode names and the colour keys are the ones the store writes.
"""

from __future__ import annotations

from ..engine.levels import Level, LevelError, parse_level
from ..rules import BLACK, WHITE
from ..store.autosave import COLOUR_KEYS
from ..store.settings import MODES

__all__ = ["COLOUR_KEYS", "MODES", "DEFAULT_LEVEL", "bottom_colour", "humans_of", "mode_of",
           "level_named", "players_for", "players_from_json", "players_from_keys", "players_to_keys"]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

DEFAULT_LEVEL = "Medium"  # a fair first opponent

Players = dict[int, "Level | None"]  # {BLACK: Level | None, WHITE: ...}


def humans_of(players: Mapping[int, Level | None] | None) -> list[int]:
    """The colours a person plays, Black first."""
    return [c for c in (BLACK, WHITE) if (players or {}).get(c) is None]


def mode_of(players: Mapping[int, Level | None] | None) -> str:
    """"2p" (two people), "1p" (a person against the computer) or "watch" (computer against computer)."""
    return {2: "2p", 1: "1p", 0: "watch"}[len(humans_of(players))]


def players_for(mode: str, human: int = BLACK, level: Level | str | None = None) -> Players:
    """The players of a mode: in "1p" the person plays ``human``; ``level`` (a Level or its spelling)
    is the computer's strength."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; expected one of {', '.join(MODES)}")
    if mode == "2p":
        return {BLACK: None, WHITE: None}
    computer: Level = parse_level(level if level is not None else DEFAULT_LEVEL)
    if mode == "watch":
        return {BLACK: computer, WHITE: computer}
    return {human: None, 1 - human: computer}


def players_to_keys(players: Mapping[int, Level | None] | None) -> dict[str, str]:
    """``{"black": "human" | level spelling, "white": ...}``: players as the store keeps them."""
    chosen = dict(players or {})
    return {COLOUR_KEYS[c]: "human" if (level := chosen.get(c)) is None else level.spec for c in (BLACK, WHITE)}


def players_from_keys(kept: Mapping[str, str | None] | None, default_level: str = DEFAULT_LEVEL) -> Players:
    """Players from ``players_to_keys``' form.  A level that cannot be read (an edited file, a
    level that no longer exists) becomes ``default_level`` rather than losing the game."""
    players: Players = {}
    for c in (BLACK, WHITE):
        value = (kept or {}).get(COLOUR_KEYS[c], "human")
        if value in (None, "human"):
            players[c] = None
            continue
        try:
            players[c] = parse_level(value)
        except LevelError:
            players[c] = parse_level(default_level)
    return players


def level_named(text: Level | str | None, default: Level | str | None = None) -> Level | None:
    """The Level spelt ``text`` (see ``parse_level``); when it cannot be read (a file edited by
    hand), ``default``'s Level, or None without a default."""
    try:
        level: Level = parse_level(text)
    except LevelError:
        if default is None:
            return None
        level = parse_level(default)
    return level


def players_from_json(levels: Mapping[str, str] | None, humans: Iterable[str] | None,
                      default_level: str = DEFAULT_LEVEL) -> Players:
    """Players from an unfinished game's record: its ``levels`` ({"white": "Expert"}) and ``humans``
    (["black"]).  A level that cannot be read becomes ``default_level``."""
    players: Players = {}
    for colour in (BLACK, WHITE):
        key = COLOUR_KEYS[colour]
        players[colour] = None if key in (humans or []) else level_named((levels or {}).get(key, default_level),
                                                                          default_level)
    return players


def bottom_colour(players: Mapping[int, Level | None] | None, orientation: str = "auto") -> int:
    """The side drawn at the bottom of the board: the orientation setting ("black", "white"),
    or with "auto" the person's side when one person plays the computer, else Black."""
    if orientation in ("black", "white"):
        return BLACK if orientation == "black" else WHITE
    humans = humans_of(players)
    return humans[0] if len(humans) == 1 else BLACK
