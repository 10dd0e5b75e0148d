"""A game: the positions and moves played so far, undo/redo, and the outcome."""

from __future__ import annotations

from ..textfile import excerpt
from . import bitboard as bb
from .errors import IllegalMoveError, RulesError
from .position import BLACK, COLOUR_NAMES, WHITE, Move, Position, opponent

# Terminations: why a game ended.
NO_PIECES = "no_pieces"
NO_MOVES = "no_moves"
REPETITION = "repetition"
NO_PROGRESS = "no_progress"
RESIGNATION = "resignation"
AGREEMENT = "agreement"  # both players agreed to a draw
TIME_FORFEIT = "time_forfeit"  # a side's clock ran out (a flag loses)

# The no-progress counts of the two draw rules, in plies (one move of one side).
OFFICIAL_NO_PROGRESS_PLIES = 80
CSCI561_NO_PROGRESS_PLIES = 50


class DrawRule:
    """When a game is drawn without a decision on the board.

    ``official`` (WCDF/ACF): 40 moves by each side (80 plies) in which no man
    moved and nothing was captured, or the same position with the same side
    to move three times.  ``csci561`` (the course referee the tournament seed
    plays under): 50 consecutive turns (plies) with no capture and no
    crowning, or a threefold repetition.
    """

    __slots__ = ("name", "plies", "man_move_resets", "crowning_resets", "words")

    def __init__(self, name: str, plies: int, man_move_resets: bool, crowning_resets: bool, words: str) -> None:
        self.name = name
        self.plies = plies
        self.man_move_resets = man_move_resets
        self.crowning_resets = crowning_resets
        self.words = words

    def resets(self, before: Position, after: Position, move: Move) -> bool:
        """Does the legal ``move`` (from ``before`` to ``after``) restart the no-progress count?"""
        if move.captures:
            return True
        moved = before.piece_at(move.start)
        assert moved is not None  # a legal move starts on a piece
        if moved[1]:  # a king's quiet move is never progress
            return False
        if self.man_move_resets or not self.crowning_resets:
            return self.man_move_resets
        landed = after.piece_at(move.end)
        assert landed is not None  # ...and ends on it
        return landed[1]  # the man was crowned

    def __repr__(self) -> str:
        return f"DRAW_RULES[{self.name!r}]"


DRAW_RULES = {
    "official": DrawRule("official", OFFICIAL_NO_PROGRESS_PLIES, True, False,
                         "40 moves each without a capture or a man moving"),
    "csci561": DrawRule("csci561", CSCI561_NO_PROGRESS_PLIES, False, True,
                        "50 turns without a capture or a crowning"),
}


def draw_rule_named(name: str | DrawRule) -> DrawRule:
    """The DrawRule called ``name`` (a key of DRAW_RULES); a DrawRule is
    returned as it is.  RulesError quoting anything else."""
    if isinstance(name, DrawRule):
        return name
    if not (isinstance(name, str) and name in DRAW_RULES):
        raise RulesError(f"unknown draw rule {excerpt(name, 30)} (expected one of {', '.join(DRAW_RULES)})")
    return DRAW_RULES[name]


class Outcome:
    """How a game ended: ``winner`` (BLACK, WHITE or None for a draw) and why.

    Immutable, like the positions: an outcome is a value that can be kept and compared.
    """

    __slots__ = ("winner", "termination", "words")
    winner: int | None  # BLACK, WHITE, or None for a draw
    termination: str    # NO_PIECES, NO_MOVES, REPETITION, NO_PROGRESS, RESIGNATION, AGREEMENT or TIME_FORFEIT
    words: str

    def __init__(self, winner: int | None, termination: str, words: str) -> None:
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "termination", termination)
        object.__setattr__(self, "words", words)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Outcome is immutable")

    def __reduce__(self) -> tuple[type[Outcome], tuple[int | None, str, str]]:
        return (Outcome, (self.winner, self.termination, self.words))

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def result(self) -> str:
        """The PDN result: ``2-0`` (black won), ``0-2`` (white won) or ``1-1``."""
        if self.winner is None:
            return "1-1"
        return "2-0" if self.winner == BLACK else "0-2"

    def __str__(self) -> str:
        return self.words

    def __repr__(self) -> str:
        return f"Outcome(winner={self.winner!r}, termination={self.termination!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Outcome) and self.winner == other.winner
                and self.termination == other.termination)

    def __hash__(self) -> int:
        return hash((self.winner, self.termination))


def board_outcome(position: Position) -> Outcome | None:
    """The outcome decided on the board alone: the side to move has no piece or no move."""
    side = position.turn
    if not position.pieces(side):
        return Outcome(opponent(side), NO_PIECES, f"{COLOUR_NAMES[side]} has no pieces left")
    if not bb.count_moves(*position.state):
        return Outcome(opponent(side), NO_MOVES, f"{COLOUR_NAMES[side]} has no legal move")
    return None


