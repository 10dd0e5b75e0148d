"""The library as issue 46 item 30 and "also expected" found it: marked rows that read as marked, the
time of day, no 0-move row for an unplayed game, "Red won (broken)" whole at 720x520, one grammar for
one unfinished game, and Undo for a delete (keyboard and mouse).

Driven by posted events, headless, in the test's own home (the ``app`` fixture).
"""

import os
import time

import pygame
import pytest
from helpers import FakeEngine, click, click_square, frames, frames_until, key, open_library, play

from game.notation.pdn import write_pdn
from game.rules import Game
from game.store import save_game
from game.ui import library_trash, theme
from game.ui.layout_check import SIZES, check_scene

pytestmark = pytest.mark.app(size=(1024, 768), engine=FakeEngine)


def played(n, seed=0):
    return play(Game(), n, seed)


def save_three():
    return [save_game(played(4 + 2 * i, i), {"Black": b, "White": "Q", "Date": f"2020.01.0{i + 1}",
                                             "Time": f"1{i}:3{i}:00"})
            for i, b in enumerate(("Ann", "Carla", "Derek"))]


def row_centre(scene, i):
    lay = scene.layout
    return lay.list_rect.centerx, lay.list_rect.y + lay.row_h * (i - scene.scroll) + lay.row_h // 2


def settle(app, scene):
    frames(app, 2)
    frames_until(app, lambda: not scene.library.busy and not scene.library.loading)
    frames(app, 2)


def confirm(app):
    ask = app.stack.top
    assert ask.name == "confirm"
    words = ask.params["message"]
    ask.params["on_confirm"]()
    app.pop()
    return words


# -- marked rows read as marked -------------------------------------------------------------------

def luminance(colour):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = colour[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def test_a_marked_row_shows_a_ticked_box_and_a_fill_unlike_the_others(app):
    save_three()
    scene = open_library(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row_centre(scene, 1), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row_centre(scene, 1), button=1))
    frames(app)
    key(app, pygame.K_SPACE, mod=pygame.KMOD_CTRL)  # Ctrl+Space marks the chosen row
    key(app, pygame.K_DOWN)                          # and the choice moves on: row 1 only marked
    assert scene.marked == {scene.view[1].id}
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    lay = scene.layout
    fill_at = lambda i: surface.get_at((lay.list_rect.right - 6, row_centre(scene, i)[1]))  # noqa: E731
    marked, plain = fill_at(1), fill_at(0)
    # the old marked fill (58, 66, 80) beside the plain one (40, 46, 56): 36 apart, the same blue-grey
    distance = sum((a - b) ** 2 for a, b in zip(marked[:3], plain[:3])) ** 0.5
    assert distance >= 70, (marked, plain)
    assert marked[0] > marked[2] + 50  # amber, as the marks are
    lighter, darker = sorted((luminance(marked), luminance(plain)), reverse=True)
    assert (lighter + 0.05) / (darker + 0.05) >= 1.6, (marked, plain)
    # and its words stay readable on it: 4.5:1, as for any text
    assert (luminance(theme.TEXT) + 0.05) / (luminance(marked) + 0.05) >= 4.5
    # the ticked box on the marked row, an empty one on the others
    from game.ui.library_view import tick_box
    row = lambda i: pygame.Rect(lay.list_rect.x, lay.list_rect.y + i * lay.row_h, lay.list_rect.width,  # noqa: E731
                                lay.row_h - 2)
    ticked, empty = tick_box(row(1), lay), tick_box(row(0), lay)
    assert surface.get_at(ticked.center)[:3] != surface.get_at(empty.center)[:3]
    assert tuple(surface.get_at((ticked.x + 1, ticked.centery)))[:3] == theme.ACCENT


# -- the time of day --------------------------------------------------------------------------------

def test_the_date_column_shows_the_time_of_day(app):
    save_three()
    scene = open_library(app)
    dates = sorted(e.cell("date") for e in scene.view)
    assert dates == ["2020-01-01 10:30", "2020-01-02 11:31", "2020-01-03 12:32"]
    for size in SIZES:  # and it is read whole at every size
        scene.resize(size)
        date = dict((k, w) for k, _, w in scene.layout.columns)["date"]
        assert theme.text_size("2020-01-03 12:32", scene.layout.cell_size, tabular=True)[0] + 14 <= date, size


def test_an_unfinished_game_is_listed_with_its_time_of_day(app):
    app.switch("play", players={0: None, 1: None})
    frames(app)
    click_square(app, 11)
    click_square(app, 15)
    frames(app, 5)
    app.switch("menu")
    scene = open_library(app)
    settle(app, scene)
    rows = [e for e in scene.view if e.kind == "unfinished"]
    assert len(rows) == 1 and rows[0].cell("date") == time.strftime("%Y-%m-%d %H:%M",
                                                                   time.localtime(rows[0].modified))


# -- no 0-move row for an unplayed new game -------------------------------------------------------------

def test_a_game_undone_to_its_start_is_no_row_of_zero_moves(app):
    app.switch("play", players={0: None, 1: None})
    frames(app)
    play_scene = app.stack.top
    click_square(app, 11)
    click_square(app, 15)
    frames(app, 5)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # undone to the start: nothing to continue
    frames(app, 5)
    assert not play_scene.game.moves
    app.switch("menu")
    scene = open_library(app)
    settle(app, scene)
    assert [e for e in scene.view if e.kind == "unfinished"] == []


