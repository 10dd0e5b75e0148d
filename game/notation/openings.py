"""Openings by name: the three-move ballot and the traditional name of a game's first moves.

``opening_of(game)`` gives an ``Opening(name, ballot_number, moves)`` or None:

- ``ballot_number``: the number of the ACF three-move ballot the first three moves
  form (the 156 ballots playable over the board; the 18 barred as lost have none);
- ``name``: the traditional name of the longest named line the game begins with
  (``11-15 23-19 8-11 22-17 4-8`` is the Old Fourteenth, ``11-15 23-19 8-11 22-17``
  alone has no name of its own, ``9-14`` is the Double Corner);
- ``moves``: the moves that make the opening (the longer of the named line and the
  ballot).

The tables are written here, not read from a file: the game must not depend on
anything outside the package at run time.  The ballots were copied from the
shared ``ballots-3move.txt`` (a test checks them against it when it is present); the
names are the traditional ones of the checker literature, kept to those whose
moves are well attested, since a wrong name is worse than none.
"""

from __future__ import annotations

from typing import NamedTuple

from ..rules.game import Game
from ..rules.position import Move, Position
from .errors import NotationError
from .pdn_movetext import find_move
from .pdn_reader import PdnGame

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    Paths = tuple[tuple[int, ...], ...]  # the paths of a line's moves

__all__ = ["Opening", "opening_of", "BALLOTS", "NAMED_LINES", "opening_table"]

