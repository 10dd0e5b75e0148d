"""A puzzle: a position, the side to play, and the one line that solves it.

A puzzle file is PDN, so any checkers program can open it: each puzzle is a
game that starts from its ``[FEN]`` with the solution as its moves, the
solver's moves and the forced replies alternating, the solver's move first
and last.  The puzzle's own facts are tags:

    [Event "Puzzle"] [Puzzle "tinsley-0042-37"] [Theme "shot"]
    [Goal "win a man"] [PuzzleRating "1480"] [Source "Tinsley v Chinook, 1992"]

``read_puzzles`` reads such a file game by game; a game that is not a usable
puzzle is skipped with a one-line reason (the others are kept), never raised.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..notation.pdn import MoveTextError, PdnError, find_move, read_pdn, write_pdn_games
from ..rules import Game, Move, Position
from ..rules.position import COLOUR_NAMES
from ..store.training import puzzle_id_problem
from ..textfile import excerpt

# What a puzzle asks for, in the words of its theme.
SHOT, TWO_FOR_ONE, CROWNING, ENDING, DEFENCE = "shot", "two-for-one", "crowning", "ending", "defence"
MISTAKE = "mistake"   # an exercise made of the player's own mistake in a game (training.exercises)
THEMES = (SHOT, TWO_FOR_ONE, CROWNING, ENDING, DEFENCE, MISTAKE)
THEME_WORDS = {SHOT: "Shot", TWO_FOR_ONE: "Two for one", CROWNING: "Crowning", ENDING: "Ending",
               DEFENCE: "Defence", MISTAKE: "Your mistake"}

DEFAULT_RATING = 1500
MAX_LINE = 40      # plies in a solution: a longer "forced" line is not a puzzle a person solves
MAX_PUZZLES = 100_000


class PuzzleError(ValueError):
    """A puzzle that cannot be used; the message names the puzzle and what is wrong."""


def _cut(text: str, limit: int = 60) -> str:
    """``text`` on one line, cut to ``limit`` characters."""
    text = "".join(ch if ch.isprintable() else " " for ch in " ".join(text[:limit * 4].split()))
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _named(ident: str) -> str:
    """"puzzle 'tinsley-0042-37'" for a message, a long or odd id cut to a short quote."""
    return f"puzzle {excerpt(ident, 50)}"


@dataclass(frozen=True)
class Puzzle:
    """One puzzle.

    ``line`` is the solution from ``position``: the solver's move, the reply,
    the solver's next move, ... ending with a solver's move (odd length).
    ``goal`` is what the solution achieves, in words for the prompt ("win a
    man", "win", "crown a man", "draw"); ``rating`` the puzzle's starting
    difficulty on the players' rating scale.
    """

    id: str
    position: Position
    line: tuple[Move, ...]
    theme: str
    goal: str
    rating: int = DEFAULT_RATING
    source: str = ""
    also: tuple[Move, ...] = ()   # other first moves that solve it too (an exercise: any move not a mistake)

    def __post_init__(self) -> None:
        problem = puzzle_id_problem(self.id)   # the record's own rule (store.training)
        if problem is not None:
            raise PuzzleError(f"{_named(self.id)}: {problem}")
        if not self.line or len(self.line) % 2 == 0:
            raise PuzzleError(f"{_named(self.id)}: the solution must end with the solver's move "
                              f"({len(self.line)} plies)")
        if len(self.line) > MAX_LINE:
            raise PuzzleError(f"{_named(self.id)}: a solution of {len(self.line)} plies is too long "
                              f"(at most {MAX_LINE})")
        if self.theme not in THEMES:
            raise PuzzleError(f"{_named(self.id)}: unknown theme {excerpt(self.theme, 24)} "
                              f"(one of {', '.join(THEMES)})")
        for move in self.also:
            if not self.position.is_legal(move):
                raise PuzzleError(f"{_named(self.id)}: the other answer {move} is not legal in "
                                  f"{self.position.fen()}")
        position = self.position
        for ply, move in enumerate(self.line):
            if not position.is_legal(move):
                raise PuzzleError(f"{_named(self.id)}: move {ply + 1} of the solution, {move}, "
                                  f"is not legal in {position.fen()}")
            position = position.play(move)

    @property
    def solver(self) -> int:
        """The side the player takes (rules.BLACK or rules.WHITE)."""
        return self.position.turn

    def solves(self, ply: int, move: Move) -> bool:
        """Whether ``move`` is a right answer at ``ply`` of the line (an even ply: the solver's turn)."""
        return move == self.line[ply] or (ply == 0 and move in self.also)

    def solver_moves(self) -> tuple[Move, ...]:
        """The moves the player must find, in order."""
        return self.line[::2]

    def positions(self) -> list[Position]:
        """The position before each ply of the line, and the one after the last."""
        out = [self.position]
        for move in self.line:
            out.append(out[-1].play(move))
        return out

    def prompt(self, side_names: tuple[str, str] = COLOUR_NAMES) -> str:
        """"Red to play and win a man", with the screen's names for the sides."""
        return f"{side_names[self.solver]} to play and {self.goal}"

    def tags(self) -> dict[str, str]:
        return {"Event": "Puzzle", "Puzzle": self.id, "Theme": self.theme, "Goal": self.goal,
                "PuzzleRating": str(self.rating), "Source": self.source,
                **({"Also": " ".join(str(m) for m in self.also)} if self.also else {})}


def _game_of(puzzle: Puzzle) -> Game:
    game = Game(puzzle.position)
    for move in puzzle.line:
        game._push(move)  # checked when the Puzzle was made
    return game


def write_puzzles(puzzles: list[Puzzle]) -> str:
    """Puzzles as one PDN text; ``read_puzzles`` reads it back unchanged."""
    return write_pdn_games((_game_of(p), p.tags(), "*") for p in puzzles)


def puzzle_from_pdn(tags: dict[str, str], start: Position, moves: list[Move], where: str) -> Puzzle:
    """The puzzle a PDN game describes; PuzzleError saying what is missing or wrong."""
    ident = (tags.get("Puzzle") or "").strip()
    if not ident:
        raise PuzzleError(f"{_cut(where)}: no [Puzzle] tag naming the puzzle")
    problem = puzzle_id_problem(ident)
    if problem is not None:
        raise PuzzleError(f"{_cut(where)}: [Puzzle] {excerpt(ident, 40)}: {problem}")
    text = (tags.get("PuzzleRating") or "").strip()
    rating = DEFAULT_RATING
    if text:
        if len(text) > 6 or not text.isascii() or not text.lstrip("+-").isdigit():
            raise PuzzleError(f"{_named(ident)}: [PuzzleRating] {excerpt(text, 20)} "
                              f"is not a whole number from 100 to 4000")
        rating = int(text)
    if not 100 <= rating <= 4000:
        raise PuzzleError(f"{_named(ident)}: [PuzzleRating] {rating} is not from 100 to 4000")
    also = []
    for move_text in (tags.get("Also") or "").split():
        try:
            also.append(find_move(start, move_text))
        except MoveTextError as e:
            raise PuzzleError(f"{_named(ident)}: [Also] {_cut(str(e), 100)}") from None
    return Puzzle(ident, start, tuple(moves), (tags.get("Theme") or "").strip().lower(),
                  (tags.get("Goal") or "win").strip(), rating, (tags.get("Source") or "").strip(), tuple(also))


def read_puzzles(text: str | bytes) -> tuple[list[Puzzle], list[str]]:
    """The puzzles in a PDN text, and one line for each game that is not a usable puzzle.

    Duplicates (the same position twice, or the same id) keep the first.
    """
    puzzles: list[Puzzle] = []
    problems: list[str] = []
    seen_ids: set[str] = set()
    seen_positions: set[Position] = set()
    try:
        games = read_pdn(text)
    except PdnError as e:
        return [], [str(e)]
    for pdn in games[:MAX_PUZZLES]:
        if pdn.error:
            problems.append(pdn.error)
            continue
        try:
            puzzle = puzzle_from_pdn(pdn.tags, pdn.start_position(), pdn.moves, pdn.title())
        except (PuzzleError, PdnError) as e:
            problems.append(str(e))
            continue
        if puzzle.id in seen_ids or puzzle.position in seen_positions:
            problems.append(f"{_named(puzzle.id)}: a duplicate (kept the first)")
            continue
        seen_ids.add(puzzle.id)
        seen_positions.add(puzzle.position)
        puzzles.append(puzzle)
    if len(games) > MAX_PUZZLES:
        problems.insert(0, capped_words(len(games)))
    return puzzles, problems


CAPPED = "Only the first "  # how the line of a set cut at MAX_PUZZLES starts (the Puzzles screen shows it)


def capped_words(total: int) -> str:
    """The line for a file of ``total`` puzzles, more than one set holds: which of them are served."""
    return f"{CAPPED}{MAX_PUZZLES:,} of this file's {total:,} puzzles are used (a set holds at most {MAX_PUZZLES:,})"
