"""Solving one puzzle: the player's moves checked against the line, the replies played for them.

``PuzzleSession(puzzle)`` holds the position on the board.  At each of the solver's
turns ``play(move)`` says RIGHT (the reply is then waiting in ``pending_reply``, for
the screen to show and ``take_reply()`` to play), SOLVED (the last move of the
line) or WRONG (the attempt has failed; the move stays on the board so the
refutation can be shown).  ``hint()`` gives the from-square of the expected move,
then the move; ``retry()`` goes back to the start; ``show_solution()`` steps
through the line (``step_solution``).  The attempt counts once, the first time it
ends (``result``): solved without help, or not (a wrong move, a hint, the solution).

``Refutation`` explains a wrong move in words, as the game report does
(``analysis.explain``), from a search run in the engine's process: ``ask`` sends it,
``poll`` (once a frame) collects it.  Its words come in parts kept apart, so the move
played, what answers it and the better line never run together: ``verdict`` ("17-21
loses a man"), ``reply`` (the refutation, the opponent's move first) and ``better`` (the
solution's line from the wrong move's place).  No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis.client import cancel_quietly
from ..analysis.explain import explain, line_text
from ..analysis.forced import Forced, play_forced, plies_back
from ..analysis.history import engine_history
from ..engine.process import close_quietly
from ..rules import COLOUR_NAMES, Move, Position
from .puzzle import Puzzle

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

SOLVING, SOLVED, FAILED = "solving", "solved", "failed"
RIGHT, WRONG = "right", "wrong"

# the refutation's search: a fixed budget of nodes (the same words on any machine), a few tenths of a second
REFUTATION_NODES = 30_000
REFUTATION_DEPTH = 30


_NO_REASON = "is weaker than the engine's move"   # explain's words when the line shows no reason


class SessionError(ValueError):
    """A move or a step the session cannot take now (not the player's turn, not legal)."""


@dataclass(frozen=True)
class Hint:
    """``square``: the square of the piece to move (the first hint); ``move``: the move itself (the second)."""

    square: int
    move: Move | None = None


class PuzzleSession:
    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self.result: bool | None = None   # how the attempt counts: None until it first ends
        self.helped = False               # a hint or the solution was shown in this attempt
        self.retries = 0
        self._reset()

    def _reset(self) -> None:
        self.ply = 0                       # the next ply of the line
        self.moves: list[Move] = []        # the moves on the board since the start
        self.positions: list[Position] = [self.puzzle.position]
        self.status = SOLVING
        self.wrong: Move | None = None     # the wrong move played
        self.pending_reply: Move | None = None
        self.hints = 0
        self.solution: int | None = None   # the ply of the line shown while stepping through the solution

    # -- the board ------------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The position on the board (the solution's, while stepping through it)."""
        if self.solution is not None:
            return self.puzzle.positions()[self.solution]
        return self.positions[-1]

    @property
    def last_move(self) -> Move | None:
        if self.solution is not None:
            return self.puzzle.line[self.solution - 1] if self.solution else None
        return self.moves[-1] if self.moves else None

    @property
    def players_turn(self) -> bool:
        """The player may enter a move now."""
        return self.status == SOLVING and self.pending_reply is None and self.solution is None

    def expected(self) -> Move:
        """The move of the line the player has to find now (or had to, after a wrong move)."""
        return self.puzzle.line[self.ply]

    # -- the player's moves ------------------------------------------------------------

    def play(self, move: Move) -> str:
        """The player's ``move``: RIGHT, SOLVED or WRONG.  SessionError when it is not their turn or
        the move is not legal."""
        if not self.players_turn:
            raise SessionError("not your move now")
        position = self.positions[-1]
        if not position.is_legal(move):
            raise SessionError(f"{move} is not a legal move here")
        after = position.play(move)
        self.moves.append(move)
        self.positions.append(after)
        if self.puzzle.solves(self.ply, move):
            self.ply += 1
            if move != self.puzzle.line[self.ply - 1] or self.ply == len(self.puzzle.line):
                # the last move, or another answer the puzzle accepts (the line goes on from its own move)
                return self._end(SOLVED)
            self.pending_reply = self.puzzle.line[self.ply]
            return RIGHT
        if not after.legal_moves():
            return self._end(SOLVED)  # a move that wins the game at once solves any puzzle
        self.wrong = move
        self._end(FAILED)
        return WRONG

    def take_reply(self) -> Move | None:
        """Play the opponent's waiting reply; the move (None when there was none)."""
        move, self.pending_reply = self.pending_reply, None
        if move is not None:
            self.moves.append(move)
            self.positions.append(self.positions[-1].play(move))
            self.ply += 1
        return move

    def _end(self, status: str) -> str:
        self.status = status
        if self.result is None:
            self.result = status == SOLVED and not self.helped
        return status

    # -- help ----------------------------------------------------------------------------

    def hint(self) -> Hint | None:
        """The first hint names the square of the piece to move, the next the move; None when there
        is nothing to hint (the puzzle is over).  A hint means the attempt counts as not solved."""
        if not self.players_turn:
            return None
        self.helped = True
        self.hints = min(2, self.hints + 1)
        move = self.expected()
        return Hint(move.start, move if self.hints >= 2 else None)

    def retry(self) -> None:
        """Back to the start of the puzzle (the attempt already counted stays counted)."""
        self.retries += 1
        self._reset()

    def give_up(self) -> bool:
        """Leaving an attempt once a move of it is made: it counts as not solved (as the solution
        would), so a puzzle cannot be dodged once begun.  False when there was nothing to give up."""
        if self.status != SOLVING or not self.moves:
            return False
        self.pending_reply = None
        self._end(FAILED)
        return True

    def show_solution(self) -> None:
        """Step through the line from the start (``step_solution``); an attempt still going on
        counts as not solved."""
        self.helped = True
        if self.status == SOLVING:
            self.pending_reply = None
            self._end(FAILED)
        self.solution = 0

    def step_solution(self, delta: int) -> bool:
        """Move ``delta`` plies along the solution; False when already at that end."""
        if self.solution is None:
            return False
        to = max(0, min(len(self.puzzle.line), self.solution + delta))
        moved = to != self.solution
        self.solution = to
        return moved

    def solution_done(self) -> bool:
        return self.solution is not None and self.solution == len(self.puzzle.line)

    # -- the refutation's question --------------------------------------------------------

    def wrong_position(self) -> tuple[Position, Move, tuple[Move, ...]] | None:
        """(the position before the wrong move, the wrong move, the line it should have followed),
        or None when no wrong move was played."""
        if self.wrong is None:
            return None
        before = self.positions[-2]
        return before, self.wrong, self.puzzle.line[self.ply:]

    def history_after_wrong(self) -> tuple[Position, ...]:
        """The earlier positions the engine is shown with the position after the wrong move."""
        history: tuple[Position, ...] = tuple(engine_history(self.positions, self.moves))
        return history


class Refutation:
    """Why a wrong move fails, in words: a search of the position after it, in the engine's process.

    ``client_factory()`` makes the engine client on first use (``app.new_engine()``);
    ``ask(session)`` starts the search, ``poll()`` (once a frame) returns the words once they are
    known (and then ``text`` holds them); ``close()`` ends the process without waiting.
    """

    def __init__(self, client_factory: Callable[[], Any], names: tuple[str, str] = COLOUR_NAMES) -> None:
        self._factory = client_factory
        self.names = names
        self.client: Any = None
        self._rid: Any = None
        # (the position before the wrong move, the move, the solution from there, the forced replies)
        self._question: tuple[Position, Move, tuple[Move, ...], Any] | None = None
        self._pv: tuple[Move, ...] = ()
        self.text: str | None = None
        self.line: tuple[Move, ...] = ()   # the refutation, opponent first
        self.error: str | None = None
        self.verdict = ""                  # "17-21 loses a man" (the move played and what it does)
        self.reply = ""                    # "26-22 6-9 22-17 …": what answers it
        self.better = ""                   # "11-16 …": the solution's line instead
        self.rest = ""                     # after a solve: how the game goes on from there (``follow``)
        self._follow = False

    @property
    def thinking(self) -> bool:
        return self._rid is not None

    def clear(self) -> None:
        if self._rid is not None and self.client is not None:
            cancel_quietly(self.client)
        self._rid = None
        self._question = None
        self._pv = ()
        self.text, self.line, self.error = None, (), None
        self.verdict = self.reply = self.better = self.rest = ""
        self._follow = False

    def ask(self, session: PuzzleSession) -> None:
        """Explain the wrong move of ``session`` (nothing when it has none)."""
        self.clear()
        question = session.wrong_position()
        if question is None:
            return
        before, move, better_line = question
        after = before.play(move)
        forced = play_forced(after, session.history_after_wrong())
        self._question = (before, move, better_line, forced)
        self._search(forced)

    def follow(self, session: PuzzleSession) -> None:
        """After a solve: search on from the position the line leaves, so that the screen can show
        the rest of the line (``rest``: the replies forced, then the engine's line)."""
        self.clear()
        if not session.moves:
            return
        position = session.positions[-1]
        forced = play_forced(position, engine_history(session.positions, session.moves))
        self._question = (session.positions[-2], session.moves[-1], (), forced)
        self._follow = True
        self._search(forced)

    def _search(self, forced: Forced) -> None:
        """Search on from where the forced replies leave the line; where they end the game, or no
        engine can be had, the words are made at once from the forced moves alone (the wrong move
        is still said, without the why; a solved line stops where the puzzle's does)."""
        if forced.over:
            self._finish(forced.moves, None)
            return
        from ..engine.process import Limit

        try:
            if self.client is None:
                self.client = self._factory()
            self._rid = self.client.go(forced.position, forced.history,
                                       Limit(depth=REFUTATION_DEPTH, nodes=REFUTATION_NODES))
        except Exception as e:  # no engine
            self._rid = None
            self.error = str(e).splitlines()[0] if str(e) else type(e).__name__
            self._finish(forced.moves, None)

    def poll(self) -> str | None:
        """The words, once known (None meanwhile)."""
        question = self._question
        if self._rid is None or self.client is None or question is None:
            return self.text
        from ..engine.process import Done, Info

        try:
            messages = self.client.poll()
        except Exception as e:
            self._rid, self.error = None, str(e).splitlines()[0] if str(e) else type(e).__name__
            self._finish(question[3].moves, None)
            return self.text
        for msg in messages:
            if getattr(msg, "request_id", None) != self._rid:
                continue
            if isinstance(msg, Info):
                self._pv = tuple(msg.pv)   # the deepest line so far
            elif isinstance(msg, Done):
                self._rid = None
                forced = question[3]
                if msg.error:
                    self.error = msg.error.splitlines()[0]
                pv = self._pv if self._pv and self._pv[0] == msg.move else ((msg.move,) if msg.move else ())
                self._finish(forced.moves + pv,
                             None if msg.score is None else -plies_back(msg.score, len(forced.moves)))
                break
        return self.text

    def _finish(self, refutation: tuple[Move, ...], played_score: int | None) -> None:
        if self._question is None:
            return
        if self._follow:
            self.rest = line_text(refutation)
            return
        before, move, better_line, _ = self._question
        better = better_line[0] if better_line else None
        # what the move loses on the board by itself ("walks into a two-for-one shot"); failing
        # that, what it misses against the solution ("misses winning a man with 9-13")
        words = explain(before, move, refutation, better=better, played_score=played_score, names=self.names)
        if words.reason == _NO_REASON:
            words = explain(before, move, refutation, better=better, played_score=played_score,
                            best_line=better_line, names=self.names)
        self.line = words.line
        reason = words.reason
        if better is not None and reason.endswith(f" with {better}"):
            reason = reason[:-len(f" with {better}")]   # the better move is said on its own line
        self.verdict = f"{move} is not the answer" if reason == _NO_REASON else f"{move} {reason}"
        self.reply = line_text(words.line) if words.line else ""
        self.better = line_text(better_line) if better_line else ""
        self.text = "; ".join(part for part in (self.verdict,
                                                 self.reply and f"the reply: {self.reply}",
                                                 self.better and f"better: {self.better}") if part)

    def close(self) -> None:
        self.clear()
        client, self.client = self.client, None
        close_quietly(client)
