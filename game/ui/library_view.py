"""How the library screen is laid out and drawn (the scene in ``scenes/load.py`` handles events).

``LibraryLayout`` works out every rect and text size from the window size;
``draw_library`` paints a scene with it and changes nothing; ``layout_boxes``
describes it for ``game.ui.layout_check``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ..library import COLUMNS
from . import theme
from .widgets import Button, same_size
from .words import player_names

if TYPE_CHECKING:
    from .layout_check import Box

COLUMN_SHARE = {"players": 0.28, "event": 0.2, "date": 0.12, "result": 0.14, "plies": 0.09, "opening": 0.17}
# the columns whose every cell must be read whole are as wide as their widest text (at 720x520 the
# result "Red won (broken)" was cut); the others share what is left in COLUMN_SHARE's proportions
WIDEST = {"date": ("2026-12-28 88:88", True), "result": ("White won (broken)", False), "plies": ("8888", True)}
CELL_ROOM = 22  # a cell's text starts 8 px in and keeps 14 px clear of the next column
MIN_SIZE = 16  # the smallest nominal text size that is still readable (11 px)
HEADINGS = dict(COLUMNS)
FILTER_HINT = "Type to filter by player, event, opening, result or date"
FOOTER = ("Type to filter · click a heading to sort · Enter or double-click review · Ctrl+Enter continue · "
          "Ctrl+click or Ctrl+Space mark, Ctrl+A all · Del delete, Ctrl+Z undo it · Ctrl+E export · "
          "Ctrl+I import, or drop a file · Ctrl+V paste PDN · Esc back")
# a line of the footer breaks between its items, never inside one ("Esc" / "back")
FOOTER = " · ".join(item.replace(" ", "\u00a0") for item in FOOTER.split(" · "))
PROMPT_HINT = "type a path, Enter to confirm, Esc to cancel"
NEWS_SECONDS = 6.0


class LibraryLayout:
    """Rects and sizes of the library screen for one window size."""

    def resize(self, size: tuple[int, int], buttons: Sequence[Button], title: str) -> None:
        w, h = size
        # text grows with the window as the play screen's does: the caps that suit 1280×800 are
        # multiplied by how much bigger the window is (rows of 15 px over 2,430 px wide read as specks)
        k = self.k = max(1.0, min(h / 800, w / 1280))
        m = self.margin = max(14, w // 40)
        inner = w - 2 * m
        self.title_size = theme.fit_text(title, max(24, min(int(44 * k), h // 16)), int(inner * 0.6), bold=True)
        line = theme.font(self.title_size, True).get_linesize()
        top = max(10, h // 40)
        self.title_rect = pygame.Rect(m, top, int(inner * 0.62), line)
        self.count_size = max(MIN_SIZE, min(int(22 * k), h // 34))
        self.count_rect = pygame.Rect(self.title_rect.right + 8, top, inner - self.title_rect.width - 8, line)
        fh = max(30, min(int(46 * k), h // 18))
        self.filter_rect = pygame.Rect(m, self.title_rect.bottom + max(6, h // 80), inner, fh)
        self.filter_size = max(MIN_SIZE, int(fh * 0.5))

        self.footer_size = max(MIN_SIZE, min(int(18 * k), h // 44))
        self.footer_lines = theme.wrap(FOOTER, self.footer_size, inner)
        fl = theme.font(self.footer_size).get_linesize()
        self.footer_rect = pygame.Rect(m, h - 6 - fl * len(self.footer_lines), inner, fl * len(self.footer_lines))
        bh = max(34, min(int(48 * k), h // 16))
        gap = max(6, w // 120)
        n = max(1, len(buttons))
        # one row of buttons, or two in a narrow window (a portrait 600x900: eight in a row were
        # cut to 9 px words)
        for per_row in (n, -(-n // 2)):
            rows = -(-n // per_row)
            self.buttons_y = self.footer_rect.y - rows * bh - (rows - 1) * gap - max(6, h // 90)
            bw = min(int(190 * k), (inner - (per_row - 1) * gap) // per_row)
            for i, b in enumerate(buttons):
                row, col = divmod(i, per_row)
                in_row = min(per_row, n - row * per_row)
                x = (w - (in_row * bw + (in_row - 1) * gap)) // 2 + col * (bw + gap)
                b.rect = pygame.Rect(x, self.buttons_y + row * (bh + gap), bw, bh)
            same_size(buttons)  # one text size over the buttons ("Back" as large as "Paste PDN")
            if min(b.label_size() for b in buttons) >= 20:
                break

        self.status_size = max(MIN_SIZE, min(int(20 * k), h // 40))
        sl = theme.font(self.status_size).get_linesize()
        self.status_rect = pygame.Rect(m, self.buttons_y - max(6, h // 90) - sl - 14, inner, sl + 12)
        self.bar_rect = pygame.Rect(m, self.status_rect.bottom - 10, inner, 10)
        self.label_rect = pygame.Rect(m, self.status_rect.y, inner, sl)

        self.header_h = max(24, min(int(36 * k), h // 26, w // 30))
        self.row_h = max(24, min(int(40 * k), h // 24, w // 28))  # a narrow window: smaller rows, more room
        self.cell_size = max(MIN_SIZE, int(self.row_h * 0.55))
        self.header_rect = pygame.Rect(m, self.filter_rect.bottom + max(6, h // 90), inner - 8, self.header_h)
        top = self.header_rect.bottom + 2
        self.visible_rows = max(1, (self.status_rect.y - 4 - top) // self.row_h)
        self.list_rect = pygame.Rect(m, top, inner - 8, self.visible_rows * self.row_h)
        self.columns: list[tuple[str, int, int]] = []       # (key, x, width)
        self.header_rects: list[tuple[str, pygame.Rect]] = []  # (key, rect)
        widths = column_widths(self.list_rect.width, self.cell_size)
        x = self.list_rect.x
        for i, (key, _) in enumerate(COLUMNS):
            cw = widths[key] if i < len(COLUMNS) - 1 else self.list_rect.right - x
            self.columns.append((key, x, cw))
            self.header_rects.append((key, pygame.Rect(x, self.header_rect.y, cw, self.header_h)))
            x += cw
        self.heading_size = self.cell_size
        # a heading too long for its column is cut (room is kept for the sort arrow)
        self.headings = {key: theme.elide(HEADINGS[key], self.heading_size, cw - 26, bold=True)
                         for key, _, cw in self.columns}


def column_widths(width: int, size: int) -> dict[str, int]:
    """Each column's width in a table ``width`` wide with text of nominal ``size``."""
    out: dict[str, int] = {}
    for key, (sample, tabular) in WIDEST.items():
        heading = theme.text_size(HEADINGS[key], size, bold=True)[0] + 26  # room for the sort arrow
        out[key] = max(heading, theme.text_size(sample, size, tabular=tabular)[0] + CELL_ROOM,
                       round(width * COLUMN_SHARE[key]))
    rest = max(0, width - sum(out.values()))
    flexible = [key for key, _ in COLUMNS if key not in WIDEST]
    share = sum(COLUMN_SHARE[k] for k in flexible)
    for key in flexible:
        out[key] = int(rest * COLUMN_SHARE[key] / share)
    return out


