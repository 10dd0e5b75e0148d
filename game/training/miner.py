"""Puzzles mined from games: positions where exactly one move wins material or the game, or saves it.

A position of a game becomes a puzzle in four steps:

1. **Screen**: every legal move is scored by a shallow search (``Searcher.root_scores``,
   a full window each); the position goes on only if the best move stands out: it
   wins (material, a crowning, the game) and every other move scores at least
   ``margin`` less and wins nothing, or it holds while every other move loses.
2. **Verify**: the same at two deeper depths, each from an empty table, and the best
   move must be the same one at both.  In the endgame database (five pieces or
   fewer, see ``engine.endgame``) its exact results decide instead: exactly one
   move keeps the win, or exactly one keeps the draw.
3. **The line**: the solver's move, the opponent's best reply, the solver's next
   move, ... until the gain is realised after a solver's move (material up by the
   goal with no capture for the opponent, a man crowned, the game or a database
   win reached).  Every solver's move in it must again stand out (a single legal
   move does); if one does not before the gain is realised, the position is
   rejected.
4. **Name it**: a theme and a goal (``training.themes``), and a starting difficulty from
   how deep the answer lies (``Depth``): the shallowest depth of ``Settings.rating_depths``
   (then ``screen_depth``) at which the search already picks it out, and how many other
   moves look as good at the shallowest look.  Found at one ply with nothing else looking
   good ("every other move hangs a man") is *trivial*: rated the easiest (``TRIVIAL_RATING``),
   and a run keeps at most ``TRIVIAL_SHARE`` of them (``cap_trivial``).  A goal "win" is
   claimed only when proved (``proved_win``): the line ends the game, or ends in a position
   the endgame database knows is lost for the opponent.

Rejected as well: a position where the solver has a single legal move (nothing to
find), a database ending of two pieces, one reached by a capture (the answer is half of an exchange already under
way), one where a side is already three pieces up, and a position already mined
(``seen``).  The result depends on the game alone: the search's tables are cleared
for each verification and each game, so the same game gives the same puzzles in
any process and any order.

``mine_game`` mines one game; ``mine_games`` a sequence of PDN games with a
progress callback; ``check_puzzle`` re-checks a puzzle's first move the way step 2
did.  No pygame, no store: a background worker runs these.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from ..engine import endgame as _endgame
from ..engine.scores import DATABASE_BOUND
from ..engine.search import Searcher
from ..rules import Move, Position
from . import themes
from .puzzle import MAX_LINE, Puzzle, PuzzleError
from .selection import TRIVIAL_RATING, is_trivial

LOSS, WON = -1, 1   # the database's results (engine.endgame)


@dataclass(frozen=True)
class Settings:
    """How hard the miner looks.  Depths are in plies; scores in centi-men (a man is 100)."""

    screen_depth: int = 10            # step 1, for every position
    depths: tuple[int, int] = (14, 18)  # step 2: the answer must stand out at both
    line_depth: int = 14              # the replies and the solver's later moves in the line
    rating_depths: tuple[int, ...] = (1, 2, 4, 6, 8)  # tried before screen_depth, for the difficulty only
    margin: int = 90                  # the best move beats every other by this much
    win: int = 90                     # ... and scores at least this (wins material, or crowns)
    others: int = 40                  # ... while no other move scores above this
    hold: int = -40                   # a defence: the answer scores at least this ...
    lost: int = -200                  # ... and every other move at most this
    max_balance: int = 2              # positions where a side is further ahead are not puzzles
    defence_moves: int = 3            # solver's moves at most in a defence's line
    ending_pieces: int = 3            # a database ending with fewer pieces is no puzzle (a king against a king)


DEFAULT = Settings()
FAST = Settings(screen_depth=4, depths=(6, 8), line_depth=6, rating_depths=(1, 2))  # tests

# The starting difficulty from how deep the answer lies (see the module's text): a trivial
# puzzle is the easiest there is; others start at DEPTH_BASE and gain for each step down the
# depth ladder, each other move that looks as good at the shallowest look, each further move.
TRIVIAL_SHARE = 0.15      # of a run's puzzles at most this share is trivial
DEPTH_BASE = 800
PER_DEPTH_STEP = 160      # each step of the ladder (1, 2, 4, 6, 8, then the screen depth)
PER_TEMPTING = 50         # each other move that looks as good at the shallowest look ...
MAX_TEMPTING = 6          # ... counted up to this many
PER_LATER_MOVE = 60       # each further solver's move in the line


@dataclass(frozen=True)
class Depth:
    """How deep a puzzle's answer lies: ``found`` the shallowest depth at which the search picks
    it out (``step`` its place on the ladder, 0 the first), ``tempting`` how many other moves
    look as good (within the margin of the best) at the shallowest look."""

    found: int
    step: int
    tempting: int

    @property
    def trivial(self) -> bool:
        """Found at the first look with nothing else looking good: "don't hang a piece"."""
        return self.step == 0 and self.tempting == 0


def depth_rating(line: tuple[Move, ...], depth: Depth) -> int:
    """The starting difficulty of a puzzle whose answer lies ``depth`` deep (see the constants)."""
    if depth.trivial:
        return TRIVIAL_RATING
    r = (DEPTH_BASE + PER_DEPTH_STEP * depth.step + PER_TEMPTING * min(depth.tempting, MAX_TEMPTING)
         + PER_LATER_MOVE * ((len(line) + 1) // 2 - 1))
    return max(TRIVIAL_RATING + 1, min(themes.MAX_RATING, r))


def cap_trivial(puzzles: Iterable[Puzzle], share: float = TRIVIAL_SHARE) -> tuple[list[Puzzle], int]:
    """The puzzles with at most ``share`` of them trivial (the first ones kept, in order), and how
    many trivial ones were left out."""
    puzzles = list(puzzles)
    others = sum(1 for p in puzzles if not is_trivial(p))
    allowed = int(share * others / (1.0 - share)) if share < 1 else len(puzzles)
    out, dropped = [], 0
    for p in puzzles:
        if is_trivial(p):
            if allowed <= 0:
                dropped += 1
                continue
            allowed -= 1
        out.append(p)
    return out, dropped


def proved_win(position: Position, line: Iterable[Move]) -> bool:
    """Does ``line`` from ``position`` end in a proved win for the side to move at ``position``:
    the opponent left with no move, or the endgame database saying the opponent is lost?"""
    pos = position
    for move in line:
        pos = pos.play(move)
    if pos.turn == position.turn:  # a line ends with the solver's move
        return False
    return not pos.legal_moves() or _endgame.probe(pos) == LOSS


def _winning(score: int) -> bool:
    """A forced win: played out by the search or read from the database."""
    return score >= DATABASE_BOUND


@dataclass(frozen=True)
class Verdict:
    """What one depth says of a position's moves: ``kind`` is "win", "material",
    "defence" or "" (nothing stands out); ``move`` the one that does."""

    kind: str
    move: Move | None
    best: int
    second: int


def judge(scored: list[tuple[Move, int]], settings: Settings, quiet_root: bool) -> Verdict:
    """Whether the best of ``scored`` (Searcher.root_scores: best first) stands out, and how."""
    (move, best), (_, second) = scored[0], scored[1]
    if best - second < settings.margin or (_winning(best) and _winning(second)):
        return Verdict("", None, best, second)
    if _winning(best):
        return Verdict("win", move, best, second)
    if best >= settings.win and second <= settings.others:
        return Verdict("material", move, best, second)
    if quiet_root and best >= settings.hold and second <= settings.lost:
        return Verdict("defence", move, best, second)
    return Verdict("", None, best, second)


def database_verdict(position: Position) -> Verdict | None:
    """In the endgame database: the one move that keeps the win (or the draw), exactly;
    Verdict("") when there are several or none; None outside the database."""
    result = _endgame.probe(position)
    if result is None or result == LOSS:
        return None if result is None else Verdict("", None, 0, 0)
    good = []
    for move in position.legal_moves():
        child = position.play(move)
        r = _endgame.probe(child) if child.legal_moves() else LOSS
        if r is None:
            return None  # a child outside the database (a side with no piece left): let the search judge
        if -r == result:
            good.append(move)
    if len(good) != 1:
        return Verdict("", None, 0, 0)
    return Verdict("win" if result == WON else "defence", good[0], result, -1)


@dataclass
class Stats:
    """Counts over a run, for the tool's summary."""

    games: int = 0
    broken: int = 0
    positions: int = 0
    candidates: int = 0
    puzzles: int = 0
    duplicates: int = 0
    trivial: int = 0
    rejected: dict[str, int] = field(default_factory=dict)

    def reject(self, why: str) -> None:
        self.rejected[why] = self.rejected.get(why, 0) + 1

    def add(self, other: Stats) -> None:
        for name in ("games", "broken", "positions", "candidates", "puzzles", "duplicates", "trivial"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for why, n in other.rejected.items():
            self.rejected[why] = self.rejected.get(why, 0) + n


class Miner:
    """One searcher, kept across positions; see the module's text for the steps."""

    def __init__(self, settings: Settings = DEFAULT, searcher: Searcher | None = None) -> None:
        self.settings = settings
        self.searcher = searcher if searcher is not None else Searcher()
        self._blind: Searcher | None = None   # without the endgame database: how deep a player looks
        self.stats = Stats()

    # -- searching -----------------------------------------------------------------

    def scores(self, position: Position, depth: int) -> list[tuple[Move, int]]:
        scores: list[tuple[Move, int]] = self.searcher.root_scores(position, depth)
        return scores

    def verdict(self, position: Position, depth: int, fresh: bool = False) -> Verdict:
        if fresh:
            self.searcher.clear()
        return judge(self.scores(position, depth), self.settings, not position.has_capture())

    def verify(self, position: Position) -> Verdict:
        """Step 2: the answer at both verification depths (from an empty table each), or Verdict("")."""
        if len(position.legal_moves()) < 2:
            return Verdict("", None, 0, 0)
        db = database_verdict(position)
        if db is not None:
            return db
        verdicts = [self.verdict(position, d, fresh=True) for d in self.settings.depths]
        first = verdicts[0]
        if not first.kind or any(v.move != first.move or not v.kind for v in verdicts):
            return Verdict("", None, first.best, first.second)
        # the deeper depth's kind: a shallower "material" may be a "win" seen deeper
        return verdicts[-1]

    # -- one position --------------------------------------------------------------

    def mine_position(self, position: Position, ident: str, source: str = "") -> Puzzle | None:
        """The puzzle at ``position`` (the solver is the side to move), or None."""
        s = self.settings
        legal = position.legal_moves()
        if len(legal) < 2:
            return None
        self.stats.positions += 1
        solver = position.turn
        if abs(themes.balance(position, solver)) > s.max_balance:
            return None
        db = database_verdict(position)
        in_db = db is not None
        if db is not None:
            if not db.kind or (position.bm | position.bk | position.wm | position.wk).bit_count() < s.ending_pieces:
                return None
            self.stats.candidates += 1
            verdict = db
        else:
            if not self.verdict(position, s.screen_depth).kind:
                return None
            self.stats.candidates += 1
            verdict = self.verify(position)
        if not verdict.kind or verdict.move is None:
            self.stats.reject("not unique at both depths")
            return None
        built = self._line(position, verdict.move, verdict.kind, in_db)
        if built is None:
            return None
        line, goal = built
        if goal == themes.WIN and not proved_win(position, line):
            self.stats.reject("a win not proved")
            return None
        facts = themes.line_facts(position, line)
        kind = "crown" if goal == themes.CROWN else verdict.kind
        theme = themes.theme_of(kind, goal, facts, in_db)
        depth = self.depth_of(position, verdict.move)
        rating = depth_rating(line, depth)
        if depth.trivial:
            self.stats.trivial += 1
        try:
            return Puzzle(ident, position, line, theme, goal, rating, source)
        except PuzzleError:
            self.stats.reject("not a valid puzzle")
            return None

    def depth_of(self, position: Position, answer: Move) -> Depth:
        """How deep ``answer`` lies at ``position``: the shallowest depth of the ladder
        (rating_depths, then screen_depth) at which the search picks it out (its best move, ahead
        of every other by the margin), and the other moves within the margin of the best at the
        ladder's first depth.  The search looks as a player does, without the endgame database
        (which would answer an ending at one ply), from an empty table each time, so the figure
        does not depend on what was searched before."""
        if self._blind is None:
            self._blind = Searcher(endgame=None)
        blind = self._blind
        ladder = (*self.settings.rating_depths, self.settings.screen_depth)
        blind.clear()
        margin = self.settings.margin
        shallow = blind.root_scores(position, ladder[0])
        top = shallow[0][1]
        tempting = sum(1 for m, score in shallow if m != answer and score > top - margin)
        for step, d in enumerate(ladder):
            scored = shallow if step == 0 else blind.root_scores(position, d)
            if scored[0][0] == answer and (len(scored) < 2 or scored[0][1] - scored[1][1] >= margin):
                return Depth(d, step, tempting)
        return Depth(self.settings.depths[0], len(ladder), tempting)  # deeper than the ladder looks

    # -- the line ------------------------------------------------------------------

    def _line(self, position: Position, answer: Move, kind: str,
              in_db: bool) -> tuple[tuple[Move, ...], str] | None:
        """The solution line from ``answer`` (a Verdict of ``kind``) and the goal in words,
        or None (rejected, counted)."""
        solver = position.turn
        line: list[Move] = [answer]
        pos = position.play(answer)
        start_balance = themes.balance(position, solver)
        start_kings = themes.kings(position, solver)
        solver_moves = 1
        while True:
            goal = self._reached("ending" if in_db else kind, pos, solver, start_balance, start_kings,
                                 solver_moves)
            if goal is not None:
                return tuple(line), goal
            if len(line) + 2 > MAX_LINE:
                self.stats.reject("line too long")
                return None
            reply = self._reply(pos, in_db)
            pos = pos.play(reply)
            found = self._unique(pos, in_db, kind)
            if found is None:
                if in_db or kind == "defence":  # the line ends with the last move that stood out
                    return tuple(line), themes.WIN if kind == "win" else themes.DRAW
                self.stats.reject("a later move is not unique")
                return None
            line += [reply, found]
            pos = pos.play(found)
            solver_moves += 1

    def _reached(self, kind: str, after: Position, solver: int, start_balance: int, start_kings: int,
                 solver_moves: int) -> str | None:
        """The goal the line has realised after a solver's move, or None to go on."""
        replies = after.legal_moves()
        if not replies:
            return themes.WIN
        if kind in ("defence", "ending"):  # (an ending: the database's win or draw, kept move after move)
            if solver_moves < self.settings.defence_moves:
                return None
            return themes.WIN if _endgame.probe(after) == LOSS else themes.DRAW
        if kind == "win":
            return themes.WIN if _endgame.probe(after) == LOSS else None
        if after.has_capture():
            return None  # the opponent takes back first
        gain = themes.balance(after, solver) - start_balance
        if gain >= 1:
            return themes.material_goal(gain)
        if gain >= 0 and themes.kings(after, solver) > start_kings:
            return themes.CROWN
        return None

    def _reply(self, pos: Position, in_db: bool) -> Move:
        """The opponent's best reply: the database's longest resistance, else the search's best."""
        legal = pos.legal_moves()
        if len(legal) == 1:
            return legal[0]
        if in_db and _endgame.probe(pos) is not None:
            best: tuple[tuple[int, int], Move] | None = None
            for move in legal:
                child = pos.play(move)
                pd = _endgame.probe_distance(child) if child.legal_moves() else (WON, 0)
                if pd is None:
                    break
                # the loser wants the solver not to win (a draw), else the longest way to lose
                key = (-pd[0], pd[1] if pd[0] == WON else 0)
                if best is None or key > best[0]:
                    best = (key, move)
            else:
                if best is not None:
                    return best[1]
        return self.scores(pos, self.settings.line_depth)[0][0]

    def _unique(self, pos: Position, in_db: bool, kind: str) -> Move | None:
        """The solver's one good move at ``pos`` in the line, or None."""
        legal = pos.legal_moves()
        if len(legal) == 1:
            return legal[0]
        if in_db:
            db = database_verdict(pos)
            if db is not None:
                return db.move
        scored = self.scores(pos, self.settings.line_depth)
        (move, best), (_, second) = scored[0], scored[1]
        if best - second < self.settings.margin or (_winning(best) and _winning(second)):
            return None
        if kind == "defence" and second > self.settings.lost:
            return None
        return move

    # -- a game ----------------------------------------------------------------------

    def mine_game(self, start: Position, moves: Iterable[Move], prefix: str, source: str = "",
                  seen: set[Position] | None = None) -> list[Puzzle]:
        """The puzzles of one game, in the order of its moves; ids are ``PREFIX-PLY``
        (the ply from 1, at the puzzle's position).  Positions in ``seen`` are skipped
        and the new ones added."""
        self.searcher.clear()
        self.stats.games += 1
        out = []
        pos = start
        previous: Move | None = None
        for ply, move in enumerate([*moves, None]):
            if (previous is None or not previous.is_capture) and (seen is None or pos not in seen):
                puzzle = self.mine_position(pos, f"{prefix}-{ply + 1}", source)
                if puzzle is not None:
                    out.append(puzzle)
                    self.stats.puzzles += 1
                    if seen is not None:
                        seen.add(pos)
            elif seen is not None and pos in seen:
                self.stats.duplicates += 1
            if move is None:
                break
            pos = pos.play(move)
            previous = move
        return out


def source_of(tags: dict[str, str]) -> str:
    """"Tinsley v Chinook, 1992": the game's players (Black first) and year, as far as known."""
    black, white = (tags.get("Black") or "").strip(), (tags.get("White") or "").strip()
    players = f"{black or '?'} v {white or '?'}" if black or white else (tags.get("Event") or "").strip()
    year = (tags.get("Date") or "").strip()[:4]
    year = year if year.isdigit() else ""
    return ", ".join(p for p in (players, year) if p)[:80]


def mine_games(games: Iterable, prefix: str, settings: Settings = DEFAULT, first: int = 0,
               progress: Callable[[int, list[Puzzle]], None] | None = None,
               miner: Miner | None = None) -> Iterator[tuple[int, list[Puzzle]]]:
    """(game index, its puzzles) for each of ``games`` (PdnGame, as read by notation.pdn),
    indexes counted from ``first``; a game the reader could not read to the end is
    skipped and counted as broken.  Duplicates are not removed here (a worker sees
    only its own games): ``dedupe`` does that over the whole run, in game order."""
    miner = miner if miner is not None else Miner(settings)
    for index, pdn in enumerate(games, first):
        puzzles: list[Puzzle] = []
        if pdn.error:
            miner.stats.broken += 1
        else:
            try:
                start = pdn.start_position()
            except ValueError:
                miner.stats.broken += 1
            else:
                puzzles = miner.mine_game(start, pdn.moves, f"{prefix}-{index + 1:04d}", source_of(pdn.tags))
        if progress is not None:
            progress(index, puzzles)
        yield index, puzzles


def dedupe(puzzles: Iterable[Puzzle]) -> tuple[list[Puzzle], int]:
    """The puzzles without repeated positions (the first kept), and how many were dropped."""
    seen: set[Position] = set()
    out = []
    dropped = 0
    for p in puzzles:
        if p.position in seen:
            dropped += 1
            continue
        seen.add(p.position)
        out.append(p)
    return out, dropped


def check_puzzle(puzzle: Puzzle, settings: Settings = DEFAULT, miner: Miner | None = None) -> str | None:
    """None if the puzzle's first move is the one answer (more than one legal move, and it
    stands out at both verification depths, or by the database), else what is wrong."""
    if len(puzzle.position.legal_moves()) < 2:
        return "forced: the solver has a single legal move"
    miner = miner if miner is not None else Miner(settings)
    verdict = miner.verify(puzzle.position)
    if not verdict.kind:
        return f"the first move does not stand out (best {verdict.best}, second {verdict.second})"
    if verdict.move != puzzle.line[0]:
        return f"the answer is {verdict.move}, not {puzzle.line[0]}"
    return None
