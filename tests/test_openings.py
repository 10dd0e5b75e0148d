"""Openings by name: ballots and traditional names from a game's first moves."""

from pathlib import Path

import pytest

from game.notation.openings import BALLOTS, NAMED_LINES, Opening, opening_of, opening_table
from game.notation.pdn import read_pdn
from game.rules import Game, Position

SHARED_BALLOTS = Path(__file__).resolve().parents[2] / "shared" / "ballots-3move.txt"


def _game(texts):
    game = Game()
    for t in texts.split():
        game.push(next(m for m in game.legal_moves() if m.start == int(t.split("-")[0])
                       and m.end == int(t.split("-")[1])))
    return game


@pytest.mark.parametrize("line, name", [
    ("11-15 22-18", "Single Corner"),
    ("11-15 23-19 8-11 22-17 4-8", "Old Fourteenth"),
    ("11-15 23-19 8-11 22-17 11-16", "Glasgow"),
    ("11-15 23-19 8-11 22-17 9-13 17-14 10-17 19-10 7-14", "Black Doctor"),
    ("11-15 24-20", "Ayrshire Lassie"),
    ("9-14", "Double Corner"),
    ("12-16", "Dundee"),
])
def test_traditional_names(line, name):
    opening = opening_of(_game(line))
    assert opening.name == name and [str(m).replace("x", "-") for m in opening.moves] == line.split()


def test_longest_named_line_wins_and_later_moves_do_not_matter():
    base = "11-15 23-19 8-11 22-17 4-8"
    more = _game(base + " 17-13 15-18")
    assert opening_of(more).name == "Old Fourteenth"
    assert opening_of(_game("11-15 23-19 8-11 22-17 9-13 17-14")).name == "Laird and Lady"  # not yet the Doctor
    assert opening_of(_game("11-15 23-18 8-11 27-23 11-16")).name == "Slip Cross"
    assert opening_of(_game("11-15 23-18 8-11")).name == "Cross"


def test_ballot_numbers_and_labels():
    op = opening_of(_game("9-13 21-17 5-9 25-21"))
    assert op == Opening("Edinburgh", 1, op.moves) and len(op.moves) == 3 and op.label == "Edinburgh (ballot 1)"
    op = opening_of(_game("11-15 23-19 8-11 22-17"))
    assert op.name is None and op.ballot_number == 126 and op.label == "Ballot 126"
    assert opening_of(_game("11-15 23-19 8-11 22-17 4-8")).label == "Old Fourteenth (ballot 126)"
    assert opening_of(_game("11-15 23-19")) is None  # no name for this pair, no ballot yet
    assert opening_of(_game("10-15")).label == "Kelso"


def test_moves_as_texts_pdn_games_and_set_up_games():
    assert opening_of("11-15 22-18 15x22 25x18".split()).name == "Single Corner"
    assert opening_of(["11-15", "22-18!", "nonsense"]).name == "Single Corner"
    (pg,) = read_pdn("1. 11-15 23-19 2. 8-11 22-17 3. 4-8 *")
    assert opening_of(pg).name == "Old Fourteenth"
    (problem,) = read_pdn('[FEN "B:W18:B14"]\n1. 14-23 *')
    assert opening_of(problem) is None
    other = Game(Position.from_fen("B:W21-32:B1-11,13"))  # one man moved: 12-13 is not 11-15
    for path in ((11, 15), (22, 18)):  # the Single Corner's moves, from another position
        other.push(next(m for m in other.legal_moves() if m.path == path))
    assert opening_of(other) is None
    assert opening_of(Game()) is None and opening_of([]) is None


def test_tables_are_legal_and_distinct():
    names, ballots, longest = opening_table()
    assert len(names) == len(NAMED_LINES) and len(ballots) == len(BALLOTS) == 156
    assert len(set(names.values())) == len(names)
    assert longest == max(len(line.split()) for _, line in NAMED_LINES)


@pytest.mark.skipif(not SHARED_BALLOTS.exists(), reason="the shared ballots file is not beside the repository")
def test_ballot_table_matches_the_shared_file():
    shared = {}
    for line in SHARED_BALLOTS.read_text().splitlines():
        parts = line.split()
        if line.startswith("#") or len(parts) < 5:
            continue
        shared[int(parts[0])] = (parts[1:4], parts[4])
    ours = {int(e.split()[0]): e.split()[1:] for e in BALLOTS}
    assert set(ours) == set(shared)
    for number, (moves, fen) in shared.items():
        assert [m.replace("x", "-") for m in ours[number]] == ["-".join(str(int(s)) for s in m.split("-"))
                                                              for m in moves]
        game = _game(" ".join(ours[number]))
        assert game.position == Position.from_fen(fen)
        assert opening_of(game).ballot_number == number
