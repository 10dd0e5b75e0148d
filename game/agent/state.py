"""What the agent remembers between moves: the game so far.

The referee starts the agent afresh for every move and shows it only the
board, but the draw rules (csci561: threefold repetition, 50 turns without a
capture or a crowning) depend on the game's history.  So after each move the
agent writes ``agent_state.json`` next to output.txt: its colour, the
positions since the last irreversible move, and the no-progress count.
(The name says JSON and the content is JSON, written and read by hand: the
json module would cost every move ~5 ms of CPU clock.)

On the next call the new board must be one opponent move away from the
position the agent left; if it is not (a new game, another opponent, a
hand-edited input, a missing or unreadable file) the history starts again
from the board alone, which is always safe: the agent only loses some draw
awareness.
"""

import os

from ..rules import DRAW_RULES, Position

STATE_FILE = "agent_state.json"
VERSION = 1
RULE = DRAW_RULES["csci561"]


class GameState:
    """The positions since the last capture or crowning (oldest first, the
    current one last) and how many plies have passed without progress."""

    def __init__(self, me, positions, quiet):
        self.me = me
        self.positions = list(positions)
        self.quiet = quiet

    @property
    def position(self):
        return self.positions[-1]

    def history(self):
        """The positions before the current one, oldest first, for the search."""
        return tuple(self.positions[:-1])

    def play(self, move):
        """The state after ``move`` is played from the current position."""
        before = self.position
        after = before.play(move)
        if RULE.resets(before, after, move):
            # nothing before a capture or crowning can recur: forget it
            return GameState(self.me, [after], 0)
        return GameState(self.me, self.positions + [after], self.quiet + 1)

    def to_json(self):
        fens = ", ".join(f'"{p.fen()}"' for p in self.positions)
        return f'{{"version": {VERSION}, "me": {self.me}, "quiet": {self.quiet}, "positions": [{fens}]}}\n'


def _from_json(text):
    """Read what to_json wrote (and nothing fancier); ValueError otherwise."""
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        raise ValueError("not an object")
    head, sep, tail = body[1:-1].partition('"positions":')
    if not sep:
        raise ValueError("no positions")
    fields = {}
    for item in head.split(","):
        if item.strip():
            k, _, v = item.partition(":")
            fields[k.strip().strip('"')] = int(v)
    tail = tail.strip()
    if not (tail.startswith("[") and tail.endswith("]")):
        raise ValueError("bad positions")
    fens = [f.strip().strip('"') for f in tail[1:-1].split('",')]
    return fields, [f for f in fens if f]


def _load(path):
    try:
        with open(path, encoding="utf-8") as f:
            fields, fens = _from_json(f.read())
        if fields.get("version") != VERSION:
            return None
        positions = [Position.from_fen(t) for t in fens]
        if not positions or fields["me"] not in (0, 1) or not 0 <= fields["quiet"] < 1000:
            return None
        return GameState(fields["me"], positions, fields["quiet"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def resume(position, me, directory="."):
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


def save(state, directory="."):
    """Write the state; a failure to write only costs draw awareness next move."""
    path = os.path.join(directory, STATE_FILE)
    try:
        # written in place (no temp file: the agent leaves nothing else
        # behind); a torn file fails to load and only resets the history
        with open(path, "w", encoding="utf-8") as f:
            f.write(state.to_json())
    except OSError:
        pass
