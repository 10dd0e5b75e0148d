"""Game clocks: a time control ("3+2": minutes a side, seconds added after each move) and the two clocks.

Pure: no wall clock is read here.  Every call that needs the time takes
``now`` (seconds on any monotonic scale: ``time.monotonic()`` in play, a
number the test chooses in tests), so a test steps time exactly.

- ``TimeControl``: the minutes and increment; ``parse_time_control("3+2")``
  (the settings' and the screens' spelling, minutes) and
  ``parse_pdn_time_control("180+2")`` (PDN's ``[TimeControl]`` tag, seconds, as
  in PGN) read it; ``str()`` and ``.pdn`` write it.
- ``Clock``: the time left to each side, the side whose clock runs, pause and
  resume (a dialog, a minimised window), ``press`` after a move (the increment
  is added to the mover), and ``flagged`` (whose time ran out).
- ``format_clock`` (the screen: "2:41", "0:09.4" when little is left) and
  ``pdn_clock``/``parse_pdn_clock`` (a move's ``{[%clock 0:02:41]}`` comment).
- ``move_budget``: the seconds the computer gives one move from its clock.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..rules import BLACK, COLOUR_KEYS, WHITE

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any

    # a PDN game's comments in any form the game passes them (see _comment_entries)
    Comments = Mapping[int, object] | Iterable[object] | None

MAX_MINUTES = 180      # a side's time: up to three hours
MAX_INCREMENT = 60     # seconds added after each move
LOW_TIME = 20.0        # seconds left under which a clock looks urgent
TENTHS_BELOW = 10.0    # seconds left under which tenths are shown
SIDE_WORDS = ("Red", "White")  # the sides as the player knows them (the first player is Red)


class ClockError(ValueError):
    """A time control or clock time that cannot be used; the message quotes (an excerpt of) it."""


def _excerpt(value: object, limit: int = 24) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in str(value)[:limit + 1])
    return repr(text if len(text) <= limit else text[:limit] + "…")


@dataclass(frozen=True)
class TimeControl:
    """``seconds`` each side starts with, ``increment`` seconds added after each of its moves."""

    seconds: float
    increment: float = 0.0

    def __str__(self) -> str:
        """The screens' and settings' spelling: minutes + increment, "3+2"."""
        return f"{_number(self.seconds / 60)}+{_number(self.increment)}"

    @property
    def pdn(self) -> str:
        """PDN's (and PGN's) ``[TimeControl]`` spelling: seconds + increment, "180+2"."""
        return f"{_number(self.seconds)}+{_number(self.increment)}"

    @property
    def words(self) -> str:
        """"3 min + 2 s" (for a player)."""
        inc = f" + {_number(self.increment)} s" if self.increment else ""
        return f"{_number(self.seconds / 60)} min{inc}"


PRESETS = (TimeControl(180, 2), TimeControl(300, 0), TimeControl(600, 5), TimeControl(1800, 0))


def _number(x: float) -> str:
    """``x`` without a needless ".0" ("3", "1.5")."""
    return f"{x:g}" if x != int(x) else str(int(x))


_PAIR = re.compile(r"\s*(\d{1,6}(?:\.\d{1,3})?)\s*\+\s*(\d{1,6}(?:\.\d{1,3})?)\s*")


def _pair(text: object, what: str, example: str = "3+2 (minutes + seconds)") -> tuple[float, float]:
    if not isinstance(text, str):
        raise ClockError(f"a {what} is written like {example.split()[0]}, not {_excerpt(text)}")
    m = _PAIR.fullmatch(text[:40]) if len(text) <= 40 else None
    if m is None:
        raise ClockError(f"a {what} is written like {example}, not {_excerpt(text)}")
    return float(m.group(1)), float(m.group(2))


def make_time_control(minutes: float, increment: float = 0) -> TimeControl:
    """A TimeControl of ``minutes`` (more than 0, at most MAX_MINUTES) and ``increment`` seconds
    (0 to MAX_INCREMENT); ClockError otherwise."""
    try:
        minutes, increment = float(minutes), float(increment)
    except (TypeError, ValueError, OverflowError):
        raise ClockError(f"a time control is minutes and seconds, not {_excerpt((minutes, increment))}") from None
    if not (0 < minutes <= MAX_MINUTES):  # refuses nan and inf too
        raise ClockError(f"the minutes a side must be more than 0 and at most {MAX_MINUTES}, "
                         f"not {_number_text(minutes)}")
    if not (0 <= increment <= MAX_INCREMENT):
        raise ClockError(f"the increment must be from 0 to {MAX_INCREMENT} seconds, not {_number_text(increment)}")
    return TimeControl(minutes * 60, increment)


def _number_text(x: float) -> str:
    return _number(x) if math.isfinite(x) else str(x)


def parse_time_control(text: object) -> TimeControl | None:
    """The TimeControl spelt ``text`` ("3+2": minutes + increment seconds), or None for "off" (or "").
    ClockError quoting anything else."""
    if isinstance(text, TimeControl) or text is None:
        return text
    if isinstance(text, str) and text.strip().lower() in ("", "off", "none", "-"):
        return None
    minutes, increment = _pair(text, "time control")
    return make_time_control(minutes, increment)


def parse_pdn_time_control(text: object) -> TimeControl | None:
    """The TimeControl of a PDN ``[TimeControl "180+2"]`` tag (seconds + increment, as in PGN), or None
    for a game without one ("-", "?", ""); ClockError quoting anything else (moves-per-period controls
    such as "40/7200" are not played here)."""
    if not isinstance(text, str) or text.strip() in ("", "-", "?"):
        if isinstance(text, str) or text is None:
            return None
        raise ClockError(f"a TimeControl tag is seconds+increment, not {_excerpt(text)}")
    seconds, increment = _pair(text, "TimeControl tag", "180+2 (seconds + increment)")
    return make_time_control(seconds / 60, increment)


# -- showing a clock ------------------------------------------------------------------

def format_clock(seconds: float) -> str:
    """A clock for the screen: "2:41", "1:02:03" from an hour up, "0:09.4" under ten seconds, "0:00" at
    the end (never negative)."""
    s = max(0.0, float(seconds)) if math.isfinite(seconds) else 0.0
    if s < TENTHS_BELOW:
        tenths = int(s * 10)  # rounded down: a clock never shows time that is not there
        return f"0:{tenths // 10:02d}.{tenths % 10}"
    whole = int(s)
    h, rest = divmod(whole, 3600)
    m, sec = divmod(rest, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def pdn_clock(seconds: float) -> str:
    """A move's clock comment body, lichess style: "[%clock 0:02:41]" (whole seconds, rounded down)."""
    whole = int(max(0.0, seconds)) if math.isfinite(seconds) else 0
    h, rest = divmod(whole, 3600)
    m, sec = divmod(rest, 60)
    return f"[%clock {h}:{m:02d}:{sec:02d}]"


