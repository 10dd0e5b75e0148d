"""Reading PDN as players and thirty years of programs wrote it.

Forgiving about layout, strict about legality: every move is checked against the
position it is played in, so a record that goes wrong is caught at the move where
it goes wrong.  A text is read game by game (``iter_pdn`` yields them one at a
time) and one broken game never stops the others: its ``error`` names the game,
the move number and the text, and the moves before it are kept.

What real files hold, and how it is read:

- tags anywhere on a line, indented or not, in any number; a repeated tag name
  before any move starts a new game (a file of ``[FEN]`` problems has no moves);
- ``1.``, ``1...``, ``1.11-15`` or no move numbers at all; ``...`` alone;
- annotation symbols glued to moves (``8-11!``, ``25-22?``, ``10-15!?``, ``$4``): the marks
  made of ``!`` and ``?`` are kept with the ply of the move they follow, NAGs skipped;
  a ``*`` glued to a move is an annotation when more moves follow, else the result;
- comments ``{...}`` and ``; ...`` glued to anything, kept (capped) with the ply they
  follow; variations ``(...)`` skipped, however deep;
- words that are not moves (``8-11Black resigned.``): kept as a comment when no
  move follows them in the game, an error when moves follow (the game is garbled);
- results ``2-0 0-2 1-1 0-0 *`` and the ``1-0 0-1 1/2-1/2`` of other draughts, in
  the movetext or in a Result tag (``[Result "{1/2-1/2}"]`` too);
- moves as ``pdn_movetext`` reads them (hyphen captures, short multi-jumps,
  algebraic squares).

Hostile text costs time and memory in proportion to its length: every regular
expression here runs in linear time, nesting is counted rather than recursed,
numbers are never converted from unbounded digit strings, and what is kept is
capped (tag values, comments, tags and plies per game).
"""

from __future__ import annotations

import re

from ..rules import bitboard as bb
from ..rules.position import BLACK, WHITE, Move, Position
from ..textfile import excerpt, read_text
from .errors import NotationError
from .pdn_movetext import MoveTextError, read_move

TYPE_CHECKING = False  # typing is not imported at run time: the tournament agent starts afresh every move
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Mapping

    from ..rules.game import DrawRule, Game
    from ..textfile import StrPath

__all__ = ["PdnError", "PdnGame", "iter_pdn", "read_pdn", "read_pdn_file", "read_pdn_text",
           "MAX_PDN_FILE_BYTES", "MAX_TAG_VALUE", "MAX_COMMENT", "MAX_COMMENT_TOTAL", "MAX_TAGS",
           "MAX_PLIES", "HEADER_PLIES", "normal_result"]

MAX_PDN_FILE_BYTES = 32 * 1024 * 1024  # a 20,000-game collection is 14-20 MB
MAX_TAG_VALUE = 1000       # characters kept of one tag value
MAX_TAGS = 100             # tags kept per game
MAX_COMMENT = 2000         # characters kept of one comment
MAX_COMMENT_TOTAL = 20000  # characters of comments kept per game
MAX_MARK = 3               # characters of one move mark kept ("!", "?", "!?", "??", "?!", "!!")
MAX_PLIES = 5000           # moves read per game: a legal game can repeat forever, a record should not
HEADER_PLIES = 12          # moves checked per game in header-only mode: enough to name the opening

# Every result spelling met in the wild, and the English-draughts form we keep.
_RESULTS = {"2-0": "2-0", "0-2": "0-2", "1-1": "1-1", "1-0": "2-0", "0-1": "0-2",
            "1/2-1/2": "1-1", "\u00bd-\u00bd": "1-1", "*": "*", "0-0": "0-0"}

