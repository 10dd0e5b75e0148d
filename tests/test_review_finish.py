"""Review, finished for a new player (issue 34): recorded results, Esc during the report,
the report beside the move list, jumping to the marked moves, and words a player reads.

Driven headless with posted key and mouse events; the engine is the scripted one of
test_report_review (no process), unless a test says otherwise.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from test_report_review import ScriptedEngine
from test_review import key

from game.ui.scenes.load import open_pdn_file

RESIGNED = """[Event "US National 1946"]
[Black "E Fuller"]
[White "MF Tinsley"]
[Result "1-0"]
1. 11-15 23-18 2. 9-14 18x11 3. 8x15 22-18 4. 15x22 25x18x9 5. 5x14 27-23 1-0
"""

AGREED = """[Event "Ohio State Ty 1946"]
[Black "MF Tinsley"]
[White "M Rex"]
[Result "1/2-1/2"]
1. 11-15 23-18 2. 8-11 27-23 1/2-1/2
"""

# the result only in the movetext: the reader still knows it
MOVETEXT_ONLY = """[Black "A"]
[White "B"]
1. 11-15 23-18 2. 8-11 27-23 0-2
"""

# the board is over (Red has no piece left) although the record says otherwise
BOARD_OVER = """[Black "A"]
[White "B"]
[FEN "B:W18:B14"]
[Result "1/2-1/2"]
1. 14-23 *
"""


@pytest.fixture
def app(tmp_path, monkeypatch):
    from game.app import App

    monkeypatch.setenv("CHECKERS_HOME", str(tmp_path))
    engines = []

    def factory():
        engines.append(ScriptedEngine())
        return engines[-1]

    a = App(size=(1000, 700), fixed_dt=1 / 60, sound=False, engine_factory=factory)
    a.engines_made = engines
    a.switch("menu")
    yield a
    a.close()


def open_text(app, tmp_path, text, name="game.pdn"):
    path = tmp_path / name
    path.write_text(text)
    assert open_pdn_file(app, path, back="pop")
    app.step()
    scene = app.stack.top
    assert scene.name == "review"
    return scene


# -- 1. the recorded result ---------------------------------------------------------------------

@pytest.mark.parametrize("text, words", [
    (RESIGNED, "Red won (White resigned, as recorded)"),
    (AGREED, "Drawn (agreed, as recorded)"),
    (MOVETEXT_ONLY, "White won (Red resigned, as recorded)"),
])
def test_the_recorded_result_stands_where_the_board_is_not_over(app, tmp_path, text, words):
    scene = open_text(app, tmp_path, text)
    key(app, pygame.K_HOME)
    key(app, pygame.K_END)
    assert scene.ply == scene.total and scene.game.outcome is None
    assert scene.status_text()[0].endswith(" — " + words)
    assert scene.info_lines()[-1] == words
    assert "Unfinished" not in scene.status_text()[0]
    key(app, pygame.K_LEFT)  # before the end: whose move it is
    assert scene.status_text()[0].endswith("to move")


def test_the_board_s_own_end_beats_the_record(app, tmp_path):
    scene = open_text(app, tmp_path, BOARD_OVER)
    key(app, pygame.K_END)
    assert scene.game.outcome is not None
    assert scene.status_text()[0].endswith("Red won: White has no pieces left")


def test_a_game_without_a_result_is_unfinished(app, tmp_path):
    scene = open_text(app, tmp_path, RESIGNED.replace("1-0", "*"))
    key(app, pygame.K_END)
    assert scene.info_lines()[-1] == "Unfinished"
    assert scene.status_text()[0].endswith("Red to move")
