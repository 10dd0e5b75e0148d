"""PDN (Portable Draughts Notation) for English checkers: reading and writing.

Reading is forgiving about layout, strict about legality: every move is
checked against the position it is played in, so a record that goes wrong is
caught at the move where it goes wrong.  A file is read game by game and one
broken game never stops the others; its ``error`` says where it broke and the
moves before that point are kept.

Writing is canonical: the seven standard tags, ``[GameType "21"]``, FEN and
SetUp when the game did not start from the initial position, and every
landing square of every move (``str(Move)``), so that no reader has to guess
which capture sequence was meant.
"""

import re

from ..rules.game import Game
from ..rules.position import BLACK, WHITE, Position
from .errors import NotationError
from .fen import parse_fen, position_fen

__all__ = ["PdnError", "PdnGame", "read_pdn", "write_pdn", "write_pdn_games", "SEVEN_TAGS"]

SEVEN_TAGS = ("Event", "Site", "Date", "Round", "Black", "White", "Result")
_TAG_DEFAULTS = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?",
                 "Black": "?", "White": "?"}

# Every result spelling met in the wild, and the English-draughts form we keep.
_RESULTS = {"2-0": "2-0", "0-2": "0-2", "1-1": "1-1", "1-0": "2-0", "0-1": "0-2",
            "1/2-1/2": "1-1", "*": "*", "0-0": "0-0"}

_TOKEN = re.compile(r"""
    (?P<result>(?:2-0|0-2|1-1|1-0|0-1|0-0|1/2-1/2|\*)(?![\w/-]))
  | (?P<number>[0-9]+\.+)
  | (?P<dots>\.+)
  | (?P<move>[0-9]+(?:[-x:][0-9]+)+)[!?]*(?![\w-])
  | (?P<nag>\$[0-9]+)
""", re.VERBOSE)

_TAG = re.compile(r'\[\s*(?P<name>[A-Za-z0-9_]+)\s*"(?P<value>(?:[^"\\]|\\.)*)"\s*\]')


class PdnError(NotationError):
    """PDN text that cannot be read, or a game that cannot be written."""


class PdnGame:
    """One game read from PDN.

    ``tags`` maps tag names to values; ``moves`` are the legal moves read
    (up to the first error); ``result`` is ``2-0``, ``0-2``, ``1-1``,
    ``0-0`` or ``*`` (``1-0``, ``0-1`` and ``1/2-1/2`` are read as their
    English-draughts equivalents); ``error`` is None for a game read to the
    end, else a message naming the move number and the text where it stopped;
    ``line`` is the line of the text where the game starts.
    """

    __slots__ = ("tags", "moves", "result", "error", "line")

    def __init__(self, tags=None, moves=None, result="*", error=None, line=1):
        self.tags = dict(tags or {})
        self.moves = list(moves or [])
        self.result = result
        self.error = error
        self.line = line

    def start_position(self):
        """The position the game starts from: the FEN tag's, or the initial one.

        ``[SetUp "0"]`` means the FEN tag (if any) is to be ignored.  A bad FEN
        raises PdnError; ``read_pdn`` has already put that in ``error``.
        """
        return _start_position(self.tags)

    def game(self, draw_rule="official"):
        """A rules.Game replaying the moves read.

        The moves were checked against their positions when they were read, so
        they are replayed unchecked: a recorded game may go on after a position
        that a draw rule could have ended (draws must be claimed).
        """
        g = Game(self.start_position(), draw_rule)
        for move in self.moves:
            g._push(move)
        return g

    def __repr__(self):
        err = f", error={self.error!r}" if self.error else ""
        return f"<PdnGame {self.tags.get('White', '?')} vs {self.tags.get('Black', '?')}: {len(self.moves)} moves, {self.result}{err}>"


def _start_position(tags):
    fen = tags.get("FEN")
    setup = tags.get("SetUp", "").strip()
    if fen is None or setup == "0":
        if setup == "1" and fen is None:
            raise PdnError('[SetUp "1"] without a [FEN] tag')
        return Position.initial()
    try:
        return parse_fen(fen)
    except NotationError as e:
        raise PdnError(f"bad [FEN {fen!r}] tag: {e}") from None


