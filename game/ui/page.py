"""A screen of its own (not an overlay): the gradient behind it, its keys in a faint line at the foot.

``Page`` is what such screens share: the footer's place, words and box for
the layout check, the way back (Esc or Back pops the screen) and no redraw
between events.  ``ChoicePage`` adds what the new-game screens and "Who
plays?" share: a title and a subtitle over a column of choice rows, the
screen's action and Back side by side below them, and Enter on a choice row
doing the action with what is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from . import theme
from .geometry import centered_column
from .scene import Scene
from .widgets import Button, Chooser, FocusGroup, Widget

if TYPE_CHECKING:
    from .layout_check import Box


class Page(Scene):
    footer = ""  # the keys the screen answers to, said at its foot

    def back(self) -> None:
        self.app.pop()

    def wants_redraw(self) -> bool:
        return False  # changes only on events

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.footer_rect, self.footer_size = theme.footer(size, self.footer)

    def footer_box(self) -> Box:
        from .layout_check import Box

        return Box("footer", self.footer_rect, self.footer, self.footer_size)

    def draw_footer(self, surface: pygame.Surface) -> None:
        theme.blit_text(surface, self.footer, self.footer_size, theme.TEXT_FAINT, self.footer_rect.center, "center")


class ChoicePage(Page):
    title = ""
    subtitle = ""  # fitted to the width, never below a readable size: a longer one is cut short
    if TYPE_CHECKING:  # set by the screen's enter
        rows: list[Widget]   # the choice rows, top to bottom
        focus: FocusGroup

    def act(self) -> None:
        """What the screen's main button does with the choices shown (start the game, play from here)."""
        raise NotImplementedError

    @staticmethod
    def column(size: tuple[int, int]) -> tuple[int, int, int]:
        """(width, row height, gap) of the column of rows and buttons for a window of ``size``."""
        w, h = size
        margin = theme.margin(size)
        bw = max(min(w - 2 * margin, 380), min(1000, int(w * 0.4), int(h * 0.75)))
        bh = max(28, min(84, h // 14))
        return bw, bh, max(4, bh // 4)

    def fit_heading(self, size: tuple[int, int]) -> tuple[int, int]:
        """Fit the title and the subtitle to the window; their heights."""
        w, h = size
        room = w - 2 * theme.margin(size)
        self.title_size = theme.fit_text(self.title, max(36, min(130, w // 16, h // 9)), room, bold=True)
        self.subtitle_size = max(16, theme.fit_text(self.subtitle, max(18, min(46, h // 26)), room))
        return theme.font(self.title_size, True).get_height(), theme.font(self.subtitle_size).get_height()

    def place_heading(self, size: tuple[int, int], top: int, title_h: int, subtitle_h: int) -> int:
        """The title at ``top``, the subtitle under it; where the subtitle ends."""
        margin = theme.margin(size)
        self.title_rect = pygame.Rect(margin, top, size[0] - 2 * margin, title_h)
        self.subtitle_rect = pygame.Rect(margin, self.title_rect.bottom, size[0] - 2 * margin, subtitle_h)
        return self.subtitle_rect.bottom

    def place_rows(self, size: tuple[int, int], slots: int, top: int) -> list[pygame.Rect]:
        """The visible rows in a column of ``slots`` slots from ``top``, first slot first; the slots."""
        bw, bh, gap = self.column(size)
        rects = centered_column(size, bw, [bh] * slots, gap, top=top)
        for row, rect in zip([r for r in self.rows if r.visible], rects):
            row.rect = rect
        return rects

    def place_buttons(self, size: tuple[int, int], y: int, action: Button, back: Button) -> None:
        """The action button and Back side by side at ``y``, as wide together as the column."""
        bw, bh, gap = self.column(size)
        half = (bw - gap) // 2
        action.rect = pygame.Rect((size[0] - bw) // 2, y, half, bh)
        back.rect = pygame.Rect((size[0] - bw) // 2 + bw - half, y, half, bh)

    def shown_subtitle(self) -> str:
        return theme.elide(self.subtitle, self.subtitle_size, self.subtitle_rect.width)

    def heading_boxes(self) -> list[Box]:
        from .layout_check import Box

        return [Box("title", self.title_rect, self.title, self.title_size, bold=True),
                Box("subtitle", self.subtitle_rect, self.shown_subtitle(), self.subtitle_size)]

    def draw_heading(self, surface: pygame.Surface) -> None:
        theme.blit_text(surface, self.title, self.title_size, theme.TEXT, self.title_rect.center, "center", bold=True)
        theme.blit_text(surface, self.shown_subtitle(), self.subtitle_size, theme.TEXT_DIM, self.subtitle_rect.center,
                        "center")

    def handle_event(self, event: Any) -> None:

        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and isinstance(self.focus.focused, Chooser)):
            # as the footer says, Enter on a choice row acts on what is shown (Space and the
            # arrows change the choice)
            self.act()
            return
        self.focus.handle_event(event)
