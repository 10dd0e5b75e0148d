"""The client: the connection in a background thread, with queues a scene polls each frame.

    client = Client("ws://127.0.0.1:8765", {"type": "join", "game": "K7M2QX", "name": "Ann"})
    client.send("move", ply=view.game.ply, path=[11, 15])      # never blocks
    for event in client.poll():                                 # never blocks
        ...   # Welcome, State, Refused, Status

The thread connects, says ``hello`` (create, join, resume or watch), then reads
the server's messages into the inbox and writes the outbox's.  When the
connection drops it connects again on its own (after 0.5 s, then longer, up to
``MAX_BACKOFF``), and once it holds a seat it comes back with ``resume`` and the
seat's token, so the seat is never lost.  A refusal of the hello itself (an
unknown game, a full one) ends it: ``Status("failed", reason)``.
"""

from __future__ import annotations

import queue
import ssl as ssl_module
import threading
import time
from dataclasses import dataclass
from typing import Union

from websockets.exceptions import ConnectionClosed, InvalidURI, WebSocketException
from websockets.sync.client import ClientConnection, connect

from .protocol import MAX_SERVER_MESSAGE_BYTES, ProtocolError, read_server, write

__all__ = ["Client", "Event", "Refused", "State", "Status", "Welcome"]

MAX_BACKOFF = 5.0
OUTBOX = 32           # requests waiting to be sent; more are dropped (a person cannot click faster)
INBOX = 256


@dataclass(frozen=True)
class Welcome:
    game: str
    seat: str          # "black", "white" or "observer"
    token: str | None


@dataclass(frozen=True)
class State:
    fields: dict[str, object]
    at: float          # time.monotonic() when it arrived


@dataclass(frozen=True)
class Refused:
    reason: str
    about: str | None


@dataclass(frozen=True)
class Status:
    """The connection: "connecting", "connected", "reconnecting" (with why), "failed" (for good), "closed"."""

    state: str
    reason: str = ""


Event = Union[Welcome, State, Refused, Status]


class Client:
    def __init__(self, url: str, hello: dict[str, object], ssl: ssl_module.SSLContext | None = None,
                 ping_interval: float = 10.0) -> None:
        self.url, self.hello, self.ssl, self.ping_interval = url, dict(hello), ssl, ping_interval
        self.inbox: queue.Queue[Event] = queue.Queue(INBOX)
        self.outbox: queue.Queue[str] = queue.Queue(OUTBOX)
        self.seat: Welcome | None = None
        self._stop = threading.Event()
        self._kill = threading.Event()   # tests: drop the connection as a cut cable would
        self._thread = threading.Thread(target=self._run, name="checkers-net", daemon=True)
        self._thread.start()

    # -- the scene's side ----------------------------------------------------------------

    def send(self, kind: str, **fields: object) -> bool:
        """Queue a request (False if the queue is full: it is dropped)."""
        try:
            self.outbox.put_nowait(write(kind, **fields))
            return True
        except queue.Full:
            return False

    def poll(self) -> list[Event]:
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self, wait: float = 2.0) -> None:
        self._stop.set()
        self._thread.join(wait)

    def drop(self) -> None:
        """Cut the connection now (it reconnects as after a real cut): for tests and tools."""
        self._kill.set()

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    # -- the thread ----------------------------------------------------------------------

    def _put(self, event: Event) -> None:
        try:
            self.inbox.put_nowait(event)
        except queue.Full:   # the scene is not polling: the oldest goes, the newest state is what matters
            try:
                self.inbox.get_nowait()
                self.inbox.put_nowait(event)
            except (queue.Empty, queue.Full):
                pass

    def _run(self) -> None:
        backoff = 0.5
        self._put(Status("connecting"))
        while not self._stop.is_set():
            finished = False
            try:
                with connect(self.url, ssl=self.ssl, open_timeout=5, close_timeout=1, proxy=None, compression=None,
                             max_size=MAX_SERVER_MESSAGE_BYTES * 2, ping_interval=self.ping_interval,
                             ping_timeout=self.ping_interval) as ws:
                    backoff = 0.5
                    finished = self._talk(ws)
            except (InvalidURI, ValueError):
                self._put(Status("failed", f"not a server address: {self.url[:60]}"))
                return
            except (OSError, WebSocketException, TimeoutError) as e:
                self._put(Status("reconnecting", _why(e)))
                if self._stop.wait(backoff):
                    break
                backoff = min(MAX_BACKOFF, backoff * 2)
                continue
            if finished:
                return
            if not self._stop.is_set():
                self._put(Status("reconnecting", "the connection dropped"))
                self._stop.wait(0.2)
        self._put(Status("closed"))

    def _talk(self, ws: ClientConnection) -> bool:
        """One connection, until it drops (False) or the client is done with it (True)."""
        if self.seat is not None and self.seat.token:
            hello: dict[str, object] = {"type": "resume", "game": self.seat.game, "token": self.seat.token}
        elif self.seat is not None:
            hello = {"type": "watch", "game": self.seat.game}
        else:
            hello = self.hello
        kind = str(hello["type"])
        try:
            ws.send(write(kind, **{k: v for k, v in hello.items() if k != "type"}))
            welcomed = False
            while not self._stop.is_set():
                if self._kill.is_set():
                    self._kill.clear()
                    sock = ws.socket
                    sock.close()
                    return False
                try:
                    data = ws.recv(timeout=0.05)
                except TimeoutError:
                    data = None
                if data is not None:
                    try:
                        message = read_server(data)
                    except ProtocolError as e:
                        self._put(Refused(f"the server sent something unreadable: {e}", None))
                        continue
                    if message.type == "welcome":
                        token = message.fields.get("token")
                        self.seat = Welcome(str(message.fields.get("game", ""))[:8], str(message.fields.get("seat")),
                                            token if isinstance(token, str) else None)
                        welcomed = True
                        self._put(self.seat)
                        self._put(Status("connected"))
                    elif message.type == "state":
                        self._put(State(message.fields, time.monotonic()))
                    else:
                        reason = str(message.fields.get("reason", ""))[:200]
                        about = message.fields.get("about")
                        if not welcomed and about == kind:
                            self._put(Status("failed", reason))
                            return True
                        self._put(Refused(reason, about if isinstance(about, str) else None))
                if welcomed:
                    while True:
                        try:
                            ws.send(self.outbox.get_nowait())
                        except queue.Empty:
                            break
        except ConnectionClosed as e:
            if e.rcvd is not None and e.rcvd.code in (1008, 1013):
                self._put(Status("failed", e.rcvd.reason or "the server closed the connection"))
                return True
            return False
        except OSError:
            return False
        return True


def _why(e: BaseException) -> str:
    if isinstance(e, ConnectionRefusedError):
        return "nobody answers at that address"
    if isinstance(e, TimeoutError):
        return "the server does not answer"
    text = str(e) or type(e).__name__
    return text[:80]
