"""The one move-text matcher, as the PDN reader and the autosave replay use it."""

import pytest

from game.notation.errors import NotationError
from game.notation.pdn import read_pdn
from game.notation.pdn_movetext import MoveTextError, find_move, parse_move_squares, read_move
from game.rules import Game, Move, Position
from game.store.replay import replay

MULTI = Position.from_fen("B:W10,19,18:B6,1")  # 6x15x24 and 6x15x22


@pytest.mark.parametrize("text, path", [
    ("11-15", (11, 15)), ("11x15", (11, 15)), ("11:15", (11, 15)), (" 11 - 15 ", (11, 15)),
    ("11-15!", (11, 15)), ("11-15?!", (11, 15)), ("11-15*", (11, 15)), ("b6-a5", None),
])
def test_quiet_move_forms(text, path):
    if path is None:  # an algebraic name: b6 is square 9 and a5 is 13
        path = (9, 13)
    assert find_move(Position.initial(), text).path == path


def test_captures_by_hyphen_short_form_and_algebraic():
    assert find_move(MULTI, "6-15-24").captures == (10, 19)
    assert find_move(MULTI, "6x24").path == (6, 15, 24)
    assert find_move(MULTI, "6-22").path == (6, 15, 22)
    with pytest.raises(MoveTextError, match="not legal") as e:
        find_move(MULTI, "6x15")  # no legal move stops on 15: the capture must go on
    assert "6x15x22" in str(e.value) and "6x15x24" in str(e.value)
    ambiguous = Position.from_fen("B:WK14,15,22,23,32:BK10,1")  # round either way back to 10
    with pytest.raises(MoveTextError, match="ambiguous"):
        find_move(ambiguous, "10x10")


def test_errors_are_notation_errors_quoting_the_text():
    pos = Position.initial()
    for text, words in (("11-16x", "not a move"), ("40-44", "no square 40"), ("11-18", "not legal"),
                        ("zz-15", "not a move"), ("a1-b2", "not legal"), ("a2-b3", "light square"),
                        ("1" * 5000, "not a move"),
                        ("", "not a move"), ("-".join(["1"] * 9000), "not a move")):
        with pytest.raises(MoveTextError) as e:
            find_move(pos, text)
        assert words in str(e.value) and len(str(e.value)) < 400
        assert isinstance(e.value, NotationError) and isinstance(e.value, ValueError)
    with pytest.raises(MoveTextError, match="11-18"):
        find_move(pos, "11-18")


def test_moves_and_square_lists():
    pos = Position.initial()
    m = pos.legal_moves()[0]
    assert find_move(pos, m) is m
    assert find_move(pos, list(m.path)) == m
    with pytest.raises(MoveTextError):
        find_move(pos, Move((22, 18)))  # white's move, black to play
    for bad in ([11], [11, 99], ["11", "15"], [True, 15]):
        with pytest.raises(MoveTextError):
            find_move(pos, bad)


def test_fast_path_agrees_with_the_legal_moves_on_random_games():
    import random

    rng = random.Random(5)
    checked = 0
    for _ in range(8):
        game = Game()
        while game.outcome is None and game.ply < 120:
            pos = game.position
            legal = pos.legal_moves()
            for move in legal:  # every legal move's text reads back as itself
                assert read_move(pos.state, str(move))[0] == move
            for a in range(1, 33) if game.ply % 4 == 0 else ():  # and no illegal quiet step is accepted
                for b in (a - 5, a - 4, a - 3, a + 3, a + 4, a + 5):
                    if 1 <= b <= 32 and Move((a, b)) not in legal:
                        with pytest.raises(MoveTextError):
                            read_move(pos.state, f"{a}-{b}")
                        checked += 1
            game.push(rng.choice(legal))
    assert checked > 2000


def test_parse_move_squares():
    assert parse_move_squares("9x18x27!") == [9, 18, 27]
    assert parse_move_squares("c3-d4") == [22, 18]


def test_replay_uses_the_same_matcher_and_keeps_the_legal_prefix():
    game, error = replay(Position.initial(), ["11-15", "23x19", "8-11", "nonsense", "22-17"])
    assert [str(m) for m in game.moves] == ["11-15", "23-19", "8-11"]
    assert error.startswith("move 4:") and "nonsense" in error
    (pg,) = read_pdn("1. 11-15 23x19 2. 8-11 *")
    assert pg.moves == game.moves
    game, error = replay(MULTI, ["6x24"])
    assert error is None and game.moves[0].path == (6, 15, 24)
    game, error = replay(Position.from_fen("W:W18:B14"), ["18x9", "1-5"])
    assert len(game.moves) == 1 and "after the game ended" in error
