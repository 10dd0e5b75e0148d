"""A match: the game being played, who plays each side, and the computer's turns.

The play screen, watch mode and review's "continue from here" all drive a
``Match``; the screen only turns events into calls and draws.  Nothing here
blocks: the computer's search runs in the engine process and ``update()``
(once a frame) polls it.

    match = Match({BLACK: None, WHITE: parse_level("Hard")}, engine=lambda: client)
    match.play(move)            # the person's move
    move = match.update()       # the computer's move once it has arrived (already played)
    match.undo()                # against the computer: its reply and your move

Whoever shows the match (a live analysis, the autosave, a move list) can
follow it with ``add_listener(fn)`` -- ``fn(match, change)`` after every
change of the game ("move", "undo", "redo", "resign", "draw") -- or by watching
``version``, which grows by one with each such change.
"""

from __future__ import annotations

import time

from ..rules import BLACK, WHITE, Game, IllegalMoveError, Position
from .computer import ComputerTurn
from .players import humans_of, mode_of, players_from_keys, players_to_keys
from .record import MatchRecord

MOVE, UNDO, REDO, RESIGN, DRAW = "move", "undo", "redo", "resign", "draw"


class MatchError(ValueError):
    """A request the match refuses (a person's move on the computer's turn)."""


def game_up_to(game, ply):
    """A new Game with the first ``ply`` moves of ``game`` (same start and draw rule)."""
    g = Game(game.start, game.draw_rule.name)
    for move in game.moves[:ply]:
        g.push(move)
    return g


