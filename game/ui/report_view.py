"""The review screen's panel pieces: the numbered move list (clickable, with the report's
marks), the report's table per side (accuracy and clickable counts of each mark) with the
legend of the marks, and the result of a game in words.

Layout is computed from rects (``MoveList.cells``) so that a click finds the same cell
that was drawn; drawing never changes state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..analysis.grading import BLUNDER, INACCURACY, MISTAKE
from ..notation.pdn import normal_result
from ..rules import BLACK, WHITE
from . import theme
from .analysis_view import KIND_COLOURS, Span, spans_width
from .words import outcome_words

if TYPE_CHECKING:
    from ..analysis.report import GameReport, MoveReport
    from ..rules import Game, Outcome
    from .geometry import RectLike
    from .layout_check import Box

RESULT_WINNERS = {"2-0": BLACK, "0-2": WHITE}
MARKED = (INACCURACY, MISTAKE, BLUNDER)
# the table's columns after the side's name: (kind or None, header)
TABLE_COLUMNS = ((None, "Accuracy"), (INACCURACY, "?!"), (MISTAKE, "?"), (BLUNDER, "??"))
LEGEND = ((INACCURACY, "?!", "inaccuracy"), (MISTAKE, "?", "mistake"), (BLUNDER, "??", "blunder"))


def result_words(outcome: Outcome | None, recorded: str | None = "*", stops_early: bool = False) -> str:
    """The game's result in words, never ``0-2`` or ``*``.

    The board's own end stands when there is one ("White won: Red has no legal
    move", "Drawn: …").  Otherwise the result the record gives (``recorded``, any
    PDN spelling: ``0-2``, ``1-0``, ``1/2-1/2``): a game stopped by resignation or
    agreement is "White won (Red resigned, as recorded)" / "Drawn (agreed, as
    recorded)", and only a game with no result is "Unfinished".  A damaged record
    (``stops_early``) says only what it records: "Red won, as recorded", no resignation.
    """
    if outcome is not None:
        if outcome.winner is None:
            return f"Drawn: {outcome_words(outcome)}"
        return f"{theme.side_name(outcome.winner)} won: {outcome_words(outcome)}"
    result = normal_result(recorded or "*") or "*"
    winner = RESULT_WINNERS.get(result)
    if winner is not None:
        if stops_early:  # the record is cut short: how the game ended is not known
            return f"{theme.side_name(winner)} won, as recorded"
        return f"{theme.side_name(winner)} won ({theme.side_name(1 - winner)} resigned, as recorded)"
    if stops_early and result == "1-1":
        return "Drawn, as recorded"
    return {"1-1": "Drawn (agreed, as recorded)", "0-0": "No result"}.get(result, "Unfinished")


def move_number(ply: int, start_turn: int) -> str:
    """``12.`` / ``12...``: the number the game's move list gives the move played at ``ply`` (0-based)."""
    n = ply + (1 if start_turn == WHITE else 0)
    return f"{n // 2 + 1}{'.' if n % 2 == 0 else '...'}"


