"""One online game on the server: the authority over its moves, clocks, draw offers and outcome.

Pure, like the clocks it runs: no socket and no wall clock.  Every call that
needs the time takes ``now`` (seconds on the server's monotonic scale), so a
test steps time exactly.  Each refusal is a ``RoomError`` whose text is one line
for the player.

- Two seats, each with a secret token (``secrets.token_urlsafe``); whoever holds a
  seat's token plays that seat, nobody else does, and an observer holds none.
- Every move is checked with ``game.rules`` (the mover's turn, the game's current
  ply, legality).  The clocks (``game.controller.clock``) start when both seats
  are taken and stop at the end; a side whose time runs out loses on time.
- A draw offer stands until the other player accepts or declines it, or moves
  (a move declines it); a player offers at most once a move.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, field
from typing import Callable, TypedDict, TypeVar

from ..controller.clock import Clock, TimeControl, parse_time_control
from ..rules import BLACK, WHITE, Game, Move, Outcome, opponent
from .protocol import CODE_ALPHABET, CODE_LENGTH

__all__ = ["MAX_PLIES", "Room", "RoomError", "SIDES", "new_code", "new_token"]

SIDES = ("black", "white")
S = TypeVar("S")
T = TypeVar("T")
MAX_PLIES = 1000   # a game this long is drawn by the no-progress rule long before; the state stays small


class RoomError(ValueError):
    """A request the game refuses: one line for the player."""


def new_code() -> str:
    """A short game code to read out: six letters and digits that cannot be mistaken for others."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A seat's secret: 128 random bits, URL-safe text."""
    return secrets.token_urlsafe(16)


class OutcomeState(TypedDict):
    result: str
    winner: str | None
    termination: str
    words: str


def outcome_state(outcome: Outcome) -> OutcomeState:
    return {"result": outcome.result(), "winner": None if outcome.winner is None else SIDES[outcome.winner],
            "termination": outcome.termination, "words": outcome.words}