class Match:
    """players: ``{BLACK: Level | None, WHITE: ...}`` (None: a person).

    game: a ``rules.Game`` to go on with (else a new one from ``start`` under
    ``draw_rule``).  engine: a zero-argument callable returning the engine
    client, called the first time the computer has to move.  paused: the
    computer does not start thinking until ``resume()`` or ``step()``
    (watch mode).  game_id: the store's id for this game (kept in its record, so
    every save of the same game goes to the same place).  pace: seconds of play
    (the ``dt`` given to ``update``) the computer's move is held at least, counted
    from when its turn began, so a person sees each move land before the reply;
    "Move now" plays it at once.
    """

    def __init__(self, players=None, game=None, *, start=None, draw_rule="official", engine=None,
                 paused=False, game_id=None, pace=0.0, clock=time.monotonic, book=True):
        self.players = dict(players or {BLACK: None, WHITE: None})
        for colour in (BLACK, WHITE):
            self.players.setdefault(colour, None)
        self.game = game if game is not None else Game(start, draw_rule)
        self.computer = ComputerTurn(engine if engine is not None else _no_engine, clock, book)
        self.paused = paused
        self.steps = 0          # computer moves allowed while paused (Step)
        self.version = 0        # grows by one with every change of the game
        self.game_id = game_id
        self.pace = pace
        self._held = None       # the computer's move, arrived before its pace allows it
        self._waited = 0.0      # seconds of play since the computer's turn began
        self._hurry = False     # Move now: play the held move at once
        self._listeners = []

    @classmethod
    def from_record(cls, record, engine=None, **kwargs):
        """``(match, error)`` from a MatchRecord: the moves that replay (``error`` names the first
        that does not, else None), with the record's own players and levels."""
        from ..store.replay import replay

        game, error = replay(Position.from_fen(record.start), list(record.moves), record.draw_rule)
        kwargs.setdefault("game_id", record.game_id)
        return cls(players_from_keys(record.players), game, engine=engine, **kwargs), error

    @classmethod
    def continue_from(cls, game, ply, players, engine=None, **kwargs):
        """A match going on from ``game`` after its first ``ply`` moves (review's "continue from
        here"): the moves before stay, so repetitions still count.  MatchError if the game is
        already over there."""
        g = game_up_to(game, ply)
        if g.outcome is not None:
            raise MatchError(f"the game is over here: {g.outcome}")
        return cls(players, g, engine=engine, **kwargs)

    # -- listeners ---------------------------------------------------------------

    def add_listener(self, fn):
        """Call ``fn(match, change)`` after every change of the game; returns ``fn``."""
        self._listeners.append(fn)
        return fn

    def remove_listener(self, fn):
        if fn in self._listeners:
            self._listeners.remove(fn)

    def _changed(self, change):
        self._held = None
        self.version += 1
        for fn in list(self._listeners):
            fn(self, change)

    # -- who plays ---------------------------------------------------------------

    @property
    def mode(self):
        return mode_of(self.players)

    def humans(self):
        return humans_of(self.players)

    def is_human(self, colour):
        return self.players.get(colour) is None

    def level_of(self, colour):
        """The computer's Level for ``colour`` (None for a person)."""
        return self.players.get(colour)

    @property
    def outcome(self):
        return self.game.outcome

    @property
    def over(self):
        return self.game.outcome is not None

    def human_to_move(self):
        return not self.over and self.is_human(self.game.turn)

    def computer_to_move(self):
        return not self.over and not self.is_human(self.game.turn)

    @property
    def engine_problem(self):
        """Why the computer cannot move (shown with "press M to try again"), or None."""
        return self.computer.failed if self.computer_to_move() else None

    # -- moves ---------------------------------------------------------------------

    def play(self, move):
        """Play a person's move; returns the Move played.  MatchError on the computer's turn,
        IllegalMoveError (from the rules) for a move that is not legal."""
        if not self.human_to_move():
            raise MatchError("the game is over" if self.over else f"it is the computer's turn, not {move}")
        self._push(move)
        return self.game.moves[-1]

    def _push(self, move):
        self.game.push(move)
        self._changed(MOVE)

    def update(self, dt=0.0):
        """Drive the computer, once a frame (``dt``: seconds since the last call): start its
        search when it is to move, collect the answer, play it once its pace allows.
        Returns the computer's Move once it has been played, else None."""
        computer = self.computer
        if self.over:
            self._drop()
            return None
        level = self.level_of(self.game.turn)
        if level is None or computer.failed:
            return None  # a person's turn, or an engine problem waiting for retry()
        if computer.thinking or self._held is not None:
            self._waited += dt
            if self._held is None:
                self._held = computer.poll(self.game.position)
            move = self._held
            if move is None or (self._waited < self.pace and not self._hurry):
                return None
            try:
                self._push(move)
            except IllegalMoveError as e:  # cannot happen: poll checked it; never play another move
                computer._fail(e)
                return None
            return move
        if self.paused and self.steps <= 0:
            return None
        if self.paused:
            self.steps -= 1
        self._waited, self._hurry = 0.0, False
        computer.start(self.game, level)
        return None

    def _drop(self):
        """Forget the computer's search and any move held back."""
        self._held = None
        self.computer.cancel()

    @property
    def thinking(self):
        """The computer is working on its move (searching, or holding it back for its pace)."""
        return self.computer.thinking or self._held is not None

    def move_now(self):
        """M: the computer moves now; after an engine problem, the engine is asked again."""
        if self.computer.failed:
            self.retry()
            return
        self._hurry = True  # a move already held back is played at once
        self.computer.move_now()

    def retry(self):
        """Ask the engine again after a failure (the next ``update`` starts the search)."""
        self.computer.retry()

    # -- watch mode ---------------------------------------------------------------------

    def pause(self):
        """The computer stops (its search is forgotten) and waits for resume() or step()."""
        self.paused = True
        self.steps = 0
        self._drop()

    def resume(self):
        self.paused = False
        self.steps = 0

    def toggle_pause(self):
        self.resume() if self.paused else self.pause()

    def step(self):
        """While paused, let the computer play one move; False when nothing can be stepped now."""
        if self.over or not self.computer_to_move():
            return False
        self.paused = True
        if self.thinking:
            return False  # that move is already coming
        self.steps = 1
        return True

    # -- undo, redo, resign ---------------------------------------------------------

    @property
    def can_undo(self):
        return self.game.can_undo

    @property
    def can_redo(self):
        """A move to play again -- never once the game is over."""
        return self.game.can_redo and not self.over

    def undo(self):
        """Take back a move; against the computer its reply and your move, back to your turn.
        In watch mode the match pauses.  Returns how many moves were taken back."""
        if not self.can_undo:
            return 0
        self._drop()
        taken = 1 if self.game.undo() is not None else 0
        if self.mode == "1p":
            while self.game.moves and not self.is_human(self.game.turn):
                self.game.undo()
                taken += 1
        elif self.mode == "watch":
            self.pause()
        self._changed(UNDO)
        return taken

    def redo(self):
        """Play again what was taken back (against the computer up to your turn); never once the
        game is over.  Returns how many moves were played again."""
        if not self.can_redo:
            return 0
        self._drop()
        done = 1 if self.game.redo() is not None else 0
        if self.mode == "1p":
            while self.can_redo and not self.is_human(self.game.turn):
                if self.game.redo() is None:
                    break  # nothing was redone: never loop on it
                done += 1
        elif self.mode == "watch":
            self.pause()
        if done:
            self._changed(REDO)
        return done

    def resigner(self):
        """Who would resign now: the one person against the computer, the side to move between
        two people; None in watch mode or once the game is over."""
        if self.over:
            return None
        humans = self.humans()
        if len(humans) == 1:
            return humans[0]
        return self.game.turn if humans else None

    def resign(self, colour=None):
        """``colour`` (default ``resigner()``) gives up; False if nobody can resign now."""
        loser = self.resigner() if colour is None else colour
        if loser is None or self.over:
            return False
        self._drop()
        self.game.resign(loser)
        self._changed(RESIGN)
        return True

    def can_offer_draw(self):
        """A draw may be offered between two people, once the game is under way and not over."""
        return self.mode == "2p" and not self.over and bool(self.game.moves)

    def agree_draw(self):
        """The players agree to a draw (the screen asked the other player); False if it cannot be."""
        if not self.can_offer_draw():
            return False
        self._drop()
        self.game.agree_draw()
        self._changed(DRAW)
        return True

    # -- saving ------------------------------------------------------------------------

    def record(self):
        """The plain record to save (autosave, archive, PDN tags): players, start, moves, rule, result."""
        outcome = self.outcome
        return MatchRecord(self.game.start.fen(), tuple(str(m) for m in self.game.moves), self.game.draw_rule.name,
                           players_to_keys(self.players), outcome.result() if outcome else None,
                           str(outcome) if outcome else None, self.game_id)

    def close(self):
        """Forget the search under way (the engine client belongs to whoever made it)."""
        self._drop()
        self._listeners.clear()


def _no_engine():
    raise RuntimeError("no engine was given to this match")