def layout_boxes(scene: Any) -> list[Box]:
    from .layout_check import Box

    lay = scene.layout
    boxes = [Box("title", lay.title_rect, scene.title, lay.title_size, bold=True),
             Box("count", lay.count_rect, "20000 of 20000 games", lay.count_size, tabular=True),
             Box("filter", lay.filter_rect),
             Box("filter.text", lay.filter_rect.inflate(-24, -4), "Type to filter", lay.filter_size,
                 parent="filter"),
             Box("table", lay.header_rect.union(lay.list_rect))]
    for key, rect in lay.header_rects:
        boxes.append(Box(f"heading.{key}", pygame.Rect(rect.x + 8, rect.y, rect.width - 26, rect.height),
                         lay.headings[key], lay.heading_size, bold=True, parent="table"))
    boxes.append(Box("status", lay.status_rect, "Imported 20000 games", lay.status_size))
    for i, b in enumerate(scene.buttons):
        boxes.append(Box(f"button{i}", b.rect))
        boxes += b.text_boxes(f"button{i}")
    boxes.append(Box("footer", lay.footer_rect, FOOTER, lay.footer_size, wrap=True))
    return boxes


class _Cells:
    """Texts cut to their column's width, remembered (the same rows are drawn frame after frame)."""

    def __init__(self) -> None:
        self.cache: dict[tuple[str, int, int, float], str] = {}

    def __call__(self, text: str, size: int, width: int) -> str:
        key = (text, size, width, theme.FONT_SCALE)  # the setting "Text size" changes every cut
        out = self.cache.get(key)
        if out is None:
            if len(self.cache) > 3000:
                self.cache.clear()
            out = self.cache[key] = theme.elide(text, size, width)
        return out


cell = _Cells()


