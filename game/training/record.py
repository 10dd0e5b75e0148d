"""The player's record against the computer's levels, from their finished games.

Every finished game is archived as PDN (``store.archive``, ``<data>/archive/``) with its
players, their levels, the date and the result: ``[Black "You"] [BlackType "human"] [White
"Computer (Hard)"] [WhiteLevel "Hard"] [Result "0-1"]``.  A game against the computer is one where a
side is a person's (``store.gamefile.is_person``: typed "human"; in older files named "Human"
without a level) and the other has a level.  ``read_record()`` reads the
archive's headers (not the moves), and a ``Record`` sums the games up: won, drawn and lost
against each level, and the strength estimate (``training.strength``) after each day (or
week, or month) that had games, for the graph.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..engine.levels import LevelError, parse_level
from ..notation.pdn import normal_result, read_pdn
from ..store.gamefile import is_person
from ..store.paths import archive_dir
from ..textfile import FileReadError, read_text
from .strength import LEVEL_ELO, Estimate, estimate_from_levels

MAX_FILE_BYTES = 2 * 1024 * 1024   # an archived game is a few KB; a bigger file is not one of ours
MAX_FILES = 20_000
MAX_POINTS = 60                    # the graph's points at most: days, else weeks, else months

WON, DRAWN, LOST = 1.0, 0.5, 0.0
LADDER_ORDER = tuple(LEVEL_ELO)    # Beginner … Master


@dataclass(frozen=True)
class GameResult:
    """One finished game against the computer, from the player's side."""

    level: str                       # the computer's level as spelt ("Hard", "depth:6", "time:2")
    score: float                     # WON, DRAWN or LOST
    day: datetime.date | None        # when it was played (None: the file does not say)
    when: str = ""                   # date and time as text, to sort games of one day


def result_of(tags: dict[str, str]) -> GameResult | None:
    """The player's result in a game with these tags, or None when it is not a finished game
    between a person and the computer."""
    sides = []
    for colour, name in ((0, "Black"), (1, "White")):
        level = (tags.get(name + "Level") or "").strip()
        human = is_person(tags, name)  # its BlackType/WhiteType tag (older files: "Human" without a level)
        sides.append((colour, human, level))
    humans = [c for c, human, _ in sides if human]
    levels = [level for _, human, level in sides if not human and level]
    if len(humans) != 1 or len(levels) != 1:
        return None
    result = normal_result(tags.get("Result") or "*")
    if result == "1-1":
        score = DRAWN
    elif result in ("2-0", "0-2"):
        score = WON if (result == "2-0") == (humans[0] == 0) else LOST
    else:
        return None
    date = (tags.get("Date") or "").strip()
    try:
        level = parse_level(levels[0]).spec  # one spelling: "Depth 6" of earlier versions is "depth:6"
    except LevelError:
        level = levels[0]
    return GameResult(level[:40], score, _day(date), f"{date} {(tags.get('Time') or '').strip()}")


def _day(text: str) -> datetime.date | None:
    """The date of a [Date] tag ("2026.11.25"); None for anything that is not one."""
    parts = text.split(".")
    if len(parts) != 3 or not all(0 < len(p) <= 4 and p.isdigit() and p.isascii() for p in parts):
        return None  # also keeps a 20-digit year from int() and date() (OverflowError)
    try:
        y, m, d = (int(p) for p in parts)
        return datetime.date(y, m, d)
    except (ValueError, OverflowError):
        return None


@dataclass(frozen=True)
class LevelRow:
    level: str
    won: int
    drawn: int
    lost: int
    elo: float | None               # the level's Elo (None for a custom depth or time)

    @property
    def games(self) -> int:
        return self.won + self.drawn + self.lost


@dataclass(frozen=True)
class Point:
    """The graph's point after one period: its first day, that period's results, the estimate."""

    day: datetime.date
    won: int
    drawn: int
    lost: int
    estimate: Estimate | None


