"""Review and its analysis, round three (issue 46 items 4, 25, 26, 27): the report's evaluation and the
live one told apart, the bar's number with its side, arrows along one diagonal side by side, the why
mode's step count and way out, the opening's name readable on a big window.

Driven headless with posted keys; the engine is the scripted one (no process).
"""

import math

import pygame
import pytest
from helpers import ScriptedEngine, blunder_game, frames_until, key, open_review, run_until

from game.rules import Game, Move
from game.ui import analysis_view
from game.ui.analysis_view import bar_label

scores = {}
pytestmark = pytest.mark.app(size=(1280, 800), engine=lambda: ScriptedEngine(scores), scenes=("menu",))


def reported(app):
    """Review of a game whose 5th move (Red's) the scripted engine scores as a blunder, reported."""
    game = blunder_game()
    while len(game.moves) < 40 and game.legal_moves():
        game.push(game.legal_moves()[-1])
    scores.clear()
    scores[game.positions[5]] = 300
    scene = open_review(app, game)
    key(app, pygame.K_g)
    frames_until(app, lambda: scene.report is not None or scene.analysis_note)
    assert scene.report is not None, scene.analysis_note
    return scene


# -- item 4: two evaluations, each labelled; the bar's number has its side ---------------------------

def test_the_report_s_evaluation_and_the_live_one_say_which_is_which(app):
    scene = reported(app)
    scene.go(8)
    report_line = [text for text, _, _ in scene.note_parts()]
    assert len(report_line) == 1 and " · Report: " in report_line[0], report_line
    key(app, pygame.K_a)  # live analysis on: its line comes under the report's
    run_until(app, lambda: scene.live.info is not None and scene.live.info.position == scene.position)
    report_part, live_part = [text for text, _, _ in scene.note_parts()]
    assert " · Report: " in report_part
    assert live_part.startswith(f"Live analysis, depth {scene.live.info.depth} · ")
    # the live line alone (no report beside it) is the same words as on every other screen
    scene.report = None
    assert [text for text, _, _ in scene.note_parts()] == [scene.live.words()]


def test_the_bar_s_number_names_the_side_ahead(app):
    assert bar_label(90) == "R+0.9" and bar_label(-300) == "W+3.0" and bar_label(-1520) == "W+15"
    assert bar_label(2) == "0.0" and bar_label(None) == ""
    from game.ui.layout_check import SIZES, check_scene

    scene = reported(app)
    scene.go(5)  # White, to move, three men up: the bar's label is drawn, and fits, at every size
    for size in SIZES:
        scene.resize(size)
        labels = [b for b in scene.layout_boxes() if b.name == "bar.label"]
        assert all(b.text == "W+3.0" for b in labels)
        assert check_scene(scene) == []
    scene.resize((1280, 800))
    assert [b.text for b in scene.layout_boxes() if b.name == "bar.label"] == ["W+3.0"]


# -- item 25: arrows along one diagonal are drawn side by side ---------------------------------------

def _distance_to_segment(p, a, b):
    ax, ay, bx, by = *a, *b
    t = max(0.0, min(1.0, ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)))
    return math.dist(p, (ax + t * (bx - ax), ay + t * (by - ay)))


def test_a_move_and_its_reply_along_one_diagonal_are_both_seen(app, monkeypatch):
    scene = open_review(app, Game())
    board = scene.layout.board
    drawn = []
    monkeypatch.setattr(analysis_view, "draw_arrow", lambda surface, points, square, colour: drawn.append(points))
    # 22-18 and the capture back along the same diagonal, 15x22 (through 18)
    analysis_view.draw_line(scene.app.screen, board, [Move((22, 18)), Move((15, 22))])
    assert len(drawn) == 2
    reply, best = drawn  # drawn bottom first
    width = max(4, board.square // 9)  # an arrow's shaft (hint.draw_arrow)
    # each point of one arrow's shaft is at least a shaft's width from the other's: none hides the other
    for p in best:
        assert _distance_to_segment(p, reply[0], reply[-1]) >= width
    for p in reply:
        assert _distance_to_segment(p, best[0], best[-1]) >= width
    # still on their squares: pulled apart by a fraction of a square, not moved to others
    for path, move in ((best, Move((22, 18))), (reply, Move((15, 22)))):
        for p, square in zip(path, move.path):
            assert board.square_at_pixel((round(p[0]), round(p[1]))) == square


def test_arrows_on_different_diagonals_stay_on_the_square_centres(app):
    from game.ui.analysis_view import line_paths

    scene = open_review(app, Game())
    board = scene.layout.board
    paths = line_paths(board, [Move((11, 15)), Move((23, 19))])
    assert paths == [[board.square_center(11), board.square_center(15)],
                     [board.square_center(23), board.square_center(19)]]


# -- item 26: why mode says which step it is on, and the way out ---------------------------------------

@pytest.mark.app(size=(720, 520), engine=lambda: ScriptedEngine(scores), scenes=("menu",))
def test_why_mode_shows_the_step_and_esc_even_on_a_small_window(app):
    scene = reported(app)
    scene.go(5)
    key(app, pygame.K_w)
    assert scene.why is not None
    steps = len(scene.why.moves) + 1
    for index in range(steps):
        status = next(b for b in scene.layout_boxes() if b.name == "status").text  # as drawn, cut to fit
        assert status.startswith(f"Step {index + 1} of {steps} · Esc back"), status
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_ESCAPE)
    assert scene.why is None and app.stack.top is scene


# -- item 27: the opening's name grows with the window -----------------------------------------------

@pytest.mark.app(size=(2560, 1440), engine=lambda: ScriptedEngine(scores), scenes=("menu",))
def test_the_opening_name_beside_moves_is_readable_on_a_big_window(app, monkeypatch):
    from game.ui import panel as panel_module
    from game.ui import theme
    from game.ui.words import opening_label

    game = Game()
    for text in ("11-15", "23-19", "8-11", "22-17"):
        game.push(next(m for m in game.legal_moves() if str(m) == text))
    assert opening_label(game)
    app.switch("play", mode="2p", players={0: None, 1: None}, game=game)
    app.step()
    scene = app.stack.top
    drawn = []
    real = theme.blit_text

    def record(surface, text, size, *args, **kwargs):
        drawn.append((text, size))
        return real(surface, text, size, *args, **kwargs)

    monkeypatch.setattr(panel_module.theme, "blit_text", record)
    app.draw(app.screen)
    opening = [size for text, size in drawn if text and opening_label(game).startswith(text.rstrip("…").strip())]
    assert opening, drawn
    moves = scene.panel.move_size
    assert opening[0] >= 0.75 * moves > 16, (opening, moves)  # was 16 (about 11 px) at every size
