"""Live analysis: the engine on the position shown, on and off (A).

Part of ReviewScene (game/ui/scenes/review/__init__.py), which is made of one class per job."""

from .state import ReviewState


class LiveAnalysis(ReviewState):
    """Live analysis: the engine on the position shown, on and off (A)."""

    def toggle_live(self) -> None:

        on = self.live.toggle(self.position, self.history())
        self.live_button.checked = on  # a toggle shows its state by its look, its words stay
        self._layout_panel()
