"""The match controller with the real engine process: Move now, a dead worker, a closed client."""

import os
import signal
import time

import pytest
from helpers import poll_until

from game.controller import Match
from game.engine.levels import Level, parse_level
from game.engine.process import EngineClient
from game.rules import BLACK, WHITE

# A search that would take a minute: only "Move now" can end it soon.
DEEP = Level("deep", "for tests", 30, 60.0, 0, 0)


def run_until(match, done):
    """Call update() as a frame would until ``done()`` (a generous bound, not a timing test)."""
    poll_until(match.update, done, seconds=60)


@pytest.fixture
def client():
    c = EngineClient()
    yield c
    c.close()


def test_move_now_ends_a_one_minute_search_with_a_legal_move(client):
    match = Match({BLACK: DEEP, WHITE: None}, engine=lambda: client)
    run_until(match, lambda: match.computer.depth >= 1)  # the search is under way
    started = time.monotonic()
    match.move_now()
    run_until(match, lambda: match.game.ply == 1)
    assert time.monotonic() - started < 30  # far sooner than the search's own minute
    assert match.human_to_move() and match.engine_problem is None


def test_a_named_level_plays_through_the_process(client):
    match = Match({BLACK: None, WHITE: parse_level("Beginner")}, engine=lambda: client)
    match.play(match.game.legal_moves()[0])
    run_until(match, lambda: match.game.ply == 2)
    assert match.game.moves[1] in match.game.positions[1].legal_moves()


def test_a_worker_that_dies_and_cannot_restart_is_a_failure(client, monkeypatch):
    match = Match({BLACK: DEEP, WHITE: None}, engine=lambda: client)
    match.update()
    assert match.computer.thinking and client.pid is not None

    def no_process(*args, **kwargs):
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(client._ctx, "Process", no_process)
    os.kill(client.pid, signal.SIGKILL)
    run_until(match, lambda: match.engine_problem is not None)
    assert not match.computer.thinking and match.game.ply == 0
    assert "Resource temporarily unavailable" in match.engine_problem


def test_a_closed_client_is_a_failure_not_a_hang():
    c = EngineClient()
    c.close()
    match = Match({BLACK: parse_level("Easy"), WHITE: None}, engine=lambda: c)
    match.update()
    assert not match.computer.thinking and "closed" in match.engine_problem
