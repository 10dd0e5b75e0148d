"""Checking a screen's layout at any window size: nothing overlaps, is cut off or unreadable.

A scene joins by defining ``layout_boxes()``: a list of ``Box`` for what it
draws at its current size (its ``resize`` has run), e.g.::

    def layout_boxes(self):
        return [Box("title", self.title_rect, "Settings", self.title_size, bold=True),
                *self.focus.text_boxes(),            # every widget and the texts inside it
                Box("footer", self.footer_rect, FOOTER, self.footer_size)]

A box is a name, a rect, and optionally the text drawn in it (with its
nominal theme size, bold, ``wrap=True`` for text wrapped to the rect's
width, ``tabular=True`` for tabular digits).  Boxes with the same
``parent`` (None for the screen itself) must not overlap each other; a box
with a parent must lie inside it (a label in a button, a button in a
panel); every box must lie inside the window; every text must fit its box
and be at least ``MIN_TEXT_PX`` real pixels tall.

``problems(boxes, size)`` lists what is wrong in words; ``check_scene(scene)``
resizes a scene to each size of ``SIZES`` and collects its problems.  Both
need pygame's font module initialised (an ``App`` does it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple, Protocol

import pygame

from . import theme


class LaidOut(Protocol):
    """A scene the check can lay out: its name, its size, ``resize`` and its boxes."""

    name: str
    size: tuple[int, int]

    def resize(self, size: tuple[int, int]) -> None: ...

    def layout_boxes(self) -> list[Box]: ...

# the window sizes every screen is designed for, smallest (the window's minimum) first
SIZES = ((720, 520), (1024, 768), (1280, 800), (1920, 1080), (2560, 1440))
MIN_TEXT_PX = 11  # smaller than this is not readable on an ordinary screen


class Box(NamedTuple):
    """One thing a screen draws: where (``rect``), and its text at its nominal ``size`` if any."""

    name: str
    rect: Any                    # a pygame.Rect or an (x, y, w, h) tuple
    text: str | None = None
    size: int | None = None
    bold: bool = False
    parent: str | None = None    # the box it must lie inside
    wrap: bool = False           # the text is wrapped to the box's width
    tabular: bool = False        # the text's digits are drawn at one width


def text_extent(box: Box) -> tuple[int, int]:
    """(width, height) the box's text takes at its size (none without a size)."""
    if box.size is None:
        return 0, 0
    if box.wrap:
        lines = theme.wrap(box.text, box.size, max(1, box.rect.width), box.bold)
        f = theme.font(box.size, box.bold)
        width = max((f.size(ln)[0] for ln in lines), default=0)
        return width, len(lines) * f.get_linesize()
    width, height = theme.text_size(box.text, box.size, box.bold, box.tabular)
    return int(width), int(height)


def problems(boxes: Iterable[Box], size: tuple[int, int], min_text_px: int = MIN_TEXT_PX) -> list[str]:
    """What is wrong with a layout of ``boxes`` in a window of ``size``: a list of sentences."""
    window = pygame.Rect(0, 0, *size)
    found: list[str] = []
    by_name: dict[str, Box] = {}
    for b in boxes:
        rect = pygame.Rect(b.rect)
        if b.name in by_name:
            found.append(f"two boxes are both called {b.name!r}")
        by_name[b.name] = b._replace(rect=rect)
    for b in by_name.values():
        r = b.rect
        if r.width <= 0 or r.height <= 0:
            found.append(f"{b.name} has no room ({r.width}x{r.height})")
            continue
        if not window.contains(r):
            found.append(f"{b.name} {tuple(r)} is cut off by the window {size[0]}x{size[1]}")
        if b.parent is not None:
            parent = by_name.get(b.parent)
            if parent is None:
                found.append(f"{b.name} is inside {b.parent!r}, which is not a box")
            elif not parent.rect.contains(r):
                found.append(f"{b.name} {tuple(r)} sticks out of {b.parent} {tuple(parent.rect)}")
        if b.text:
            if b.size is None:
                found.append(f"{b.name} has a text but no size")
                continue
            px = theme.pixel_size(b.size)
            if px < min_text_px:
                found.append(f"{b.name} text {b.text!r} is {px} px tall (at least {min_text_px} to be readable)")
            w, h = text_extent(b)
            if w > r.width or h > r.height:
                found.append(f"{b.name} text {theme.clean(b.text, 60)!r} needs {w}x{h} but has {r.width}x{r.height}")
    siblings: dict[str | None, list[Box]] = {}
    for b in by_name.values():
        siblings.setdefault(b.parent, []).append(b)
    for group in siblings.values():
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                if a.rect.colliderect(b.rect):
                    found.append(f"{a.name} {tuple(a.rect)} overlaps {b.name} {tuple(b.rect)}")
    return found


def check_scene(scene: LaidOut, sizes: Iterable[tuple[int, int]] = SIZES, min_text_px: int = MIN_TEXT_PX) -> list[str]:
    """Resize ``scene`` to each size and list every problem, each prefixed with the size."""
    found: list[str] = []
    original = scene.size
    try:
        for size in sizes:
            scene.resize(size)
            found += [f"{scene.name} at {size[0]}x{size[1]}: {p}"
                      for p in problems(scene.layout_boxes(), size, min_text_px)]
    finally:
        scene.resize(original)
    return found
