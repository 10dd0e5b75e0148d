"""The side panel of the Puzzles screen: what to find, the ratings, what happened, the buttons.

Laid out from the panel's rect alone, top to bottom: the title, the prompt ("Red to
play and win a man", up to two lines), the facts (theme, the player's rating, the
puzzle's), the note (right, wrong and why, the rating's change: whatever room is left,
wrapped), the theme chooser and the buttons, two to a row.  Every text is fitted,
wrapped or cut to its box, and ``layout_boxes`` lists them for the layout check.
The widgets are one ``FocusGroup`` that leaves the arrows to the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from . import theme
from .panel import draw_card, side_panel_event
from .widgets import Button, Chooser, FocusGroup, Widget, same_size

if TYPE_CHECKING:
    from .geometry import RectLike
    from .layout_check import Box
    from .theme import Colour

MIN_TEXT = 16

# (name, label, the scene's method, hotkey), row by row
BUTTONS = ((("hint", "Hint", "hint", "H"), ("retry", "Retry", "retry", "R")),
           (("solution", "Solution", "solution", "S"), ("next", "Next", "next_puzzle", "N")),
           (("flip", "Flip board", "flip", "F"), ("back", "Back", "back", "Esc")))
PROMPT_LINES = 2


class PuzzlePanel:
    if TYPE_CHECKING:  # the buttons, set by name from BUTTONS
        hint: Button
        retry: Button
        solution: Button
        next: Button
        flip: Button
        back: Button

    def __init__(self, scene: Any, themes: list[str] | None) -> None:
        """``themes``: the chooser's values (its words); none: no chooser (exercises)."""
        self.scene = scene   # the Puzzles screen
        self.rows: list[list[Button]] = []
        for row in BUTTONS:
            buttons = []
            for name, label, method, key in row:
                b = Button(label, getattr(scene, method), hotkey=key)
                b.name = f"panel.{name}"
                b.margin = 10
                setattr(self, name, b)
                buttons.append(b)
            self.rows.append(buttons)
        self.grid = [b for row in self.rows for b in row]
        self.next.primary = True
        self.theme = Chooser("Theme", themes or ["All"], on_change=scene.theme_chosen, split=0.34)
        self.theme.name = "panel.theme"
        self.theme.visible = bool(themes)
        widgets: list[Widget] = [self.theme, *self.grid]
        self.focus = FocusGroup(widgets, focus=None, arrows=False)
        self.rect = pygame.Rect(0, 0, 0, 0)

    # -- layout ------------------------------------------------------------------------

    def resize(self, rect: RectLike) -> None:
        self.rect = r = pygame.Rect(rect)
        k = max(0.8, min(1.6, min(r.height / 740, r.width / 354)))
        self.k = k
        pad = max(10, int(14 * k))
        gap = max(6, int(10 * k))
        x, w = r.x + pad, r.width - 2 * pad
        self.pad, self.gap = pad, gap
        bh = max(30, min(int(42 * k), r.height // 16))
        bgap = max(6, bh // 5)
        y = r.bottom - pad - len(self.rows) * bh - (len(self.rows) - 1) * bgap
        for i, row in enumerate(self.rows):
            top = y + i * (bh + bgap)
            bw = (w - (len(row) - 1) * bgap) // len(row)
            for j, b in enumerate(row):
                left = x + j * (bw + bgap)
                right = x + w if j == len(row) - 1 else left + bw
                b.rect = pygame.Rect(left, top, right - left, bh)
        same_size(self.grid)
        bottom = y - gap
        if self.theme.visible:
            self.theme.rect = pygame.Rect(x, bottom - bh, w, bh)
            bottom = self.theme.rect.y - gap
        self.title_size = max(MIN_TEXT, theme.fit_text(self.title(), self.f(40), w, bold=True))
        self.title_rect = pygame.Rect(x, r.y + pad, w, theme.font(self.title_size, True).get_linesize())
        self.prompt_size = self.f(30)
        prompt_h = PROMPT_LINES * theme.font(self.prompt_size, True).get_linesize()
        # a wide, low panel (under the board of a portrait window): the facts beside the prompt
        wide = r.width >= 1.5 * r.height
        half = (w - gap) // 2
        self.prompt_rect = pygame.Rect(x, self.title_rect.bottom + gap // 2, half if wide else w, prompt_h)
        self.info_size = self.f(24)
        line = theme.font(self.info_size).get_linesize()
        if wide:
            self.info_rects = [pygame.Rect(x + half + gap, self.prompt_rect.y + i * line, w - half - gap, line)
                               for i in range(3)]
        else:
            self.info_rects = [pygame.Rect(x, self.prompt_rect.bottom + gap + i * line, w, line) for i in range(3)]
        top = max(self.prompt_rect.bottom, self.info_rects[-1].bottom) + gap
        self.note_size = self.f(24)
        self.note_rect = pygame.Rect(x, top, w, max(0, bottom - top))

    def f(self, size: float) -> int:
        return max(MIN_TEXT, int(size * self.k))

    # -- texts ---------------------------------------------------------------------------

    def title(self) -> str:
        return str(self.scene.title)

    def prompt_lines(self) -> list[str]:
        return self._wrapped(self.scene.prompt(), self.prompt_size, self.prompt_rect.width, PROMPT_LINES, bold=True)

    def info_lines(self) -> list[str]:
        return [theme.elide(t, self.info_size, self.info_rects[0].width) for t in self.scene.facts()][:3]

    def note_lines(self) -> list[tuple[str, Colour]]:
        """[(line, colour)] of the note, wrapped to its box and cut to what fits."""
        line_h = theme.font(self.note_size).get_linesize()
        room = self.note_rect.height // max(1, line_h)
        out: list[tuple[str, Colour]] = []
        for text, colour in self.scene.note():
            for ln in theme.wrap(text, self.note_size, self.note_rect.width):
                out.append((ln, colour))
        if len(out) > room:
            out = out[:room]
            if out:
                last, colour = out[-1]
                out[-1] = (theme.elide(last + " …", self.note_size, self.note_rect.width), colour)
        return out

    @staticmethod
    def _wrapped(text: str, size: int, width: int, lines: int, bold: bool = False) -> list[str]:
        wrapped = theme.wrap(text, size, width, bold)
        if len(wrapped) > lines:
            wrapped = wrapped[:lines]
            wrapped[-1] = theme.elide(wrapped[-1] + " …", size, width, bold)
        return wrapped

    # -- state and events ------------------------------------------------------------------

    def refresh(self) -> None:
        s = self.scene
        self.hint.enabled = s.can_hint()
        self.retry.enabled = s.session is not None and (bool(s.session.moves) or s.session.solution is not None)
        self.solution.enabled = s.session is not None and s.session.solution is None
        self.next.enabled = s.has_next()
        self.flip.enabled = s.session is not None
        self.theme.enabled = s.puzzles is not None and not s.exercises
        same_size(self.grid)

    def handle_event(self, event: Any) -> bool:
        self.refresh()
        return bool(side_panel_event(self.focus, event))

    # -- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        draw_card(surface, self.rect)
        theme.blit_text(surface, theme.elide(self.title(), self.title_size, self.title_rect.width, True),
                        self.title_size, theme.TEXT, self.title_rect.topleft, bold=True)
        y = self.prompt_rect.y
        for ln in self.prompt_lines():
            theme.blit_text(surface, ln, self.prompt_size, theme.ACCENT, (self.prompt_rect.x, y), bold=True)
            y += theme.font(self.prompt_size, True).get_linesize()
        for text, rect in zip(self.info_lines(), self.info_rects):
            theme.blit_text(surface, text, self.info_size, theme.TEXT_DIM, rect.topleft)
        y = self.note_rect.y
        for ln, colour in self.note_lines():
            theme.blit_text(surface, ln, self.note_size, colour, (self.note_rect.x, y))
            y += theme.font(self.note_size).get_linesize()
        self.focus.draw(surface)

    def layout_boxes(self) -> list[Box]:

        from .layout_check import Box

        boxes = [Box("panel", self.rect),
                 Box("title", self.title_rect, theme.elide(self.title(), self.title_size, self.title_rect.width, True),
                     self.title_size, bold=True, parent="panel"),
                 Box("prompt", self.prompt_rect, parent="panel")]
        line = theme.font(self.prompt_size, True).get_linesize()
        for i, ln in enumerate(self.prompt_lines()):
            boxes.append(Box(f"prompt{i}", (self.prompt_rect.x, self.prompt_rect.y + i * line, self.prompt_rect.width,
                                            line), ln, self.prompt_size, bold=True, parent="prompt"))
        for i, (text, rect) in enumerate(zip(self.info_lines(), self.info_rects)):
            boxes.append(Box(f"info{i}", rect, text, self.info_size, parent="panel"))
        if self.note_rect.height:
            boxes.append(Box("note", self.note_rect, parent="panel"))
            line = theme.font(self.note_size).get_linesize()
            for i, (ln, _) in enumerate(self.note_lines()):
                boxes.append(Box(f"note{i}", (self.note_rect.x, self.note_rect.y + i * line, self.note_rect.width,
                                              line), ln, self.note_size, parent="note"))
        boxes += [b._replace(parent=b.parent or "panel") for b in self.focus.text_boxes("widget")]
        return boxes
