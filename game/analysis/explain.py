"""Why a move was bad, in a player's words, read off what the refutation does.

The words are derived from the line itself, played out on the rules: material
won and lost (men and kings), a shot (one side jumps two or more pieces in one
move after giving fewer), a man crowned, a side left without a move, a forced
win on the board, and the endgame database's verdict where it applies.  No
fixed list of openings or positions: the same rules explain any game.

    >>> explain(position, played, refutation, ...)
    Explanation(text="22-18 loses a man: 15x22 25x18 11-15 …", ...)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..engine.scores import DATABASE_BOUND, MATE_BOUND, WIN
from ..rules import COLOUR_NAMES, Move, Position

Probe = Callable[[Position], "int | None"]  # the endgame database: 1 win, 0 draw, -1 loss, None unknown
# _balance's answer: lost men, lost kings, taken men, taken kings, crowned by the other side, end, line
Balance = tuple[int, int, int, int, int, Position, list[Move]]

LINE_PLIES = 8          # how much of the refutation is shown and weighed
KING_VALUE = 1.5        # a king counts as a man and a half when material is weighed

_COUNT_WORDS = {1: "a", 2: "two", 3: "three", 4: "four"}
_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def _count_words(n: int, noun: str) -> str:
    if n == 1:
        return f"a {noun}"
    return f"{_COUNT_WORDS.get(n, str(n))} {noun}s" if noun != "man" else f"{_COUNT_WORDS.get(n, str(n))} men"


def _material(position: Position, colour: int) -> tuple[int, int]:
    """(men, kings) of ``colour``."""
    if colour == 0:
        return len(position.black_men), len(position.black_kings)
    return len(position.white_men), len(position.white_kings)


def line_text(moves: Sequence[Move], limit: int = LINE_PLIES) -> str:
    """``15x22 25x18 11-15 …``: a line in notation, cut at ``limit`` moves."""
    words = [str(m) for m in moves[:limit]]
    if len(moves) > limit:
        words.append("…")
    return " ".join(words)


@dataclass(frozen=True)
class Explanation:
    """What a bad move allows: one short sentence, and the line that shows it."""

    text: str            # "22-18 loses a man: 15x22 25x18 11-15 …"
    reason: str          # "loses a man" (the words alone)
    line: tuple[Move, ...]  # the refutation as Moves, played move excluded
    better: Move | None  # the engine's move instead


def _playable(position: Position, moves: Iterable[Move]) -> tuple[list[Move], list[Position]]:
    """The longest legal prefix of ``moves`` from ``position``, with the positions it passes."""
    played: list[Move] = []
    positions = [position]
    for move in moves:
        if not positions[-1].is_legal(move):
            break
        positions.append(positions[-1].play(move))
        played.append(move)
    return played, positions


def _extend_captures(moves: Iterable[Move], positions: Iterable[Position],
                     limit: int = 12) -> tuple[list[Move], list[Position]]:
    """Go on while the side to move must capture: an exchange is never judged in the middle."""
    moves, positions = list(moves), list(positions)
    while len(moves) < limit:
        legal = positions[-1].legal_moves()
        if not legal or not legal[0].is_capture:
            break
        # any capture does to show the material: the engine's line stopped before it
        best = max(legal, key=lambda m: len(m.captures))
        moves.append(best)
        positions.append(positions[-1].play(best))
    return moves, positions


def _balance(start: Position, moves: Iterable[Move], mover: int) -> Balance:
    """What ``moves`` (played out from ``start``, exchanges completed) do to ``mover``'s material.

    Returns (lost men, lost kings, taken men, taken kings, kings crowned by the
    other side, the end position, the moves actually played), counted move by
    move: a man that is crowned is not lost, a king made and then taken is a king lost.
    """
    line, positions = _playable(start, list(moves)[:LINE_PLIES + 1])
    line, positions = _extend_captures(line, positions)
    lost = [0, 0]       # men, kings of the mover taken
    took = [0, 0]       # men, kings of the other side taken
    crowned_theirs = 0
    for i, move in enumerate(line):
        before, after = positions[i], positions[i + 1]
        side = before.turn
        for square in move.captures:
            colour, king = _piece(before, square)
            (lost if colour == mover else took)[1 if king else 0] += 1
        piece = _piece(before, move.start)
        if side != mover and not piece[1] and _piece(after, move.end)[1]:
            crowned_theirs += 1
    return lost[0], lost[1], took[0], took[1], crowned_theirs, positions[-1], line


def _piece(position: Position, square: int) -> tuple[int, bool]:
    """The piece on ``square``, which a legal move's start, end or capture always holds."""
    piece = position.piece_at(square)
    if piece is None:
        raise ValueError(f"no piece on {square} in {position.fen()}")
    return piece


