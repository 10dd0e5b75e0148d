"""PDN (Portable Draughts Notation) for English checkers: reading and writing.

Reading (``pdn_reader``) is forgiving about layout, strict about legality: every
move is checked against the position it is played in, so a record that goes wrong
is caught at the move where it goes wrong.  A file is read game by game
(``iter_pdn`` yields them one at a time) and one broken game never stops the
others; its ``error`` names the game, the move number and the text, and the moves
before that point are kept.  Move texts are matched by ``pdn_movetext.find_move``,
the one matcher the saves and the autosave use too.

Writing is canonical: the seven standard tags, ``[GameType "21"]``, FEN and
SetUp when the game did not start from the initial position, move numbers, and
every landing square of every move with ``x`` for captures (``str(Move)``), so
that no reader has to guess which capture sequence was meant.  What is written
reads back unchanged.
"""

from __future__ import annotations

import re

from ..rules.game import Game
from ..rules.position import Position
from .pdn_movetext import MoveTextError, find_move
from .pdn_reader import (
    HEADER_PLIES,
    MAX_COMMENT,
    MAX_COMMENT_TOTAL,
    MAX_PDN_FILE_BYTES,
    MAX_PLIES,
    MAX_TAG_VALUE,
    MAX_TAGS,
    PdnError,
    PdnGame,
    iter_pdn,
    move_label,
    normal_result,
    read_pdn,
    read_pdn_file,
    read_pdn_text,
)

TYPE_CHECKING = False  # typing is not imported at run time: the tournament agent starts afresh every move
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

__all__ = ["PdnError", "PdnGame", "MoveTextError", "find_move", "iter_pdn", "read_pdn", "read_pdn_file",
           "read_pdn_text", "normal_result", "write_pdn", "write_pdn_games", "wrap_movetext", "SEVEN_TAGS",
           "MAX_PDN_FILE_BYTES", "MAX_TAG_VALUE", "MAX_TAGS", "MAX_COMMENT", "MAX_COMMENT_TOTAL",
           "MAX_PLIES", "HEADER_PLIES"]

SEVEN_TAGS = ("Event", "Site", "Date", "Round", "Black", "White", "Result")
_TAG_DEFAULTS = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?",
                 "Black": "?", "White": "?"}


def _quote(value: object) -> str:
    """A tag value as PDN writes it: on one line (a tag cannot span lines), quotes escaped."""
    text = str(value)
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else " " for ch in text)
    return text.replace("\\", "\\\\").replace('"', '\\"')


# Results as English-checkers files and programs write them (PDN 3.0, the Tinsley
# collection): the reader keeps "2-0" and the like inside and reads both spellings.
WRITTEN_RESULTS = {"2-0": "1-0", "0-2": "0-1", "1-1": "1/2-1/2"}


def write_pdn(game: Game, tags: Mapping[str, object] | None = None, result: str | None = None,
              comments: Mapping[int, str] | None = None) -> str:
    """One game as PDN text, ending with a newline.

    ``tags`` may set any tag but Result, GameType, FEN and SetUp, which are
    the game's own: the result is the game's outcome, or ``*`` while it goes on.
    ``result`` is the recorded result of a game that ended off the board (a
    resignation, a draw agreed, an adjudication: ``2-0``, ``0-2``, ``1-1``, ``0-0``, or
    ``1-0``, ``0-1``, ``1/2-1/2``), written when the game itself is not over; a game that
    is over keeps its own.  Results are written ``1-0``, ``0-1``, ``1/2-1/2`` (``0-0``, ``*``).
    ``comments``: ``{ply: text}``, a comment written in braces after the ply-th move (1: the first),
    such as a move's clock ``[%clock 0:02:41]``.
    """
    if not isinstance(game, Game):
        raise PdnError(f"write_pdn needs a rules.Game, not {type(game).__name__}")
    outcome = game.outcome
    if outcome is not None:
        result = outcome.result()
    elif result is not None:
        recorded = normal_result(result)
        if recorded is None:
            raise PdnError(f"result {str(result)[:20]!r} is not 2-0, 0-2, 1-1, 0-0 or *")
        result = recorded
    else:
        result = "*"
    result = WRITTEN_RESULTS.get(result, result)
    given = dict(tags or {})
    all_tags = {name: str(given.get(name, _TAG_DEFAULTS.get(name, ""))) for name in SEVEN_TAGS}
    all_tags["Result"] = result
    all_tags["GameType"] = "21"
    if game.start != Position.initial():
        all_tags["SetUp"] = "1"
        all_tags["FEN"] = game.start.fen()
    for name, value in given.items():
        if name not in all_tags and name not in ("FEN", "SetUp"):  # the game's own, not the caller's
            if not re.fullmatch(r"[A-Za-z0-9_]+", str(name)):
                raise PdnError(f"tag name {name!r} must be letters, digits or '_'")
            all_tags[name] = str(value)
    lines = [f'[{name} "{_quote(value)}"]' for name, value in all_tags.items()]
    lines.append("")
    words = []
    notes = dict(comments or {})
    for ply, move in enumerate(game.moves):
        label = move_label(ply, game.start.turn)
        if label.endswith("...") and ply > 0 and not notes.get(ply):
            words.append(str(move))
        else:
            words.append(f"{label} {move}")
        note = notes.get(ply + 1)
        if note:
            words.append("{" + "".join(ch for ch in str(note) if ch.isprintable() and ch not in "{}") + "}")
    words.append(result)
    lines.extend(wrap_movetext(words))
    return "\n".join(lines) + "\n"


def wrap_movetext(words: Iterable[str], width: int = 79) -> list[str]:
    """Movetext words as lines of at most ``width`` characters (a longer word stands alone)."""
    lines: list[str] = []
    line = ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    lines.append(line)
    return lines


def write_pdn_games(games: Iterable[Game | tuple]) -> str:
    """Several games as one PDN text.  Items are Games, ``(game, tags)`` or ``(game, tags, result)``."""
    out = []
    for item in games:
        if isinstance(item, tuple):
            out.append(write_pdn(*item))
        else:
            out.append(write_pdn(item))
    return "\n".join(out)