# -- "Red won (broken)" whole at 720x520 ----------------------------------------------------------------

def test_a_damaged_games_result_is_read_whole_at_the_smallest_window(app, tmp_path):
    src = tmp_path / "damaged.pdn"
    src.write_text('[Event "x"]\n[Black "A"]\n[White "B"]\n[Result "0-1"]\n\n1. 11-15 23-19 2. 9-13 30-99 0-1\n')
    scene = open_library(app)
    assert scene.import_path(src)
    settle(app, scene)
    entry = scene.view[0]
    assert entry.cell("result") == "White won (broken)"
    for size in SIZES:
        scene.resize(size)
        width = dict((k, w) for k, _, w in scene.layout.columns)["result"]
        shown = theme.elide(entry.cell("result"), scene.layout.cell_size, width - 14)
        assert shown == "White won (broken)", (size, shown)
    assert check_scene(scene) == []


# -- Delete: one grammar, and Undo -------------------------------------------------------------------------

def test_one_unfinished_game_among_the_marked_is_said_in_the_singular(app):
    save_three()
    app.switch("play", players={0: None, 1: None})
    frames(app)
    click_square(app, 11)
    click_square(app, 15)
    frames(app, 5)
    app.switch("menu")
    scene = open_library(app)
    settle(app, scene)
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_DELETE)
    words = app.stack.top.params["message"]
    assert "one of them is unfinished" in words and "1 of them are" not in words
    assert "Your record keeps" in words and "Ctrl+Z" in words and "30 days" in words


def test_undo_by_keyboard_brings_a_deleted_game_and_an_unfinished_one_back(app):
    paths = save_three()
    app.switch("play", players={0: None, 1: None})
    frames(app)
    click_square(app, 11)
    click_square(app, 15)
    frames(app, 5)
    app.switch("menu")
    scene = open_library(app)
    settle(app, scene)
    before = sorted(e.players for e in scene.view)
    carla = next(i for i, e in enumerate(scene.view) if e.black == "Carla")
    unfinished = next(i for i, e in enumerate(scene.view) if e.kind == "unfinished")
    for i in (carla, unfinished):
        scene.select(i)
        key(app, pygame.K_SPACE, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_DELETE)
    confirm(app)
    settle(app, scene)
    assert not paths[1].exists()
    assert sorted(e.black for e in scene.view if e.kind != "unfinished") == ["Ann", "Derek"]
    assert not [e for e in scene.view if e.kind == "unfinished"]
    assert "Ctrl+Z" in scene.message and scene.undo_button.enabled
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    settle(app, scene)
    assert sorted(e.players for e in scene.view) == before
    assert not scene.undo_button.enabled and "back" in scene.message and not scene.message_bad
    moves = [e.moves for e in scene.view if e.black == "Carla"]
    assert moves == [3]  # the same game: 6 plies


def test_undo_by_mouse_after_deleting_by_the_button(app):
    save_three()
    scene = open_library(app)
    derek = next(i for i, e in enumerate(scene.view) if e.black == "Derek")
    click(app, row_centre(scene, derek))
    click(app, scene.delete_button.rect.center)
    ask = app.stack.top
    assert ask.name == "confirm"
    click(app, ask.widgets[0].rect.center)  # Delete
    assert app.stack.top is scene
    settle(app, scene)
    assert "Derek" not in [e.black for e in scene.view]
    click(app, scene.undo_button.rect.center)
    settle(app, scene)
    assert "Derek" in [e.black for e in scene.view]


def test_what_a_deletion_kept_aside_goes_after_thirty_days(app):
    save_three()
    scene = open_library(app)
    scene.select(0)
    key(app, pygame.K_DELETE)
    confirm(app)
    settle(app, scene)
    folder = library_trash.trash_dir(scene.library)
    kept = list(folder.iterdir())
    assert len(kept) == 1 and kept[0].suffix == ".pdn"
    assert library_trash.purge_old(scene.library) == 0           # a day old: kept
    old = time.time() - 31 * 86400
    os.utime(kept[0], (old, old))
    assert library_trash.purge_old(scene.library) == 1 and not kept[0].exists()


def test_the_rows_written_by_write_pdn_still_read(tmp_path):
    # a file with no Time tag shows its date alone
    from game.library.scan import display_date
    assert display_date("2026.11.28") == "2026-11-28"
    assert display_date("2026.11.28", "09:05:00") == "2026-11-28 09:05"
    assert display_date("2026.??.??", "09:05:00") == "2026"
    assert display_date("2026.11.28", "25:61") == "2026-11-28"
    assert write_pdn(played(2), {"Black": "x"})


def test_the_delete_question_is_read_whole_at_every_size(app):
    save_three()
    scene = open_library(app)
    scene.select(0)
    key(app, pygame.K_DELETE)
    ask = app.stack.top
    assert ask.name == "confirm"
    for size in SIZES:
        ask.resize(size)
        said = " ".join(ask.message_lines)
        assert theme.ELLIPSIS not in said and "30 days" in said, (size, said)
