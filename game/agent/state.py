"""What the agent remembers between moves: the game so far.

The referee starts the agent afresh for every move and shows it only the
board, but the draw rules (csci561: threefold repetition, 50 turns without a
capture or a crowning) depend on the game's history.  So after each move the
agent writes ``agent_state.json`` next to output.txt: its colour, the
positions since the last irreversible move, and the no-progress count.
(The name says JSON and the content is JSON, written and read by hand: the
json module's import would be paid on the CPU clock every move;
docs/measurements.md has the cost.)

The file sits in a folder the agent does not control, so nothing in it is
trusted: it is opened without following a symbolic link, must be a regular
file of at most ``MAX_BYTES`` (a FIFO, ``/dev/zero`` or a huge file is
refused before a byte is read), and at most ``MAX_POSITIONS`` positions are
kept.  It is written to a fresh temporary file renamed over the old one, so
a symbolic link planted under its name is replaced, never written through.

On the next call the new board must be one opponent move away from the
position the agent left; if it is not (a new game, another opponent, a
hand-edited input, a missing or unreadable file) the history starts again
from the board alone, which is always safe: the agent only loses some draw
awareness.
"""

from __future__ import annotations

import os

from ..rules import DRAW_RULES, Position
from ..textfile import read_text

TYPE_CHECKING = False  # typing is not imported at run time: the agent starts afresh every move
if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..rules import Move

STATE_FILE = "agent_state.json"
VERSION = 1
RULE = DRAW_RULES["csci561"]
# The count resets on every capture or crowning, and the game is drawn after
# RULE.plies quiet plies: more positions than that can never be needed.
MAX_POSITIONS = RULE.plies + 2
MAX_BYTES = 64 * 1024  # MAX_POSITIONS FENs of at most 24 pieces take about 6 KB


class GameState:
    """The positions since the last capture or crowning (oldest first, the
    current one last) and how many plies have passed without progress."""

    def __init__(self, me: int, positions: Iterable[Position], quiet: int) -> None:
        self.me = me
        self.positions = list(positions)[-MAX_POSITIONS:]
        self.quiet = quiet

    @property
    def position(self) -> Position:
        return self.positions[-1]

    def history(self) -> tuple[Position, ...]:
        """The positions before the current one, oldest first, for the search."""
        return tuple(self.positions[:-1])

    def play(self, move: Move) -> GameState:
        """The state after ``move`` is played from the current position."""
        before = self.position
        after = before.play(move)
        if RULE.resets(before, after, move):
            # nothing before a capture or crowning can recur: forget it
            return GameState(self.me, [after], 0)
        return GameState(self.me, self.positions + [after], self.quiet + 1)

    def to_json(self) -> str:
        fens = ", ".join(f'"{p.fen()}"' for p in self.positions)
        return f'{{"version": {VERSION}, "me": {self.me}, "quiet": {self.quiet}, "positions": [{fens}]}}\n'


def _small_int(text: str) -> int:
    text = text.strip()
    if not (0 < len(text) <= 4 and text.isdigit() and text.isascii()):
        raise ValueError("not a small number")
    return int(text)


def _from_json(text: str) -> tuple[dict[str, int], list[str]]:
    """Read what to_json wrote (and nothing fancier); ValueError otherwise."""
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        raise ValueError("not an object")
    head, sep, tail = body[1:-1].partition('"positions":')
    if not sep:
        raise ValueError("no positions")
    fields: dict[str, int] = {}
    for item in head.split(",")[:8]:
        if item.strip():
            k, _, v = item.partition(":")
            fields[k.strip().strip('"')] = _small_int(v)
    tail = tail.strip()
    if not (tail.startswith("[") and tail.endswith("]")):
        raise ValueError("bad positions")
    fens = [f.strip().strip('"') for f in tail[1:-1].split('",', MAX_POSITIONS)]
    if len(fens) > MAX_POSITIONS:
        raise ValueError("too many positions")
    return fields, [f for f in fens if f]


def _load(path: str) -> GameState | None:
    """The saved GameState, or None for anything but a file this agent wrote."""
    try:
        text = read_text(path, limit=MAX_BYTES, what=STATE_FILE, follow_symlinks=False)
        fields, fens = _from_json(text)
        if fields.get("version") != VERSION:
            return None
        if fields.get("me") not in (0, 1) or not 0 <= fields.get("quiet", -1) <= RULE.plies:
            return None
        positions = [Position.from_fen(t) for t in fens]
        if not positions:
            return None
        return GameState(fields["me"], positions, fields["quiet"])
    except (ValueError, KeyError, TypeError, IndexError, RecursionError, MemoryError):
        # FileReadError and the notation errors are ValueErrors
        return None


def resume(position: Position, me: int, directory: str = ".") -> GameState:
    """The game state for ``position`` (the agent, ``me``, to move).

    Continues the stored game when ``position`` follows from its last
    position by one legal opponent move; starts afresh otherwise.
    """
    saved = _load(os.path.join(directory, STATE_FILE))
    if saved is not None and saved.me == me and saved.position.turn != me:
        last = saved.position
        for m in last.legal_moves():
            if last.play(m) == position:
                return saved.play(m)
    return GameState(me, [position], 0)


def save(state: GameState, directory: str = ".") -> bool:
    """Write the state; True when written.  A failure only costs draw awareness next move.

    A new file is made beside the old one (``O_EXCL | O_NOFOLLOW``: never an
    existing file, never through a link) and renamed over ``agent_state.json``:
    whatever was there (a symbolic link, a FIFO) is replaced, never written into.
    A directory in its place is left alone.
    """
    path = os.path.join(directory, STATE_FILE)
    tmp = os.path.join(directory, f".{STATE_FILE}.{os.getpid()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        try:
            os.unlink(tmp)  # left by an earlier run killed with this same pid
        except FileNotFoundError:
            pass
        fd = os.open(tmp, flags, 0o644)
        try:
            os.write(fd, state.to_json().encode("ascii"))
        finally:
            os.close(fd)
        os.replace(tmp, path)
        return True
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return False
