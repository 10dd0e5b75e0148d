"""Small helpers shared by the tests (importable: pytest puts tests/ on sys.path)."""

import random


def play(game, n, seed=1):
    """Push ``n`` random legal moves (fewer if the game ends); the game, for chaining."""
    rng = random.Random(seed)
    for _ in range(n):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    return game


class FakeEngine:
    """An engine client double (``go/poll/stop/cancel/close``), no process.

    It records each request (``gos``: request id, position, history, limit)
    and answers only what the test puts in ``inbox`` (``answer(move)``), or,
    with ``reply`` (a function of the position's legal moves), answers every
    search at once (with ``error`` as the Done's error).  ``fail_go``/``fail_poll``/``fail_stop``: an exception to
    raise instead.
    """

    def __init__(self, reply=None, error=None):
        self.reply = reply
        self.error = error
        self.gos = []
        self.rules = []  # (draw_rule, quiet) of each go
        self.inbox = []
        self.stops = 0
        self.cancels = 0
        self.closed = False
        self.fail_go = self.fail_poll = self.fail_stop = None

    def go(self, position, history=(), limit=None, draw_rule="official", quiet=None):
        if self.fail_go is not None:
            raise self.fail_go
        rid = len(self.gos) + 1
        self.gos.append((rid, position, history, limit))
        self.rules.append((draw_rule, quiet))
        if self.reply is not None:
            self.answer(self.reply(position.legal_moves()), rid, error=self.error)
        return rid

    @property
    def current(self):
        return self.gos[-1][0]

    def answer(self, move, rid=None, **extra):
        from game.engine.process import Done

        self.inbox.append(Done(rid or self.current, move, **extra))

    def poll(self):
        if self.fail_poll is not None:
            raise self.fail_poll
        out, self.inbox = self.inbox, []
        return out

    def stop(self):
        if self.fail_stop is not None:
            raise self.fail_stop
        self.stops += 1

    def cancel(self):
        self.cancels += 1

    def close(self, wait=True):
        self.closed = True


def poll_until(step, condition, seconds=120):
    """Call ``step()`` (a frame, a controller update) until ``condition()``; fail after a
    generous ``seconds`` (never a timing assertion: a loaded machine only takes longer)."""
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        step()
        if condition():
            return
        time.sleep(0.005)
    raise AssertionError("the condition never came true")


def frames_until(app, condition, seconds=120):
    """Run the app a frame at a time until ``condition()``."""
    poll_until(app.step, condition, seconds)


def app_with_fake_engines(size=(1000, 700)):
    """A headless App whose engine processes are FakeEngines, each kept in ``app.engines``
    (the computer player's, a hint's and a live analysis's are separate clients)."""
    from game.app import App

    engines = []

    def factory():
        engines.append(FakeEngine())
        return engines[-1]

    app = App(size, fixed_dt=1 / 60, sound=False, engine_factory=factory)
    app.engines = engines
    return app


def frames(app, n=2):
    """Run the app ``n`` frames (its fixed time step: no clock)."""
    app.run(frames=n)


def key(app, k, mod=0, n=2):
    """A real key press through pygame's event queue, then ``n`` frames."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    frames(app, n)
