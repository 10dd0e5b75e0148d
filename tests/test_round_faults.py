"""Small faults seen after issue 46's items: the library's description says a level once; a damaged
record's reason has no brackets in brackets; Training says when the next exercise is due; a pasted game
of "You" offers Practise; New game fits at every text size with no empty slot; Review stacks its panel
in a portrait window; a FEN typed in Set up leaves typing on for the name field.  Real key and mouse
events (and a dropped file), headless."""

import pygame
import pytest
from helpers import (
    FakeEngine,
    ScriptedEngine,
    blunder_game,
    click,
    frames,
    frames_until,
    key,
    open_library,
    open_review,
    play,
    run_until,
)

from game.notation.pdn import write_pdn
from game.rules import Game

pytestmark = pytest.mark.app(engine=lambda: FakeEngine(reply=lambda moves: moves[0]), scenes=("menu",))


def test_a_row_names_its_level_once_when_the_event_names_it_already(app, tmp_path):
    src = tmp_path / "older.pdn"
    tags = {"Event": "Against the computer (Easy)", "Black": "You", "White": "Computer (Easy)", "WhiteLevel": "Easy"}
    src.write_text(write_pdn(play(Game(), 6, 1), tags)
                   + "\n" + write_pdn(play(Game(), 6, 2), {**tags, "Event": "Against the computer"}))
    scene = open_library(app)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(src)))
    frames(app, 2)
    frames_until(app, lambda: not scene.library.busy and len(scene.view) == 2)
    details = sorted(detail.split(" · ")[0] for _title, detail, _broken in scene.rows)
    assert details == ["Against the computer (Easy)"] * 2
    assert sorted(e.cell("event") for e in scene.view) == ["Against the computer (Easy)"] * 2


def test_a_damaged_record_s_reason_has_no_brackets_inside_brackets(app, tmp_path):
    src = tmp_path / "damaged.pdn"
    src.write_text('[Event "Club"]\n[Black "A"]\n[White "B"]\n[Result "1-0"]\n\n'
                   "1. 11-15 23-19 2. 8-11 22-18 3. 15x22 99-13 1-0\n")
    scene = open_library(app)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(src)))
    frames(app, 2)
    frames_until(app, lambda: not scene.library.busy and len(scene.view) == 1)
    (_title, detail, broken), = scene.rows
    assert broken and "no square 99" in detail
    assert "((" not in detail and "))" not in detail  # was "cannot be played (no square 99 (squares are 1-32))"
    assert detail.endswith("3... 99-13, cannot be played: no square 99 (squares are 1-32)")


def test_training_says_when_the_next_exercise_is_due_to_a_player_who_has_some(app):
    import datetime

    from game.store.exercises import StoredExercise, add_exercises, now_utc, stamp

    start = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    later = stamp(now_utc() + datetime.timedelta(hours=20, minutes=10))
    assert add_exercises([StoredExercise("ex-1", start, "11-15", ("9-13",), "Your game, move 1", solved=1,
                                         due=later)]).added == 1
    click(app, next(b for b in app.stack.top.buttons if b.key == "training").rect.center, n=2)
    scene = app.stack.top
    assert scene.name == "training"
    frames_until(app, lambda: scene.due != "reading")
    assert scene.due == 0
    assert scene.note("mistakes") == "None due now: the next in about 20 hours"  # not "a game report makes them"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Practise your mistakes says the same, at length
    assert app.stack.top.name == "puzzles"


@pytest.mark.app(size=(1024, 768), engine=lambda: ScriptedEngine({blunder_game().positions[5]: 300}))
def test_a_pasted_game_whose_side_is_named_you_offers_practise(app):
    # no BlackType tag: "You" is the game's word for the player, so Black's blunder is the player's
    scene = open_review(app, blunder_game(), tags={"Black": "You", "White": "Computer (Hard)", "Date": "2026.11.25"})
    key(app, pygame.K_g)
    run_until(app, lambda: scene.report is not None)
    frames_until(app, lambda: not scene.practice.busy)
    assert scene.practice.button.visible and scene.practice.button.enabled
    pushed = []
    app.push = lambda name, **params: pushed.append((name, params))
    click(app, scene.practice.button.rect.center)
    assert pushed == [("puzzles", {"exercises": True})]


