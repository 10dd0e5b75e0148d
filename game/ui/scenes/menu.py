"""The main menu: a column of entries from ``game.ui.menu_items``."""

import pygame

from .. import store_hooks, theme
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
        store_hooks.drop_finished_autosave(self.app)  # a finished game is nothing to Continue
        self.items = visible_items(self.app)
        self.buttons = []
        first_primary = next((item.key for item in self.items if item.primary), None)
        for item in self.items:
            # one accent per screen: Continue outranks 1 Player when both are there
            b = Button(item.label, (lambda it=item: it.action(self.app)), primary=item.key == first_primary)
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
        n = max(1, len(self.buttons))
        bw = max(280, min(420, w // 3))
        self.title_size = max(48, min(112, w // 10, h // 8))
        head = int(self.title_size * 2.2)
        # the buttons share what the title and the footer leave, however many entries are registered
        room = h - head - 90
        bh = int(max(34, min(56, room / (n + (n - 1) / 3))))
        gap = bh // 3
        # emblem, title, subtitle and the buttons form one block centred in the window
        block = head + len(self.buttons) * (bh + gap)
        self.head_top = max(16, (h - block) // 2 - 10)
        top = self.head_top + head
        rects = centered_column(size, bw, [bh] * len(self.buttons), gap, top=top)
        for b, r in zip(self.buttons, rects):
            b.rect = r

    def wants_redraw(self):
        return False  # changes only on events

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return
        self.focus.handle_event(event)

    def draw(self, surface):
        theme.gradient_background(surface)
        w, h = self.size
        ts = self.title_size
        top = self.head_top
        self._draw_emblem(surface, (w // 2, top + ts // 4), ts // 2)
        theme.blit_text(surface, "Checkers", ts, theme.TEXT, (w // 2, top + ts * 0.5 + ts // 2), "center", bold=True)
        theme.blit_text(surface, "English draughts against the computer or a friend", max(20, ts // 4),
                        theme.TEXT_DIM, (w // 2, top + int(ts * 1.55)), "center")
        self.focus.draw(surface)
        theme.blit_text(surface, "Arrows choose  ·  Enter selects  ·  Esc quits", 20, theme.TEXT_FAINT,
                        (w // 2, h - 22), "center")

    def _draw_emblem(self, surface, centre, size):
        # a white man and a black king overlapping: the game at a glance
        assets = self.app.assets
        cx, cy = centre
        for dx, name in ((-size * 0.32, "man_white"), (size * 0.32, "king_black")):
            c = (int(cx + dx), int(cy))
            sprite = assets.scaled(name, size) if assets is not None else None
            if sprite is not None:
                surface.blit(sprite, sprite.get_rect(center=c))
            else:
                pygame.draw.circle(surface, theme.WHITE_PIECE if "white" in name else theme.BLACK_PIECE, c, size // 2)