def draw_library(surface: pygame.Surface, scene: Any) -> None:
    lay = scene.layout
    theme.gradient_background(surface)
    theme.blit_text(surface, scene.title, lay.title_size, theme.TEXT, lay.title_rect.midleft, "midleft", bold=True)
    n = len(scene.catalog)
    count = f"{len(scene.view)} of {n} games" if scene.query else f"{n} game{'' if n == 1 else 's'}"
    theme.blit_text(surface, count, lay.count_size, theme.TEXT_DIM, lay.count_rect.midright, "midright",
                    tabular=True)
    _draw_filter(surface, scene, lay)
    _draw_headings(surface, scene, lay)
    _draw_rows(surface, scene, lay)
    if scene.prompt is not None:
        _draw_prompt(surface, scene, lay)
    else:
        _draw_status(surface, scene, lay)
    for b in scene.buttons:
        b.draw(surface, focused=False)
    theme.blit_wrapped(surface, FOOTER, lay.footer_rect, lay.footer_size, theme.TEXT_FAINT)


def _draw_filter(surface: pygame.Surface, scene: Any, lay: LibraryLayout) -> None:
    r = lay.filter_rect
    pygame.draw.rect(surface, theme.PANEL, r, border_radius=8)
    pygame.draw.rect(surface, theme.FOCUS if scene.query else theme.PANEL_EDGE, r, 2, border_radius=8)
    size = lay.filter_size
    if scene.query:
        shown = cell(scene.query, size, r.width - 40)
        rect = theme.blit_text(surface, shown, size, theme.TEXT, (r.x + 12, r.centery), "midleft")
        pygame.draw.line(surface, theme.TEXT, (rect.right + 2, r.y + 7), (rect.right + 2, r.bottom - 7), 2)
    else:
        theme.blit_text(surface, cell(FILTER_HINT, size, r.width - 24), size, theme.TEXT_FAINT,
                        (r.x + 12, r.centery), "midleft")


