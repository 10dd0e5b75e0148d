"""Autosave from the play screen, Continue in the menu, Ctrl+S, Load screen, --pdn, hints."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json

import pygame
import pytest
from helpers import FakeEngine, click, click_square, frames_until, key, new_app

from game.notation.pdn import write_pdn
from game.rules import BLACK, WHITE, Game, Position
from game.store import autosave_path, games_dir, read_games_file, save_game


def answering():
    """An engine that answers every search at once with the last legal move."""
    return FakeEngine(reply=lambda moves: moves[-1] if moves else None)


# the moves land at once (what is kept, not how a piece moves, is tested here; the one test about a
# game closed mid-move makes its own window, animated)
pytestmark = pytest.mark.app(engine=answering, settings={"animation": "off"}, scenes=("menu",))


def settle(app, n=200):
    scene = app.stack.find("play")
    for _ in range(n):
        app.step()
        if scene.anim is None and (scene.input is not None or scene.game.outcome is not None):
            return scene
    raise AssertionError("the position never settled")


def play_clicks(app, move):
    scene = app.stack.find("play")
    for square in move.path:
        click_square(app, square, scene=scene)
    return settle(app)


def library_ready(app):
    """The Load screen on top, once its index has caught up with the files."""
    load = app.stack.top
    assert load.name == "load"
    frames_until(app, lambda: not load.library.loading and not load.library.busy)
    return load


def menu_labels(app):
    app.switch("menu")
    app.step()
    return [b.text for b in app.stack.top.buttons]


def start_2p(app):
    app.switch("play", mode="2p", players={BLACK: None, WHITE: None})
    app.step()
    return app.stack.top


# -- every game kept among the unfinished games, and Continue ----------------------------------

def latest():
    """The newest unfinished game of the store (what Continue opens), or None."""
    from game.store import latest_unfinished

    return latest_unfinished()


def test_moves_are_kept_and_continue_appears(app):
    from game.store import has_unfinished

    assert "Continue" not in menu_labels(app)
    scene = start_2p(app)
    assert not has_unfinished()  # nothing worth continuing before the first move
    moves = []
    for _ in range(3):
        move = scene.game.legal_moves()[0]
        moves.append(move)
        play_clicks(app, move)
        saved = latest()
        assert saved is not None and saved.game.moves == moves
    assert saved.mode == "2p" and sorted(saved.humans) == ["black", "white"]
    # undo is saved too
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL, n=3)
    assert latest().game.moves == moves[:2]
    assert not autosave_path().exists()  # the single autosave of earlier versions is not written
    labels = menu_labels(app)
    assert labels[0] == "Continue"
    menu = app.stack.top
    click(app, menu.buttons[0].rect.center)
    scene = app.stack.top
    assert scene.name == "play" and scene.game.moves == moves[:2] and scene.mode == "2p"


def test_continue_after_restart_against_the_computer_keeps_its_level(home):
    from game.engine.levels import level_by_name

    a = new_app(engine=answering)
    try:
        a.switch("settings")  # the level chosen last is another one: the game keeps its own
        a.settings["level"] = "Beginner"
        a.switch("play", mode="1p", players={BLACK: None, WHITE: level_by_name("Hard")})
        scene = settle(a)
        play_clicks(a, scene.game.legal_moves()[0])  # the fake computer answers at once
        scene = settle(a)
        assert scene.game.ply == 2
    finally:
        a.close()  # the window closes: the game stays among the unfinished games
    saved = latest()
    assert saved.game.ply == 2 and saved.levels == {"white": "Hard"} and saved.humans == ["black"]
    b = new_app(engine=answering)
    try:
        b.switch("menu")
        b.step()
        assert b.stack.top.buttons[0].text == "Continue"
        b.stack.top.buttons[0].activate()
        b.step()
        scene = b.stack.top
        assert scene.name == "play" and scene.game.ply == 2
        assert scene.players[BLACK] is None and scene.players[WHITE].name == "Hard"
        assert scene.human_to_move()
    finally:
        b.close()


def test_closing_mid_animation_keeps_the_move(home):
    a = new_app(engine=answering)
    try:
        a.switch("play", mode="2p", players={BLACK: None, WHITE: None})
        a.step()
        scene = a.stack.top
        move = scene.game.legal_moves()[0]
        for square in move.path:
            click_square(a, square, scene=scene)
        assert scene.anim is not None and scene.game.ply == 1  # closed while the piece is moving
    finally:
        a.close()
    assert latest().game.moves == [move]


def test_game_end_leaves_nothing_to_continue(app):
    app.switch("play", mode="2p", players={BLACK: None, WHITE: None}, start=Position.from_fen("B:W18,27:B14"))
    scene = settle(app)
    assert latest() is not None  # a set-up position is worth continuing
    play_clicks(app, scene.game.legal_moves()[0])
    for _ in range(5):
        app.step()
    assert scene.game.outcome is not None
    assert latest() is None
    assert "Continue" not in menu_labels(app)


def test_a_game_going_on_from_review_is_kept_before_its_first_move(app):
    from helpers import open_review, play

    game = play(Game(), 10, seed=3)
    review = open_review(app, game)
    click(app, review.vs_friend.rect.center)
    who = app.stack.top
    assert who.name == "who_plays"
    click(app, who.play_button.rect.center)
    scene = app.stack.top
    assert scene.name == "play" and scene.game.moves == game.moves
    # kept at once: leaving says "pick it up again with Continue", and Continue has it
    assert latest() is not None and latest().game.moves == game.moves
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "confirm" and "Continue" in app.stack.top.message
    assert "Continue" in menu_labels(app)


def test_a_new_game_keeps_the_old_one_and_remembers_choices(app, home):
    from game.engine.levels import level_by_name
    from game.store import list_unfinished

    scene = start_2p(app)
    play_clicks(app, scene.game.legal_moves()[0])
    old = scene.match.game_id
    app.switch("play", mode="1p", players={WHITE: None, BLACK: level_by_name("Master")})
    app.step()
    assert [e.id for e in list_unfinished()] == [old]  # the 2-player game is still there to resume
    assert menu_labels(app)[0] == "Continue"
    settings = json.loads((home / "config" / "settings.json").read_text())
    assert settings["mode"] == "1p" and settings["level"] == "Master" and settings["side"] == "white"


def test_an_old_autosave_is_adopted_at_start_up_and_continued(app):
    from game.store.autosave import save_autosave

    game = Game()
    for _ in range(3):
        game.push(game.legal_moves()[0])
    assert save_autosave(game, "2p", {}, ["black", "white"])  # left by an earlier version
    assert app.start_up() == []
    assert not autosave_path().exists() and latest().game.moves == game.moves
    menu_labels(app)
    app.stack.top.buttons[0].activate()
    app.step()
    assert app.stack.top.name == "play" and app.stack.top.game.moves == game.moves


def test_a_broken_record_is_not_continued_and_is_kept(app):
    from game.store import unfinished_dir

    folder = unfinished_dir()
    folder.mkdir(parents=True, exist_ok=True)
    scene = start_2p(app)
    play_clicks(app, scene.game.legal_moves()[0])
    [record] = [p for p in folder.iterdir() if p.name.startswith(scene.match.game_id)]
    record.write_text("{ torn")
    labels = menu_labels(app)
    assert labels[0] == "Continue"  # the record exists...
    app.stack.top.buttons[0].activate()
    app.step()
    assert app.stack.top.name == "notice"  # ...but reading it says why it cannot continue
    assert record.exists() or list(folder.glob("*.bad-*"))  # never deleted


# -- saving and loading ------------------------------------------------------------------

def test_ctrl_s_saves_and_load_screen_opens_it(app):
    scene = start_2p(app)
    for _ in range(4):
        play_clicks(app, scene.game.legal_moves()[0])
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert scene.message.startswith("Saved as")
    [path] = games_dir().glob("*.pdn")
    [saved] = read_games_file(path)
    assert (saved.black, saved.white) == ("Player 1", "Player 2") and len(saved.game.moves) == 4
    labels = menu_labels(app)
    assert "Game library" in labels
    menu = app.stack.top
    click(app, menu.buttons[labels.index("Game library")].rect.center)
    load = library_ready(app)
    # one game, one row: the unfinished game (its saved copy is not listed a second time)
    details = [detail for _, detail, _ in load.rows]
    assert len(details) == 1 and details[0].startswith("Unfinished game")
    load.select(0)
    key(app, pygame.K_RETURN)
    review = app.stack.top
    assert review.name == "review" and review.total == 4 and review.ply == 0
    key(app, pygame.K_END)
    assert review.position == scene.game.position
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "load"


def test_load_screen_lists_each_game_of_a_file_and_a_broken_one_with_its_error(app):
    g1 = Game()
    g1.push(g1.legal_moves()[0])
    save_game(g1, {"Black": "Old", "White": "One"})
    broken = '[Black "X"]\n[White "Y"]\n\n1. 11-15 23-19 2. 8-11 22-18 3. 30-26 *\n'
    text = write_pdn(g1, {"Black": "P1", "White": "P2"}) + "\n" + broken
    (games_dir() / "club.pdn").write_text(text)
    app.push("load")
    app.step()
    load = library_ready(app)
    titles = [r[0].split(":")[0] for r in load.rows]
    assert sorted(titles) == ["Old vs One", "P1 vs P2", "X vs Y"]
    row = titles.index("X vs Y")
    assert load.rows[row][2] is True and "30-26" in load.rows[row][1]  # shown with its error
    load.select(row)
    key(app, pygame.K_RETURN)
    review = app.stack.top
    assert review.name == "review" and review.total == 4 and "30-26" in review.error


def test_unreadable_file_in_the_list_says_why(app):
    games_dir().mkdir(parents=True)
    (games_dir() / "junk.pdn").write_bytes(b"\x00\x01\x02")
    app.push("load")
    app.step()
    load = library_ready(app)
    assert load.rows[0][2] is True
    key(app, pygame.K_RETURN)
    assert app.stack.top is load and "not a text file" in load.message


def test_cli_pdn(home, tmp_path, monkeypatch, capsys):
    # main() in this process, as ``python -m game`` runs it (tests/test_cli.py runs the command itself)
    from game.__main__ import main

    monkeypatch.setenv("CHECKERS_EXIT_AFTER_FIRST_FRAME", "1")
    assert main(["--pdn", str(tmp_path / "missing.pdn")]) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert "Traceback" not in err
    assert len(lines) == 1 and lines[0].startswith("checkers: ") and "missing.pdn" in lines[0]
    path = tmp_path / "one.pdn"
    g = Game()
    g.push(g.legal_moves()[0])
    path.write_text(write_pdn(g))
    assert main(["--pdn", str(path)]) == 0
    out, err = capsys.readouterr()
    assert "first frame drawn" in out and "Traceback" not in err


def test_open_pdn_file_in_app(app, tmp_path):
    from game.ui.scenes.load import open_pdn_file

    path = tmp_path / "two.pdn"
    g = Game()
    g.push(g.legal_moves()[0])
    path.write_text(write_pdn(g) + "\n" + write_pdn(g))
    assert open_pdn_file(app, path)
    assert app.stack.names() == ["menu", "load"]
    assert not open_pdn_file(app, tmp_path / "nope.pdn")
    assert app.stack.top.name == "notice"


# -- hints ---------------------------------------------------------------------------------

def test_hint_arrow_for_the_human(app):
    scene = start_2p(app)
    key(app, pygame.K_h, n=3)
    hint = scene.extras.hint
    assert hint.move is not None and hint.move in scene.game.legal_moves()
    assert "Hint" in scene.message
    assert hint.client is not app._engine  # its own engine
    app.step()  # draws the arrow
    play_clicks(app, scene.game.legal_moves()[0])
    assert hint.move is None  # the position changed: the hint is gone


def test_hint_with_one_legal_move_needs_no_engine(app):
    app.switch("play", mode="2p", players={BLACK: None, WHITE: None}, start=Position.from_fen("B:W18,27:B14"))
    scene = settle(app)
    key(app, pygame.K_h)
    assert scene.extras.hint.move == scene.game.legal_moves()[0]
    assert "only legal move" in scene.message


def test_hint_refused_on_the_computers_turn(app):
    from game.engine.levels import level_by_name

    app.switch("play", mode="watch", players={BLACK: level_by_name("Easy"), WHITE: level_by_name("Easy")})
    app.step()
    scene = app.stack.top
    scene.match.pause()
    key(app, pygame.K_h)
    assert scene.extras.hint.move is None and not scene.extras.hint.thinking
    # between two computers there is no turn of the player's: the live analysis shows their best lines
    assert scene.message == "Hints are for a person's move: A shows the computers' best lines"


# -- review fixes: an unwritable data folder -------------------------------------------------

def test_unwritable_data_folder_is_logged_once(app, monkeypatch, caplog):
    import logging

    from game.store import paths

    writable = paths.atomic_write
    calls = []

    def refuse(path, text):
        calls.append(path)
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(paths, "atomic_write", refuse)
    scene = start_2p(app)
    with caplog.at_level(logging.WARNING):
        for _ in range(4):
            play_clicks(app, scene.game.legal_moves()[0])
    assert len(scene.game.moves) == 4 and calls  # the game went on although nothing could be saved
    monkeypatch.setattr(paths, "atomic_write", writable)
    play_clicks(app, scene.game.legal_moves()[0])
    assert latest().game.moves == scene.game.moves  # writable again: saved at the next move


# -- unfinished games and the archive -------------------------------------------------------

def test_each_game_is_kept_under_its_own_id_and_archived_when_it_ends(app):
    from game.store import archive_dir, list_unfinished

    first = start_2p(app)
    play_clicks(app, first.game.legal_moves()[0])
    first_id = first.match.game_id
    assert [e.id for e in list_unfinished()] == [first_id]
    # another game does not replace it
    app.switch("play", mode="2p", players={BLACK: None, WHITE: None}, start=Position.from_fen("B:W18,27:B14"))
    second = settle(app)
    assert second.match.game_id != first_id
    assert sorted(e.id for e in list_unfinished()) == sorted([first_id, second.match.game_id])
    play_clicks(app, second.game.legal_moves()[0])  # 14x23x32? the game ends
    for _ in range(3):
        app.step()
    assert second.game.outcome is not None
    assert [e.id for e in list_unfinished()] == [first_id]  # the finished one left the list...
    [archived] = list(archive_dir().glob("*.pdn"))  # ...for the archive, with its players and result
    text = archived.read_text()
    assert f'[GameId "{second.match.game_id}"]' in text and '[Result "1-0"]' in text and "Player 1" in text


def test_continue_keeps_the_games_id(app):
    from game.store import list_unfinished

    scene = start_2p(app)
    play_clicks(app, scene.game.legal_moves()[0])
    game_id = scene.match.game_id
    menu_labels(app)
    app.stack.top.buttons[0].activate()  # Continue
    app.step()
    resumed = app.stack.top
    assert resumed.name == "play" and resumed.match.game_id == game_id
    play_clicks(app, resumed.game.legal_moves()[0])
    assert [e.id for e in list_unfinished()] == [game_id]  # one record, now two moves long
    assert latest().game.ply == 2