@pytest.mark.app(size=(1024, 768), engine=lambda: ScriptedEngine({blunder_game().positions[5]: 300}))
def test_a_pasted_game_of_named_others_still_offers_none(app):
    scene = open_review(app, blunder_game(), tags={"Black": "Tinsley", "White": "You", "WhiteLevel": "Hard"})
    key(app, pygame.K_g)
    run_until(app, lambda: scene.report is not None)
    frames_until(app, lambda: not scene.practice.busy)
    assert not scene.practice.button.visible


@pytest.mark.parametrize("text_size", ["normal", "larger"])
def test_new_game_fits_with_larger_text_and_shows_no_empty_slot_between_its_rows(app, text_size):
    from game.ui import theme
    from game.ui.layout_check import SIZES, check_scene

    theme.set_text_size(text_size)
    try:
        key(app, pygame.K_RETURN)  # 1 Player
        screen = app.stack.top
        assert screen.name == "new_game" and screen.focus.focused is screen.difficulty
        assert check_scene(screen, SIZES) == []
        screen.resize(app.size)
        shown = sorted({(r.rect.y, r.rect.bottom) for r in screen.rows if r.visible})
        gaps = {b[0] - a[1] for a, b in zip(shown, shown[1:])}
        assert len(gaps) == 1  # one gap between rows: no empty slot above the name
        order = []
        for _ in range(5):  # Tab order is the order on screen (the clock off: its minutes are not reached)
            order.append(screen.focus.focused)
            key(app, pygame.K_TAB)
        assert order == [screen.difficulty, screen.side, screen.your_name, screen.clock, screen.start_button]
    finally:
        theme.set_text_size("normal")


@pytest.mark.app(size=(720, 1280), engine=lambda: ScriptedEngine({blunder_game().positions[5]: 300}))
def test_review_in_a_portrait_window_puts_its_panel_under_the_board(app):
    from game.ui.layout_check import SIZES, check_scene

    scene = open_review(app, blunder_game(), tags={"Black": "You", "White": "Computer (Hard)"})
    key(app, pygame.K_g)
    run_until(app, lambda: scene.report is not None)
    frames_until(app, lambda: not scene.practice.busy)
    assert check_scene(scene, [(600, 900), (720, 1280), *SIZES]) == []
    for size in ((600, 900), (720, 1280)):
        scene.resize(size)
        layout = scene.layout
        assert layout.stacked and layout.panel.top > scene.slider.rect.bottom > layout.frame.bottom
        assert layout.board.rect.width >= 448  # beside the panel it was 288 at 600x900
    scene.resize(app.size)
    key(app, pygame.K_LEFT)  # the slider and the keys still step through the game
    assert scene.ply == scene.total - 1
    click(app, scene.back_button.rect.center)  # the panel's buttons are where they are drawn
    assert app.stack.top is not scene


def test_a_fen_typed_in_set_up_leaves_typing_on_for_the_name_field(app, monkeypatch):
    # SDL's text input is one state for the window: set-up stopped it after a FEN, so a real window sent
    # New game's name field nothing (seen under Xvfb).  The state is followed through pygame's calls.
    state = {"on": True}
    for name, on in (("start_text_input", True), ("stop_text_input", False)):
        monkeypatch.setattr(pygame.key, name, lambda on=on: state.update(on=on))

    def typed(text):
        for ch in text:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch, scancode=0))
            if state["on"]:  # SDL sends the text only while text input is on
                pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        frames(app, 2)

    click(app, next(b for b in app.stack.top.buttons if b.key == "setup").rect.center, n=2)
    key(app, pygame.K_t, mod=pygame.KMOD_CTRL)
    typed("W:bad")
    key(app, pygame.K_RETURN)  # a mistyped FEN, refused
    key(app, pygame.K_ESCAPE, n=2)
    if app.stack.top.name == "confirm":
        key(app, pygame.K_RETURN, n=2)
    assert app.stack.top.name == "menu"
    click(app, next(b for b in app.stack.top.buttons if b.key == "1p").rect.center)
    screen = app.stack.top
    while screen.focus.focused is not screen.your_name:
        key(app, pygame.K_TAB)
    typed("Bo")
    assert screen.your_name.value == "Bo"  # what was typed in the field, and only that
    key(app, pygame.K_RETURN)
    assert app.settings.get("player_name") == "Bo"