class Record:
    """The player's games against the computer, oldest first."""

    def __init__(self, games: Iterable[GameResult], problems: Iterable[str] = ()) -> None:
        self.games = sorted(games, key=lambda g: (g.day or datetime.date.min, g.when))
        self.problems = list(problems)

    def __len__(self) -> int:
        return len(self.games)

    def by_level(self) -> list[LevelRow]:
        """Won, drawn and lost against each level played: the ladder's levels first, bottom up."""
        counts: dict[str, list[int]] = {}
        for g in self.games:
            row = counts.setdefault(g.level, [0, 0, 0])
            row[{WON: 0, DRAWN: 1, LOST: 2}[g.score]] += 1
        order = [lv for lv in LADDER_ORDER if lv in counts] + sorted(lv for lv in counts if lv not in LEVEL_ELO)
        return [LevelRow(lv, counts[lv][0], counts[lv][1], counts[lv][2], LEVEL_ELO.get(lv)) for lv in order]

    def totals(self) -> tuple[int, int, int]:
        rows = self.by_level()
        return sum(r.won for r in rows), sum(r.drawn for r in rows), sum(r.lost for r in rows)

    def estimate(self) -> Estimate | None:
        """The playing strength from every game against a ladder level; None without one."""
        return estimate_from_levels((g.level, g.score) for g in self.games)

    def period(self) -> str:
        """"day", "week" or "month": the shortest that keeps the graph within MAX_POINTS."""
        days = {g.day for g in self.games if g.day is not None}
        for name in ("day", "week"):
            if len({_start(d, name) for d in days}) <= MAX_POINTS:
                return name
        return "month"

    def timeline(self) -> list[Point]:
        """After each period with games (dated ones): its results and the estimate from every
        game up to its end."""
        period = self.period()
        points: list[Point] = []
        undated = [(g.level, g.score) for g in self.games if g.day is None]
        so_far = list(undated)
        dated = [g for g in self.games if g.day is not None]
        i = 0
        while i < len(dated):
            start = _start(dated[i].day, period)  # type: ignore[arg-type]
            group = []
            while i < len(dated) and _start(dated[i].day, period) == start:  # type: ignore[arg-type]
                group.append(dated[i])
                i += 1
            so_far += [(g.level, g.score) for g in group]
            points.append(Point(start, sum(g.score == WON for g in group), sum(g.score == DRAWN for g in group),
                                sum(g.score == LOST for g in group), estimate_from_levels(so_far)))
        return points


def _start(day: datetime.date, period: str) -> datetime.date:
    if period == "week":
        return day - datetime.timedelta(days=day.weekday())
    if period == "month":
        return day.replace(day=1)
    return day


def read_record(folder: str | os.PathLike[str] | None = None) -> Record:
    """The record from the archived games in ``folder`` (the store's archive by default) and, for the
    store's own archive, the results kept apart from the files (``store.results``), each game once
    (by its ``GameId``): deleting a copy of a finished game never changes the record.
    Never raises: an unreadable file, or a game in it that cannot be read, is skipped and
    counted in ``problems``; the others are read."""
    ours = folder is None
    folder = Path(archive_dir() if folder is None else folder)
    games: list[GameResult] = []
    skipped = bad_games = 0
    try:
        with os.scandir(folder) as it:
            names = sorted(d.name for d in it if d.name.lower().endswith(".pdn") and not d.name.startswith("."))
    except OSError:
        names = []  # no archive folder: the kept results still count
    kept, kept_problem = _kept_results() if ours else ({}, None)
    seen: set[str] = set(kept)
    missing: list[dict[str, str]] = []  # archived games whose result is not kept yet (older versions)
    for name in names[:MAX_FILES]:
        try:
            text = read_text(folder / name, limit=MAX_FILE_BYTES, what="archived game")
            pdns = read_pdn(text, headers_only=True)
        except (FileReadError, ValueError, OSError):
            skipped += 1
            continue
        for pdn in pdns:
            tags = dict(pdn.tags)
            game_id = tags.get("GameId")
            if game_id in seen:
                continue  # one game counts once: its kept result
            try:
                result = result_of(tags)
            except Exception:  # one odd game never hides the others
                bad_games += 1
                continue
            if result is not None:
                games.append(result)
                if game_id:
                    seen.add(game_id)
                    missing.append(tags)
    for tags in kept.values():
        try:
            result = result_of(tags)
        except Exception:
            bad_games += 1
            continue
        if result is not None:
            games.append(result)
    if missing and ours:
        _keep(missing)
    problems = [f"{skipped} archived file{'s' if skipped != 1 else ''} could not be read"] if skipped else []
    if bad_games:
        problems.append(f"{bad_games} archived game{'s' if bad_games != 1 else ''} could not be read")
    if kept_problem:
        problems.append(kept_problem)
    if len(names) > MAX_FILES:
        problems.append(f"only the first {MAX_FILES} archived files were read")
    return Record(games, problems)


def _kept_results() -> tuple[dict[str, dict[str, str]], str | None]:
    """The results kept apart from the files (``store.results``): every finished game counts whatever
    copies of it were deleted.  ``({}, why)`` when they cannot be read."""
    from ..store.results import read_results

    try:
        return read_results(), None
    except (ValueError, OSError) as e:
        return {}, f"the kept results cannot be read ({str(e)[:80]})"


def _keep(games: list[dict[str, str]]) -> None:
    """Archived games of earlier versions: their results kept apart too, so deleting their files
    later leaves the record as it is.  Best effort: the record is read either way."""
    from ..store.results import remember_results

    try:
        remember_results(games)
    except OSError:
        pass
