"""The server's games in SQLite, kept as they go, so a server killed outright resumes every game.

Each change is committed before anyone is told of it (the server's ``Writer``
commits the changes waiting in one transaction, off the loop): a move (its path
and the mover's clock) is a row of ``moves``; the seats, the clocks, a standing
draw offer and the outcome are the game's row of ``games``.  The database is in
WAL mode with ``synchronous=NORMAL``: a committed transaction survives the
server process being killed (SIGKILL), and only a crash of the whole machine
could lose the last ones.

On start ``load`` rebuilds every unfinished game (each move played again
through ``game.rules``) and the games finished within ``FINISHED_KEPT``
seconds (so a player who reconnects sees how it ended).  The clocks go on
from their times at the last change: the time the server was down is
charged to no one.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from pathlib import Path

from ..controller.clock import Clock
from ..rules import BLACK, WHITE, Move
from .room import SIDES, Room

__all__ = ["CHECKPOINT_EVERY", "FINISHED_KEPT", "Change", "Keep", "change", "write_changes"]

log = logging.getLogger(__name__)
FINISHED_KEPT = 3600.0
CHECKPOINT_EVERY = 5.0   # seconds between checkpoints of the write-ahead log

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    code TEXT PRIMARY KEY, control TEXT NOT NULL, draw_rule TEXT NOT NULL, started TEXT NOT NULL,
    black_name TEXT, white_name TEXT, black_token TEXT, white_token TEXT,
    clock TEXT, draw_offer TEXT, offered_at TEXT NOT NULL DEFAULT '{}',
    termination TEXT, loser TEXT, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS moves (
    code TEXT NOT NULL, ply INTEGER NOT NULL, path TEXT NOT NULL, clock REAL,
    PRIMARY KEY (code, ply)) WITHOUT ROWID;
"""


class Keep:
    """The games of one server in the SQLite file ``path``."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        # opened where the server is made, used on its event loop (a thread of its own in tests)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        # a checkpoint flushes the disk: it runs off the server's loop (``checkpoint``, from a thread), never
        # inside a move's commit, where a busy disk would hold every game for its flush
        self.db.execute("PRAGMA wal_autocheckpoint=0")
        self.db.executescript(_SCHEMA)

    def close(self) -> None:
        self.db.close()

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the database, on a connection of its own (call it from a thread:
        the server's loop goes on committing moves meanwhile)."""
        db = sqlite3.connect(self.path, isolation_level=None)
        try:
            db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    def save(self, room: Room, now: float, moved: bool = False) -> None:
        """Write ``room`` as it is at ``now`` (and its last move when ``moved``), in one transaction."""
        write_changes(self.db, [change(room, now, moved)])

    def has(self, code: str) -> bool:
        return self.db.execute("SELECT 1 FROM games WHERE code = ?", (code,)).fetchone() is not None

    def load(self, now: float) -> list[Room]:
        """Every unfinished game and those finished lately, rebuilt; a game that cannot be is logged and left."""
        rooms = []
        since = time.time() - FINISHED_KEPT
        rows = self.db.execute("SELECT * FROM games WHERE termination IS NULL OR updated >= ?", (since,)).fetchall()
        for row in rows:
            try:
                rooms.append(self._room(row, now))
            except (ValueError, KeyError, TypeError) as e:
                log.warning("game %s cannot be resumed: %s", row[0], e)
        return rooms

    def _room(self, row: tuple[object, ...], now: float) -> Room:
        (code, control, draw_rule, started, black_name, white_name, black_token, white_token, clock, draw_offer,
         offered_at, termination, loser, _updated) = row
        assert isinstance(code, str) and isinstance(control, str) and isinstance(draw_rule, str)
        room = Room.create(code, control, draw_rule, str(started))
        room.names = {BLACK: _text(black_name), WHITE: _text(white_name)}
        room.tokens = {BLACK: _text(black_token), WHITE: _text(white_token)}
        for path, left in self.db.execute("SELECT path, clock FROM moves WHERE code = ? ORDER BY ply", (code,)):
            room.game.push(Move(int(s) for s in path.split("-")))
            room.move_clocks.append(left)
        if isinstance(clock, str) and room.control is not None:
            data = json.loads(clock)
            room.clock = Clock(room.control, {BLACK: float(data["black"]), WHITE: float(data["white"])},
                               SIDES.index(data["turn"]))
        room.draw_offer = SIDES.index(draw_offer) if isinstance(draw_offer, str) else None
        assert isinstance(offered_at, str)
        room.offered_at = {SIDES.index(k): int(v) for k, v in json.loads(offered_at).items()}
        if termination == "resignation" and isinstance(loser, str):
            room.game.resign(SIDES.index(loser))
        elif termination == "time_forfeit" and isinstance(loser, str):
            room.game.lose_on_time(SIDES.index(loser))
        elif termination == "agreement":
            room.game.agree_draw()
        room.ended()
        if room.full and room.clock is not None and room.outcome is None:
            room.clock.resume(now)
        return room


Change = tuple[tuple[object, ...] | None, tuple[object, ...]]   # a move's row (or None), the game's row


def change(room: Room, now: float, moved: bool = False) -> Change:
    """The rows that write ``room`` as it is at ``now`` (and its last move when ``moved``): made on the
    server's loop at the moment of the change, written later (``Writer``) exactly as they were then."""
    clock = None
    if room.clock is not None:
        clock = json.dumps({"black": room.clock.remaining(BLACK, now), "white": room.clock.remaining(WHITE, now),
                            "turn": SIDES[room.clock.turn]})
    outcome = room.outcome
    loser = None
    if outcome is not None and outcome.winner is not None:
        loser = SIDES[1 - outcome.winner]
    game = (room.code, "off" if room.control is None else str(room.control), room.draw_rule, room.started,
            room.names[BLACK], room.names[WHITE], room.tokens[BLACK], room.tokens[WHITE], clock,
            None if room.draw_offer is None else SIDES[room.draw_offer],
            json.dumps({SIDES[s]: p for s, p in room.offered_at.items()}),
            None if outcome is None else outcome.termination, loser, time.time())
    move = None
    if moved:
        move = (room.code, room.game.ply, "-".join(map(str, room.game.moves[-1].path)), room.move_clocks[-1])
    return move, game


def write_changes(db: sqlite3.Connection, changes: list[Change]) -> None:
    """``changes`` in order, in one transaction (all or none)."""
    with db:
        db.execute("BEGIN")
        for move, game in changes:
            if move is not None:
                db.execute("INSERT OR REPLACE INTO moves VALUES (?, ?, ?, ?)", move)
            db.execute("INSERT OR REPLACE INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", game)


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None