# One token per match.  Every alternative is a run of one character class or a bounded
# repetition (nothing that could backtrack far), together they cover every non-space
# character (so ``finditer`` never skips text silently), and the whitespace before a
# token is taken possessively with ``\Z`` as the last alternative, so trailing blanks are
# one match rather than one failed search per blank.
_TOKEN = re.compile(r"""
    \s*+(?:
      (?P<result>(?:2-0|0-2|1-1|1-0|0-1|0-0|1/2-1/2|\u00bd-\u00bd)(?![\w/-]))
    | (?P<move>(?:[0-9]+|[a-hA-H][1-8])(?:[-xX:](?:[0-9]+|[a-hA-H][1-8])){1,30})
    | (?P<number>[0-9]+\.+)
    | (?P<annot>[!?]+|\$[0-9]*)
    | (?P<star>\*+)
    | (?P<tag>\[)
    | (?P<comment>\{)
    | (?P<open>\()
    | (?P<semi>;)
    | (?P<dots>\.+)
    | (?P<word>[^\s\[{(;]+)
    | \Z
    )""", re.VERBOSE)

_TAG_NAME = re.compile(r"\[[ \t]*([A-Za-z0-9_]+)[ \t]*\"")
_TAG_END = re.compile(r"[ \t]*\]")
_TAG_LINE = re.compile(r"\n[ \t]*\[[ \t]*[A-Za-z0-9_]+[ \t]*\"")
_STRUCTURE = re.compile(r"[(){}]")
_UNESCAPE = re.compile(r"\\(.)")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


class PdnError(NotationError):
    """PDN text that cannot be read, or a game that cannot be written."""


def normal_result(text: object) -> str | None:
    """``2-0``, ``0-2``, ``1-1``, ``0-0`` or ``*`` for a result as written anywhere, else None."""
    t = str(text).strip().strip("{}").strip()
    return _RESULTS.get(t)


class PdnGame:
    """One game read from PDN.

    ``tags`` maps tag names to values; ``moves`` are the legal moves read (up to
    the first error); ``result`` is ``2-0``, ``0-2``, ``1-1``, ``0-0`` or ``*``
    (``1-0``, ``0-1`` and ``1/2-1/2`` are read as their English-draughts
    equivalents); ``error`` is None for a game read to the end, else a message
    naming the move number, the text and the game where it stopped.

    ``plies`` counts the moves written in the game's main line, read or not (in
    header-only mode the moves past the first ``HEADER_PLIES`` are counted, not
    checked); ``comments`` holds ``(ply, text)`` pairs, ply being the number of moves
    before the comment; ``marks`` holds ``(ply, mark)`` pairs for the move marks
    (``!``, ``?``, ``!?``, ``?!``, ``!!``, ``??``), ply counting the move marked;
    ``line`` is the line of the text where the game starts,
    ``span`` its ``(start, end)`` offsets in the text (``text[start:end]`` is the
    game alone, to read again later); ``index`` counts games from 0.
    """

    __slots__ = ("tags", "moves", "result", "error", "line", "plies", "comments", "span", "index", "marks")

    def __init__(self, tags: Mapping[str, str] | None = None, moves: Iterable[Move] | None = None,
                 result: str = "*", error: str | None = None, line: int = 1, plies: int | None = None,
                 comments: Iterable[tuple[int, str]] = (), span: tuple[int, int] | None = None, index: int = 0,
                 marks: Iterable[tuple[int, str]] = ()) -> None:
        self.tags = dict(tags or {})
        self.moves = list(moves or [])
        self.result = result
        self.error = error
        self.line = line
        self.plies = len(self.moves) if plies is None else plies
        self.comments = list(comments)
        self.marks = list(marks)
        self.span = span
        self.index = index

    def title(self) -> str:
        """``game 3 (Ann vs Bob, Club night, 1999.01.01)``: the game as a player names it."""
        return _title(self.index, self.tags)

    def start_position(self) -> Position:
        """The position the game starts from: the FEN tag's, or the initial one.

        ``[SetUp "0"]`` means the FEN tag (if any) is to be ignored.  A bad FEN
        raises PdnError; the reader has already put that in ``error``.
        """
        return _start_position(self.tags)

    def game(self, draw_rule: str | DrawRule = "official") -> Game:
        """A rules.Game replaying the moves read.

        The moves were checked against their positions when they were read, so
        they are replayed unchecked: a recorded game may go on after a position
        that a draw rule could have ended (draws must be claimed).
        """
        from ..rules.game import Game

        g = Game(self.start_position(), draw_rule)
        for move in self.moves:
            g._push(move)
        return g

    def __repr__(self) -> str:
        err = f", error={self.error!r}" if self.error else ""
        return (f"<PdnGame {self.tags.get('White', '?')} vs {self.tags.get('Black', '?')}: "
                f"{len(self.moves)} moves, {self.result}{err}>")


