"""One line of typed text, as every short field of the window edits it: printable characters typed
or pasted (Ctrl+V, the clipboard's first line) are added at the end, Backspace takes the last one
off, and the line never grows past its limit."""

from __future__ import annotations

from typing import Any

import pygame


def clipboard_line(limit: int) -> str:
    """The clipboard's first non-blank line, cut to ``limit`` characters ("" when there is none)."""
    try:
        text = pygame.scrap.get_text() if hasattr(pygame.scrap, "get_text") else ""
    except Exception:  # no clipboard on this system
        return ""
    lines = (text or "").strip().splitlines()
    return "".join(ch for ch in lines[0] if ch.isprintable())[:limit] if lines else ""


def edited(text: str, event: Any, limit: int) -> str | None:
    """``text`` after ``event`` (typing, Backspace, Ctrl+V), or None when the event is not an edit."""
    if event.type == pygame.TEXTINPUT:
        return (text + "".join(ch for ch in event.text if ch.isprintable()))[:limit]
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_BACKSPACE:
            return text[:-1]
        if event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return (text + clipboard_line(limit))[:limit]
    return None
