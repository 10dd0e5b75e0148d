"""training.miner: known shots are found with their whole line, and what is no puzzle is left out.

Small depths (miner.FAST) on hand-picked positions, so that the file runs in seconds.
"""

from pathlib import Path

from game.notation.pdn import find_move, read_pdn, write_pdn_games
from game.rules import Game, Position
from game.training import themes
from game.training.miner import FAST, Miner, Verdict, check_puzzle, database_verdict, dedupe, judge, mine_games
from game.training.puzzle import Puzzle, read_puzzles, write_puzzles

# White gives the man on 19, Black must take, a second man goes, and the triple jump takes three.
TWO_FOR_ONE = "W:W17,19,21,27,28,30,31,32:B1,2,3,6,10,11,12,18"
# The king steps to 16: two black men are attacked at once and only one can be saved.
SHOT = "W:W24,27,28,31,K12:B13,15,19,20,K22"
# Two kings each: Black to play has one move that keeps the draw (the endgame database).
DRAW_ENDING = "B:WK9,K13:BK10,K21"


def words(moves):
    return " ".join(str(m) for m in moves)


def line_of(fen, text):
    position, out = Position.from_fen(fen), []
    for w in text.split():
        out.append(find_move(position, w))
        position = position.play(out[-1])
    return tuple(out)


def test_a_two_for_one_is_found_with_its_whole_line():
    p = Miner(FAST).mine_position(Position.from_fen(TWO_FOR_ONE), "x-1", "here")
    assert p is not None
    assert words(p.line) == "19-15 10x19 27-23 18x27 31x24x15x8"
    assert (p.theme, p.goal, p.id, p.source) == ("two-for-one", "win a man", "x-1", "here")
    assert p.prompt() == "White to play and win a man"
    # a quiet first move that gives a man, and three moves to find: harder than the base
    assert p.rating > themes.BASE_RATING + 2 * themes.PER_SOLVER_MOVE


def test_a_shot_is_found_and_its_line_stops_once_the_man_is_won():
    p = Miner(FAST).mine_position(Position.from_fen(SHOT), "x-2")
    assert p is not None and p.theme == "shot" and p.goal == "win a man"
    assert str(p.line[0]) == "12-16" and len(p.line) == 3 and p.line[2].is_capture
    after = p.positions()[-1]
    assert themes.balance(after, p.solver) == themes.balance(p.position, p.solver) + 1
    assert not after.has_capture()  # nothing to take back: the gain is realised


def test_an_ending_comes_from_the_database():
    position = Position.from_fen(DRAW_ENDING)
    verdict = database_verdict(position)
    assert verdict.kind == "defence" and str(verdict.move) == "10-15"
    p = Miner(FAST).mine_position(position, "x-3")
    assert (p.theme, p.goal, str(p.line[0])) == ("ending", "draw", "10-15")
    assert check_puzzle(p, FAST) is None


def test_a_forced_move_and_a_quiet_position_are_no_puzzles():
    forced = Position.from_fen("B:W18:B14,1")  # 14x23 is the only legal move
    assert len(forced.legal_moves()) == 1
    miner = Miner(FAST)
    assert miner.mine_position(forced, "f") is None
    assert miner.mine_position(Position.initial(), "i") is None
    fake = Puzzle("f", forced, tuple(forced.legal_moves()), "shot", "win a man")
    assert "forced" in check_puzzle(fake, FAST)


def test_check_puzzle_refuses_a_wrong_answer():
    wrong = Puzzle("w", Position.from_fen(SHOT), line_of(SHOT, "27-23"), "shot", "win a man")
    assert "the answer is 12-16" in check_puzzle(wrong, FAST)
    assert check_puzzle(Miner(FAST).mine_position(Position.from_fen(SHOT), "s"), FAST) is None


