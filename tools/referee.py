"""The referee of both match tools: who plays which colour, a game played out, the tally.

``tools/match.py`` plays engines (in its own process, or an earlier commit's in a
worker); ``tools/agent_match.py`` plays agents through the file protocol.  Both

- play each opening twice, the first player taking black in the first game and
  white in the second (``pairings``);
- play a game until its draw rules or a win end it, a player forfeits (its move
  raised ``Forfeit``), a judge knows the result (the endgame database), or it
  reaches the ply cap, a safety net that ends it drawn (``play_out``);
- sum up the first player's wins, draws and losses, its score and the Elo
  difference with its 95% margin (``tally``).

The draw rules themselves are the game's (``Game(start, draw_rule=...)``).
"""

import math
from typing import NamedTuple

import _common  # noqa: F401  (this checkout's game first on sys.path)

from game.rules import BLACK, WHITE


class Forfeit(Exception):
    """A player's move lost it the game at once (out of time, no move, a bad or illegal move, a crash)."""


class Ending(NamedTuple):
    winner: int | None  # BLACK, WHITE, or None for a draw
    why: str | None  # None when the rules ended the game (``game.outcome`` says how)
    forfeit_side: int | None = None  # the side that forfeited, if one did


def pairings(openings, n_games):
    """``[(index, opening, colour of the first player)]``: each opening twice, colours
    swapped, in turn (back to the first opening when ``n_games`` needs more)."""
    return [(i, openings[(i // 2) % len(openings)], BLACK if i % 2 == 0 else WHITE) for i in range(n_games)]


def spread(openings, n):
    """``n`` openings spread evenly over the list (all of them if ``n`` is larger)."""
    if n >= len(openings):
        return list(openings)
    return [openings[i * len(openings) // n] for i in range(n)]


def play_out(game, move, max_ply, judge=None):
    """Play ``game`` on with ``move(game)`` (the side to move's Move; it raises Forfeit to
    forfeit) to its end; an Ending.  ``judge(position)``, asked before each move, may end
    the game with ``(winner, why)``; past ``max_ply`` plies the game is drawn."""
    while game.outcome is None:
        if game.ply >= max_ply:
            return Ending(None, f"adjudicated draw after {max_ply} plies")
        if judge is not None:
            known = judge(game.position)
            if known is not None:
                return Ending(*known)
        side = game.turn
        try:
            chosen = move(game)
        except Forfeit as e:
            return Ending(1 - side, f"forfeit: {e}", side)
        game.push(chosen)
    return Ending(game.outcome.winner, None)


def pdn_result(winner):
    """``2-0`` (black won), ``0-2`` (white won) or ``1-1``."""
    return "1-1" if winner is None else ("2-0" if winner == BLACK else "0-2")


class Tally(NamedTuple):
    wins: int
    draws: int
    losses: int
    score: float  # the mean of the points, 0 with no game
    elo: float
    margin: float  # of the Elo difference, 95%


def tally(points):
    """The Tally of the first player's points, one a game: 1 a win, 0.5 a draw, 0 a loss."""
    n = len(points)
    score = sum(points) / n if n else 0.0
    e, margin = elo(score, n, points)
    return Tally(points.count(1.0), points.count(0.5), points.count(0.0), score, e, margin)


def elo(score, n, scores):
    """Elo difference and its 95% margin from per-game scores (1, 0.5, 0)."""
    def to_elo(p):
        p = min(max(p, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / p - 1)
    if n < 2:
        return to_elo(score), float("inf")
    var = sum((s - score) ** 2 for s in scores) / (n - 1)
    se = math.sqrt(var / n)
    lo, hi = to_elo(score - 1.96 * se), to_elo(score + 1.96 * se)
    return to_elo(score), (hi - lo) / 2
