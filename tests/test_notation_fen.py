"""FEN and square names."""

import pytest

from game.notation import NotationError, parse_square, row_col, square_at, square_name
from game.rules import BLACK, WHITE, Position

START = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


def test_initial_position_fen():
    assert Position.initial().fen() == START
    assert Position.from_fen(START) == Position.initial()


def test_fen_writes_men_then_kings_white_first():
    pos = Position.from_squares(black_men=[12, 16], black_kings=[3], white_men=[24, 18], white_kings=[10],
                                turn=WHITE)
    assert pos.fen() == "W:W18,24,K10:B12,16,K3"
    assert Position.from_fen(pos.fen()) == pos


@pytest.mark.parametrize("text", [
    "B:W21-32:B1-12",
    "b:w21-32:b1-12",
    '"B:W21-32:B1-12"',
    "B:W21-32:B1-12.",
    "B:B1-12:W21-32",
    " B : W21-24,25-32 : B1-4, 5-8,9-12 ",
    '"b:b1-12:w21-32."',
])
def test_forgiving_reading(text):
    assert Position.from_fen(text) == Position.initial()


def test_kings_in_ranges_and_lower_case():
    pos = Position.from_fen("w:wk1-3,20:bk30,k31,5")
    assert pos.turn == WHITE
    assert pos.white_kings == {1, 2, 3} and pos.white_men == {20}
    assert pos.black_kings == {30, 31} and pos.black_men == {5}


def test_empty_sides():
    assert Position.from_fen("B:W:B") == Position.empty(BLACK)
    assert Position.from_fen("W:W18:B").white_men == {18}


@pytest.mark.parametrize("text, quoted", [
    ("", "''"),
    ("B:W21-32", "B:W21-32"),
    ("X:W21-32:B1-12", "X"),
    ("B:W21-32:W1-12", "twice"),
    ("B:W21-32:Q1-12", "Q1-12"),
    ("B:W21-33:B1", "21-33"),
    ("B:W0:B1", "'0'"),
    ("B:W12-1:B5", "12-1"),
    ("B:Wx:B1", "'x'"),
    ("B:WK:B1", "'K'"),
    ("B:W1_2:B5", "1_2"),
    ("B:W+5:B1", "+5"),
    ("B:W5:B5", "square 5"),
    ("B:W1-3:B2", "square 2"),
    ("B:W1-2-3:B5", "1-2-3"),
])
def test_bad_fen_is_a_notation_error_quoting_it(text, quoted):
    with pytest.raises(NotationError) as info:
        Position.from_fen(text)
    assert quoted in str(info.value)
    assert isinstance(info.value, ValueError)


def test_fen_of_non_text():
    with pytest.raises(NotationError):
        Position.from_fen(None)
    with pytest.raises(NotationError):
        Position.from_fen(12)


def test_square_names():
    assert square_name(1) == "b8" and square_name(4) == "h8"
    assert square_name(5) == "a7" and square_name(29) == "a1" and square_name(32) == "g1"
    for s in range(1, 33):
        assert parse_square(square_name(s)) == s
        assert parse_square(str(s)) == s
        assert square_at(*row_col(s)) == s
    assert parse_square(" B8 ") == 1


@pytest.mark.parametrize("bad", ["a8", "0", "33", "i1", "", "b9", "bb", "-1", "1.5", "\u00b2", "\u0663", "+5"])
def test_bad_square_names(bad):
    with pytest.raises(NotationError) as info:
        parse_square(bad)
    assert repr(bad) in str(info.value)


def test_square_name_of_non_square():
    for bad in (0, 33, "1", None, 1.0):
        with pytest.raises(NotationError):
            square_name(bad)
    assert square_at(0, 0) is None and square_at(8, 1) is None and square_at(0, 1) == 1


def test_a_backwards_range_is_named_as_such():
    with pytest.raises(NotationError, match="backwards") as info:
        Position.from_fen("B:W32-21:B1-12")
    assert "32-21" in str(info.value)