def _draw_headings(surface: pygame.Surface, scene: Any, lay: LibraryLayout) -> None:
    pygame.draw.rect(surface, theme.PANEL_EDGE, lay.header_rect, border_radius=6)
    size = lay.heading_size
    for key, rect in lay.header_rects:
        here = key == scene.catalog.sort_key
        colour = theme.ACCENT if here else theme.TEXT
        drawn = theme.blit_text(surface, lay.headings[key], size, colour, (rect.x + 8, rect.centery), "midleft",
                                bold=True)
        if here:  # a small triangle: pointing down for descending, up for ascending
            x, y, s = drawn.right + 5, rect.centery, max(4, size // 4)
            if scene.catalog.descending:
                points = [(x, y - s // 2), (x + 2 * s, y - s // 2), (x + s, y + s // 2)]
            else:
                points = [(x, y + s // 2), (x + 2 * s, y + s // 2), (x + s, y - s // 2)]
            pygame.draw.polygon(surface, colour, points)


def _draw_rows(surface: pygame.Surface, scene: Any, lay: LibraryLayout) -> None:
    lr = lay.list_rect
    view = scene.view
    size = lay.cell_size
    if not view:
        lib = scene.library
        if lib is not None and (lib.loading or lib.busy):
            empty = "Reading the library…"
        elif scene.query:
            empty = "No game matches the filter. Esc clears it."
        else:
            empty = "No games yet. Save one with Ctrl+S during a game, or import a PDN file (Ctrl+I)."
        theme.blit_text(surface, cell(empty, size, lr.width), size, theme.TEXT_DIM, (lr.centerx, lr.y + 12),
                        "midtop")
        return
    marking = bool(scene.marked)
    for n in range(lay.visible_rows):
        i = scene.scroll + n
        if i >= len(view):
            break
        e = view[i]
        r = pygame.Rect(lr.x, lr.y + n * lay.row_h, lr.width, lay.row_h - 2)
        current = i == scene.selected
        marked = e.id in scene.marked
        fill = MARKED_CURRENT if marked and current else MARKED if marked else \
            theme.BUTTON_HOVER if current else theme.PANEL
        pygame.draw.rect(surface, fill, r, border_radius=5)
        if current:
            pygame.draw.rect(surface, theme.FOCUS, r, 2, border_radius=5)
        if marking and e.number >= 0:  # while any row is marked, every row shows its box: ticked or empty
            draw_tick_box(surface, tick_box(r, lay), marked)
        for key, x, cw in lay.columns:
            if key == "players" and marking:  # the box stands before the players' names
                x, cw = x + tick_room(lay), cw - tick_room(lay)
            if e.number < 0 and key != "players":  # an unreadable file: its name, then why
                if key == "event":
                    theme.blit_text(surface, cell(e.error, size, lr.right - x - 12), size, theme.DANGER,
                                    (x + 8, r.centery), "midleft")
                    break
                continue
            text = e.cell(key) if key != "players" else " – ".join(player_names(e.black, e.white))
            if not text:
                continue
            colour = theme.DANGER if (key == "result" and e.error) else \
                (theme.TEXT if key == "players" or marked else theme.TEXT_DIM)  # bright on the amber
            theme.blit_text(surface, cell(text, size, cw - 14), size, colour, (x + 8, r.centery), "midleft",
                            tabular=key in ("plies", "date"))
    if len(view) > lay.visible_rows:  # a scroll bar: where the rows shown are in the whole list
        track = pygame.Rect(lr.right + 3, lr.y, 4, lr.height)
        pygame.draw.rect(surface, theme.PANEL, track, border_radius=2)
        th = max(12, lr.height * lay.visible_rows // len(view))
        ty = lr.y + (lr.height - th) * scene.scroll // max(1, len(view) - lay.visible_rows)
        pygame.draw.rect(surface, theme.TEXT_FAINT, pygame.Rect(track.x, ty, 4, th), border_radius=2)


MARKED = (104, 80, 30)         # a marked row: an amber fill, unlike any other row's
MARKED_CURRENT = (126, 98, 40)  # marked and chosen


def tick_box(row: pygame.Rect, lay: LibraryLayout) -> pygame.Rect:
    """The square of a row's mark box, at the start of the players' cell."""
    side = max(12, lay.row_h * 11 // 20)
    return pygame.Rect(row.x + 8, row.centery - side // 2, side, side)


def tick_room(lay: LibraryLayout) -> int:
    return max(12, lay.row_h * 11 // 20) + 8


def draw_tick_box(surface: pygame.Surface, box: pygame.Rect, ticked: bool) -> None:
    """A check box: filled amber with a dark tick when marked, an empty outline otherwise."""
    if ticked:
        pygame.draw.rect(surface, theme.ACCENT, box, border_radius=3)
        s = box.width
        points = [(box.x + s * 0.2, box.y + s * 0.52), (box.x + s * 0.42, box.y + s * 0.74),
                  (box.x + s * 0.8, box.y + s * 0.28)]
        pygame.draw.lines(surface, (30, 26, 20), False, points, max(2, s // 6))
    else:
        pygame.draw.rect(surface, theme.TEXT_FAINT, box, 2, border_radius=3)


def _draw_status(surface: pygame.Surface, scene: Any, lay: LibraryLayout) -> None:
    lib = scene.library
    size = lay.status_size
    if lib is not None and lib.busy:
        label, done, total = lib.progress or ("Starting the library's reader…", 0, 0)
        frac = 0.0 if total <= 0 else max(0.0, min(1.0, done / total))
        bar = lay.bar_rect
        pygame.draw.rect(surface, theme.PANEL, bar, border_radius=5)
        pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(bar.x, bar.y, int(bar.width * frac), bar.height),
                         border_radius=5)
        text = f"{label} · {int(frac * 100)}%"
        theme.blit_text(surface, cell(text, size, lay.label_rect.width - 120), size, theme.TEXT_DIM,
                        lay.label_rect.midleft, "midleft")
    elif scene.message and scene.message_age < NEWS_SECONDS:
        theme.blit_text(surface, cell(scene.message, size, lay.status_rect.width - 120), size,
                        theme.DANGER if scene.message_bad else theme.GOOD, lay.label_rect.center, "center")
    if scene.marked and lib is not None:
        theme.blit_text(surface, f"{len(scene.marked)} marked", size, theme.ACCENT, lay.label_rect.midright,
                        "midright")


def _draw_prompt(surface: pygame.Surface, scene: Any, lay: LibraryLayout) -> None:
    box = lay.status_rect.inflate(0, 8)
    pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
    pygame.draw.rect(surface, theme.FOCUS, box, 2, border_radius=8)
    size = lay.status_size
    label = f"{scene.prompt.title}:"
    label_shown = cell(label, size, box.width // 2)
    lw = theme.text_size(label_shown, size)[0]
    theme.blit_text(surface, label_shown, size, theme.TEXT_DIM, (box.x + 10, box.centery), "midleft")
    shown = scene.prompt.text or PROMPT_HINT
    colour = theme.TEXT if scene.prompt.text else theme.TEXT_FAINT
    text = cell(shown, size, box.width - lw - 34)
    rect = theme.blit_text(surface, text, size, colour, (box.x + lw + 20, box.centery), "midleft")
    if scene.prompt.fresh and scene.prompt.text:  # the default is chosen: typing replaces it
        pygame.draw.rect(surface, theme.ACCENT_DARK, rect.inflate(4, 2), 1)
