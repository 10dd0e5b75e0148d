"""The notation errors: all ValueErrors that quote (an excerpt of) the bad input.

``NotationError`` is defined by the rules, which read FEN themselves, so that
one class covers a bad FEN and a bad PDN, square name or board text alike.
"""

from ..rules.errors import FenError, NotationError

__all__ = ["FenError", "NotationError"]
