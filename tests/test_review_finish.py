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
from helpers import FakeEngine, ScriptedEngine, blunder_game, click, frames, frames_until, key, open_review, point

from game.ui.scenes.load import open_pdn_file

pytestmark = pytest.mark.app(engine=ScriptedEngine, scenes=("menu",))


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


# -- 2. live analysis searches past a forced move ---------------------------------------------------

def forced_game():
    """A game from the start whose last position has exactly one legal move, a capture."""
    from game.rules import Game

    game = Game()
    for text in ("11-15", "22-18"):  # Red must take 15x22
        game.push(next(m for m in game.legal_moves() if str(m) == text))
    return game


def test_play_forced_plays_single_moves_and_reads_the_answer_back():
    from game.analysis.forced import play_forced

    game = forced_game()
    start = game.positions[-1]
    forced = play_forced(start, ())
    assert len(start.legal_moves()) == 1
    assert forced.moves[0] == start.legal_moves()[0] and len(forced.position.legal_moves()) > 1
    # one forced move: the score flips sides, the line starts with it
    assert len(forced.moves) == 1 and str(forced.moves[0]) == "15x22"
    assert forced.through(40, ("x",)) == (-40, (forced.moves[0], "x"))
    # after a capture nothing earlier can recur: the history starts again
    assert forced.history == ()
    # a position with a choice is searched as it is
    choice = game.positions[0]
    assert play_forced(choice, ("h",)).moves == () and play_forced(choice, ("h",)).history == ("h",)


def test_live_analysis_on_a_forced_capture_shows_the_search_after_it(app):
    from game.ui.analysis_view import black_view, score_words

    game = forced_game()
    start = game.positions[-1]
    (capture,) = start.legal_moves()
    scene = open_review(app, game)
    key(app, pygame.K_a)
    engine = app.engines[-1]
    # the engine is asked about the position after the capture, not the capture itself
    asked = engine.requests[-1][0]
    assert asked == start.play(capture) and len(asked.legal_moves()) > 1
    engine.scores[asked] = -150  # the side to move after the capture is a man and a half down
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RIGHT)
    for _ in range(4):
        app.step()
    info = scene.live.info
    assert info.position == start and info.pv[0] == capture and len(info.pv) >= 2
    assert info.depth >= 2  # the search's depth after the forced move, counted from the board
    assert info.score == 150  # the capturing side's view
    words = scene.live.words()
    assert score_words(black_view(150, start.turn)) in words and words.split(" · ")[-1].startswith(str(capture))
    assert "Depth 1 " not in words


def test_a_forced_line_that_ends_the_game_needs_no_search(app):
    from game.rules import Game, Position

    game2 = Game(Position.from_fen("W:W18:B14"))  # White's forced capture takes Red's last piece
    scene = open_review(app, game2)
    key(app, pygame.K_a)
    info = scene.live.info
    assert info is not None and info.pv == tuple(game2.position.legal_moves())
    assert scene.live.words().startswith("Depth 1 · White wins in 1")
    assert all(e.requests == [] for e in app.engines)


# -- 7. Esc during the game report cancels it; the board stays usable --------------------------------

@pytest.mark.app(engine=FakeEngine, scenes=("menu",))
def test_esc_while_the_report_is_made_cancels_it_and_stays_in_review(app):
    from helpers import play

    from game.rules import Game

    game = play(Game(), 12, seed=4)
    scene = open_review(app, game)
    key(app, pygame.K_g)
    assert scene.analysing and scene.analyse_button.hotkey == "Esc" and not scene.back_button.hotkey
    engine = app.engines[-1]
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene  # still in review
    assert not scene.analysing and scene.report is None and engine.cancels >= 1 and engine.closed
    assert "cancelled" in scene.progress_text()
    assert scene.analyse_button.hotkey == "G" and scene.back_button.hotkey == "Esc"
    key(app, pygame.K_LEFT)  # the board is usable
    assert scene.ply == len(game.moves) - 1
    key(app, pygame.K_ESCAPE)  # nothing running now: Esc leaves
    assert app.stack.top.name == "menu"


