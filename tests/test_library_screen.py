"""The library screen's quirks fixed (issue 34 items 3, 16, 18) and its background work (issue 36 item 3).

Driven by posted events, headless, in the test's own home (the ``app`` fixture).
"""

import pygame
from helpers import click, frames, frames_until, key, open_library, play

from game.notation.pdn import write_pdn
from game.rules import Game
from game.store import save_game
from game.ui import theme
from game.ui.layout_check import check_scene
from game.ui.scenes import load


def played(n, seed=0):
    return play(Game(), n, seed)


def save_three():
    return [save_game(played(4 + 2 * i, i), {"Black": b, "White": "Q", "Date": f"2020.01.0{i + 1}"})
            for i, b in enumerate(("Ann", "Carla", "Derek"))]


def row_centre(scene, i):
    lay = scene.layout
    return lay.list_rect.centerx, lay.list_rect.y + lay.row_h * (i - scene.scroll) + lay.row_h // 2


def type_text(app, text):
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 2)


def test_a_click_on_the_chosen_row_only_chooses_it_and_a_double_click_opens_it(app):
    save_three()
    scene = open_library(app)
    click(app, row_centre(scene, 1))
    frames(app, 60)  # a second later: not a double click
    click(app, row_centre(scene, 1))
    assert app.stack.top is scene and scene.current is scene.view[1]
    click(app, row_centre(scene, 2))
    click(app, row_centre(scene, 2))  # the next frame: a double click
    assert app.stack.top.name == "review"


def test_del_while_typing_in_the_filter_edits_the_filter(app):
    save_three()
    scene = open_library(app)
    type_text(app, "carx")
    key(app, pygame.K_DELETE)
    assert app.stack.top is scene and scene.query == "car"
    assert [e.black for e in scene.view] == ["Carla"]


def test_delete_acts_on_the_marked_games_and_says_how_many(app):
    paths = save_three()
    scene = open_library(app)
    for i in (0, 2):
        scene.toggle_mark(scene.view[i])
    key(app, pygame.K_DELETE)
    ask = app.stack.top
    assert ask.name == "confirm" and ask.params["title"] == "Delete 2 games?"
    ask.params["on_confirm"]()
    app.pop()
    frames_until(app, lambda: not scene.library.busy)
    assert [e.black for e in scene.view] == ["Carla"]
    assert [p.exists() for p in paths] == [False, True, False]


def test_a_refused_path_keeps_its_text_chosen_for_retyping(app, tmp_path):
    src = tmp_path / "two.pdn"
    src.write_text(write_pdn(played(3), {"Black": "Typed"}) + "\n" + write_pdn(played(5), {"Black": "Path"}))
    scene = open_library(app)
    key(app, pygame.K_i, mod=pygame.KMOD_CTRL)
    type_text(app, str(tmp_path / "tow.pdn"))
    key(app, pygame.K_RETURN)
    assert scene.prompt is not None and scene.prompt.text == str(tmp_path / "tow.pdn")
    assert "no such file" in scene.message and scene.message_bad
    key(app, pygame.K_BACKSPACE)  # the text is there to be corrected...
    assert scene.prompt.text == str(tmp_path / "tow.pd")
    scene.prompt.fresh = True
    type_text(app, str(src))  # ...or typed again over it
    key(app, pygame.K_RETURN)
    assert scene.prompt is None
    frames_until(app, lambda: len(scene.view) == 2)


def test_paste_pdn_adds_the_clipboards_games_and_refuses_text_with_none(app, monkeypatch):
    scene = open_library(app)
    clipboard = {"text": "root:x:0:0:root:/root:/bin/bash\n"}
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: clipboard["text"])
    click(app, scene.paste_button.rect.center)
    frames_until(app, lambda: not scene.library.busy)
    frames(app, 2)
    assert scene.message == "No games found in the pasted text; nothing was added" and scene.message_bad
    clipboard["text"] = write_pdn(played(6), {"Black": "Pasted", "White": "Q"})
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    frames_until(app, lambda: not scene.library.busy and len(scene.view) == 1)
    assert scene.view[0].black == "Pasted" and scene.view[0].file.startswith("pasted ")


def test_an_imported_file_is_named_as_the_player_named_it(app, tmp_path):
    src = tmp_path / "tinsley.pdn"
    src.write_text(write_pdn(played(6), {"Black": "Marion", "White": "Q"}))
    scene = open_library(app)
    scene.import_path(str(src))
    frames_until(app, lambda: not scene.library.busy and len(scene.view) == 1)
    assert scene.view[0].file == "tinsley.pdn"


def test_text_grows_with_the_window(app):
    save_three()
    scene = open_library(app)
    sizes = {}
    for size in ((1280, 800), (2560, 1440)):
        scene.resize(size)
        lay = scene.layout
        sizes[size] = (theme.pixel_size(lay.cell_size), theme.pixel_size(lay.status_size),
                       scene.buttons[0].rect.height)
    small, big = sizes[(1280, 800)], sizes[(2560, 1440)]
    assert all(b >= 1.6 * s for s, b in zip(small, big)), sizes  # the window is 1.8 times taller
    scene.resize(app.size)
    assert check_scene(scene) == []


def test_an_import_goes_on_when_the_screen_is_left_and_its_news_waits_on_return(app, tmp_path):
    src = tmp_path / "club.pdn"
    src.write_text("\n".join(write_pdn(played(6, i % 20), {"Black": f"P{i}", "White": "Q"}) for i in range(1500)))
    scene = open_library(app)
    lib = scene.library
    scene.import_path(str(src))
    frames(app, 2)
    assert lib.busy
    key(app, pygame.K_ESCAPE)  # back to the menu while it imports
    assert app.stack.top.name == "menu" and lib.worker is not None and lib.worker.alive
    frames(app, 30)  # the menu's frames: nobody polls the library meanwhile
    again = open_library(app)
    assert again.library is lib
    frames_until(app, lambda: len(again.view) == 1500)
    assert any(text == "Imported 1500 games from club.pdn" for text, _ in lib.news)
    key(app, pygame.K_ESCAPE)
    assert load._kept is None  # idle: closed, nothing kept
