"""The ``checkers`` command line: bad input is one clear line and exit status 2."""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from game.controller import mode_of

ROOT = Path(__file__).resolve().parent.parent


def run(*args, env_extra=None, timeout=60, home=None):
    # each run gets its own data folder: a game it leaves autosaved must not
    # turn up as "Continue" in other tests
    # (removed afterwards: the suite leaves nothing behind in the temporary folder)
    if home is None:
        with tempfile.TemporaryDirectory(prefix="checkers-cli-") as fresh:
            return run(*args, env_extra=env_extra, timeout=timeout, home=fresh)
    home = str(home)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               CHECKERS_HOME=home)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env=env)


@pytest.mark.parametrize("fen", ["nonsense", "X:W1:B2", "B:W1,2:B2", "B:W40:B1"])
def test_bad_fen_is_one_line_and_exit_2(fen):
    r = run("--fen", fen)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("checkers: bad FEN")


def test_missing_and_bad_board_files(tmp_path):
    r = run("--board", str(tmp_path / "nowhere.txt"))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().startswith("checkers: cannot read board file")
    bad = tmp_path / "bad.txt"
    bad.write_text("this is not a board\n")
    r = run("--board", str(bad))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "bad board file" in r.stderr


def test_custom_levels_from_the_command_line():
    from game.__main__ import UsageError, build_parser, chosen_level

    def level(text):
        return chosen_level(build_parser().parse_args(["--level", text]))

    assert (level("depth:5").depth, level("depth:5").time) == (5, None)
    assert level("time:0.5").time == 0.5
    assert level("MASTER").name == "Master"
    for bad in ("depth:13", "depth:x", "time:-1", "time:inf", "time:nan"):
        with pytest.raises(UsageError, match="bad --level"):
            level(bad)


def test_bad_level_is_reported():
    r = run("--mode", "1p", "--level", "Grandmaster")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "unknown level" in r.stderr


def test_fen_and_board_are_exclusive():
    r = run("--fen", "B:W21-32:B1-12", "--board", "x.txt")
    assert r.returncode == 2


def test_good_fen_opens_the_window_and_exits_after_the_first_frame():
    r = run("--fen", "B:W18,24,K10:B12,16", "--mode", "2p", env_extra={"CHECKERS_EXIT_AFTER_FIRST_FRAME": "1"})
    assert r.returncode == 0, r.stderr
    assert "first frame drawn" in r.stdout


def test_a_game_from_the_command_line_leaves_the_players_game_and_choices_alone(home):
    from game.rules import Game
    from game.store import autosave_path, save_autosave, save_settings, settings_path
    from game.store.settings import Settings

    game = Game()
    game.push(game.legal_moves()[0])
    assert save_autosave(game, "2p", {}, ["black", "white"])
    assert save_settings(Settings(level="Easy", side="black", mode="2p"))
    before = (autosave_path().read_bytes(), settings_path().read_bytes())
    for args in (("--fen", "B:W18,24,K10:B12,16", "--mode", "2p"), ("--level", "depth:3", "--side", "white")):
        r = run(*args, home=home, env_extra={"CHECKERS_EXIT_AFTER_FIRST_FRAME": "1"})
        assert r.returncode == 0, r.stderr
        assert (autosave_path().read_bytes(), settings_path().read_bytes()) == before


def test_menu_first_frame():
    r = run(env_extra={"CHECKERS_EXIT_AFTER_FIRST_FRAME": "1"})
    assert r.returncode == 0, r.stderr
    assert "first frame drawn" in r.stdout


