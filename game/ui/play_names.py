"""Players' names on the new-game screens: a row to type a name in, drawn as the choice rows are.

``NameField("Your name", text, placeholder="You")``: typed text (TEXTINPUT) and Backspace reach it
only while it has the keyboard focus (the screen routes them: ``take(event)``); Ctrl+V pastes one
line.  An empty field means the one word for a person the game uses everywhere (``placeholder``,
shown faint: "You", "Player 1"); the name kept is ``store.gamefile.clean_name``'s (printable, at most
40 characters).
"""

from __future__ import annotations

from typing import Any

import pygame

from ..store.gamefile import MAX_NAME, clean_name
from . import theme
from .line_edit import edited
from .widgets import Chooser


class NameField(Chooser):
    """A row ``Label   name|``: the label as a chooser's, the name typed where a chooser shows its value."""

    def __init__(self, label: str, text: str = "", placeholder: str = "", split: float = 0.42) -> None:
        super().__init__(label, [""], split=split)
        self.text = clean_name(text)
        self.placeholder = placeholder

    @property
    def value(self) -> str:
        return self.text

    @property
    def name_given(self) -> str:
        """The name typed ("" for none: the placeholder's word is meant)."""
        return clean_name(self.text)

    def step(self, delta: int, wrap: bool | None = None) -> bool:
        return False  # no choices: Left/Right do nothing here

    def activate(self) -> None:
        pass  # Space is typed (TEXTINPUT), Enter starts the game (the screen's)

    def take(self, event: Any) -> bool:
        """Typing, Backspace and Ctrl+V while this row has the focus; True when used."""
        text = edited(self.text, event, MAX_NAME)
        if text is None:
            return False
        self.text = text
        return True

    def handle_event(self, event: Any) -> bool:
        return bool(not self._lets_pass(event) and self._pressed_on(event))  # a click focuses it (the group)

    def _value_rect(self) -> pygame.Rect:
        r = self.rect
        x = r.x + int(r.width * self.split)
        return pygame.Rect(x + 4, r.y, r.right - x - 8 - r.height // 4, r.height)

    def _shown(self, focused: bool) -> str:
        """The end of the name as it fits, with a caret while focused."""
        text = self.text + ("|" if focused else "")
        size, room = self.text_size(), self._value_rect().width
        while text and theme.text_size(text, size)[0] > room:
            text = text[1:]  # the end of a long name stays in view
        return text

    def text_boxes(self, name: str) -> list[Any]:
        from .layout_check import Box

        shown = self._shown(False) or self.placeholder
        return [Box(f"{name}.label", self._label_rect(), self.label, self._label_size(), parent=name),
                Box(f"{name}.value", self._value_rect(), shown, self.text_size(), parent=name)]

    def draw(self, surface: pygame.Surface, focused: bool = False) -> None:
        if not self.visible:
            return
        r = self.rect
        radius = max(4, r.height // 5)
        pygame.draw.rect(surface, theme.BUTTON_HOVER if focused else theme.PANEL, r, border_radius=radius)
        if focused:
            bar = self._focus_bar()
            pygame.draw.rect(surface, theme.ACCENT, bar, border_radius=bar.width // 2)
        pygame.draw.rect(surface, theme.ACCENT if focused else theme.PANEL_EDGE, r, 2 if focused else 1,
                         border_radius=radius)
        theme.blit_text(surface, self.label, self._label_size(), theme.TEXT if focused else theme.TEXT_DIM,
                        self._label_rect().midleft, "midleft")
        field = self._value_rect().inflate(0, -r.height // 3)
        pygame.draw.rect(surface, theme.BACKGROUND, field, border_radius=max(3, radius // 2))
        shown = self._shown(focused)
        if self.text:
            theme.blit_text(surface, shown, self.text_size(), theme.TEXT, (field.x + 6, field.centery), "midleft")
        else:  # the word the game will use, faint, after the caret
            caret = "|" if focused else ""
            theme.blit_text(surface, caret + self.placeholder, self.text_size(), theme.TEXT_FAINT,
                            (field.x + 6, field.centery), "midleft")
