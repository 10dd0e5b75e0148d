"""The main menu: a column of entries from ``game.ui.menu_items``."""

import pygame

from .. import theme
from ..geometry import centered_column
from ..menu_items import visible_items
from ..scene import Scene, register
from ..widgets import Button, FocusGroup


@register("menu")
class MenuScene(Scene):
    def enter(self):
        self._build()

    def uncovered(self, result=None):
        self._build()  # an entry's condition may have changed (a game saved, settings)

    def _build(self):
        focus_key = None
        if getattr(self, "focus", None) is not None and self.focus.focused is not None:
            focus_key = getattr(self.focus.focused, "key", None)
        self.items = visible_items(self.app)
        self.buttons = []
        for item in self.items:
            b = Button(item.label, (lambda it=item: it.action(self.app)), primary=item.primary)
            b.key = item.key
            self.buttons.append(b)
        self.focus = FocusGroup(self.buttons)
        for i, b in enumerate(self.buttons):
            if b.key == focus_key:
                self.focus.focus = i
        self.resize(self.size)

    def resize(self, size):
        super().resize(size)
        if not hasattr(self, "buttons"):
            return
        w, h = size
        bw = max(260, min(420, w // 3))
        bh = max(44, min(60, h // 13))
        gap = bh // 3
        self.title_y = max(40, h // 2 - (len(self.buttons) * (bh + gap)) // 2 - bh * 2 - 20)
        top = self.title_y + int(bh * 2.4)
        rects = centered_column(size, bw, [bh] * len(self.buttons), gap, top=top)
        for b, r in zip(self.buttons, rects):
            b.rect = r

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return
        self.focus.handle_event(event)

    def draw(self, surface):
        theme.gradient_background(surface)
        w, h = self.size
        bh = self.buttons[0].rect.height if self.buttons else 50
        title_size = max(48, min(104, w // 11))
        self._draw_emblem(surface, (w // 2, self.title_y - title_size // 6), title_size)
        theme.blit_text(surface, "Checkers", title_size, theme.TEXT, (w // 2, self.title_y + title_size // 2),
                        "center", bold=True)
        theme.blit_text(surface, "English draughts", max(18, title_size // 3), theme.TEXT_DIM,
                        (w // 2, self.title_y + title_size + bh // 4), "center")
        self.focus.draw(surface)
        theme.blit_text(surface, "Arrows to choose · Enter to select · Esc to quit", 20, theme.TEXT_FAINT,
                        (w // 2, h - 24), "center")

    def _draw_emblem(self, surface, centre, size):
        # two overlapping pieces above the title: the game at a glance
        r = max(10, size // 4)
        cx, cy = centre
        cy -= r
        for dx, fill, edge in ((-r * 0.55, theme.WHITE_PIECE, theme.WHITE_PIECE_EDGE),
                               (r * 0.55, theme.BLACK_PIECE, (90, 90, 96))):
            c = (int(cx + dx), int(cy))
            pygame.draw.circle(surface, (10, 10, 12), (c[0], c[1] + 3), r)
            pygame.draw.circle(surface, fill, c, r)
            pygame.draw.circle(surface, edge, c, int(r * 0.7), 2)
