"""Where a damaged record stops, in a player's words.

The reader's ``error`` names the game, the line and the position's FEN, which is right for
a log and wrong for a player.  ``stop_words`` says where the game stops and why, with no
FEN::

    after 2... 22-18; the record's next move, 3. 9-13, cannot be played (a jump must be taken: 15x22)

The moves read before the error are the game as far as it goes; the record's result is
not evidence of how the game ended (a record cut short says 1-0 all the same).
"""

from __future__ import annotations

import re

from .errors import NotationError
from .pdn_reader import PdnError, _start_position, move_label

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

# the reader's move errors: "move 3. 9-13 (line 2 in game 1): '9-13' is not legal in B:W18,… (legal: 15x22)"
_MOVE_ERROR = re.compile(r"\Amove (?P<label>\d+\.(?:\.\.)?)(?: (?P<text>.+?))? \(line \d+ in .*?\): (?P<why>.*)\Z",
                         re.S)
_FEN = re.compile(r" in [BW]:\S*")
MAX_NAMED = 4   # jumps named when one must be taken


def stop_words(tags: Mapping[str, str], moves: Sequence[object], error: str | None) -> str:
    """Why and where a record that ``error`` says is damaged stops: "" when it is not damaged.

    ``moves`` are the moves read before the error (``PdnGame.moves``), ``tags`` its tags (a FEN
    tag sets the start)."""
    if not error:
        return ""
    found = _MOVE_ERROR.match(error)
    if found is None:  # a tag, the file itself: no place in the moves to name
        return _FEN.sub(" there", error)
    try:
        start = _start_position(tags)
        position = start
        for move in moves:
            position = position.play(move)  # type: ignore[arg-type]
    except (PdnError, NotationError, ValueError, TypeError, AttributeError):
        return _FEN.sub(" there", found.group("why"))
    if moves:
        after = f"after {move_label(len(moves) - 1, start.turn)} {moves[-1]}"
    else:
        after = "before its first move"
    text, why = found.group("text"), found.group("why")
    if text and "is not legal" in why:
        legal = position.legal_moves()
        if legal and all(m.is_capture for m in legal):
            named = ", ".join(str(m) for m in legal[:MAX_NAMED]) + (", …" if len(legal) > MAX_NAMED else "")
            reason = f"a jump must be taken: {named}"
        elif not legal:
            reason = "the side to move has no move left"
        else:
            reason = "it is not a legal move there"
    else:
        reason = _FEN.sub(" there", why)
        quoted = f"'{text}': "
        if reason.startswith(quoted):  # "'99-13': no square 99": the move is named already
            reason = reason[len(quoted):]
        elif reason.startswith(f"'{text}' "):
            reason = reason[len(text) + 3:]
    if text:
        which = "next" if moves else "first"
        return f"{after}; the record's {which} move, {found.group('label')} {text}, cannot be played{_aside(reason)}"
    return f"{after}; {reason}"



def _aside(reason: str) -> str:
    """The reason after what it explains: in brackets, or after a colon when it has brackets of its own
    (no "(no square 99 (squares are 1-32))")."""
    return f": {reason}" if "(" in reason or ")" in reason else f" ({reason})"


__all__ = ["stop_words"]