def _net(b: Balance) -> float:
    lost_men, lost_kings, took_men, took_kings = b[:4]
    return (lost_men + KING_VALUE * lost_kings) - (took_men + KING_VALUE * took_kings)


# A forced win in an ending the database knows is a reason up to this many moves
# (as far as the search itself looks for one there: SearchParams.short_win_plies).
_SHORT_WIN_MOVES = 3


def reasons(position: Position, played: Move, refutation: Sequence[Move], best_line: Sequence[Move] = (),
            played_score: int | None = None, probe: Probe | None = None,
            names: Sequence[str] = COLOUR_NAMES) -> tuple[list[str], list[Move]]:
    """The reasons ``played`` (from ``position``) is bad, most serious first, and the line shown.

    ``refutation`` is the opponent's best line after it (Moves, opponent first);
    ``best_line`` the engine's line from ``position`` instead (its move first):
    material is judged against it, so a move in a lost game is not blamed for
    the men that go whatever is played.  ``played_score`` is the engine's score
    after the move from the mover's view; ``probe`` the endgame database lookup
    (Position -> 1/0/-1/None), if any; ``names`` what the two sides are called.
    """
    mover = position.turn
    them = 1 - mover
    after = position.play(played)
    mine = _balance(position, [played] + list(refutation), mover)
    line = mine[6][1:]
    best: Balance = _balance(position, best_line, mover) if best_line else (0, 0, 0, 0, 0, position, [])
    end = mine[5]
    out = []

    # A forced result the engine proved.  In an ending the database knows, only a
    # short one: its verdict below says the rest (the distance to the win makes
    # every lost ending there a win in so many moves, and "a forced win in 25" is
    # not why a player's move was bad).
    if played_score is not None and played_score <= -MATE_BOUND:
        moves_to_loss = (WIN + played_score + 1) // 2
        if moves_to_loss <= _SHORT_WIN_MOVES or probe is None or _probe(probe, after) is None:
            out.append(f"allows a forced win for {names[them]} in {moves_to_loss}")

    # The endgame database's verdict: exact, whatever the search thought.
    if probe is not None:
        before_db = _probe(probe, position)
        after_db = _probe(probe, after)
        if before_db is not None and after_db is not None:
            after_db = -after_db  # mover's view
            if before_db == 1 and after_db == 0:
                out.append("throws away a won ending")
            elif before_db == 1 and after_db == -1:
                out.append("turns a won ending into a loss")
            elif before_db == 0 and after_db == -1:
                out.append("turns a drawn ending into a loss")

    # Material, against what the best line keeps.
    deficit = _net(mine) - _net(best)
    if deficit >= 1 and _net(mine) < 1:
        # nothing is lost on the board: the engine's move would have won material
        won = round(-_net(best))
        out.append(f"misses winning {'a man' if won <= 1 else _count_words(won, 'man')} with {best_line[0]}"
                   if best_line else "misses winning material")
    elif deficit >= 1:
        lost_men = mine[0] - best[0]
        lost_kings = mine[1] - best[1]
        took = mine[2] + mine[3]
        shot = max((len(m.captures) for i, m in enumerate(line) if i % 2 == 0), default=0)
        gave = mine[0] + mine[1]
        if shot >= 2 and took >= 1 and gave > took:
            # gave some to get more back in one jump: the classic shot
            out.append(f"walks into a {_NUMBER_WORDS.get(gave, gave)}-for-{_NUMBER_WORDS.get(took, took)} shot")
        elif lost_men >= 0 and lost_kings >= 0 and lost_men + lost_kings >= 1 and took <= best[2] + best[3]:
            lost = []
            if lost_men > 0:
                lost.append(_count_words(lost_men, "man"))
            if lost_kings > 0:
                lost.append(_count_words(lost_kings, "king"))
            out.append("loses " + " and ".join(lost))
        else:
            n = round(deficit)
            out.append("loses a man" if n == 1 else f"loses {_count_words(n, 'man')}")

    # A crowning the line allows and the best line does not.
    if mine[4] > best[4] and deficit >= 0:
        out.append(f"lets {names[them]} crown")

    # Left without a move (blocked) at the end of the line.
    if end.turn == mover and not end.legal_moves() and end.pieces(mover):
        out.append(f"leaves {names[mover]} with no move")
    return out, line


