"""The game report: made in the background (G), cancelled (Esc), and read per move.

Part of ReviewScene (game/ui/scenes/review/__init__.py), which is made of one class per job."""


from __future__ import annotations

from typing import TYPE_CHECKING

from ....analysis.runner import GameAnalysis
from ....engine.process import close_quietly
from ... import theme
from .state import ReviewState

if TYPE_CHECKING:
    from ....analysis.report import MoveReport


class GameReport(ReviewState):
    """The game report: made in the background (G), cancelled (Esc), and read per move."""

    def _close_analysis_client(self) -> None:
        close_quietly(self.analysis.client if self.analysis is not None else None)

    @property
    def analysing(self) -> bool:
        return self.analysis is not None and not self.analysis.done

    def analyse_action(self) -> None:
        """The button under the panel: analyse, cancel, then save the annotated game."""
        if self.analysing:
            self.cancel_analysis()
        elif self.report is not None:
            self.save_annotated()
        else:
            self.start_analysis()

    def start_analysis(self) -> None:
        if self.analysing or self.report is not None:
            return
        if not self.total:
            self.analysis_note = "No moves to analyse"
            return
        self._close_analysis_client()
        try:
            client = self.app.new_engine(background=True)  # the report yields the CPU to the window
        except Exception as e:  # no engine: say so, the review goes on
            self.analysis_note = f"The engine could not be started ({e})"
            self._layout_panel()
            return
        self.analysis = GameAnalysis(self.game.start, self.game.moves, client, names=theme.SIDE_NAMES)
        self.analysis_note = ""
        self._refresh_buttons()

    def cancel_analysis(self) -> None:
        if self.analysis is not None and self.analysing:
            self.analysis.cancel()
            self._close_analysis_client()
            self.analysis_note = "Analysis cancelled: G starts it again"
            self.analysis = None
            self._refresh_buttons()

    def _analysis_finished(self) -> None:
        analysis = self.analysis
        assert analysis is not None
        if analysis.error:
            self.analysis_note = f"No report: {analysis.error}"
            self.analysis = None
        elif not analysis.cancelled:
            self.report = analysis.report()
            if self.report is not None:
                self.graph.set(self.report.black_scores(), [m.kind for m in self.report.moves])
        if self.report is None or not self.practice.start(self.report, analysis.client):
            self._close_analysis_client()  # (else the player's exercises are made with it, then it is closed)
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        # while the report is made Esc cancels it (the board stays usable), and Back says no key
        if self.analysing:
            self.analyse_button.text, self.analyse_button.hotkey = "Cancel analysis", "Esc"
        elif self.report is not None:
            # the game with the report's marks and comments, as a PDN file (the message says where)
            self.analyse_button.text, self.analyse_button.hotkey = "Save report", "Ctrl+S"
        else:
            self.analyse_button.text, self.analyse_button.hotkey = "Game report", "G"
        self.back_button.hotkey = None if self.analysing else "Esc"
        self._layout_panel()

    def move_report(self, ply: int | None = None) -> MoveReport | None:
        """The report on the move that led to position ``ply`` (default: the one shown), or None."""
        ply = self.ply if ply is None else ply
        if self.report is None or ply < 1:
            return None
        return self.report.moves[ply - 1]

    def progress_text(self) -> str:
        if self.analysis is not None and self.analysing:
            return f"Analysing the game: {int(self.analysis.progress * 100)}%"
        return self.analysis_note

    def update(self, dt: float) -> None:

        if self.analysis is not None and not self.analysis.done:
            self.analysis.poll()
            if self.analysis.done:
                self._analysis_finished()
        self.practice.poll()
        if self.live.on:
            self.live.follow(self.position, self.history())
            self.live.poll()
