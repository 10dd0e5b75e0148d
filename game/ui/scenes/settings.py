"""The Settings screen: every preference as a row to toggle or cycle, saved at once.

Up/Down (or Tab) choose a row, Left/Right or Enter/Space change it, a click
on the row or its arrows changes it too; Esc or Back returns.  Each change
is written to the settings file immediately (atomically), so nothing is lost
if the game is closed from here.
"""

import pygame

from ...store.settings import ANIMATION_SPEEDS, DRAW_RULE_NAMES, ORIENTATIONS
from .. import theme
from ..geometry import centered_column
from ..menu_items import add_menu_item
from ..scene import Scene, register
from ..store_hooks import save_app_settings, settings_of
from ..widgets import Button, Chooser, FocusGroup

ON_OFF = ((True, "On"), (False, "Off"))

# (setting, label, [(value, shown as)], explanation)
ROWS = (
    ("sound", "Sound", ON_OFF, "Sounds for moves, captures, crowning and the end of a game."),
    ("animation", "Animation", tuple((v, v.capitalize()) for v in ANIMATION_SPEEDS),
     "How fast pieces glide to their squares (Off: they jump there)."),
    ("show_movable", "Show movable pieces", ON_OFF, "Mark the pieces that can move (or must capture)."),
    ("show_destinations", "Show destinations", ON_OFF, "Mark where the selected piece can go."),
    ("square_numbers", "Square numbers", ON_OFF, "Print the standard numbers 1-32 on the dark squares."),
    ("orientation", "Board orientation",
     tuple(zip(ORIENTATIONS, ("Your side at the bottom", "Black at the bottom", "White at the bottom"))),
     "Which side of the board is drawn nearest to you."),
    ("draw_rule", "Draw rule", tuple(zip(DRAW_RULE_NAMES, ("Official (40 moves)", "CSCI-561 (50 turns)"))),
     "Official: draw after 40 moves each with no capture or man move, or threefold repetition. "
     "CSCI-561: 50 turns with no capture or crowning, or threefold repetition. "
     "Applies to new games."),
)


@register("settings")
class SettingsScene(Scene):
    def enter(self):
        self.settings = settings_of(self.app)
        self.rows = []
        for name, label, options, _ in ROWS:
            values = [v for v, _ in options]
            shown = [s for _, s in options]
            current = getattr(self.settings, name)
            chooser = Chooser(label, shown, index=values.index(current) if current in values else 0,
                              on_change=lambda text, n=name, vs=values, ss=shown: self._changed(n, vs[ss.index(text)]))
            chooser.setting = name
            self.rows.append(chooser)
        self.back_button = Button("Back", self.back, primary=True)
        self.focus = FocusGroup(self.rows + [self.back_button])
        self.message = ""
        self.resize(self.size)

    def _changed(self, name, value):
        setattr(self.settings, name, value)
        ok = save_app_settings(self.app)
        self.message = "" if ok else "Could not write the settings file: changes last until you quit."

    def row(self, name):
        for r in self.rows:
            if r.setting == name:
                return r
        raise KeyError(name)

    def explanation(self):
        w = self.focus.focused
        for name, _, _, words in ROWS:
            if getattr(w, "setting", None) == name:
                return words
        return "Esc or Back returns to where you were."

    def wants_redraw(self):
        return False  # the picture changes only with events

    def back(self):
        self.app.pop()

    def resize(self, size):
        super().resize(size)
        if not hasattr(self, "focus"):
            return
        w, h = size
        bw = max(420, min(640, int(w * 0.55)))
        bh = max(36, min(50, (h - 260) // (len(self.rows) + 3)))
        gap = max(6, bh // 5)
        self.title_y = max(30, h // 12)
        top = self.title_y + bh + 10
        rects = centered_column(size, bw, [bh] * len(self.rows), gap, top=top)
        for row, rect in zip(self.rows, rects):
            row.rect = rect
        y = rects[-1].bottom + gap * 2
        self.explain_rect = pygame.Rect((w - bw) // 2, y, bw, bh * 2)
        self.back_button.rect = pygame.Rect((w - 200) // 2, min(h - bh - 40, y + bh * 2 + gap), 200, bh)

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
            return
        self.focus.handle_event(event)

    def draw(self, surface):
        theme.gradient_background(surface)
        w, h = self.size
        theme.blit_text(surface, "Settings", max(36, min(64, w // 18)), theme.TEXT, (w // 2, self.title_y),
                        "center", bold=True)
        self.focus.draw(surface)
        theme.blit_wrapped(surface, self.explanation(), self.explain_rect, 21, theme.TEXT_DIM)
        if self.message:
            theme.blit_text(surface, self.message, 20, theme.DANGER, (w // 2, h - 52), "center")
        theme.blit_text(surface, "Up/Down to choose · Left/Right or Enter to change · Esc to go back",
                        20, theme.TEXT_FAINT, (w // 2, h - 24), "center")


add_menu_item("settings", "Settings", lambda app: app.push("settings"), order=90)
