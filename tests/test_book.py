"""The opening book: every entry legal, every ballot covered, choices varied within the margin."""

import random
from pathlib import Path

import pytest

from game.engine import book
from game.rules import Position

ROOT = Path(__file__).resolve().parents[1]
BALLOTS = ROOT.parent / "shared" / "ballots-3move.txt"


def _entries():
    return book.load()


def test_the_shipped_book_is_not_empty_and_has_the_start():
    assert len(_entries()) > 150
    assert book.book_moves(Position.initial())


def test_every_book_move_is_legal_in_its_position():
    n = 0
    for fen, rest in _entries().items():
        pos = Position.from_fen(fen)
        assert pos.fen() == fen, "keys are canonical FENs"
        legal = {str(m) for m in pos.legal_moves()}
        entries = book.parse_line(fen, rest)
        assert entries, fen
        texts = [t for t, _ in entries]
        assert len(set(texts)) == len(texts), fen
        for text, _score in entries:
            assert text in legal, f"{text} is not legal in {fen}"
            n += 1
        scores = [s for _, s in entries]
        assert scores == sorted(scores, reverse=True), fen
    assert n > len(_entries())  # there are alternatives to vary among


@pytest.mark.skipif(not BALLOTS.exists(), reason="the shared ballots file sits beside the checkout")
def test_every_ballot_is_in_the_book():
    missing = []
    for line in BALLOTS.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            parts = line.split()
            if not book.book_moves(Position.from_fen(parts[-1])):
                missing.append(parts[0])
    assert missing == []


BOOK = """# a small book
B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12 11-15:5 9-14:0 10-15:-3 12-16:-30
W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,15 22-18:0 99-98:0
"""


@pytest.fixture
def small_book(tmp_path):
    p = tmp_path / "book.txt"
    p.write_text(BOOK)
    return p


def test_choose_varies_within_the_margin_only(small_book):
    start = Position.initial()
    rng = random.Random(3)
    picks = [str(book.choose(start, rng=rng, margin=10, path=small_book)) for _ in range(200)]
    assert set(picks) == {"11-15", "9-14", "10-15"}  # 12-16 is 35 below the best
    assert {str(book.choose(start, rng=rng, margin=0, path=small_book)) for _ in range(20)} == {"11-15"}


def test_seeded_choices_repeat(small_book):
    start = Position.initial()
    a = [book.choose(start, rng=random.Random(9), path=small_book) for _ in range(5)]
    b = [book.choose(start, rng=random.Random(9), path=small_book) for _ in range(5)]
    assert a == b


def test_a_position_not_in_the_book_gives_nothing(small_book):
    pos = Position.from_fen("B:W18,21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,14")
    assert book.book_moves(pos, small_book) == []
    assert book.choose(pos, path=small_book) is None


def test_an_illegal_entry_is_skipped(small_book):
    pos = Position.from_fen("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,15")
    assert [str(m) for m, _ in book.book_moves(pos, small_book)] == ["22-18"]


def test_a_malformed_line_is_named(tmp_path):
    p = tmp_path / "bad.txt"
    p.write_text("B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12 11-15:five\n")
    with pytest.raises(book.BookError, match="11-15:five"):
        book.parse_line("B:W21", "11-15:five")
    # in play it is reported (naming the entry) and the search plays there
    from game.engine import shipped

    shipped._reported.pop("bad.txt", None)
    assert book.book_moves(Position.initial(), p) == []
    assert "11-15:five" in shipped.problems()["bad.txt"]


def test_a_missing_book_is_empty(tmp_path):
    assert book.choose(Position.initial(), path=tmp_path / "none.txt") is None
