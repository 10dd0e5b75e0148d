"""The server embedded in a player's game: ``checkers-server``'s code in a process of its own.

Started as the engine's worker is (the "spawn" method, Ctrl+C held back for the
start, SIGINT ignored in the child), so the window never waits on it.  The child
says ``("port", N)`` once it listens, or ``("error", line)``; it stops when the
pipe closes (the game quit, or was killed), so it never outlives the game.

    hosted = HostedServer(db_path)             # returns at once
    hosted.poll()                               # each frame: None, then the port (int) or an error (str)
    hosted.close()
"""

from __future__ import annotations

import asyncio
import multiprocessing
import signal
import threading
from multiprocessing.connection import Connection
from pathlib import Path

from ..spawn import start_without_interrupt

__all__ = ["DEFAULT_PORT", "HostedServer"]

DEFAULT_PORT = 8765


def _finish(stop: asyncio.Future[None]) -> None:
    if not stop.done():
        stop.set_result(None)


def _serve(conn: Connection, db: str, host: str, port: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from .server import run

    def stop_when(loop: asyncio.AbstractEventLoop, stop: asyncio.Future[None]) -> None:
        def watch() -> None:
            try:
                conn.recv()
            except (EOFError, OSError):
                pass
            loop.call_soon_threadsafe(_finish, stop)
        threading.Thread(target=watch, daemon=True).start()

    try:
        run(db, host, port, ready=lambda bound: conn.send(("port", bound)), stop_when=stop_when)
    except OSError as e:
        conn.send(("error", f"cannot listen on port {port}: {e.strerror or e}"))
    except Exception as e:   # the window hears of it in one line
        conn.send(("error", f"the server stopped: {str(e)[:120]}"))


class HostedServer:
    def __init__(self, db: str | Path, host: str = "0.0.0.0", port: int = DEFAULT_PORT) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child, str(db), host, port), daemon=True,
                                name="checkers-server")
        start_without_interrupt(self.proc)
        child.close()
        self.port: int | None = None
        self.error: str | None = None

    def poll(self) -> int | str | None:
        """The port once listening, an error line if it could not, None while it starts (never blocks)."""
        if self.port is None and self.error is None:
            try:
                if self.conn.poll():
                    kind, value = self.conn.recv()
                    if kind == "port":
                        self.port = int(value)
                    else:
                        self.error = str(value)
                elif not self.proc.is_alive():
                    self.error = "the server process ended"
            except (EOFError, OSError):
                self.error = "the server process ended"
        return self.port if self.port is not None else self.error

    def close(self, wait: float = 3.0) -> None:
        try:
            self.conn.close()
        except OSError:
            pass
        self.proc.join(wait)
        if self.proc.is_alive():
            self.proc.terminate()
            self.proc.join(wait)
