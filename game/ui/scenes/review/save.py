"""Saving the reported game as annotated PDN (Ctrl+S, "Save report").

Part of ReviewScene (game/ui/scenes/review/__init__.py), which is made of one class per job."""

from __future__ import annotations

from pathlib import Path

from ....analysis.annotate import annotated_pdn
from ... import theme
from .state import ReviewState


class AnnotatedSave(ReviewState):
    """Saving the reported game as annotated PDN (Ctrl+S, "Save report")."""

    def save_annotated(self) -> Path | None:

        """Write the analysed game as PDN with marks and comments to a new file; say where."""
        from ....store.saves import save_annotated

        if self.report is None:
            self.message = "Analyse the game first (G): the annotated game is saved from its report"
            return None
        recorded = self.recorded
        tags = {k: v for k, v in self.tags.items() if k not in ("Result", "FEN", "SetUp", "GameType")}
        tags["Annotator"] = "Checkers engine"
        try:
            text = annotated_pdn(self.game, self.report, tags,
                                 recorded if recorded not in (None, "*") and self.game.outcome is None else None,
                                 names=theme.SIDE_NAMES)
            path = save_annotated(text, self.tags.get("Black", "Red"), self.tags.get("White", "White"))
        except (OSError, ValueError) as e:  # a StoreError, or a game PDN cannot hold
            self.message = f"Not saved: {e}"
            return None
        self.saved_path = path
        self.message = self.note_message = f"Saved as {path}"
        self._layout_panel()  # the note makes room for the whole path
        return path
