"""A centred card with a title, a line of text and a row of buttons: the base of every overlay."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from . import theme
from .scene import Scene
from .widgets import Button, FocusGroup, same_size

if TYPE_CHECKING:
    from .layout_check import Box


class DialogScene(Scene):
    overlay = True
    dim = 150

    title = ""
    message = ""
    note = ""  # a faint line under the buttons, e.g. "Esc to look at the board"
    accent = theme.ACCENT

    def buttons(self) -> list[tuple[str, Callable[[], Any], bool]]:
        """[(label, callable, primary)] — override."""
        return []

    def cancel(self) -> None:
        """Esc: close the dialog."""
        self.app.pop()

    def enter(self) -> None:
        self.widgets: list[Button] = [Button(label, fn, primary=primary) for label, fn, primary in self.buttons()]
        self.focus = FocusGroup(self.widgets)
        self.resize(self.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        n = max(1, len(self.widgets))
        bh = max(32, min(80, h // 14))
        gap = bh // 3
        pad = max(16, min(40, h // 22))
        cw = max(min(w - 24, 360), min(w - 40, max(560, w // 3)))
        bw = max(90, min(320, (cw - 2 * pad - (n - 1) * gap) // n))
        inner = cw - 2 * pad
        # a title too long to fit at a readable size is cut short, never shrunk to nothing
        title_size = max(30, min(84, h // 12))
        self.title_size = theme.fit_text(self.title, title_size, inner, bold=True)
        self.title_text = self.title
        if self.title_size < 24:
            self.title_size = 24
            self.title_text = theme.elide(self.title, 24, inner, bold=True)
        title_h = theme.font(self.title_size, True).get_height()
        self.message_size = max(18, min(44, h // 24))
        self.note_size = max(16, min(26, h // 36))
        note_h = theme.font(self.note_size).get_height() if self.note else 0
        fixed = pad + 6 + title_h + gap + gap * 2 + bh + pad + note_h
        line = theme.font(self.message_size).get_linesize()
        lines = theme.wrap(self.message, self.message_size, inner) if self.message else []
        room = max(1, (h - 8 - fixed) // line)
        if len(lines) > room:  # a message longer than the window: its end is cut, marked with an ellipsis
            lines = lines[:room - 1] + [theme.elide(" ".join(lines[room - 1:]), self.message_size, inner)]
        self.message_lines: list[str] = lines
        message_h = len(lines) * line
        ch = pad + 6 + title_h + (gap + message_h if lines else 0) + gap * 2 + bh + pad + note_h
        ch = min(ch, h - 8)
        self.card = pygame.Rect((w - cw) // 2, (h - ch) // 2, cw, ch)
        y = self.card.y + pad + 6
        self.title_rect = pygame.Rect(self.card.x + pad, y, cw - 2 * pad, title_h)
        y += title_h + gap
        self.message_rect = pygame.Rect(self.card.x + pad, y, cw - 2 * pad, message_h)
        total = n * bw + (n - 1) * gap
        x = self.card.centerx - total // 2
        for b in self.widgets:
            b.rect = pygame.Rect(x, self.card.bottom - pad - bh - note_h, bw, bh)
            x += bw + gap
        same_size(self.widgets)  # one text size along the row (a bold primary label is no smaller)
        self.note_rect = pygame.Rect(self.card.x + pad, self.card.bottom - pad // 2 - note_h, cw - 2 * pad,
                                     max(1, note_h))

    def layout_boxes(self) -> list[Box]:
        from .layout_check import Box

        boxes = [Box("card", self.card),
                 Box("title", self.title_rect, self.title_text, self.title_size, bold=True, parent="card")]
        if self.message_lines:
            boxes.append(Box("message", self.message_rect, " ".join(self.message_lines), self.message_size,
                             wrap=True, parent="card"))
        if self.note:
            boxes.append(Box("note", self.note_rect, self.note, self.note_size, parent="card"))
        for i, b in enumerate(self.widgets):
            name = f"button{i}"
            boxes.append(Box(name, b.rect, parent="card"))
            boxes += [t._replace(parent=name) for t in b.text_boxes(name)]
        return boxes

    def wants_redraw(self) -> bool:
        return False  # changes only on events

    def handle_event(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.focus.move(-1 if event.key == pygame.K_LEFT else 1)
            return
        self.focus.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        card = self.card
        radius = 14
        pygame.draw.rect(surface, (8, 10, 14), card.move(0, 6), border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL, card, border_radius=radius)
        pygame.draw.rect(surface, self.accent, pygame.Rect(card.x, card.y, card.width, 6),
                         border_top_left_radius=radius, border_top_right_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, card, 1, border_radius=radius)
        theme.blit_text(surface, self.title_text, self.title_size, theme.TEXT, self.title_rect.midtop, "midtop",
                        bold=True)
        y = self.message_rect.y
        for ln in self.message_lines:
            theme.blit_text(surface, ln, self.message_size, theme.TEXT_DIM, (self.message_rect.centerx, y), "midtop")
            y += theme.font(self.message_size).get_linesize()
        if self.note:
            theme.blit_text(surface, self.note, self.note_size, theme.TEXT_FAINT, self.note_rect.center, "center")
        self.focus.draw(surface)
