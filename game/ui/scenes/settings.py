"""The Settings screen: every preference as a row to toggle or cycle, saved at once.

Up/Down (or Tab) choose a row, Left/Right or Enter/Space change it, a click
on the row or its arrows changes it too; Esc or Back returns.  Each change
is written to the settings file immediately (atomically), so nothing is lost
if the game is closed from here.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ...store.settings import DRAW_RULE_NAMES, ORIENTATIONS
from .. import theme
from ..geometry import centered_column
from ..menu_items import add_menu_item
from ..page import Page
from ..scene import register
from ..store_hooks import save_app_settings, settings_of
from ..widgets import Button, Chooser, FocusGroup, Widget

if TYPE_CHECKING:
    from ..layout_check import Box

ON_OFF = ((False, "Off"), (True, "On"))  # a switch: Left turns it off, Right on
RED, WHITE = theme.SIDE_NAMES
FOOTER = "Up/Down or Tab choose · Left/Right or Enter change · Esc goes back"

# (setting, label, [(value, shown as)] in order, default, explanation); every row's arrows
# stop at the ends of its list (Enter, Space or a click on the value cycle round)
ROWS = (
    ("sound", "Sound", ON_OFF, True, "Sounds for moves, captures, crowning and the end of a game."),
    ("volume", "Volume", (("25", "25%"), ("50", "50%"), ("75", "75%"), ("100", "100%")), "100",
     "How loud the sounds are, when Sound is on."),
    ("animation", "Animation", (("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"), ("off", "Off")), "normal",
     "How fast pieces glide to their squares (Off: they jump there at once)."),
    ("reply_pause", "Computer's pause", (("none", "None"), ("short", "Short"), ("long", "Long")), "short",
     "A pause before the computer replies, so you see your own move land first."),
    ("watch_speed", "Computer vs Computer pace", (("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast")),
     "normal",
     "How fast two computer players move when you watch them (Space pauses, S steps)."),
    ("show_movable", "Show movable pieces", ON_OFF, True, "Mark the pieces that can move (or must capture)."),
    ("show_destinations", "Show destinations", ON_OFF, True, "Mark where the selected piece can go."),
    ("square_numbers", "Square numbers", ON_OFF, True,
     "The numbers 1-32 on the dark squares: every move is written with them (11-15). Off: a plain board."),
    ("text_size", "Text size", (("normal", "Normal"), ("large", "Large"), ("larger", "Larger")), "normal",
     "How large the words are on every screen. Where a box has no room, a longer text is cut short."),
    ("opening_book", "Opening book", ON_OFF, True,
     "Expert and Master play their first moves from the opening book, varying among equal moves."),
    ("allow_analysis", "Analysis vs computer", ON_OFF, False,
     "Allow live analysis (A) in games against the computer; it is always there for two players."),
    ("auto_flip", "Turn board for 2 players", ON_OFF, False,
     "Between two people at one screen, the board turns after every move so the player to move "
     "sits at the bottom."),
    ("orientation", "Board orientation",
     tuple(zip(ORIENTATIONS, ("Your side at the bottom", f"{RED} at the bottom", f"{WHITE} at the bottom"))),
     "auto", "Which side of the board is drawn nearest to you."),
    ("draw_rule", "Draw rule", tuple(zip(DRAW_RULE_NAMES, ("Official (40 moves)", "Short (25 moves)"))),
     "official",
     "Official: drawn after 40 moves each with no capture and no man moved, or one position three times. "
     "Short draw rule: 25 moves each with no capture or crowning. For new games."),
)


class SettingRow(Chooser):
    """A row of the screen: a chooser that knows the setting it changes."""

    setting = ""


@register("settings")
class SettingsScene(Page):
    footer = FOOTER

    def enter(self) -> None:
        self.settings = settings_of(self.app)
        self.rows: list[SettingRow] = []
        for name, label, options, default, _ in ROWS:
            values = [v for v, _ in options]
            shown = [s for _, s in options]
            current = self._get(name, default)
            chooser = SettingRow(label, shown, index=values.index(current) if current in values else
                                 values.index(default),
                                 on_change=partial(self._chosen, name, values, shown))
            chooser.setting = name
            chooser.name = f"row:{name}"
            self.rows.append(chooser)
        self.back_button = Button("Back", self.back, primary=True)
        self.back_button.name = "back"
        widgets: list[Widget] = [*self.rows, self.back_button]
        self.focus = FocusGroup(widgets)
        self.message = ""
        self.resize(self.size)

    def _get(self, name: str, default: Any) -> Any:
        try:
            return self.settings.get(name, default)
        except Exception:
            return default

    def _chosen(self, name: str, values: list[Any], shown: list[str], text: str) -> None:
        """A row's chooser shows ``text``: the setting ``name`` takes its value."""
        self._changed(name, values[shown.index(text)])

    def _changed(self, name: str, value: Any) -> None:
        try:
            self.settings[name] = value  # a key the settings file does not know yet lasts for the session
        except (KeyError, ValueError):
            setattr(self.settings, name, value)
        if name == "text_size" and theme.set_text_size(value):
            for scene in self.app.stack:  # every screen laid out again with the new size of text
                scene.resize(self.app.size)
        ok = save_app_settings(self.app)
        self.message = "" if ok else "Could not write the settings file: changes last until you quit."

    def row(self, name: str) -> SettingRow:
        for r in self.rows:
            if r.setting == name:
                return r
        raise KeyError(name)

    def explanation(self) -> str:
        w = self.focus.focused
        for name, _, _, _, words in ROWS:
            if getattr(w, "setting", None) == name:
                return words
        return "Esc or Back returns to where you were."

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        margin = theme.margin(size)
        n = len(self.rows)
        bw = max(min(w - 2 * margin, 460), min(1100, int(w * 0.5), int(h * 0.8)))
        self.title_size = max(30, min(110, w // 18, h // 12))
        title_h = theme.font(self.title_size, True).get_height()
        self.explain_size = max(17, min(38, h // 30))
        line = theme.font(self.explain_size).get_linesize()
        # the explanation may be wider than the rows (fewer lines: the rows keep the room), and a
        # message (the settings file refused) is said in its place
        explain_w = max(bw, min(w - 2 * margin, int(bw * 1.5)))
        longest = max(theme.wrapped_height(words, self.explain_size, explain_w) for *_, words in ROWS)
        explain_h = max(2 * line, longest)
        # the rows share what the title, the explanation, Back and the footer leave; in a window too
        # low for one column of them (below the minimum size) they stand in two
        fixed = title_h + explain_h + 3 * margin
        room = (self.footer_rect.y - fixed) / (n + n * 0.2)
        lowest = title_h + margin + n * 22 + (n - 1) * 4 + 8 + explain_h  # one column of the lowest rows
        columns = 2 if lowest > self.footer_rect.y - margin // 2 else 1
        per_column = -(-n // columns)
        if columns == 2:
            bw = min(bw, (w - 3 * margin) // 2)
            room = (self.footer_rect.y - fixed) / (per_column + per_column * 0.2)
        bh = int(max(22, min(76, h // 16, room)))
        gap = max(3, bh // 5)
        block = title_h + margin + per_column * bh + (per_column - 1) * gap + gap * 2 + explain_h
        top = max(margin // 2, (self.footer_rect.y - margin - block) // 2)
        # Back sits at the left of the title's line, so the rows keep the room
        bw2 = max(100, min(300, bw // 4))
        back_h = max(30, min(bh, title_h))
        self.back_button.rect = pygame.Rect(margin, top + (title_h - back_h) // 2, bw2, back_h)
        side = margin + bw2 + margin
        self.title_rect = pygame.Rect(side, top, max(1, w - 2 * side), title_h)
        rects = centered_column(size, bw, [bh] * per_column, gap, top=self.title_rect.bottom + margin)
        if columns == 2:  # the first half on the left, the rest on the right
            shift = (bw + margin) // 2
            rects = [r.move(-shift, 0) for r in rects] + [r.move(bw + margin - shift, 0) for r in rects]
        for row, rect in zip(self.rows, rects):
            row.rect = rect
            row.split = 0.45
        y = rects[per_column - 1].bottom + gap * 2
        self.explain_rect = pygame.Rect((w - explain_w) // 2, y, explain_w, explain_h)
        self.message_rect = pygame.Rect(margin, self.explain_rect.y, w - 2 * margin, min(explain_h, line))

    def layout_boxes(self) -> list[Box]:
        from ..layout_check import Box

        boxes = [Box("title", self.title_rect, "Settings", self.title_size, bold=True),
                 *self.focus.text_boxes("row")]
        w = self.explain_rect.width
        longest = max((words for *_, words in ROWS), key=lambda t: theme.wrapped_height(t, self.explain_size, w))
        if self.message:  # said in the explanation's place
            boxes.append(Box("message", self.message_rect, self.message, self.explain_size))
        else:
            boxes.append(Box("explanation", self.explain_rect, longest, self.explain_size, wrap=True))
        return boxes + [self.footer_box()]

    def handle_event(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
            return
        self.focus.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme.gradient_background(surface)
        theme.blit_text(surface, "Settings", self.title_size, theme.TEXT, self.title_rect.center, "center", bold=True)
        self.focus.draw(surface)
        if not self.message:
            theme.blit_wrapped(surface, self.explanation(), self.explain_rect, self.explain_size, theme.TEXT_DIM)
        else:
            theme.blit_text(surface, self.message, theme.fit_text(self.message, self.explain_size,
                                                                  self.message_rect.width),
                            theme.DANGER, self.message_rect.center, "center")
        self.draw_footer(surface)


add_menu_item("settings", "Settings", lambda app: app.push("settings"), order=90)