# -- 10. the report beside the move list; jumping to the marked moves ---------------------------------

def marked_game():
    """A 90-move game with a blunder by each side: the scripted engine scores the position after
    move 5 (Red's) and after move 20 (White's) three men up for the side to move."""
    g = blunder_game()
    while len(g.moves) < 90 and g.legal_moves():
        g.push(g.legal_moves()[-1])
    return g


def reported(app, game, scores):
    scores[game.positions[5]] = 300
    scores[game.positions[20]] = 300
    engine_scores.clear()
    engine_scores.update(scores)
    scene = open_review(app, game)
    key(app, pygame.K_g)
    frames_until(app, lambda: scene.report is not None or scene.analysis_note)
    assert scene.report is not None, scene.analysis_note
    return scene


engine_scores = {}


@pytest.mark.app(size=(720, 520), engine=lambda: ScriptedEngine(engine_scores), scenes=("menu",))
def test_the_report_leaves_the_move_list_room_at_every_size(app):
    from game.ui.layout_check import SIZES, check_scene

    scene = reported(app, marked_game(), {})
    rows = {}
    for size in SIZES:
        scene.resize(size)
        for ply in range(scene.total + 1):
            scene.go(ply)
            rows[size, ply] = len(scene.move_list.visible(scene.list_rect, scene.list_line_h, scene.ply))
    smallest = {size: min(n for (s, _), n in rows.items() if s == size) for size in SIZES}
    assert smallest[(720, 520)] >= 3 and smallest[(1280, 800)] >= 6, smallest
    # the note keeps one height whatever the move shown: stepping never moves the list
    for size in SIZES:
        assert len({r for (s, _), r in rows.items() if s == size}) == 1
    scene.resize((720, 520))
    assert check_scene(scene) == []


@pytest.mark.app(size=(1280, 800), engine=lambda: ScriptedEngine(engine_scores), scenes=("menu",))
def test_a_click_on_a_count_steps_through_those_moves(app):
    from game.ui.report_view import TABLE_COLUMNS, table_cells, table_rows

    game = marked_game()
    scene = reported(app, game, {})
    blunders = scene.marked(kinds=("blunder",))
    assert [m.ply + 1 for m in blunders] == [5, 20] and {m.colour for m in blunders} == {0, 1}
    rows = table_rows(scene.report)
    column = [label for _, label in TABLE_COLUMNS].index("??") + 1
    assert rows[0][column] == "??" and rows[1][column] == "1" and rows[2][column] == "1"
    cells = table_cells(scene.table_rect, scene.table_text)
    scene.go(0)
    point(app, cells[1][column].center)  # the pointer over a count lights it (it is a button)
    assert scene.hover == cells[1][column].center
    red_move = next(m for m in blunders if m.colour == 0)
    click(app, cells[1][column].center)  # Red's blunders
    assert scene.ply == red_move.ply + 1 and scene.explained() is not None
    assert scene.status_text()[0].startswith("Red's blunders 1 of 1: ")
    white_move = next(m for m in blunders if m.colour == 1)
    click(app, cells[2][column].center)  # White's
    assert scene.ply == white_move.ply + 1
    click(app, cells[2][column].center)  # again: round to the first (the only one)
    assert scene.ply == white_move.ply + 1
    # a count of 0 says so instead of going anywhere
    mistakes = [label for _, label in TABLE_COLUMNS].index("?") + 1
    click(app, cells[1][mistakes].center)
    assert scene.ply == white_move.ply + 1 and "no mistakes" in scene.status_text()[0]


