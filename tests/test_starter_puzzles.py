"""The starter puzzles shipped in assets/puzzles.pdn: enough of them, every one usable and solvable.

The whole re-check at the verification depths is ``tools/mine_puzzles.py --check
assets/puzzles.pdn`` (minutes); here a few are re-checked and the rest read.
"""

from collections import Counter
from pathlib import Path

import pytest

from game.engine import endgame
from game.training import themes
from game.training.miner import check_puzzle
from game.training.puzzle import MISTAKE, THEMES, read_puzzles

FILE = Path(__file__).resolve().parents[1] / "assets" / "puzzles.pdn"
ENGINE_PLAYERS = {"Easy", "Medium", "depth:6"}


@pytest.fixture(scope="module")
def puzzles():
    text = FILE.read_text(encoding="utf-8")
    found, problems = read_puzzles(text)
    assert problems == []
    assert len(found) == text.count('[Puzzle "')  # no game left out, no duplicate
    return found


def test_there_are_at_least_300_of_several_themes(puzzles):
    assert len(puzzles) >= 300
    counts = Counter(p.theme for p in puzzles)
    assert MISTAKE not in counts and set(counts) <= set(THEMES)
    assert len(counts) >= 4 and all(n >= 5 for n in counts.values())


def test_they_come_from_the_engines_own_games(puzzles):
    for p in puzzles:
        black, _, white = p.source.partition(" v ")
        assert {black, white} <= ENGINE_PLAYERS, p.source


def test_none_has_a_forced_answer_and_each_position_is_there_once(puzzles):
    assert all(len(p.position.legal_moves()) >= 2 for p in puzzles)
    assert len({p.position for p in puzzles}) == len(puzzles)


def test_each_line_ends_with_its_goal_reached(puzzles):
    for p in puzzles:
        end = p.positions()[-1]
        gain = themes.balance(end, p.solver) - themes.balance(p.position, p.solver)
        replies = end.legal_moves()
        if p.goal == themes.WIN:
            assert not replies or endgame.probe(end) == -1, p.id
        elif p.goal == themes.CROWN:
            assert themes.kings(end, p.solver) > themes.kings(p.position, p.solver) and gain >= 0, p.id
            assert not end.has_capture(), p.id
        elif p.goal != themes.DRAW:
            men = {"win a man": 1, "win two men": 2, "win three men": 3}[p.goal]
            assert gain >= men and not end.has_capture(), p.id


def test_a_sample_is_still_the_one_answer_at_both_depths(puzzles):
    by_theme = {}
    for p in puzzles:
        by_theme.setdefault(p.theme, p)
    for p in by_theme.values():
        assert check_puzzle(p) is None, p.id
