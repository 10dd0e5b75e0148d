"""Your record: the player's results against each level, their strength over time, and how
strong that makes them (``game.training.record``, ``game.training.strength``).

The finished games are read from the archive in a thread (a few hundred files can take a
moment), and the table, the graph's points and the estimate are worked out there too
(``summarise``: a second for ten thousand games), so the window keeps drawing: "Reading
your games…" until they are in.  A table of
won, drawn and lost per level (each level's Elo beside it), a graph of the strength
estimate after each day (or week, or month) with games, with its likely range shaded and
the levels as lines across it, and the estimate in words.  "Practise your mistakes" (P)
opens the exercises made of the player's own mistakes when some are due.  Esc goes back.
"""

from __future__ import annotations

import datetime
import threading
from typing import TYPE_CHECKING, Any

import pygame

from ...training.exercises import exercise_counts
from ...training.record import Record, read_record
from ...training.strength import LEVEL_ELO
from .. import theme
from ..page import Page
from ..scene import SCENES, register
from ..widgets import Button, FocusGroup

if TYPE_CHECKING:
    from ...training.strength import Estimate
    from ..layout_check import Box

TITLE = "Your record"
FOOTER = "P practises your mistakes · Esc goes back"
FOOTER_NONE_DUE = "Esc goes back"
READING = "Reading your games…"
EMPTY = ("No games against the computer yet. Play a game with 1 Player: every game you finish "
         "shows here, with your results against each level and how strong they make you.")
HEADERS = ("Level", "Elo", "Won", "Drawn", "Lost")
NOTE = ("Each level is rated from its games against the level below it. Your strength is the "
        "rating your results make most likely; the shaded band is its likely range.")
BAND = (120, 170, 230, 60)       # the likely range, shaded
LINE = (120, 170, 230)
LEVEL_LINE = (84, 92, 108)


def summarise(record: Record) -> dict[str, Any]:
    """What the screen shows of ``record``, worked out once: {"rows", "totals", "points",
    "estimate", "period"}.  The timeline and the estimate take a while for many games:
    the reader thread calls this, never the frame."""
    return {"rows": record.by_level(), "totals": record.totals(), "points": record.timeline(),
            "estimate": record.estimate(), "period": record.period()}


def read_in_background(result: dict[str, Any]) -> None:
    """Read the record into ``result``: "summary" (``summarise``), "due", then "record" (the
    Record) last, so that a reader seeing "record" sees the rest.  Never raises."""
    try:
        record = read_record()
        summary = summarise(record)
    except Exception as e:  # a record that cannot be read is an empty one with a reason
        record = Record([], [f"your games could not be read ({str(e)[:80]})"])
        summary = summarise(record)
    try:
        due = exercise_counts()[0]
    except Exception:
        due = 0
    result["summary"], result["due"] = summary, due
    result["record"] = record


def _count_due(result: dict[str, int]) -> None:
    """The exercises due into ``result["due"]``; never raises."""
    try:
        result["due"] = exercise_counts()[0]
    except Exception:
        result["due"] = 0


def strength_words(estimate: Estimate | None) -> str:
    """"Your strength: about 1480 Elo (likely 1240-1720), from 12 games"."""
    if estimate is None:
        return "Your strength shows once you play a level from Beginner to Master"
    games = f"{estimate.games} game{'s' if estimate.games != 1 else ''}"
    return (f"Your strength: about {round(estimate.elo)} Elo (likely {estimate.low()}\u2013{estimate.high()}), "
            f"from {games}")


