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
change of the game ("move", "undo", "redo", "resign", "draw", "flag") -- or by
watching ``version``, which grows by one with each such change.

With a time control (``time_control``, or ``clocks`` going on from a record)
each side has a clock (``clocks``, a ``clock.Clock``): the side to move's runs
while ``tick_clock(live)`` is told the game is live (no dialog, the window not
minimised) and the match is not paused; a move adds the increment; a side whose
time runs out loses (``rules`` outcome ``TIME_FORFEIT``); the computer spends on
each move what its clock allows (``clock.move_budget``).  Undo takes back moves,
never time.
"""

from __future__ import annotations

import time

from ..rules import BLACK, WHITE, Game, IllegalMoveError, Position
from ..rules.game import RESIGNATION, TIME_FORFEIT
from ..store.gamefile import clean_name, person_name
from .clock import Clock, move_budget
from .computer import ComputerTurn
from .keeper import GameKeeper
from .players import COLOUR_KEYS, humans_of, mode_of, players_from_keys, players_to_keys
from .record import MatchRecord

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from pathlib import Path
    from typing import Any

    from ..engine.levels import Level
    from ..rules import Move, Outcome
    from .clock import Comments
    from .computer import Engine
    from .players import Players

    Listener = Callable[["Match", str], object]

MOVE, UNDO, REDO, RESIGN, DRAW, FLAG = "move", "undo", "redo", "resign", "draw", "flag"


class MatchError(ValueError):
    """A request the match refuses (a person's move on the computer's turn)."""


def game_up_to(game: Game, ply: int) -> Game:
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
    "Move now" plays it at once.  clock: the monotonic seconds the computer's search and the
    game clocks are timed by.  time_control: a ``clock.TimeControl`` for a new game's clocks, or
    ``clocks`` (a ``clock.Clock``) and ``clock_moves`` (each move's mover's time left after it)
    going on from a record.
    """

    def __init__(self, players: Mapping[int, Level | None] | None = None, game: Game | None = None, *,
                 start: Position | None = None, draw_rule: str = "official", engine: Engine | None = None,
                 paused: bool = False, game_id: str | None = None, pace: float = 0.0,
                 clock: Callable[[], float] = time.monotonic, book: bool = True, time_control: Any = None,
                 clocks: Clock | None = None, clock_moves: Any = (), names: Mapping[int, str] | None = None) -> None:
        self.players: Players = dict(players or {BLACK: None, WHITE: None})
        for colour in (BLACK, WHITE):
            self.players.setdefault(colour, None)
        # the names the people gave, by colour (a computer side's is left out): in the record and its tags
        self.names: dict[int, str] = {c: n for c, name in (names or {}).items()
                                      if c in (BLACK, WHITE) and self.players[c] is None and (n := clean_name(name))}
        self.game = game if game is not None else Game(start, draw_rule)
        self.computer = ComputerTurn(engine if engine is not None else _no_engine, clock, book)
        self.paused = paused
        self.steps = 0          # computer moves allowed while paused (Step)
        self.version = 0        # grows by one with every change of the game
        self.game_id = game_id
        self.keeper = GameKeeper()  # the game's one way to disk (kept after each change, archived at the end)
        self.pace = pace
        self._held: Move | None = None  # the computer's move, arrived before its pace allows it
        self._waited = 0.0      # seconds of play since the computer's turn began
        self._hurry = False     # Move now: play the held move at once
        self._listeners: list[Listener] = []
        self.now = clock
        if clocks is None and time_control is not None:
            clocks = Clock(time_control, turn=self.game.turn)
        if clocks is not None:
            clocks.pause(clock())  # they run once the screen says the game is live (tick_clock)
            clocks.turn = self.game.turn
        self.clocks = clocks
        self.clock_problem: str | None = None  # why a game going on from a record has no clocks (continue_from)
        moves = list(clock_moves)[:self.game.ply]
        # each move's clock: the mover's seconds left after it (None where not known)
        self.clock_moves: list[float | None] = moves + [None] * (self.game.ply - len(moves))

    @classmethod
    def from_record(cls, record: MatchRecord, engine: Engine | None = None,
                    **kwargs: Any) -> tuple[Match, str | None]:
        """``(match, error)`` from a MatchRecord: the moves that replay (``error`` names the first
        that does not, else None), with the record's own players and levels."""
        from ..store.replay import replay

        game, error = replay(Position.from_fen(record.start), list(record.moves), record.draw_rule)
        kwargs.setdefault("game_id", record.game_id)
        if record.clock is not None and "clocks" not in kwargs:
            from .clock import ClockError, clocks_from_record

            try:
                kwargs["clocks"], kwargs["clock_moves"] = clocks_from_record(record.clock)
            except ClockError as e:  # a record edited by hand: the game goes on without clocks
                error = error or f"the clocks were not kept ({e})"
        kwargs.setdefault("names", {c: record.names[k] for c, k in ((BLACK, "black"), (WHITE, "white"))
                                    if k in record.names})
        return cls(players_from_keys(record.players), game, engine=engine, **kwargs), error

    @classmethod
    def continue_from(cls, game: Game, ply: int, players: Mapping[int, Level | None], engine: Engine | None = None,
                      *, tags: Mapping[str, str] | None = None, comments: Comments = None, **kwargs: Any) -> Match:
        """A match going on from ``game`` after its first ``ply`` moves (review's "continue from
        here", the library's continue): the moves before stay, so repetitions still count.  MatchError
        if the game is already over there.

        With ``tags`` (the record's PDN tags) and ``comments`` (its comments: the reader's ``(ply, text)``
        pairs, the writer's ``{ply: text}`` or ``{ply: seconds}``), a record with a ``[TimeControl]`` goes
        on with its clocks as they stood there (``clock.clocks_from_pdn``); one whose time control or
        clocks cannot be read goes on without, and ``clock_problem`` says why in one line."""
        g = game_up_to(game, ply)
        if g.outcome is not None:
            raise MatchError(f"the game is over here: {g.outcome}")
        problem = None
        if tags is not None and "clocks" not in kwargs:
            from .clock import match_clocks_from_pdn

            clocks, problem = match_clocks_from_pdn(tags, comments, g.ply, g.turn)
            kwargs.update(clocks)
        match = cls(players, g, engine=engine, **kwargs)
        match.clock_problem = problem
        return match

    # -- listeners ---------------------------------------------------------------

    def add_listener(self, fn: Listener) -> Listener:
        """Call ``fn(match, change)`` after every change of the game; returns ``fn``."""
        self._listeners.append(fn)
        return fn

    def remove_listener(self, fn: Listener) -> None:
        if fn in self._listeners:
            self._listeners.remove(fn)

    def _changed(self, change: str) -> None:
        self._held = None
        self.version += 1
        self.keeper.changed(self.game, self.record())  # kept on disk first, then the screens hear of it
        for fn in list(self._listeners):
            fn(self, change)

    # -- who plays ---------------------------------------------------------------

    @property
    def mode(self) -> str:
        return mode_of(self.players)

    def humans(self) -> list[int]:
        return humans_of(self.players)

    def is_human(self, colour: int) -> bool:
        return self.players.get(colour) is None

    def person_name(self, colour: int) -> str | None:
        """What a person playing ``colour`` is called: the name they gave, else "You" against the computer,
        "Player 1" (Red) or "Player 2" between two people; None for a computer side."""
        if not self.is_human(colour):
            return None
        keys = [COLOUR_KEYS[c] for c in self.humans()]
        return self.names.get(colour) or person_name(COLOUR_KEYS[colour], keys)

    def level_of(self, colour: int) -> Level | None:
        """The computer's Level for ``colour`` (None for a person)."""
        return self.players.get(colour)

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome

    @property
    def over(self) -> bool:
        return self.game.outcome is not None

    def human_to_move(self) -> bool:
        return not self.over and self.is_human(self.game.turn)

    def computer_to_move(self) -> bool:
        return not self.over and not self.is_human(self.game.turn)

    @property
    def engine_problem(self) -> str | None:
        """Why the computer cannot move (shown with "press M to try again"), or None."""
        return self.computer.failed if self.computer_to_move() else None

    # -- moves ---------------------------------------------------------------------

    def play(self, move: Move) -> Move:
        """Play a person's move; returns the Move played.  MatchError on the computer's turn,
        IllegalMoveError (from the rules) for a move that is not legal."""
        if not self.human_to_move():
            raise MatchError("the game is over" if self.over else f"it is the computer's turn, not {move}")
        if self._time_is_up():
            raise MatchError(str(self.outcome))
        self._push(move)
        return self.game.moves[-1]

    def _push(self, move: Move) -> None:
        self.game.push(move)
        if self.clocks is not None:
            del self.clock_moves[self.game.ply - 1:]
            self.clock_moves.append(self.clocks.press(self.now()))
        self._changed(MOVE)

    # -- clocks --------------------------------------------------------------------

    def tick_clock(self, live: bool = True) -> int | None:
        """Once a frame: the side to move's clock runs while ``live`` (no dialog over the game, the window
        shown) and the match is not paused, its move not already arrived, no engine problem waiting; a
        side whose time ran out loses.  Returns the colour that lost on time now, else None."""
        clocks = self.clocks
        if clocks is None:
            return None
        now = self.now()
        if self.over:
            clocks.pause(now)
            return None
        waiting = self._held is not None or (self.computer_to_move() and self.computer.failed is not None)
        clocks.set_running(live and not self.paused and not waiting, now)
        loser = clocks.flagged(now)
        if loser is not None:
            self._lose_on_time(loser)
        return loser

    def use_time(self, now: Callable[[], float]) -> None:
        """Time the computer's search and the clocks by ``now`` (a function giving seconds) from here on:
        a window driven a frame at a time in tests counts its frames' time, not the wall clock's."""
        if self.clocks is not None:
            self.clocks.pause(self.now())
        self.now = self.computer.clock = now

    def clock_left(self, colour: int) -> float | None:
        """Seconds ``colour`` has left now (None without clocks)."""
        return None if self.clocks is None else max(0.0, self.clocks.remaining(colour, self.now()))

    def _lose_on_time(self, colour: int) -> None:
        self._drop()
        assert self.clocks is not None  # only a match with clocks loses on time
        self.clocks.pause(self.now())
        self.clocks.left[colour] = 0.0
        self.game.lose_on_time(colour)
        self._changed(FLAG)

    def _time_is_up(self) -> bool:
        """Has the side to move's time run out (it loses now)?"""
        if self.clocks is None or self.over:
            return False
        loser = self.clocks.flagged(self.now())
        if loser is not None:
            self._lose_on_time(loser)
        return loser is not None

    def lost_on_time(self) -> bool:
        outcome = self.outcome
        return outcome is not None and outcome.termination == TIME_FORFEIT

    def final(self) -> bool:
        """Is the game over for good: resigned or lost on time?  Undo does not take that back (a finished game
        is in the player's record as soon as it ends; an agreed draw, which both sides chose, undo can)."""
        outcome = self.outcome
        return outcome is not None and outcome.termination in (RESIGNATION, TIME_FORFEIT)

    def update(self, dt: float = 0.0) -> Move | None:
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
            if self._time_is_up():
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
        computer.start(self.game, level, self.move_budget())
        return None

    def move_budget(self) -> float | None:
        """The seconds the computer's clock gives its move now (None without clocks)."""
        if self.clocks is None:
            return None
        return move_budget(self.clocks.remaining(self.game.turn, self.now()), self.clocks.control.increment,
                           self.game.ply)

    def _drop(self) -> None:
        """Forget the computer's search and any move held back."""
        self._held = None
        self.computer.cancel()

    @property
    def thinking(self) -> bool:
        """The computer is working on its move (searching, or holding it back for its pace)."""
        return self.computer.thinking or self._held is not None

    def move_now(self) -> None:
        """M: the computer moves now; after an engine problem, the engine is asked again."""
        if self.computer.failed:
            self.retry()
            return
        self._hurry = True  # a move already held back is played at once
        self.computer.move_now()

    def retry(self) -> None:
        """Ask the engine again after a failure (the next ``update`` starts the search)."""
        self.computer.retry()

    # -- watch mode ---------------------------------------------------------------------

    def pause(self) -> None:
        """The computer stops (its search is forgotten) and waits for resume() or step()."""
        self.paused = True
        self.steps = 0
        self._drop()

    def resume(self) -> None:
        self.paused = False
        self.steps = 0

    def toggle_pause(self) -> None:
        if self.paused:
            self.resume()
        else:
            self.pause()

    def step(self) -> bool:
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
    def can_undo(self) -> bool:
        """A move (or an agreed draw) to take back; never a resignation or a loss on time (``final``)."""
        return self.game.can_undo and not self.final()

    @property
    def can_redo(self) -> bool:
        """A move to play again -- never once the game is over."""
        return self.game.can_redo and not self.over

    def undo(self) -> int:
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
        self._clocks_follow()
        self._changed(UNDO)
        return taken

    def redo(self) -> int:
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
            self._clocks_follow()
            self._changed(REDO)
        return done

    def _clocks_follow(self) -> None:
        """After an undo or a redo: the side to move's clock runs; the moves taken back lose their clock,
        the moves played again get their mover's time now (no time is given back or added)."""
        if self.clocks is None:
            return
        now = self.now()
        self.clocks.switch_to(self.game.turn, now)
        del self.clock_moves[self.game.ply:]
        while len(self.clock_moves) < self.game.ply:
            mover = self.game.positions[len(self.clock_moves)].turn
            self.clock_moves.append(max(0.0, self.clocks.remaining(mover, now)))

    def resigner(self) -> int | None:
        """Who would resign now: the one person against the computer, the side to move between
        two people; None in watch mode or once the game is over."""
        if self.over:
            return None
        humans = self.humans()
        if len(humans) == 1:
            return humans[0]
        return self.game.turn if humans else None

    def resign(self, colour: int | None = None) -> bool:
        """``colour`` (default ``resigner()``) gives up; False if nobody can resign now."""
        loser = self.resigner() if colour is None else colour
        if loser is None or self.over:
            return False
        self._drop()
        self.game.resign(loser)
        self._changed(RESIGN)
        return True

    def can_offer_draw(self) -> bool:
        """A draw may be offered between two people, once the game is under way and not over."""
        return self.mode == "2p" and not self.over and bool(self.game.moves)

    def agree_draw(self) -> bool:
        """The players agree to a draw (the screen asked the other player); False if it cannot be."""
        if not self.can_offer_draw():
            return False
        self._drop()
        self.game.agree_draw()
        self._changed(DRAW)
        return True

    # -- saving ------------------------------------------------------------------------

    def record(self) -> MatchRecord:
        """The plain record to save (autosave, archive, PDN tags): players, start, moves, rule, result."""
        outcome = self.outcome
        clock = None
        if self.clocks is not None:
            clock = dict(self.clocks.state(self.now()), moves=[None if s is None else round(s, 3)
                                                                for s in self.clock_moves])
        return MatchRecord(self.game.start.fen(), tuple(str(m) for m in self.game.moves), self.game.draw_rule.name,
                           players_to_keys(self.players), outcome.result() if outcome else None,
                           str(outcome) if outcome else None, self.game_id, clock,
                           {COLOUR_KEYS[c]: name for c, name in self.names.items()})

    def keep_on_disk(self, game_id: str | None, ephemeral: bool = False, stored: bool = False) -> str | None:
        """From now on the match keeps itself on disk after every change under ``game_id`` (a new id for a
        game the store does not hold yet; ``stored``: the store holds it already, as Continue opens it);
        ``ephemeral``: nowhere.  Kept at once if worth it.  The line to show when another window has the
        game open (it is then kept nowhere), else None."""
        self.game_id = game_id
        self.keeper.ephemeral = ephemeral
        self.keeper.on_disk = stored and not ephemeral
        refused = self.keeper.claim(game_id)
        self.keeper.keeping = not ephemeral
        self.keeper.changed(self.game, self.record())
        return refused

    def keep(self) -> str | None:
        """Keep the game on disk after a change (``GameKeeper.keep``); a line for the screen, or None."""
        return self.keeper.keep(self.game, self.record())

    def save(self) -> tuple[Path | None, str]:
        """Ctrl+S, or Save on the game-over card (``GameKeeper.save_now``): ``(path or None, line)``."""
        return self.keeper.save_now(self.game, self.record())

    def close(self) -> None:
        """Forget the search under way (the engine client belongs to whoever made it); let another window
        have the game."""
        self._drop()
        self._listeners.clear()
        self.keeper.release()


def _no_engine() -> Any:
    raise RuntimeError("no engine was given to this match")