# number, then the three moves (captures written with a hyphen, as the ballot cards do)
BALLOTS = (
    "1 9-13 21-17 5-9", "2 9-13 21-17 6-9", "4 9-13 22-17 13-22", "5 9-13 22-18 6-9", "6 9-13 22-18 10-14",
    "7 9-13 22-18 10-15", "8 9-13 22-18 11-15", "9 9-13 22-18 11-16", "10 9-13 22-18 12-16", "11 9-13 23-18 5-9",
    "12 9-13 23-18 6-9", "14 9-13 23-18 10-15", "15 9-13 23-18 11-15", "16 9-13 23-18 11-16", "17 9-13 23-18 12-16",
    "18 9-13 23-19 5-9", "19 9-13 23-19 6-9", "20 9-13 23-19 10-14", "21 9-13 23-19 10-15", "22 9-13 23-19 11-16",
    "23 9-13 24-19 5-9", "24 9-13 24-19 6-9", "25 9-13 24-19 10-14", "27 9-13 24-19 11-15", "28 9-13 24-19 11-16",
    "29 9-13 24-20 5-9", "30 9-13 24-20 6-9", "31 9-13 24-20 10-14", "32 9-13 24-20 10-15", "33 9-13 24-20 11-15",
    "34 9-13 24-20 11-16", "36 9-14 22-17 5-9", "37 9-14 22-17 6-9", "38 9-14 22-17 11-15", "39 9-14 22-17 11-16",
    "40 9-14 22-18 5-9", "41 9-14 22-18 10-15", "42 9-14 22-18 11-15", "43 9-14 22-18 11-16", "46 9-14 23-18 14-23",
    "47 9-14 23-19 5-9", "49 9-14 23-19 11-16", "50 9-14 23-19 14-18", "51 9-14 24-19 5-9", "53 9-14 24-19 11-15",
    "54 9-14 24-19 11-16", "55 9-14 24-20 5-9", "56 9-14 24-20 10-15", "57 9-14 24-20 11-15", "58 9-14 24-20 11-16",
    "59 10-14 22-17 7-10", "60 10-14 22-17 9-13", "61 10-14 22-17 11-15", "62 10-14 22-17 11-16",
    "63 10-14 22-17 14-18", "64 10-14 22-18 6-10", "65 10-14 22-18 7-10", "66 10-14 22-18 11-15",
    "67 10-14 22-18 11-16", "68 10-14 22-18 12-16", "69 10-14 23-18 14-23", "70 10-14 23-19 6-10",
    "71 10-14 23-19 7-10", "72 10-14 23-19 11-15", "73 10-14 23-19 11-16", "74 10-14 23-19 14-18",
    "75 10-14 24-19 6-10", "76 10-14 24-19 7-10", "78 10-14 24-19 11-16", "79 10-14 24-19 14-18", "80 10-14 24-20 6-10",
    "81 10-14 24-20 7-10", "82 10-14 24-20 11-15", "83 10-14 24-20 11-16", "84 10-14 24-20 14-18",
    "85 10-15 21-17 6-10", "86 10-15 21-17 7-10", "87 10-15 21-17 9-13", "89 10-15 21-17 11-16", "90 10-15 21-17 15-18",
    "91 10-15 22-17 6-10", "92 10-15 22-17 7-10", "93 10-15 22-17 9-13", "95 10-15 22-17 11-16", "96 10-15 22-17 15-19",
    "97 10-15 22-18 15-22", "98 10-15 23-18 6-10", "99 10-15 23-18 7-10", "100 10-15 23-18 9-14",
    "101 10-15 23-18 11-16", "102 10-15 23-18 12-16", "103 10-15 23-19 6-10", "104 10-15 23-19 7-10",
    "105 10-15 23-19 11-16", "106 10-15 24-19 15-24", "107 10-15 24-20 6-10", "108 10-15 24-20 7-10",
    "110 10-15 24-20 15-19", "111 11-15 21-17 8-11", "112 11-15 21-17 9-13", "113 11-15 21-17 9-14",
    "115 11-15 21-17 15-19", "116 11-15 22-17 8-11", "117 11-15 22-17 9-13", "118 11-15 22-17 15-18",
    "119 11-15 22-17 15-19", "120 11-15 22-18 15-22", "121 11-15 23-18 8-11", "122 11-15 23-18 9-14",
    "123 11-15 23-18 10-14", "124 11-15 23-18 12-16", "125 11-15 23-18 15-19", "126 11-15 23-19 8-11",
    "127 11-15 23-19 9-13", "128 11-15 23-19 9-14", "129 11-15 24-19 15-24", "130 11-15 24-20 8-11",
    "131 11-15 24-20 12-16", "132 11-15 24-20 15-18", "133 11-16 21-17 7-11", "134 11-16 21-17 8-11",
    "135 11-16 21-17 9-13", "136 11-16 21-17 9-14", "138 11-16 21-17 16-20", "139 11-16 22-17 7-11",
    "140 11-16 22-17 8-11", "141 11-16 22-17 9-13", "142 11-16 22-17 16-20", "143 11-16 22-18 7-11",
    "144 11-16 22-18 8-11", "146 11-16 22-18 16-19", "147 11-16 22-18 16-20", "148 11-16 23-18 7-11",
    "149 11-16 23-18 8-11", "150 11-16 23-18 9-14", "151 11-16 23-18 10-14", "152 11-16 23-18 16-20",
    "153 11-16 23-19 16-23", "154 11-16 24-19 7-11", "155 11-16 24-19 8-11", "157 11-16 24-19 16-20",
    "158 11-16 24-20 7-11", "159 11-16 24-20 16-19", "160 12-16 21-17 9-13", "161 12-16 21-17 9-14",
    "162 12-16 21-17 16-19", "163 12-16 21-17 16-20", "164 12-16 22-17 16-19", "165 12-16 22-17 16-20",
    "166 12-16 22-18 16-19", "167 12-16 22-18 16-20", "169 12-16 23-18 16-19", "170 12-16 23-18 16-20",
    "172 12-16 24-19 16-20", "173 12-16 24-20 8-12", "174 12-16 24-20 10-15",
)

