"""Every screen at every window size: nothing overlaps, nothing is cut off, every text fits and is readable."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from helpers import FakeEngine, run_until
from helpers import play as play_moves

from game.rules import WHITE, Outcome
from game.ui import layout_check
from game.ui.layout_check import SIZES, Box, check_scene, problems

LONG_MESSAGE = ("The saved game could not be read: the file ends in the middle of a move, "
                "so it was kept aside under a new name and nothing was lost.")

# (scene, params, scene underneath or None): screens that expose layout_boxes();
# another scene joins by defining layout_boxes() and adding a line here
SCENES = [
    ("menu", {}, None),
    ("new_game", {"mode": "1p"}, "menu"),
    ("new_game", {"mode": "2p"}, "menu"),
    ("new_game", {"mode": "watch"}, "menu"),
    ("settings", {}, "menu"),
    ("setup", {}, "menu"),
    ("how_to_play", {}, "menu"),
    ("puzzles", {}, "menu"),
    ("training", {}, "menu"),
    ("record", {}, "menu"),
    ("confirm", {"title": "Leave this game?", "message": "Your game is kept: Continue resumes it.",
                 "confirm": "Leave"}, "menu"),
    ("notice", {"title": "Could not open the game", "message": LONG_MESSAGE}, "menu"),
    ("notice", {"title": "Could not open " + "a_very_long_file_name_" * 8 + ".pdn", "message": "\x00bad " * 400},
     "menu"),
    ("game_over", {"outcome": Outcome(WHITE, "no_moves", "White wins: Red has no move left"),
                   "players": {0: None, 1: None}}, "menu"),
]


# one window for the module (the screens are opened and measured, never played on); the computer's
# moves are never waited for
pytestmark = pytest.mark.app(size=(1024, 768), engine=FakeEngine)


def open_scene(app, name, params, below):
    app.switch(below or name, **({} if below else params))
    if below:
        app.push(name, **params)
    app.step()
    return app.stack.top


@pytest.mark.parametrize("name,params,below", SCENES,
                         ids=[f"{n}-{i}" for i, (n, p, _) in enumerate(SCENES)])
def test_scene_fits_every_size(shared_app, name, params, below):
    scene = open_scene(shared_app, name, params, below)
    assert check_scene(scene) == []


def test_custom_choices_fit_too(shared_app):
    scene = open_scene(shared_app, "new_game", {"mode": "1p"}, "menu")
    for value in ("Custom depth", "Custom time"):
        scene.difficulty.set_value(value)
        scene._refresh()
        assert check_scene(scene) == [], value


@pytest.mark.parametrize("name,params,below", SCENES[:7],
                         ids=[n + ("-" + p["mode"] if "mode" in p else "") for n, p, _ in SCENES[:7]])
def test_below_the_minimum_every_control_stays_on_screen(shared_app, name, params, below):
    # a tiling window manager may ignore the minimum size: the screen degrades, it does not lose controls
    scene = open_scene(shared_app, name, params, below)
    for size in ((640, 480), (560, 400)):
        scene.resize(size)
        window = pygame.Rect(0, 0, *size)
        for w in scene.focus.widgets:
            if w.visible:
                assert window.contains(w.rect), (name, size, w)
    scene.resize(shared_app.size)


# -- the checker itself must catch what it is for --------------------------------------------


def test_checker_finds_overlap_cut_off_and_text_too_long(shared_app):
    found = problems([Box("a", (0, 0, 100, 40)), Box("b", (90, 0, 100, 40)),
                      Box("c", (700, 500, 100, 40)),
                      Box("d", (0, 100, 60, 30), "A label far too long for its box", 24),
                      Box("e", (0, 200, 300, 40), "tiny", 10)], (720, 520))
    text = "\n".join(found)
    assert "a (0, 0, 100, 40) overlaps b" in text
    assert "c (700, 500, 100, 40) is cut off" in text
    assert "d text 'A label far too long for its box' needs" in text
    assert "e text 'tiny' is 7 px tall" in text
    assert len(found) == 4


def test_children_live_inside_their_parent_and_only_siblings_may_not_overlap(shared_app):
    ok = [Box("card", (10, 10, 300, 200)), Box("button", (20, 150, 120, 40), parent="card"),
          Box("button.text", (26, 152, 108, 36), "OK", 24, parent="button")]
    assert problems(ok, (720, 520)) == []
    out = ok + [Box("stray", (300, 150, 40, 40), parent="card")]
    assert problems(out, (720, 520)) == ["stray (300, 150, 40, 40) sticks out of card (10, 10, 300, 200)"]


def test_wrapped_text_is_measured_by_its_lines(shared_app):
    assert problems([Box("words", (0, 0, 200, 200), LONG_MESSAGE, 20, wrap=True)], (720, 520)) == []
    assert any("needs" in p for p in problems([Box("words", (0, 0, 200, 30), LONG_MESSAGE, 20, wrap=True)],
                                              (720, 520)))


def test_sizes_are_the_five_the_game_is_designed_for():
    assert layout_check.SIZES[0] == (720, 520) and layout_check.SIZES[-1] == (2560, 1440) and len(SIZES) == 5


def test_a_dialog_note_gets_its_own_room(shared_app):
    from game.ui.dialog import DialogScene

    class Noted(DialogScene):
        name = "noted"
        title = "Red wins"
        message = "White has no move left."
        note = "Esc to look at the board"

        def buttons(self):
            return [("Play again", None, True), ("Menu", None, False), ("Quit", None, False)]

    scene = Noted(shared_app)
    scene.enter()
    assert check_scene(scene) == []
    assert all(b.rect.bottom < scene.note_rect.top for b in scene.widgets)


def test_menu_with_more_entries_still_fits(shared_app, monkeypatch):
    from game.ui import menu_items

    # Continue and the game library appear for a player with saved games; a feature may add more
    for key, label, order in (("continue", "Continue", 10), ("resume", "Resume another game", 15),
                              ("library", "Game library", 55)):
        monkeypatch.setitem(menu_items.MENU_ITEMS, key,
                            menu_items.MenuItem(key, label, lambda app: None, None, order, False))
    scene = open_scene(shared_app, "menu", {}, None)
    assert len(scene.buttons) >= 11
    assert check_scene(scene) == []


# -- the play screen in each of its states -----------------------------------------------------

KINGS_FEN = "W:WK3,14,20,22,23,26,28,30:BK27,1,2,5,6,9,12"


def _players(kind):
    from game.engine.levels import parse_level

    medium, expert = parse_level("Medium"), parse_level("Expert")
    return {"1p": {0: None, 1: medium}, "2p": {0: None, 1: None}, "watch": {0: medium, 1: expert},
            "1p-white": {0: expert, 1: None}}[kind]


@pytest.mark.parametrize("kind", ["1p", "2p", "watch", "1p-white"])
@pytest.mark.parametrize("numbers", [True, False])
def test_play_screen_fits_every_size(shared_app, kind, numbers):
    from game.rules import Position

    shared_app.switch("play", players=_players(kind), start=Position.from_fen(KINGS_FEN) if kind == "2p" else None)
    shared_app.step()
    scene = shared_app.stack.top
    scene.numbers = numbers
    if kind == "watch":
        assert scene.match.thinking and scene.panel.move_now.visible  # the Move now button is checked too
    assert check_scene(scene) == []


def test_play_screen_with_analysis_and_a_long_game_fits(shared_app):
    from game.rules import Game

    shared_app.switch("play", players=_players("2p"), game=play_moves(Game(), 60, seed=4))
    shared_app.step()
    scene = shared_app.stack.top
    scene.toggle_analysis()
    shared_app.step()
    assert scene.analysing
    assert check_scene(scene) == []
    assert any(b.name == "eval_bar" for b in scene.layout_boxes())


def test_play_layout_check_catches_a_panel_that_does_not_fit(shared_app, monkeypatch):
    # the check is not blind to the panel: a long player label is fitted by eliding it, and
    # without the eliding the check finds the text that no longer fits its box
    shared_app.switch("play", players=_players("1p"))
    shared_app.step()
    scene = shared_app.stack.top
    monkeypatch.setattr(scene.panel, "_player_label", lambda colour: "Computer · " + "Grandmaster " * 6)
    assert check_scene(scene) == []
    from game.ui import panel

    monkeypatch.setattr(panel.theme, "elide", lambda string, *a, **k: string)
    found = check_scene(scene, sizes=[(720, 520)])
    assert any(".label text" in p and "player" in p and "needs" in p for p in found), found


def test_game_over_card_over_the_board_fits(shared_app):
    from game.rules import Position

    shared_app.switch("play", players=_players("1p"), start=Position.from_fen("B:W23:B18,K6,1,2"))
    shared_app.step()
    scene = shared_app.stack.top
    scene.match.play(next(m for m in scene.game.legal_moves() if m.is_capture))
    run_until(shared_app, lambda: shared_app.stack.top.name == "game_over")
    top = shared_app.stack.top
    assert check_scene(top) == []
    assert check_scene(scene) == []
