"""The library's file chooser (issue 46 item 6), driven by real key and mouse events: folders,
.pdn files, recent places, a caret in the field, Tab completion; drag and drop still imports."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from helpers import click, frames, frames_until, key, open_library, play

from game.notation.pdn import write_pdn
from game.rules import Game
from game.ui import file_chooser
from game.ui.file_chooser import FileChooser, complete, list_folder


def type_text(app, text):
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 2)


@pytest.fixture
def folders(tmp_path, monkeypatch):
    """A home folder with a sub-folder of games, a game file, a text file and a hidden file."""
    home = tmp_path / "house"
    (home / "club").mkdir(parents=True)
    (home / "club" / "games.pdn").write_text(write_pdn(play(Game(), 6, seed=1), {"Black": "Clubber", "White": "Q"}))
    (home / "a.pdn").write_text(write_pdn(play(Game(), 6, seed=2), {"Black": "Anna", "White": "Q"}))
    (home / "notes.txt").write_text("not a game")
    (home / ".hidden.pdn").write_text("")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setattr(file_chooser, "_recent", [])
    return home


def names(chooser):
    return [r.shown for r in chooser.shown_rows]


def test_a_folder_lists_its_folders_and_pdn_files_only(folders):
    rows, note = list_folder(folders)
    assert [r.shown for r in rows] == ["..", "club/", "a.pdn"] and note == ""
    assert complete(str(folders / "cl")) [0] == str(folders / "club") + os.sep
    assert complete(str(folders / "nothing"))[0] == str(folders / "nothing")


def test_import_by_keyboard_with_tab_completion_and_a_caret(app, folders):
    scene = open_library(app)
    key(app, pygame.K_i, mod=pygame.KMOD_CTRL)
    chooser = scene.prompt
    assert isinstance(chooser, FileChooser) and chooser.folder == folders
    assert names(chooser) == ["..", "club/", "a.pdn"]
    type_text(app, "cl")                       # the chosen folder path is replaced; read in the folder
    assert chooser.text == "cl" and chooser.caret == 2
    key(app, pygame.K_TAB)                     # the one match, a folder: opened
    assert chooser.folder == folders / "club" and names(chooser) == ["..", "games.pdn"]
    key(app, pygame.K_END)
    type_text(app, "ga")
    key(app, pygame.K_TAB)
    assert chooser.text == str(folders / "club" / "games.pdn")
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)                    # the caret before ".pdn"
    type_text(app, "X")
    assert chooser.text.endswith("gamesX.pdn") and chooser.caret == len(chooser.text) - 4
    key(app, pygame.K_BACKSPACE)
    assert chooser.text == str(folders / "club" / "games.pdn")
    key(app, pygame.K_RETURN)
    assert scene.prompt is None
    frames_until(app, lambda: not scene.library.busy and len(scene.view) == 1)
    assert scene.view[0].black == "Clubber"
    # the folder chosen from is a recent place, and the next chooser opens there
    key(app, pygame.K_i, mod=pygame.KMOD_CTRL)
    assert scene.prompt.folder == folders / "club"
    assert file_chooser.places()[0] == ("club", folders / "club")
    key(app, pygame.K_ESCAPE)
    assert scene.prompt is None and app.stack.top is scene


def test_import_by_mouse_double_click_a_folder_then_a_file_and_the_places(app, folders):
    scene = open_library(app)
    key(app, pygame.K_i, mod=pygame.KMOD_CTRL)
    chooser = scene.prompt
    lay = chooser.layout()
    club = chooser.row_rect(lay, names(chooser).index("club/")).center
    click(app, club)
    assert chooser.text == str(folders / "club") + os.sep and chooser.folder == folders   # chosen, not opened
    click(app, club)                                                                       # a double click
    assert chooser.folder == folders / "club"
    # Home in the places column goes back
    home = next(i for i, (label, _) in enumerate(file_chooser.places()) if label == "Home")
    click(app, chooser._place_rect(lay, home).center)
    assert chooser.folder == folders
    click(app, chooser.row_rect(lay, names(chooser).index("a.pdn")).center)
    assert chooser.text == str(folders / "a.pdn")
    first_drawn = chooser._shown_start()     # a long path is drawn scrolled to its end
    click(app, lay["field"].midleft)                                                       # the caret to the start
    assert chooser.caret == first_drawn                                                    # of what is drawn
    key(app, pygame.K_HOME)
    assert chooser.caret == 0
    click(app, lay["ok"].center)
    assert scene.prompt is None
    frames_until(app, lambda: not scene.library.busy and len(scene.view) == 1)
    assert scene.view[0].black == "Anna"
    key(app, pygame.K_i, mod=pygame.KMOD_CTRL)
    click(app, scene.prompt.layout()["cancel"].center)
    assert scene.prompt is None


def test_a_dropped_file_still_imports_while_the_chooser_is_open(app, folders):
    scene = open_library(app)
    key(app, pygame.K_i, mod=pygame.KMOD_CTRL)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(folders / "a.pdn")))
    frames_until(app, lambda: not scene.library.busy and len(scene.view) == 1)
    assert scene.view[0].black == "Anna"


def test_export_writes_the_named_file_in_the_folder_shown(app, folders):
    scene = open_library(app)
    scene.import_path(str(folders / "a.pdn"))
    frames_until(app, lambda: not scene.library.busy and len(scene.view) == 1)
    key(app, pygame.K_e, mod=pygame.KMOD_CTRL)
    chooser = scene.prompt
    assert chooser.action == "export" and chooser.fresh and chooser.text.endswith(".pdn")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)                    # club/ chosen in the list: the field follows
    key(app, pygame.K_RETURN)                  # Enter on a folder opens it
    assert chooser.folder == folders / "club" and scene.prompt is chooser
    type_text(app, "mine.pdn")
    key(app, pygame.K_RETURN)
    assert scene.prompt is None
    frames_until(app, lambda: (folders / "club" / "mine.pdn").exists() and not scene.library.busy)
    assert "Anna" in (folders / "club" / "mine.pdn").read_text()
