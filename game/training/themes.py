"""What a mined puzzle is about: its theme, its goal in words, its starting difficulty.

The miner (``training.miner``) finds the position and the solution line; this
module reads the line to name what happens in it:

- **ending**: the endgame database knows the position (the win or the draw is exact);
- **defence**: every other move loses, the one answer holds;
- **two-for-one**: the solver gives one piece and takes two back in one jump;
- **shot**: the solver gives material (the opponent's capture) and wins more back;
- **crowning**: the line's point is a man crowned (a breakthrough), or it wins
  material without giving any on the way there by getting a king.

A line that wins material with neither a sacrifice nor a crowning (a quiet move
that sets up a capture the opponent cannot avoid) is a shot in the wide sense
the word has at the board (a combination that wins material): it is filed as one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import Move, Position
from .puzzle import CROWNING, DEFENCE, ENDING, SHOT, TWO_FOR_ONE

# The goals a mined puzzle asks for.
WIN, DRAW, CROWN = "win", "draw", "crown a man"
_MEN = {1: "win a man", 2: "win two men", 3: "win three men"}

# Starting difficulty on the players' rating scale: a one-move shot with a
# capture to start is the easiest; every further move to find, a first move
# that gives material, a quiet first move, and a move the search finds only
# when it looks deeper make it harder.
BASE_RATING = 1000
PER_SOLVER_MOVE = 120
SACRIFICE_FIRST = 200
QUIET_FIRST = 120
PER_DEPTH_STEP = 80      # each 2 plies of depth beyond the shallowest looked at
MIN_RATING, MAX_RATING = 600, 2600


def material_goal(gain: int) -> str:
    """The words for winning ``gain`` pieces (1-3; more reads as three or more)."""
    return _MEN.get(gain, "win three men" if gain > 3 else "win a man")


def balance(position: Position, side: int) -> int:
    """Pieces of ``side`` minus the opponent's (a king counts as one piece)."""
    return position.count(side) - position.count(1 - side)


def kings(position: Position, side: int) -> int:
    return len(position.black_kings if side == 0 else position.white_kings)


@dataclass(frozen=True)
class LineFacts:
    """What the solution line shows, ply by ply."""

    sacrifice: bool        # the opponent captured somewhere in the line
    two_for_one: bool      # an opponent's capture of one, answered by the solver's capture of two
    crowned: bool          # the solver made a king in the line
    first_quiet: bool      # the first move is not a capture
    first_sacrifice: bool  # the opponent's reply to the first move is a capture


def line_facts(position: Position, line: tuple[Move, ...]) -> LineFacts:
    solver = position.turn
    sacrifice = two_for_one = crowned = False
    pos = position
    for ply, move in enumerate(line):
        after = pos.play(move)
        if ply % 2 == 1 and move.is_capture:
            sacrifice = True
            nxt = line[ply + 1] if ply + 1 < len(line) else None
            if len(move.captures) == 1 and nxt is not None and len(nxt.captures) >= 2:
                two_for_one = True
        if ply % 2 == 0 and kings(after, solver) > kings(pos, solver):
            crowned = True
        pos = after
    first_sacrifice = len(line) > 1 and line[1].is_capture
    return LineFacts(sacrifice, two_for_one, crowned, not line[0].is_capture, first_sacrifice)


def theme_of(kind: str, goal: str, facts: LineFacts, in_database: bool) -> str:
    """The theme of a puzzle of ``kind`` ("win", "material", "crown" or "defence")."""
    if in_database:
        return ENDING
    if kind == "defence":
        return DEFENCE
    if facts.two_for_one and goal != CROWN:
        return TWO_FOR_ONE
    if facts.sacrifice and goal != CROWN:
        return SHOT
    if goal == CROWN or facts.crowned:
        return CROWNING
    return SHOT


def rating_of(line: tuple[Move, ...], facts: LineFacts, found_depth: int, shallowest: int) -> int:
    """The starting difficulty: see the constants above.  ``found_depth`` is the
    shallowest depth tried at which the answer already stood out, ``shallowest``
    the first depth tried."""
    solver_moves = (len(line) + 1) // 2
    r = BASE_RATING + PER_SOLVER_MOVE * (solver_moves - 1)
    if facts.first_sacrifice:
        r += SACRIFICE_FIRST
    elif facts.first_quiet:
        r += QUIET_FIRST
    r += PER_DEPTH_STEP * max(0, found_depth - shallowest) // 2
    return max(MIN_RATING, min(MAX_RATING, r))
