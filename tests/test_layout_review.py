"""Review and its report, and set-up with live analysis, at every window size: nothing overlaps,
is cut off or unreadable (``game.ui.layout_check``), in each state the screen can be in."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from helpers import ScriptedEngine, blunder_game, open_review, open_scenes, run_until

from game.rules import Game
from game.ui.layout_check import check_scene

SCORES = {blunder_game().positions[5]: 300}  # the blunder of the scripted engine's report
LONG = "Grandmaster " + "Bartholomew-Featherstonehaugh " * 4

# one window for the module: the screens are opened and measured
pytestmark = pytest.mark.app(size=(1024, 768), engine=lambda: ScriptedEngine(SCORES))


def review(app, game, **params):
    open_scenes(app, "menu", n=0)
    return open_review(app, game, **params)


def long_game():
    g = blunder_game()
    while len(g.moves) < 90 and g.legal_moves():
        g.push(g.legal_moves()[-1])
    return g


def test_plain_review_fits(shared_app):
    assert check_scene(review(shared_app, long_game())) == []


def test_review_with_long_names_and_a_broken_record_fits(shared_app):
    scene = review(shared_app, long_game(), tags={"Black": LONG, "White": LONG, "Event": LONG, "Date": "1999.01.01"},
                   error="move 31: 1-5 is not legal here " * 3)
    assert check_scene(scene) == []


def test_review_while_analysing_fits(shared_app):
    scene = review(shared_app, long_game())
    scene.start_analysis()
    assert scene.analysing
    assert check_scene(scene) == []
    scene.cancel_analysis()
    assert check_scene(scene) == []  # the note saying it was cancelled


def test_report_live_analysis_and_why_line_fit(shared_app):
    scene = review(shared_app, blunder_game())
    scene.start_analysis()
    run_until(shared_app, lambda: scene.report is not None)
    scene.toggle_live()
    run_until(shared_app, lambda: scene.live.info is not None)
    scene.go(5)
    shared_app.step()
    assert scene.explained() is not None
    assert check_scene(scene) == []
    scene.start_why()
    scene.step(2)
    assert check_scene(scene) == []


def test_setup_with_live_analysis_fits(shared_app):
    scene = open_scenes(shared_app, "menu", "setup")
    scene.toggle_live()
    run_until(shared_app, lambda: scene.live.info is not None)
    assert check_scene(scene) == []
    scene.clear()
    scene.message = ""
    shared_app.step()
    assert check_scene(scene) == []  # the status says why there is nothing to analyse


def test_a_game_without_moves_fits(shared_app):
    assert check_scene(review(shared_app, Game())) == []
