"""Every parser fed garbage and mutations: only NotationError may come out, never a crash.

A NotationError must also quote something: an error without the bad input in
it is as unhelpful as a crash.
"""

import random

import pytest
from fuzzing import mutate
from helpers import play

from game.notation import (
    NotationError,
    PdnError,
    csci_board,
    csci_input,
    digit_board,
    parse_csci_board,
    parse_csci_input,
    parse_digit_board,
    parse_square,
    read_board_file,
    read_pdn,
    write_pdn,
)
from game.rules import Game, Position

ALPHABET = "0123456789bBwWkK.:-x,\"[]{}() \n\r\t;*/$!?_+SINGLEGAMEBLACKWHITE\u00e9\u0663\u00b2\ufeff%"


def _garbage(rng):
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 60)))


def _mutate(rng, text):
    return mutate(rng, text, ALPHABET)


def _sample_texts():
    game = play(Game(), 60, seed=3)
    pos = game.position
    return {
        "fen": pos.fen(),
        "pdn": write_pdn(game, {"Event": "fuzz"}) + '\n[FEN "W:W18:B14,K3"]\n1... 18x9 {c} (1... 18-15) 2-0\n',
        "csci": csci_input("SINGLE", 100, pos),
        "digits": digit_board(pos),
        "rows": "\n".join(csci_board(pos)),
    }


def _only_notation_errors(parse, text):
    try:
        parse(text)
    except NotationError as e:
        assert str(e), f"empty message for {text!r}"
        assert len(str(e)) < 400, f"the message quotes too much: {str(e)[:100]!r}..."
    # anything else propagates and fails the test, with the input in the traceback


PARSERS = {
    "fen": Position.from_fen,
    "csci": parse_csci_input,
    "digits": parse_digit_board,
    "rows": lambda t: parse_csci_board(t, "BLACK"),
    "board_file": read_board_file,
    "square": parse_square,
}


@pytest.mark.parametrize("name", sorted(PARSERS))
def test_parsers_survive_garbage(name):
    rng = random.Random(name)
    parse = PARSERS[name]
    for _ in range(1500):
        _only_notation_errors(parse, _garbage(rng))


@pytest.mark.parametrize("name", ["fen", "csci", "digits", "rows"])
def test_parsers_survive_mutations(name):
    rng = random.Random(name + "m")
    text = _sample_texts()[name]
    parse = PARSERS[name]
    for _ in range(1500):
        _only_notation_errors(parse, _mutate(rng, text))
        _only_notation_errors(read_board_file, _mutate(rng, text))


def test_pdn_reader_survives_garbage_and_mutations():
    rng = random.Random(42)
    text = _sample_texts()["pdn"]
    for _ in range(80):
        for sample in (_garbage(rng), _mutate(rng, text), _mutate(rng, text * 2)):
            games = read_pdn(sample)  # a PDN reader reports problems per game: it never raises on text
            for g in games:
                assert g.result in ("2-0", "0-2", "1-1", "0-0", "*")
                assert g.error is None or isinstance(g.error, str)
                try:
                    replay = g.game()
                except PdnError:
                    assert g.error and not g.moves  # only a game whose start could not be read
                    continue
                # the moves read are legal, one after the other, from the start position
                pos = g.start_position()
                for m in g.moves:
                    assert m in pos.legal_moves()
                    pos = pos.play(m)
                assert replay.position == pos


def test_pdn_reader_error_mentions_the_bad_move():
    rng = random.Random(9)
    text = _sample_texts()["pdn"].split("\n[FEN")[0]
    broken = 0
    for _ in range(300):
        games = read_pdn(_mutate(rng, text))
        for g in games:
            if g.error and g.error.startswith("move "):
                broken += 1
                assert "(line " in g.error
    assert broken > 50


@pytest.mark.parametrize("value", [None, -3, 2.5, b"\xff\xfe", ["a", None], object(), 10 ** 5000],
                         ids=["None", "negative-int", "float", "bytes", "list", "object", "huge-int"])
@pytest.mark.parametrize("name", ["fen", "csci", "digits", "rows", "board_file", "square"])
def test_parsers_reject_wrong_types_with_notation_errors(name, value):
    with pytest.raises(NotationError) as info:
        PARSERS[name](value)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("value", [None, 3, 2.5, ["a", None], object()])
def test_pdn_reader_rejects_what_is_not_text(value):
    with pytest.raises(NotationError, match="PDN must be text"):
        read_pdn(value)


def test_square_parser_accepts_only_squares():
    rng = random.Random(1)
    for _ in range(2000):
        text = _garbage(rng)[:4]
        try:
            s = parse_square(text)
        except NotationError:
            continue
        assert 1 <= s <= 32


def test_fen_reader_accepts_only_positions():
    rng = random.Random(2)
    ok = 0
    for _ in range(3000):
        text = _mutate(rng, "B:W18,24,K10:B12,16")
        try:
            pos = Position.from_fen(text)
        except NotationError:
            continue
        ok += 1
        assert isinstance(pos, Position) and Position.from_fen(pos.fen()) == pos
    assert ok > 100
