import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


BALLOTS = """# two ballots in the format of shared/ballots-3move.txt
001 09-13 21-17 05-09  W:W17,22,23,24,25,26,27,28,29,30,31,32:B1,10,11,12,13,2,3,4,6,7,8,9
005 09-13 22-18 06-09  W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,10,11,12,13,2,3,4,5,7,8,9
"""


def _short_match(tmp_path, games):
    """The command of a match of ``games`` short games (depth:1 v minimax:1
    on two ballots, saved to the returned PDN path)."""
    pdn = tmp_path / "m.pdn"
    ballots = tmp_path / "ballots.txt"
    ballots.write_text(BALLOTS)
    return [sys.executable, str(ROOT / "tools" / "match.py"), "depth:1", "minimax:1", "--games", str(games),
            "--max-ply", "40", "--pdn", str(pdn), "--ballots", str(ballots)], pdn


def test_match_tool_plays_short_games(tmp_path):
    command, pdn = _short_match(tmp_path, 2)
    out = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("game ") >= 2
    assert "score" in out.stdout and "Elo" in out.stdout
    assert pdn.read_text().count("[Black ") == 2


def test_the_match_tool_needs_no_ballots_file_outside_the_checkout():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "match.py"), "depth:1", "minimax:1",
                          "--openings", "1", "--first", "2", "--max-ply", "30"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    # the third of the 156 ballots, as the ACF list numbers and writes it
    assert out.stdout.count("opening 004 (09-13 22-17 13-22)") == 2


def test_the_ballots_are_the_openings_table_in_the_order_of_the_ballot_list():
    import _common

    from game.notation.openings import BALLOTS as TABLE
    from game.rules import Position

    ours = _common.ballots()
    assert len(ours) == len(TABLE) == 156
    assert [int(number) for number, _, _ in ours] == [int(e.split()[0]) for e in TABLE]
    number, moves, fen = ours[-1]
    assert (number, moves) == ("174", "12-16 24-20 10-15")
    assert Position.from_fen(fen) == Position.from_fen("W:W20,21,22,23,25,26,27,28,29,30,31,32:"
                                                       "B1,2,3,4,5,6,7,8,9,11,15,16")
    shared = ROOT.parent / "shared" / "ballots-3move.txt"
    if shared.exists():  # the file the table was copied from, when it is beside the checkout
        theirs = _common.ballots(shared)
        assert [(n, m) for n, m, _ in ours] == [(n, m) for n, m, _ in theirs]
        assert [Position.from_fen(f) for _, _, f in ours] == [Position.from_fen(f) for _, _, f in theirs]


def test_bench_tool_runs_at_tiny_depth():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "bench.py"), "--depth", "2"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "median depth 2" in out.stdout
    assert out.stdout.count("nodes ") >= 12


def test_match_tool_names_a_missing_ballots_file(tmp_path):
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "match.py"), "depth:1", "depth:1",
                          "--games", "2", "--ballots", str(tmp_path / "nowhere.txt")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert "nowhere.txt" in out.stderr and "Traceback" not in out.stderr


def test_match_overrides_apply_to_one_player_only():
    import overrides

    from game.engine.evaluate import weights

    saved = weights()
    try:
        overrides.apply(overrides.parse(f"KING={saved['KING'] + 15};GUARD=0"))
        assert weights()["KING"] == saved["KING"] + 15 and weights()["GUARD"] == 0
        overrides.apply({})  # the other player: defaults again
        assert weights() == saved
    finally:
        overrides.apply({})
    assert weights() == saved


def test_match_tool_refuses_an_unknown_override(tmp_path):
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "match.py"), "depth:1@KNIG=150", "depth:1",
                          "--games", "2"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert "KNIG" in out.stderr and "Traceback" not in out.stderr


def _ballots_and_private_tmp(tmp_path):
    """(ballots file, a TMPDIR of its own, the environment that uses it: interpreted engines,
    so that a git: tree's compiled core is not built, which takes a minute)."""
    ballots = tmp_path / "ballots.txt"
    ballots.write_text(BALLOTS)
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    return ballots, tmp, {**os.environ, "TMPDIR": str(tmp), "CHECKERS_ENGINE": "python"}


def test_match_tool_plays_an_earlier_commit_and_removes_its_worktree(tmp_path):
    ballots, tmp, env = _ballots_and_private_tmp(tmp_path)
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "match.py"), "depth:1", "git:HEAD",
                          "--games", "2", "--jobs", "2", "--max-ply", "30", "--ballots", str(ballots)],
                         capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("git:HEAD (B) vs depth:1 (W)") == 1
    assert "depth:1 vs git:HEAD: +" in out.stdout
    assert list(tmp.iterdir()) == []  # the temporary worktree is gone