def material_lost(position: Position, played: Move, refutation: Sequence[Move],
                  best_line: Sequence[Move] = ()) -> float:
    """Men (a king 1.5) the move loses by force: lost on the board over the line, and
    lost against the engine's line too; 0 when it loses nothing (a missed win is not a loss)."""
    mover = position.turn
    mine = _balance(position, [played] + list(refutation), mover)
    best: Balance = _balance(position, best_line, mover) if best_line else (0, 0, 0, 0, 0, position, [])
    return max(0.0, min(_net(mine), _net(mine) - _net(best)))


def _probe(probe: Probe, position: Position) -> int | None:
    try:
        return probe(position)
    except Exception:  # a database problem never stops a report; the search score stands
        return None


def explain(position: Position, played: Move, refutation: Sequence[Move], better: Move | None = None,
            played_score: int | None = None, best_score: int | None = None, probe: Probe | None = None,
            best_line: Sequence[Move] = (), names: Sequence[str] = COLOUR_NAMES) -> Explanation:
    """One sentence saying what ``played`` allows, derived from ``refutation``.

    Without a concrete reason the sentence says roughly how much of the engine's score the
    move gives away, in men and in words: "gives away about a man of advantage".
    """
    found, line = reasons(position, played, refutation, best_line, played_score, probe, names)
    if found:
        reason = " and ".join(found[:2])
    elif best_score is not None and played_score is not None and _result(best_score) > _result(played_score):
        # a known result thrown away: said in results, never in "men" (a won ending scores thousands)
        reason = _RESULT_WORDS[(_result(best_score), _result(played_score))]
    elif best_score is not None and played_score is not None:
        reason = f"gives away {_men_words((best_score - played_score) / 100)} of advantage"
    else:
        reason = "is weaker than the engine's move"
    text = f"{played} {reason}"
    if line:
        text += ": " + line_text(line)
    return Explanation(text=text, reason=reason, line=tuple(line), better=better)


def _men_words(men: float) -> str:
    """How much, in a player's words: "a little", "about half a man", "about a man", "about 2 men"."""
    if men < 0.35:
        return "a little"
    if men < 0.75:
        return "about half a man"
    if men < 1.25:
        return "about a man"
    if men < 1.75:
        return "about a man and a half"
    return f"about {round(men)} men"


def _result(score: int) -> int:
    """1 when a score knows the game is won, -1 lost, 0 when it does not know."""
    if score >= DATABASE_BOUND:
        return 1
    if score <= -DATABASE_BOUND:
        return -1
    return 0


_RESULT_WORDS = {(1, 0): "throws away a win", (1, -1): "turns a win into a loss", (0, -1): "walks into a lost game"}

