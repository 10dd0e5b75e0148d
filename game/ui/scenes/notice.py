"""A message for the player with one OK button: ``app.push("notice", title=..., message=...)``."""

from .. import theme
from ..dialog import DialogScene
from ..scene import register


@register("notice")
class NoticeScene(DialogScene):
    def enter(self):
        self.title = self.params.get("title", "")
        self.message = self.params.get("message", "")
        if self.params.get("error", True):
            self.accent = theme.DANGER
        super().enter()

    def buttons(self):
        return [("OK", self.cancel, True)]

    def cancel(self):
        self.app.pop()
        then = self.params.get("then")
        if then is not None:
            then()
