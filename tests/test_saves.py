"""Saved games: PDN files with readable unique names, multi-game files, and the library's list of them."""

import os

import pytest
from helpers import play
from library_helpers import open_library

from game.notation.pdn import write_pdn
from game.rules import BLACK, Game, Position
from game.store import StoreError, default_tags, games_dir, player_name, read_games_file, save_game


@pytest.fixture(autouse=True)
def _own_home(home):
    """Every test here gets its own CHECKERS_HOME (the ``home`` fixture of conftest)."""


def test_player_names():
    # one word for a person, on screen and in files: "You" (or a name given); "Human" is only read
    from game.store.gamefile import is_person, players_tags

    assert player_name("human") == "You" and player_name("Human") == "You"
    assert player_name("human", person="Ann") == "Ann"
    assert player_name("computer", "Master") == "Computer (Master)"
    one = players_tags({"white": "Master"}, ["black"], "1p")
    assert one["Black"] == "You" and one["BlackType"] == "human" and one["WhiteType"] == "program"
    two = players_tags({}, ["black", "white"], "2p", names={"white": "  Ann\x00 "})
    assert (two["Black"], two["White"]) == ("Player 1", "Ann")
    assert is_person(two, "White") and not is_person(one, "White")
    assert is_person({"Black": "Human"}, "Black") and not is_person({"Black": "Human", "BlackLevel": "Easy"}, "Black")
    assert not is_person({"Black": "Tinsley"}, "Black")  # a collection's players are not the player


def test_save_and_read_back():
    game = play(Game(draw_rule="csci561"), 20)
    path = save_game(game, {"Black": "Human", "White": player_name("computer", "Master"),
                            "WhiteLevel": "Master"})
    assert path.parent == games_dir()
    assert path.suffix == ".pdn" and "Human vs Computer (Master)" in path.name
    text = path.read_text()
    for tag in ("Event", "Date", "Black", "White", "Result", "WhiteLevel", "DrawRule"):
        assert f"[{tag} " in text
    assert "FEN" not in text
    [loaded] = read_games_file(path)
    assert loaded.error is None
    assert loaded.game.moves == game.moves
    assert loaded.game.draw_rule.name == "csci561"
    assert loaded.black == "Human" and loaded.white == "Computer (Master)"
    assert not list(path.parent.glob(".*"))  # no temporary left behind


def test_setup_game_writes_fen():
    start = Position.from_fen("W:WK10,18:B14,K3")
    game = play(Game(start), 4)
    path = save_game(game, {"Black": "Human", "White": "Human"})
    assert '[FEN "W:W18,K10:B14,K3"]' in path.read_text()
    [loaded] = read_games_file(path)
    assert loaded.game.start == start and loaded.game.moves == game.moves


def test_finished_game_has_its_result():
    game = Game(Position.from_fen("B:W18:B14"))
    game.push(game.legal_moves()[0])
    assert game.outcome.winner == BLACK
    path = save_game(game, {"Black": "Human", "White": "Computer (Beginner)"})
    assert '[Result "1-0"]' in path.read_text()
    assert read_games_file(path)[0].result == "2-0"


def test_names_are_unique_and_nothing_is_overwritten():
    game = play(Game(), 6)
    tags = {"Black": "Human", "White": "Human"}
    paths = [save_game(game, tags) for _ in range(4)]
    assert len(set(paths)) == 4
    assert all(p.exists() for p in paths)


def test_unsafe_player_names_make_safe_file_names():
    path = save_game(Game(), {"Black": "../../etc/passwd", "White": 'a<b>:c"d|e?*'})
    assert path.parent == games_dir()
    assert "/" not in path.name[:-4] and ":" not in path.name


def test_save_failure_is_one_line(home):
    (home / "data").mkdir()
    (home / "data" / "games").write_text("not a folder")
    with pytest.raises(StoreError) as e:
        save_game(Game())
    assert "\n" not in str(e.value)