def test_git_worker_imports_the_commit_not_this_checkout(tmp_path):
    import git_engine

    from game.rules import Game, Position

    with git_engine.GitTrees(["HEAD"], build=False) as trees:
        tree = trees["HEAD"]
        (tree / "game" / "engine" / "levels.py").write_text("raise ImportError('the copy was imported')\n")
        with pytest.raises(git_engine.GitEngineError, match="the copy was imported"):
            git_engine.GitPlayer(tree, "depth:1", 1)
    assert not tree.exists()
    with git_engine.GitTrees(["HEAD"], build=False) as trees:
        player = git_engine.GitPlayer(trees["HEAD"], "depth:2", 1)
        try:
            # its data files too (an editable install of this checkout maps game.assets here)
            assert player.assets == str(trees["HEAD"] / "assets")
            game = Game(Position.initial())
            assert player.move(game) in game.position.legal_moves()
        finally:
            player.close()
        assert player.proc.returncode == 0


def _tree_with_setup(tmp_path, name, setup):
    """A stand-in for an archived tree: game/engine/ and a setup.py running ``setup``."""
    tree = tmp_path / name
    (tree / "game" / "engine").mkdir(parents=True)
    (tree / "setup.py").write_text("import importlib.machinery, pathlib, sys\n" + setup)
    return tree


def test_a_git_tree_with_setup_py_gets_its_core_built_or_a_warning(tmp_path, monkeypatch):
    import git_engine

    monkeypatch.delenv("CHECKERS_ENGINE", raising=False)
    # a tree of an older commit: no setup.py, nothing built, no warning
    old = tmp_path / "old"
    (old / "game" / "engine").mkdir(parents=True)
    assert git_engine.build_core(old) is None
    assert sorted(p.name for p in old.rglob("*")) == ["engine", "game"]
    # setup.py is run as build_ext --inplace in the tree; the core it builds is the proof
    built = _tree_with_setup(tmp_path, "built", (
        "assert sys.argv[1:] == ['-q', 'build_ext', '--inplace'], sys.argv\n"
        "suffix = importlib.machinery.EXTENSION_SUFFIXES[0]\n"
        "pathlib.Path('game/engine/core' + suffix).write_text('')\n"))
    assert git_engine.build_core(built) is None
    # a failed build, or one that goes on without the core (setup.py's way without a compiler): a warning
    failed = _tree_with_setup(tmp_path, "failed", "sys.exit('error: no compiler here')\n")
    warning = git_engine.build_core(failed)
    assert "not built (error: no compiler here)" in warning and "interpreted" in warning
    skipped = _tree_with_setup(tmp_path, "skipped", "print('warning: the core was not built', file=sys.stderr)\n")
    assert "not built (warning: the core was not built)" in git_engine.build_core(skipped)
    # CHECKERS_ENGINE=python: every engine runs interpreted on purpose, nothing to build or warn about
    monkeypatch.setenv("CHECKERS_ENGINE", "python")
    assert git_engine.build_core(failed) is None


def test_match_tool_refuses_a_revision_that_is_not_a_commit(tmp_path):
    ballots = tmp_path / "ballots.txt"
    ballots.write_text(BALLOTS)
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "match.py"), "depth:1", "git:no-such-rev",
                          "--games", "2", "--ballots", str(ballots)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert "no-such-rev" in out.stderr and "Traceback" not in out.stderr


def test_a_book_player_plays_book_moves_and_others_refuse_unknown_options():
    import match

    from game.engine import book
    from game.rules import Game, Position

    ballot = Position.from_fen(BALLOTS.splitlines()[1].split()[-1])
    in_book = {m for m, _ in book.book_moves(ballot)}
    assert in_book, "the shipped book covers every ballot"
    seen = {match._Player("depth:1+book", seed).move(Game(ballot)) for seed in range(12)}
    assert seen <= in_book
    with pytest.raises(ValueError, match="bogus"):
        match.parse_engine("depth:1+bogus")
    with pytest.raises(ValueError, match="book"):
        match.parse_engine("git:HEAD+book")


