"""What the online screens share: a title, lines of text, and a column of widgets under them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ... import theme
from ...geometry import centered_column
from ...line_edit import edited
from ...page import Page
from ...widgets import FocusGroup, Widget

if TYPE_CHECKING:
    from ...layout_check import Box


class FormPage(Page):
    title = ""
    footer = "Up/Down or Tab move · Enter chooses · Esc goes back"

    def build(self) -> list[Widget]:
        """The widgets, top to bottom."""
        return []

    def lines(self) -> list[str]:
        """The paragraphs under the title, each wrapped to the width; one starting "!" is an error (DANGER)."""
        return []

    def enter(self) -> None:
        self.widgets = self.build()
        self.focus = FocusGroup(self.widgets)
        super().enter()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        margin = theme.margin(size)
        self.title_size = max(30, min(90, w // 18, h // 11))
        self.title_rect = pygame.Rect(margin, int(h * 0.06), w - 2 * margin,
                                      theme.font(self.title_size, True).get_height())
        bw = min(w - 2 * margin, max(320, min(760, int(w * 0.5))))
        bh = max(28, min(64, h // 14))
        gap = max(4, bh // 4)
        column = len(self.widgets) * bh + (len(self.widgets) - 1) * gap
        text_w = min(w - 2 * margin, max(bw, min(1100, int(w * 0.7))))
        top = self.title_rect.bottom + margin
        room = self.footer_rect.y - margin - column - margin - top   # what the paragraphs may take
        # the largest text whose paragraphs fit above the buttons, never below a readable size
        for self.line_size in range(max(16, min(30, h // 30)), 15, -1):
            if self._paragraphs_height(text_w) <= room:
                break
        self.paragraph_rects = []
        y = top
        for text in self.lines():
            height = theme.wrapped_height(text.lstrip("!"), self.line_size, text_w)
            self.paragraph_rects.append(pygame.Rect((w - text_w) // 2, y, text_w, height))
            y += height + self.line_size // 2
        start = max(y + margin, min(int(h * 0.12) + theme.font(self.title_size, True).get_height()
                                    + 6 * (self.line_size + 6), h // 2))   # the column stays where it was
        start = min(start, self.footer_rect.y - margin - column)
        rects = centered_column(size, bw, [bh] * len(self.widgets), gap, top=max(y + margin // 2, start))
        for widget, rect in zip(self.widgets, rects):
            widget.rect = pygame.Rect(rect)

    def _paragraphs_height(self, width: int) -> int:
        texts = [t.lstrip("!") for t in self.lines()]
        return sum(theme.wrapped_height(t, self.line_size, width) + self.line_size // 2 for t in texts)

    def layout_boxes(self) -> list[Box]:
        from ...layout_check import Box

        boxes = [Box("title", self.title_rect, self.title, self.title_size, bold=True)]
        for i, (text, rect) in enumerate(zip(self.lines(), self.paragraph_rects)):
            boxes.append(Box(f"paragraph{i}", rect, text.lstrip("!"), self.line_size, wrap=True))
        return boxes + self.focus.text_boxes("widget") + [self.footer_box()]

    def handle_event(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        # typing goes to the focused text field alone (Backspace and Ctrl+V too), never to every field
        focused = self.focus.focused
        if event.type in (pygame.TEXTINPUT, pygame.KEYDOWN) and isinstance(focused, TextField):
            if focused.handle_event(event):
                return
        if event.type == pygame.TEXTINPUT:
            return
        self.focus.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme.gradient_background(surface)
        title = theme.elide(self.title, self.title_size, self.title_rect.width, True)
        theme.blit_text(surface, title, self.title_size, theme.TEXT, self.title_rect.midtop, "midtop", bold=True)
        for text, rect in zip(self.lines(), self.paragraph_rects):
            colour = theme.DANGER if text.startswith("!") else theme.TEXT_DIM
            theme.blit_wrapped(surface, text.lstrip("!"), rect, self.line_size, colour)
        self.focus.draw(surface)
        self.draw_footer(surface)


class TextField(Widget):
    """A one-line text box: typing, Backspace, Ctrl+V pastes; at most ``limit`` characters."""

    def __init__(self, label: str, text: str = "", limit: int = 120) -> None:
        super().__init__()
        self.label, self.text, self.limit = label, text, limit

    def handle_event(self, event: Any) -> bool:
        text = edited(self.text, event, self.limit)
        if text is None:
            return False
        self.text = text
        return True

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def _sizes(self) -> tuple[int, int]:
        size = max(16, self.rect.height * 2 // 5)   # 16: the least the layout check reads as readable
        return size, self.rect.height // 4

    def text_boxes(self, name: str) -> list[Box]:
        from ...layout_check import Box

        size, pad = self._sizes()
        label_w = theme.text_size(self.label, size)[0]
        label = pygame.Rect(self.rect.x + pad, self.rect.y + 2, label_w, self.rect.height - 4)
        shown = self.shown(False)
        field = pygame.Rect(label.right + pad, label.y, self.rect.right - pad - (label.right + pad), label.height)
        return [Box(f"{name}.label", label, self.label, size, parent=name),
                *([Box(f"{name}.text", field, shown, size, parent=name)] if shown else [])]

    def shown(self, focused: bool) -> str:
        """The end of the text that fits (with the caret when focused)."""
        size, pad = self._sizes()
        room = self.rect.right - (self.rect.x + pad + theme.text_size(self.label, size)[0]) - 2 * pad
        shown = self.text + ("|" if focused else "")
        while shown and theme.font(size).size(shown)[0] > room:
            shown = shown[1:]   # the end of a long line stays in view
        return shown

    def activate(self) -> None:
        pass

    def step(self, delta: int) -> bool:
        return False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.FOCUS_RING if focused else theme.PANEL_EDGE, self.rect, 2, border_radius=6)
        size, pad = self._sizes()
        label = theme.blit_text(surface, self.label, size, theme.TEXT_DIM, (self.rect.x + pad, self.rect.centery),
                                "midleft")
        theme.blit_text(surface, self.shown(focused), size, theme.TEXT, (label.right + pad, self.rect.centery),
                        "midleft")