@pytest.mark.app(size=(1280, 800), engine=lambda: ScriptedEngine(engine_scores), scenes=("menu",))
def test_each_side_s_accuracy_and_the_legend_of_the_marks_are_shown(app):
    from game.ui.report_view import legend_text, table_rows

    scene = reported(app, marked_game(), {})
    rows = table_rows(scene.report)
    assert rows[0][1] == "Accuracy"
    for row, colour in ((rows[1], 0), (rows[2], 1)):
        assert row[1] == f"{scene.report.summary(colour).accuracy:.0f}%"
    assert scene.report.summary(0).accuracy < 100
    boxes = {b.name: b for b in scene.layout_boxes()}
    assert "".join(b.text for n, b in boxes.items() if n.startswith("legend") and b.text) == legend_text()
    assert legend_text() == "?! inaccuracy   ? mistake   ?? blunder"


@pytest.mark.app(size=(1280, 800), engine=lambda: ScriptedEngine(engine_scores), scenes=("menu",))
def test_w_on_an_unmarked_move_after_the_report_goes_to_the_next_mistake(app):
    scene = reported(app, marked_game(), {})
    scene.go(8)
    key(app, pygame.K_w)
    assert scene.why is None and scene.ply == 20 and "W: why it was bad" in scene.status_text()[0]
    assert scene.status_text()[0].startswith("Mistakes or blunders 2 of 2: ")  # a sentence: a capital
    assert "analyse the game" not in scene.status_text()[0]
    key(app, pygame.K_w)
    assert scene.why is not None
    key(app, pygame.K_ESCAPE)
    scene.go(30)
    key(app, pygame.K_w)  # after the last: round to the first
    assert scene.ply == 5


@pytest.mark.app(size=(1280, 800), engine=lambda: ScriptedEngine(engine_scores), scenes=("menu",))
def test_the_evaluation_bar_carries_its_number(app):
    from game.ui.analysis_view import BAR_LIGHT, bar_label

    scene = reported(app, marked_game(), {})
    scene.go(5)  # Red just blundered: White, to move, is three men up
    app.draw(app.screen)
    score = scene.report.black_scores()[5]
    assert score < -200 and bar_label(score) == "W+3.0"  # the side ahead and by how much
    label = next(b for b in scene.layout_boxes() if b.name == "bar.label")
    assert label.text == "W+3.0"
    # at White's end of the bar: the top when Red is at the bottom
    white_at_top = scene.layout.board.flipped
    assert (label.rect.centery < scene.bar.centery) == white_at_top
    # drawn on a patch of White's colour
    r = label.rect
    pixels = [tuple(app.screen.get_at((x, y)))[:3] for x in range(r.x, r.right) for y in range(r.y, r.bottom)]
    assert sum(p == BAR_LIGHT for p in pixels) > len(pixels) // 3


# -- 22. set-up: the analysis is shown as soon as it is turned on, and comes back after a message -------

@pytest.mark.app(engine=ScriptedEngine, scenes=("menu", "setup"))
def test_setup_shows_the_analysis_at_once_and_after_a_message(app):
    from game.ui.analysis_view import LINE_COLOURS
    from game.ui.scenes.setup import MESSAGE_SECONDS

    scene = app.stack.top
    scene.apply_fen("B:W18,22:B9,14")  # says "Position from …"
    assert scene.status()[0].startswith("Position from")
    key(app, pygame.K_a)
    frames_until(app, lambda: scene.live.info is not None)
    assert scene.status()[0].startswith("Depth ")  # not the message: it was hiding the analysis
    key(app, pygame.K_c, pygame.KMOD_CTRL)  # a message while analysing: shown, then the analysis again
    message = scene.status()[0]
    assert not message.startswith("Depth ")
    frames(app, int(MESSAGE_SECONDS * 60) + 5)  # (fixed frames of 1/60 s)
    assert scene.status()[0].startswith("Depth ") and scene.status()[0] == scene.live_words()
    # the line's first moves are drawn in their arrows' colours
    st = scene.layout.status
    app.draw(app.screen)
    colours = {tuple(app.screen.get_at((x, y)))[:3] for x in range(st.x, st.right) for y in range(st.y, st.bottom, 2)}
    assert LINE_COLOURS[0] in colours


