"""Drawing the review: board, arrows, bar, panel.  Draws only; changes no state.

Part of ReviewScene (game/ui/scenes/review/__init__.py), which is made of one class per job."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....rules import BLACK
from ... import theme
from ...analysis_view import (
    draw_eval_bar,
    draw_line,
    draw_spans,
    marked_spans,
    progress_bar,
)
from ...board_view import BoardPicture, pieces_of
from ...report_view import (
    draw_table,
)
from .state import ReviewState
from .why import PLAYED_COLOUR, WHY_COLOURS

if TYPE_CHECKING:
    from ...theme import Colour


class Drawing(ReviewState):
    """Drawing the review: board, arrows, bar, panel.  Draws only; changes no state."""

    def picture(self) -> BoardPicture:
        pic = BoardPicture(pieces_of(self.position))
        if self.why is not None:
            if self.why.index > 0:
                pic.last_move = self.why.moves[self.why.index - 1].path
        elif self.ply > 0:
            pic.last_move = self.game.moves[self.ply - 1].path
        pic.numbers = self.numbers
        return pic

    def draw(self, surface: pygame.Surface) -> None:
        theme.gradient_background(surface)
        layout = self.layout
        self.renderer.draw(surface, layout, self.picture())
        self._draw_arrows(surface)
        self._draw_bar(surface)
        text, colour = self.status_text()
        st = layout.status
        size = max(16, int(st.height * 0.6))
        theme.blit_text(surface, theme.elide(text, size, st.width - 8), size, colour, st.center, "center")
        self._draw_panel(surface)
        self.focus.draw(surface)

    def _draw_arrows(self, surface: pygame.Surface) -> None:
        board = self.layout.board
        if self.why is not None:
            w = self.why
            if w.index == 0:
                draw_line(surface, board, [w.report.move], colours=PLAYED_COLOUR, count=1)
                if w.report.best is not None:
                    draw_line(surface, board, [w.report.best], colours=WHY_COLOURS, count=1)
            elif w.index < len(w.moves):
                draw_line(surface, board, [w.moves[w.index]], colours=WHY_COLOURS[2:], count=1)
            return
        if self.live.on:
            self.live.draw_arrows(surface, board, self.position)
            return
        m = self.explained()
        if m is not None and m.explanation is not None and m.explanation.line:

            # what the bad move allows: the refutation's first move
            draw_line(surface, board, m.explanation.line[:1], colours=WHY_COLOURS[1:], count=1)

    def bar_score(self) -> tuple[bool, int | None]:
        """(whether the bar is drawn, the score it shows from Black's view or None)."""
        if self.live.on:
            return True, self.live.score_black()
        if self.report is not None and self.why is None:
            return True, self.verdict_black(self.ply)
        return False, None

    def verdict_black(self, ply: int) -> int:
        """The report's score of position ``ply`` from Black's view, unclamped (the graph's are
        clamped): the bar and the note say a won position as a win ("R3"), never "+10"."""
        assert self.report is not None  # (asked only with a report)
        turn = self.game.positions[ply].turn
        score = self.report.verdicts[ply].score
        return score if turn == BLACK else -score

    def _draw_bar(self, surface: pygame.Surface) -> None:
        shown, score = self.bar_score()
        if shown:
            draw_eval_bar(surface, self.bar, score, self.layout.board.flipped)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        panel = self.layout.panel
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=10)
        pygame.draw.rect(surface, theme.PANEL_EDGE, panel, 1, border_radius=10)
        theme.blit_text(surface, "Review", self.title_size, theme.TEXT, self.title_rect.topleft, bold=True)
        lines = self.info_lines()
        for i, (text, rect) in enumerate(zip(lines, self.info_rects)):
            colour = theme.TEXT if i == len(lines) - 1 else theme.TEXT_DIM
            theme.blit_text(surface, theme.elide(text, self.text_size, rect.width), self.text_size, colour,
                            rect.topleft)
        if self.error_rect.height:
            y = self.error_rect.y
            for ln in theme.wrap(self.error_text(), self.small_size, self.error_rect.width)[:3]:
                theme.blit_text(surface, ln, self.small_size, theme.DANGER, (self.error_rect.x, y))
                y += theme.font(self.small_size).get_linesize()
        if self.progress_rect.height:
            fraction = self.analysis.progress if self.analysis is not None and self.analysing else 0.0
            progress_bar(surface, self.progress_rect, fraction)
            text = self.progress_text()
            size = theme.fit_text(text, self.small_size, self.progress_rect.width - 8)
            theme.blit_text(surface, text, size, theme.TEXT, self.progress_rect.center, "center")
        if self.report is not None:
            draw_table(surface, self.table_rect, self.report, self.table_text, hover=self.hover)
            y = self.legend_rect.y
            for spans in self.legend_lines:
                draw_spans(surface, spans, self.legend_size, (self.legend_rect.x, y))
                y += theme.font(self.legend_size).get_linesize()
            self.graph.draw(surface, self.ply)
        self.move_list.draw(surface, self.list_rect, self.list_line_h, self.list_size, self.ply, self.report)
        self._draw_note(surface)

    def _draw_note(self, surface: pygame.Surface) -> None:
        size = self.small_size
        line_h = theme.font(size).get_linesize()
        y = self.note_rect.y
        # each mark colours the first word equal to it, in its part
        pending: tuple[tuple[str, Colour], ...] = ()
        last_marks: tuple[tuple[str, Colour], ...] | None = None

        for text, colour, marks in self.wrapped_note():
            if marks is not last_marks:
                pending, last_marks = marks, marks
            words = set(w.rstrip(".,:;") for w in text.split(" "))
            here = tuple(m for m in pending if m[0] in words)
            pending = tuple(m for m in pending if m[0] not in words)
            draw_spans(surface, marked_spans(text, colour, here), size, (self.note_rect.x, y))
            y += line_h
