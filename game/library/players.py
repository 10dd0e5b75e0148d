"""Who played a saved game, as the game can set them up again to continue it."""

import re

_COMPUTER = re.compile(r"\AComputer(?: \((?P<level>[^()]{1,40})\))?\Z")


def players_of(tags):
    """``{"black": None | level name, "white": ...}`` (None: a human), or None when unknown.

    The game saves players as ``Human`` and ``Computer (Master)`` with
    ``BlackLevel``/``WhiteLevel`` tags; a game between people with real names
    (an imported collection) is not ours to continue with a computer, so its
    players are unknown.
    """
    out = {}
    for side, tag in (("black", "Black"), ("white", "White")):
        name = str(tags.get(tag, "")).strip()
        level = str(tags.get(f"{tag}Level", "")).strip()
        if name == "Human":
            out[side] = None
            continue
        m = _COMPUTER.match(name)
        if m is None:
            return None
        level = level or (m.group("level") or "")
        if not level:
            return None
        out[side] = level
    return out
