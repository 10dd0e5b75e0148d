"""A centred card with a title, a line of text and a row of buttons: the base of every overlay."""

import pygame

from . import theme
from .scene import Scene
from .widgets import Button, FocusGroup


class DialogScene(Scene):
    overlay = True
    dim = 150

    title = ""
    message = ""
    accent = theme.ACCENT

    def buttons(self):
        """[(label, callable, primary)] — override."""
        return []

    def cancel(self):
        """Esc: close the dialog."""
        self.app.pop()

    def enter(self):
        self.widgets = [Button(label, fn, primary=primary) for label, fn, primary in self.buttons()]
        self.focus = FocusGroup(self.widgets)
        self.resize(self.size)

    def resize(self, size):
        super().resize(size)
        if not hasattr(self, "widgets"):
            return
        w, h = size
        n = max(1, len(self.widgets))
        bh = max(42, min(52, h // 15))
        bw = max(130, min(180, (w - 120) // n))
        gap = bh // 3
        cw = max(440, min(w - 40, n * bw + (n - 1) * gap + 80))
        ch = bh * 5
        self.card = pygame.Rect((w - cw) // 2, (h - ch) // 2, cw, ch)
        total = n * bw + (n - 1) * gap
        x = self.card.centerx - total // 2
        for b in self.widgets:
            b.rect = pygame.Rect(x, self.card.bottom - bh - bh * 2 // 3, bw, bh)
            x += bw + gap

    def wants_redraw(self):
        return False  # changes only on events

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.focus.move(-1 if event.key == pygame.K_LEFT else 1)
            return
        self.focus.handle_event(event)

    def draw(self, surface):
        card = self.card
        radius = 14
        pygame.draw.rect(surface, (8, 10, 14), card.move(0, 6), border_radius=radius)
        pygame.draw.rect(surface, theme.PANEL, card, border_radius=radius)
        pygame.draw.rect(surface, self.accent, pygame.Rect(card.x, card.y, card.width, 6),
                         border_top_left_radius=radius, border_top_right_radius=radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, card, 1, border_radius=radius)
        title_size = theme.fit_text(self.title, 50, card.width - 40, bold=True)
        theme.blit_text(surface, self.title, title_size, theme.TEXT, (card.centerx, card.y + card.height // 5 + 4),
                        "center", bold=True)
        if self.message:
            size = theme.fit_text(self.message, 27, card.width - 40)
            theme.blit_text(surface, self.message, size, theme.TEXT_DIM,
                            (card.centerx, card.y + card.height * 2 // 5 + 8), "center")
        self.focus.draw(surface)
