"""An invitation to an online game: the server's address and the game's code, as one line to paste.

``ws://192.168.1.20:8765/K7M2QX`` (``wss://`` for a server with TLS).  ``read_invite``
also takes what a person types: ``192.168.1.20:8765 K7M2QX``, ``host K7M2QX`` (the
default port), any case, spaces around.  ``InviteError`` (one line) for the rest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .host import DEFAULT_PORT
from .protocol import CODE_ALPHABET, CODE_LENGTH

__all__ = ["Invite", "InviteError", "read_invite"]

MAX_INVITE = 300
_FORM = re.compile(r"(?:(wss?)://)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]{1,253})(?::(\d{1,5}))?\s*[/ ]\s*(\w{6})\s*",
                   re.ASCII)


class InviteError(ValueError):
    pass


@dataclass(frozen=True)
class Invite:
    scheme: str
    host: str
    port: int
    code: str

    @property
    def url(self) -> str:
        return f"{self.scheme}://{self.host}:{self.port}"

    def __str__(self) -> str:
        return f"{self.url}/{self.code}"


def read_invite(text: str) -> Invite:
    text = text.strip()
    if len(text) > MAX_INVITE:
        raise InviteError(f"an invitation is one short line, not {len(text)} characters")
    m = _FORM.fullmatch(text)
    if m is None:
        raise InviteError("an invitation looks like ws://192.168.1.20:8765/K7M2QX (the address, then the code)")
    scheme, host, port, code = m.group(1) or "ws", m.group(2), int(m.group(3) or DEFAULT_PORT), m.group(4).upper()
    if not 1 <= port <= 65535:
        raise InviteError(f"a port is 1 to 65535, not {port}")
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        raise InviteError(f"a game code is {CODE_LENGTH} letters and digits like K7M2QX, not {code!r}")
    return Invite(scheme, host, port, code)
