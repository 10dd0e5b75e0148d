"""A yes/no question over the current screen: ``app.push("confirm", title=..., on_confirm=...)``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..dialog import DialogScene
from ..scene import register


@register("confirm")
class ConfirmScene(DialogScene):
    def enter(self) -> None:
        p = self.params
        self.title = p.get("title", "Are you sure?")
        self.message = p.get("message", "")
        self.confirm_label = p.get("confirm", "Yes")
        self.cancel_label = p.get("cancel_label", "Cancel")
        super().enter()
        self.focus.focus_on(self.widgets[-1])  # Enter on a fresh dialog is the safe choice

    def buttons(self) -> list[tuple[str, Callable[[], Any], bool]]:
        return [(self.confirm_label, self.confirm, True), (self.cancel_label, self.cancel, False)]

    def confirm(self) -> None:

        on_confirm = self.params.get("on_confirm")
        self.app.pop(result=True)
        if on_confirm is not None:
            on_confirm()
