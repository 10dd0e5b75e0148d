"""What a client knows of an online game: the server's last ``state``, read with care.

``GameView.update(fields, now)`` reads a ``state`` message's fields (a bad one
raises ``ProtocolError``, one line) into the game (each move played again through
``game.rules``, so a client never shows a position the rules do not allow), the
clocks as of ``now`` (the client's monotonic time when the state arrived),
the names, who is connected, a standing draw offer and the outcome.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..controller.clock import TimeControl, parse_time_control, pdn_clock
from ..rules import BLACK, WHITE, Game, Move
from .protocol import MAX_NAME, ProtocolError
from .room import SIDES

__all__ = ["GameView"]


def _side(value: object, what: str) -> int | None:
    if value is None:
        return None
    if value not in SIDES:
        raise ProtocolError(f"{what} is black, white or none, not {str(value)[:20]!r}")
    assert isinstance(value, str)
    return SIDES.index(value)


def _seconds(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ProtocolError(f"{what} is a number of seconds")
    return float(value)


@dataclass
class GameView:
    code: str = ""
    started: str = ""                    # the server's "20261129-002815" (UTC) when the game was created
    game: Game = field(default_factory=Game)
    control: TimeControl | None = None
    left: dict[int, float] = field(default_factory=lambda: {BLACK: 0.0, WHITE: 0.0})
    running: bool = False
    at: float = 0.0                      # the client's time when ``left`` was true
    move_clocks: list[float | None] = field(default_factory=list)
    names: dict[int, str] = field(default_factory=lambda: {BLACK: "", WHITE: ""})
    present: dict[int, bool] = field(default_factory=lambda: {BLACK: False, WHITE: False})
    draw_offer: int | None = None
    outcome_words: str | None = None
    result: str | None = None
    termination: str | None = None
    loser: int | None = None
    seen: bool = False                   # a state has arrived

    def update(self, fields: dict[str, object], now: float) -> None:
        """Read a ``state`` message's ``fields``; ProtocolError (nothing changed) if they cannot be used."""
        moves = fields.get("moves")
        if not isinstance(moves, list):
            raise ProtocolError("a state's moves are a list")
        draw_rule = fields.get("draw_rule")
        draw_rule = draw_rule if draw_rule in ("official", "csci561") else "official"
        game = self.game if self.game.draw_rule.name == draw_rule else Game(draw_rule=str(draw_rule))
        known = [list(m.path) for m in game.moves]
        if moves[:len(known)] != known:
            game = Game(draw_rule=str(draw_rule))
            known = []
        game = game.copy()
        try:
            for path in moves[len(known):]:
                if not isinstance(path, list) or not all(isinstance(s, int) for s in path):
                    raise ProtocolError("a move is a list of squares")
                game.push(Move(path))
        except ValueError as e:
            raise ProtocolError(f"the server sent a move the rules refuse: {str(e)[:80]}") from None
        outcome = fields.get("outcome")
        loser = None
        if outcome is not None:
            if not isinstance(outcome, dict):
                raise ProtocolError("an outcome is an object")
            winner = _side(outcome.get("winner"), "the winner")
            termination = outcome.get("termination")
            loser = None if winner is None else 1 - winner
            if termination == "resignation" and loser is not None:
                game.resign(loser)
            elif termination == "time_forfeit" and loser is not None:
                game.lose_on_time(loser)
            elif termination == "agreement":
                game.agree_draw()
        clocks = fields.get("clocks")
        control, left, running = None, dict(self.left), False
        if clocks is not None:
            if not isinstance(clocks, dict):
                raise ProtocolError("the clocks are an object")
            try:
                control = parse_time_control(clocks.get("control"))
            except ValueError as e:
                raise ProtocolError(str(e)) from None
            left = {side: _seconds(clocks.get(SIDES[side]), "a clock") for side in (BLACK, WHITE)}
            running = clocks.get("running") is True
        raw_clocks = fields.get("move_clocks")
        move_clocks = [None if v is None else _seconds(v, "a move's clock") for v in raw_clocks] \
            if isinstance(raw_clocks, list) else []
        names, present = fields.get("names"), fields.get("present")
        self.code = str(fields.get("game", ""))[:8]
        self.started = str(fields.get("started", ""))[:15]
        self.game, self.control, self.left, self.running, self.at = game, control, left, running, now
        self.move_clocks = move_clocks[:game.ply]
        self.names = {s: (str(names.get(SIDES[s]) or "") if isinstance(names, dict) else "")[:MAX_NAME]
                      for s in (BLACK, WHITE)}
        self.present = {s: bool(present.get(SIDES[s])) if isinstance(present, dict) else False
                        for s in (BLACK, WHITE)}
        self.draw_offer = _side(fields.get("draw_offer"), "a draw offer")
        self.loser = loser
        self.outcome_words = str(outcome.get("words", ""))[:120] if isinstance(outcome, dict) else None
        self.result = str(outcome.get("result", ""))[:8] if isinstance(outcome, dict) else None
        self.termination = str(outcome.get("termination", ""))[:20] if isinstance(outcome, dict) else None
        self.seen = True

    def remaining(self, side: int, now: float) -> float:
        """``side``'s time left at ``now`` (the running clock counts down between states)."""
        left = self.left[side]
        if self.running and side == self.game.turn and self.game.outcome is None:
            left -= max(0.0, now - self.at)
        return max(0.0, left)

    @property
    def over(self) -> bool:
        return self.outcome_words is not None

    def clock_comments(self) -> dict[int, str]:
        """``{ply: "[%clock 0:02:41]"}``: each move's clock, as the library's PDN writes them."""
        return {ply: pdn_clock(s) for ply, s in enumerate(self.move_clocks, 1) if s is not None}