class Game:
    """The history of a game from a start position, with undo and redo.

    ``positions[i]`` is the position before ``moves[i]``; ``positions[-1]`` is
    the current one.  ``push`` checks legality; ``undo``/``redo`` walk the
    history.  ``outcome`` is None while the game goes on.
    """

    def __init__(self, start: Position | None = None, draw_rule: str | DrawRule = "official") -> None:
        rule = draw_rule_named(draw_rule)
        if start is not None and not isinstance(start, Position):
            raise RulesError(f"a game starts from a Position, not {excerpt(start, 30)} "
                             "(read a FEN with Position.from_fen)")
        self.start = start if start is not None else Position.initial()
        self.draw_rule = rule
        self.positions: list[Position] = [self.start]
        self.moves: list[Move] = []
        self._quiet = [0]  # plies without progress, per position
        self._redo: list[Move] = []
        self._resigned: int | None = None
        self._agreed = False  # a draw agreed by both players
        self._flagged: int | None = None  # the side whose clock ran out

    # -- state ----------------------------------------------------------------

    @property
    def position(self) -> Position:
        return self.positions[-1]

    @property
    def turn(self) -> int:
        return self.position.turn

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def quiet_plies(self) -> int:
        """Plies since the draw rule's counter was last reset."""
        return self._quiet[-1]

    def legal_moves(self) -> list[Move]:
        return [] if self.outcome is not None else self.position.legal_moves()

    def repetitions(self, position: Position | None = None) -> int:
        """How many times ``position`` (default: the current one) has occurred."""
        return self.positions.count(position if position is not None else self.position)

    def reversible_history(self) -> list[Position]:
        """The positions since the last capture or man move, oldest first, current included.

        Only these can recur: anything earlier had other material or men on
        other squares.
        """
        out = []
        for i in range(len(self.positions) - 1, -1, -1):
            out.append(self.positions[i])
            if i == 0:
                break
            move = self.moves[i - 1]
            moved = self.positions[i - 1].piece_at(move.start)
            assert moved is not None  # every move of the game was legal
            if move.captures or not moved[1]:
                break
        out.reverse()
        return out

    @property
    def outcome(self) -> Outcome | None:
        if self._resigned is not None:
            loser = self._resigned
            return Outcome(opponent(loser), RESIGNATION, f"{COLOUR_NAMES[loser]} resigned")
        if self._flagged is not None:
            loser = self._flagged
            return Outcome(opponent(loser), TIME_FORFEIT, f"{COLOUR_NAMES[loser]} lost on time")
        if self._agreed:
            return Outcome(None, AGREEMENT, "Draw: agreed by both players")
        decided = board_outcome(self.position)
        if decided is not None:
            return decided
        if self.repetitions() >= 3:
            return Outcome(None, REPETITION, "Draw: the same position three times")
        if self.quiet_plies >= self.draw_rule.plies:
            return Outcome(None, NO_PROGRESS, f"Draw: {self.draw_rule.words}")
        return None

    def is_over(self) -> bool:
        return self.outcome is not None

    # -- changes --------------------------------------------------------------

    def push(self, move: Move) -> None:
        """Play a legal move; raise IllegalMoveError naming it and the position otherwise."""
        if self.outcome is not None:
            raise IllegalMoveError(move, self.position.fen(), (), f"the game is over: {self.outcome}")
        legal = self.position.legal_moves()
        if not isinstance(move, Move) or move not in legal:
            raise IllegalMoveError(move, self.position.fen(), tuple(str(m) for m in legal))
        self._push(move)
        self._redo.clear()

    def _push(self, move: Move) -> None:
        before = self.position
        after = before.play(move)
        self.positions.append(after)
        self.moves.append(move)
        self._quiet.append(0 if self.draw_rule.resets(before, after, move) else self._quiet[-1] + 1)

    def undo(self) -> Move | None:
        """Take back the last move and return it (None at the start)."""
        if self._resigned is not None:
            self._resigned = None
            return None
        if self._agreed:
            self._agreed = False
            return None
        if self._flagged is not None:
            self._flagged = None
            return None
        if not self.moves:
            return None
        self.positions.pop()
        self._quiet.pop()
        move = self.moves.pop()
        self._redo.append(move)
        return move

    def redo(self) -> Move | None:
        """Play again the last move undone and return it (None if there is none)."""
        if not self._redo or self.outcome is not None:
            return None
        move = self._redo.pop()
        self._push(move)
        return move

    @property
    def can_undo(self) -> bool:
        return bool(self.moves) or self._resigned is not None or self._agreed or self._flagged is not None

    @property
    def can_redo(self) -> bool:
        return bool(self._redo) and self.outcome is None

    def resign(self, colour: int) -> None:
        if colour not in (BLACK, WHITE) or isinstance(colour, bool):
            raise RulesError(f"only BLACK or WHITE can resign, not {excerpt(colour, 20)}")
        if self.outcome is None:
            self._resigned = colour

    def lose_on_time(self, colour: int) -> None:
        """``colour``'s clock ran out: it loses, as at club play (undo takes it back, like a resignation)."""
        if colour not in (BLACK, WHITE) or isinstance(colour, bool):
            raise RulesError(f"only BLACK or WHITE can lose on time, not {excerpt(colour, 20)}")
        if self.outcome is None:
            self._flagged = colour

    def agree_draw(self) -> None:
        """Both players agree to a draw (undo takes the agreement back, like a resignation)."""
        if self.outcome is None:
            self._agreed = True

    def copy(self) -> Game:
        g = Game(self.start, self.draw_rule.name)
        g.positions = list(self.positions)
        g.moves = list(self.moves)
        g._quiet = list(self._quiet)
        g._redo = list(self._redo)
        g._resigned = self._resigned
        g._agreed = self._agreed
        g._flagged = self._flagged
        return g

    def __repr__(self) -> str:
        return f"<Game {len(self.moves)} moves, {self.position.fen()}>"


__all__ = [
    "AGREEMENT", "BLACK", "CSCI561_NO_PROGRESS_PLIES", "DRAW_RULES", "DrawRule", "Game", "NO_MOVES", "NO_PIECES",
    "draw_rule_named",
    "NO_PROGRESS", "OFFICIAL_NO_PROGRESS_PLIES", "Outcome", "REPETITION", "RESIGNATION", "TIME_FORFEIT", "WHITE",
    "board_outcome",
]
