"""Results are written as English-checkers files and programs write them (PDN 3.0, the
Tinsley collection): 1-0, 0-1, 1/2-1/2; both spellings are read.  A small reader written
here from the PDN 3.0 grammar, independent of ``game.notation``, checks that a game we write
keeps its result in another reader's hands."""

import re

import pytest

from game.notation.pdn import read_pdn, write_pdn
from game.rules import Game, Position

# PDN 3.0: a tag pair is [Name "value"] with \\ and \" escapes; the movetext ends with a game
# termination marker, which must agree with the Result tag.
_TAG = re.compile(r'^\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_TERMINATION = {"1-0": "first player won", "0-1": "second player won", "1/2-1/2": "draw", "*": "unknown"}


def independent_result(text):
    """(Result tag, the movetext's termination marker) read by the PDN 3.0 grammar."""
    tags, movetext = {}, []
    for line in text.splitlines():
        m = _TAG.match(line)
        if m:
            tags[m.group(1)] = m.group(2)
        else:
            movetext.append(line)
    words = re.sub(r"\{[^}]*\}", " ", " ".join(movetext)).split()
    return tags.get("Result"), words[-1]


def _won_by_black():
    game = Game(Position.from_fen("B:W18:B14"))
    game.push(game.legal_moves()[0])
    return game


def _won_by_white():
    game = Game(Position.from_fen("W:W18:B14"))
    game.push(game.legal_moves()[0])
    return game


def _opening():
    game = Game()
    for text in ("11-15", "23-19", "8-11", "22-17"):
        (m,) = [m for m in game.legal_moves() if str(m) == text]
        game.push(m)
    return game


@pytest.mark.parametrize("make, recorded, written, kept", [
    (_won_by_black, None, "1-0", "2-0"),
    (_won_by_white, None, "0-1", "0-2"),
    (_opening, "2-0", "1-0", "2-0"),          # White resigned, as recorded
    (_opening, "0-1", "0-1", "0-2"),          # Black resigned, given in the other spelling
    (_opening, "1-1", "1/2-1/2", "1-1"),      # a draw agreed
    (_opening, "1/2-1/2", "1/2-1/2", "1-1"),
    (_opening, None, "*", "*"),
])
def test_a_written_game_keeps_its_result_for_another_reader_and_for_ours(make, recorded, written, kept):
    text = write_pdn(make(), {"Event": "results"}, result=recorded)
    tag, marker = independent_result(text)
    assert tag == marker == written
    assert marker in _TERMINATION
    (back,) = read_pdn(text)
    assert back.result == kept and back.error is None


@pytest.mark.parametrize("spelling, kept", [("2-0", "2-0"), ("1-0", "2-0"), ("0-2", "0-2"), ("0-1", "0-2"),
                                            ("1-1", "1-1"), ("1/2-1/2", "1-1")])
def test_both_spellings_are_still_read(spelling, kept):
    (g,) = read_pdn(f'[Result "{spelling}"]\n1. 11-15 23-19 {spelling}\n')
    assert g.result == kept and g.error is None
