"""Real-world PDN: one test per class of quirk found in collections typed by people and old programs."""

import pytest

from game.notation.pdn import PdnGame, iter_pdn, read_pdn, read_pdn_file, write_pdn, write_pdn_games
from game.notation.squares import square_name
from game.rules import Game, Move, Position

OPENING = "1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14"
OPENING_MOVES = ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14"]


def moves(game):
    return [str(m) for m in game.moves]


# -- annotation symbols glued to moves ------------------------------------------

def test_glued_annotation_symbols_are_skipped():
    text = "1. 11-15! 23-19? 2. 8-11!? 22-17?! 3. 9-13!! 17-14?? 4. 10x17 $1 21x14 2-0"
    (g,) = read_pdn(text)
    assert moves(g) == OPENING_MOVES and g.error is None and g.result == "2-0"


def test_glued_star_followed_by_moves_is_an_annotation_not_the_end():
    (g,) = read_pdn("1. 11-15 23-19 2. 8-11* 22-17 3. 9-13 *")
    assert moves(g) == ["11-15", "23-19", "8-11", "22-17", "9-13"] and g.error is None
    assert g.result == "*"


def test_glued_star_at_the_end_is_the_result_and_the_next_game_starts():
    games = read_pdn("1. 11-15 23-19 2. 8-11*\n1. 9-13 22-18 *")
    assert [moves(g) for g in games] == [["11-15", "23-19", "8-11"], ["9-13", "22-18"]]
    assert all(g.error is None and g.result == "*" for g in games)


def test_spaced_star_still_ends_a_tagless_game():
    games = read_pdn("1. 11-15 * 1. 9-13 *")
    assert [moves(g) for g in games] == [["11-15"], ["9-13"]]


# -- comments, move numbers and free text glued to moves ------------------------

def test_comment_and_move_number_glued_to_a_move():
    (g,) = read_pdn("1. 11-15 23-19 2. 8-11 22-17?{a weak reply}3. 9-13 17-14{forced?}4.10x17 21x14 *")
    assert moves(g) == OPENING_MOVES and g.error is None
    assert g.comments == [(4, "a weak reply"), (6, "forced?")]


def test_free_text_glued_to_the_last_move_is_kept_as_a_comment():
    (g,) = read_pdn('[Result "0-2"]\n1. 11-15 23-19 2. 8-11Black resigned.\n')
    assert moves(g) == ["11-15", "23-19", "8-11"] and g.error is None
    assert g.comments == [(3, "Black resigned.")] and g.result == "0-2"


def test_free_text_followed_by_more_moves_is_an_error_at_that_text():
    (g,) = read_pdn("1. 11-15 23-19 2. 8-11 oops 22-17 *")
    assert moves(g) == ["11-15", "23-19", "8-11"]
    assert g.error.startswith("move 2...") and "oops" in g.error


def test_words_after_a_result_belong_to_that_game_not_a_new_one():
    games = read_pdn("1. 11-15 23-19 2-0 Black wins on time\n\n1. 9-13 *")
    assert len(games) == 2 and games[0].comments == [(2, "Black wins on time")]
    assert all(g.error is None for g in games)


def test_line_comments_and_variations_are_not_moves():
    (g,) = read_pdn("1. 11-15 ; a line comment 9-13\n23-19 (1... 22-18 {(} (2. 15x22)) 2. 8-11 *")
    assert moves(g) == ["11-15", "23-19", "8-11"] and g.error is None
    assert g.comments == [(1, "a line comment 9-13")]


# -- move forms -------------------------------------------------------------------

def test_no_move_numbers_and_both_number_forms():
    plain = read_pdn(" ".join(OPENING_MOVES) + " *")[0]
    dotted = read_pdn("1.11-15 1...23-19 2.8-11 2...22-17 3. 9-13 3... 17-14 4... 10x17 ... 21x14 *")[0]
    assert moves(plain) == moves(dotted) == OPENING_MOVES
    assert plain.error is None and dotted.error is None


def test_capture_written_with_a_hyphen():
    (g,) = read_pdn("1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10-17 21-14 *")
    assert moves(g) == OPENING_MOVES and g.moves[6].captures == (14,)


def test_short_multi_jump_when_unambiguous_and_error_when_not():
    (g,) = read_pdn('[FEN "B:W10,19,18:B6,1"]\n1. 6-24 *')  # 6x15x24 and 6x15x22: only one ends on 24
    assert moves(g) == ["6x15x24"] and g.error is None
    fen = "B:WK14,15,22,23,32:BK10,1"  # the king on 10 can go round either way back to 10
    (g,) = read_pdn(f'[FEN "{fen}"]\n1. 10x10 *')
    assert g.moves == [] and "ambiguous" in g.error


def test_algebraic_squares():
    game = Game()
    for _ in range(6):
        game.push(game.legal_moves()[0])
    words = ["-".join(square_name(s) for s in m.path) for m in game.moves]
    (g,) = read_pdn(" ".join(words) + " *")
    assert g.moves == game.moves and g.error is None
    assert square_name(22) == "c3" and square_name(18) == "d4"
    pos = Position.from_fen("W:W22:B18")
    (g,) = read_pdn('[FEN "W:W22:B18"]\n1... c3xe5 *')
    assert [m.path for m in g.moves] == [(22, 15)] and pos.legal_moves() == g.moves


# -- results and tags -------------------------------------------------------------

@pytest.mark.parametrize("tag, kept", [
    ("{1/2-1/2}", "1-1"), ("1/2-1/2", "1-1"), ("2-0", "2-0"), ("0-2", "0-2"), ("1-1", "1-1"),
    ("1-0", "2-0"), ("0-1", "0-2"), (" {2-0} ", "2-0"), ("nonsense", "*"),
])
def test_result_tag_spellings(tag, kept):
    (g,) = read_pdn(f'[Result "{tag}"]\n1. 11-15 23-19\n')
    assert g.result == kept and len(g.moves) == 2


