"""PDN reading and writing."""

import random

import pytest

from game.notation import NotationError, PdnError, read_pdn, write_pdn, write_pdn_games
from game.rules import Game, Move, Position

TWO_GAMES = """\
[Event "Club night"]
[Black "Ann"]
[White "Bob"]
[Result "2-0"]

1. 11-15 23-19 {a quiet start (with a parenthesis in the comment}
2. 8-11 22-17 (2... 22-18 (3. 15x22 25x18)) 3. 9-13 17-14 4. 10x17 21x14 2-0

[Event "Second"]
[Result "1-1"]
1. 11-15 24-20 2. 15-19 23x16 3. 12x19 1/2-1/2
"""


def test_reads_games_tags_moves_results():
    games = read_pdn(TWO_GAMES)
    assert len(games) == 2
    a, b = games
    assert a.tags == {"Event": "Club night", "Black": "Ann", "White": "Bob", "Result": "2-0"}
    assert [str(m) for m in a.moves] == ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14"]
    assert a.result == "2-0" and a.error is None
    assert [str(m) for m in b.moves] == ["11-15", "24-20", "15-19", "23x16", "12x19"]
    assert b.result == "1-1" and b.error is None
    assert all(isinstance(m, Move) for m in a.moves)


@pytest.mark.parametrize("written, kept", [
    ("2-0", "2-0"), ("0-2", "0-2"), ("1-1", "1-1"), ("1-0", "2-0"), ("0-1", "0-2"),
    ("1/2-1/2", "1-1"), ("*", "*"),
])
def test_result_tokens(written, kept):
    (game,) = read_pdn(f"1. 11-15 23-19 {written}")
    assert game.result == kept and len(game.moves) == 2 and game.error is None


def test_games_without_tags_are_cut_by_results():
    games = read_pdn("1. 11-15 * 1. 9-13 2-0 11-16 0-2")
    assert [[str(m) for m in g.moves] for g in games] == [["11-15"], ["9-13"], ["11-16"]]
    assert [g.result for g in games] == ["*", "2-0", "0-2"]


def test_game_without_result_token_takes_the_result_tag():
    (game,) = read_pdn('[Result "0-2"]\n1. 11-15 23-19')
    assert game.result == "0-2" and len(game.moves) == 2


def test_move_numbers_with_dots_and_no_spaces():
    (game,) = read_pdn("1.11-15 1...23-19 2.8-11 2... 22-17 *")
    assert [str(m) for m in game.moves] == ["11-15", "23-19", "8-11", "22-17"]


def test_annotations_nags_and_line_comments_are_skipped():
    (game,) = read_pdn("1. 11-15! 23-19?! $4 ; a comment 9-13\n2. 8-11 *")
    assert [str(m) for m in game.moves] == ["11-15", "23-19", "8-11"]


MULTI = '[FEN "B:W10,19,27,11,18:B6,1"]\n'


def test_multi_jump_in_full_and_short():
    # from 6: 6x15x24 (over 10, 19) and 6x15x22 (over 10, 18)
    pos = Position.from_fen("B:W10,19,18:B6,1")
    assert sorted(str(m) for m in pos.legal_moves()) == ["6x15x22", "6x15x24"]
    (full,) = read_pdn('[FEN "B:W10,19,18:B6,1"]\n1. 6x15x24 *')
    assert [str(m) for m in full.moves] == ["6x15x24"] and full.error is None
    (short,) = read_pdn('[FEN "B:W10,19,18:B6,1"]\n1. 6x24 *')
    assert [str(m) for m in short.moves] == ["6x15x24"] and short.error is None


def test_ambiguous_short_jump_names_the_candidates():
    fen = "B:WK14,15,22,23,32:BK10,1"  # the king on 10 can go round both ways back to 10
    (game,) = read_pdn(f'[FEN "{fen}"]\n1. 10x10 *')
    assert game.moves == []
    assert "10x10" in game.error and "10x19x26x17x10" in game.error and "10x17x26x19x10" in game.error
    assert "ambiguous" in game.error
    (game,) = read_pdn(f'[FEN "{fen}"]\n1. 10x19x17x10 *')  # an intermediate square settles it
    assert [str(m) for m in game.moves] == ["10x19x26x17x10"]


