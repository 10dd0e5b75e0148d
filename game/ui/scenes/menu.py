"""The main menu: a column of entries from ``game.ui.menu_items``."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from .. import store_hooks, theme
from ..geometry import centered_column
from ..menu_items import MENU_ITEMS, add_menu_item, visible_items
from ..scene import Scene, register
from ..widgets import Button, FocusGroup

if TYPE_CHECKING:
    from ..layout_check import Box

SUBTITLE = "English draughts against the computer or a friend"
FOOTER = "Arrows or Tab choose  ·  Enter selects  ·  Esc quits (asks first)"


@register("menu")
class MenuScene(Scene):
    def enter(self) -> None:
        self._build()

    def uncovered(self, result: object = None) -> None:
        # an entry's condition may have changed (a game saved, settings); the focus stays on its entry
        focused = self.focus.focused
        self._build(focused.key if isinstance(focused, Button) else None)

    def _build(self, focus_key: str | None = None) -> None:
        self.items = visible_items(self.app)
        self.buttons: list[Button] = []
        first_primary = next((item.key for item in self.items if item.primary), None)
        for item in self.items:
            # no accent words: the focus (a gold fill) is the one entry that looks chosen, and it starts
            # on the first of the primary entries (Continue outranks 1 Player when both are there)
            b = Button(item.label, partial(item.action, self.app))
            b.key = item.key
            b.name = f"entry:{item.key}"
            self.buttons.append(b)
        self.focus = FocusGroup(self.buttons)
        for i, b in enumerate(self.buttons):
            if b.key == (focus_key or first_primary):
                self.focus.focus = i
        self.resize(self.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        n = max(1, len(self.buttons))
        # the entries are sized for every entry registered, shown or not: the text keeps its size
        # when Continue (or another entry with a condition) comes and goes
        sized_for = max(n, len(MENU_ITEMS))
        margin = theme.margin(size)
        self.footer_rect, self.footer_size = theme.footer(size, FOOTER)
        bottom = self.footer_rect.y - margin
        bw = max(min(w - 40, 260), min(720, w // 3, int(h * 0.5)))
        # the largest title whose block (emblem, title, subtitle, entries) fits above the footer;
        # the entries share what is left, however many are registered
        for ts in range(max(48, min(170, w // 10, h // 8)), 19, -2):
            title_h = theme.font(ts, True).get_height()
            sub_size = max(16, ts // 4)
            sub_h = theme.font(sub_size).get_height()
            emblem = ts * 2 // 3 if ts >= 48 else 0  # no room for the pieces: the title alone
            head = emblem + title_h + sub_h + max(10, ts // 3)
            room = bottom - margin - head
            bh = int(min(84, h // 13, room / (sized_for + (sized_for - 1) / 3)))
            if bh >= max(32, min(44, h // 18)) or ts <= 20:   # readable entries before a big title
                break
        spread = 3  # a gap is a third of an entry's height
        if bh < 32:  # crowded (many entries in a small window): closer together rather than smaller
            spread = 8
            bh = int(min(84, h // 13, room / (sized_for + (sized_for - 1) / spread)))
        bh = max(24, bh)
        gap = max(4, bh // spread)
        block = head + n * bh + (n - 1) * gap
        top = max(margin, margin + (bottom - margin - block) // 2)
        self.emblem_size = emblem
        self.emblem_center = (w // 2, top + emblem // 2)
        self.title_size = ts
        self.title_rect = pygame.Rect(0, top + emblem, w, title_h).inflate(-2 * margin, 0)
        self.subtitle_size = theme.fit_text(SUBTITLE, sub_size, w - 2 * margin)
        self.subtitle_rect = pygame.Rect(margin, self.title_rect.bottom, w - 2 * margin, sub_h)
        rects = centered_column(size, bw, [bh] * len(self.buttons), gap, top=top + head)
        for b, r in zip(self.buttons, rects):
            b.rect = r

    def layout_boxes(self) -> list[Box]:
        from ..layout_check import Box

        cx, cy = self.emblem_center
        e = self.emblem_size
        return [*([Box("emblem", pygame.Rect(cx - e, cy - e // 2, 2 * e, e))] if e else []),
                Box("title", self.title_rect, "Checkers", self.title_size, bold=True),
                Box("subtitle", self.subtitle_rect, SUBTITLE, self.subtitle_size),
                *self.focus.text_boxes("entry"),
                Box("footer", self.footer_rect, FOOTER, self.footer_size)]

    def wants_redraw(self) -> bool:
        return False  # changes only on events

    def handle_event(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_quit()  # Esc is pressed by accident: it asks, the safe answer focused
            return
        self.focus.handle_event(event)

    def ask_quit(self) -> None:
        self.app.push("confirm", title="Quit Checkers?", message="Your unfinished games are kept.",
                      confirm="Quit", on_confirm=self.app.quit)

    def draw(self, surface: pygame.Surface) -> None:
        theme.gradient_background(surface)
        self._draw_emblem(surface, self.emblem_center, self.emblem_size)
        theme.blit_text(surface, "Checkers", self.title_size, theme.TEXT, self.title_rect.center, "center", bold=True)
        theme.blit_text(surface, SUBTITLE, self.subtitle_size, theme.TEXT_DIM, self.subtitle_rect.center, "center")
        self.focus.draw(surface)
        theme.blit_text(surface, FOOTER, self.footer_size, theme.TEXT_FAINT, self.footer_rect.center, "center")

    def _draw_emblem(self, surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
        if size <= 0:
            return
        # a white man and a red king overlapping: the game at a glance
        assets = self.app.assets
        cx, cy = centre
        for dx, name in ((-size * 0.32, "man_white"), (size * 0.32, "king_black")):
            c = (int(cx + dx), int(cy))
            sprite = assets.scaled(name, size) if assets is not None else None
            if sprite is not None:
                surface.blit(sprite, sprite.get_rect(center=c))
            else:
                pygame.draw.circle(surface, theme.WHITE_PIECE if "white" in name else theme.BLACK_PIECE, c, size // 2)


# -- Continue: the latest unfinished game of the store ----------------------------------------

def has_game_to_continue(app: Any) -> bool:
    from ...store import has_unfinished

    return has_unfinished()  # cheap: the records are read only when Continue is chosen


def continue_latest(app: Any) -> None:
    """Menu → Continue: the newest unfinished game, with its own players and levels (the library
    lists every other one to resume)."""
    from ...store import latest_unfinished

    try:
        record = latest_unfinished()
    except Exception as e:  # a disk problem is told, never a traceback
        record = None
        store_hooks.log.warning("cannot read the unfinished games: %s", e)
    if record is None:
        store_hooks.tell(app, "Nothing to continue",
                         "The unfinished game could not be read; the game library lists it with the reason.")
        return
    store_hooks.resume_unfinished(app, record)
    if record.warning:
        store_hooks.tell(app, "Part of the saved game was lost", record.warning)


add_menu_item("continue", "Continue", continue_latest, condition=has_game_to_continue, order=10, primary=True)
