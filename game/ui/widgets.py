"""Buttons, choosers and labels that work with the mouse and the keyboard.

Widgets hold a ``rect`` that their scene sets in ``resize`` (layout comes
from the window size), an ``enabled`` flag, and draw themselves.  A
``FocusGroup`` moves keyboard focus with the arrows / Tab and activates
with Enter or Space, so every screen built from widgets is keyboard-playable.
"""

import pygame

from . import theme


class Widget:
    focusable = True

    def __init__(self, rect=(0, 0, 0, 0), enabled=True):
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.visible = True
        self.hovered = False

    def hit(self, pos):
        return self.visible and self.rect.collidepoint(pos)

    def handle_event(self, event):
        """True when the widget used the event."""
        return False

    def activate(self):
        """Enter / Space / click."""

    def step(self, delta):
        """Left / right arrow: -1 or +1.  True if used."""
        return False

    def draw(self, surface, focused=False):
        pass


class Label(Widget):
    focusable = False

    def __init__(self, text, size=24, colour=theme.TEXT, anchor="center", bold=False, rect=(0, 0, 0, 0)):
        super().__init__(rect)
        self.text = text
        self.size = size
        self.colour = colour
        self.anchor = anchor
        self.bold = bold

    def draw(self, surface, focused=False):
        if self.visible and self.text:
            theme.blit_text(surface, self.text, self.size, self.colour,
                            getattr(self.rect, self.anchor), self.anchor, self.bold)