def _move_label(ply, start_turn):
    """``12.`` or ``12...``: the move number of a ply, as PDN writes it."""
    n = ply + (1 if start_turn == WHITE else 0)
    return f"{n // 2 + 1}{'.' if n % 2 == 0 else '...'}"


def _find_move(position, text):
    """The legal move that ``text`` names, or a PdnError saying why there is none.

    ``22x15x6`` names the full path; ``22x6`` names a capture by its start and
    end, and is accepted when exactly one legal capture fits.  Any landing
    squares written in between must appear on the move's path in order.
    """
    squares = [int(s) for s in re.split(r"[-x:]", text)]
    for s in squares:
        if not 1 <= s <= 32:
            raise PdnError(f"{text!r}: no square {s} (squares are 1-32)")
    legal = position.legal_moves()
    exact = [m for m in legal if list(m.path) == squares]
    if exact:
        return exact[0]
    candidates = [m for m in legal if m.start == squares[0] and m.end == squares[-1]
                  and _subsequence(squares[1:-1], m.path[1:-1])]
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        names = ", ".join(str(m) for m in legal) or "none"
        raise PdnError(f"{text!r} is not legal in {position_fen(position)} (legal: {names})")
    names = ", ".join(str(m) for m in candidates)
    raise PdnError(f"{text!r} is ambiguous in {position_fen(position)}: it could be {names}")


def _subsequence(needle, hay):
    it = iter(hay)
    return all(any(x == y for y in it) for x in needle)


class _Reader:
    """Walks PDN text once, cutting it into games."""

    def __init__(self, text):
        self.text = text
        self.i = 0
        self.games = []
        self._counted = (0, 1)  # (offset, line number there): lines are counted forward only once
        self._new()

    def _new(self):
        self.tags = {}
        self.moves = []
        self.error = None
        self.position = None
        self.seen_movetext = False
        self.line = None  # set by the game's first tag or token

    def _line(self, at=None):
        at = self.i if at is None else at
        pos, line = self._counted
        if at < pos:
            return self.text.count("\n", 0, at) + 1
        line += self.text.count("\n", pos, at)
        self._counted = (at, line)
        return line

    def _fail(self, message):
        if self.error is None:
            self.error = message

    def _finish(self, result):
        if self.position is None:
            self._begin()
        if self.seen_movetext or self.tags or self.error:
            if result is None:
                result = _RESULTS.get(self.tags.get("Result", "*").strip(), "*")
            self.games.append(PdnGame(self.tags, self.moves, result, self.error, self.line or self._line()))
        self._new()

    def _begin(self):
        """Called when the movetext starts: settle the start position."""
        try:
            self.position = _start_position(self.tags)
        except PdnError as e:
            self._fail(f"line {self.line or self._line()}: {e}")
            self.position = Position.initial()
        self.start_turn = self.position.turn
        game_type = self.tags.get("GameType", "21").split(",")[0].strip()
        if game_type != "21":
            self._fail(f'line {self.line or self._line()}: [GameType "{self.tags["GameType"]}"] is not English draughts '
                       '(GameType "21")')

    def _skip_comment(self):
        end = self.text.find("}", self.i + 1)
        if end < 0:
            self._fail(f"line {self._line()}: comment '{{' opened here is never closed")
            self.i = len(self.text)
        else:
            self.i = end + 1

    def _skip_variation(self):
        """Skip a variation, nested ones and comments (which may hold parentheses) included."""
        depth = 0
        start = self.i
        text = self.text
        while self.i < len(text):
            c = text[self.i]
            if c == "{":
                end = text.find("}", self.i + 1)
                if end < 0:
                    break
                self.i = end + 1
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    self.i += 1
                    return
            self.i += 1
        self._fail(f"line {self._line(start)}: variation '(' opened here is never closed")
        self.i = len(text)

    def read(self):
        text = self.text
        n = len(text)
        while self.i < n:
            c = text[self.i]
            if c.isspace():
                self.i += 1
            elif c == "[":
                if self.seen_movetext:
                    self._finish(None)
                if self.line is None:
                    self.line = self._line()
                self._read_tag()
            elif c == "{":
                self._skip_comment()
            elif c == "(":
                self._skip_variation()
            elif c == ";" or (c == "%" and (self.i == 0 or text[self.i - 1] == "\n")):
                end = text.find("\n", self.i)
                self.i = n if end < 0 else end + 1
            else:
                self._read_token()
        if self.seen_movetext or self.tags or self.error:
            self._finish(None)
        return self.games

    def _read_tag(self):
        m = _TAG.match(self.text, self.i)
        if m is None:
            end = self.text.find("\n", self.i)
            end = len(self.text) if end < 0 else end
            bad = self.text[self.i:end].strip()
            self._fail(f"line {self._line()}: cannot read tag {bad[:60]!r} (expected [Name \"value\"])")
            self.i = end
            return
        value = re.sub(r"\\(.)", r"\1", m.group("value"))
        self.tags[m.group("name")] = value
        self.i = m.end()

    def _read_token(self):
        text = self.text
        if self.line is None:
            self.line = self._line()
        if self.position is None:
            self._begin()
        self.seen_movetext = True
        m = _TOKEN.match(text, self.i)
        if m is None:
            end = self.i
            while end < len(text) and not text[end].isspace() and text[end] not in "[{(;":
                end += 1
            end = max(end, self.i + 1)
            bad = text[self.i:end]
            self.i = end
            self._fail(f"move {_move_label(len(self.moves), self._start_turn())} (line {self._line()}): "
                       f"cannot read {bad[:40]!r}")
            return
        self.i = m.end()
        if m.group("result"):
            self._finish(_RESULTS[m.group("result")])
        elif m.group("move") and self.error is None:
            mtext = m.group("move")
            label = _move_label(len(self.moves), self._start_turn())
            try:
                move = _find_move(self.position, mtext)
            except PdnError as e:
                self._fail(f"move {label} {mtext} (line {self._line()}): {e}")
                return
            self.moves.append(move)
            self.position = self.position.play(move)

    def _start_turn(self):
        return self.start_turn if self.position is not None else BLACK


