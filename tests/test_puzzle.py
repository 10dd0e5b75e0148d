"""training.puzzle: a Puzzle checks itself, and a puzzle file is PDN read back unchanged."""

import pytest

from game.notation.pdn import find_move
from game.rules import Position
from game.training.puzzle import (
    DEFAULT_RATING,
    MAX_LINE,
    SHOT,
    TWO_FOR_ONE,
    Puzzle,
    PuzzleError,
    read_puzzles,
    write_puzzles,
)

# A classic two-for-one: White gives the man on 19, Black must take, then a
# second sacrifice and a triple jump (mined from the engine's own games).
TWO_FOR_ONE_FEN = "W:W17,19,21,27,28,30,31,32:B1,2,3,6,10,11,12,18"
TWO_FOR_ONE_LINE = "19-15 10x19 27-23 18x27 31x24x15x8"


def moves(fen, text):
    position = Position.from_fen(fen)
    out = []
    for word in text.split():
        move = find_move(position, word)
        out.append(move)
        position = position.play(move)
    return tuple(out)


def two_for_one(**kw):
    fields = dict(id="t-1", position=Position.from_fen(TWO_FOR_ONE_FEN),
                  line=moves(TWO_FOR_ONE_FEN, TWO_FOR_ONE_LINE), theme=TWO_FOR_ONE, goal="win a man",
                  rating=1440, source="Easy v Medium")
    fields.update(kw)
    return Puzzle(**fields)


def test_a_puzzle_knows_its_solver_moves_and_prompt():
    p = two_for_one()
    assert p.solver == 1  # white
    assert [str(m) for m in p.solver_moves()] == ["19-15", "27-23", "31x24x15x8"]
    assert p.prompt() == "White to play and win a man"
    assert p.prompt(("Red", "White")) == "White to play and win a man"
    assert p.solves(0, p.line[0]) and not p.solves(0, p.line[2])
    assert p.positions()[-1] == Position.from_fen(TWO_FOR_ONE_FEN).play(p.line[0]).play(p.line[1]).play(
        p.line[2]).play(p.line[3]).play(p.line[4])


@pytest.mark.parametrize("change, words", [
    (dict(line=()), "must end with the solver's move"),
    (dict(line=moves(TWO_FOR_ONE_FEN, "19-15 10x19")), "must end with the solver's move"),
    (dict(theme="riddle"), "unknown theme"),
    (dict(line=moves(TWO_FOR_ONE_FEN, "19-15 10x19 27-23 18x27 31x24x15x8")[1:4]), "is not legal"),
    (dict(line=(moves(TWO_FOR_ONE_FEN, "19-16")[0],) * (MAX_LINE + 1)), "too long"),
])
def test_a_puzzle_that_cannot_be_solved_is_refused(change, words):
    with pytest.raises(PuzzleError, match=words):
        two_for_one(**change)


def test_an_other_answer_must_be_legal():
    other = moves("B:W28:B14", "14-17")  # a move of another position
    with pytest.raises(PuzzleError, match="other answer"):
        two_for_one(also=other)


def test_puzzles_are_written_and_read_back_unchanged():
    first = two_for_one()
    second = Puzzle("t-2", Position.from_fen("B:WK17,K32:B24,K19,K28"),
                    moves("B:WK17,K32:B24,K19,K28", "19-23"), "ending", "win", 1120, "", ())
    third = two_for_one(id="t-3", position=Position.from_fen("W:W24,27,28,31,K12:B13,15,19,20,K22"),
                        line=moves("W:W24,27,28,31,K12:B13,15,19,20,K22", "12-16 22-25 16x23"), theme=SHOT,
                        also=moves("W:W24,27,28,31,K12:B13,15,19,20,K22", "27-23"))
    text = write_puzzles([first, second, third])
    assert '[Puzzle "t-1"]' in text and '[Theme "two-for-one"]' in text and '[Also "27-23"]' in text
    back, problems = read_puzzles(text)
    assert problems == []
    assert back == [first, second, third]


