"""Leaving the play screen right after H: closing the hint engine never stalls the window."""

import os
import time

from game.engine.process import EngineClient
from game.rules import Game, Position
from game.ui.hint import Hint


def pid_gone(pid, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().split(")")[-1].split()[0] == "Z":
                    return True  # a zombie has ended
        except OSError:
            return True
        time.sleep(0.05)
    return False

MIDGAME = Position.from_fen("W:W18,21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,14")


class _App:
    """The hint asks ``app.new_engine`` only without a factory of its own: these tests give one."""


class _RecordingClient(EngineClient):
    """A real engine client that records how it was asked to close."""

    waits = []

    def close(self, wait=True):
        _RecordingClient.waits.append(wait)
        super().close(wait=wait)


def test_closing_a_hint_under_way_does_not_wait_for_the_worker():
    _RecordingClient.waits = []
    hint = Hint(_App(), client_factory=_RecordingClient)
    assert hint.request(Game(MIDGAME)) == "Looking for a hint…"
    pid = hint.client.pid
    assert pid is not None
    hint.close()
    assert _RecordingClient.waits == [False]  # the window hands the waiting to a reaper thread
    assert hint.client is None and not hint.thinking
    assert pid_gone(pid, 20)  # and the worker does end


def test_closing_a_hint_whose_engine_is_already_gone():
    class Gone:
        closes = 0

        def go(self, *a, **k):
            return 1

        def cancel(self):
            raise BrokenPipeError(32, "Broken pipe")

        def close(self, wait=True):
            Gone.closes += 1
            raise BrokenPipeError(32, "Broken pipe")

    hint = Hint(_App(), client_factory=Gone)
    hint.request(Game(MIDGAME))
    hint.close()  # nothing raised: leaving the screen never fails on it
    assert Gone.closes == 1 and hint.client is None and not hint.thinking


def test_a_hint_engine_that_cannot_start_is_a_message():
    def broken():
        raise OSError(24, "Too many open files")

    hint = Hint(_App(), client_factory=broken)
    message = hint.request(Game(MIDGAME))
    assert message.startswith("No hint") and "Too many open files" in message
    hint.close()  # nothing to close, nothing raised