def test_marked_spans_colour_the_first_word_equal_to_each_mark():
    from game.ui.analysis_view import marked_spans

    spans = marked_spans("Depth 3 · level · 14x23 22-17 14x23.", "t", (("14x23", "blue"), ("22-17", "purple")))
    assert "".join(t for t, _, _ in spans) == "Depth 3 · level · 14x23 22-17 14x23."
    assert [(t, c) for t, c, _ in spans if c != "t"] == [("14x23", "blue"), ("22-17", "purple")]


# -- a won position is said as a win on the bar and in the note, never "+10" or "wins in 0" ---------

def _report(app, game, scores):
    engine_scores.clear()
    engine_scores.update(scores)
    scene = open_review(app, game)
    key(app, pygame.K_g)
    frames_until(app, lambda: scene.report is not None or scene.analysis_note)
    assert scene.report is not None, scene.analysis_note
    return scene


@pytest.mark.app(size=(1280, 800), engine=lambda: ScriptedEngine(engine_scores), scenes=("menu",))
def test_the_bar_says_a_forced_win_as_the_analysis_does(app):
    from game.engine.scores import WIN
    from game.rules import Game

    game = Game()
    for _ in range(2):
        game.push(game.legal_moves()[0])
    scene = _report(app, game, {game.positions[0]: WIN - 3})  # Red, to move, wins in 2
    scene.go(0)
    app.draw(app.screen)
    label = next(b for b in scene.layout_boxes() if b.name == "bar.label")
    assert label.text == "R2"  # was "+10": the graph's clamped score


@pytest.mark.app(size=(1280, 800), engine=lambda: ScriptedEngine(engine_scores), scenes=("menu",))
def test_the_final_position_of_a_won_game_says_who_has_won(app):
    from game.rules import Game, Position

    game = Game(Position.from_fen("W:W18:B14"))  # White's capture takes Red's last piece
    game.push(game.legal_moves()[0])
    scene = _report(app, game, {})
    scene.go(1)
    app.draw(app.screen)
    note = " ".join(text for text, _ in scene.note_lines())
    assert note.endswith("White has won") and "wins in 0" not in note
    label = next(b for b in scene.layout_boxes() if b.name == "bar.label")
    assert label.text == "W"  # not "W0", nor "+10"
    scene.go(0)  # before the forced capture: White wins in one move (was "W", as if already won)
    app.draw(app.screen)
    assert next(b for b in scene.layout_boxes() if b.name == "bar.label").text == "W1"


def test_a_forced_result_is_a_ply_further_off_for_each_forced_move():
    from game.analysis.forced import plies_back
    from game.engine.scores import WIN

    assert plies_back(WIN - 3, 1) == -(WIN - 4)  # a win in 3 plies after one forced move: a loss in 4
    assert plies_back(-(WIN - 2), 2) == -(WIN - 4)
    assert plies_back(-WIN, 1) == WIN - 1  # the forced move ends the game: a win in one ply
    assert plies_back(35, 1) == -35 and plies_back(35, 2) == 35  # an evaluation is only negated


def test_a_name_the_record_leaves_out_is_unknown_not_a_question_mark(app, tmp_path):
    from game.ui.words import player_names

    scene = open_text(app, tmp_path, '[Black "?"]\n[Result "*"]\n1. 11-15 23-18 *\n')
    assert scene.info_lines()[:2] == ["Red: Unknown", "White: Unknown"]
    assert player_names("Human", "?") == ("You", "Unknown")
    assert player_names("MF Tinsley", "") == ("MF Tinsley", "Unknown")


@pytest.mark.app(size=(2560, 1440), engine=ScriptedEngine, scenes=("menu",))
def test_review_buttons_grow_with_the_window_as_the_play_panel_s_do(app):
    from helpers import play

    from game.rules import BLACK, WHITE, Game
    from game.ui.layout_check import check_scene

    app.switch("play", mode="2p", players={BLACK: None, WHITE: None})
    app.step()
    panel_button = app.stack.top.panel.menu.rect
    scene = open_review(app, play(Game(), 12, seed=2))
    assert scene.back_button.rect.height >= panel_button.height > 50  # was 50 at every big size
    assert check_scene(scene) == []
