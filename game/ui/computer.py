"""The computer player: one search at a time in the engine process, polled each frame.

The window never waits for the engine: ``start`` sends the position and
returns, ``poll`` collects what has arrived.  A search that is cancelled
(undo, new game, leaving) is forgotten by request id, so its late answer is
ignored even if it arrives.
"""

import os
import time


_reniced = set()


def _lower_priority(engine):
    """Let the window win the CPU over the search: on a busy machine frames stay smooth.

    The engine loses little (it mostly has a core of its own); a restarted
    worker has a new pid and is lowered again.
    """
    pid = getattr(engine, "pid", None)
    if not pid or pid in _reniced or not hasattr(os, "setpriority"):
        return
    _reniced.add(pid)
    try:
        os.setpriority(os.PRIO_PROCESS, pid, min(19, os.getpriority(os.PRIO_PROCESS, 0) + 5))
    except (OSError, AttributeError):
        pass


def limit_for(level):
    """The engine Limit for a Level: the named levels by name, custom ones by depth/time."""
    from ..engine.levels import LEVELS
    from ..engine.process import Limit

    if level in LEVELS:
        return Limit(level=level.name)
    return Limit(depth=level.depth, time=level.time)


class ComputerTurn:
    """A search under way for one move."""

    def __init__(self, app):
        self.app = app
        self.request_id = None
        self.level = None
        self.depth = 0
        self.score = None
        self.nodes = 0
        self.started = 0.0
        self.error = None
        self.failed = None     # why the engine could not be reached; no retry until retry()
        self.stopping = False

    @property
    def thinking(self):
        return self.request_id is not None

    def _fail(self, e):
        """The engine could not be started or reached: remember why, stop thinking."""
        self.request_id = None
        self.stopping = False
        self.failed = (str(e).splitlines() or [""])[0] or type(e).__name__
        return self.failed

    def retry(self):
        """Forget a failure: the next turn asks the engine again (an explicit action: M, undo, redo)."""
        self.failed = None

    def start(self, game, level):
        position = game.position
        # Only positions since the last capture or man move can repeat.
        history = tuple(game.reversible_history()[:-1])
        self.level = level
        self.depth, self.score, self.nodes, self.error = 0, None, 0, None
        self.stopping = False
        self.started = time.perf_counter()
        try:
            engine = self.app.engine
            self.request_id = engine.go(position, history, limit_for(level))
        except Exception as e:  # no engine (too many open files, no fork...): say so, never crash
            self._fail(e)
            return False
        _lower_priority(engine)
        return True

    def elapsed(self):
        return time.perf_counter() - self.started if self.thinking else 0.0

    def poll(self):
        """The engine's move once it is done (None until then)."""
        if not self.thinking:
            return None
        from ..engine.process import Done, Info

        try:
            messages = self.app.engine.poll()
        except Exception as e:  # a dead worker that cannot be restarted
            self._fail(e)
            return None
        for msg in messages:
            if getattr(msg, "request_id", None) != self.request_id:
                continue  # a stale answer from a cancelled search
            if isinstance(msg, Info):
                self.depth, self.score, self.nodes = msg.depth, msg.score, msg.nodes
            elif isinstance(msg, Done):
                self.request_id = None
                if msg.move is None:
                    self.error = msg.error or "the engine found no move"
                    return None
                if msg.depth:
                    self.depth = msg.depth
                if msg.score is not None:
                    self.score = msg.score
                return msg.move
        return None

    def move_now(self):
        if self.thinking and not self.stopping:
            self.stopping = True
            try:
                self.app.engine.stop()
            except Exception as e:
                self._fail(e)

    def cancel(self):
        """Forget the search under way (and any failure: the position changes, so try again)."""
        self.failed = None
        if self.thinking:
            self.request_id = None
            if self.app.has_engine:
                try:
                    self.app.engine.cancel()
                except Exception:
                    pass  # the next start() says what is wrong


def score_words(score):
    """An engine score as a player reads it: ``+1.25`` (men ahead) or ``win in 7``."""
    if score is None:
        return "…"
    try:
        from ..engine.search import describe_score

        return describe_score(score)
    except Exception:
        return str(score)