_CLOCK_COMMENT = re.compile(r"\[%clock\s+([^\]]{0,40})\]")
_HMS = re.compile(r"(?:(\d{1,2}):)?(\d{1,2}):(\d{1,2}(?:\.\d{1,3})?)")


def parse_pdn_clock(comment: object) -> float | None:
    """The seconds a ``[%clock h:mm:ss]`` in the comment ``comment`` gives, None when it holds none;
    ClockError (quoting it) for a clock that is not a time."""
    if not isinstance(comment, str):
        return None
    at = comment.find("[%clock", 0, 4000)
    if at < 0:
        return None
    m = _CLOCK_COMMENT.match(comment, at)
    if m is None:
        raise ClockError(f"a move's clock is [%clock h:mm:ss], not {_excerpt(comment[at:])}")
    value = m.group(1).strip()
    hms = _HMS.fullmatch(value)
    if hms is None:
        raise ClockError(f"a move's clock is h:mm:ss, not {_excerpt(value)}")
    h, mi, s = int(hms.group(1) or 0), int(hms.group(2)), float(hms.group(3))
    if mi >= 60 or s >= 60:
        raise ClockError(f"a move's clock is h:mm:ss, not {_excerpt(value)}")
    return h * 3600 + mi * 60 + s


def clocks_from_comments(comments: Iterable[tuple[int, str]]) -> tuple[dict[int, float], str | None]:
    """``({ply: seconds}, problem)`` from a PDN game's comments (``(ply, text)`` pairs, ply counting the
    moves before the comment): each move's clock, the mover's time left after it.  A clock that cannot
    be read is skipped and ``problem`` (one line, else None) says which."""
    out: dict[int, float] = {}
    problem: str | None = None
    for ply, text in comments:
        try:
            seconds = parse_pdn_clock(text)
        except ClockError as e:
            problem = problem or f"move {ply}: {e}"
            continue
        if seconds is not None and isinstance(ply, int) and ply > 0:
            out[ply] = seconds
    return out, problem


