"""The library screen driven by posted events, a frame at a time, headless."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from helpers import click, frames, frames_until, key, open_library, play

from game.notation.pdn import read_pdn, write_pdn
from game.rules import BLACK, WHITE, Game
from game.store import save_game
from game.store.paths import games_dir

pytestmark = pytest.mark.app(scenes=("menu",))


def type_text(app, text):
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    frames(app, 2)


def played(n, seed=0):
    return play(Game(), n, seed)


def save_three():
    paths = []
    for i, (b, w, event) in enumerate([("Ann", "Bob", "Club Night"), ("Carla", "Ann", "Summer Cup"),
                                       ("Derek", "Eve", "Club Night")]):
        paths.append(save_game(played(4 + 2 * i, i), {"Black": b, "White": w, "Event": event,
                                                        "Date": f"2020.01.0{i + 1}"}))
    return paths


def blacks(scene):
    return [e.black for e in scene.view]


def test_typing_filters_backspace_widens_escape_clears_then_leaves(app):
    save_three()
    scene = open_library(app)
    assert blacks(scene) == ["Derek", "Carla", "Ann"]  # newest first
    type_text(app, "ann")
    assert sorted(blacks(scene)) == ["Ann", "Carla"]
    type_text(app, " club")
    assert blacks(scene) == ["Ann"]
    key(app, pygame.K_BACKSPACE, n=1)
    key(app, pygame.K_BACKSPACE, n=1)
    key(app, pygame.K_BACKSPACE, n=1)
    key(app, pygame.K_BACKSPACE, n=1)
    key(app, pygame.K_BACKSPACE)
    assert scene.query == "ann" and len(scene.view) == 2
    key(app, pygame.K_ESCAPE)
    assert scene.query == "" and len(scene.view) == 3 and app.stack.top is scene
    key(app, pygame.K_ESCAPE)
    assert app.stack.names() == ["menu"]


def test_clicking_a_heading_sorts_and_again_reverses(app):
    save_three()
    scene = open_library(app)
    [players] = [r for k, r in scene.layout.header_rects if k == "players"]
    click(app, players.center)
    assert blacks(scene) == ["Ann", "Carla", "Derek"]
    click(app, players.center)
    assert blacks(scene) == ["Derek", "Carla", "Ann"]
    [moves] = [r for k, r in scene.layout.header_rects if k == "plies"]
    click(app, moves.center)
    assert [e.plies for e in scene.view] == [8, 6, 4]


def test_enter_opens_the_chosen_game_in_review_and_escape_comes_back(app):
    save_three()
    scene = open_library(app)
    key(app, pygame.K_DOWN)
    assert scene.current.black == "Carla"
    key(app, pygame.K_RETURN)
    review = app.stack.top
    assert review.name == "review" and review.total == 6 and review.ply == 0
    assert review.tags["Black"] == "Carla"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_clicking_a_row_chooses_it_and_a_second_click_opens_it(app):
    save_three()
    scene = open_library(app)
    row = scene.layout.list_rect.y + scene.layout.row_h * 2 + scene.layout.row_h // 2
    click(app, (scene.layout.list_rect.centerx, row))
    assert scene.current.black == "Ann" and app.stack.top is scene
    click(app, (scene.layout.list_rect.centerx, row))
    assert app.stack.top.name == "review" and app.stack.top.tags["Black"] == "Ann"


def test_delete_asks_first_and_removes_only_when_confirmed(app):
    paths = save_three()
    scene = open_library(app)
    key(app, pygame.K_END)
    assert scene.current.black == "Ann"
    key(app, pygame.K_DELETE)
    assert app.stack.top.name == "confirm"
    key(app, pygame.K_RETURN)  # the safe choice has the focus: Cancel
    assert app.stack.top is scene and paths[0].exists() and len(scene.view) == 3
    key(app, pygame.K_DELETE)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene and blacks(scene) == ["Derek", "Carla"]
    frames_until(app, lambda: not paths[0].exists() and not scene.library.busy)
    assert paths[1].exists() and paths[2].exists()


def test_dropping_a_file_imports_it_with_a_progress_bar(app, tmp_path):
    src = tmp_path / "collection.pdn"
    games = [played(6, i) for i in range(20)]  # 1500 records (enough to take some frames), 20 games among them
    src.write_text("\n".join(write_pdn(games[i % 20], {"Black": f"P{i}", "White": "Q"}) for i in range(1500)))
    before = src.read_bytes()
    scene = open_library(app)
    assert len(scene.view) == 0
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(src)))
    frames(app, 2)
    assert scene.library.busy
    bars = []
    frames_until(app, lambda: bars.append(scene.library.progress) or not scene.library.busy, seconds=240)
    frames_until(app, lambda: len(scene.view) == 1500)
    assert any(p and p[0].startswith("Reading") for p in bars)
    assert src.read_bytes() == before
    assert "Imported 1500 games" in scene.message


def test_import_by_typing_a_path_and_a_wrong_path_is_a_message(app, tmp_path):
    src = tmp_path / "two.pdn"
    src.write_text(write_pdn(played(3), {"Black": "Typed"}) + "\n" + write_pdn(played(5), {"Black": "Path"}))
    scene = open_library(app)
    key(app, pygame.K_i, mod=pygame.KMOD_CTRL)
    type_text(app, str(tmp_path / "nope.pdn"))
    key(app, pygame.K_RETURN)
    assert "no such file" in scene.message and scene.message_bad
    key(app, pygame.K_i, mod=pygame.KMOD_CTRL)
    type_text(app, str(src))
    key(app, pygame.K_RETURN)
    frames_until(app, lambda: len(scene.view) == 2)
    assert sorted(blacks(scene)) == ["Path", "Typed"]


def test_export_the_marked_games_to_a_new_file(app, tmp_path):
    save_three()
    scene = open_library(app)
    type_text(app, "club")
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    assert len(scene.marked) == 2
    key(app, pygame.K_e, mod=pygame.KMOD_CTRL)
    assert scene.prompt is not None and scene.prompt.text.endswith(".pdn")  # a default name
    dest = tmp_path / "club games.pdn"
    type_text(app, str(dest))  # replaces the default
    key(app, pygame.K_RETURN)
    assert scene.prompt is None
    frames_until(app, lambda: dest.exists() and not scene.library.busy)
    assert sorted(g.tags["Black"] for g in read_pdn(dest.read_text())) == ["Ann", "Derek"]
    key(app, pygame.K_e, mod=pygame.KMOD_CTRL)
    type_text(app, str(dest))
    key(app, pygame.K_RETURN)
    assert "already exists" in scene.message and scene.prompt is not None  # nothing overwritten
    key(app, pygame.K_ESCAPE)
    assert scene.prompt is None and app.stack.top is scene


def test_ctrl_enter_continues_a_saved_game_with_its_own_players(app):
    game = played(5)
    save_game(game, {"Black": "Human", "White": "Human"})
    open_library(app)
    key(app, pygame.K_RETURN, mod=pygame.KMOD_CTRL)
    assert app.stack.top.name == "who_plays"  # a game of people: who plays on is asked
    app.stack.top.mode.set_value("2 Players")
    app.stack.top.play()
    frames(app)
    play = app.stack.top
    assert play.name == "play"
    assert play.params["players"] == {BLACK: None, WHITE: None}
    assert play.params["game"].moves == game.moves


def test_ctrl_enter_keeps_the_computers_level_and_a_finished_game_opens_at_its_end(app):
    from game.engine.levels import level_by_name
    from game.rules import Position

    game = played(3)
    save_game(game, {"Black": "Computer (Master)", "White": "Human", "BlackLevel": "Master"})
    scene = open_library(app)
    key(app, pygame.K_RETURN, mod=pygame.KMOD_CTRL)
    assert app.stack.top.name == "who_plays"
    key(app, pygame.K_RETURN)  # its own players preselected
    play = app.stack.top
    assert play.name == "play"
    assert play.params["players"] == {BLACK: level_by_name("Master"), WHITE: None}
    app.switch("menu")
    over = Game(Position.from_fen("B:W18:B14"))
    over.push(over.legal_moves()[0])
    assert over.outcome is not None
    from game.store.unfinished import delete_unfinished, list_unfinished

    for path in games_dir().iterdir():
        path.unlink()
    for record in list_unfinished():  # the game just resumed is kept as unfinished: not this test's
        delete_unfinished(record.id)
    save_game(over, {"Black": "Human", "White": "Human"})
    scene = open_library(app)
    assert len(scene.view) == 1
    key(app, pygame.K_RETURN, mod=pygame.KMOD_CTRL)
    review = app.stack.top
    assert review.name == "review" and review.ply == review.total == 1


def test_a_broken_game_and_an_unreadable_file_are_rows_that_say_why(app):
    games_dir().mkdir(parents=True)
    broken = '[Black "X"]\n[White "Y"]\n\n1. 11-15 23-19 2. 8-11 22-18 3. 30-26 *\n'
    (games_dir() / "club.pdn").write_text(write_pdn(played(2), {"Black": "P1", "White": "P2"}) + "\n" + broken)
    (games_dir() / "junk.pdn").write_bytes(b"\x00\x01\x02")
    scene = open_library(app)
    rows = {title.split(":")[0]: (detail, bad) for title, detail, bad in scene.rows}
    assert rows["X vs Y"][1] and "30-26" in rows["X vs Y"][0]
    assert rows["junk.pdn"][1] and "not a text file" in rows["junk.pdn"][0]
    assert not rows["P1 vs P2"][1]
    type_text(app, "junk")
    key(app, pygame.K_RETURN)
    assert app.stack.top is scene and "not a text file" in scene.message
    key(app, pygame.K_ESCAPE)
    type_text(app, "x")
    key(app, pygame.K_RETURN)
    review = app.stack.top
    assert review.name == "review" and review.total == 4 and "30-26" in review.error


def test_reopening_shows_the_games_in_the_first_frame(app):
    save_three()
    open_library(app)
    key(app, pygame.K_ESCAPE)
    app.push("load")
    frames(app, 1)
    assert len(app.stack.top.view) == 3 and app.stack.top.library.worker is None


def test_a_file_of_several_games_from_the_command_line_lists_them(app, tmp_path):
    from game.ui.scenes.load import open_pdn_file

    path = tmp_path / "two.pdn"
    broken = '[Black "X"]\n\n1. 11-15 23-19 2. 30-26 *\n'
    path.write_text(write_pdn(played(3), {"Black": "First"}) + "\n" + broken)
    assert open_pdn_file(app, path)
    chooser = app.stack.top
    assert app.stack.names() == ["menu", "load"] and chooser.library is None
    assert [e.black for e in chooser.view] == ["First", "X"] and chooser.rows[1][2] is True
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert app.stack.top.name == "review" and app.stack.top.total == 2
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_DELETE)  # the games of a file shown, not the library: nothing to delete
    assert app.stack.top is chooser and path.exists()


def test_unfinished_games_are_listed_to_review_resume_or_delete(app):
    from game.store.unfinished import list_unfinished, new_game_id, save_unfinished

    game = played(5)
    game_id = new_game_id()
    assert save_unfinished(game_id, game, "2p", {}, ["black", "white"])
    scene = open_library(app)
    [row] = scene.view
    assert row.kind == "unfinished" and row.result_words == "Unfinished" and row.plies == 5
    key(app, pygame.K_RETURN)
    assert app.stack.top.name == "review" and app.stack.top.total == 5
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN, mod=pygame.KMOD_CTRL)
    play = app.stack.top
    assert play.name == "play" and play.match.game_id == game_id and play.match.game.moves == game.moves
    app.switch("menu")
    scene = open_library(app)
    key(app, pygame.K_DELETE)
    assert app.stack.top.name == "confirm"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert scene.view == [] and list_unfinished() == []


def test_layout_fits_every_window_size(app):
    from game.ui.layout_check import check_scene

    save_three()
    scene = open_library(app)
    assert check_scene(scene) == []
