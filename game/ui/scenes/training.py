"""Training: the menu's one door to the puzzles, the player's own mistakes as exercises, and
their record against the levels.

One entry in the main menu rather than three keeps the menu within a small window, and
the record is reachable from the first day (it has its own empty state).  The number of
exercises due is read in a thread: the window never waits on the disk.
"""

from __future__ import annotations

import threading
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from .. import theme
from ..geometry import centered_column
from ..menu_items import add_menu_item
from ..page import Page
from ..scene import register
from ..widgets import Button, FocusGroup

if TYPE_CHECKING:
    from ..layout_check import Box

TITLE = "Training"
SUBTITLE = "Puzzles, your own mistakes and your record"
FOOTER = "Up/Down or Tab choose · Enter opens · Esc goes back"
CHOICES = (
    ("puzzles", "Puzzles", "Find the one move that wins, crowns or saves the game"),
    ("mistakes", "Practise your mistakes", "Your mistakes and blunders from analysed games"),
    ("record", "Your record", "Your results against each level, and your strength"),
)


def _count_due() -> int | None:
    """The number of exercises due; None when they cannot be read (said as "not available")."""
    try:
        from ...training.exercises import due_exercises

        return len(due_exercises())
    except Exception:
        return None


def _none_due_note() -> str:
    """The note when none is due: how exercises are made, or when the next one is due."""
    from ...training.exercises import nothing_due_note

    return nothing_due_note()


def _counted() -> tuple[int | None, str]:
    """The count of exercises due and, when it is 0, what the note says instead."""
    due = _count_due()
    return due, _none_due_note() if due == 0 else ""


# the notes "None due…" may be (the layout fits the longest): a new player's, and one with exercises waiting
NONE_DUE = ("None due: a game report makes them from your mistakes", "None due now: the next in about 23 hours",
            "None due: all 300 solved twice")


@register("training")
class TrainingScene(Page):
    footer = FOOTER

    def enter(self) -> None:
        self.due: int | str | None = "reading"   # the number of exercises due, once read
        self.none_due = NONE_DUE[0]               # the note when it is 0 (when the next is due)
        self.buttons: list[Button] = []
        for key, label, _ in CHOICES:
            b = Button(label, partial(self.open, key), primary=key == "puzzles")
            b.key, b.name = key, f"entry:{key}"
            self.buttons.append(b)
        self.back_button = Button("Back", self.back)
        self.back_button.name = "back"
        self.focus = FocusGroup(self.buttons + [self.back_button])
        self._count()
        self.resize(self.size)

    def uncovered(self, result: object = None) -> None:
        self._count()  # an exercise solved twice is no longer due: count again

    def _count(self) -> None:
        """Count the exercises due in a thread; each count has a list of its own, so a slow
        earlier count can never land in a later one's place."""
        self.due = "reading"
        result: list[tuple[int | None, str]] = []
        self._result = result
        threading.Thread(target=lambda: result.append(_counted()), daemon=True, name="training-due").start()

    def update(self, dt: float) -> None:
        if self._result and self.due == "reading":
            self.due, note = self._result[0]
            self.none_due = note or NONE_DUE[0]

    def wants_redraw(self) -> bool:
        return self.due == "reading"  # until the count is in

    def open(self, key: str) -> None:
        if key == "puzzles":
            self.app.push("puzzles")
        elif key == "mistakes":
            self.app.push("puzzles", exercises=True)
        else:
            self.app.push("record")

    def note(self, key: str) -> str:
        """The line under a choice."""
        if key == "mistakes":
            if self.due == "reading":
                return "Counting your exercises…"
            if self.due is None:
                return "Your exercises cannot be read just now"
            if self.due == 0:
                return self.none_due  # to a player with exercises waiting, when the next is due
            return f"{self.due} exercise{'s' if self.due != 1 else ''} due"
        return next(text for k, _, text in CHOICES if k == key)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        margin = theme.margin(size)
        room = w - 2 * margin
        self.title_size = theme.fit_text(TITLE, max(36, min(110, w // 16, h // 9)), room, bold=True)
        self.subtitle_size = max(16, theme.fit_text(SUBTITLE, max(18, min(40, h // 26)), room))
        title_h = theme.font(self.title_size, True).get_height()
        sub_h = theme.font(self.subtitle_size).get_height()
        bw = max(min(room, 380), min(900, int(w * 0.45)))
        bh = max(28, min(84, h // 12))
        notes = [text for _, _, text in CHOICES] + list(NONE_DUE)
        self.note_size = max(theme.smallest_size(), min(theme.fit_text(t, min(30, bh * 2 // 5), bw) for t in notes))
        note_h = theme.font(self.note_size).get_height()
        gap = max(6, bh // 5)
        top = margin
        heights = []
        for _ in self.buttons:
            heights += [bh, note_h]
        heights.append(bh)  # Back
        block = title_h + sub_h + gap * 2 + sum(heights) + gap * len(heights)
        top = max(margin, (self.footer_rect.y - block) // 2)
        self.title_rect = pygame.Rect(margin, top, room, title_h)
        self.subtitle_rect = pygame.Rect(margin, self.title_rect.bottom, room, sub_h)
        rects = centered_column(size, bw, heights, gap, top=self.subtitle_rect.bottom + gap * 2)
        self.note_rects: dict[str, pygame.Rect] = {}
        for i, b in enumerate(self.buttons):
            b.rect = rects[2 * i]
            self.note_rects[str(b.key)] = rects[2 * i + 1]
        self.back_button.rect = rects[-1]

    def layout_boxes(self) -> list[Box]:
        from ..layout_check import Box

        notes = [Box(f"note:{k}", r, self.note(k), self.note_size) for k, r in self.note_rects.items()]
        return [Box("title", self.title_rect, TITLE, self.title_size, bold=True),
                Box("subtitle", self.subtitle_rect, SUBTITLE, self.subtitle_size),
                *self.focus.text_boxes("entry"), *notes, self.footer_box()]

    def handle_event(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.focus.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:

        theme.gradient_background(surface)
        theme.blit_text(surface, TITLE, self.title_size, theme.TEXT, self.title_rect.center, "center", bold=True)
        theme.blit_text(surface, SUBTITLE, self.subtitle_size, theme.TEXT_DIM, self.subtitle_rect.center, "center")
        self.focus.draw(surface)
        for key, rect in self.note_rects.items():
            theme.blit_text(surface, self.note(key), self.note_size, theme.TEXT_DIM, rect.center, "center")
        self.draw_footer(surface)


add_menu_item("training", "Training", lambda app: app.push("training"), order=45)