def read_pdn(text):
    """Every game in a PDN text, as a list of PdnGame (broken ones with ``error`` set)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    if not isinstance(text, str):
        raise PdnError(f"PDN must be text, not {type(text).__name__}")
    if text.startswith("\ufeff"):
        text = text[1:]
    return _Reader(text).read()


def _quote(value):
    return str(value).replace("\\", "\\\\").replace('"', '\\"')


def write_pdn(game, tags=None):
    """One game as PDN text, ending with a newline.

    ``tags`` may set any tag but Result, GameType, FEN and SetUp, which are
    the game's own: the result is the game's outcome, or ``*`` while it goes on.
    """
    if not isinstance(game, Game):
        raise PdnError(f"write_pdn needs a rules.Game, not {type(game).__name__}")
    outcome = game.outcome
    result = outcome.result() if outcome is not None else "*"
    given = dict(tags or {})
    all_tags = {name: str(given.get(name, _TAG_DEFAULTS.get(name, ""))) for name in SEVEN_TAGS}
    all_tags["Result"] = result
    all_tags["GameType"] = "21"
    if game.start != Position.initial():
        all_tags["SetUp"] = "1"
        all_tags["FEN"] = position_fen(game.start)
    for name, value in given.items():
        if name not in all_tags and name not in ("FEN", "SetUp"):  # the game's own, not the caller's
            if not re.fullmatch(r"[A-Za-z0-9_]+", str(name)):
                raise PdnError(f"tag name {name!r} must be letters, digits or '_'")
            all_tags[name] = str(value)
    lines = [f'[{name} "{_quote(value)}"]' for name, value in all_tags.items()]
    lines.append("")
    words = []
    for ply, move in enumerate(game.moves):
        label = _move_label(ply, game.start.turn)
        if label.endswith("...") and ply > 0:
            words.append(str(move))
        else:
            words.append(f"{label} {move}")
    words.append(result)
    line = ""
    for w in words:
        if line and len(line) + 1 + len(w) > 79:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    lines.append(line)
    return "\n".join(lines) + "\n"


def write_pdn_games(games):
    """Several games as one PDN text.  Items are Games or ``(game, tags)`` pairs."""
    out = []
    for item in games:
        if isinstance(item, tuple):
            out.append(write_pdn(*item))
        else:
            out.append(write_pdn(item))
    return "\n".join(out)