@pytest.mark.parametrize("token, kept", [("2-0", "2-0"), ("0-2", "0-2"), ("1-1", "1-1"), ("1-0", "2-0"),
                                         ("0-1", "0-2"), ("1/2-1/2", "1-1"), ("0-0", "0-0")])
def test_draughts_result_tokens(token, kept):
    games = read_pdn(f"1. 11-15 23-19 {token}\n1. 9-13 *")
    assert [g.result for g in games] == [kept, "*"] and len(games[0].moves) == 2


def test_missing_extra_and_indented_tags():
    text = ('   [Event "Indented"]\n\t[Annotator "someone"]\n [Black "A"] [White "B"]\n'
            '[MyOwnTag_2 "x"]\n1. 11-15 *\n')
    (g,) = read_pdn(text)
    assert g.tags == {"Event": "Indented", "Annotator": "someone", "Black": "A", "White": "B", "MyOwnTag_2": "x"}
    assert moves(g) == ["11-15"] and g.error is None


def test_games_that_are_only_a_fen_problem_position():
    text = ('[Event "Problem 1"]\n[FEN "W:W18,K27:B14,K5"]\n\n'
            '[Event "Problem 2"]\n[FEN "B:W18:B14"]\n\n'
            '[Event "Problem 3"]\n[FEN "B:W99:B1"]\n')
    games = read_pdn(text)
    assert [g.tags["Event"] for g in games] == ["Problem 1", "Problem 2", "Problem 3"]
    assert games[0].start_position() == Position.from_fen("W:W18,K27:B14,K5")
    assert all(g.moves == [] for g in games)
    assert games[0].error is None and games[1].error is None and "W99" in games[2].error


# -- a file is never rejected whole -------------------------------------------------

def test_error_names_the_game_the_move_and_the_text_and_keeps_the_moves_before():
    text = ('[Event "Club"]\n[Black "Ann"]\n[White "Bob"]\n1. 11-15 23-19\n2. 8-11 22-17\n3. 9-5 *\n\n'
            '[Event "Next"]\n1. 9-13 *\n')
    bad, good = read_pdn(text)
    assert moves(bad) == ["11-15", "23-19", "8-11", "22-17"]
    for words in ("move 3.", "9-5", "line 6", "game 1", "Ann vs Bob", "Club"):
        assert words in bad.error, (words, bad.error)
    assert good.error is None and moves(good) == ["9-13"] and good.title() == "game 2 (Next)"


def test_every_game_of_a_file_of_mixed_quirks_is_read(tmp_path):
    path = tmp_path / "mixed.pdn"
    path.write_bytes(("\ufeff[Event \"a\"]\r\n1. 11-15! 23-19?{x}2.8-11 22-17 1-0\r\n\r\n"
                      "[Event \"b\"]\n[Result \"{0-1}\"]\n9-13 22-18 10-14Black resigned.\n\n"
                      "[Event \"c\"]\n1. 11-15 23-19 2. 40-44 *\n\n"
                      "[Event \"d\"]\n[FEN \"B:W18:B14\"]\n").encode("utf-8"))
    games = read_pdn_file(path)
    assert [g.tags["Event"] for g in games] == ["a", "b", "c", "d"]
    assert [g.result for g in games] == ["2-0", "0-2", "*", "*"]
    assert [len(g.moves) for g in games] == [4, 3, 2, 0]
    assert [g.error is None for g in games] == [True, True, False, True]
    assert "no square 40" in games[2].error


# -- writing stays canonical and reads back unchanged ---------------------------------

def test_quirky_game_written_back_is_canonical_and_reads_back_unchanged():
    (g,) = read_pdn('[Result "{1/2-1/2}"]\n11-15! 23-19? 8-11{c} 22-17 9-13 17-14 10-17 21-14')
    game = g.game()
    text = write_pdn(game, {"Event": "Copy"})
    assert "4. 10x17 21x14 *" in text and "!" not in text and "{" not in text
    (back,) = read_pdn(text)
    assert back.moves == g.moves and back.error is None and write_pdn(back.game(), back.tags) == text


def test_iter_pdn_yields_games_one_at_a_time_with_spans():
    text = write_pdn_games([(Game(), {"Event": str(i)}) for i in range(3)])
    it = iter_pdn(text)
    first = next(it)
    assert isinstance(first, PdnGame) and first.tags["Event"] == "0" and first.index == 0
    rest = list(it)
    assert [g.tags["Event"] for g in rest] == ["1", "2"]
    for g in [first, *rest]:
        (again,) = read_pdn(text[g.span[0]:g.span[1]])
        assert again.tags == g.tags


def test_header_only_mode_counts_moves_and_checks_only_the_opening():
    game = Game()
    for t in OPENING_MOVES:
        game.push(next(m for m in game.legal_moves() if str(m) == t))
    while game.outcome is None and game.ply < 40:
        game.push(game.legal_moves()[-1])
    text = write_pdn(game)
    (full,) = read_pdn(text)
    (head,) = read_pdn(text, headers_only=True)
    assert head.tags == full.tags and head.result == full.result and head.plies == full.plies == game.ply
    assert head.moves == full.moves[:12] and head.error is None
    bad = text.replace(str(game.moves[30]), "31-27", 1) if game.ply > 30 else text
    assert read_pdn(bad, headers_only=True)[0].error is None  # move 31 is past the opening: not checked


def test_moves_are_move_objects_that_replay():
    (g,) = read_pdn(OPENING + " *")
    assert all(isinstance(m, Move) for m in g.moves) and g.game().ply == 8