def test_a_bad_game_in_a_puzzle_file_is_skipped_with_a_reason():
    good = write_puzzles([two_for_one()])
    no_id = good.replace('[Puzzle "t-1"]\n', "")
    bad_rating = good.replace('[PuzzleRating "1440"]', '[PuzzleRating "hard"]').replace("t-1", "t-2")
    far_rating = good.replace('[PuzzleRating "1440"]', '[PuzzleRating "9000"]').replace("t-1", "t-3")
    bad_theme = good.replace('[Theme "two-for-one"]', '[Theme "riddle"]').replace("t-1", "t-4")
    bad_also = good.replace('[Theme "two-for-one"]', '[Theme "two-for-one"]\n[Also "1-5"]').replace("t-1", "t-5")
    short = good.replace("31x24x15x8", "").replace("t-1", "t-6")
    puzzles, problems = read_puzzles("\n".join([no_id, bad_rating, far_rating, bad_theme, bad_also, short, good]))
    assert [p.id for p in puzzles] == ["t-1"]
    joined = "\n".join(problems)
    for words in ("no [Puzzle] tag", "is not a whole number", "not from 100 to 4000", "unknown theme",
                  "[Also]", "must end with the solver's move"):
        assert words in joined
    assert len(problems) == 6


def test_duplicates_keep_the_first():
    first = two_for_one()
    same_position = two_for_one(id="t-2", rating=1000)
    same_id = Puzzle("t-1", Position.from_fen("B:WK17,K32:B24,K19,K28"),
                     moves("B:WK17,K32:B24,K19,K28", "19-23"), "ending", "win")
    puzzles, problems = read_puzzles(write_puzzles([first, same_position, same_id]))
    assert puzzles == [first]
    assert len(problems) == 2 and all("duplicate" in p for p in problems)


def test_missing_tags_take_their_defaults_and_rubbish_is_no_traceback():
    text = f'[Puzzle "x"]\n[FEN "{TWO_FOR_ONE_FEN}"]\n[Theme "Shot"]\n\n1. 19-15 10x19 2. 27-23 18x27 3. 31x24x15x8 *\n'
    (p,), problems = read_puzzles(text)
    assert problems == [] and p.rating == DEFAULT_RATING and p.goal == "win" and p.theme == SHOT
    assert read_puzzles(b"\x00\xff garbage {")[0] == []
    assert read_puzzles("")[0] == []


def test_a_puzzle_id_the_record_would_refuse_is_refused_when_the_file_is_read(home):
    from game.store import load_puzzle_progress, save_puzzle_progress
    from game.store.training import MAX_ID, puzzle_id_problem

    good = write_puzzles([two_for_one()])
    longest = "p" * MAX_ID
    too_long = good.replace("t-1", "club-" * 30)
    fits = good.replace("t-1", longest)
    (p,), problems = read_puzzles(too_long + "\n" + fits)
    assert p.id == longest and len(problems) == 1
    assert "[Puzzle] 'club-club-" in problems[0] and "too long (at most 120)" in problems[0]
    assert len(problems[0]) < 130 and "\n" not in problems[0]
    with pytest.raises(PuzzleError, match="too long"):  # one rule, however the puzzle is made
        two_for_one(id="x" * (MAX_ID + 1))
    assert puzzle_id_problem(p.id) is None and puzzle_id_problem("a\tb") and puzzle_id_problem("")
    # an attempt at every puzzle read keeps the record whole
    record = load_puzzle_progress()
    record.note_served(p.id)
    record.note_attempt(p.id, True)
    assert save_puzzle_progress(record)
    again = load_puzzle_progress()
    assert again.problems == [] and again.attempts == {p.id: 1}


@pytest.mark.parametrize("tag, value, words", [
    ("PuzzleRating", "9" * 1000, "is not a whole number"),
    ("PuzzleRating", "x" * 1000, "is not a whole number"),
    ("Theme", "riddle" * 200, "unknown theme"),
    ("Also", "1-5" * 400, "[Also]"),
    ("Puzzle", "\u00e9" * 1000, "too long"),
])
def test_a_long_tag_value_is_quoted_short_in_the_reason(tag, value, words):
    good = write_puzzles([two_for_one()])
    text = "\n".join(line for line in good.splitlines() if not line.startswith(f"[{tag} "))
    text = f'[{tag} "{value}"]\n' + text
    puzzles, (problem,) = read_puzzles(text)
    assert puzzles == [] and words in problem
    assert len(problem) <= 160, len(problem)
