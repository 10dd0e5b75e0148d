"""Engine workers that misbehave, for tests/test_hostile_worker.py (a module of its own: a spawned
process imports its target by name, so these cannot live in a test file pytest imports as __main__)."""

import os
import struct
import time

from game.engine.process import Done, Go, Info


def _answer_each_go(conn, answer):
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if isinstance(msg, Go):
            answer(conn, msg)


def stalling(conn):
    """Begins each answer and never finishes it: half a message, then nothing (until it is killed)."""
    def answer(conn, go):
        os.write(conn.fileno(), struct.pack("!i", 1000) + b"\x80\x04" * 5)
        while True:
            time.sleep(60)
    _answer_each_go(conn, answer)


def stalling_once(conn):
    """The first worker (no file at $STALL_MARK yet) stalls as ``stalling`` does; the next ones answer."""
    mark = os.environ["STALL_MARK"]
    if not os.path.exists(mark):
        open(mark, "w").close()
        return stalling(conn)
    return illegal_pv_tail(conn)


def pv_not_iterable(conn):
    """Answers each Go with an Info whose pv is a number, then a good Done."""
    def answer(conn, go):
        conn.send(Info(go.request_id, 1, 0, 5, 10, 0.01))
        conn.send(Done(go.request_id, go.position.legal_moves()[0], 0, 1, 10))
    _answer_each_go(conn, answer)


def illegal_pv_tail(conn):
    """A pv that is legal for one move, then not (the line is shown as far as it is legal)."""
    def answer(conn, go):
        first = go.position.legal_moves()[0]
        conn.send(Info(go.request_id, 2, 0, (first, first), 10, 0.01))
        conn.send(Done(go.request_id, first, 0, 2, 10))
    _answer_each_go(conn, answer)


def illegal_move(conn):
    """A Done whose move is not legal in the position (the window would play it)."""
    from game.rules import Move

    def answer(conn, go):
        conn.send(Done(go.request_id, Move((1, 32)), 0, 1, 10))
    _answer_each_go(conn, answer)


def a_string(conn):
    """Sends a plain string."""
    def answer(conn, go):
        conn.send("hello")
    _answer_each_go(conn, answer)


def not_a_pickle(conn):
    """Sends bytes that do not unpickle."""
    def answer(conn, go):
        conn.send_bytes(b"\x80\x04not a pickle")
    _answer_each_go(conn, answer)


def huge_announcement(conn):
    """Announces a message of 2 GB (and would make the client hold it all)."""
    def answer(conn, go):
        os.write(conn.fileno(), struct.pack("!i", 0x7FFFFFF0))
        while True:
            time.sleep(60)
    _answer_each_go(conn, answer)
