"""Where everything goes: the board, the bar, the panel (title, players, report, moves, note, buttons).

Part of ReviewScene (game/ui/scenes/review/__init__.py), which is made of one class per job."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import theme
from ...analysis_view import (
    bar_rect,
    eval_label_rect,
    label_room,
)
from ...geometry import PlayLayout
from ...report_view import (
    legend_lines,
    table_boxes,
    table_size,
)
from ...widgets import Button
from .state import ReviewState

if TYPE_CHECKING:
    from ...layout_check import Box
    from .state import NotePart

NOTE_LINES = 4     # the note above the buttons holds at most this many lines


class Layout(ReviewState):
    """Where everything goes: the board, the bar, the panel (title, players, report, moves, note, buttons)."""

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        # a narrow or portrait window: the panel under the board, as the play screen has it
        self.layout = PlayLayout(size, self.flipped, stack=True)
        st = self.layout.status
        self.slider.rect = pygame.Rect(self.layout.frame.x + 20, st.bottom + 4, self.layout.frame.width - 40, 18)
        if self.slider.rect.bottom > size[1] - 2:
            self.slider.rect.y = size[1] - 22
        if self.layout.stacked:  # the panel starts under the slider
            panel = self.layout.panel
            top = self.slider.rect.bottom + self.layout.margin // 2
            self.layout.panel = pygame.Rect(panel.x, top, panel.width, max(1, panel.bottom - top))
        self.bar = bar_rect(self.layout)
        self._layout_panel()

    def _layout_panel(self) -> None:
        """The panel from the top: title, players and result, the report (or the progress bar),
        the moves; from the bottom: the buttons, and above them the note (live line, explanation).
        Under the board (a wide, low panel) in two columns: the title down to the moves on the left, the
        note and the buttons on the right."""
        panel = self.layout.panel
        pad = max(8, min(16, panel.width // 22))
        h = self._text_height()
        x, w = panel.x + pad, panel.width - 2 * pad
        column = panel
        if self.layout.stacked:
            w = (panel.width - 3 * pad) // 2
            column = pygame.Rect(x + w, panel.y, w + 2 * pad, panel.height)  # the right column, padded
        self.pad = pad
        self.title_size = theme.fit_text("Review", max(24, min(44, h // 20)), w, bold=True)
        self.title_rect = pygame.Rect(x, panel.y + pad, w, theme.font(self.title_size, True).get_height())
        self.text_size = max(16, min(32, h // 34))
        line = theme.font(self.text_size).get_linesize()
        y = self.title_rect.bottom + pad // 2
        self.info_rects = []
        for _ in self.info_lines():
            self.info_rects.append(pygame.Rect(x, y, w, line))
            y += line
        if self.error:
            size = self.small_size
            height = min(3, len(theme.wrap(self.error_text(), size, w))) * theme.font(size).get_linesize()
            self.error_rect = pygame.Rect(x, y, w, height)
            y += height
        else:
            self.error_rect = pygame.Rect(x, y, w, 0)
        top = y + pad // 2
        # buttons, bottom up: [Flip | Back], friend, computer, [Analyse | Live analysis]
        # as tall as the play panel's buttons on a big window (their text grows with them), no
        # taller than before on a small one, where the move list needs the room
        k = max(0.8, min(1.6, min(panel.height / 740, panel.width / 354)))  # the play panel's scale
        bh = max(30, min(max(50, int(42 * k)), h // 17))
        gap = max(4, bh // 5)
        half = (w - gap) // 2
        bx = column.x + pad  # the buttons' column: the panel's, or its right half under the board
        yb = column.bottom - pad - bh
        self.flip_button.rect = pygame.Rect(bx, yb, half, bh)
        self.back_button.rect = pygame.Rect(bx + half + gap, yb, w - half - gap, bh)
        for b in (self.vs_friend, self.vs_computer):
            yb -= bh + gap
            b.rect = pygame.Rect(bx, yb, w, bh)
        yb -= bh + gap
        self.analyse_button.rect = pygame.Rect(bx, yb, half, bh)
        self.live_button.rect = pygame.Rect(bx + half + gap, yb, w - half - gap, bh)
        if self.practice.button.visible:
            yb -= bh + gap
            self.practice.button.rect = pygame.Rect(bx, yb, w, bh)
        for widget in self.focus.widgets[1:]:
            if isinstance(widget, Button):
                widget.show_hotkeys = True


        bottom = yb - gap
        # the note above the buttons: the live line, a bad move's explanation; as many lines as
        # the longest the report can show (so stepping through the game never moves the list)
        small = self.small_size
        small_line = theme.font(small).get_linesize()
        lines = self.note_room(w)
        if self.layout.stacked:  # the right column holds what it can above the buttons
            lines = max(0, min(lines, (bottom - column.y - pad) // small_line))
        self.note_rect = pygame.Rect(bx, bottom - lines * small_line, w, lines * small_line)
        bottom = self.note_rect.y - (gap if lines else 0)
        if self.layout.stacked:  # the left column goes down to the panel's foot
            bottom = panel.bottom - pad
        # the report (or the progress bar), then the moves in what is left
        self.progress_rect = pygame.Rect(x, top, w, 0)
        self.table_rect = pygame.Rect(x, top, w, 0)
        self.legend_lines = []
        self.legend_rect = pygame.Rect(x, top, w, 0)
        self.graph.resize((x, top, w, 0))
        if self.analysing or (self.analysis_note and self.report is None):
            self.progress_rect = pygame.Rect(x, top, w, max(small_line + 4, bh * 2 // 3))
            top = self.progress_rect.bottom + pad // 2
        elif self.report is not None:
            self.table_text = max(16, min(28, self.text_size - 2))
            table_h = 3 * theme.font(self.table_text).get_linesize()
            self.table_rect = pygame.Rect(x, top, w, table_h)
            self.table_text = table_size(self.table_rect, self.report, self.table_text)
            self.legend_size = small
            self.legend_lines = legend_lines(small, w)
            self.legend_rect = pygame.Rect(x, self.table_rect.bottom + 2, w, len(self.legend_lines) * small_line)
            top = self.legend_rect.bottom + pad // 2
            # the graph takes a share of what is left, the move list the rest
            graph_h = max(36, min(150, int((bottom - top) * 0.24)))
            graph_h = min(graph_h, max(0, bottom - top))  # a low panel (larger text under the board): what is left
            self.graph.resize((x, top, w, graph_h))
            top = self.graph.rect.bottom + pad // 2
        self.list_size = self.text_size
        self.list_line_h = theme.font(self.list_size).get_linesize() + 2
        self.list_rect = pygame.Rect(x, top, w, max(0, bottom - top))

    def note_room(self, width: int) -> int:
        """Lines kept for the note: the most any position's note takes with this report at
        ``width`` (the live line's too, when on), at most NOTE_LINES; none without either."""
        size = self.small_size
        need = 0
        if self.report is not None:
            key = (id(self.report), width, size)
            if getattr(self, "_note_need", (None, 0))[0] != key:
                most = max((self._wrapped_count(self.note_parts(ply, live=False), width)
                            for ply in range(self.total + 1)), default=0)
                self._note_need = (key, most)
            need = self._note_need[1]
        if self.live.on:
            need += 3 if not need else 2
        if self.note_message:
            need = max(need, len(theme.wrap(self.note_message, size, width)))  # shown in the note, whole
        return min(NOTE_LINES, need)

    def _wrapped_count(self, parts: list[NotePart], width: int) -> int:
        return sum(len(theme.wrap(text, self.small_size, width)) for text, _, _ in parts)

    @property
    def small_size(self) -> int:
        return max(16, min(28, self._text_height() // 44))

    def _text_height(self) -> int:
        """The height the panel's texts are sized by: the window's, or under the board (a low panel) what
        a panel beside a board that tall would have."""
        layout: PlayLayout | None = getattr(self, "layout", None)  # None before the first resize
        if layout is not None and layout.stacked:
            return min(self.size[1], layout.panel.height * 2)
        return self.size[1]

    def layout_boxes(self) -> list[Box]:

        from ...layout_check import Box

        layout = self.layout
        text, _ = self.status_text()
        st = layout.status
        size = max(16, int(st.height * 0.6))
        boxes = [Box("board", layout.frame), Box("panel", layout.panel), Box("bar", label_room(self.bar)),
                 Box("status", st, theme.elide(text, size, st.width - 8), size),
                 Box("slider", self.slider.rect),
                 Box("title", self.title_rect, "Review", self.title_size, bold=True, parent="panel")]
        for i, (line, rect) in enumerate(zip(self.info_lines(), self.info_rects)):
            boxes.append(Box(f"info{i}", rect, theme.elide(line, self.text_size, rect.width), self.text_size,
                             parent="panel"))
        shown, score = self.bar_score()
        label = eval_label_rect(self.bar, score, layout.board.flipped) if shown else None
        if label is not None:
            boxes.append(Box("bar.label", label[0], label[1], label[2], bold=True, parent="bar"))
        if self.error_rect.height:
            error = " ".join(theme.wrap(self.error_text(), self.small_size, self.error_rect.width)[:3])
            boxes.append(Box("error", self.error_rect, error, self.small_size, parent="panel", wrap=True))
        if self.progress_rect.height:
            text = self.progress_text()
            boxes.append(Box("progress", self.progress_rect, text,
                             theme.fit_text(text, self.small_size, self.progress_rect.width - 8), parent="panel"))
        if self.report is not None:
            boxes.append(Box("table", self.table_rect, parent="panel"))
            boxes += table_boxes(self.table_rect, self.report, self.table_text, "table")
            boxes.append(Box("legend", self.legend_rect, parent="panel"))
            line_h = theme.font(self.legend_size).get_linesize()
            for i, spans in enumerate(self.legend_lines):
                boxes.append(Box(f"legend{i}", (self.legend_rect.x, self.legend_rect.y + i * line_h,
                                                 self.legend_rect.width, line_h),
                                 "".join(t for t, _, _ in spans), self.legend_size, parent="legend"))
            boxes.append(Box("graph", self.graph.rect, parent="panel"))
        if self.list_rect.height:
            boxes.append(Box("moves", self.list_rect, parent="panel"))
            for ply, cell in self.move_list.cells(self.list_rect, self.list_line_h, self.ply):
                m = self.move_report(ply)
                text = str(self.game.moves[ply - 1]) + (m.grade.mark if m is not None else "")
                boxes.append(Box(f"move{ply}", cell, text, self.list_size, bold=True, parent="moves"))
        if self.note_rect.height:
            boxes.append(Box("note", self.note_rect, parent="panel"))
            y = self.note_rect.y
            line_h = theme.font(self.small_size).get_linesize()
            for i, (text, _, _) in enumerate(self.wrapped_note()):
                boxes.append(Box(f"note{i}", (self.note_rect.x, y, self.note_rect.width, line_h), text,
                                 self.small_size, parent="note"))
                y += line_h
        boxes += [b._replace(parent=b.parent or "panel") for b in self.focus.text_boxes("widget")
                  if b.name != "slider" and not b.name.startswith("slider")]
        return boxes
