"""Board <-> pixel geometry, computed from the window size.

Pure arithmetic on ``pygame.Rect`` (which needs no display), so it is
tested without a window.  Display rows and columns count from the top-left
of the drawn board; board rows and columns are those of
``game.notation.squares`` (row 0 is black's side, square 1 is b8).  When the
board is flipped, display (r, c) shows board (7 - r, 7 - c).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..notation.squares import row_col, square_at

MIN_WINDOW = (720, 520)

RectLike = pygame.Rect | tuple[int, int, int, int]


class BoardGeometry:
    """Where each square of the board is drawn.

    ``rect`` is the board's square area (8 x ``square`` pixels a side); the
    frame with coordinates is drawn around it, inside ``frame``.
    """

    def __init__(self, rect: RectLike, flipped: bool = False) -> None:
        self.rect = pygame.Rect(rect)
        self.square = self.rect.width // 8
        self.flipped = flipped

    def display_cell(self, square: int) -> tuple[int, int]:
        """(display row, display col) of a standard square."""
        row, col = row_col(square)
        return (7 - row, 7 - col) if self.flipped else (row, col)

    def cell_rect(self, drow: int, dcol: int) -> pygame.Rect:
        s = self.square
        return pygame.Rect(self.rect.x + dcol * s, self.rect.y + drow * s, s, s)

    def square_rect(self, square: int) -> pygame.Rect:
        return self.cell_rect(*self.display_cell(square))

    def square_center(self, square: int) -> tuple[int, int]:
        return self.square_rect(square).center

    def square_at_pixel(self, pos: tuple[int, int]) -> int | None:
        """The standard square under a pixel, or None (outside the board or a light square)."""
        x, y = pos
        if not self.rect.collidepoint(x, y):
            return None
        dcol = (x - self.rect.x) // self.square
        drow = (y - self.rect.y) // self.square
        if self.flipped:
            drow, dcol = 7 - drow, 7 - dcol
        return square_at(drow, dcol)

    def board_cell(self, drow: int, dcol: int) -> tuple[int, int]:
        """Board (row, col) shown at a display cell."""
        return (7 - drow, 7 - dcol) if self.flipped else (drow, dcol)

    def column_letter(self, dcol: int) -> str:
        return "abcdefgh"[7 - dcol if self.flipped else dcol]

    def row_label(self, drow: int) -> str:
        return str(drow + 1 if self.flipped else 8 - drow)


class PlayLayout:
    """The play screen: board on the left, side panel on the right, status line under the board.

    Everything is derived from the window size, so the screen is laid out
    afresh (and drawn crisply) at any size.  With ``stack`` (the play screen) a
    narrow or portrait window puts the panel under the status line instead
    (``stacked``), when that gives the board a fifth more room: at 600x900 the
    board beside the panel was 288 px, under it 456.  ``bar`` is the room of the
    evaluation bar, beside the board's frame either way.
    """

    STACK_GAIN = 1.2     # stacked only when the board gets this much larger
    MIN_STACKED_PANEL = 290  # px: the panel's two columns (players, thinking / moves, rule, buttons)

    def __init__(self, size: tuple[int, int], flipped: bool = False, stack: bool = False) -> None:
        w, h = max(size[0], 1), max(size[1], 1)
        self.size = (w, h)
        margin = max(12, min(w, h) // 40)
        self.margin = margin
        # the panel grows with the window's height so its text can grow too
        self.panel_width = int(max(240, min(w * 0.3, h * 0.47)))
        self.status_height = max(34, h // 18)
        coord = max(22, min(w, h) // 36)  # room for readable a-h / 1-8 labels round the board
        self.coord = coord
        gap = 2 * margin  # between the board's frame and the panel (the evaluation bar's room)
        avail_w = w - self.panel_width - 2 * margin - gap - 2 * coord
        avail_h = h - self.status_height - 3 * margin - 2 * coord
        side = max(8, min(avail_w, avail_h)) // 8 * 8
        # under the board: the bar's room on the frame's right, the panel's below the status line
        panel_h = max(self.MIN_STACKED_PANEL, h * 3 // 10)
        bar_gap = max(gap, 48)  # under the board the bar has the frame's side: room for its number too
        stacked_w = w - 2 * margin - bar_gap - 2 * coord
        stacked_h = h - self.status_height - margin // 2 - 3 * margin - 2 * coord - panel_h
        stacked_side = max(8, min(stacked_w, stacked_h)) // 8 * 8
        self.stacked = stack and h > w * 0.9 and stacked_side >= side * self.STACK_GAIN
        if self.stacked:
            side = stacked_side
        frame_w = side + 2 * coord
        if self.stacked:
            x0 = max(margin, (w - frame_w - bar_gap) // 2 + bar_gap // 4)
            by = margin + coord
        else:
            # board and panel are centred together: no gulf between them on a wide window
            group = frame_w + gap + self.panel_width
            x0 = max(margin, (w - group) // 2)
            by = margin + coord + max(0, (avail_h - side) // 2)
        self.board = BoardGeometry((x0 + coord, by, side, side), flipped)
        self.frame = self.board.rect.inflate(2 * coord, 2 * coord)
        self.status = pygame.Rect(self.frame.x, self.frame.bottom + margin // 2,
                                  self.frame.width, self.status_height)
        if self.stacked:
            top = self.status.bottom + margin
            self.panel = pygame.Rect(margin, top, w - 2 * margin, max(1, h - margin - top))
            self.bar = pygame.Rect(self.frame.right + bar_gap // 4, self.board.rect.y, max(6, bar_gap // 2), side)
        else:
            px = self.frame.right + gap
            self.panel = pygame.Rect(px, margin, max(1, min(self.panel_width, w - px - margin)), h - 2 * margin)
            bar_gap = self.panel.x - self.frame.right
            width = max(6, bar_gap // 2)
            self.bar = pygame.Rect(self.frame.right + (bar_gap - width) // 2, self.board.rect.y, width, side)


def centered_column(size: tuple[int, int], width: int, heights: Sequence[int], gap: int,
                    top: int | None = None) -> list[pygame.Rect]:
    """Rects for a column of widgets of the given heights, centred in a window of ``size``."""
    w, h = size
    total = sum(heights) + gap * (len(heights) - 1 if heights else 0)
    y = (h - total) // 2 if top is None else top
    x = (w - width) // 2
    rects = []
    for height in heights:
        rects.append(pygame.Rect(x, y, width, height))
        y += height + gap
    return rects
