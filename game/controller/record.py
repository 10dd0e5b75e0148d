"""What a match saves: a plain record the store can write and read back.

A ``MatchRecord`` holds only strings, so it goes into JSON (the autosave,
a list of unfinished games, an archive of finished ones) or into PDN tags
unchanged: who played each side (``"human"`` or a level's spelling), the
start position (FEN), the moves as text, the draw rule and, once the game
is over, its result; with a time control, the clocks (``clock``: the control,
each side's seconds left, whose clock runs, each move's clock), which go into
PDN as a ``[TimeControl]`` tag and ``{[%clock 0:02:41]}`` comments.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..store.gamefile import clean_name, players_tags
from .players import COLOUR_KEYS, mode_of, players_from_keys


@dataclass(frozen=True)
class MatchRecord:
    start: str                                   # FEN of the start position
    moves: tuple[str, ...] = ()                            # "11-15", "9x18x27", ...
    draw_rule: str = "official"
    players: dict[str, str] = field(default_factory=lambda: {"black": "human", "white": "human"})
    result: str | None = None                    # "2-0", "0-2", "1-1", or None while the game goes on
    outcome: str | None = None                   # the outcome in words ("White has no pieces left")
    game_id: str | None = None                   # the store's id for this game (its unfinished record)
    clock: dict[str, Any] | None = None                    # the clocks (Clock.state with "moves"), None without
    names: dict[str, str] = field(default_factory=dict)    # the names people gave ({"black": "Ann"}), by side

    @property
    def finished(self) -> bool:
        return self.result is not None

    @property
    def mode(self) -> str:
        return mode_of(players_from_keys(self.players))

    def levels(self) -> dict[str, str]:
        """``{"white": "Expert"}``: the computer sides and their levels (the autosave's form)."""
        return {k: v for k, v in self.players.items() if v != "human"}

    def humans(self) -> list[str]:
        """``["black"]``: the sides a person plays (the autosave's form)."""
        return [k for k in COLOUR_KEYS if self.players.get(k, "human") == "human"]

    def player_names(self) -> dict[str, str]:
        """PDN player names: ``{"Black": "You", "White": "Computer (Master)"}`` (a name given, else "You", or
        "Player 1" and "Player 2" between two people)."""
        tags = self.pdn_tags()
        return {"Black": tags["Black"], "White": tags["White"]}

    def pdn_tags(self) -> dict[str, str]:
        """The tags a saved or archived game carries: players, their levels, the event, the time control."""
        tags = players_tags(self.levels(), self.humans(), self.mode, self.names)
        if self.clock is not None and isinstance(self.clock.get("control"), str):
            tags["TimeControl"] = self.clock["control"]
        return tags

    def clock_comments(self) -> dict[int, str]:
        """``{ply: "[%clock 0:02:41]"}``: each move's clock (the mover's time left after it), to write
        after the move in PDN; {} without clocks."""
        from .clock import pdn_clock

        moves = (self.clock or {}).get("moves") or []
        return {ply: pdn_clock(s) for ply, s in enumerate(moves, 1)
                if isinstance(s, (int, float)) and not isinstance(s, bool) and ply <= len(self.moves)}

    def store_extra(self) -> dict[str, Any]:
        """What the store keeps beside the moves in an unfinished game's record (``extra``): the clocks."""
        extra: dict[str, Any] = {} if self.clock is None else {"clock": self.clock}
        if self.names:
            extra["names"] = dict(self.names)
        return extra

    def to_json(self) -> dict[str, Any]:
        return {"start": self.start, "moves": list(self.moves), "draw_rule": self.draw_rule,
                "players": dict(self.players), "result": self.result, "outcome": self.outcome,
                "game_id": self.game_id, "clock": self.clock, "names": dict(self.names)}

    @classmethod
    def from_json(cls, data: object) -> MatchRecord:
        """A record from ``to_json``'s form; ValueError naming what is missing or of the wrong type."""
        if not isinstance(data, dict):
            raise ValueError(f"a match record is a JSON object, not {type(data).__name__}")
        start = data.get("start")
        moves = data.get("moves", [])
        players = data.get("players", {})
        if not isinstance(start, str):
            raise ValueError("a match record needs its start position (FEN)")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise ValueError("a match record's moves are a list of texts")
        if not isinstance(players, dict) or not all(isinstance(v, str) for v in players.values()):
            raise ValueError("a match record's players are texts")
        result, outcome, game_id = data.get("result"), data.get("outcome"), data.get("game_id")
        clock = data.get("clock")
        return cls(start, tuple(moves), str(data.get("draw_rule", "official")),
                   {k: players.get(k, "human") for k in COLOUR_KEYS},
                   result if isinstance(result, str) else None,
                   outcome if isinstance(outcome, str) else None,
                   game_id if isinstance(game_id, str) else None,
                   clock if isinstance(clock, dict) else None, names_from(data.get("names")))


def names_from(data: object) -> dict[str, str]:
    """The people's names kept with a record (``{"black": "Ann"}``): what cannot be read is left out."""
    if not isinstance(data, dict):
        return {}
    return {k: name for k in COLOUR_KEYS if (name := clean_name(data.get(k)))}


def review_tags(record: MatchRecord, game_id: str | None = None) -> dict[str, str]:
    """The tags a game shown in Review carries from play: players, levels, the event, when it started
    (Date, Time) and its id, so an annotated copy keeps them and is saved again in place."""
    import time

    from ..store.gamefile import started

    tags = dict(record.pdn_tags())
    gid = game_id or record.game_id
    when = started(gid) if gid else None
    if gid and when is not None:
        tags.update(Date=time.strftime("%Y.%m.%d", when), Time=time.strftime("%H:%M:%S", when), GameId=gid)
    return tags
