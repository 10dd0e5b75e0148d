"""Board <-> pixel geometry, without a window."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.notation.squares import row_col
from game.ui.geometry import BoardGeometry, PlayLayout, centered_column


@pytest.mark.parametrize("flipped", [False, True])
def test_every_square_round_trips_through_its_pixels(flipped):
    g = BoardGeometry((40, 30, 640, 640), flipped)
    for square in range(1, 33):
        r = g.square_rect(square)
        assert r.width == r.height == 80
        for point in (r.center, r.topleft, (r.right - 1, r.bottom - 1)):
            assert g.square_at_pixel(point) == square


def test_orientation_unflipped_puts_square_1_top_and_29_bottom_left():
    g = BoardGeometry((0, 0, 800, 800))
    assert g.square_rect(1).topleft == (100, 0)      # b8
    assert g.square_rect(4).topleft == (700, 0)      # h8
    assert g.square_rect(29).topleft == (0, 700)     # a1
    assert g.square_rect(32).topleft == (600, 700)   # g1


def test_flipping_turns_the_board_half_round():
    plain = BoardGeometry((0, 0, 800, 800))
    flipped = BoardGeometry((0, 0, 800, 800), flipped=True)
    for square in range(1, 33):
        a, b = plain.square_rect(square), flipped.square_rect(square)
        assert (a.x + b.x, a.y + b.y) == (700, 700)
    assert flipped.square_rect(1).topleft == (600, 700)
    assert flipped.column_letter(0) == "h" and plain.column_letter(0) == "a"
    assert flipped.row_label(0) == "1" and plain.row_label(0) == "8"


def test_light_squares_and_outside_are_none():
    g = BoardGeometry((10, 10, 400, 400))
    assert g.square_at_pixel((5, 5)) is None            # outside
    assert g.square_at_pixel((10 + 25, 10 + 25)) is None  # a8 is light
    assert g.square_at_pixel((410, 410)) is None         # just past the edge
    assert g.square_at_pixel((10 + 75, 10 + 25)) == 1    # b8


def test_display_cells_match_notation_rows_and_columns():
    g = BoardGeometry((0, 0, 160, 160))
    for square in range(1, 33):
        assert g.display_cell(square) == row_col(square)
        assert g.board_cell(*g.display_cell(square)) == row_col(square)


@pytest.mark.parametrize("size", [(720, 520), (1180, 780), (1920, 1080), (800, 1000), (3000, 900)])
def test_play_layout_fits_the_window_and_does_not_overlap(size):
    layout = PlayLayout(size)
    w, h = size
    board = layout.board.rect
    assert board.width == board.height and board.width % 8 == 0 and board.width >= 200
    for rect in (layout.frame, layout.status, layout.panel):
        assert rect.left >= 0 and rect.top >= 0 and rect.right <= w and rect.bottom <= h, (rect, size)
    assert not layout.frame.colliderect(layout.panel)
    assert not layout.status.colliderect(layout.frame)
    assert layout.frame.contains(board)


def test_layout_grows_with_the_window_instead_of_stretching():
    small, big = PlayLayout((800, 600)), PlayLayout((1600, 1200))
    assert big.board.square > small.board.square * 1.7


def test_centered_column():
    rects = centered_column((400, 300), 100, [20, 20, 20], 10)
    assert [r.y for r in rects] == [110, 140, 170]
    assert all(r.x == 150 and r.width == 100 for r in rects)
