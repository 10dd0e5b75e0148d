"""The CSCI-561 board / input.txt and the digits board."""

import random

import pytest

from game.notation import (
    CsciInput,
    NotationError,
    csci_board,
    csci_input,
    digit_board,
    parse_csci_board,
    parse_csci_input,
    parse_digit_board,
    read_board_file,
)
from game.rules import BLACK, WHITE, Game, Position

START_ROWS = [
    ".b.b.b.b",
    "b.b.b.b.",
    ".b.b.b.b",
    "........",
    "........",
    "w.w.w.w.",
    ".w.w.w.w",
    "w.w.w.w.",
]

INPUT = "SINGLE\nWHITE\n100.\n" + "\n".join(START_ROWS) + "\n"


def test_csci_board_of_the_initial_position():
    assert csci_board(Position.initial()) == START_ROWS
    assert parse_csci_board(START_ROWS, BLACK) == Position.initial()


def test_csci_board_square_layout():
    # square 1 is b8 (top row, column b); 29 is a1; 32 is g1
    pos = Position.from_squares(black_kings=[1], white_men=[29 - 24], white_kings=[32], black_men=[28])
    rows = csci_board(pos)
    assert rows[0] == ".B......" and rows[1] == "w......." and rows[7] == "......W." and rows[6][7] == "b"


def test_parse_csci_input():
    got = parse_csci_input(INPUT)
    assert isinstance(got, CsciInput)
    assert got == ("SINGLE", WHITE, 100.0, Position(*Position.initial().state[:4], WHITE))
    assert got.position.turn == WHITE and got.seconds == 100.0


@pytest.mark.parametrize("text", [
    INPUT.replace("\n", "\r\n"),
    INPUT.replace("\n", "\r"),
    "\ufeff" + INPUT,
    "\ufeff" + INPUT.replace("\n", "\r\n"),
    INPUT + "\n",
    INPUT.replace("\n", "  \n"),
    INPUT.rstrip("\n"),
])
def test_csci_input_tolerates_layout(text):
    assert parse_csci_input(text) == parse_csci_input(INPUT) == (
        "SINGLE", WHITE, 100.0, Position(*Position.initial().state[:4], WHITE))


@pytest.mark.parametrize("written, seconds", [
    ("100.", 100.0), ("100", 100.0), ("6.", 6.0), ("0.25", 0.25), (".5", 0.5), ("1e9", 1e9),
    ("2.5E+3", 2500.0), ("1e-3", 0.001), (" 100. ", 100.0), ("007", 7.0),
])
def test_csci_input_seconds_as_a_master_program_writes_them(written, seconds):
    assert parse_csci_input(INPUT.replace("100.", written)).seconds == seconds


def test_csci_input_values():
    assert parse_csci_input(INPUT.replace("100.", "6.")).seconds == 6.0
    assert parse_csci_input(INPUT.replace("100.", "0.25")).seconds == 0.25
    assert parse_csci_input(INPUT.replace("WHITE", "BLACK")).turn == BLACK
    assert parse_csci_input(INPUT.replace("SINGLE", "GAME")).mode == "GAME"


def test_csci_input_written_and_read_back():
    pos = Position.from_fen("W:W18,24,K10:B12,16,K31")
    text = csci_input("GAME", 12.5, pos)
    assert parse_csci_input(text) == ("GAME", WHITE, 12.5, pos)


@pytest.mark.parametrize("text, words", [
    (INPUT.replace("SINGLE", "DOUBLE"), ["line 1", "DOUBLE"]),
    (INPUT.replace("WHITE", "RED"), ["line 2", "RED"]),
    (INPUT.replace("100.", "-5"), ["line 3", "-5"]),
    (INPUT.replace("100.", "0"), ["line 3", "'0'"]),
    (INPUT.replace("100.", "fast"), ["line 3", "fast"]),
    (INPUT.replace("100.", "nan"), ["line 3", "nan"]),
    (INPUT.replace("100.", "inf"), ["line 3", "inf"]),
    (INPUT.replace("100.", "-inf"), ["line 3", "-inf"]),
    (INPUT.replace("100.", "1e999"), ["line 3", "1e999"]),
    (INPUT.replace("100.", "0e5"), ["line 3", "0e5"]),
    (INPUT.replace("100.", "+5"), ["line 3", "+5"]),
    (INPUT.replace("100.", "1_000"), ["line 3", "1_000"]),
    (INPUT.replace("100.", "1e"), ["line 3", "'1e'"]),
    (INPUT.replace("100.", "\u0661\u0660"), ["line 3"]),
    (INPUT.replace(".b.b.b.b\nb.b", "bb.b.b.b\nb.b", 1), ["line 4", "light square", "bb.b.b.b"]),
    (INPUT.replace("w.w.w.w.\n.w.w", "w.w.x.w.\n.w.w"), ["line 9", "'x'", "w.w.x.w."]),
    (INPUT.replace("........\n", ".......\n", 1), ["line 7", "'.......'"]),
    ("SINGLE\nWHITE\n100.\n" + "\n".join(START_ROWS[:7]), ["11 lines", "10"]),
    (INPUT.replace("w.w.w.w.\n", "b.w.w.w.\n").rstrip() .rsplit("\n", 1)[0] + "\nb.w.w.w.",
     ["line 11", "black man", "crowned"]),
    ("", ["found 0"]),
])
def test_bad_csci_input(text, words):
    with pytest.raises(NotationError) as info:
        parse_csci_input(text)
    for w in words:
        assert w in str(info.value), str(info.value)


