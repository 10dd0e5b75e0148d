"""How the screens word a game's state with the sides' on-screen names (``theme.SIDE_NAMES``).

The rules name the sides Black and White (the PDN and FEN words); the screens
call them by the colours the player sees, so an outcome is worded here again
from its winner and termination.
"""

from __future__ import annotations

from ..rules import NO_MOVES, NO_PIECES, RESIGNATION, Game, Outcome, opponent
from ..rules.game import AGREEMENT, TIME_FORFEIT
from .theme import side_name


def outcome_words(outcome: Outcome) -> str:
    """"White has no pieces left", "Red resigned", "Red lost on time", "Draw agreed", or the draw rule's own
    words."""
    if outcome.winner is None:
        return "Draw agreed" if outcome.termination == AGREEMENT else str(outcome)  # a draw names no side
    loser = side_name(opponent(outcome.winner))
    return {NO_PIECES: f"{loser} has no pieces left", NO_MOVES: f"{loser} has no legal move",
            RESIGNATION: f"{loser} resigned", TIME_FORFEIT: f"{loser} lost on time"}.get(outcome.termination,
                                                                                          str(outcome))


def player_names(black: str | None, white: str | None) -> tuple[str, str]:
    """The players' names as the screens say them: a game's "Human" (the word older versions wrote for
    a person; the store now writes "You", "Player 1" and "Player 2" itself) is "You" against the
    computer, "Player 1" and "Player 2" between two people, as on the play screen's panel; a name left
    out ("?" in PDN) is "Unknown"; any other name is shown as it is."""
    human = "Human"
    if black == human and white == human:
        return "Player 1", "Player 2"
    return _shown(black, human), _shown(white, human)


UNKNOWN = "Unknown"   # a name the record leaves out: PDN writes "?" (or nothing)


def _shown(name: str | None, human: str) -> str:
    if name == human:
        return "You"
    name = (name or "").strip()
    return UNKNOWN if name in ("", "?", "-") else name


def to_move(colour: int) -> str:
    """"Red to move"."""
    return f"{side_name(colour)} to move"


def opening_label(game: Game) -> str:
    """The opening of a game as a player reads it ("Old Fourteenth (ballot 104)"), or ""."""
    from ..notation.openings import opening_of

    try:
        opening = opening_of(game)
    except ValueError:  # a game whose moves cannot be named: no opening shown
        return ""
    return opening.label if opening is not None else ""
