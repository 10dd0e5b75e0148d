"""The online server: websockets (asyncio), the authority over every game it holds.

Each connection says first what it is (``create``, ``join``, ``resume`` or
``watch``: see ``protocol``) and is then a seat of one game or an observer of
it.  Every request is checked (``protocol.read_client``, then the game's
``Room``), written to SQLite (``keep``, by the ``writer`` thread: the loop never
waits on the disk) before anyone hears of it, and answered to everyone in the
game with the whole ``state``.  A refusal is one line back
to the sender (``refused``); the connection goes on.

Bounds, so that no client can take the server down:

- messages: at most ``protocol.MAX_MESSAGE_BYTES`` read (a bigger one is refused),
  ``WIRE_MAX_BYTES`` on the wire (a bigger frame closes the connection, code 1009),
  ``max_queue`` frames waiting; no compression (its buffers cost memory a connection);
- connections: at most ``max_connections`` (then 1013, try again later); one that
  says nothing within ``hello_timeout`` is closed; pings every ``ping_interval`` close
  a half-open one within ``ping_timeout`` more; one that does not read its messages
  (its write buffer past ``max_write_buffer``) is dropped;
- rates: ``message_rate`` a second a connection (a flood is refused, a long one
  closed), unknown game codes and wrong tokens ``guess_rate`` a second an address
  (guessing codes is slow: past the burst the connection is closed), new games
  ``create_rate`` a second an address, at most ``max_games`` held.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import sqlite3
import ssl as ssl_module
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from ..rules import BLACK, WHITE
from .keep import CHECKPOINT_EVERY, Keep, change
from .limits import Bucket, Buckets
from .protocol import MAX_MESSAGE_BYTES, Message, ProtocolError, read_client, write
from .room import SIDES, Room, RoomError, new_code
from .writer import Writer

__all__ = ["Server", "Settings", "WIRE_MAX_BYTES", "run"]

log = logging.getLogger(__name__)
WIRE_MAX_BYTES = 4 * MAX_MESSAGE_BYTES   # past this the frame is not even read: the connection closes (1009)
FLOOD_CLOSE = 20                          # messages in a row over the rate limit before the connection closes


@dataclass(frozen=True)
class Settings:
    max_connections: int = 2000
    max_games: int = 5000
    max_watchers: int = 32          # observers of one game
    hello_timeout: float = 10.0
    ping_interval: float = 20.0
    ping_timeout: float = 20.0
    max_write_buffer: int = 1 << 18
    message_rate: float = 10.0
    message_burst: float = 30.0
    guess_rate: float = 0.2         # one unknown code or wrong token every 5 s an address ...
    guess_burst: float = 10.0       # ... after the first ten
    create_rate: float = 1.0
    create_burst: float = 20.0


@dataclass(eq=False)
class Conn:
    ws: ServerConnection
    address: str
    bucket: Bucket
    room: Room | None = None
    side: int | None = None         # None: an observer (or not in a game yet)
    floods: int = 0
    extra: dict[str, object] = field(default_factory=dict)


class Server:
    """The games of one process, kept in the SQLite file ``db``."""

    def __init__(self, db: str | Path, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        self.keep = Keep(db)
        self.rooms: dict[str, Room] = {}
        self.members: dict[str, set[Conn]] = {}
        self.connections: set[Conn] = set()
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.guesses = Buckets(self.settings.guess_rate, self.settings.guess_burst)
        self.creates = Buckets(self.settings.create_rate, self.settings.create_burst)
        self.loop: asyncio.AbstractEventLoop | None = None
        # the disk, off the loop: messages wait here (in order) until the changes made before them are committed
        self.writer: Writer | None = None
        self.saved = 0          # changes handed to the writer
        self.committed = 0      # changes on disk
        self.held: deque[tuple[int, Conn, str]] = deque()

    def now(self) -> float:
        assert self.loop is not None
        return self.loop.time()

    # -- running -------------------------------------------------------------------------

    async def serve(self, host: str, port: int, ssl: ssl_module.SSLContext | None = None,
                    ready: Callable[[int], None] | None = None, stop: asyncio.Future[None] | None = None) -> None:
        """Serve on ``host``:``port`` (0: any free port) until ``stop`` is done; ``ready(port)`` once listening."""
        self.loop = asyncio.get_running_loop()
        now = self.now()
        for room in self.keep.load(now):
            self.rooms[room.code] = room
            self.members[room.code] = set()
            self._schedule(room)
        loop = self.loop
        self.writer = Writer(self.keep.path, lambda n: _call_soon(loop, self._committed, n))
        s = self.settings
        async with serve(self.handler, host, port, ssl=ssl, max_size=WIRE_MAX_BYTES, max_queue=4,
                         compression=None, ping_interval=s.ping_interval, ping_timeout=s.ping_timeout,
                         close_timeout=2, open_timeout=s.hello_timeout) as server:
            bound = next(iter(server.sockets)).getsockname()[1]
            log.info("serving %d games on %s:%d", len(self.rooms), host, bound)
            if ready is not None:
                ready(bound)
            checkpoints = asyncio.create_task(self._checkpoints())
            await (stop if stop is not None else asyncio.get_running_loop().create_future())
            checkpoints.cancel()
        for timer in self.timers.values():
            timer.cancel()
        await asyncio.to_thread(self.writer.close)   # everything queued is written before the server stops
        self.writer = None
        self.keep.close()

    async def _checkpoints(self) -> None:
        while True:
            await asyncio.sleep(CHECKPOINT_EVERY)
            try:
                await asyncio.to_thread(self.keep.checkpoint)
            except sqlite3.Error as e:
                log.warning("checkpoint failed: %s", e)

    async def handler(self, ws: ServerConnection) -> None:
        s = self.settings
        if len(self.connections) >= s.max_connections:
            await ws.close(1013, "the server is full; try again later")
            return
        peer = ws.remote_address
        conn = Conn(ws, str(peer[0]) if isinstance(peer, tuple) else "?", Bucket(s.message_rate, s.message_burst))
        self.connections.add(conn)
        try:
            while True:
                if conn.room is None:
                    data = await asyncio.wait_for(ws.recv(), s.hello_timeout)
                else:
                    data = await ws.recv()
                if not self.handle(conn, data):
                    break
        except (ConnectionClosed, asyncio.TimeoutError):
            pass
        finally:
            self.connections.discard(conn)
            self._leave(conn)
            if ws.state.name != "CLOSED":
                await ws.close(1000, "goodbye")

    # -- one message ---------------------------------------------------------------------

    def handle(self, conn: Conn, data: str | bytes) -> bool:
        """Answer one message; False when the connection must close."""
        now = self.now()
        if not conn.bucket.take(now):
            conn.floods += 1
            if conn.floods >= FLOOD_CLOSE:
                self._close(conn, 1008, "too many messages")
                return False
            self._refuse(conn, "too many messages: slow down")
            return True
        conn.floods = 0
        try:
            message = read_client(data)
        except ProtocolError as e:
            self._refuse(conn, str(e))
            return True
        try:
            if message.type in ("create", "join", "resume", "watch"):
                return self._enter(conn, message, now)
            self._act(conn, message, now)
        except RoomError as e:
            self._refuse(conn, str(e), message.type)
        return True

    def _enter(self, conn: Conn, message: Message, now: float) -> bool:
        if conn.room is not None:
            raise RoomError(f"this connection is in game {conn.room.code} already")
        if message.type == "create":
            return self._create(conn, message, now)
        code = message.text("game")
        room = self.rooms.get(code)
        if room is None:
            return self._guessed(conn, f"no game {code} here", message.type, now)
        members = self.members[code]
        if message.type == "join":
            side = room.free_side()
            if side is None:
                raise RoomError(f"game {code} has two players already; you may watch it")
            token = room.take_seat(side, message.text("name"), now)
            self._save(room, now)
            self._attach(conn, room, side, token)
            self._schedule(room)
        elif message.type == "resume":
            found = room.seat_of(message.text("token"))
            if found is None:
                return self._guessed(conn, f"that is not a seat of game {code}", message.type, now)
            self._attach(conn, room, found, None)
        else:
            if sum(1 for c in members if c.side is None) >= self.settings.max_watchers:
                raise RoomError(f"game {code} has as many watchers as it can take")
            self._attach(conn, room, None, None)
        self._broadcast(room)
        return True

    def _create(self, conn: Conn, message: Message, now: float) -> bool:
        if not self.creates.take(conn.address, now):
            raise RoomError("too many new games from your address: wait a minute")
        if len(self.rooms) >= self.settings.max_games:
            self._forget_finished()
            if len(self.rooms) >= self.settings.max_games:
                raise RoomError("the server holds as many games as it can: try again later")
        started = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        room = Room.create(self._fresh_code(), message.text("control"), message.text("draw_rule"), started)
        side_word = message.text("side")
        side = secrets.choice((BLACK, WHITE)) if side_word == "random" else SIDES.index(side_word)
        token = room.take_seat(side, message.text("name"), now)
        self.rooms[room.code] = room
        self.members[room.code] = set()
        self._save(room, now)
        self._attach(conn, room, side, token)
        self._broadcast(room)
        return True

    def _fresh_code(self) -> str:
        while True:
            code = new_code()
            if code not in self.rooms and not self.keep.has(code):   # a game forgotten from memory keeps its code
                return code

    def _guessed(self, conn: Conn, why: str, about: str, now: float) -> bool:
        if self.guesses.take(conn.address, now):
            self._refuse(conn, why, about)
            return True
        self._close(conn, 1008, "too many unknown games or wrong tokens: wait a minute")
        return False

    def _act(self, conn: Conn, message: Message, now: float) -> None:
        room, side = conn.room, conn.side
        if room is None:
            raise RoomError("say first which game: create, join, resume or watch")
        if side is None:
            raise RoomError("an observer does not play")
        moved = False
        if message.type == "move":
            room.play(side, message.number("ply"), message.path(), now)
            moved = True
        elif message.type == "offer_draw":
            room.offer_draw(side, message.number("ply"), now)
        elif message.type == "accept_draw":
            room.accept_draw(side, message.number("ply"), now)
        elif message.type == "decline_draw":
            room.decline_draw(side, message.number("ply"), now)
        elif message.type == "resign":
            room.resign(side, now)
        self._save(room, now, moved)
        self._schedule(room)
        self._broadcast(room)

    # -- the game's people ---------------------------------------------------------------

    def _attach(self, conn: Conn, room: Room, side: int | None, token: str | None) -> None:
        conn.room, conn.side = room, side
        self.members[room.code].add(conn)
        if side is not None and token is None:
            token = room.tokens[side]
        self._send(conn, write("welcome", game=room.code, seat="observer" if side is None else SIDES[side],
                               token=token))

    def _leave(self, conn: Conn) -> None:
        room = conn.room
        if room is None:
            return
        members = self.members.get(room.code)
        if members is not None:
            members.discard(conn)
            if conn.side is not None:
                self._broadcast(room)   # the seat may be empty now: the others see it

    def present(self, room: Room) -> dict[int, bool]:
        members = self.members.get(room.code, set())
        return {side: any(c.side == side for c in members) for side in (BLACK, WHITE)}

    def _forget_finished(self) -> None:
        """Games over that nobody is looking at leave memory (they stay in the database)."""
        for code in [c for c, r in self.rooms.items() if r.outcome is not None and not self.members[c]]:
            del self.rooms[code]
            del self.members[code]

    # -- sending -------------------------------------------------------------------------

    def _broadcast(self, room: Room) -> None:
        text = write("state", **room.snapshot(self.now(), self.present(room)))
        for conn in list(self.members.get(room.code, ())):
            self._send(conn, text)

    def _send(self, conn: Conn, text: str) -> None:
        if self.held or self.committed < self.saved:
            self.held.append((self.saved, conn, text))   # told once what it tells is on disk
            return
        self._deliver(conn, text)

    def _committed(self, count: int) -> None:
        """The writer has ``count`` changes on disk: send what waited on them."""
        self.committed = count
        held = self.held
        while held and held[0][0] <= count:
            _, conn, text = held.popleft()
            self._deliver(conn, text)

    def _deliver(self, conn: Conn, text: str) -> None:
        transport = conn.ws.transport
        if transport is not None and transport.get_write_buffer_size() > self.settings.max_write_buffer:
            transport.abort()   # a client that does not read: dropped, not buffered without end
            return
        broadcast([conn.ws], text)

    def _refuse(self, conn: Conn, reason: str, about: str | None = None) -> None:
        self._send(conn, write("refused", reason=reason, about=about))

    def _close(self, conn: Conn, code: int, reason: str) -> None:
        self._refuse(conn, reason)
        task = asyncio.ensure_future(conn.ws.close(code, reason))
        conn.extra["closing"] = task   # kept until the connection goes

    # -- the record and the clocks -------------------------------------------------------

    def _save(self, room: Room, now: float, moved: bool = False) -> None:
        if self.writer is not None:
            self.saved = self.writer.put(change(room, now, moved))
            return
        try:   # not serving (a test driving ``handle``): written at once
            self.keep.save(room, now, moved)
        except sqlite3.Error as e:   # the game goes on in memory; the log says the disk refused
            log.error("game %s could not be written: %s", room.code, e)

    def _schedule(self, room: Room) -> None:
        old = self.timers.pop(room.code, None)
        if old is not None:
            old.cancel()
        due = room.flag_due(self.now())
        if due is not None and self.loop is not None:
            self.timers[room.code] = self.loop.call_later(due + 0.005, self._flag, room.code)

    def _flag(self, code: str) -> None:
        self.timers.pop(code, None)
        room = self.rooms.get(code)
        if room is None:
            return
        now = self.now()
        if room.check_flag(now):
            self._save(room, now)
            self._broadcast(room)
        else:
            self._schedule(room)


def _call_soon(loop: asyncio.AbstractEventLoop, fn: Callable[[int], None], n: int) -> None:
    try:
        loop.call_soon_threadsafe(fn, n)
    except RuntimeError:   # the loop has closed: nobody is left to tell
        pass


def run(db: str | Path, host: str = "127.0.0.1", port: int = 0, settings: Settings | None = None,
        ssl: ssl_module.SSLContext | None = None, ready: Callable[[int], None] | None = None,
        stop_when: Callable[[asyncio.AbstractEventLoop, asyncio.Future[None]], None] | None = None) -> None:
    """Serve until stopped: ``stop_when(loop, stop)`` arranges for ``stop`` to be set (a signal, a pipe)."""
    async def main() -> None:
        loop = asyncio.get_running_loop()
        stop: asyncio.Future[None] = loop.create_future()
        if stop_when is not None:
            stop_when(loop, stop)
        await Server(db, settings).serve(host, port, ssl, ready, stop)

    asyncio.run(main())
