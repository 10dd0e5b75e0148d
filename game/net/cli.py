"""``checkers-server``: the online server on its own, for a club or the internet.

    checkers-server --host 127.0.0.1 --port 8765 [--db games.sqlite3] [--cert C --key K]

It listens on the loopback unless told another address; then it prints how
players reach it.  With a certificate and key it speaks TLS (``wss://``).
SIGTERM or Ctrl+C stops it; every game is in the database and goes on when it
is started again.
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import logging
import signal
import socket
import sqlite3
import ssl
import sys
from collections.abc import Sequence

from .server import Settings, run

__all__ = ["lan_address", "main", "reach_words"]

DEFAULT_PORT = 8765


def lan_address() -> str | None:
    """This machine's address on its network (no packet is sent: a UDP socket only picks a route)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            address = s.getsockname()[0]
    except OSError:
        return None
    return address if isinstance(address, str) else None


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def reach_words(host: str, port: int, tls: bool) -> list[str]:
    """How players reach a server on ``host``:``port``, in lines for a person."""
    scheme = "wss" if tls else "ws"
    if is_loopback(host):
        return [f"Listening on {scheme}://{host}:{port} (this computer only: --host 0.0.0.0 opens it to others)."]
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    lines = [f"Listening on {host}:{port}."]
    if shown:
        lines.append(f"Players on your network join with {scheme}://{shown}:{port}")
    lines.append(f"From outside your network: forward TCP port {port} on your router to this computer, and "
                 f"give players your public address ({scheme}://YOUR-PUBLIC-ADDRESS:{port}).")
    if not tls:
        lines.append("Without --cert and --key the games travel unencrypted.")
    return lines


def _finish(stop: asyncio.Future[None]) -> None:
    if not stop.done():
        stop.set_result(None)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="checkers-server", description="The online checkers server.")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1, this computer only)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free port)")
    p.add_argument("--db", default="checkers-server.sqlite3", help="the games' database (default: %(default)s)")
    p.add_argument("--cert", help="TLS certificate (PEM), with --key")
    p.add_argument("--key", help="TLS private key (PEM), with --cert")
    p.add_argument("--max-connections", type=int, default=Settings.max_connections)
    p.add_argument("--max-games", type=int, default=Settings.max_games)
    p.add_argument("--create-rate", type=float, default=Settings.create_rate, help="new games a second an address")
    p.add_argument("--create-burst", type=float, default=Settings.create_burst)
    p.add_argument("--message-rate", type=float, default=Settings.message_rate, help="messages a second a connection")
    p.add_argument("--ping", type=float, default=Settings.ping_interval, help="seconds between pings")
    p.add_argument("--quiet", action="store_true", help="log warnings only")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING if args.quiet else logging.INFO, format="%(message)s")
    if not 0 <= args.port <= 65535:
        print(f"checkers-server: the port is 0 to 65535, not {args.port}", file=sys.stderr)
        return 2
    context = None
    if args.cert or args.key:
        if not (args.cert and args.key):
            print("checkers-server: TLS needs both --cert and --key", file=sys.stderr)
            return 2
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        try:
            context.load_cert_chain(args.cert, args.key)
        except (OSError, ssl.SSLError) as e:
            print(f"checkers-server: cannot use the certificate and key: {e}", file=sys.stderr)
            return 2
    settings = Settings(max_connections=args.max_connections, max_games=args.max_games,
                        create_rate=args.create_rate, create_burst=args.create_burst,
                        message_rate=args.message_rate, message_burst=max(30.0, 3 * args.message_rate),
                        ping_interval=args.ping, ping_timeout=args.ping)

    def ready(port: int) -> None:
        for line in reach_words(args.host, port, context is not None):
            print(line, flush=True)
        print(f"PORT {port}", flush=True)   # for tools that started it with --port 0

    def stop_on_signal(loop: asyncio.AbstractEventLoop, stop: asyncio.Future[None]) -> None:
        for sig in (signal.SIGTERM, signal.SIGINT):
            try:
                loop.add_signal_handler(sig, _finish, stop)
            except (NotImplementedError, RuntimeError):   # Windows: Ctrl+C ends it as KeyboardInterrupt
                pass

    try:
        run(args.db, args.host, args.port, settings, context, ready, stop_on_signal)
    except OSError as e:
        print(f"checkers-server: cannot listen on {args.host}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 1
    except sqlite3.Error as e:
        print(f"checkers-server: cannot use the database {args.db}: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
