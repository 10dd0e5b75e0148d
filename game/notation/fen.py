"""FEN for checkers: ``B:W18,24,K10:B12,16``.

The first field is the side to move; then one field per colour, each a list
of squares, kings prefixed with ``K``.  Reading is forgiving (ranges such as
``B1-12``, quotes, a trailing dot, colours in either order, lower case);
writing is canonical (white's field first, men then kings, ascending).
"""

import re

from ..rules.position import BLACK, WHITE, Position
from .errors import NotationError

_DIGITS = re.compile(r"[0-9]{1,3}")


def _squares(field, fen):
    men, kings = [], []
    body = field[1:].strip()
    if not body:
        return men, kings
    for item in body.split(","):
        item = item.strip()
        if not item:
            continue
        raw = item
        king = item[:1].upper() == "K"
        if king:
            item = item[1:]
        lo, sep, hi = (part.strip() for part in item.partition("-"))
        # plain ASCII digits only: int() would also take "+5", "1_2" and other scripts' digits
        if not (_DIGITS.fullmatch(lo) and (not sep or _DIGITS.fullmatch(hi))):
            raise NotationError(f"bad square {raw!r} in FEN {fen!r}")
        first = int(lo)
        last = int(hi) if sep else first
        if not (1 <= first <= 32 and 1 <= last <= 32):
            raise NotationError(f"square {raw!r} out of range 1-32 in FEN {fen!r}")
        if last < first:
            raise NotationError(f"range {raw!r} runs backwards (write it low-high) in FEN {fen!r}")
        (kings if king else men).extend(range(first, last + 1))
    return men, kings


def parse_fen(text):
    """The Position of a FEN string; NotationError naming the problem otherwise."""
    if not isinstance(text, str):
        raise NotationError(f"FEN must be text, not {type(text).__name__}")
    fen = text.strip().strip('"').strip().rstrip(".").strip()
    fields = [f.strip() for f in fen.split(":")]
    if len(fields) != 3:
        raise NotationError(f"FEN {text!r} should have three fields separated by ':' like B:W21-32:B1-12")
    turn_field = fields[0].upper()
    if turn_field not in ("B", "W"):
        raise NotationError(f"FEN {text!r} should start with B or W (the side to move), not {fields[0]!r}")
    sides = {}
    for field in fields[1:]:
        colour = field[:1].upper()
        if colour not in ("B", "W"):
            raise NotationError(f"FEN field {field!r} should start with B or W in {text!r}")
        if colour in sides:
            raise NotationError(f"FEN {text!r} lists {'black' if colour == 'B' else 'white'} twice")
        sides[colour] = _squares(field, text)
    bm, bk = sides["B"]
    wm, wk = sides["W"]
    try:
        return Position.from_squares(bm, bk, wm, wk, BLACK if turn_field == "B" else WHITE)
    except ValueError as e:
        raise NotationError(f"FEN {text!r}: {e}") from None


def position_fen(position):
    """The canonical FEN of a position."""
    def field(colour, men, kings):
        items = [str(s) for s in sorted(men)] + ["K" + str(s) for s in sorted(kings)]
        return colour + ",".join(items)

    return ":".join([
        "B" if position.turn == BLACK else "W",
        field("W", position.white_men, position.white_kings),
        field("B", position.black_men, position.black_kings),
    ])