def test_selfplay_writes_games_that_tune_can_fit(tmp_path):
    ballots = tmp_path / "ballots.txt"
    ballots.write_text(BALLOTS)
    games = tmp_path / "games.txt"
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "selfplay.py"), "--games", "4", "--depth", "1",
                          "--random-plies", "4", "--max-ply", "60", "--ballots", str(ballots),
                          "--out", str(games)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    from game.rules import Position

    lines = games.read_text().splitlines()
    assert len(lines) == 4
    for line in lines:  # every record replays legally from its ballot
        result, fen, *moves = line.split()
        assert result in ("B", "W", "D")
        pos = Position.from_fen(fen)
        for text in moves:
            pos = pos.play({str(m): m for m in pos.legal_moves()}[text])
    pytest.importorskip("numpy")
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "tune.py"), str(games), "--holdout", "2",
                          "--fit", "KING,GUARD"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "held out" in out.stdout and "log-loss" in out.stdout and "KING=" in out.stdout


def test_tune_refuses_an_unknown_weight(tmp_path):
    pytest.importorskip("numpy")
    games = tmp_path / "games.txt"
    games.write_text("D B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12 11-15\n")
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "tune.py"), str(games), "--fit", "KNIG"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "KNIG" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize("jobs", [1, 2])
def test_build_book_writes_legal_moves(tmp_path, jobs):
    ballots = tmp_path / "ballots.txt"
    ballots.write_text(BALLOTS)
    out_book = tmp_path / "book.txt"
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "build_book.py"), "--ballots", str(ballots),
                          "--ballot-count", "1", "--seconds", "0.05", "--alt-seconds", "0.02", "--plies", "2",
                          "--jobs", str(jobs), "--out", str(out_book)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    from game.engine import book
    from game.rules import Position

    entries = book.load(out_book)
    ballot = Position.from_fen(BALLOTS.splitlines()[1].split()[-1])
    assert Position.initial().fen() in entries and ballot.fen() in entries
    reply = ballot.play(book.book_moves(ballot, out_book)[0][0])
    assert reply.fen() in entries  # the main line goes on past the ballot
    for fen, rest in entries.items():
        legal = {str(m) for m in Position.from_fen(fen).legal_moves()}
        assert {t for t, _ in book.parse_line(fen, rest)} <= legal


def test_a_book_option_reaches_the_player_of_a_game():
    import match

    assert match._make_player("depth:1+book", "depth:1", 1, {}).book
    assert not match._make_player("depth:1", "depth:1+book", 1, {}).book


def test_adjudication_ends_a_game_the_database_knows(tmp_path):
    import match

    # black (to move) wins 2 kings v 1: the database says so at once
    won = ("x", "2K v K", "B:WK32:BK1,K5")
    r = match.play_game((0, won, "depth:2", "depth:2", 200, 1, {}, True))
    assert (r["winner"], r["why"], r["plies"]) == (match.BLACK, "database win", 0)
    # the saved game records the adjudicated result, not "*"
    match._write_pdn(tmp_path / "a.pdn", [r])
    text = (tmp_path / "a.pdn").read_text()
    assert '[Result "1-0"]' in text and '[Termination "database win"]' in text
    drawn = ("x", "K v K", "W:WK32:BK1")
    r = match.play_game((1, drawn, "depth:2", "depth:2", 200, 1, {}, True))
    assert (r["winner"], r["why"]) == (None, "database draw")
    # without it the same game is played out
    r = match.play_game((0, won, "depth:2", "depth:2", 200, 1, {}, False))
    assert r["plies"] > 0