def _title(index: int, tags: Mapping[str, str]) -> str:
    who = " vs ".join(t for t in (tags.get("Black"), tags.get("White")) if t and t != "?")
    rest = [t for t in (tags.get("Event"), tags.get("Date")) if t and t.strip("?.")]
    words = ", ".join(([who] if who else []) + rest)
    return f"game {index + 1}" + (f" ({words[:80]})" if words else "")


def _start_position(tags: Mapping[str, str]) -> Position:
    fen = tags.get("FEN")
    setup = tags.get("SetUp", "").strip()
    if fen is None or setup == "0":
        if setup == "1" and fen is None:
            raise PdnError('[SetUp "1"] without a [FEN] tag')
        return Position.initial()
    try:
        return Position.from_fen(fen)
    except NotationError as e:
        raise PdnError(f"bad [FEN {excerpt(fen, 40)}] tag: {e}") from None


def move_label(ply: int, start_turn: int) -> str:
    """``12.`` or ``12...``: the move number of a ply, as PDN writes it."""
    n = ply + (1 if start_turn == WHITE else 0)
    return f"{n // 2 + 1}{'.' if n % 2 == 0 else '...'}"


def _clean(value: str, cap: int) -> str:
    if len(value) > cap:
        value = value[:cap] + "\u2026"
    if not value.isprintable():
        value = _CONTROL.sub(" ", value.replace("\n", " ").replace("\t", " "))
    return value


class _Game:
    """The game being read."""

    __slots__ = ("tags", "moves", "error", "line", "start", "state", "start_turn", "plies",
                 "comments", "comment_chars", "result", "ended", "pending", "begun", "seen", "stopped",
                 "marks")

    def __init__(self, start: int, line: int) -> None:
        self.tags: dict[str, str] = {}
        self.moves: list[Move] = []
        self.error: str | None = None
        self.line = line
        self.start = start
        self.state: bb.State | None = None  # set when the movetext begins
        self.start_turn = BLACK
        self.plies = 0
        self.comments: list[tuple[int, str]] = []
        self.marks: list[tuple[int, str]] = []
        self.comment_chars = 0
        self.result: str | None = None
        self.ended = False
        # (offset, text) of words read after a move: garbage if a move follows
        self.pending: tuple[int, str] | None = None
        self.begun = False    # the movetext has started
        self.seen = False     # anything at all belongs to this game
        self.stopped = False  # an error: the moves after it are counted, not read