def test_main_builds_play_straight_away_from_a_position():
    sys.path.insert(0, str(ROOT))
    from game.__main__ import build_parser, first_scene, start_position

    args = build_parser().parse_args(["--fen", "W:W18:B14", "--side", "white", "--level", "easy"])
    scene, params = first_scene(args, start_position(args))
    assert scene == "play" and mode_of(params["players"]) == "1p"
    assert params["players"][1] is None and params["players"][0].name == "Easy"
    args = build_parser().parse_args([])
    assert first_scene(args, start_position(args))[0] == "menu"


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_ctrl_c_ends_the_game_and_its_engine_process(tmp_path):
    import signal
    import time

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               CHECKERS_HOME=str(tmp_path))
    # (as from a terminal: a runner started in the background, e.g. by "nohup ... &",
    # ignores SIGINT and its children inherit that, so Ctrl+C would never arrive)
    p = subprocess.Popen([sys.executable, "-m", "game", "--mode", "watch", "--level", "Master"], cwd=ROOT,
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        # the engine processes started, and no new one since for a second: a process caught halfway
        # through multiprocessing's spawn (still reading its start-up data from the parent) prints
        # an EOFError of its own when the parent goes, which is the spawn's, not the game's
        children, stable_since = [], time.monotonic()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (children and time.monotonic() - stable_since >= 1.0):
            time.sleep(0.2)
            with open(f"/proc/{p.pid}/task/{p.pid}/children") as f:
                now = f.read().split()
            if now != children:
                children, stable_since = now, time.monotonic()
        assert children, "the engine process never started"
        p.send_signal(signal.SIGINT)
        assert p.wait(15) == 130
        assert "Traceback" not in p.stderr.read()
    finally:
        if p.poll() is None:
            p.kill()
    deadline = time.monotonic() + 20
    running = list(children)
    while running and time.monotonic() < deadline:
        running = [pid for pid in running if _running(pid)]
        time.sleep(0.05)
    assert not running, f"processes {running} still running after Ctrl+C"


def _running(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[-1].split()[0] != "Z"  # a zombie has ended
    except OSError:
        return False  # gone


def test_a_level_or_side_alone_starts_a_game_against_the_computer():
    from game.__main__ import build_parser, first_scene
    from game.rules import BLACK, WHITE

    scene, params = first_scene(build_parser().parse_args(["--level", "Master", "--side", "white"]), None)
    assert scene == "play" and mode_of(params["players"]) == "1p"
    assert params["players"][WHITE] is None and params["players"][BLACK].name == "Master"
    assert first_scene(build_parser().parse_args([]), None) == ("menu", {})


def test_bad_level_without_a_mode_is_still_reported():
    r = run("--level", "Grandmaster")
    assert r.returncode == 2 and "unknown level" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("fen, reason", [
    ("B:W5:B30", "far row"),
    ("W:W1-13:B14", "at most 12"),
    ("B:W:B12", "White has no pieces"),
])
def test_impossible_start_positions_are_refused(fen, reason):
    r = run("--fen", fen)
    assert r.returncode == 2 and reason in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("args,words", [
    (("--mode", "3p"), "bad --mode '3p': choose one of 1p, 2p, watch"),
    (("--side", "purple"), "bad --side 'purple': choose red or white"),
    (("--size", "12x\u00b2"), "bad --size"),
    (("--size", "1" * 5000 + "x9"), "bad --size"),
    (("--frobnicate",), "unrecognized arguments: --frobnicate"),
    (("--level",), "expected one argument"),
])
def test_bad_options_are_one_line_in_our_own_words(args, words):
    r = run(*args)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("checkers: ") and words in lines[0]
    for python_words in ("usage:", "invalid literal", "int()", "Traceback", "invalid choice"):
        assert python_words not in r.stderr


def test_side_red_is_the_first_player_and_modes_ignore_case():
    from game.__main__ import first_scene, parse_args, start_position

    for side, human in (("red", 0), ("RED", 0), ("black", 0), ("White", 1)):
        args = parse_args(["--side", side, "--mode", "1P"])
        scene, params = first_scene(args, start_position(args))
        assert scene == "play" and params["players"][human] is None and params["players"][1 - human] is not None


@pytest.mark.skipif(sys.platform != "linux", reason="/dev/zero and FIFOs")
def test_board_file_that_is_not_a_regular_file_is_refused_at_once(tmp_path):
    fifo = tmp_path / "board.fifo"
    os.mkfifo(fifo)
    for path in ("/dev/zero", str(fifo)):
        r = run("--board", path, timeout=60)  # a FIFO never opened by a writer: it must not block
        assert r.returncode == 2 and "Traceback" not in r.stderr
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("checkers: cannot read board file"), r.stderr


def test_a_long_fen_is_quoted_short():
    r = run("--fen", "B:W" + "1," * 5000)
    assert r.returncode == 2 and len(r.stderr) < 400 and r.stderr.startswith("checkers: bad FEN")


def test_the_command_line_knows_the_stores_modes():
    # kept apart so that `checkers --help` and its errors need not load the store
    import game.__main__ as cli
    from game.store.settings import MODES

    assert cli.MODES == MODES


def test_no_book_flag_is_read():
    from game.__main__ import build_parser

    assert build_parser().parse_args(["--no-book"]).no_book is True
    assert build_parser().parse_args([]).no_book is False