# The traditional names; the longest line a game begins with names it.
NAMED_LINES = (
    ("Edinburgh", "9-13"),
    ("Double Corner", "9-14"),
    ("Denny", "10-14"),
    ("Kelso", "10-15"),
    ("Kelso Cross", "10-15 23-18"),
    ("Bristol", "11-16"),
    ("Bristol Cross", "11-16 23-18"),
    ("Paisley", "11-16 24-19 8-11"),
    ("Dundee", "12-16"),
    ("Switcher", "11-15 21-17"),
    ("Single Corner", "11-15 22-18"),
    ("Cross", "11-15 23-18"),
    ("Slip Cross", "11-15 23-18 8-11 27-23 11-16"),
    ("Second Double Corner", "11-15 24-19"),
    ("Ayrshire Lassie", "11-15 24-20"),
    ("Dyke", "11-15 22-17 15-19"),
    ("Boston", "11-15 22-17 9-13 17-14"),
    ("Maid of the Mill", "11-15 22-17 8-11 17-13 15-18"),
    ("Douglas", "11-15 22-17 8-11 17-13 4-8 25-22"),
    ("Will o' the Wisp", "11-15 23-19 9-13"),
    ("Defiance", "11-15 23-19 9-14 27-23"),
    ("Fife", "11-15 23-19 9-14 22-17 5-9"),
    ("Souter", "11-15 23-19 9-14 22-17 6-9"),
    ("Whilter", "11-15 23-19 9-14 22-17 7-11"),
    ("Nailor", "11-15 23-19 8-11 26-23"),
    ("Old Fourteenth", "11-15 23-19 8-11 22-17 4-8"),
    ("Glasgow", "11-15 23-19 8-11 22-17 11-16"),
    ("Alma", "11-15 23-19 8-11 22-17 3-8"),
    ("Centre", "11-15 23-19 8-11 22-17 15-18"),
    ("Laird and Lady", "11-15 23-19 8-11 22-17 9-13"),
    ("Black Doctor", "11-15 23-19 8-11 22-17 9-13 17-14 10-17 19-10 7-14"),
)


class Opening(NamedTuple):
    """A game's opening: its traditional ``name`` (or None), ``ballot_number`` (or None), ``moves``."""

    name: str | None
    ballot_number: int | None
    moves: tuple[Move, ...]

    @property
    def label(self) -> str:
        """``Old Fourteenth (ballot 104)``, ``Ballot 37`` or ``Edinburgh``: the opening as shown to a player."""
        if self.name and self.ballot_number is not None:
            return f"{self.name} (ballot {self.ballot_number})"
        if self.name:
            return self.name
        return f"Ballot {self.ballot_number}"


_TABLE: tuple[dict[Paths, str], dict[Paths, int], int] | None = None


def _line(texts: Iterable[str]) -> tuple[Move, ...]:
    """The Moves of a line of move texts played from the initial position (ValueError if one is not legal)."""
    position = Position.initial()
    out: list[Move] = []
    for text in texts:
        move = find_move(position, text)
        out.append(move)
        position = position.play(move)
    return tuple(out)


def opening_table() -> tuple[dict[Paths, str], dict[Paths, int], int]:
    """``(names, ballots, longest)``: dicts from tuples of move paths to names and to ballot numbers."""
    global _TABLE
    if _TABLE is None:
        names: dict[Paths, str] = {}
        for name, line in NAMED_LINES:
            names[tuple(m.path for m in _line(line.split()))] = name
        ballots: dict[Paths, int] = {}
        for entry in BALLOTS:
            number, *texts = entry.split()
            ballots[tuple(m.path for m in _line(texts))] = int(number)
        longest = max(len(k) for k in names)
        _TABLE = (names, ballots, longest)
    return _TABLE


def _moves_of(game: Game | PdnGame | Iterable[Move | str]) -> list[Move | str] | None:
    """The first moves of a rules.Game, a PdnGame, or a sequence of Moves or move texts; None off the initial
    position."""
    if isinstance(game, Game):
        return list(game.moves) if game.start == Position.initial() else None
    if isinstance(game, PdnGame):
        try:
            if game.start_position() != Position.initial():
                return None
        except ValueError:
            return None
        return list(game.moves)
    return list(game)


def opening_of(game: Game | PdnGame | Iterable[Move | str]) -> Opening | None:
    """The opening of a game (rules.Game, PdnGame, or its moves as Moves or texts), or None.

    A game set up from another position has no opening; move texts are read from
    the initial position up to the first that is not a legal move.
    """
    moves = _moves_of(game)
    if not moves:
        return None
    names, ballots, longest = opening_table()
    position = Position.initial()
    line: list[Move] = []
    for item in moves[:longest]:
        try:
            move = find_move(position, item)
        except NotationError:
            break
        line.append(move)
        position = position.play(move)
    paths = [m.path for m in line]
    name: str | None = None
    named_len = 0
    for n in range(len(paths), 0, -1):
        found = names.get(tuple(paths[:n]))
        if found is not None:
            name, named_len = found, n
            break
    ballot = ballots.get(tuple(paths[:3])) if len(paths) >= 3 else None
    if name is None and ballot is None:
        return None
    return Opening(name, ballot, tuple(line[:max(named_len, 3 if ballot is not None else 0)]))
