"""Text from a user's file made safe to keep and draw: printable, bounded."""

from __future__ import annotations

import unicodedata

MAX_FIELD = 80


def clean(value: object, limit: int = MAX_FIELD) -> str:
    """``value`` as one printable line of at most ``limit`` characters.

    Control characters (NUL, escapes, line breaks) are dropped, runs of spaces
    become one: a tag from a hostile file can neither break a row nor cost a
    font renderer megabytes.  An unpaired surrogate (a byte of a file name that
    is not UTF-8, as ``os.fsdecode`` gives it) is shown as ``?``, so the name
    can still be told apart and drawn.
    """
    text = str(value if value is not None else "")[: limit * 4]
    if len(text) <= limit and text.isprintable() and "  " not in text:
        return text.strip()  # the usual tag: nothing to drop
    out: list[str] = []
    for ch in text:
        if ch.isspace():
            if out and out[-1] != " ":
                out.append(" ")
            continue
        cat = unicodedata.category(ch)
        if cat == "Cs":
            out.append("?")
            continue
        if cat in ("Cc", "Cf", "Co", "Cn"):
            continue
        out.append(ch)
    text = "".join(out).strip()
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text
