"""Buttons, choosers and labels that work with the mouse and the keyboard.

Widgets hold a ``rect`` that their scene sets in ``resize`` (layout comes
from the window size), an ``enabled`` flag, and draw themselves.  A
``FocusGroup`` moves keyboard focus with the arrows / Tab and activates
with Enter or Space, so every screen built from widgets is keyboard-playable.

One focus, one meaning: the focused widget is the only one drawn as
selected (filled with the accent), and Enter activates exactly that one.
The pointer takes the focus when it moves onto a widget or presses it, never
by resting there; hovering has no look of its own.  A primary button
(the screen's main action) is marked by bold words only: neither a fill, an edge nor the accent's
colour, which would make it look chosen beside the focused one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import pygame

from . import theme

if TYPE_CHECKING:
    from .geometry import RectLike
    from .layout_check import Box


class Widget:
    focusable = True
    # set by a FocusGroup: in a group the pointer moves the focus, so hovering has no look of its
    # own; a lone widget (outside any group) still lightens under the pointer
    in_group = False
    # the layout check's name for it (``FocusGroup.text_boxes``); None: its place in the group
    name: str | None = None


    def __init__(self, rect: RectLike = (0, 0, 0, 0), enabled: bool = True) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.visible = True
        self.hovered = False

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def handle_event(self, event: Any) -> bool:
        """True when the widget used the event."""
        return False

    def _lets_pass(self, event: Any) -> bool:
        """True for an event the widget leaves alone: any while it is hidden, and a move of the
        pointer, which only notes whether the pointer is over it."""
        if not self.visible:
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return True
        return False

    def _pressed_on(self, event: Any) -> bool:
        """A press of the left mouse button on the widget."""
        return bool(event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos))

    def activate(self) -> None:
        """Enter / Space / click."""

    def step(self, delta: int) -> bool:
        """Left / right arrow: -1 or +1.  True if used."""
        return False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        pass

    def text_boxes(self, name: str) -> list[Box]:
        """The texts this widget draws inside its rect, as layout-check boxes."""
        return []


class Label(Widget):
    focusable = False

    def __init__(self, text: str, size: int = 24, colour: theme.Colour = theme.TEXT, anchor: str = "center",
                 bold: bool = False, rect: RectLike = (0, 0, 0, 0)) -> None:
        super().__init__(rect)
        self.text = text
        self.size = size
        self.colour = colour
        self.anchor = anchor
        self.bold = bold

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if self.visible and self.text:
            theme.blit_text(surface, self.text, self.size, self.colour,
                            getattr(self.rect, self.anchor), self.anchor, self.bold)


class Button(Widget):
    """A labelled button; ``on_click()`` runs on a click or Enter while focused."""

    key: str | None = None  # a screen's own word for what the button opens (a menu entry's key)


    def __init__(self, text: str, on_click: Callable[[], object] | None, rect: RectLike = (0, 0, 0, 0),
                 enabled: bool = True, primary: bool = False, hotkey: str | None = None) -> None:
        super().__init__(rect, enabled)
        self.text = text
        self.on_click = on_click
        self.primary = primary
        self.hotkey = hotkey  # shown faintly on the right, e.g. "Ctrl+Z"
        self.show_hotkeys = True  # a screen may hide them all when only some would fit
        self.fixed_size: int | None = None  # set by ``same_size``: one text size for a row or grid of buttons
        self.margin: int | None = None  # room kept at the label's two ends (None: in proportion to the height)
        self.checked = False  # a toggle that is on (numbers shown, analysis running): a state, not the focus
        self._pressed = False

    def handle_event(self, event: Any) -> bool:
        if self._lets_pass(event):
            return False
        if self._pressed_on(event):
            self._pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self._pressed
            self._pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.activate()
                return True
        return False

    def activate(self) -> None:
        if self.enabled and self.on_click is not None:
            self.on_click()

    def fitted_size(self) -> int:
        """The largest nominal text size at which the label fits the button."""
        r = self.rect
        # measured as drawn (a primary label is bold), with room at its ends
        return theme.fit_text(self.text, int(r.height * 0.6), max(1, r.width - self._margin()),
                              bold=self.primary)

    def _margin(self) -> int:
        return max(16, self.rect.height // 2) if self.margin is None else self.margin

    def label_size(self) -> int:
        """The nominal text size the label is drawn at (fitted to the button, or its group's size)."""
        fitted = self.fitted_size()
        return fitted if self.fixed_size is None else min(fitted, self.fixed_size)

    def key_size(self) -> int:
        """The nominal size of the hotkey hint: smaller than the label, never unreadable."""
        return max(16, int(self.rect.height * 0.42))

    def show_hotkey(self) -> bool:
        r = self.rect
        if not self.hotkey or not self.show_hotkeys or r.width <= 150:
            return False
        size = self.label_size()
        room = r.width - 40 - theme.font(size, self.primary).size(self.text)[0]
        return theme.font(self.key_size()).size(self.hotkey)[0] <= room

    def text_boxes(self, name: str) -> list[Box]:
        """The texts drawn, as layout-check boxes (see ``game.ui.layout_check``)."""
        from .layout_check import Box

        r = self.rect
        inner = r.inflate(-min(12, self._margin()), -4)
        if not self.hotkey or not self.show_hotkey():
            return [Box(f"{name}.text", inner, self.text, self.label_size(), bold=self.primary, parent=name)]
        key_size = self.key_size()
        key_w = theme.font(key_size).size(self.hotkey)[0]
        key_box = pygame.Rect(r.right - 12 - key_w, inner.y, key_w, inner.height)
        label = pygame.Rect(r.x + 12, inner.y, key_box.x - 8 - (r.x + 12), inner.height)
        return [Box(f"{name}.text", label, self.text, self.label_size(), bold=self.primary, parent=name),
                Box(f"{name}.key", key_box, self.hotkey, key_size, parent=name)]

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if not self.visible:
            return
        r = self.rect
        radius = max(4, r.height // 5)
        fill: theme.Colour
        fg: theme.Colour
        if not self.enabled:
            fill, fg = theme.BUTTON_DISABLED, theme.TEXT_FAINT
        elif focused:
            fill, fg = theme.ACCENT, theme.ON_ACCENT
        else:  # a primary button's mark is its bold words: gold means the focus alone, so that
            # no second button looks chosen beside the focused one
            fill, fg = theme.BUTTON, theme.BUTTON_TEXT
        if self.enabled and not focused and self.hovered and not self.in_group:
            fill = theme.BUTTON_HOVER
        if self.checked and self.enabled and not focused:
            fill = theme.CHECKED
        pygame.draw.rect(surface, (16, 18, 22), r.move(0, 2), border_radius=radius)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        if self.checked and self.enabled and not focused:
            pygame.draw.rect(surface, theme.GOOD, r, 2, border_radius=radius)
        if focused and self.enabled:
            pygame.draw.rect(surface, theme.FOCUS_RING, r, 2, border_radius=radius)
        size = self.label_size()
        if self.show_hotkey():
            theme.blit_text(surface, self.text, size, fg, (r.x + 14, r.centery), "midleft",
                            bold=self.primary)
            theme.blit_text(surface, self.hotkey, self.key_size(),
                            theme.ON_ACCENT_DIM if focused else theme.TEXT_FAINT,
                            (r.right - 12, r.centery), "midright")
        else:
            theme.blit_text(surface, self.text, size, fg, r.center, "center", bold=self.primary)


def same_size(buttons: Iterable[Button]) -> None:
    """Give ``buttons`` (a dialog's row, a panel's grid) one text size: the largest at which every
    visible label fits, so no button's words look smaller than its neighbours'."""
    buttons = list(buttons)
    shown = [b for b in buttons if b.visible]
    for b in buttons:
        b.fixed_size = None
    size = min((b.fitted_size() for b in shown), default=None)
    for b in buttons:
        b.fixed_size = size


class IconButton(Button):
    """A square button showing a picture (``paint(surface, rect)``) with a caption for the layout check.

    ``checked`` marks the chosen one of a set (a tool): a tinted fill and a
    green edge, a state rather than the focus.
    """

    def __init__(self, text: str, paint: Callable[[pygame.Surface, pygame.Rect], object],
                 on_click: Callable[[], object] | None, rect: RectLike = (0, 0, 0, 0), enabled: bool = True) -> None:
        super().__init__(text, on_click, rect, enabled)
        self.paint = paint

    def text_boxes(self, name: str) -> list[Box]:
        return []  # the picture is the label

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if not self.visible:
            return
        r = self.rect
        radius = max(4, r.height // 6)
        fill = theme.ACCENT if focused else (theme.CHECKED if self.checked else theme.BUTTON)
        pygame.draw.rect(surface, (16, 18, 22), r.move(0, 2), border_radius=radius)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        if self.checked:
            pygame.draw.rect(surface, theme.GOOD, r, max(2, r.height // 16), border_radius=radius)
        if focused:
            inset = -2 * max(2, r.height // 16)
            pygame.draw.rect(surface, theme.FOCUS_RING, r.inflate(inset, inset), 2, border_radius=radius)
        self.paint(surface, r.inflate(-r.width // 6, -r.height // 6))


class Chooser(Widget):
    """A row ``Label   < value >``: left/right (or clicking the arrows / the value) change it.

    ``split`` is the share of the row's width given to the label.  Every
    chooser behaves alike: the arrows (keys and clicks) stop at the ends of
    the list, and an arrow with nowhere to go is drawn faint; Enter, Space
    and a click on the value cycle round.  (``wrap=True`` makes the arrows
    wrap too; no screen uses it.)
    """

    def __init__(self, label: str, options: Iterable[Any], index: int = 0,
                 on_change: Callable[[Any], object] | None = None, rect: RectLike = (0, 0, 0, 0),
                 enabled: bool = True, split: float = 0.5, wrap: bool = False) -> None:
        super().__init__(rect, enabled)
        self.wrap = wrap
        self.label = label
        self.options = list(options)
        self.index = index
        self.on_change = on_change
        self.hint = ""
        self.split = split

    @property
    def value(self) -> Any:
        return self.options[self.index]

    def set_value(self, value: object) -> None:
        if value in self.options:
            self.index = self.options.index(value)

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        r = self.rect
        # wide enough for a whole triangle however narrow the row (two choosers share one row)
        w = max(12, min(r.height, max(r.width // 10, int(r.height * 0.55)), r.width // 5))
        value_area = pygame.Rect(r.x + int(r.width * self.split), r.y, r.right - r.x - int(r.width * self.split),
                                 r.height)
        left = pygame.Rect(value_area.x, r.y, w, r.height)
        right = pygame.Rect(r.right - w, r.y, w, r.height)
        return left, right, value_area

    def _focus_bar(self) -> pygame.Rect:
        """The accent bar at the left edge of a focused row."""
        r = self.rect
        bar = max(3, r.height // 12)
        return pygame.Rect(r.x + 2 + bar, r.y + r.height // 4, bar, r.height // 2)

    def _label_rect(self) -> pygame.Rect:
        r = self.rect
        # the label starts clear of the focus bar: the bar never touches its first letter
        pad = self._focus_bar().right - r.x + max(6, r.height // 5)
        return pygame.Rect(r.x + pad, r.y, int(r.width * self.split) - pad - 4, r.height)

    def _value_rect(self) -> pygame.Rect:
        left, right, _ = self._arrows()
        return pygame.Rect(left.right + 2, self.rect.y, right.x - left.right - 4, self.rect.height)

    def text_size(self) -> int:
        return max(16, int(self.rect.height * 0.58))

    def _value_size(self, value: object) -> int:
        return theme.fit_text(str(value), self.text_size(), self._value_rect().width, bold=True)

    def _label_size(self) -> int:
        return theme.fit_text(self.label, self.text_size(), self._label_rect().width)

    def text_boxes(self, name: str) -> list[Box]:
        from .layout_check import Box

        value = str(self.value)
        return [Box(f"{name}.label", self._label_rect(), self.label, self._label_size(), parent=name),
                Box(f"{name}.value", self._value_rect(), value, self._value_size(value), bold=True, parent=name)]

    def step(self, delta: int, wrap: bool | None = None) -> bool:
        if not self.enabled or not self.options:
            return False
        wrap = self.wrap if wrap is None else wrap
        index = self.index + delta
        if wrap:
            index %= len(self.options)
        elif not 0 <= index < len(self.options):
            return True  # at the end of the scale: used, nothing changes
        self.index = index
        if self.on_change:
            self.on_change(self.value)
        return True

    def activate(self) -> None:
        self.step(1, wrap=True)

    def handle_event(self, event: Any) -> bool:
        if self._lets_pass(event):
            return False
        if self._pressed_on(event):
            left, right, _ = self._arrows()
            if left.collidepoint(event.pos):
                self.step(-1)
            elif right.collidepoint(event.pos):
                self.step(1)
            else:
                self.activate()
            return True
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.step(-1 if event.y > 0 else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if not self.visible:
            return
        r = self.rect
        radius = max(4, r.height // 5)
        lit = focused and self.enabled
        pygame.draw.rect(surface, theme.BUTTON_HOVER if lit else theme.PANEL, r, border_radius=radius)
        if lit:
            bar = self._focus_bar()
            pygame.draw.rect(surface, theme.ACCENT, bar, border_radius=bar.width // 2)
        pygame.draw.rect(surface, theme.ACCENT if lit else theme.PANEL_EDGE, r, 2 if lit else 1, border_radius=radius)
        fg = theme.TEXT if self.enabled else theme.TEXT_FAINT
        label_rect = self._label_rect()
        theme.blit_text(surface, self.label, self._label_size(),
                        (theme.TEXT if lit else theme.TEXT_DIM) if self.enabled else theme.TEXT_FAINT,
                        label_rect.midleft, "midleft")
        left, right, _ = self._arrows()
        # each arrow a whole triangle of its own proportions (0.4 of the row high, 0.55 of that wide),
        # centred in its box: never squeezed to a sliver in a narrow row
        th = r.height * 0.4
        tw = min(th * 0.55, left.width * 0.8)
        for box, sign, can in ((left, -1, self.wrap or self.index > 0),
                               (right, 1, self.wrap or self.index < len(self.options) - 1)):
            arrow_colour = theme.ACCENT if self.enabled and can else theme.PANEL_EDGE
            cx, cy = box.centerx, box.centery
            pygame.draw.polygon(surface, arrow_colour, [(cx - sign * tw / 2, cy - th / 2), (cx + sign * tw / 2, cy),
                                                        (cx - sign * tw / 2, cy + th / 2)])
        value = str(self.value)
        theme.blit_text(surface, value, self._value_size(value), fg, self._value_rect().center, "center", bold=True)


class Slider(Widget):
    """A horizontal track from 0 to ``maximum``; click or drag to choose a value."""

    def __init__(self, maximum: int, value: int = 0, on_change: Callable[[int], object] | None = None) -> None:
        super().__init__()
        self.maximum = max(0, maximum)
        self.value = value
        self.on_change = on_change
        self.dragging = False

    def value_at(self, x: float) -> int:
        if self.maximum == 0 or self.rect.width <= 0:
            return 0
        t = (x - self.rect.x) / self.rect.width
        return max(0, min(self.maximum, round(t * self.maximum)))

    def x_of(self, value: int) -> int:
        if self.maximum == 0:
            return self.rect.x
        return self.rect.x + round(self.rect.width * value / self.maximum)

    def _set(self, value: int) -> None:
        if value != self.value:
            self.value = value
            if self.on_change:
                self.on_change(value)

    def step(self, delta: int) -> bool:
        self._set(max(0, min(self.maximum, self.value + delta)))
        return True

    def handle_event(self, event: Any) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.rect.inflate(16, 24).collidepoint(event.pos):
            self.dragging = True
            self._set(self.value_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.inflate(16, 24).collidepoint(event.pos)
            if self.dragging:
                self._set(self.value_at(event.pos[0]))
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        r = self.rect
        track = pygame.Rect(r.x, r.centery - 3, r.width, 6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=3)
        done = pygame.Rect(r.x, track.y, self.x_of(self.value) - r.x, 6)
        pygame.draw.rect(surface, theme.ACCENT_DARK, done, border_radius=3)
        knob = (self.x_of(self.value), r.centery)
        pygame.draw.circle(surface, theme.ACCENT if (focused or self.hovered or self.dragging) else theme.TEXT_DIM,
                           knob, max(7, r.height // 2))
        if focused:
            pygame.draw.circle(surface, theme.FOCUS, knob, max(7, r.height // 2) + 3, 2)


def pointer_moved(event: Any) -> bool:
    """A MOUSEMOTION that really moved (SDL also reports zero-length motion, e.g. when a window appears)."""
    rel = getattr(event, "rel", None)
    return rel is None or tuple(rel) != (0, 0)


class FocusGroup:
    """Keyboard focus over a list of widgets, in Tab order.

    Tab / Shift+Tab move the focus (and Up/Down, Left/Right step a chooser,
    unless ``arrows=False``, for a group beside a board that uses the arrows
    itself); Enter or Space activate the focused widget.  The pointer
    focuses a widget when it moves onto it or presses it.  ``focus=None``
    starts with nothing focused (nothing looks selected and Enter does
    nothing here) until Tab or the pointer picks a widget; ``clear()``
    returns to that state, e.g. when the keyboard goes back to a board.
    """

    def __init__(self, widgets: Iterable[Widget] = (), focus: int | None = 0, arrows: bool = True) -> None:
        self.widgets = list(widgets)
        for w in self.widgets:
            w.in_group = True
        self.arrows = arrows
        if focus is None:
            self.focus = -1
        else:
            self.focus = focus
            self._fix_focus(1)

    def focusable(self) -> list[Widget]:
        return [w for w in self.widgets if self._can_focus(w)]

    @staticmethod
    def _can_focus(w: Widget) -> bool:
        return w.focusable and w.visible and w.enabled

    @property
    def focused(self) -> Widget | None:
        if 0 <= self.focus < len(self.widgets):
            return self.widgets[self.focus]
        return None

    @property
    def active(self) -> bool:
        """True when some widget has the focus."""
        return self.focused is not None

    def focus_on(self, widget: Widget) -> None:
        if widget in self.widgets:
            self.focus = self.widgets.index(widget)

    def clear(self) -> None:
        """Nothing focused: nothing looks selected and Enter is left to the scene."""
        self.focus = -1

    def _fix_focus(self, direction: int) -> None:
        if not self.widgets:
            self.focus = -1
            return
        w = self.focused
        if w is not None and self._can_focus(w):
            return
        self.move(direction)

    def move(self, direction: int) -> None:
        """Focus the next (+1) or previous (-1) focusable widget, wrapping round; from nothing, the first or last."""
        n = len(self.widgets)
        if not n:
            return
        i = self.focus if self.focus >= 0 else (-1 if direction > 0 else n)
        for _ in range(n):
            i = (i + direction) % n
            if self._can_focus(self.widgets[i]):
                self.focus = i
                return

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        for w in self.widgets:
            if self._can_focus(w) and w.hit(pos):
                return w
        return None

    def handle_event(self, event: Any) -> bool:
        """True when a widget or the focus used the event."""
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            w = self.widget_at(event.pos)
            if w is not None:
                self.focus_on(w)
        used = False
        for w in list(self.widgets):
            if w.handle_event(event):
                used = True
        if event.type == pygame.MOUSEMOTION and pointer_moved(event):
            w = self.widget_at(event.pos)
            if w is not None:
                self.focus_on(w)
        return used

    def _key(self, event: Any) -> bool:
        key = event.key
        shift = getattr(event, "mod", 0) & pygame.KMOD_SHIFT
        if key == pygame.K_TAB:
            self.move(-1 if shift else 1)
            return True
        if self.arrows and key in (pygame.K_DOWN, pygame.K_UP):
            if self.focus >= 0:
                self._fix_focus(1)
            self.move(1 if key == pygame.K_DOWN else -1)
            return True
        if self.focus >= 0:
            self._fix_focus(1)  # the focused widget may have been hidden or disabled
        w = self.focused
        if w is None:
            return False
        if self.arrows and key in (pygame.K_LEFT, pygame.K_RIGHT):
            return w.step(-1 if key == pygame.K_LEFT else 1)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            w.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        focused = self.focused
        for w in self.widgets:
            w.draw(surface, focused=(w is focused))

    def text_boxes(self, prefix: str = "") -> list[Box]:
        """Every visible widget's rect and texts as layout-check boxes, named ``prefix``+index or ``w.name``."""
        from .layout_check import Box

        boxes: list[Box] = []
        for i, w in enumerate(self.widgets):

            if not w.visible:
                continue
            name = getattr(w, "name", None) or f"{prefix}{i}"
            boxes.append(Box(name, w.rect))
            boxes.extend(w.text_boxes(name))
        return boxes