def test_judge_wants_one_move_clearly_ahead():
    a, b = line_of(SHOT, "12-16")[0], line_of(SHOT, "27-23")[0]
    assert judge([(a, 150), (b, 0)], FAST, True).kind == "material"
    assert judge([(a, 150), (b, 100)], FAST, True).kind == ""        # both win a man
    assert judge([(a, 150), (b, 60)], FAST, True).kind == ""         # not a clear margin
    assert judge([(a, 29990), (b, 29980)], FAST, True).kind == ""    # two ways to win
    assert judge([(a, 29990), (b, 19900)], FAST, True).kind == ""    # ... one played out, one by the database
    assert judge([(a, 29990), (b, 0)], FAST, True).kind == "win"
    assert judge([(a, 0), (b, -300)], FAST, True).kind == "defence"
    assert judge([(a, 0), (b, -300)], FAST, False).kind == ""        # a choice of captures is no defence


def game_text():
    """A game reaching the two-for-one position, and a broken one."""
    game = Game(Position.from_fen(TWO_FOR_ONE))
    for move in line_of(TWO_FOR_ONE, "19-15 10x19 27-23 18x27 31x24x15x8"):
        game.push(move)
    good = write_pdn_games([(game, {"Black": "Ann", "White": "Bob", "Date": "1999.01.02"}, "*")])
    broken = '[Black "X"]\n[FEN "W:W17:B1"]\n\n1. 17-13 1-5 2. 99-98 *\n'
    return good + "\n" + broken


def test_a_file_is_mined_game_by_game_the_same_every_time():
    games = read_pdn(game_text())
    seen = []
    miner = Miner(FAST)
    out = list(mine_games(games, "col", FAST, progress=lambda i, ps: seen.append((i, len(ps))), miner=miner))
    assert [i for i, _ in out] == [0, 1] and seen == [(0, 1), (1, 0)]
    (p,) = out[0][1]
    assert p.id == "col-0001-1" and p.source == "Ann v Bob, 1999" and str(p.line[0]) == "19-15"
    assert miner.stats.games == 1 and miner.stats.broken == 1 and miner.stats.puzzles == 1
    # the same input gives the same puzzles, in another miner (another process) too
    again = list(mine_games(read_pdn(game_text()), "col", FAST))
    assert again[0][1] == [p]
    # and every puzzle survives its own file
    assert read_puzzles(write_puzzles([p])) == ([p], [])


def test_positions_reached_by_a_capture_and_duplicates_are_skipped():
    start = Position.from_fen(TWO_FOR_ONE)
    line = line_of(TWO_FOR_ONE, "19-15 10x19 27-23")
    miner = Miner(FAST)
    seen = set()
    first = miner.mine_game(start, line, "g", seen=seen)
    assert [p.id for p in first] == ["g-1"] and start in seen
    # after 10x19 white is in the middle of an exchange: that position is not mined
    assert miner.stats.positions <= 3
    assert miner.mine_game(start, line, "h", seen=seen) == []
    assert miner.stats.duplicates == 1
    p = first[0]
    other = Puzzle("z", p.position, p.line, p.theme, p.goal)
    kept, dropped = dedupe([p, other])
    assert kept == [p] and dropped == 1


def test_line_facts_name_the_two_for_one():
    line = line_of(TWO_FOR_ONE, "19-15 10x19 27-23 18x27 31x24x15x8")
    facts = themes.line_facts(Position.from_fen(TWO_FOR_ONE), line)
    assert facts.sacrifice and facts.first_sacrifice and facts.first_quiet and not facts.crowned
    assert themes.theme_of("material", "win a man", facts, False) == "two-for-one"
    assert themes.theme_of("material", "win a man", facts, True) == "ending"
    assert themes.material_goal(2) == "win two men"
    assert Verdict("", None, 0, 0).kind == ""


