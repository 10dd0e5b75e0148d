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


class ScriptedEngine:
    """An engine client double: the first legal move, a score per position (default 0).

    A search with a time limit gets an Info and a Done at the next poll; an unlimited one
    (live analysis) only Infos, one per poll, deeper each time, until cancelled.
    """

    def __init__(self, scores=None):
        self.scores = scores or {}
        self.requests = []
        self.pending = []
        self.live = None
        self.cancels = 0
        self.closed = False

    def go(self, position, history=(), limit=None):
        from game.engine.process import Done, Info

        rid = len(self.requests) + 1
        self.requests.append((position, tuple(history), limit))
        move = position.legal_moves()[0]
        score = self.scores.get(position, 0)
        if limit is not None and limit.time is None and limit.depth is None:
            self.live = (rid, position, move, score, 0)
        else:
            self.live = None
            self.pending += [Info(rid, 5, score, (move,), 100, 0.01), Done(rid, move, score, 5, 100)]
        return rid

    def poll(self):
        from game.engine.process import Info

        out, self.pending = self.pending, []
        if self.live is not None:
            rid, position, move, score, depth = self.live
            self.live = (rid, position, move, score, depth + 1)
            out.append(Info(rid, depth + 1, score, (move,), 1000, 0.1))
        return out

    def cancel(self):
        self.cancels += 1
        self.pending, self.live = [], None

    def close(self, wait=True):
        self.closed = True


def blunder_game():
    """A game whose 5th move (ply 4) is not the first legal move and gives a position scored +3 men
    for the side to move after it: the scripted engine calls it a blunder."""
    from game.rules import Game

    g = Game()
    for i in range(8):
        moves = g.legal_moves()
        if i == 4:
            moves = [m for m in moves[1:] if len(g.position.play(m).legal_moves()) > 1]
        g.push(moves[0])
    return g


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


def new_app(size=(1000, 700), engine=None, fit=False):
    """A headless App: a fixed time step (no clock), no sound, at ``size`` (``fit``: no larger than
    the dummy driver's 1024x768 desktop, as a real window is kept within the screen).

    ``engine``: a function making each engine client (a double: the computer player's, a hint's
    and a live analysis's are separate clients, each kept in ``app.engines``), or None for real
    engine processes."""
    from game.app import App

    engines = []
    factory = None
    if engine is not None:
        def factory():
            engines.append(engine())
            return engines[-1]

    app = App(size, fixed_dt=1 / 60, sound=False, engine_factory=factory, fit=fit)
    app.engines = engines
    return app


def app_with_fake_engines(size=(1000, 700)):
    """A headless App whose engine clients are FakeEngines (``app.engines``)."""
    return new_app(size, engine=FakeEngine)


def open_scenes(app, *names, n=1):
    """Switch to the first scene, push the others on it, then run ``n`` frames; the top scene."""
    app.switch(names[0])
    for name in names[1:]:
        app.push(name)
    if n:
        frames(app, n)
    return app.stack.top


def open_review(app, game, **params):
    """Review of ``game`` pushed on the scenes open (Esc pops it), one frame drawn."""
    app.push("review", game=game, back="pop", **params)
    app.step()
    return app.stack.top


def frames(app, n=2):
    """Run the app ``n`` frames (its fixed time step: no clock)."""
    app.run(frames=n)


def run_until(app, condition, limit=600):
    """Run frames until ``condition()``, at most ``limit`` of them: for what the fixed time step
    alone brings about (an animation, a pause counted in frames, an engine double's answer).
    A wait on another process is ``frames_until``'s."""
    for _ in range(limit):
        frames(app, 1)
        if condition():
            return
    raise AssertionError(f"the condition never came true in {limit} frames")


def settle(app, scene=None, limit=600):
    """Run frames until no piece of ``scene`` (the play screen unless given) is moving."""
    scene = scene or app.stack.find("play")
    run_until(app, lambda: scene.anim is None, limit)


def key_event(k, mod=0):
    """The event pygame posts for a key press."""
    import pygame

    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def key(app, k, mod=0, n=1):
    """A real key press through pygame's event queue, then ``n`` frames."""
    import pygame

    pygame.event.post(key_event(k, mod))
    frames(app, n)


def point(app, pos, rel=(3, 2), n=1):
    """The pointer moved to ``pos`` (by ``rel``; (0, 0) is a pointer at rest) with no button held, then
    ``n`` frames."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(0, 0, 0)))
    frames(app, n)


def click(app, pos, button=1, n=1, rest=False):
    """A real click at ``pos`` (press and release there), then ``n`` frames.  ``rest``: the pointer
    first comes to rest on ``pos`` (a motion of length zero, which takes no focus)."""
    import pygame

    if rest:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app, n)


def click_square(app, square, button=1, n=1, scene=None, rest=False):
    """A click on the centre of a board square of ``scene`` (the top scene unless given)."""
    board = (scene or app.stack.top).layout.board
    click(app, board.square_center(square), button=button, n=n, rest=rest)


def open_library(app):
    """The game library pushed on the scenes open, once it has listed the games (its top scene)."""
    app.push("load")
    frames(app, 3)
    scene = app.stack.top
    assert scene.name == "load"
    frames_until(app, lambda: not scene.library.loading and not scene.library.busy)
    return scene
