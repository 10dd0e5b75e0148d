"""Review with the engine: live analysis (A), the game report (G), why a bad move was bad (W),
the annotated PDN (Ctrl+S), clicks on the move list and the graph, results in words.

Driven headless with posted key and mouse events through an App whose engine factory
makes scripted engines (no process): each answers at once, with a score per position.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest
from helpers import ScriptedEngine, blunder_game, click, key, new_app, open_review, open_scenes, run_until

from game.analysis import grading
from game.notation.pdn import read_pdn
from game.rules import WHITE, Game, Position


@pytest.fixture
def made(home):
    """(app, engines made so far, scores the next engines use): scripted engines, the menu open."""
    scores = {}
    app = new_app((1100, 760), engine=lambda: ScriptedEngine(scores))
    try:
        open_scenes(app, "menu", n=0)
        yield app, app.engines, scores
    finally:
        app.close()


def analysed(app, game, scores):
    g = game
    scores[g.positions[5]] = 300  # the side to move after move 4 is three men up
    scene = open_review(app, g)
    key(app, pygame.K_g)
    run_until(app, lambda: scene.report is not None or scene.analysis_note)
    assert scene.report is not None, scene.analysis_note
    return scene


# -- live analysis ----------------------------------------------------------------------------

def test_a_turns_live_analysis_on_it_follows_every_step_and_stops(made):
    app, engines, _ = made
    game = blunder_game()
    scene = open_review(app, game)
    assert engines == []  # no engine until asked
    key(app, pygame.K_a)
    assert scene.live.on and len(engines) == 1
    run_until(app, lambda: scene.live.info is not None)
    info = scene.live.info
    assert info.position == game.positions[8]
    assert scene.live.words().startswith(f"Depth {info.depth} · level · {info.pv[0]}")
    key(app, pygame.K_LEFT)
    run_until(app, lambda: scene.live.info is not None and scene.live.info.position == game.positions[7])
    assert engines[0].requests[-1][0] == game.positions[7]
    key(app, pygame.K_a)
    assert not scene.live.on and engines[0].cancels >= 1
    asked = len(engines[0].requests)
    key(app, pygame.K_LEFT)
    app.step()
    assert len(engines[0].requests) == asked  # off: no request follows the board
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "menu" and engines[0].closed


def kings_game():
    """Kings shuffle (moves 0-3), a man moves (4), kings shuffle again (5-7)."""
    game = Game(Position.from_fen("B:WK30,K31:BK3,K4,9"))
    for i in range(8):
        man = game.position.piece_at(9) is not None and game.position.turn == 0 and i == 4
        moves = [m for m in game.legal_moves() if (m.start == 9) == man and not m.is_capture]
        game.push(moves[i % len(moves)] if i < 4 else moves[0])
    return game


def test_the_engine_sees_the_positions_since_the_last_man_move_wherever_review_is(made):
    app, engines, _ = made
    game = kings_game()
    assert game.position.piece_at(9) is None and len(game.moves) == 8  # the man moved at move 4
    scene = open_review(app, game)
    key(app, pygame.K_a)
    assert engines[0].requests[-1][:2] == (game.positions[8], tuple(game.positions[5:8]))
    scene.go(3)  # before the man moved: everything since the start can come again
    app.step()
    assert engines[0].requests[-1][:2] == (game.positions[3], tuple(game.positions[:3]))
    scene.go(5)  # just after it: nothing can
    app.step()
    assert engines[0].requests[-1][:2] == (game.positions[5], ())


def test_live_analysis_draws_its_bar_beside_the_board(made):
    app, engines, scores = made
    game = blunder_game()
    # the last position's only move is a capture: live analysis searches the position after the forced moves
    from game.analysis.forced import play_forced

    after = play_forced(game.positions[8])
    scores[after.position] = 250 if len(after.moves) % 2 == 0 else -250
    scene = open_review(app, game)
    bar = scene.bar
    assert bar.left >= scene.layout.frame.right and bar.right <= scene.layout.panel.left
    before = app.screen.get_at((bar.centerx, bar.y + 3))
    click(app, scene.live_button.rect.center)
    run_until(app, lambda: scene.live.info is not None)
    app.step()
    # red to move is 2.5 men up: most of the bar is red, from red's edge (the top, as red plays down)
    red_edge = bar.bottom - 3 if scene.layout.board.flipped else bar.y + 3
    assert tuple(app.screen.get_at((bar.centerx, red_edge)))[:3] != tuple(before)[:3]
    assert scene.live.score_black() == 250


# -- the report -------------------------------------------------------------------------------

def test_g_analyses_every_position_with_a_moving_bar_and_the_board_stays_usable(made):
    app, engines, scores = made
    game = blunder_game()
    scores[game.positions[5]] = 300
    scene = open_review(app, game)
    key(app, pygame.K_g)
    assert scene.analysing and scene.analyse_button.text == "Cancel analysis"
    seen = []
    key(app, pygame.K_HOME)  # the board answers while the engine works
    assert scene.ply == 0
    run_until(app, lambda: seen.append(scene.analysis.progress if scene.analysis else 1.0) or scene.report)
    assert seen == sorted(seen) and len(set(seen)) > 3  # the bar moved, forward only
    asked = {r[0] for r in engines[0].requests}
    assert set(game.positions) <= asked  # every position of the game
    report = scene.report
    assert report.moves[4].kind == grading.BLUNDER
    assert [m.ply for m in report.worst()] == [4]
    assert scene.analyse_button.text == "Save report"
    assert engines[0].closed  # the report's engine is ended once it is done
    assert report.summary(scene.game.start.turn).counts[grading.BLUNDER] == 1


def test_a_review_opened_to_analyse_starts_the_report_at_once(made):
    app, engines, _ = made
    scene = open_review(app, blunder_game(), analyse=True)
    assert scene.analysing and len(engines) == 1
    run_until(app, lambda: scene.report is not None)


def test_g_again_cancels_and_says_so(made):
    app, engines, _ = made
    scene = open_review(app, blunder_game())
    key(app, pygame.K_g)
    key(app, pygame.K_g)
    assert not scene.analysing and scene.report is None
    assert engines[0].cancels >= 1 and engines[0].closed
    assert "cancelled" in scene.analysis_note
    app.step()


def test_graph_click_and_drag_jump_to_the_move(made):
    app, _, scores = made
    game = blunder_game()
    scene = analysed(app, game, scores)
    app.step()
    r = scene.graph.rect
    assert r.width > 50 and r.height > 20
    click(app, (r.x + 1, r.centery))
    assert scene.ply == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(r.x + 1, r.centery), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(r.right + 40, r.centery), rel=(1, 0),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(r.right + 40, r.centery), button=1))
    app.step()
    assert scene.ply == 8  # dragged past the end: the last position
    x = scene.graph._x(5)
    click(app, (x, r.centery))
    assert scene.ply == 5


def test_clicking_a_move_in_the_list_jumps_after_it(made):
    app, _, _ = made
    game = blunder_game()
    scene = open_review(app, game)
    cells = dict(scene.move_list.cells(scene.list_rect, scene.list_line_h, scene.ply))
    assert set(cells) == set(range(1, 9))
    # as the game's list: "2.  Red's move  White's move" on one row, Red's on the left
    assert cells[3].y == cells[4].y > cells[1].y and cells[3].x < cells[4].x
    assert cells[1].x == cells[3].x and cells[2].x == cells[4].x
    click(app, cells[3].center)
    assert scene.ply == 3 and scene.position == game.positions[3]
    assert scene.version == 1


def test_w_steps_through_why_a_blunder_was_bad_and_esc_returns(made):
    app, _, scores = made
    game = blunder_game()
    scene = analysed(app, game, scores)
    scene.go(5)  # after the blunder
    m = scene.explained()
    assert m is not None and m.explanation.text.startswith(str(game.moves[4]))
    key(app, pygame.K_w)
    assert scene.why is not None and scene.position == game.positions[4]  # before it: the better move shown
    assert "better" in scene.status_text()[0]
    key(app, pygame.K_RIGHT)
    assert scene.position == game.positions[5]  # the move played
    key(app, pygame.K_RIGHT)
    assert scene.position == game.positions[5].play(m.explanation.line[0])  # its refutation
    key(app, pygame.K_LEFT)
    assert scene.position == game.positions[5]
    key(app, pygame.K_ESCAPE)
    assert scene.why is None and scene.ply == 5 and app.stack.top is scene


def test_w_on_a_good_move_goes_to_the_next_mistake_and_w_again_explains_it(made):
    app, _, scores = made
    scene = analysed(app, blunder_game(), scores)
    scene.go(2)
    key(app, pygame.K_w)
    assert scene.why is None and scene.ply == 5 and scene.explained() is not None
    assert "1 of 1" in scene.message and "W: why it was bad" in scene.message
    key(app, pygame.K_w)
    assert scene.why is not None and scene.why.ply == 5


def test_ctrl_s_saves_the_annotated_game_and_says_where(made, tmp_path):
    app, _, scores = made
    game = blunder_game()
    scene = analysed(app, game, scores)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    path = scene.saved_path
    assert path is not None and path.is_file() and Path(path).is_absolute()
    assert scene.message == f"Saved as {path}"
    assert " ".join(text for text, _, _ in scene.wrapped_note()).replace(" ", "") == f"Saved as {path}".replace(" ", "")
    assert str(tmp_path) in str(path)
    (read,) = read_pdn(path.read_text(encoding="utf-8"))
    assert read.error is None and read.moves == game.moves
    assert [ply for ply, _ in read.comments] == [5]  # after the blunder
    assert read.marks == [(5, "??")]
    assert "Better" in read.comments[0][1]


def test_ctrl_s_before_the_report_says_what_to_do(made):
    app, _, _ = made
    scene = open_review(app, blunder_game())
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert scene.saved_path is None and "Analyse the game first" in scene.message


def no_processes_left():
    raise OSError("no processes left")


@pytest.mark.app(engine=no_processes_left, scenes=("menu",))
def test_an_engine_that_cannot_start_is_a_sentence_not_a_crash(app):
    scene = open_review(app, blunder_game())
    key(app, pygame.K_g)
    assert scene.report is None and "no processes left" in scene.analysis_note
    key(app, pygame.K_a)
    app.step()
    assert "no processes left" in scene.live.words()


# -- words ----------------------------------------------------------------------------------------

def test_results_in_words_with_the_screen_names(made):
    from game.ui.report_view import result_words

    app, _, _ = made
    assert result_words(None, "0-2") == "White won (Red resigned, as recorded)"
    assert result_words(None, "2-0") == "Red won (White resigned, as recorded)"
    assert result_words(None, "1-1") == "Drawn (agreed, as recorded)"
    assert result_words(None, "*") == "Unfinished"
    game = Game(Position.from_fen("B:W18:B14"))
    game.push(game.legal_moves()[0])
    assert result_words(game.outcome) == "Red won: White has no pieces left"
    scene = open_review(app, blunder_game(), tags={"Result": "0-2"})
    assert "White won (Red resigned, as recorded)" in scene.info_lines()


def test_move_numbers_match_the_games_list(made):
    app, _, _ = made
    start = Position.from_fen("W:W21,22,23,24:B9,10,11,12")
    game = Game(start)
    for _ in range(3):
        game.push(game.legal_moves()[0])
    scene = open_review(app, game)
    assert game.start.turn == WHITE
    assert scene.move_words(1) == f"1... {game.moves[0]}"
    assert scene.move_words(2) == f"2. {game.moves[1]}"
    rows = scene.move_list.rows()
    assert rows[0] == (1, [None, 1]) and rows[1] == (2, [2, 3])
    assert scene.status_text()[0].startswith(f"After 2... {game.moves[2]}")


def test_the_reports_engine_is_a_background_one(made, monkeypatch):
    app, _, scores = made
    asked = []
    made_by = app.new_engine
    monkeypatch.setattr(app, "new_engine", lambda **options: asked.append(options) or made_by(**options))
    scene = analysed(app, blunder_game(), scores)
    key(app, pygame.K_a)
    assert scene.report is not None and scene.live.on
    assert asked == [{"background": True}, {"background": True}]  # the report's, then the live analysis's