def test_illegal_move_error_names_move_number_and_text_and_keeps_the_rest():
    text = "1. 11-15 23-19 2. 8-11 22-18 3. 11-16 * \n1. 9-13 *"
    games = read_pdn(text)
    assert len(games) == 2
    bad, good = games
    assert [str(m) for m in bad.moves] == ["11-15", "23-19", "8-11", "22-18"]
    assert "3." in bad.error and "11-16" in bad.error
    assert "15x22" in bad.error  # the legal moves are listed
    assert good.error is None and [str(m) for m in good.moves] == ["9-13"]


def test_error_names_black_or_white_move_number():
    (game,) = read_pdn("1. 11-15 23-19 2. 8-11 23-19 *")
    assert "2... 23-19" in game.error


def test_fen_and_setup_tags():
    fen = "W:W18,K27:B14,K5"
    (game,) = read_pdn(f'[SetUp "1"]\n[FEN "{fen}"]\n1... 18x9 5x14 *')
    assert game.start_position() == Position.from_fen(fen)
    assert [str(m) for m in game.moves] == ["18x9", "5x14"]
    g = game.game()
    assert isinstance(g, Game) and g.start == Position.from_fen(fen) and g.moves == game.moves
    assert g.position == Position.from_fen("W:WK27:BK14")
    (ignored,) = read_pdn(f'[SetUp "0"]\n[FEN "{fen}"]\n1. 11-15 *')
    assert ignored.start_position() == Position.initial() and ignored.error is None


def test_bad_fen_tag_is_an_error_of_that_game_only():
    games = read_pdn('[FEN "B:W99:B1"]\n1. 1-5 *\n\n[Event "ok"]\n1. 11-15 *')
    assert "W99" in games[0].error and games[0].moves == []
    assert games[1].error is None and len(games[1].moves) == 1
    with pytest.raises(PdnError):
        games[0].start_position()
    (setup_only,) = read_pdn('[SetUp "1"]\n1. 11-15 *')
    assert "SetUp" in setup_only.error


def test_game_helper_keeps_moves_past_an_unclaimed_repetition():
    text = '[FEN "B:WK32:BK1"]\n1. 1-5 32-28 2. 5-1 28-32 3. 1-5 32-28 4. 5-1 28-32 5. 1-5 *'
    (game,) = read_pdn(text)
    assert game.error is None and len(game.moves) == 9
    assert game.game().ply == 9


@pytest.mark.parametrize("text, words", [
    ("1. 11-15 {never closed", ["comment", "line 1"]),
    ("1. 11-15 (2. 9-13\n", ["variation", "line 1"]),
    ("[Event Club]\n1. 11-15 *", ["tag", "[Event Club]"]),
    ("1. 11-15 23-19 2. 8-11 hello 22-17 *", ["2...", "hello"]),
    ("1. 11-15 23-19 2. 40-44 *", ["2.", "40-44", "no square 40"]),
    ("1. 11-15) 23-19 *", ["')'"]),
])
def test_malformed_pdn_reports_where(text, words):
    games = read_pdn(text)
    assert games and games[0].error
    for w in words:
        assert w in games[0].error, games[0].error
    assert [str(m) for m in games[0].moves][:1] == ["11-15"] or words[0] == "tag"


def test_empty_and_non_text():
    assert read_pdn("") == [] and read_pdn("  \n\n ") == []
    with pytest.raises(PdnError):
        read_pdn(None)
    assert issubclass(PdnError, NotationError)


def test_write_pdn_from_initial_position():
    game = Game()
    for t in ("11-15", "23-19", "8-11"):
        game.push(Move(tuple(int(s) for s in t.split("-"))))
    text = write_pdn(game, {"Event": "Test", "Black": 'Ann "the" Best'})
    lines = text.splitlines()
    assert lines[:8] == ['[Event "Test"]', '[Site "?"]', '[Date "????.??.??"]', '[Round "?"]',
                         '[Black "Ann \\"the\\" Best"]', '[White "?"]', '[Result "*"]', '[GameType "21"]']
    assert "FEN" not in text and "SetUp" not in text
    assert lines[-1] == "1. 11-15 23-19 2. 8-11 *"
    (back,) = read_pdn(text)
    assert back.tags["Black"] == 'Ann "the" Best' and back.moves == game.moves


def test_write_pdn_from_a_set_up_position_with_white_to_move_and_result():
    fen = "W:W18:B14"
    game = Game(Position.from_fen(fen))
    game.push(game.legal_moves()[0])
    text = write_pdn(game)
    assert '[SetUp "1"]' in text and f'[FEN "{fen}"]' in text and '[Result "0-1"]' in text
    assert text.rstrip().endswith("1... 18x9 0-1")
    (back,) = read_pdn(text)
    assert back.result == "0-2" and back.start_position() == Position.from_fen(fen)