def _processes_with(env_value):
    """Pids of processes whose environment holds ``env_value`` (Linux /proc)."""
    found = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if env_value.encode() in (d / "environ").read_bytes():
                    found.append(int(d.name))
            except OSError:
                pass
    return found


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs Linux /proc")
def test_a_killed_match_leaves_no_process_and_no_worktree(tmp_path):
    import signal
    import time

    ballots, tmp, env = _ballots_and_private_tmp(tmp_path)
    proc = subprocess.Popen([sys.executable, str(ROOT / "tools" / "match.py"), "depth:4", "git:HEAD",
                             "--games", "400", "--jobs", "2", "--ballots", str(ballots)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        first = proc.stdout.readline()
        assert first.startswith("game ")  # playing: workers and the tree exist
        assert list(tmp.iterdir()) and len(_processes_with(str(tmp))) >= 3
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        proc.stderr.close()
    # the games played so far are summed up, without a traceback
    import re

    reported = 1 + out.count("\ngame ")
    stopped = re.search(r"match stopped after (\d+) of 400 games", out)
    assert stopped and int(stopped.group(1)) >= reported  # (a kill may cut a game's line short)
    assert f"({stopped.group(1)} games," in out
    assert "Traceback" not in err
    assert proc.returncode == 128 + signal.SIGTERM
    deadline = time.monotonic() + 30
    while _processes_with(str(tmp)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _processes_with(str(tmp)) == []
    assert list(tmp.iterdir()) == []


def test_label_positions_scores_quiet_positions_that_tune_can_fit(tmp_path):
    from game.engine.search import Searcher
    from game.rules import Position

    games = tmp_path / "games.txt"
    start = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    games.write_text(f"B {start} 11-15 22-18 15x22 25x18 8-11 29-25 4-8\n"
                     f"W {start} 9-13 22-18 13-17 21x14 10x17\n")
    labels = tmp_path / "labels.txt"
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "label_positions.py"), str(games), "--depth", "3",
                          "--skip", "0", "--out", str(labels)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    rows = [line.split() for line in labels.read_text().splitlines()]
    assert {r[0] for r in rows} == {"0", "1"} and {r[2] for r in rows} == {"1", "0"}
    for _game, score, _result, fen in rows:
        pos = Position.from_fen(fen)
        assert not pos.has_capture()  # quiet positions only
        info = None
        for found in Searcher().search(pos, depth=3):
            info = found
        assert int(score) == (info.score if pos.state[4] else -info.score)  # black's view
    assert Position.from_fen(rows[0][3]) == Position.from_fen(start)
    pytest.importorskip("numpy")
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "tune.py"), "--labels", str(labels),
                          "--holdout", "2", "--fit", "KING,GUARD"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "held out" in out.stdout and "GUARD=" in out.stdout
    bad = tmp_path / "bad.txt"
    bad.write_text("0 12 1 not-a-fen\n")
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "tune.py"), "--labels", str(bad)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 1 and "bad.txt:1" in out.stderr and "Traceback" not in out.stderr


def test_the_referee_ends_a_game_by_the_rules_a_forfeit_a_judge_or_the_ply_cap():
    from referee import Ending, Forfeit, play_out

    from game.rules import BLACK, WHITE, Game, Position

    def first(game):
        return game.legal_moves()[0]

    game = Game(Position.from_fen("B:W24:B19"))  # black takes white's last piece
    assert play_out(game, first, 100) == Ending(BLACK, None, None) and game.outcome.winner == BLACK
    game = Game()
    assert play_out(game, first, 3) == Ending(None, "adjudicated draw after 3 plies") and game.ply == 3

    def white_forfeits(game):
        if game.turn == WHITE:
            raise Forfeit("no move")
        return first(game)

    game = Game()
    assert play_out(game, white_forfeits, 100) == Ending(BLACK, "forfeit: no move", WHITE) and game.ply == 1
    game = Game()
    assert play_out(game, first, 100, judge=lambda p: (WHITE, "database win")) == Ending(WHITE, "database win")
    assert game.ply == 0


def test_the_referee_pairs_each_opening_twice_and_sums_up_the_first_player():
    from referee import pairings, spread, tally

    from game.rules import BLACK, WHITE

    assert pairings(["a", "b"], 5) == [(0, "a", BLACK), (1, "a", WHITE), (2, "b", BLACK), (3, "b", WHITE),
                                       (4, "a", BLACK)]
    assert spread(list(range(156)), 4) == [0, 39, 78, 117] and spread([1, 2], 5) == [1, 2]
    t = tally([1.0, 0.5, 0.0, 1.0])
    assert (t.wins, t.draws, t.losses, t.score) == (2, 1, 1, 0.625)
    assert round(t.elo) == 89 and t.margin > 0
    assert tally([]).score == 0.0


def test_a_match_killed_outright_keeps_the_games_it_reported(tmp_path):
    # The PDN is written before each game's line is printed, so a SIGKILL
    # (no handler runs) right after the first line still leaves that game.
    import signal
    import threading

    from game.notation import read_pdn

    command, pdn = _short_match(tmp_path, 20)
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    watchdog = threading.Timer(120, proc.kill)  # (a stalled match cannot hang the suite)
    watchdog.start()
    try:
        for line in proc.stdout:
            if line.startswith("game "):
                break
        proc.send_signal(signal.SIGKILL)
    finally:
        watchdog.cancel()
        proc.kill()
        proc.wait(timeout=60)
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL  # killed, not finished
    games = read_pdn(pdn.read_text())  # whole: written beside it, then put in its place
    assert len(games) >= 1
