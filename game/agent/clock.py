"""How much CPU time one move may take.

The referee charges the agent the CPU time of its whole process, start-up
included, and a player whose clock runs out loses.  So every figure here is
CPU time (``time.process_time()``), and every budget leaves room for the
start-up of the moves still to come.

Two limits per move: ``soft`` is what the search is asked for (it stops
deepening once an iteration is unlikely to finish in it) and ``hard`` is the
most the move may ever cost: a stop callback ends the search there.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time: the agent starts afresh every move
if TYPE_CHECKING:
    from ..rules import Position

# CPU seconds a run costs before it searches: tools/bench.py --startup gives less on a
# quiet machine; a loaded one costs more, and an underestimate forfeits long games
STARTUP = 0.2
RESERVE = 1.0         # never plan to use the last second of the clock
TAIL_MOVES = 40       # start-ups kept in reserve: a long endgame still costs STARTUP a move
GAME_CAP = 8.0        # more than this on one move of a game buys little depth
SINGLE_CAP = 20.0


class Budget:
    """``soft``: seconds to ask the search for; ``hard``: CPU seconds of the
    process (process_time) after which the search is stopped.  (A plain
    class: the agent starts afresh every move, and importing dataclasses
    would be paid each time; docs/measurements.md has the cost.)"""

    __slots__ = ("soft", "hard")

    def __init__(self, soft: float, hard: float) -> None:
        self.soft = soft
        self.hard = hard

    def __repr__(self) -> str:
        return f"Budget(soft={self.soft:.3f}, hard={self.hard:.3f})"


def moves_to_go(position: Position) -> int:
    """How many more moves of ours the game may need: more with more material on the board.

    Deliberately high: running short of time late loses a won game, while a
    little less depth early costs almost nothing against most opponents.
    """
    pieces = (position.bm | position.bk | position.wm | position.wk).bit_count()
    return max(20, 10 + pieces)


def plan(mode: str, seconds_left: float, used: float, position: Position) -> Budget:
    """The Budget for this move; ``used`` is the CPU time this run has spent so far.

    ``soft`` is a duration from now; ``hard`` is a reading of process_time()
    (so it includes ``used``), never more than ``seconds_left - 0.3``.
    """
    left = seconds_left - used
    if mode == "SINGLE":
        # one move is all there is: spend a good part, keep a wide margin
        hard = max(0.0, min(left * 0.6, left - 0.5, SINGLE_CAP * 1.5))
        soft = max(0.0, min(left * 0.4, SINGLE_CAP, hard))
    else:
        n = moves_to_go(position)
        spare = left - RESERVE - max(n, TAIL_MOVES) * STARTUP
        soft = max(0.0, min(spare / n, GAME_CAP))
        # The search keeps to soft by itself (wall clock, and CPU <= wall);
        # hard is only the net under an overrun, so it stays close.
        hard = max(0.0, min(soft * 1.5, left - 0.3))
    # on a nearly empty clock the search still gets a sliver: depth 1 takes microseconds
    soft = max(soft, 0.01)
    hard = max(hard, min(0.05, max(left * 0.3, 0.0)))
    # hard is compared with process_time(), which already counts ``used``
    return Budget(soft, used + hard)
