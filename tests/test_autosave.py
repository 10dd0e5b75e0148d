"""Autosave: round trip, bad files, and Continue after the process is killed mid-game."""

import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import play

from game.rules import Game, Position
from game.store import autosave_path, clear_autosave, has_autosave, load_autosave, save_autosave

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _own_home(home):
    """Every test here gets its own CHECKERS_HOME (the ``home`` fixture of conftest)."""


def test_nothing_to_continue():
    assert load_autosave() is None
    assert not has_autosave()
    clear_autosave()  # no error


def test_round_trip(caplog):
    game = play(Game(draw_rule="csci561"), 25)
    assert save_autosave(game, mode="computer", levels={"white": "Master"}, humans=["black"],
                         extra={"orientation": "black"})
    assert has_autosave()
    with caplog.at_level(logging.WARNING):
        saved = load_autosave()
    assert not caplog.records
    assert saved.game.moves == game.moves
    assert saved.game.position == game.position
    assert saved.game.draw_rule.name == "csci561"
    assert saved.mode == "computer" and saved.levels == {"white": "Master"}
    assert saved.humans == ["black"] and saved.human_colours == [0]
    assert saved.extra == {"orientation": "black"}
    assert saved.warning is None
    clear_autosave()
    assert load_autosave() is None


def test_round_trip_from_setup_position():
    start = Position.from_fen("W:WK10,18:B14,K3")
    game = play(Game(start), 6, seed=3)
    save_autosave(game, mode="friend", humans=[0, 1])
    saved = load_autosave()
    assert saved.game.start == start
    assert saved.game.moves == game.moves
    assert saved.humans == ["black", "white"]


def test_colour_numbers_are_stored_as_names():
    save_autosave(Game(), levels={1: "Expert"}, humans=[0])
    data = json.loads(autosave_path().read_text())
    assert data["levels"] == {"white": "Expert"} and data["humans"] == ["black"]


@pytest.mark.parametrize("content", [b"\x89PNG\x00\x01", b'{"format": "checkers-autosave", "vers',
                                     b"[]", b'{"format": "something else"}',
                                     b'{"format": "checkers-autosave", "version": 1, "start": "Z:nonsense"}',
                                     b'{"format": "checkers-autosave", "version": 1, "moves": 7}'])
def test_corrupt_autosave(home, caplog, content):
    path = autosave_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="checkers.store"):
        assert load_autosave() is None
    assert len(caplog.records) == 1
    kept = list(path.parent.glob("autosave.json.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert not path.exists()


def test_move_that_does_not_replay_keeps_the_legal_prefix(caplog):
    game = play(Game(), 10)
    save_autosave(game)
    path = autosave_path()
    data = json.loads(path.read_text())
    data["moves"][6] = "1-32"
    path.write_text(json.dumps(data))
    with caplog.at_level(logging.WARNING, logger="checkers.store"):
        saved = load_autosave()
    assert saved.game.moves == game.moves[:6]
    assert "6 of 10" in saved.warning and "1-32" in saved.warning
    assert len(caplog.records) == 1
    # the original record is kept for the player, not overwritten by the next autosave
    assert len(list(path.parent.glob("autosave.json.bad-*"))) == 1


def test_short_capture_notation_replays():
    game = Game(Position.from_fen("B:W18,27:B14"))  # black must capture
    moves = game.legal_moves()
    assert any(m.is_capture for m in moves)
    m = moves[0]
    save_autosave(game)
    data = json.loads(autosave_path().read_text())
    data["moves"] = [f"{m.start}x{m.end}"]
    autosave_path().write_text(json.dumps(data))
    assert load_autosave().game.moves == [m]


CHILD = r"""
import random, sys, time
from game.rules import Game
from game.store import save_autosave
rng = random.Random(int(sys.argv[1]))
game = Game()
while True:
    moves = game.legal_moves()
    if not moves:
        game = Game()
        continue
    game.push(rng.choice(moves))
    save_autosave(game, mode="computer", levels={"white": "Expert"}, humans=["black"])
    print(game.ply, " ".join(str(m) for m in game.moves), flush=True)
    if game.ply >= int(sys.argv[2]):
        time.sleep(60)  # "thinking": the kill comes here or earlier
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("stop_after", [5, 12])
def test_continue_after_a_crash(home, stop_after):
    env = dict(os.environ, CHECKERS_HOME=str(home), PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(stop_after), str(stop_after)],
                             stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    lines = []
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = child.stdout.readline()
            if not line:
                break
            lines.append(line.split(" ", 1))
            if int(lines[-1][0]) >= stop_after:
                break
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait(10)
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    assert lines and int(lines[-1][0]) == stop_after
    saved = load_autosave()
    assert saved is not None
    assert " ".join(str(m) for m in saved.game.moves) == lines[-1][1].strip()
    assert saved.game.ply == stop_after
    assert saved.levels == {"white": "Expert"} and saved.humans == ["black"]
    # the continued game goes on from the last move
    saved.game.push(saved.game.legal_moves()[0])


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_kill_at_a_random_moment_never_leaves_a_torn_file(home):
    """Killed while saving as fast as it can: the file is always one of the saves printed."""
    env = dict(os.environ, CHECKERS_HOME=str(home), PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", CHILD, "7", "100000"],
                             stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    printed = []  # the moves of each save, in the order they were confirmed
    try:
        for _ in range(40):
            printed.append(child.stdout.readline())
        os.kill(child.pid, signal.SIGKILL)
        printed += child.stdout.read().splitlines()
    finally:
        child.wait(10)
        child.stdout.close()
    last = printed[-1].split(" ", 1)[1].strip().split()
    saved = load_autosave()
    assert saved is not None and saved.warning is None
    recorded = [str(m) for m in saved.game.moves]
    # the last confirmed save, or the one being confirmed when the kill came: one move more
    # (or the first move of the next game, if that one had just ended)
    assert recorded == last or recorded[:-1] == last or (len(recorded) == 1 and _ended(last)), \
        (recorded, last)
    assert not list(autosave_path().parent.glob("autosave.json.bad-*"))


def _ended(moves):
    from game.store.replay import replay

    game, error = replay(Position.initial(), moves)
    return error is None and game.outcome is not None