def test_white_man_on_top_row_is_impossible():
    rows = list(START_ROWS)
    rows[0] = ".w.b.b.b"
    with pytest.raises(NotationError, match="white man on square 1"):
        parse_csci_board(rows, BLACK)
    rows[0] = ".W.b.b.b"  # a king there is fine
    assert parse_csci_board(rows, "WHITE").white_kings == {1}


def test_csci_board_bad_turn_and_type():
    with pytest.raises(NotationError):
        parse_csci_board(START_ROWS, "RED")
    with pytest.raises(NotationError):
        parse_csci_board(12, BLACK)
    with pytest.raises(NotationError):
        parse_csci_board([1, 2, 3], BLACK)


DIGITS_START = "1111\n1111\n1111\n0000\n0000\n3333\n3333\n3333\n"


def test_digit_board():
    assert digit_board(Position.initial()) == DIGITS_START
    assert parse_digit_board(DIGITS_START) == Position.initial()
    pos = parse_digit_board("0200\n0000\n0000\n0010\n0000\n0040\n0030\n0000", WHITE)
    assert pos == Position.from_squares(black_kings=[2], black_men=[15], white_kings=[23], white_men=[27], turn=WHITE)
    assert parse_digit_board("1 1 1 1\r\n" * 3 + "0 0 0 0\n" * 2 + "3333\n" * 3 + "\n") == Position.initial()


@pytest.mark.parametrize("text, words", [
    ("1111\n" * 7, ["8 lines", "7"]),
    (DIGITS_START.replace("0000", "0500", 1), ["line 4", "0500"]),
    (DIGITS_START.replace("0000", "000", 1), ["line 4", "'000'"]),
    (DIGITS_START.replace("0000", "00000", 1), ["line 4"]),
    (DIGITS_START.replace("1111\n", "3111\n", 1), ["line 1", "white man", "square 1"]),
    (DIGITS_START[:-5] + "3310\n", ["line 8", "black man", "square 31"]),
])
def test_bad_digit_board(text, words):
    with pytest.raises(NotationError) as info:
        parse_digit_board(text)
    for w in words:
        assert w in str(info.value), str(info.value)


def test_read_board_file_detects_the_format():
    pos = Position.from_fen("B:W18,24,K10:B12,16,K31")
    assert read_board_file(digit_board(pos)) == pos
    assert read_board_file("\n".join(csci_board(pos)) + "\n") == pos
    assert read_board_file(csci_input("SINGLE", 5, pos)) == pos
    white = Position(pos.bm, pos.bk, pos.wm, pos.wk, WHITE)
    assert read_board_file(csci_input("GAME", 5, white)) == white
    assert read_board_file("\n" + pos.fen() + "\n") == pos
    for bad in ("", "hello\nworld", "12345678\n" * 8):
        with pytest.raises(NotationError):
            read_board_file(bad)


def test_board_round_trips_of_random_positions():
    rng = random.Random(8)
    for _ in range(40):
        game = Game()
        while game.outcome is None and game.ply < rng.randint(0, 100):
            game.push(rng.choice(game.legal_moves()))
        pos = game.position
        assert parse_csci_board(csci_board(pos), pos.turn) == pos
        assert parse_digit_board(digit_board(pos), pos.turn) == pos
        assert parse_csci_input(csci_input("GAME", 1, pos)).position == pos


def test_csci_input_seconds_keep_their_decimals():
    pos = Position.initial()
    assert csci_input("SINGLE", 100, pos).splitlines()[2] == "100."
    for secs in (0.001, 12.345678, 1e-6, 300):
        assert parse_csci_input(csci_input("GAME", secs, pos)).seconds == pytest.approx(secs, abs=1e-6)
    for bad in (0, -1, float("nan"), float("inf"), "x", None, 1e-9):
        with pytest.raises(NotationError):
            csci_input("GAME", bad, pos)