@dataclass
class Room:
    """A game: ``code``, its time ``control`` (None: untimed), the draw rule, the two seats."""

    code: str
    control: TimeControl | None
    draw_rule: str = "official"
    started: str = ""                    # when it was created, UTC "20261129-002815": the game's id in libraries
    names: dict[int, str | None] = field(default_factory=lambda: {BLACK: None, WHITE: None})
    tokens: dict[int, str | None] = field(default_factory=lambda: {BLACK: None, WHITE: None})
    game: Game = field(init=False)
    clock: Clock | None = field(init=False)
    move_clocks: list[float | None] = field(default_factory=list)   # the mover's time left after each move
    draw_offer: int | None = None        # the side whose offer stands
    offered_at: dict[int, int] = field(default_factory=dict)   # side -> the ply of its last offer
    # the rules' outcome, asked again only once the game has changed (it is read several times a move,
    # and each time the rules look for moves and count repetitions over the whole game)
    _outcome_ply: int = field(default=-1, init=False, repr=False)
    _outcome: Outcome | None = field(default=None, init=False, repr=False)
    # the moves and their clocks as the state message says them, grown a move at a time (a room never undoes)
    _paths: list[list[int]] = field(default_factory=list, init=False, repr=False)
    _clocks: list[float | None] = field(default_factory=list, init=False, repr=False)

    def __post_init__(self) -> None:
        self.game = Game(draw_rule=self.draw_rule)
        self.clock = Clock(self.control) if self.control is not None else None

    @classmethod
    def create(cls, code: str, control_text: str, draw_rule: str, started: str = "") -> Room:
        """A new game created at ``started``; RoomError for a time control the game does not play."""
        try:
            control = parse_time_control(control_text)
        except ValueError as e:
            raise RoomError(str(e)) from None
        return cls(code, control, draw_rule, started)

    # -- seats --------------------------------------------------------------------------

    def seat_of(self, token: str) -> int | None:
        """The side whose token is ``token`` (compared in constant time), else None."""
        found = None
        for side in (BLACK, WHITE):
            kept = self.tokens[side]
            if kept is not None and hmac.compare_digest(kept.encode(), token.encode()):
                found = side
        return found

    def take_seat(self, side: int, name: str, now: float, token: str | None = None) -> str:
        """``side``'s seat for ``name``: its token.  The clocks start once both seats are taken."""
        if self.tokens[side] is not None:
            raise RoomError(f"{SIDES[side]}'s seat is taken")
        self.tokens[side] = token or new_token()
        self.names[side] = name.strip() or "Guest"
        if self.full and self.clock is not None and self.outcome is None:
            self.clock.resume(now)
        return self.tokens[side] or ""

    def free_side(self) -> int | None:
        for side in (BLACK, WHITE):
            if self.tokens[side] is None:
                return side
        return None

    @property
    def full(self) -> bool:
        return self.tokens[BLACK] is not None and self.tokens[WHITE] is not None

    # -- play ---------------------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        if self._outcome_ply != self.game.ply:
            self._outcome_ply, self._outcome = self.game.ply, self.game.outcome
        return self._outcome

    def ended(self) -> None:
        """The game has ended without a move (resigned, agreed, lost on time): its outcome is asked again.
        Whoever ends ``game`` other than by a move calls this (the room's own methods, ``keep``)."""
        self._outcome_ply = -1

    def _ready(self, side: int, ply: int | None, now: float) -> None:
        self.check_flag(now)
        if self.outcome is not None:
            raise RoomError(f"the game is over: {self.outcome}")
        if ply is not None and ply != self.game.ply:
            raise RoomError(f"stale: that was about move {ply}, the game is at move {self.game.ply}")

    def play(self, side: int, ply: int, path: tuple[int, ...], now: float) -> Move:
        """``side`` plays ``path`` at ``ply``; the move, or RoomError saying why not."""
        self._ready(side, ply, now)
        if not self.full:
            raise RoomError("wait for your opponent to join")
        if side != self.game.turn:
            raise RoomError("it is not your turn")
        try:
            move = Move(path)
        except ValueError:
            raise RoomError(f"{'-'.join(map(str, path))} is not a move") from None
        if move not in self.game.legal_moves():
            raise RoomError(f"{move} is not legal here")
        if self.game.ply >= MAX_PLIES:
            raise RoomError("the game is too long to go on")
        self.game.push(move)
        left = self.clock.press(now) if self.clock is not None else None
        self.move_clocks.append(left)
        if self.draw_offer is not None and self.draw_offer != side:
            self.draw_offer = None   # moving declines the opponent's offer
        self._maybe_end(now)
        return move

    def offer_draw(self, side: int, ply: int, now: float) -> None:
        self._ready(side, ply, now)
        if self.draw_offer is not None:
            raise RoomError("a draw offer already stands" if self.draw_offer == side
                            else "your opponent offers a draw: accept or decline it")
        if self.offered_at.get(side) == ply:
            raise RoomError("you offered a draw at this move already")
        self.offered_at[side] = ply
        self.draw_offer = side

    def accept_draw(self, side: int, ply: int, now: float) -> None:
        self._ready(side, ply, now)
        if self.draw_offer != opponent(side):
            raise RoomError("there is no draw offer to accept")
        self.game.agree_draw()
        self.ended()
        self._maybe_end(now)

    def decline_draw(self, side: int, ply: int, now: float) -> None:
        self._ready(side, ply, now)
        if self.draw_offer != opponent(side):
            raise RoomError("there is no draw offer to decline")
        self.draw_offer = None

    def resign(self, side: int, now: float) -> None:
        self._ready(side, None, now)
        self.game.resign(side)
        self.ended()
        self._maybe_end(now)

    def check_flag(self, now: float) -> bool:
        """Whether a side's time has run out at ``now`` (the game then ends, lost on time)."""
        if self.clock is None or not self.clock.running or self.outcome is not None:
            return False
        flagged = self.clock.flagged(now)
        if flagged is None:
            return False
        self.clock.pause(now)
        self.clock.left[flagged] = 0.0
        self.game.lose_on_time(flagged)
        self.ended()
        self._maybe_end(now)
        return True

    def _maybe_end(self, now: float) -> None:
        if self.outcome is not None:
            self.draw_offer = None
            if self.clock is not None:
                self.clock.pause(now)

    def flag_due(self, now: float) -> float | None:
        """Seconds from ``now`` until the running clock runs out, None when none runs."""
        if self.clock is None or not self.clock.running or self.outcome is not None:
            return None
        return max(0.0, float(self.clock.remaining(self.clock.turn, now)))

    # -- what the players see -----------------------------------------------------------

    @staticmethod
    def _grown(said: list[T], source: list[S], say: Callable[[S], T]) -> list[T]:
        """``said`` (each of ``source`` as ``say`` says it) with the items ``source`` has gained since."""
        if len(said) > len(source):   # (never, as a room never undoes: said again from the start)
            del said[:]
        said.extend(say(item) for item in source[len(said):])
        return said

    def snapshot(self, now: float, present: dict[int, bool]) -> dict[str, object]:
        """The whole game as the ``state`` message's fields."""
        clocks: dict[str, object] | None = None
        if self.clock is not None:
            clocks = {"control": str(self.clock.control), "running": self.clock.running,
                      "black": round(self.clock.remaining(BLACK, now), 3),
                      "white": round(self.clock.remaining(WHITE, now), 3)}
        outcome = self.outcome
        return {
            "game": self.code, "started": self.started, "draw_rule": self.draw_rule,
            "moves": list(self._grown(self._paths, self.game.moves, lambda m: list(m.path))),
            "move_clocks": list(self._grown(self._clocks, self.move_clocks,
                                            lambda s: None if s is None else round(s, 3))),
            "clocks": clocks,
            "names": {SIDES[s]: self.names[s] for s in (BLACK, WHITE)},
            "present": {SIDES[s]: present.get(s, False) for s in (BLACK, WHITE)},
            "draw_offer": None if self.draw_offer is None else SIDES[self.draw_offer],
            "outcome": None if outcome is None else outcome_state(outcome),
        }