class _Reader:
    """Walks PDN text once, yielding games."""

    def __init__(self, text: str, headers_only: bool) -> None:
        self.text = text
        self.n = len(text)
        self.headers_only = headers_only
        self.count = 0
        self._lines = (0, 1)           # (offset, line number there): lines are counted forward only
        self._tagline = -1             # offset of the next tag line at or after _tagline_from
        self._tagline_from = -1
        self._no_brace_after = self.n + 1   # no '}' at or after this offset

    # -- positions in the text ------------------------------------------------

    def line_at(self, at: int) -> int:
        pos, line = self._lines
        if at < pos:
            return self.text.count("\n", 0, at) + 1
        line += self.text.count("\n", pos, at)
        self._lines = (at, line)
        return line

    def next_tag_line(self, at: int) -> int:
        """Offset of the next line that starts with a tag, at or after ``at`` (or the end)."""
        if self._tagline_from <= at <= self._tagline:
            return self._tagline
        m = _TAG_LINE.search(self.text, at)
        self._tagline_from = at
        self._tagline = m.start() if m else self.n
        return self._tagline

    def close_brace(self, at: int, limit: int) -> int:
        """Offset of the ``}`` closing a comment opened before ``at``, or -1 before ``limit``."""
        if at >= self._no_brace_after:
            return -1
        end = self.text.find("}", at, limit)
        if end < 0 and limit >= self.n:
            self._no_brace_after = at
        return end

    # -- the game -------------------------------------------------------------

    def fail(self, g: _Game, message: str, stop: bool = True) -> None:
        """Record the game's first error; ``stop`` ends the checking of its moves (a bad tag does not)."""
        if g.error is None:
            g.error = message
        if stop:
            g.stopped = True

    def where(self, g: _Game, at: int) -> str:
        if at < self._lines[0] and at >= g.start:  # behind the counter: count from the game's start
            line = g.line + self.text.count("\n", g.start, at)
        else:
            line = self.line_at(at)
        return f"line {line} in {_title(self.count, g.tags)}"

    def begin(self, g: _Game, at: int) -> None:
        """The movetext starts: settle the start position."""
        g.begun = True
        try:
            position = _start_position(g.tags)
        except PdnError as e:
            self.fail(g, f"{self.where(g, at)}: {e}")
            position = Position.initial()
        g.state = position.state
        g.start_turn = position.turn
        game_type = g.tags.get("GameType")
        if game_type is not None and game_type.split(",")[0].strip() != "21":
            self.fail(g, f'{self.where(g, at)}: [GameType "{_clean(game_type, 30)}"] is not English '
                         'draughts (GameType "21")')

    def comment(self, g: _Game, text: str) -> None:
        if g.comment_chars >= MAX_COMMENT_TOTAL:
            return
        text = _clean(text.strip(), MAX_COMMENT)
        if text:
            g.comments.append((g.plies, text))
            g.comment_chars += len(text)

    def mark(self, g: _Game, text: str) -> None:
        """A ``!``/``?`` mark after a move read (one per move: a NAG or a second mark is skipped)."""
        if (text[0] in "!?" and len(text) <= MAX_MARK and g.moves and len(g.moves) == g.plies
                and not g.stopped and (not g.marks or g.marks[-1][0] != g.plies)):
            g.marks.append((g.plies, text))

    def finish(self, g: _Game, end: int) -> PdnGame | None:
        if not (g.seen or g.tags or g.error):
            if g.pending is None or self.count:
                return None
            # a text of words alone: one broken game, so that the reader says what it could not read
            g.error = f"{self.where(g, g.pending[0])}: no PDN game here, cannot read {excerpt(g.pending[1], 40)}"
            g.pending = None
        if not g.begun:  # a game of tags alone (a problem position): its FEN is checked all the same
            self.begin(g, g.start)
        result = g.result
        if result is None:
            result = normal_result(g.tags.get("Result", "*")) or "*"
        if g.pending is not None:
            self.comment(g, g.pending[1])
        game = PdnGame(g.tags, g.moves, result, g.error, g.line, g.plies, g.comments, (g.start, end),
                       self.count, g.marks)
        self.count += 1
        return game

    def play(self, g: _Game, mtext: str, at: int) -> None:
        """One move's text in the main line."""
        if not g.begun:
            self.begin(g, at)
        if g.pending is not None:
            if g.moves or g.plies:
                self.fail(g, f"move {move_label(g.plies, g.start_turn)} ({self.where(g, g.pending[0])}): "
                             f"cannot read {excerpt(g.pending[1], 40)}")
            else:  # words before the first move: a heading, kept as a comment
                self.comment(g, g.pending[1])
            g.pending = None
        ply = g.plies
        g.plies += 1
        if g.stopped or (self.headers_only and ply >= HEADER_PLIES):
            return
        if ply >= MAX_PLIES:
            self.fail(g, f"move {move_label(ply, g.start_turn)} ({self.where(g, at)}): the game is longer "
                         f"than {MAX_PLIES} plies; the rest is not read")
            return
        assert g.state is not None  # begun above
        try:
            move, raw = read_move(g.state, mtext)
        except MoveTextError as e:
            shown = mtext if len(mtext) <= 40 else excerpt(mtext, 40)
            self.fail(g, f"move {move_label(ply, g.start_turn)} {shown} ({self.where(g, at)}): {e}")
            return
        g.moves.append(move)
        g.state = bb.play(*g.state, raw)

    # -- structure ------------------------------------------------------------

    def read_tag(self, g: _Game, at: int) -> int:
        """A tag at ``at``; returns where reading goes on."""
        text = self.text
        eol = text.find("\n", at)
        eol = self.n if eol < 0 else eol
        m = _TAG_NAME.match(text, at, eol)
        if m is not None:
            j = m.end()
            while True:  # the closing quote: the first one not escaped by a backslash
                q = text.find('"', j, eol)
                if q < 0:
                    break
                b = q
                while b > j and text[b - 1] == "\\":
                    b -= 1
                if (q - b) % 2 == 0:
                    break
                j = q + 1
            if q >= 0:
                close = _TAG_END.match(text, q + 1, eol)
                if close is not None:
                    raw = text[m.end():q]
                    if len(raw) > MAX_TAG_VALUE:
                        raw = raw[:MAX_TAG_VALUE]
                    value = _UNESCAPE.sub(r"\1", raw) if "\\" in raw else raw
                    name = m.group(1)[:40]
                    if name in g.tags or len(g.tags) < MAX_TAGS:
                        g.tags[name] = _clean(value, MAX_TAG_VALUE)
                    return close.end()
        self.fail(g, f"{self.where(g, at)}: cannot read tag {excerpt(text[at:eol].strip(), 60)} "
                     f"(expected [Name \"value\"])", stop=False)
        return eol

    def tag_would_repeat(self, g: _Game, at: int) -> bool:
        m = _TAG_NAME.match(self.text, at)
        return m is not None and m.group(1)[:40] in g.tags

    def read_comment(self, g: _Game, at: int) -> int:
        """A ``{`` comment at ``at``: kept, returns where reading goes on."""
        limit = self.next_tag_line(at)
        end = self.close_brace(at + 1, limit)
        if end < 0:
            self.fail(g, f"{self.where(g, at)}: comment '{{' opened here is never closed")
            return limit
        self.comment(g, self.text[at + 1:min(end, at + 1 + MAX_COMMENT + 1)])
        return end + 1

    def skip_variation(self, g: _Game, at: int) -> int:
        """A variation, nested ones and comments (which may hold parentheses) included: skipped."""
        text = self.text
        limit = self.next_tag_line(at)
        depth = 0
        i = at
        while True:
            m = _STRUCTURE.search(text, i, limit)
            if m is None:
                break
            c = m.group()
            i = m.end()
            if c == "{":
                end = self.close_brace(i, limit)
                if end < 0:
                    break
                i = end + 1
            elif c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    return i
        self.fail(g, f"{self.where(g, at)}: variation '(' opened here is never closed")
        return limit

    def star_is_annotation(self, g: _Game, after: int) -> bool:
        """Is a ``*`` glued to a move followed by more moves of the same game?"""
        text = self.text
        i = after
        while i < self.n:
            while i < self.n and text[i].isspace():
                i += 1
            if i < self.n and text[i] == "{":
                end = self.close_brace(i + 1, self.n)
                if end < 0:
                    return False
                i = end + 1
                continue
            break
        m = _TOKEN.match(text, i)
        if m is None:
            return False
        kind = m.lastgroup
        if kind == "move":
            return True
        if kind == "number":  # "1." after a move starts the next game; "1..." goes on with this one
            number = m.group("number")
            return not (number.lstrip("0") == "1." and g.plies >= 1)
        return False

    # -- the walk ---------------------------------------------------------------

    def games(self) -> Iterator[PdnGame]:
        text = self.text
        n = self.n
        g = _Game(0, 1)
        i = 0
        while i < n:
            restart = None
            for m in _TOKEN.finditer(text, i):
                kind = m.lastgroup
                at = m.start(kind) if kind else m.end()
                if kind is None:
                    continue
                if kind == "move" or kind == "number":
                    if g.ended:
                        game = self.finish(g, at)
                        if game is not None:
                            yield game
                        g = _Game(at, self.line_at(at))
                    if not g.seen:
                        g.seen = True
                        if not g.tags:
                            g.start, g.line = at, self.line_at(at)
                    if kind == "move":
                        self.play(g, m.group("move"), at)
                    continue
                if kind == "tag":
                    if g.ended or g.plies or self.tag_would_repeat(g, at):
                        game = self.finish(g, at)
                        if game is not None:
                            yield game
                        g = _Game(at, self.line_at(at))
                    elif not g.tags and not g.seen:
                        g.start, g.line = at, self.line_at(at)
                    restart = self.read_tag(g, at)
                    break
                if kind == "annot":
                    self.mark(g, m.group(kind))
                    continue
                if kind == "dots":
                    continue
                if kind == "result" or kind == "star":
                    glued = kind == "star" and at > 0 and not text[at - 1].isspace()
                    if glued and g.plies and self.star_is_annotation(g, m.end()):
                        continue
                    if g.ended:
                        continue  # "2-0 *" and the like: one result is enough
                    g.seen = True
                    if not g.begun:
                        self.begin(g, at)
                    g.result = _RESULTS[m.group(kind)[:1] if kind == "star" else m.group(kind)]
                    g.ended = True
                    continue
                if kind == "comment":
                    restart = self.read_comment(g, at)
                    break
                if kind == "open":
                    restart = self.skip_variation(g, at)
                    break
                if kind == "semi" or (kind == "word" and m.group(kind)[0] == "%"
                                      and (at == 0 or text[at - 1] == "\n")):
                    eol = text.find("\n", at)
                    eol = n if eol < 0 else eol
                    if kind == "semi":
                        self.comment(g, text[at + 1:min(eol, at + 1 + MAX_COMMENT + 1)])
                    restart = eol
                    break
                # a stray ')' or words that are not PDN
                word = m.group(kind)[:MAX_COMMENT + 1]
                if g.pending is None:
                    g.pending = (at, word)
                elif len(g.pending[1]) < MAX_COMMENT:
                    g.pending = (g.pending[0], g.pending[1] + " " + word)
            if restart is None:
                break
            i = restart
        game = self.finish(g, n)
        if game is not None:
            yield game