class Button(Widget):
    """A labelled button; ``on_click()`` runs on a click or Enter while focused."""

    def __init__(self, text, on_click, rect=(0, 0, 0, 0), enabled=True, primary=False, hotkey=None):
        super().__init__(rect, enabled)
        self.text = text
        self.on_click = on_click
        self.primary = primary
        self.hotkey = hotkey  # shown faintly on the right, e.g. "Ctrl+Z"
        self._pressed = False

    def handle_event(self, event):
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self._pressed
            self._pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.activate()
                return True
        return False

    def activate(self):
        if self.enabled and self.on_click is not None:
            self.on_click()

    def draw(self, surface, focused=False):
        if not self.visible:
            return
        r = self.rect
        radius = max(4, r.height // 5)
        if not self.enabled:
            fill, fg = theme.BUTTON_DISABLED, theme.TEXT_FAINT
        elif self.primary:
            fill = theme.ACCENT if (self.hovered or focused) else theme.ACCENT_DARK
            fg = (30, 24, 16)
        else:
            fill = theme.BUTTON_HOVER if (self.hovered or focused) else theme.BUTTON
            fg = theme.BUTTON_TEXT
        shadow = r.move(0, 2)
        pygame.draw.rect(surface, (16, 18, 22), shadow, border_radius=radius)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        if focused and self.enabled:
            pygame.draw.rect(surface, theme.FOCUS if not self.primary else (255, 236, 190), r, 2,
                             border_radius=radius)
        size = theme.fit_text(self.text, int(r.height * 0.52), r.width - 16)
        if self.hotkey and r.width > 150:
            theme.blit_text(surface, self.text, size, fg, (r.x + 14, r.centery), "midleft")
            theme.blit_text(surface, self.hotkey, int(r.height * 0.4),
                            theme.TEXT_FAINT if not self.primary else (90, 70, 40),
                            (r.right - 12, r.centery), "midright")
        else:
            theme.blit_text(surface, self.text, size, fg, r.center, "center")


class Chooser(Widget):
    """A row ``Label   < value >``: left/right (or clicking the arrows / the value) change it."""

    def __init__(self, label, options, index=0, on_change=None, rect=(0, 0, 0, 0), enabled=True):
        super().__init__(rect, enabled)
        self.label = label
        self.options = list(options)
        self.index = index
        self.on_change = on_change
        self.hint = ""

    @property
    def value(self):
        return self.options[self.index]

    def set_value(self, value):
        if value in self.options:
            self.index = self.options.index(value)

    def _arrows(self):
        r = self.rect
        w = r.height
        value_area = pygame.Rect(r.centerx - 10, r.y, r.right - r.centerx + 10, r.height)
        left = pygame.Rect(value_area.x, r.y, w, r.height)
        right = pygame.Rect(r.right - w, r.y, w, r.height)
        return left, right, value_area

    def step(self, delta):
        if not self.enabled or not self.options:
            return False
        self.index = (self.index + delta) % len(self.options)
        if self.on_change:
            self.on_change(self.value)
        return True

    def activate(self):
        self.step(1)

    def handle_event(self, event):
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            left, right, _ = self._arrows()
            self.step(-1 if left.collidepoint(event.pos) else 1)
            return True
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.step(-1 if event.y > 0 else 1)
            return True
        return False

    def draw(self, surface, focused=False):
        if not self.visible:
            return
        r = self.rect
        radius = max(4, r.height // 5)
        fill = theme.BUTTON_HOVER if (self.hovered or focused) and self.enabled else theme.PANEL
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        pygame.draw.rect(surface, theme.FOCUS if focused and self.enabled else theme.PANEL_EDGE, r,
                         2 if focused else 1, border_radius=radius)
        size = int(r.height * 0.46)
        fg = theme.TEXT if self.enabled else theme.TEXT_FAINT
        theme.blit_text(surface, self.label, size, theme.TEXT_DIM if self.enabled else theme.TEXT_FAINT,
                        (r.x + 16, r.centery), "midleft")
        left, right, value_area = self._arrows()
        arrow_colour = theme.ACCENT if self.enabled else theme.TEXT_FAINT
        for box, pts in ((left, ((0.62, 0.3), (0.38, 0.5), (0.62, 0.7))),
                         (right, ((0.38, 0.3), (0.62, 0.5), (0.38, 0.7)))):
            pygame.draw.polygon(surface, arrow_colour,
                                [(box.x + fx * box.width, box.y + fy * box.height) for fx, fy in pts])
        value = str(self.value)
        vsize = theme.fit_text(value, size, value_area.width - 2 * left.width - 4, bold=True)
        theme.blit_text(surface, value, vsize, fg, value_area.center, "center", bold=True)


class FocusGroup:
    """Keyboard focus over a list of widgets: Up/Down/Tab move, Left/Right step, Enter activates.

    Mouse events go to every widget; the hovered widget takes the focus so
    mouse and keyboard never disagree about which one is current.
    """

    def __init__(self, widgets=(), focus=0):
        self.widgets = list(widgets)
        self.focus = focus
        self._fix_focus(1)

    def focusable(self):
        return [w for w in self.widgets if w.focusable and w.visible and w.enabled]

    @property
    def focused(self):
        if 0 <= self.focus < len(self.widgets):
            return self.widgets[self.focus]
        return None

    def focus_on(self, widget):
        if widget in self.widgets:
            self.focus = self.widgets.index(widget)

    def _fix_focus(self, direction):
        if not self.widgets:
            self.focus = -1
            return
        w = self.focused
        if w is not None and w.focusable and w.visible and w.enabled:
            return
        self.move(direction)

    def move(self, direction):
        n = len(self.widgets)
        if not n:
            return
        i = self.focus
        for _ in range(n):
            i = (i + direction) % n
            w = self.widgets[i]
            if w.focusable and w.visible and w.enabled:
                self.focus = i
                return

    def handle_event(self, event):
        """True when a widget or the focus used the event."""
        if event.type == pygame.KEYDOWN:
            self._fix_focus(1)
            key = event.key
            if key in (pygame.K_DOWN, pygame.K_TAB) and not (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
                self.move(1)
                return True
            if key == pygame.K_UP or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
                self.move(-1)
                return True
            w = self.focused
            if w is None:
                return False
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                return w.step(-1 if key == pygame.K_LEFT else 1)
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                w.activate()
                return True
            return False
        used = False
        for w in list(self.widgets):
            if w.handle_event(event):
                used = True
            if event.type == pygame.MOUSEMOTION and w.hovered and w.focusable and w.enabled:
                self.focus_on(w)
        return used

    def draw(self, surface):
        focused = self.focused
        for w in self.widgets:
            w.draw(surface, focused=(w is focused))
