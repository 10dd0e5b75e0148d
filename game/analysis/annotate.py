"""A graded game as PDN: move marks (``?!``, ``?``, ``??``) and short comments a person would write.

The tags come from ``game.notation.pdn.write_pdn`` (the seven standard tags, the
game's own result, FEN/SetUp), so an annotated file is an ordinary PDN file that
any reader takes.  A comment follows each inaccuracy, mistake and blunder::

    12. 11-15 23-19 13. 9-14?? {loses a man: 23x9 5x14 22x15. Better 10-14; White +1.05}

the reason in words (from ``explain``), the engine's move instead, and the
evaluation after the move in men, named by the side that is ahead.  No ``!``:
whether a best move was the only good one is not known from one line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..engine.scores import DATABASE_BOUND, MATE_BOUND, WIN
from ..notation.pdn import move_label, wrap_movetext, write_pdn
from ..rules import COLOUR_NAMES, Game
from .grading import BLUNDER, INACCURACY, MISTAKE

if TYPE_CHECKING:
    from .report import GameReport, MoveReport

COMMENTED = (INACCURACY, MISTAKE, BLUNDER)
LINE_MOVES = 5   # moves of the refutation written in a comment: enough to see it, short to read


def evaluation_words(score_black: int, names: Sequence[str] = COLOUR_NAMES) -> str:
    """``White +1.05``, ``level``, ``Red wins in 7``: a score (first player's view) in words."""
    if abs(score_black) >= MATE_BOUND:
        winner = 0 if score_black > 0 else 1
        return f"{names[winner]} wins in {(WIN - abs(score_black) + 1) // 2}"
    if abs(score_black) >= DATABASE_BOUND:
        return f"{names[0 if score_black > 0 else 1]} wins"
    if abs(score_black) < 5:
        return "level"
    return f"{names[0 if score_black > 0 else 1]} +{abs(score_black) / 100:.2f}"


def move_comment(m: MoveReport, names: Sequence[str] = COLOUR_NAMES) -> str | None:
    """The comment after a graded move, or None for a move that needs none."""
    if m.kind not in COMMENTED:
        return None
    after_black = m.played_score if m.colour == 0 else -m.played_score
    parts = []
    e = m.explanation
    if e is not None and e.reason:
        text = e.reason
        if e.line:
            words = [str(x) for x in e.line[:LINE_MOVES]]
            if len(e.line) > LINE_MOVES:
                words.append("...")
            text += ": " + " ".join(words)
        parts.append(text + ".")
    if m.best is not None and m.best != m.move:
        parts.append(f"Better {m.best};")
    parts.append(evaluation_words(after_black, names))
    return _safe(" ".join(parts))


def _safe(text: str) -> str:
    # a comment ends at the first '}': none may appear inside one
    return text.replace("{", "(").replace("}", ")")


def annotated_pdn(game: Game, report: GameReport, tags: Mapping[str, str | None] | None = None,
                  result: str | None = None, names: Sequence[str] = COLOUR_NAMES) -> str:
    """``game`` (a rules.Game) as PDN with the marks and comments of ``report`` (a GameReport
    of the same moves).  ``tags``/``result`` as for ``write_pdn``."""
    if len(report.moves) != len(game.moves) or any(r.move != m for r, m in zip(report.moves, game.moves)):
        raise ValueError("the report is not of this game's moves")
    plain = write_pdn(game, tags, result)
    head, _, movetext = plain.partition("\n\n")
    result_word = movetext.split()[-1]
    words = []
    after_comment = False
    for ply, (move, m) in enumerate(zip(game.moves, report.moves)):
        label = move_label(ply, game.start.turn)
        text = f"{move}{m.grade.mark}"
        if not label.endswith("...") or ply == 0 or after_comment:
            text = f"{label} {text}"  # a reply after a comment needs its number again: "12... 22-18"
        words.append(text)
        comment = move_comment(m, names)
        after_comment = bool(comment)
        if comment:
            # wrapped with the moves: a line break inside a comment reads back as a space
            words.extend(f"{{{comment}}}".split())
    words.append(result_word)
    return head + "\n\n" + "\n".join(wrap_movetext(words)) + "\n"
