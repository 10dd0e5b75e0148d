"""A puzzle file of more puzzles than a set holds (``MAX_PUZZLES``) is cut, and the cut is said: in the
load's result and on the Puzzles screen (issue 45 item 4), never silently."""

import pytest
from test_puzzles_screen import drawn_words, open_puzzles, other, shot

from game.training import puzzle as puzzle_module
from game.training.puzzle import read_puzzles, write_puzzles

pytestmark = pytest.mark.app(size=(1024, 768))


@pytest.fixture
def small_cap(monkeypatch):
    monkeypatch.setattr(puzzle_module, "MAX_PUZZLES", 2)  # a set of 2 stands for one of 100,000


def test_the_load_says_how_many_of_the_files_puzzles_are_used(small_cap):
    puzzles, problems = read_puzzles(write_puzzles([shot(), other(), shot("shot-2", theme="ending")]))
    assert [p.id for p in puzzles] == ["shot-1", "end-1"]
    assert problems[0] == "Only the first 2 of this file's 3 puzzles are used (a set holds at most 2)"


def test_a_file_within_the_cap_says_nothing_of_it(small_cap):
    _, problems = read_puzzles(write_puzzles([shot(), other()]))
    assert problems == []


def test_the_puzzles_screen_says_the_set_was_cut(app, tmp_path, small_cap):
    path = tmp_path / "big.pdn"
    path.write_text(write_puzzles([shot(), other(), shot("shot-2", theme="ending")]))
    scene = open_puzzles(app, path)
    assert scene.session is not None  # a puzzle is served
    words = " ".join(drawn_words(app).replace(" | ", " ").split())  # its line wrapped as drawn
    assert "Only the first 2 of this file's 3 puzzles are used (a set holds at most 2)" in words