@register("record")
class RecordScene(Page):
    footer = FOOTER

    def enter(self) -> None:
        self.changed = False   # the games arrived this frame
        self.record: Record | None = self.params.get("record")   # a Record given (tests), else read from the archive
        self.due: int = self.params.get("due", 0)
        self._summary = summarise(self.record) if self.record is not None else None
        self._result: dict[str, Any] = {}
        self._recount: dict[str, int] | None = None   # {"due": n} once a recount (back from the exercises) is done
        self._thread: threading.Thread | None = None
        if self.record is None:
            self._thread = threading.Thread(target=read_in_background, args=(self._result,), daemon=True,
                                            name="checkers-record")
            self._thread.start()
        self.practise_button = Button("Practise your mistakes", self.practise, hotkey="P")
        self.back_button = Button("Back", self.back, hotkey="Esc")
        self.practise_button.name, self.back_button.name = "practise", "back"
        self.focus = FocusGroup([self.practise_button, self.back_button], focus=1)
        self._refresh()

    @property
    def loading(self) -> bool:
        return self.record is None

    def _refresh(self) -> None:
        self.practise_button.visible = bool(self.due) and "puzzles" in SCENES
        if self.practise_button.visible:
            self.practise_button.text = f"Practise your mistakes ({self.due})"
        self.footer = FOOTER if self.practise_button.visible else FOOTER_NONE_DUE
        summary = self._summary or {}
        self.rows = summary.get("rows", [])
        self.totals = summary.get("totals", (0, 0, 0))
        self.points = summary.get("points", [])
        self.estimate = summary.get("estimate")
        self.period = summary.get("period", "day")
        self.resize(self.size)

    def practise(self) -> None:
        if self.practise_button.visible:
            self.app.push("puzzles", exercises=True)

    def uncovered(self, result: object = None) -> None:
        # back from the exercises: fewer may be due.  Counted in a thread: each entry is
        # checked to make a puzzle, a second for thousands of them
        self._recount = {}
        threading.Thread(target=_count_due, args=(self._recount,), daemon=True, name="checkers-record-due").start()

    def wants_redraw(self) -> bool:
        return self.changed or self.loading or self._recount is not None

    def update(self, dt: float) -> None:
        self.changed = False
        if self._recount is not None and "due" in self._recount:
            self.due, self._recount = self._recount["due"], None
            self._refresh()
        if self.loading and "record" in self._result:
            self._summary = self._result["summary"]
            self.record = self._result["record"]
            self.due = self._result.get("due", 0)
            self.changed = True  # drawn in this frame, not at the next redraw a quarter second on
            self._refresh()
            if self.record.problems:  # games skipped or unreadable: said once, the rest shown
                words = "; ".join(self.record.problems)
                self.app.push("notice", title="Some of your games were left out",
                              message=f"{words[:1].upper()}{words[1:]}. The record shows the others.")

    def handle_event(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
                return
            if event.key == pygame.K_p:
                self.practise()
                return
        self.focus.handle_event(event)

    # -- layout ----------------------------------------------------------------------

    def summary(self) -> str:
        if self.record is None:   # (loading)
            return READING
        if not self.record.games:
            return ""
        return strength_words(self.estimate)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        m = theme.margin(size)
        self.title_size = theme.fit_text(TITLE, max(30, min(96, h // 11)), w - 2 * m, bold=True)
        self.title_rect = pygame.Rect(m, m, w - 2 * m, theme.font(self.title_size, True).get_height())
        bh = max(28, min(72, h // 14))
        bw = max(120, min(420, (w - 3 * m) // 2))
        y = self.footer_rect.y - m - bh
        shown = [b for b in (self.practise_button, self.back_button) if b.visible]
        x = (w - (len(shown) * bw + (len(shown) - 1) * m)) // 2
        for b in shown:
            b.rect = pygame.Rect(x, y, bw, bh)
            x += bw + m
        self.summary_size = max(16, min(34, h // 28))
        text = self.summary() or " "
        self.summary_size = max(16, theme.fit_text(text, self.summary_size, w - 2 * m))
        self.summary_rect = pygame.Rect(m, self.title_rect.bottom + m // 2, w - 2 * m,
                                        theme.font(self.summary_size).get_height())
        area = pygame.Rect(m, self.summary_rect.bottom + m, w - 2 * m, y - m - self.summary_rect.bottom - m)
        self.area = area
        self.empty_size = max(16, min(36, h // 26))
        self.table_rect = pygame.Rect(area.x, area.y, 0, 0)
        self.graph_rect = pygame.Rect(area.x, area.y, 0, 0)
        self.note_rect = pygame.Rect(area.x, area.y, 0, 0)
        if self.record is None or not self.record.games:   # (loading, or no games)
            return
        if area.width >= area.height * 1.25:   # side by side: the table left, the graph right
            self.table_rect = pygame.Rect(area.x, area.y, area.width * 2 // 5, area.height)
            self._layout_table()
            right = self.table_rect.right + 2 * m
            self.graph_rect = pygame.Rect(right, area.y, area.right - right, area.height)
            # under the table, what the numbers mean (when there is room for it)
            self.note_size = max(16, self.table_size - 4)
            top = self.table_rect.bottom + m
            need = theme.wrapped_height(NOTE, self.note_size, self.table_rect.width)
            if need <= area.bottom - top:
                self.note_rect = pygame.Rect(area.x, top, self.table_rect.width, need)
        else:                                   # stacked: the table over the graph
            self.table_rect = pygame.Rect(area.x, area.y, area.width, area.height * 2 // 5)
            self._layout_table()
            top = self.table_rect.bottom + m
            self.graph_rect = pygame.Rect(area.x, top, area.width, area.bottom - top)
        self._layout_graph()

    def _table_lines(self, fit: int) -> list[tuple[str, str, str, str, str]]:
        """The table's lines (header, levels, total) within ``fit`` lines: custom levels past the
        room are summed into one "Other levels" line."""
        rows: list[tuple[str, str, int, int, int]] = [
            (level_words(r.level), "" if r.elo is None else str(round(r.elo)), r.won, r.drawn, r.lost)
            for r in self.rows]
        room = max(1, fit - 2)
        if len(rows) > room:
            rest = rows[room - 1:]
            rows = rows[:room - 1] + [("Other levels", "", sum(r[2] for r in rest), sum(r[3] for r in rest),
                                       sum(r[4] for r in rest))]
        won, drawn, lost = self.totals
        lines: list[tuple[str, str, str, str, str]] = [HEADERS]
        lines += [(a, b, str(c), str(d), str(e)) for a, b, c, d, e in rows]

        if len(self.rows) > 1:
            lines.append(("All", "", str(won), str(drawn), str(lost)))
        return lines

    def _layout_table(self) -> None:
        r = self.table_rect
        h = self.size[1]
        size = max(16, min(40, h // 28))
        while True:
            line_h = int(theme.font(size).get_linesize() * 1.25)
            fit = max(2, r.height // line_h)
            lines = self._table_lines(fit)
            widths = [max(theme.text_size(line[i], size, bold=(j == 0), tabular=i > 0)[0]
                          for j, line in enumerate(lines)) for i in range(5)]
            if sum(widths) + 4 * max(8, size // 2) <= r.width or size <= 16:
                break
            size -= 1
        self.table_size = size
        self.table_line_h = line_h
        self.lines = lines
        gap = max(8, min(theme.pixel_size(size) * 2, (r.width - sum(widths)) // 5))
        width = min(r.width, sum(widths) + 4 * gap)
        name_w = width - sum(widths[1:]) - 4 * gap
        # the level's name on the left, the numbers right-aligned in their columns
        self.cells: list[list[tuple[int, pygame.Rect]]] = []
        for j in range(len(lines)):
            y = r.y + j * line_h
            cols = [(0, pygame.Rect(r.x, y, max(1, name_w), line_h))]
            x = r.x + name_w
            for i in range(1, 5):
                x += gap
                cols.append((i, pygame.Rect(x, y, widths[i], line_h)))
                x += widths[i]
            self.cells.append(cols)
        self.table_rect = pygame.Rect(r.x, r.y, width, line_h * len(lines))

    def _layout_graph(self) -> None:
        g = self.graph_rect
        h = self.size[1]
        self.graph_size = max(16, min(32, h // 36))
        label_h = theme.font(self.graph_size).get_linesize()
        self.graph_title_rect = pygame.Rect(g.x, g.y, g.width, label_h)
        axis_w = theme.text_size("0000", self.graph_size, tabular=True)[0] + 6
        self.plot = pygame.Rect(g.x + axis_w, self.graph_title_rect.bottom + label_h // 2, g.width - axis_w,
                                g.bottom - self.graph_title_rect.bottom - label_h // 2 - label_h - 4)
        self.date_rects: list[tuple[str, pygame.Rect]] = []
        self.tick_labels: list[tuple[str, pygame.Rect]] = []
        self.level_labels: list[tuple[str, int, pygame.Rect | None]] = []
        if self.plot.height < 3 * label_h or self.plot.width < 40:
            return
        # the Elo range: every point's likely range and the nearest levels around it
        values = [v for p in self.points if p.estimate is not None
                  for v in (p.estimate.low(), p.estimate.high())] or [min(LEVEL_ELO.values()), max(LEVEL_ELO.values())]
        lo, hi = min(values), max(values)
        below = [e for e in LEVEL_ELO.values() if e <= lo]
        above = [e for e in LEVEL_ELO.values() if e >= hi]
        lo = min(lo, max(below)) if below else lo
        hi = max(hi, min(above)) if above else hi
        pad = max(50, (hi - lo) * 0.05)
        self.elo_range: tuple[float, float] = (lo - pad, hi + pad)
        # Elo ticks every 100, 200 or 500, as many as the height allows
        for step in (100, 200, 250, 500, 1000):
            if (self.elo_range[1] - self.elo_range[0]) / step * label_h * 1.6 <= self.plot.height:
                break
        first = int(self.elo_range[0] // step + 1) * step
        for value in range(first, int(self.elo_range[1]) + 1, step):
            y = self.y_of(value)
            rect = pygame.Rect(g.x, y - label_h // 2, axis_w - 6, label_h)
            if rect.top >= self.plot.top and rect.bottom <= self.plot.bottom:
                self.tick_labels.append((str(value), rect))
        # each level in range as a line with its name at the plot's right edge (none overlapping)
        taken: list[pygame.Rect] = []
        for level, elo in LEVEL_ELO.items():
            if not self.elo_range[0] <= elo <= self.elo_range[1]:
                continue
            y = self.y_of(elo)
            tw = theme.text_size(level, self.graph_size)[0]
            rect = pygame.Rect(self.plot.right - tw - 4, y - label_h, tw, label_h)
            if rect.top <= self.plot.top:
                rect.top = y + 1  # no room above its line: under it
            if rect.bottom >= self.plot.bottom or any(rect.colliderect(t) for t in taken):
                self.level_labels.append((level, y, None))
                continue
            taken.append(rect)
            self.level_labels.append((level, y, rect))
        dated = [p for p in self.points if p.estimate is not None]
        if dated:
            first_text, last_text = _date(dated[0].day), _date(dated[-1].day)
            y = self.plot.bottom + 4
            fw = theme.text_size(first_text, self.graph_size)[0]
            x = self.plot.x if len(dated) > 1 else self.plot.centerx - fw // 2  # one point: under it
            self.date_rects.append((first_text, pygame.Rect(x, y, fw, label_h)))
            if len(dated) > 1:
                lw = theme.text_size(last_text, self.graph_size)[0]
                last = pygame.Rect(self.plot.right - lw, y, lw, label_h)
                if not last.colliderect(self.date_rects[0][1].inflate(8, 0)):
                    self.date_rects.append((last_text, last))

    def y_of(self, elo: float) -> int:
        lo, hi = self.elo_range
        t = (elo - lo) / max(1e-9, hi - lo)
        return round(self.plot.bottom - t * self.plot.height)

    def x_of(self, i: int, n: int) -> int:
        if n <= 1:
            return self.plot.centerx
        inset = max(6, self.plot.width // 40)
        return round(self.plot.x + inset + i * (self.plot.width - 2 * inset) / (n - 1))

    def graph_title(self) -> str:
        return f"Your strength after each {self.period} you played"

    def layout_boxes(self) -> list[Box]:
        from ..layout_check import Box

        boxes = [Box("title", self.title_rect, TITLE, self.title_size, bold=True)]
        text = self.summary()
        if text:
            boxes.append(Box("summary", self.summary_rect, text, self.summary_size))
        if self.record is not None and not self.record.games:
            boxes.append(Box("empty", self.empty_rect(), EMPTY, self.empty_size, wrap=True))
        if self.table_rect.width:
            boxes.append(Box("table", self.table_rect))
            for j, (line, cells) in enumerate(zip(self.lines, self.cells)):
                for i, cell in cells:
                    if line[i]:
                        boxes.append(Box(f"table.{j}.{i}", cell, line[i], self.table_size, bold=j == 0,
                                         parent="table", tabular=i > 0))
        if self.note_rect.width:
            boxes.append(Box("note", self.note_rect, NOTE, self.note_size, wrap=True))
        if self.graph_rect.width:
            boxes.append(Box("graph", self.graph_rect))
            boxes.append(Box("graph.title", self.graph_title_rect, self.graph_title(), self.graph_size,
                             parent="graph"))
            boxes.append(Box("graph.plot", self.plot, parent="graph"))
            for k, (text, rect) in enumerate(self.tick_labels):
                boxes.append(Box(f"graph.tick{k}", rect, text, self.graph_size, parent="graph", tabular=True))
            for k, (text, rect) in enumerate(self.date_rects):
                boxes.append(Box(f"graph.date{k}", rect, text, self.graph_size, parent="graph"))
            for level, _y, label_rect in self.level_labels:
                if label_rect is not None:
                    boxes.append(Box(f"graph.plot.{level}", label_rect, level, self.graph_size, parent="graph.plot"))
        boxes += self.focus.text_boxes("button")
        boxes.append(self.footer_box())
        return boxes

    def empty_rect(self) -> pygame.Rect:
        a = self.area
        width = min(a.width, theme.pixel_size(self.empty_size) * 34)
        height = min(a.height, theme.wrapped_height(EMPTY, self.empty_size, width))
        return pygame.Rect(a.centerx - width // 2, a.y + max(0, (a.height - height) // 3), width, height)

    # -- drawing ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        theme.gradient_background(surface)
        theme.blit_text(surface, TITLE, self.title_size, theme.TEXT, self.title_rect.center, "center", bold=True)
        text = self.summary()
        if text:
            colour = theme.TEXT_DIM if self.loading else theme.TEXT
            theme.blit_text(surface, text, self.summary_size, colour, self.summary_rect.center, "center")
        if self.record is not None and not self.record.games:
            theme.blit_wrapped(surface, EMPTY, self.empty_rect(), self.empty_size, theme.TEXT_DIM)
        if self.table_rect.width:
            self._draw_table(surface)
        if self.note_rect.width:
            theme.blit_wrapped(surface, NOTE, self.note_rect, self.note_size, theme.TEXT_FAINT, anchor="topleft")
        if self.graph_rect.width:
            self._draw_graph(surface)
        self.focus.draw(surface)
        self.draw_footer(surface)

    def _draw_table(self, surface: pygame.Surface) -> None:
        last = len(self.lines) - 1
        for j, (line, cells) in enumerate(zip(self.lines, self.cells)):
            if j == 0 or (j == last and line[0] == "All"):
                y = cells[0][1].bottom - 2 if j == 0 else cells[0][1].top + 1
                pygame.draw.line(surface, theme.PANEL_EDGE, (self.table_rect.x, y), (self.table_rect.right, y))
            for i, cell in cells:
                if not line[i]:
                    continue
                colour = theme.TEXT_DIM if j == 0 or i == 1 else theme.TEXT
                if j and i == 2 and line[i] != "0":
                    colour = theme.GOOD
                if j and i == 4 and line[i] != "0":
                    colour = theme.DANGER
                anchor = "midleft" if i == 0 else "midright"
                pos = cell.midleft if i == 0 else cell.midright
                theme.blit_text(surface, line[i], self.table_size, colour, pos, anchor, bold=j == 0, tabular=i > 0)

    def _draw_graph(self, surface: pygame.Surface) -> None:
        theme.blit_text(surface, self.graph_title(), self.graph_size, theme.TEXT_DIM, self.graph_title_rect.midleft,
                        "midleft")
        plot = self.plot
        if plot.height < 3 or not hasattr(self, "elo_range"):
            return
        pygame.draw.rect(surface, theme.PANEL, plot)
        for text, rect in self.tick_labels:
            theme.blit_text(surface, text, self.graph_size, theme.TEXT_FAINT, rect.midright, "midright", tabular=True)
        for level, y, label_rect in self.level_labels:
            pygame.draw.line(surface, LEVEL_LINE, (plot.x, y), (plot.right - 1, y))
            if label_rect is not None:
                theme.blit_text(surface, level, self.graph_size, theme.TEXT_DIM, label_rect.midleft, "midleft")
        dated = [p for p in self.points if p.estimate is not None]
        n = len(dated)
        if n:
            top = [(self.x_of(i, n), self.y_of(p.estimate.high())) for i, p in enumerate(dated)]
            bottom = [(self.x_of(i, n), self.y_of(p.estimate.low())) for i, p in enumerate(dated)]
            band = pygame.Surface(plot.size, pygame.SRCALPHA)
            if n == 1:
                x = top[0][0] - plot.x
                pygame.draw.rect(band, BAND, (x - 6, top[0][1] - plot.y, 12, bottom[0][1] - top[0][1]))
            else:
                pygame.draw.polygon(band, BAND, [(x - plot.x, y - plot.y) for x, y in top + bottom[::-1]])
            surface.blit(band, plot.topleft)
            line = [(self.x_of(i, n), self.y_of(p.estimate.elo)) for i, p in enumerate(dated)]
            if n > 1:
                pygame.draw.aalines(surface, LINE, False, line)
                pygame.draw.lines(surface, LINE, False, line, 2)
            radius = max(3, min(6, plot.width // (3 * n + 1)))
            for x, y in line:
                pygame.draw.circle(surface, LINE, (x, y), radius)
        pygame.draw.rect(surface, theme.PANEL_EDGE, plot, 1)
        for text, rect in self.date_rects:
            theme.blit_text(surface, text, self.graph_size, theme.TEXT_FAINT, rect.topleft)


def level_words(spec: str) -> str:
    """A level as the table names it: "Hard", "6 moves ahead", "2 s a move"."""
    kind, _, value = spec.partition(":")
    if kind == "depth" and value:
        return f"{value} moves ahead"
    if kind == "time" and value:
        return f"{value} s a move"
    return spec


def _date(day: datetime.date) -> str:
    return f"{day.day} {day.strftime('%b')} {day.year}"