def iter_pdn(text: str | bytes | bytearray, *, headers_only: bool = False) -> Iterator[PdnGame]:
    """The games of a PDN text, one PdnGame at a time (broken ones with ``error`` set).

    ``headers_only=True`` is the cheap mode for indexing a collection: tags,
    result, ``plies`` and the first ``HEADER_PLIES`` moves (enough to name the
    opening) are read; the moves after those are counted, not checked.
    """
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode("utf-8", errors="replace")
    if not isinstance(text, str):
        raise PdnError(f"PDN must be text, not {type(text).__name__}")
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _Reader(text, headers_only).games()


def read_pdn(text: str | bytes | bytearray, *, headers_only: bool = False) -> list[PdnGame]:
    """Every game in a PDN text, as a list of PdnGame (broken ones with ``error`` set)."""
    return list(iter_pdn(text, headers_only=headers_only))


def read_pdn_text(path: StrPath, limit: int = MAX_PDN_FILE_BYTES) -> str:
    """The text of a PDN file: a regular file of at most ``limit`` bytes (textfile.FileReadError if not)."""
    return read_text(path, limit=limit, what="PDN file")


def read_pdn_file(path: StrPath, *, headers_only: bool = False, limit: int = MAX_PDN_FILE_BYTES) -> list[PdnGame]:
    """Every game of a PDN file; textfile.FileReadError (a ValueError) when the file cannot be read."""
    return read_pdn(read_pdn_text(path, limit), headers_only=headers_only)