def test_the_library_lists_saved_games_newest_first(home):
    folder = games_dir()
    names = []
    for i, (black, white) in enumerate([("A", "B"), ("C", "D"), ("E", "F")]):
        p = save_game(play(Game(), 4 + i, seed=i), {"Black": black, "White": white})
        os.utime(p, (1_000_000 + i * 100, 1_000_000 + i * 100))
        names.append(p)
    # the oldest file is touched last but dated earliest: order follows the dates
    os.utime(names[0], (500_000, 500_000))
    (folder / "notes.txt").write_text("not a game")
    lib = open_library(home)
    rows = lib.catalog.view  # sorted by date, newest first
    assert [r.file for r in rows] == [names[2].name, names[1].name, names[0].name]
    assert [(r.black, r.white) for r in rows] == [("E", "F"), ("C", "D"), ("A", "B")]
    assert all(r.kind == "saved" and r.number == 0 and not r.error for r in rows)
    assert rows[0].plies == 6
    lib.close()


def test_empty_or_missing_folder_lists_nothing(home):
    lib = open_library(home)
    assert lib.catalog.entries == []
    lib.close()


def test_multi_game_file_with_a_broken_game(home):
    g1 = play(Game(), 8, seed=1)
    g3 = play(Game(), 12, seed=3)
    broken = ('[Event "broken"]\n[Black "X"]\n[White "Y"]\n[Result "*"]\n\n'
              "1. 11-15 23-19 2. 8-11 22-18 3. 30-26 *\n")
    text = write_pdn(g1, {"Black": "P1", "White": "P2"}) + "\n" + broken + "\n" + \
        write_pdn(g3, {"Black": "P5", "White": "P6"})
    folder = games_dir()
    folder.mkdir(parents=True)
    path = folder / "club.pdn"
    path.write_text(text)
    games = read_games_file(path)
    assert len(games) == 3
    assert games[0].error is None and games[0].game.moves == g1.moves
    assert games[1].error and "30-26" in games[1].error
    assert games[1].game is not None and games[1].game.ply == 4  # the legal prefix
    assert games[2].error is None and games[2].game.moves == g3.moves
    assert games[1].title.startswith("2. X vs Y")
    lib = open_library(home)  # the library lists each game, and says which one is broken
    rows = sorted(lib.catalog.entries, key=lambda r: r.number)
    assert [(r.number, r.black) for r in rows] == [(0, "P1"), (1, "X"), (2, "P5")]
    assert [bool(r.error) for r in rows] == [False, True, False] and "30-26" in rows[1].error
    lib.close()


def test_bad_fen_game_does_not_stop_the_file(home):
    path = home / "x.pdn"
    path.write_text('[FEN "nonsense"]\n1. 11-15 *\n\n[Black "ok"]\n1. 11-15 23-19 *\n')
    games = read_games_file(path)
    assert len(games) == 2
    assert games[0].error
    assert games[1].error is None and games[1].game.ply == 2


@pytest.mark.parametrize("content", [b"", b"\x00\x01\x02binary", b"   \n\n"])
def test_unreadable_files(home, content):
    path = home / "x.pdn"
    path.write_bytes(content)
    with pytest.raises(StoreError):
        read_games_file(path)
    games_dir().mkdir(parents=True)
    (games_dir() / "x.pdn").write_bytes(content)
    lib = open_library(home)  # the library lists the file as one row saying why
    [row] = lib.catalog.entries
    assert row.number == -1 and row.broken and "\n" not in row.error
    lib.close()


def test_missing_file():
    with pytest.raises(StoreError, match="does not exist"):
        read_games_file("/nonexistent/thing.pdn")


def test_default_tags():
    tags = default_tags(Game(), black="Human", white="Computer (Master)", white_level="Master")
    assert tags["Black"] == "Human" and tags["WhiteLevel"] == "Master" and "Date" in tags


def test_text_that_is_not_pdn_is_no_games_found(home):
    path = home / "x.pdn"
    path.write_text("just words, no games")
    with pytest.raises(StoreError, match="no games found in x.pdn"):
        read_games_file(path)
    path.write_text("root:x:0:0:root:/root:/bin/bash\n[Black \"A\"]\n[White \"B\"]\n\n1. 11-15 *\n")
    assert [g.black for g in read_games_file(path)][-1] == "A"  # junk beside a game: the game is read


def test_a_loaded_game_keeps_its_players_and_levels():
    game = play(Game(), 6)
    path = save_game(game, {"Black": "Human", "White": player_name("computer", "Expert"), "WhiteLevel": "Expert"})
    [loaded] = read_games_file(path)
    assert loaded.players() == ({"white": "Expert"}, ["black"])
    path = save_game(game, {"Black": "Computer (Hard)", "White": "Ann"})
    [loaded] = read_games_file(path)
    assert loaded.players() == ({"black": "Hard"}, ["white"])
