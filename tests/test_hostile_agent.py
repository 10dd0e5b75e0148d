"""checkers-agent in a hostile folder: its state file and input may be anything.

The state file may be a symbolic link (to /dev/zero, to a file that must not
be overwritten), a FIFO, huge, or garbage; input.txt may be a FIFO, /dev/zero
or huge, or carry what a master program may reasonably write (a byte-order
mark, CRLF, seconds as 1e9 or 100.).  The agent never hangs, never follows a
link, never writes through one, and says in one line (exit 2) when the folder
cannot take its move, before thinking.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.agent import state
from game.agent.io import format_move, input_text, parse_input
from game.rules import BLACK, Position

ROOT = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, PYTHONPATH=str(ROOT), CHECKERS_AGENT_VERBOSE="1")
KINGS = Position.from_fen("B:WK20,K24,K28:BK1,K5")
MOVE = re.compile(r"\A(E [a-h][1-8] [a-h][1-8]\n|(J [a-h][1-8] [a-h][1-8]\n)+)\Z")


def agent(d, text=None, seconds=2.0):
    if text is None:
        text = input_text("GAME", KINGS, seconds)
    if text is not False:
        (d / "input.txt").write_text(text, newline="")
    return subprocess.run([sys.executable, "-m", "game.agent"], cwd=d, env=ENV,
                          capture_output=True, text=True, timeout=120)


def startup_cpu(stderr):
    m = re.search(r"start-up ([0-9.]+)s CPU", stderr)
    return float(m.group(1)) if m else None


def fifo(path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    os.mkfifo(path)


@pytest.mark.parametrize("make", ["dev-zero", "other-file", "fifo", "huge", "garbage", "folder", "dangling"])
def test_a_hostile_state_file_is_never_trusted_nor_written_through(tmp_path, make):
    p = tmp_path / state.STATE_FILE
    other = tmp_path / "precious.txt"
    other.write_text("do not touch")
    if make == "dev-zero":
        p.symlink_to("/dev/zero")
    elif make == "other-file":
        p.symlink_to(other)
    elif make == "dangling":
        p.symlink_to(tmp_path / "nowhere" / "x")
    elif make == "fifo":
        fifo(p)
    elif make == "huge":
        with open(p, "wb") as f:
            f.truncate(500 * 1024 * 1024)
    elif make == "garbage":
        p.write_bytes(b'{"version": 1, "me": 0, "quiet": ' + b"9" * 5000 + b', "positions": [' + b"[" * 10_000)
    elif make == "folder":
        p.mkdir()
    r = agent(tmp_path)
    assert r.returncode == 0, r.stderr
    assert MOVE.match((tmp_path / "output.txt").read_text())
    assert other.read_text() == "do not touch"
    if make == "folder":
        assert p.is_dir()  # left alone: not ours to remove
    else:
        # replaced by a regular file of ours, never written into what was there
        assert p.is_file() and not p.is_symlink()
        assert state._load(p) is not None
    assert not [q for q in tmp_path.iterdir() if q.name.endswith(".tmp")]
    # a few milliseconds of reading, not the clock: the same start-up as with no state at all
    assert startup_cpu(r.stderr) is not None and startup_cpu(r.stderr) < 0.5, r.stderr


def test_positions_kept_are_capped(tmp_path):
    fen = KINGS.fen()
    text = '{"version": 1, "me": 0, "quiet": 3, "positions": [' + ", ".join([f'"{fen}"'] * 5000) + "]}\n"
    (tmp_path / state.STATE_FILE).write_text(text)
    assert state._load(tmp_path / state.STATE_FILE) is None  # more than any real game keeps
    g = state.GameState(BLACK, [KINGS] * 5000, 3)
    assert len(g.positions) == state.MAX_POSITIONS


def test_a_state_file_too_big_is_not_read(tmp_path):
    p = tmp_path / state.STATE_FILE
    p.write_text(" " * (state.MAX_BYTES + 1) + state.GameState(BLACK, [KINGS], 0).to_json())
    assert state._load(p) is None
    p.write_text(state.GameState(BLACK, [KINGS], 0).to_json())
    assert state._load(p) is not None


@pytest.mark.parametrize("make", ["folder-output", "fifo-input", "dev-zero-input", "huge-input", "folder-input"])
def test_a_folder_that_cannot_work_is_one_line_exit_2(tmp_path, make):
    text = None
    if make == "folder-output":
        (tmp_path / "output.txt").mkdir()  # a stale output.txt that cannot be removed
    elif make == "fifo-input":
        fifo(tmp_path / "input.txt")
        text = False
    elif make == "dev-zero-input":
        (tmp_path / "input.txt").symlink_to("/dev/zero")
        text = False
    elif make == "huge-input":
        text = input_text("SINGLE", KINGS, 5.0) + " " * (200 * 1024)
    elif make == "folder-input":
        (tmp_path / "input.txt").mkdir()
        text = False
    r = agent(tmp_path, text)
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr and len(lines[0]) < 400
    assert "start-up" not in r.stderr  # found before any thinking
    assert not (tmp_path / "output.txt").is_file()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_folder_is_found_before_thinking(tmp_path):
    (tmp_path / "input.txt").write_text(input_text("SINGLE", KINGS, 5.0))
    tmp_path.chmod(0o555)
    try:
        r = agent(tmp_path, False)
    finally:
        tmp_path.chmod(0o755)
    assert r.returncode == 2 and "output.txt" in r.stderr and "start-up" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_the_folder_check_does_not_leave_output_on_exit_3(tmp_path):
    blocked = "SINGLE\nBLACK\n10.\n" + "........\n" * 6 + ".b......\nw.w.....\n"
    r = agent(tmp_path, blocked)
    assert r.returncode == 3 and not (tmp_path / "output.txt").exists()


FORCED = Position.from_fen("B:W18,30:B14,1")  # black must take 14x23: one legal move


@pytest.mark.parametrize("seconds", ["1e9", "100.", "1E2", "7.5"])
def test_what_a_master_program_may_write_is_accepted(tmp_path, seconds):
    assert len(FORCED.legal_moves()) == 1
    lines = input_text("GAME", FORCED, 1.0).splitlines()
    lines[2] = seconds
    text = "\ufeff" + "\r\n".join(lines) + "\r\n"
    (tmp_path / "input.txt").write_bytes(text.encode("utf-8"))
    r = agent(tmp_path, False)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "output.txt").read_text() == format_move(FORCED.legal_moves()[0])
    assert parse_input("\n".join(lines) + "\n").seconds == float(seconds)


def test_a_clock_of_a_billion_seconds_still_plans_a_short_move():
    from game.agent import clock

    for mode in ("GAME", "SINGLE"):
        b = clock.plan(mode, 1e9, 0.05, Position.initial())
        assert 0 < b.soft <= b.hard - 0.05 <= 1.5 * max(clock.GAME_CAP, clock.SINGLE_CAP)