def test_write_pdn_writes_every_landing_square():
    game = Game(Position.from_fen("B:W10,19,18:B6,1"))
    game.push(Move((6, 15, 24), (10, 19)))
    assert "1. 6x15x24 2-0" not in write_pdn(game)  # white still has 18: not over
    assert "1. 6x15x24 *" in write_pdn(game)


def test_write_pdn_rejects_non_games_and_bad_tag_names():
    with pytest.raises(PdnError):
        write_pdn("1. 11-15")
    with pytest.raises(PdnError):
        write_pdn(Game(), {"bad name]": "x"})


def _random_game(rng, start=None):
    game = Game(start)
    limit = rng.randint(0, 120)
    while game.outcome is None and game.ply < limit:
        game.push(rng.choice(game.legal_moves()))
    return game


def test_round_trip_of_random_playouts():
    rng = random.Random(31)
    games = [_random_game(rng) for _ in range(25)]
    starts = ["W:W18,24,K10:B12,16", "B:WK30,22:BK3,11,12", "W:W21-32:B1-12"]
    games += [_random_game(rng, Position.from_fen(f)) for f in starts for _ in range(3)]
    text = write_pdn_games([(g, {"Round": str(i)}) for i, g in enumerate(games)])
    back = read_pdn(text)
    assert len(back) == len(games)
    for i, (g, b) in enumerate(zip(games, back)):
        assert b.error is None, b.error
        assert b.moves == g.moves
        assert b.start_position() == g.start
        assert b.tags["Round"] == str(i)
        assert b.result == (g.outcome.result() if g.outcome else "*")
        assert b.game().position == g.position
        assert max(len(line) for line in write_pdn(g).splitlines()) <= 80


def test_write_pdn_games_accepts_plain_games():
    text = write_pdn_games([Game(), Game()])
    assert len(read_pdn(text)) == 2


def test_standalone_ellipsis_and_game_type():
    (game,) = read_pdn("1. 11-15 ... 23-19 *")
    assert [str(m) for m in game.moves] == ["11-15", "23-19"] and game.error is None
    (other,) = read_pdn('[GameType "20"]\n1. 32-28 *')
    assert other.moves == [] and 'GameType "20"' in other.error
    (ok,) = read_pdn('[GameType "21,W,8,8,N2,0"]\n1. 11-15 *')
    assert ok.error is None and len(ok.moves) == 1


def test_write_pdn_keeps_its_own_result_fen_and_setup():
    game = Game()
    text = write_pdn(game, {"Result": "2-0", "FEN": "B:W18:B14", "SetUp": "1", "GameType": "20", "Annotator": "me"})
    assert '[Result "*"]' in text and "FEN" not in text and "SetUp" not in text
    assert '[GameType "21"]' in text and '[Annotator "me"]' in text
    (back,) = read_pdn(text)
    assert back.start_position() == Position.initial() and back.result == "*" and back.line == 1


def test_game_line_numbers():
    games = read_pdn("1. 11-15 *\n\n\n[Event \"b\"]\n1. 9-13 *\n")
    assert [g.line for g in games] == [1, 4]


def test_write_pdn_keeps_a_recorded_result_of_a_game_that_ended_off_the_board():
    (pg,) = read_pdn('[Result "1-0"]\n1. 11-15 23-19 2. 8-11 22-17 Black resigned.\n')
    game = pg.game()
    assert game.outcome is None and pg.result == "2-0"
    text = write_pdn(game, pg.tags, result=pg.result)
    assert '[Result "1-0"]' in text and text.rstrip().endswith("22-17 1-0")
    (back,) = read_pdn(text)
    assert back.result == "2-0" and back.moves == pg.moves
    assert '[Result "*"]' in write_pdn(game, pg.tags)  # without it, an unfinished game is unfinished
    over = Game(Position.from_fen("W:W18:B14"))
    over.push(over.legal_moves()[0])
    assert '[Result "0-1"]' in write_pdn(over, result="1-1")  # a game that is over keeps its own
    with pytest.raises(PdnError):
        write_pdn(game, result="3-0")


def test_tag_values_are_written_on_one_line():
    text = write_pdn(Game(), {"Event": "two\nlines", "Black": "tab\there\x00"})
    (back,) = read_pdn(text)
    assert back.tags["Event"] == "two lines" and back.tags["Black"] == "tab here " and back.error is None