# -- the computer's share ---------------------------------------------------------------

EXPECTED_MOVES = 50     # moves a side makes in a long game
MIN_MOVES_TO_GO = 30    # however long the game has gone, plan for at least this many more moves
INCREMENT_SHARE = 0.8   # the part of the increment spent on each move
SAFE_SHARE = 0.3        # never more of what is left (less a reserve) on one move
RESERVE = 1.0           # seconds kept back for the moves' own costs (sending, polling, landing)
MIN_BUDGET = 0.05       # the least a move is given while the clock allows it: the first depths take milliseconds
LAST_BUDGET = 0.005     # the least of all, on a clock nearly out: depth 1 takes microseconds


def move_budget(left: float, increment: float, ply: int) -> float:
    """Seconds the computer may spend on its move with ``left`` seconds on its clock, ``increment`` added
    after the move, ``ply`` moves played so far: its time split over the moves a game still has
    (``EXPECTED_MOVES`` a side, at least ``MIN_MOVES_TO_GO`` more), plus most of the increment, never
    more than ``SAFE_SHARE`` of what is left beyond a reserve, so it never runs out in normal play."""
    left = max(0.0, float(left))
    to_go = max(MIN_MOVES_TO_GO, EXPECTED_MOVES - ply // 2)
    share = left / to_go + INCREMENT_SHARE * increment
    cap = SAFE_SHARE * max(0.0, left - RESERVE)
    # within the reserve, the floor shrinks with the clock: a sudden-death game that runs long
    # (1+0, a hundred moves a side) keeps moving quickly rather than flag on a fixed floor
    floor = max(LAST_BUDGET, min(MIN_BUDGET, left / (2 * to_go)))
    return max(floor, min(share, cap))


# -- the clocks ---------------------------------------------------------------------------

class Clock:
    """The two sides' clocks under ``control``: ``left[colour]`` seconds, ``turn`` the side whose clock
    runs (or would, while paused).  Every time is the caller's ``now``."""

    def __init__(self, control: TimeControl, left: Mapping[int, float] | None = None, turn: int = BLACK) -> None:
        self.control = control
        self.left = {BLACK: float(control.seconds), WHITE: float(control.seconds)}
        if left is not None:
            self.left.update({c: float(v) for c, v in left.items()})
        self.turn = turn
        self.running = False
        self._since = 0.0   # when the running clock was last charged

    def _charge(self, now: float) -> None:
        if self.running:
            self.left[self.turn] -= max(0.0, now - self._since)
            self._since = now

    def remaining(self, colour: int, now: float) -> float:
        """Seconds ``colour`` has left at ``now`` (at most 0 once it ran out)."""
        left = self.left[colour]
        if self.running and colour == self.turn:
            left -= max(0.0, now - self._since)
        return left

    def resume(self, now: float) -> None:
        """The side to move's clock runs from ``now``."""
        if not self.running:
            self.running = True
            self._since = now

    def pause(self, now: float) -> None:
        """Both clocks stop at ``now`` (a dialog is open, the window is minimised)."""
        self._charge(now)
        self.running = False

    def set_running(self, running: bool, now: float) -> None:
        self.resume(now) if running else self.pause(now)

    def press(self, now: float) -> float:
        """The side to move has moved at ``now``: its time is charged, the increment added; the other
        side's clock runs (if the clocks were running).  The mover's time left after the move."""
        self._charge(now)
        mover = self.turn
        self.left[mover] += self.control.increment
        self.turn = 1 - mover
        return self.left[mover]

    def switch_to(self, colour: int, now: float) -> None:
        """The clock of ``colour`` runs now (an undo or a redo), nobody's time given back or added."""
        self._charge(now)
        self.turn = colour

    def flagged(self, now: float) -> int | None:
        """The side whose time has run out at ``now``, else None."""
        return self.turn if self.remaining(self.turn, now) <= 0 else None

    # -- kept in a record -----------------------------------------------------------------

    def state(self, now: float) -> dict[str, Any]:
        """The clocks as JSON values: the control (PDN spelling), each side's seconds left, whose
        clock runs.  ``Clock.from_state`` reads it back."""
        return {"control": self.control.pdn, "black": round(self.remaining(BLACK, now), 3),
                "white": round(self.remaining(WHITE, now), 3), "turn": COLOUR_KEYS[self.turn]}

    @classmethod
    def from_state(cls, data: object) -> Clock:
        """A paused Clock from ``state()``'s form; ClockError naming what is wrong (a record edited by hand)."""
        if not isinstance(data, dict):
            raise ClockError(f"the clocks are a JSON object, not {type(data).__name__}")
        control = parse_pdn_time_control(data.get("control"))
        if control is None:
            raise ClockError("the clocks have no time control")
        left: dict[int, float] = {}
        for colour, key in zip((BLACK, WHITE), COLOUR_KEYS):
            value = data.get(key)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                    or not -3600 <= value <= MAX_MINUTES * 60 * 10:
                raise ClockError(f"{SIDE_WORDS[colour]}'s clock is a number of seconds, not {_excerpt(value)}")
            left[colour] = float(value)
        turn = data.get("turn")
        if turn not in COLOUR_KEYS:
            raise ClockError(f"the clock running is Red's or White's, not {_excerpt(turn)}")
        return cls(control, left, COLOUR_KEYS.index(turn))


MAX_RECORDED_MOVES = 10000


def clocks_from_record(data: Any) -> tuple[Clock, list[float | None]]:
    """``(Clock, moves)`` from a match record's clocks (``Clock.state`` with ``moves``: each move's
    mover's seconds left after it, None where not known); ClockError naming what is wrong."""
    clocks = Clock.from_state(data)
    moves = data.get("moves", [])
    if not isinstance(moves, list) or len(moves) > MAX_RECORDED_MOVES:
        raise ClockError("the moves' clocks are a list of seconds")
    kept: list[float | None] = []
    for value in moves:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        kept.append(max(0.0, float(value)) if ok else None)  # a bad entry is one move without its clock
    return clocks, kept


MAX_CLOCK_SECONDS = MAX_MINUTES * 60 * 10   # a clock read from a file: at most this (the increments add up)


def _comment_entries(comments: Comments) -> list[Any]:
    """``(ply, value)`` pairs from a PDN game's comments in any of the forms the game passes them: the
    reader's ``(ply, text)`` pairs, the writer's ``{ply: "[%clock 0:02:41]"}`` (``write_pdn(comments=)``),
    or ``{ply: seconds}`` already read (review of a game being played)."""
    if comments is None:
        return []
    if hasattr(comments, "items"):
        return list(comments.items())
    return [c for c in comments if isinstance(c, (tuple, list)) and len(c) == 2]


def pdn_clock_moves(comments: Comments, ply: int) -> tuple[list[float | None] | None, str | None]:
    """``(moves, problem)``: each of the first ``ply`` moves' clock from a PDN game's comments (the mover's
    seconds left after it, None where there is none); ``problem`` is one line naming the first clock up to
    there that cannot be read (then ``moves`` is None).  Comments after ``ply`` are not looked at."""
    moves: list[float | None] = [None] * ply
    for at, value in _comment_entries(comments):
        if isinstance(at, bool) or not isinstance(at, int) or not 0 < at <= ply:
            continue
        seconds: float | None
        try:
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                seconds = float(value)
                if not math.isfinite(seconds) or seconds < 0:
                    raise ClockError(f"a move's clock is a number of seconds, not {_excerpt(value)}")
            else:
                seconds = parse_pdn_clock(value)
                if seconds is None:
                    continue
            if seconds > MAX_CLOCK_SECONDS:
                raise ClockError(f"a move's clock is at most {MAX_CLOCK_SECONDS // 3600} hours, "
                                 f"not {format_clock(seconds)}")
        except ClockError as e:
            return None, f"move {at}: {e}"
        moves[at - 1] = seconds
    return moves, None


def _read_pdn_clocks(tags: Mapping[str, str] | None, comments: Comments, ply: int,
                     turn: int) -> tuple[Clock | None, list[float | None], str | None]:
    """``(Clock | None, moves, problem)``: see ``clocks_from_pdn``; ``moves`` is ``pdn_clock_moves``'s."""
    raw = (tags or {}).get("TimeControl") if hasattr(tags, "get") else None
    try:
        control = parse_pdn_time_control(raw)
    except ClockError as e:
        return None, [], f"the game's time control cannot be used ({e})"
    if control is None:
        return None, [], None
    moves, problem = pdn_clock_moves(comments, ply)
    if moves is None:
        return None, [], f"the game's clocks cannot be read ({problem})"
    left: dict[int, float] = {}
    for colour in (BLACK, WHITE):
        # the last move up to ``ply`` that ``colour`` made is move ``ply`` when the other side is to move
        # now, else move ``ply - 1``; its moves go back two at a time
        last = ply if colour != turn else ply - 1
        known = [m for k in range(last, 0, -2) if (m := moves[k - 1]) is not None]
        left[colour] = known[0] if known else float(control.seconds)
    return Clock(control, left, turn), moves, None


def clocks_from_pdn(tags: Mapping[str, str] | None, comments: Comments, ply: int,
                    turn: int) -> tuple[Clock | None, str | None]:
    """``(Clock | None, problem)`` for a game going on from a PDN record after its first ``ply`` moves,
    ``turn`` to move there: the record's ``[TimeControl]`` (``tags``) with each side's time as its last
    ``{[%clock]}`` up to ``ply`` gives it (``comments``, in any form ``_comment_entries`` reads; a side with
    none yet: the control's full time), paused.  No clocks for a record without a TimeControl tag (problem
    None) or with a TimeControl or a clock up to ``ply`` that cannot be read (``problem``: one line for the
    player saying which)."""
    clock, _moves, problem = _read_pdn_clocks(tags, comments, ply, turn)
    return clock, problem


def match_clocks_from_pdn(tags: Mapping[str, str] | None, comments: Comments, ply: int,
                          turn: int) -> tuple[dict[str, Any], str | None]:
    """``(keywords, problem)``: ``clocks_from_pdn`` as ``Match`` keywords (``clocks``, and ``clock_moves``
    so a game saved again keeps the earlier moves' clocks), {} without clocks."""
    clock, moves, problem = _read_pdn_clocks(tags, comments, ply, turn)
    return ({} if clock is None else {"clocks": clock, "clock_moves": moves}), problem


def record_clocks(extra: object) -> tuple[dict[str, Any], str | None]:
    """``(keywords, problem)``: ``Match`` keywords (``clocks``, ``clock_moves``) for an unfinished game's
    record ``extra``, its clocks as they were when it was kept, paused; {} for a game without clocks, or
    with clocks that cannot be read (a record edited by hand: the game goes on without them, and
    ``problem`` says why in one line)."""
    data = extra.get("clock") if isinstance(extra, dict) else None
    if data is None:
        return {}, None
    try:
        clocks, moves = clocks_from_record(data)
    except ClockError as e:
        return {}, f"the game's clocks cannot be read ({e})"
    return {"clocks": clocks, "clock_moves": moves}, None


def restored_clocks(extra: object) -> dict[str, Any]:
    """``record_clocks``' keywords alone."""
    return record_clocks(extra)[0]


def record_clock_tags(extra: object) -> tuple[dict[str, str], list[tuple[int, str]]]:
    """``(tags, comments)`` for Review of an unfinished game's record ``extra``: its ``[TimeControl]`` and
    each move's ``[%clock]`` as a saved game has them (``(ply, text)`` pairs); ``({}, [])`` without
    readable clocks."""
    data = extra.get("clock") if isinstance(extra, dict) else None
    if data is None:
        return {}, []
    try:
        clocks, moves = clocks_from_record(data)
    except ClockError:
        return {}, []
    return {"TimeControl": clocks.control.pdn}, [(ply, pdn_clock(s)) for ply, s in enumerate(moves, 1)
                                                 if s is not None]
