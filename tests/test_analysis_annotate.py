"""The annotated PDN: marks and short comments on the graded moves, read back unchanged by the
project's own reader."""

import pytest

from game.analysis.annotate import annotated_pdn, evaluation_words, move_comment
from game.analysis.report import Verdict, build_report
from game.engine.scores import WIN
from game.notation.pdn import read_pdn
from game.rules import Game, Position


def graded_game(start=None, plies=30, bad=(7, 12, 21), seed_scores=None):
    """A game with its report: moves at ``bad`` are not the engine's choice and lose
    3 men, 0.6 men and 0.3 men (a blunder, a mistake, an inaccuracy)."""
    game = Game(start)
    chosen = []
    for i in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        if len(chosen) < len(bad) and i >= bad[len(chosen)] and len(moves) > 1:
            chosen.append(i)  # the first ply from each of ``bad`` with a choice: a move that is not forced
            moves = moves[1:]
        game.push(moves[0])
    assert len(chosen) == len(bad)
    losses = dict(zip(chosen, (300, 60, 30)))
    verdicts = []
    for i, position in enumerate(game.positions):
        legal = position.legal_moves()
        best = legal[0] if legal else None
        # the position after a bad move is good for the side now to move by what the move lost
        score = losses.get(i - 1, 0)
        verdicts.append(Verdict(score, best, (best,) if best else (), 8))
    return game, build_report(game.start, game.moves, verdicts, names=("Red", "White"))


def test_marks_and_comments_on_the_bad_moves_only():
    game, report = graded_game()
    kinds = [m.kind for m in report.moves if m.kind not in ("best", "good")]
    assert kinds == ["blunder", "mistake", "inaccuracy"]
    text = annotated_pdn(game, report, {"Black": "Ann", "White": "Bob"}).split("\n\n", 1)[1]  # the movetext
    assert text.count("??") == 1 and text.count("?!") == 1
    blunder, mistake, _ = [m for m in report.moves if m.grade.mark]
    assert f"{blunder.move}??" in text and f"{mistake.move}? " in text.replace("\n", " ")
    assert text.count("{") == 3


def test_the_projects_reader_reads_it_back_unchanged():
    game, report = graded_game()
    text = annotated_pdn(game, report, {"Black": "Ann", "White": "Bob", "Event": "Club"}, names=("Red", "White"))
    (read,) = read_pdn(text)
    assert read.error is None
    assert read.moves == game.moves
    assert read.tags["Black"] == "Ann" and read.tags["Event"] == "Club"
    expected = [(m.ply + 1, move_comment(m, ("Red", "White"))) for m in report.moves
                if move_comment(m, ("Red", "White"))]
    assert read.comments == expected
    assert read.marks == [(m.ply + 1, m.grade.mark) for m in report.moves if m.grade.mark]
    assert len(read.marks) == 3


def test_a_game_white_began_keeps_its_numbers_after_each_comment():
    start = Position.from_fen("W:W21,22,23,24,25,26,27,28:B1,2,3,4,5,6,7,8")
    game, report = graded_game(start, plies=16, bad=(3, 6, 9))
    text = annotated_pdn(game, report)
    assert text.split("\n\n", 1)[1].startswith(f"1... {game.moves[0]}")
    (read,) = read_pdn(text)
    assert read.error is None and read.moves == game.moves
    bad = [m.ply + 1 for m in report.moves if m.grade.mark]
    assert len(bad) == 3 and [ply for ply, _ in read.comments] == bad


def test_comments_are_short_and_say_what_a_person_would():
    game, report = graded_game()
    (blunder,) = [m for m in report.moves if m.kind == "blunder"]
    comment = move_comment(blunder, ("Red", "White"))
    assert comment.endswith(evaluation_words(blunder.played_score * (1 if blunder.colour == 0 else -1),
                                             ("Red", "White")))
    assert f"Better {blunder.best};" in comment
    assert len(comment) < 160 and "{" not in comment and "}" not in comment
    assert move_comment(report.moves[0]) is None  # a best move needs no words


def test_evaluation_words():
    names = ("Red", "White")
    assert evaluation_words(0, names) == "level"
    assert evaluation_words(-105, names) == "White +1.05"
    assert evaluation_words(WIN - 13, names) == "Red wins in 7"
    assert evaluation_words(-(WIN - 5), names) == "White wins in 3"


def test_a_report_of_other_moves_is_refused():
    game, report = graded_game()
    other = Game()
    other.push(other.legal_moves()[-1])
    with pytest.raises(ValueError, match="not of this game"):
        annotated_pdn(other, report)


def test_the_reader_keeps_move_marks_with_their_ply():
    (game,) = read_pdn("1. 11-15! 23-19?! $4 ; a comment 9-13\n2. 8-11 22-18 ?? 3. 15x22!! *")
    assert [str(m) for m in game.moves] == ["11-15", "23-19", "8-11", "22-18", "15x22"]
    assert game.marks == [(1, "!"), (2, "?!"), (4, "??"), (5, "!!")]
    (plain,) = read_pdn("1. 11-15 23-19 *")
    assert plain.marks == []
