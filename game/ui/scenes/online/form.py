"""What the online screens share: a title, lines of text, and a column of widgets under them."""

import pygame

from ... import theme
from ...geometry import centered_column
from ...page import Page
from ...widgets import FocusGroup


class FormPage(Page):
    title = ""
    footer = "Up/Down or Tab move · Enter chooses · Esc goes back"

    def build(self):
        """The widgets, top to bottom."""
        return []

    def lines(self):
        """The text under the title (a list of lines; the first may be an error in DANGER)."""
        return []

    def enter(self):
        self.widgets = self.build()
        self.focus = FocusGroup(self.widgets)
        super().enter()

    def resize(self, size):
        super().resize(size)
        w, h = size
        self.title_size = max(30, min(90, w // 18, h // 11))
        self.line_size = max(16, min(30, h // 30))
        bw = max(320, min(760, int(w * 0.5)))
        bh = max(28, min(64, h // 14))
        top = int(h * 0.12) + theme.font(self.title_size, True).get_height() + 6 * (self.line_size + 6)
        rects = centered_column(size, bw, [bh] * len(self.widgets), max(4, bh // 4), top=min(top, h // 2))
        for widget, rect in zip(self.widgets, rects):
            widget.rect = pygame.Rect(rect)

    def handle_event(self, event):
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

    def draw(self, surface):
        theme.gradient_background(surface)
        w, h = self.size
        theme.blit_text(surface, self.title, self.title_size, theme.TEXT, (w // 2, int(h * 0.06)), "midtop", bold=True)
        y = int(h * 0.06) + theme.font(self.title_size, True).get_height() + 8
        for line in self.lines()[:6]:
            colour = theme.DANGER if line.startswith("!") else theme.TEXT_DIM
            text = theme.elide(line.lstrip("!"), self.line_size, w - 2 * theme.margin(self.size))
            theme.blit_text(surface, text, self.line_size, colour, (w // 2, y), "midtop")
            y += self.line_size + 6
        self.focus.draw(surface)
        self.draw_footer(surface)


class TextField:
    """A one-line text box: typing, Backspace, Ctrl+V pastes; at most ``limit`` characters."""

    focusable = True
    visible = True
    enabled = True

    def __init__(self, label, text="", limit=120):
        self.label, self.text, self.limit = label, text, limit
        self.rect = pygame.Rect(0, 0, 0, 0)

    def handle_event(self, event):
        if event.type == pygame.TEXTINPUT:
            self.text = (self.text + "".join(ch for ch in event.text if ch.isprintable()))[:self.limit]
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                return True
            if event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.text = (self.text + pasted())[:self.limit]
                return True
        return False

    def hit(self, pos):
        return self.rect.collidepoint(pos)

    def activate(self):
        pass

    def step(self, delta):
        pass

    def draw(self, surface, focused=False):
        pygame.draw.rect(surface, theme.PANEL, self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.FOCUS_RING if focused else theme.PANEL_EDGE, self.rect, 2, border_radius=6)
        size = max(14, self.rect.height * 2 // 5)
        pad = self.rect.height // 4
        label = theme.blit_text(surface, self.label, size, theme.TEXT_DIM, (self.rect.x + pad, self.rect.centery),
                                "midleft")
        room = self.rect.right - label.right - 2 * pad
        shown = self.text + ("|" if focused else "")
        while shown and theme.font(size).size(shown)[0] > room:
            shown = shown[1:]   # the end of a long line stays in view
        theme.blit_text(surface, shown, size, theme.TEXT, (label.right + pad, self.rect.centery), "midleft")


def pasted():
    """The clipboard's text (one line, at most 300 characters), "" when there is none."""
    try:
        text = pygame.scrap.get_text() if hasattr(pygame.scrap, "get_text") else ""
    except Exception:   # no clipboard on this system
        return ""
    return (text or "").strip().splitlines()[0][:300] if (text or "").strip() else ""
