"""A message for the player with one OK button: ``app.push("notice", title=..., message=...)``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import theme
from ..dialog import DialogScene
from ..scene import register


@register("notice")
class NoticeScene(DialogScene):
    def enter(self) -> None:
        self.title = self.params.get("title", "")
        self.message = self.params.get("message", "")
        if self.params.get("error", True):
            self.accent = theme.DANGER
        super().enter()

    def buttons(self) -> list[tuple[str, Callable[[], Any], bool]]:
        return [("OK", self.cancel, True)]

    def cancel(self) -> None:

        self.app.pop()
        then = self.params.get("then")
        if then is not None:
            then()