class MoveList:
    """The game's moves as the play screen lists them (``12.  11-15  23-19``), around the one shown.

    ``cells(rect, line_h, current)`` gives ``(ply, rect)`` of each move drawn
    (ply counts positions: the move that leads to position ``ply``), so a click
    on a move jumps to the position after it.
    """

    def __init__(self, game: Game) -> None:
        self.game = game

    def rows(self) -> list[tuple[int, list[int | None]]]:
        """[(number, [ply or None, ply or None])]: two moves a row, Red's first."""
        moves = len(self.game.moves)
        rows: list[tuple[int, list[int | None]]] = []
        ply, number = 1, 1
        if moves and self.game.start.turn == WHITE:
            rows.append((number, [None, 1]))
            ply, number = 2, 2
        while ply <= moves:
            rows.append((number, [ply, ply + 1 if ply + 1 <= moves else None]))
            ply += 2
            number += 1
        return rows

    def visible(self, rect: pygame.Rect, line_h: int, current: int) -> list[tuple[int, list[int | None]]]:
        """The rows that fit in ``rect``, the one with the move shown kept in the middle."""
        rows = self.rows()
        fit = max(0, rect.height // max(1, line_h))
        if fit == 0 or not rows:
            return []
        at = 0
        for i, (_, plies) in enumerate(rows):
            if current in plies:
                at = i
        first = max(0, min(at - fit // 2, len(rows) - fit))
        return rows[first:first + fit]

    @staticmethod
    def columns(rect: pygame.Rect) -> tuple[int, int]:
        number_w = max(30, rect.width // 6)
        cell_w = (rect.width - number_w) // 2
        return number_w, cell_w

    def cells(self, rect: RectLike, line_h: int, current: int) -> list[tuple[int, pygame.Rect]]:
        rect = pygame.Rect(rect)
        number_w, cell_w = self.columns(rect)
        out: list[tuple[int, pygame.Rect]] = []
        for k, (_number, plies) in enumerate(self.visible(rect, line_h, current)):
            y = rect.y + k * line_h
            for j, ply in enumerate(plies):
                if ply is not None:
                    out.append((ply, pygame.Rect(rect.x + number_w + j * cell_w, y, cell_w, line_h)))
        return out

    def ply_at(self, rect: RectLike, line_h: int, current: int, pos: tuple[int, int]) -> int | None:
        for ply, cell in self.cells(rect, line_h, current):
            if cell.collidepoint(pos):
                return ply
        return None

    def draw(self, surface: pygame.Surface, rect: RectLike, line_h: int, size: int, current: int,
             report: GameReport | None = None) -> None:
        rect = pygame.Rect(rect)
        number_w, _ = self.columns(rect)
        kinds: dict[int, MoveReport] = {m.ply + 1: m for m in report.moves} if report is not None else {}
        for k, (number, _plies) in enumerate(self.visible(rect, line_h, current)):
            y = rect.y + k * line_h
            theme.blit_text(surface, f"{number}.", size, theme.TEXT_FAINT, (rect.x + number_w - 8, y),
                            "topright", tabular=True)
        for ply, cell in self.cells(rect, line_h, current):
            shown = ply == current
            if shown:
                pygame.draw.rect(surface, theme.BUTTON_HOVER, cell.inflate(-2, 0), border_radius=4)
            text = str(self.game.moves[ply - 1])
            m = kinds.get(ply)
            colour = theme.ACCENT if shown else theme.TEXT
            r = theme.blit_text(surface, text, size, colour, (cell.x + 6, cell.y), bold=shown)
            if m is not None and m.grade.mark:
                theme.blit_text(surface, m.grade.mark, size, KIND_COLOURS[m.kind], (r.right + 2, cell.y), bold=True)


def table_rows(report: GameReport) -> list[list[str]]:
    """The report's table: a header, then per side its name, its accuracy and its counts of
    inaccuracies, mistakes and blunders (the marks the move list shows; ``legend_spans`` says them)."""
    header = [""] + [label for _, label in TABLE_COLUMNS]
    rows = [header]
    for colour in (BLACK, WHITE):
        s = report.summary(colour)
        rows.append([theme.side_name(colour), f"{s.accuracy:.0f}%"] + [str(s.counts[k]) for k in MARKED])
    return rows


def legend_spans() -> list[Span]:
    """``?! inaccuracy  ? mistake  ?? blunder``: the marks in their colours, then what they mean."""
    spans: list[Span] = []
    for kind, mark, word in LEGEND:
        if spans:
            spans.append(("   ", theme.TEXT_DIM, False))
        spans += [(mark, KIND_COLOURS[kind], True), (" " + word, theme.TEXT_DIM, False)]
    return spans


def legend_text() -> str:
    return "".join(text for text, _, _ in legend_spans())


def legend_lines(size: int, width: int) -> list[list[Span]]:
    """The legend as lines of spans that fit ``width`` at ``size``: one line, or a mark with its
    word per line as far as they go together."""
    spans = legend_spans()
    if spans_width(spans, size) <= width:
        return [spans]
    lines: list[list[Span]] = []
    line: list[Span] = []
    for kind, mark, word in LEGEND:
        item: list[Span] = [(mark, KIND_COLOURS[kind], True), (" " + word, theme.TEXT_DIM, False)]
        joined = line + [("   ", theme.TEXT_DIM, False)] + item if line else item
        if line and spans_width(joined, size) > width:
            lines.append(line)
            joined = item
        line = joined
    lines.append(line)
    return lines


def table_cells(rect: RectLike, size: int = 16) -> list[list[pygame.Rect]]:
    """[[cell rect]] per row (3 rows) and column: the name column, the accuracy and one column per
    mark, each as wide as its widest text at ``size`` (a header in bold, ``100%``, two-digit
    counts) with the room left shared out among them."""
    rect = pygame.Rect(rect)
    line_h = rect.height // 3
    name_w = max(theme.text_size(theme.side_name(c), size)[0] for c in (BLACK, WHITE)) + 6
    samples = [(label, "100%" if kind is None else "99") for kind, label in TABLE_COLUMNS]
    widths = [max(theme.text_size(head, size, True)[0], theme.text_size(cell, size, False, True)[0]) + 8
              for head, cell in samples]
    spare = max(0, rect.width - name_w - sum(widths))
    widths = [w + spare // len(widths) for w in widths]
    out: list[list[pygame.Rect]] = []
    for r in range(3):
        y = rect.y + r * line_h
        row, x = [pygame.Rect(rect.x, y, name_w, line_h)], rect.x + name_w
        for w in widths:
            row.append(pygame.Rect(x, y, w, line_h))
            x += w
        out.append(row)
    return out


def table_size(rect: RectLike, report: GameReport, size: int) -> int:
    """The largest text size up to ``size`` at which the table's columns fit ``rect``."""
    rect = pygame.Rect(rect)
    while True:
        cells = table_cells(rect, size)
        if size <= 16:
            break
        if cells[2][-1].right <= rect.right and theme.font(size).get_height() <= cells[0][0].height:
            break
        size -= 1
    return size


def count_at(rect: RectLike, size: int, pos: tuple[int, int]) -> tuple[int, str] | None:
    """``(colour, kind)`` of the count under ``pos`` (a click steps through those moves), or None."""
    cells = table_cells(rect, size)
    for r, colour in ((1, BLACK), (2, WHITE)):
        for c, (kind, _) in enumerate(TABLE_COLUMNS, start=1):
            if kind is not None and cells[r][c].collidepoint(pos):
                return colour, kind
    return None


def table_boxes(rect: RectLike, report: GameReport, size: int, parent: str) -> list[Box]:
    from .layout_check import Box

    cells = table_cells(rect, size)
    return [Box(f"table.{r}.{c}", cells[r][c], t, size, bold=r == 0 and c > 0, parent=parent, tabular=True)
            for r, row in enumerate(table_rows(report)) for c, t in enumerate(row) if t]


def draw_table(surface: pygame.Surface, rect: RectLike, report: GameReport, size: int,
               hover: tuple[int, int] | None = None) -> None:
    """The table; a count that is not 0 sits on a button's colour (a click goes to those moves),
    lighter under the pointer (``hover``: the pointer's position, or None)."""
    cells = table_cells(rect, size)
    for r, row in enumerate(table_rows(report)):
        for c, cell in enumerate(row):
            box = cells[r][c]
            if c == 0:
                theme.blit_text(surface, cell, size, theme.TEXT_DIM, box.topleft)
                continue
            kind = TABLE_COLUMNS[c - 1][0]
            colour = KIND_COLOURS.get(kind or "", theme.TEXT_FAINT if r == 0 else theme.TEXT)
            if r > 0 and kind in KIND_COLOURS:
                if cell == "0":
                    colour = theme.TEXT_FAINT
                else:
                    under = hover is not None and box.collidepoint(hover)
                    w = min(box.width - 2, theme.text_size(cell, size, False, True)[0] + 14)
                    patch = pygame.Rect(box.right - 1 - w, box.y + 1, w, box.height - 2)
                    pygame.draw.rect(surface, theme.BUTTON_HOVER if under else theme.BUTTON, patch, border_radius=4)
            theme.blit_text(surface, cell, size, colour, (box.right - 6, box.y), "topright", bold=r == 0,
                            tabular=True)


__all__ = ["MoveList", "count_at", "draw_table", "legend_lines", "legend_spans", "legend_text",
           "move_number",
           "result_words", "table_boxes", "table_rows", "table_size"]
