"""The messages of online play: small versioned JSON objects, one schema, read by one function.

Every message is a JSON object ``{"v": 1, "type": ..., ...fields}`` of at most
``MAX_MESSAGE_BYTES``.  ``CLIENT_SCHEMA`` names what a client may send and the
type of each field; ``read_client`` turns text into a checked ``Message`` or
raises ``ProtocolError`` with one line saying what is wrong (the server sends
that line back and goes on).  The server's messages (``welcome``, ``state``,
``refused``) are written by ``write`` and read by ``read_server`` (the client
trusts only their shape, checked the same way).

Client to server:

- ``create``  name, side ("black"/"white"/"random"), control ("3+2", minutes + seconds, or "off"),
  draw_rule ("official"/"csci561"): a new game, the sender in the side asked for.
- ``join``    game, name: the free seat of ``game`` (the code of the invitation).
- ``resume``  game, token: back in one's seat after a dropped connection.
- ``watch``   game: an observer, who never moves.
- ``move``    ply, path: the move played at ``ply`` (moves so far), its squares 1-32.
- ``offer_draw`` / ``accept_draw`` / ``decline_draw``  ply.
- ``resign``.

Server to client: ``welcome`` (game, seat, token), ``state`` (the whole game: see
``game.net.room.Room.snapshot``), ``refused`` (reason, about).

A message about a ply that is not the game's current one is refused as stale, so
an old message replayed can never play again.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Callable

__all__ = [
    "CLIENT_SCHEMA", "CODE_ALPHABET", "CODE_LENGTH", "MAX_MESSAGE_BYTES", "Message", "ProtocolError", "VERSION",
    "read_client", "read_server", "write",
]

VERSION = 1
MAX_MESSAGE_BYTES = 4096        # a client's message: the longest real one (a 12-square path) is ~100 bytes
MAX_SERVER_MESSAGE_BYTES = 1 << 16   # a state of the longest game the server keeps (MAX_PLIES moves)
MAX_PATH = 13                  # squares in a move: a king's capture of the most pieces possible
MAX_NAME = 40
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789"   # no 0/O, 1/I/L, U/V confusion when read out
CODE_LENGTH = 6
MAX_PLY = 4000


class ProtocolError(ValueError):
    """A message that cannot be used; ``str()`` is one line for the sender."""


def _excerpt(value: object, limit: int = 30) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in str(value)[:limit + 1])
    return repr(text if len(text) <= limit else text[:limit] + "…")


Check = Callable[[str, object], object]


def _text(limit: int, pattern: str | None = None) -> Check:
    rx = re.compile(pattern) if pattern else None

    def check(name: str, value: object) -> object:
        if not isinstance(value, str):
            raise ProtocolError(f"{name} must be text, not {type(value).__name__}")
        if len(value) > limit:
            raise ProtocolError(f"{name} is at most {limit} characters, not {len(value)}")
        if rx is not None and not rx.fullmatch(value):
            raise ProtocolError(f"{name} {_excerpt(value)} is not valid")
        return value
    return check


def _choice(*options: str) -> Check:
    def check(name: str, value: object) -> object:
        if not isinstance(value, str) or value not in options:
            raise ProtocolError(f"{name} must be one of {', '.join(options)}, not {_excerpt(value)}")
        return value
    return check


def _int(low: int, high: int) -> Check:
    def check(name: str, value: object) -> object:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ProtocolError(f"{name} must be a whole number, not {type(value).__name__}")
        if not low <= value <= high:
            raise ProtocolError(f"{name} must be from {low} to {high}, not {value}")
        return value
    return check


def _path(name: str, value: object) -> object:
    if not isinstance(value, list):
        raise ProtocolError(f"{name} must be a list of squares, not {type(value).__name__}")
    if not 2 <= len(value) <= MAX_PATH:
        raise ProtocolError(f"{name} has 2 to {MAX_PATH} squares, not {len(value)}")
    for square in value:
        if isinstance(square, bool) or not isinstance(square, int) or not 1 <= square <= 32:
            raise ProtocolError(f"{name} holds squares 1 to 32, not {_excerpt(square)}")
    return tuple(value)


_CODE = _text(CODE_LENGTH, f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
_TOKEN = _text(64, r"[A-Za-z0-9_-]{16,64}")
_NAME = _text(MAX_NAME)
_PLY = _int(0, MAX_PLY)

# type -> {field: check}; every field is required, no other field is allowed
CLIENT_SCHEMA: dict[str, dict[str, Check]] = {
    "create": {"name": _NAME, "side": _choice("black", "white", "random"),
               "control": _text(16, r"off|\d{1,3}(\.\d{1,2})?\+\d{1,2}"), "draw_rule": _choice("official", "csci561")},
    "join": {"game": _CODE, "name": _NAME},
    "resume": {"game": _CODE, "token": _TOKEN},
    "watch": {"game": _CODE},
    "move": {"ply": _PLY, "path": _path},
    "offer_draw": {"ply": _PLY},
    "accept_draw": {"ply": _PLY},
    "decline_draw": {"ply": _PLY},
    "resign": {},
}
SERVER_TYPES = ("welcome", "state", "refused")


@dataclass(frozen=True)
class Message:
    """A checked message: its ``type`` and its fields (as the schema made them: a path is a tuple)."""

    type: str
    fields: dict[str, object]

    def text(self, name: str) -> str:
        value = self.fields[name]
        assert isinstance(value, str)
        return value

    def number(self, name: str) -> int:
        value = self.fields[name]
        assert isinstance(value, int)
        return value

    def path(self, name: str = "path") -> tuple[int, ...]:
        value = self.fields[name]
        assert isinstance(value, tuple)
        return value


def _object(data: str | bytes, limit: int) -> dict[str, object]:
    if len(data) > limit:
        raise ProtocolError(f"a message is at most {limit} bytes, not {len(data)}")
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise ProtocolError(f"not JSON: {_excerpt(data)}") from None
    if not isinstance(value, dict):
        raise ProtocolError(f"a message is a JSON object, not {type(value).__name__}")
    version = value.get("v")
    if version != VERSION or isinstance(version, bool):
        raise ProtocolError(f"this side speaks version {VERSION} of the protocol, not {_excerpt(version)}")
    if not isinstance(value.get("type"), str):
        raise ProtocolError("a message needs a type")
    return value


def read_client(data: str | bytes) -> Message:
    """The client message ``data`` checked against ``CLIENT_SCHEMA``; ProtocolError (one line) otherwise."""
    value = _object(data, MAX_MESSAGE_BYTES)
    kind = value["type"]
    assert isinstance(kind, str)
    schema = CLIENT_SCHEMA.get(kind)
    if schema is None:
        raise ProtocolError(f"unknown message type {_excerpt(kind)}")
    extra = set(value) - set(schema) - {"v", "type"}
    if extra:
        raise ProtocolError(f"{kind} has no field {_excerpt(sorted(extra)[0])}")
    fields: dict[str, object] = {}
    for name, check in schema.items():
        if name not in value:
            raise ProtocolError(f"{kind} needs {name}")
        fields[name] = check(name, value[name])
    return Message(kind, fields)


def read_server(data: str | bytes) -> Message:
    """A server message: its type known, its fields kept as sent (the client reads them with care)."""
    value = _object(data, MAX_SERVER_MESSAGE_BYTES)
    kind = value.pop("type")
    assert isinstance(kind, str)
    if kind not in SERVER_TYPES:
        raise ProtocolError(f"unknown message type {_excerpt(kind)}")
    value.pop("v", None)
    return Message(kind, value)


def write(kind: str, **fields: object) -> str:
    """The message ``kind`` with ``fields`` as compact JSON text."""
    return json.dumps({"v": VERSION, "type": kind, **fields}, separators=(",", ":"))