def test_the_tool_mines_in_a_worker_and_checks_what_it_wrote(tmp_path):
    import subprocess
    import sys

    games, out = tmp_path / "games.pdn", tmp_path / "puzzles.pdn"
    games.write_text(game_text())
    tool = [sys.executable, str(Path(__file__).resolve().parents[1] / "tools" / "mine_puzzles.py")]
    depths = ["--screen-depth", "4", "--depths", "6,8"]
    r = subprocess.run([*tool, str(games), "-o", str(out), *depths], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "games read: 2 (1 could not be read to the end: skipped)" in r.stdout
    assert "puzzles found: 1 " in r.stdout and "puzzles per 100 games: 100.0" in r.stdout
    assert "two-for-one 1" in r.stdout and "seconds per game:" in r.stdout
    (p,), problems = read_puzzles(out.read_text())
    assert problems == [] and str(p.line[0]) == "19-15"
    r = subprocess.run([*tool, "--check", str(out), *depths], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "1 puzzles checked" in r.stdout and "0 with a forced first move" in r.stdout
    out.write_text(out.read_text().replace("19-15 2. 10x19 27-23 3. 18x27 31x24x15x8", "19-16"))
    r = subprocess.run([*tool, "--check", str(out), *depths], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "the answer is 19-15" in r.stdout


def test_a_file_with_a_long_name_gives_ids_the_record_keeps(tmp_path):
    import subprocess
    import sys

    from game.store.training import puzzle_id_problem

    games, out = tmp_path / (("a long name " * 20).strip() + ".pdn"), tmp_path / "puzzles.pdn"
    games.write_text(game_text())
    tool = [sys.executable, str(Path(__file__).resolve().parents[1] / "tools" / "mine_puzzles.py")]
    r = subprocess.run([*tool, str(games), "-o", str(out), "--screen-depth", "4", "--depths", "6,8"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    (p,), problems = read_puzzles(out.read_text())
    assert problems == [] and puzzle_id_problem(p.id) is None and p.id.startswith("a-long-name-a-long")


def test_the_tool_never_writes_its_puzzles_over_the_games_it_mines(tmp_path):
    import os
    import subprocess
    import sys

    games = tmp_path / "games.pdn"
    games.write_text(game_text())
    before = games.read_bytes()
    os.link(games, tmp_path / "same-file.pdn")
    (tmp_path / "sub").mkdir()
    tool = [sys.executable, str(Path(__file__).resolve().parents[1] / "tools" / "mine_puzzles.py")]
    for out in (games, tmp_path / "same-file.pdn", tmp_path / "sub" / ".." / "games.pdn",
                tmp_path / "no-such-folder" / "p.pdn", tmp_path / "sub"):
        r = subprocess.run([*tool, str(games), "-o", str(out), "--screen-depth", "4", "--depths", "6,8"],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 2 and "-o: " in r.stderr and "Traceback" not in r.stderr, (out, r.stderr)
        assert "games read" not in r.stdout  # refused before any mining
    assert games.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.pdn", "same-file.pdn", "sub"]


def test_the_output_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    import importlib.util
    import os

    path = Path(__file__).resolve().parents[1] / "tools" / "mine_puzzles.py"
    spec = importlib.util.spec_from_file_location("mine_puzzles_tool", path)
    tool = importlib.util.module_from_spec(spec)
    monkeypatch.syspath_prepend(str(path.parent))
    spec.loader.exec_module(tool)
    out = tmp_path / "puzzles.pdn"
    out.write_text("the puzzles of an earlier run\n")

    def interrupted(src, dst):
        raise KeyboardInterrupt  # Ctrl+C just before the new file takes the name

    monkeypatch.setattr(os, "replace", interrupted)
    try:
        tool.atomic_write(out, "new puzzles\n" * 1000)
    except KeyboardInterrupt:
        pass
    assert out.read_text() == "the puzzles of an earlier run\n"
    assert [p.name for p in tmp_path.iterdir()] == ["puzzles.pdn"]  # no temporary left behind
    monkeypatch.undo()
    tool.atomic_write(out, "new puzzles\n")
    assert out.read_text() == "new puzzles\n" and [p.name for p in tmp_path.iterdir()] == ["puzzles.pdn"]
