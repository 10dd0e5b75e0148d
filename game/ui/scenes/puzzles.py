"""Puzzles: find the move that wins, the replies are played for you; your puzzle rating.

params: ``exercises`` (True: "Practise your mistakes": the puzzles are the exercises
due, ``game.training.exercises.due_exercises()``, each finished attempt is reported
with ``record_exercise(id, solved)``, and the rating does not change); ``file`` (a
puzzle PDN file to serve instead of the shipped set).

The board takes moves as in play (click or drag, or the arrows and Enter); a right
move is answered by the opponent's reply from the solution line, animated; a wrong
one stays on the board and the note says why it fails, in the game report's words,
from a search in an engine process of the screen's own (``training.session.Refutation``).
Hint (H) marks the piece to move, then the move; Retry (R) starts again; Solution (S)
plays the line through (Left/Right step it; on a first try it warns first that this
costs rating, and a second S shows it); Next (N, or Enter once it is over) serves another
puzzle near the player's rating; T focuses the theme chooser (Left/Right pick a theme,
used from the next puzzle and remembered in the record); F flips the board; Esc goes back.
The first end of each attempt counts: solved without help, or not.  Both the player's
rating and the puzzle's change (Glicko-2), kept in the store.

The window never waits on the disk: the puzzle file (read once per process, see
``selection.load_puzzles_once``) and the record are read in a thread, and every attempt
is written by the screen's writer thread (``_writes``); what it could not keep is said
on the screen ("not saved"), for exercises as for puzzles.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import pygame

from ...rules import BLACK
from ...training.puzzle import THEME_WORDS
from ...training.rating import PUZZLE_RD, Rating, after_attempt
from ...training.selection import next_puzzle
from ...training.session import FAILED, SOLVED, WRONG, PuzzleSession, Refutation, SessionError
from .. import theme
from ..board_control import BoardControl
from ..board_view import BoardPicture, BoardRenderer
from ..geometry import PlayLayout
from ..hint import ARROW_COLOUR
from ..move_input import MoveInput
from ..puzzle_view import PuzzlePanel
from ..scene import Scene, register

if TYPE_CHECKING:
    from ...rules import Move
    from ...store.training import PuzzleProgress, StoredRating
    from ...training.puzzle import Puzzle
    from ...training.selection import PuzzlePool
    from ...training.session import Hint
    from ..layout_check import Box
    from ..theme import Colour

    # what the loader thread hands over: (puzzles, why there are none, the record, the empty words)
    Loaded = tuple[list[Puzzle], str | None, PuzzleProgress | None, str]

REPLY_PAUSE = 0.45      # seconds the reply waits after your move lands, so both are seen
SOLUTION_PACE = 1.1     # seconds between the solution's moves
ALL_THEMES = "All themes"


def _rating(stored: StoredRating) -> Rating:
    return Rating(stored.rating, stored.rd, stored.volatility)


class _Ratings(Mapping[str, float]):
    """The record's puzzle ratings as numbers, read through (``selection.next_puzzle`` looks up
    only the puzzles it weighs)."""

    def __init__(self, stored: dict[str, StoredRating]) -> None:
        self.stored = stored

    def __getitem__(self, key: str) -> float:
        return self.stored[key].rating

    def get(self, key: str, default: Any = None) -> Any:   # no KeyError raised and caught per puzzle weighed
        stored = self.stored.get(key)
        return default if stored is None else stored.rating

    def __iter__(self) -> Iterator[str]:
        return iter(self.stored)

    def __len__(self) -> int:
        return len(self.stored)


@register("puzzles")
class PuzzlesScene(BoardControl, Scene):
    if TYPE_CHECKING:
        panel: PuzzlePanel   # (the board's panel: BoardControl's BoardPanel)

    def enter(self) -> None:
        self.exercises = bool(self.params.get("exercises"))
        self.title = "Practise your mistakes" if self.exercises else "Puzzles"
        # one word on screen for each thing: a position of the puzzle set is a puzzle, one made from
        # your own mistake an exercise
        self.noun = "exercise" if self.exercises else "puzzle"
        self.renderer = BoardRenderer(self.app.assets)
        self.puzzles: list[Puzzle] | None = None          # the puzzles to serve, once loaded
        # the same, ordered by rating (``selection.PuzzlePool``): puzzles only
        self.pool: PuzzlePool | None = None
        self.load_error: str | None = None       # why there are none
        self.set_words: str | None = None        # what of the puzzle file is served, when not all of it (a cut set)
        self.session: PuzzleSession | None = None
        self.refutation = Refutation(lambda: self.app.new_engine(background=True), names=theme.SIDE_NAMES)
        self.input = None
        self.anim = None
        self.reply_in: float | None = None         # seconds until the waiting reply is played
        self.solution_in: float | None = None      # seconds until the solution's next move
        self.hinted: Hint | None = None           # the session's Hint shown on the board
        self.flipped = True          # the side to solve at the bottom (set per puzzle)
        self.cursor = None
        self.drag = None
        self.clock = 0.0
        self.message, self.message_until = "", 0.0
        self.outcome_words: tuple[str, Colour] | None = None    # (text, colour) said once the attempt is counted
        self.counted = False
        self.theme_filter = ""       # "" = every theme
        self.done_exercises: set[str] = set()
        self.changed = False         # something arrived this frame (the puzzles read)
        self.served: list[str] = []  # puzzles shown since the last attempt was kept (the record's recent list)
        self.record: PuzzleProgress | None = None           # the puzzle progress, once read (puzzles only)
        self.rating_words = ""       # "Your rating went up 12, to 1512." once the attempt is kept
        self.save_problem = ""       # what could not be kept of the attempt, said on screen
        self.solution_warned = False  # S said once what it costs; the next S shows the solution
        self.empty_words = ""        # practise with nothing due: why, and what to do
        self._writes = ThreadPoolExecutor(max_workers=1, thread_name_prefix="puzzles-write")
        # (future, what to do with its result) of the writes not yet done
        self._pending: list[tuple[Future[Any], Callable[[Any], None]]] = []
        self.panel = PuzzlePanel(self, None if self.exercises else [ALL_THEMES])
        self.resize(self.size)
        self._loaded: Loaded | None = None
        self._loader = threading.Thread(target=self._load, daemon=True, name="puzzles-load")
        self._loader.start()

    def leave(self) -> None:
        self.refutation.close()
        self.app.set_cursor(False)
        self._writes.shutdown(wait=False)   # the writes queued still finish (the thread is joined at exit)

    # -- loading --------------------------------------------------------------------------

    def _load(self) -> None:
        """In the loader thread: the puzzles and the record (or the exercises due), handed over in
        ``_loaded``."""
        try:
            if self.exercises:
                from ...training import exercises

                due = list(exercises.due_exercises())
                self._loaded = (due, None, None, "" if due else exercises.nothing_due_words())
            else:
                from ...store import load_puzzle_progress
                from ...training.puzzle import CAPPED
                from ...training.selection import pool_once

                record = load_puzzle_progress()
                pool, problems, error = pool_once(self.params.get("file"))
                self.pool = pool   # before _loaded: the frame that takes _loaded finds it
                # a file of more puzzles than a set holds: which are served is said on the screen
                self.set_words = next((p for p in problems if p.startswith(CAPPED)), None)
                self._loaded = (pool.puzzles, None if error is None else f"Puzzles cannot be shown: {error}",
                                record, "")
        except Exception as e:  # never a traceback on the screen: the reason in words
            what = "Your exercises" if self.exercises else "Puzzles"
            self._loaded = ([], f"{what} cannot be shown: {type(e).__name__}: {str(e)[:100]}", None, "")

    def _take_loaded(self) -> None:
        if self.puzzles is not None or self._loaded is None:
            return
        puzzles, error, record, empty = self._loaded
        if not self.exercises:
            if record is None:
                from ...store import PuzzleProgress

                record = PuzzleProgress(no_save=True)
            self.record = record
            if record.problems:
                self.app.tell(record.problems)
        self.puzzles, self.load_error, self.empty_words = puzzles, error, empty
        self.changed = True  # drawn in this frame, not at the next redraw a quarter second on
        if not self.exercises and puzzles and self.pool is not None:
            themes = self.pool.themes
            options = [ALL_THEMES] + [THEME_WORDS.get(t, t) for t in themes]
            self.panel.theme.options = options
            remembered = self.record.theme if self.record is not None else ""

            self.theme_filter = remembered if remembered in themes else ""
            self.panel.theme.index = themes.index(self.theme_filter) + 1 if self.theme_filter else 0
        if puzzles:
            self.next_puzzle()
        self.resize(self.size)

    # -- writing, off the frame ----------------------------------------------------------------

    @property
    def saving(self) -> bool:
        """An attempt (or the theme) is being written."""
        return bool(self._pending)

    def _submit(self, job: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Run ``job`` in the writer thread; ``done(result)`` in a frame once it is over (an
        exception it raised is its result)."""
        self._pending.append((self._writes.submit(job), done))

    def _collect(self) -> None:
        for item in list(self._pending):
            future, done = item
            if not future.done():
                continue
            self._pending.remove(item)
            try:
                result = future.result()
            except Exception as e:  # said as not saved, never a traceback
                result = e
            done(result)
            self.changed = True

    # -- the puzzle on the board -------------------------------------------------------------

    @property
    def loading(self) -> bool:
        return self.puzzles is None

    def has_next(self) -> bool:
        if not self.puzzles:
            return False
        if self.exercises:
            return any(p.id not in self.done_exercises and p is not self._current() for p in self.puzzles)
        return True

    def _current(self) -> Puzzle | None:
        return self.session.puzzle if self.session is not None else None

    def _choose(self) -> Puzzle | None:
        assert self.puzzles is not None  # (chosen once loaded)
        if self.exercises:
            # the next one not finished after the one shown, wrapping round: Next goes through
            # them all rather than back and forth between the first two
            current = self._current()
            at = next((i for i, p in enumerate(self.puzzles) if p is current), -1)
            order = self.puzzles[at + 1:] + self.puzzles[:at + 1]
            left = [p for p in order if p.id not in self.done_exercises and p is not current]
            return left[0] if left else None
        assert self.record is not None and self.pool is not None  # (puzzles, loaded)
        ratings = _Ratings(self.record.puzzles)   # a view: a record of 100,000 puzzles is not copied per choice
        return next_puzzle(self.pool, self.record.player.rating, ratings, self.theme_filter,
                           self.record.recent, self.record.solved)

    def next_puzzle(self) -> None:
        """N or Next: another puzzle (near your rating, of the theme chosen; the next exercise)."""
        if not self.has_next():
            if self.exercises and self.puzzles:
                self.say("That was the last exercise due")
            return
        puzzle = self._choose()
        if puzzle is None:
            self.say("No puzzle has that theme")
            return
        if self.session is not None and self.session.give_up():
            self._count()  # begun and left: not solved; a puzzle not yet touched is skipped freely
        if self.record is not None:   # (puzzles: exercises have none)
            self.record.note_served(puzzle.id)
            self.served.append(puzzle.id)   # kept in the file with the next attempt
        self.session = PuzzleSession(puzzle)
        self.counted = False
        self.outcome_words = None
        self.rating_words = self.save_problem = ""
        self.solution_warned = False
        self.flipped = puzzle.solver == BLACK
        self.resize(self.size)
        self._restart_board()

    def _restart_board(self) -> None:
        self.refutation.clear()
        self.anim = None
        self.reply_in = self.solution_in = None
        self.hinted = None
        self.drag = None
        self.message_until = 0
        self._new_input()

    def _new_input(self) -> None:
        s = self.session
        self.input = MoveInput(s.position) if s is not None and s.players_turn else None

    def theme_chosen(self, words: str) -> None:
        """The theme chooser changed: used from the next puzzle (the one on the board stays), and
        remembered in the record."""
        chosen = next((t for t, w in THEME_WORDS.items() if w == words), "")
        if chosen == self.theme_filter:
            return
        self.theme_filter = chosen
        self.say(f"{words}: from the next puzzle" + (" (N)" if self.has_next() else ""))
        if self.record is None or self.record.no_save:
            return
        self.record.theme = chosen

        def remember(record: PuzzleProgress) -> None:
            record.theme = chosen

        from ...store.training import update_puzzle_progress

        def kept(result: Any) -> None:
            if isinstance(result, Exception) or not result[1]:
                self.say("The theme is used, but could not be saved for next time (the disk refused it)", 4.0)

        self._submit(lambda: update_puzzle_progress(remember), kept)

    def next_theme(self) -> None:
        """T: the keyboard goes to the theme chooser (Left/Right choose, Esc or Tab leaves it)."""
        if self.panel.theme.enabled and self.panel.theme.visible:
            self.panel.focus.focus_on(self.panel.theme)
            self.cursor = None
            self.say("Left/Right choose a theme, used from the next puzzle")

    def say(self, text: str, seconds: float | None = None) -> None:
        """A message in the status line for a while (``seconds``: longer than the usual)."""
        super().say(text)
        if seconds:
            self.message_until = self.clock + seconds

    def _theme_focused(self) -> bool:
        return self.panel.theme.visible and self.panel.focus.focused is self.panel.theme

    # -- the buttons ---------------------------------------------------------------------------

    def can_hint(self) -> bool:
        return self.session is not None and self.session.players_turn and self.anim is None

    def hint(self) -> None:
        if self.session is None:
            return
        if self.anim is not None:
            self.land()
        h = self.session.hint()
        if h is None:
            over = self.session.status != "solving"
            self.say(f"No hint now: the {self.noun} is over" if over else "Wait for the reply")
            return
        self.hinted = h
        words = f"Hint: {h.move}" if h.move is not None else f"Hint: the piece on {h.square}"
        if self.session.result is None and self.session.hints == 1:
            words += " · this try now counts as not solved"
        self.say(words)
        self._count()

    def retry(self) -> None:
        if self.session is None:
            return
        self.session.retry()
        self.outcome_words = None  # counted and shown already: the rating above says it
        self.rating_words = ""
        self._restart_board()
        self.say("Back to the start")

    def solution(self) -> None:
        s = self.session
        if s is None or s.solution is not None:
            return
        if s.result is None and not self.exercises and not self.solution_warned:
            # a first try not yet counted: say what it costs before it costs it
            self.solution_warned = True
            self.say("The solution counts as not solved and lowers your rating: S again to see it", 4.0)
            return
        self.land()
        s.show_solution()
        self._count()
        self.refutation.clear()
        self.hinted = None
        self.input = None
        self.solution_in = SOLUTION_PACE / 2

    def back(self) -> None:
        self.app.pop()

    # -- moves ------------------------------------------------------------------------------------

    def play_move(self, move: Move, first_hop: int = 0) -> None:
        s = self.session
        assert s is not None  # (the board takes a move only with a puzzle on it)
        before = s.position
        try:
            verdict = s.play(move)
        except SessionError as e:
            self.say(str(e))
            return
        self.hinted = None
        self.input = None
        self._animate(move, before, first_hop)
        if verdict == WRONG:
            self.refutation.ask(s)
            self.app.play_sound("illegal")
        elif verdict == SOLVED:
            self.refutation.follow(s)   # the rest of the line, shown once the engine has it
        self._count()

    def _landed(self) -> None:
        anim, self.anim = self.anim, None
        assert anim is not None  # (called as the piece animated lands)
        self._landing_sounds(anim, anim.before.play(anim.move))
        s = self.session
        if s is not None and s.pending_reply is not None:
            self.reply_in = REPLY_PAUSE
        self._new_input()

    def _count(self) -> None:
        """The attempt's first end: the ratings change (or the exercise is reported) once, in the
        writer thread; what could not be kept is said when the write is over."""
        s = self.session
        if s is None or self.counted or s.result is None:
            return
        self.counted = True
        puzzle = s.puzzle
        solved = bool(s.result)
        if self.exercises:
            self.done_exercises.add(puzzle.id)
            from ...training import exercises

            self._submit(lambda: exercises.record_exercise(puzzle.id, solved),
                         lambda kept: self._exercise_kept(s, kept))
            return
        from ...store import StoredRating
        from ...store.training import update_puzzle_progress

        served, self.served = self.served, []
        seen: dict[str, float] = {}

        def change(record: PuzzleProgress) -> None:
            # on the record as the file holds it now (another window may have saved since):
            # this attempt's change only, never a whole record kept from earlier
            seen["before"] = record.player.rating
            stored = record.puzzles.get(puzzle.id)
            its = _rating(stored) if stored is not None else Rating(float(puzzle.rating), PUZZLE_RD)
            mine, its = after_attempt(_rating(record.player), its, solved)
            record.player = StoredRating(mine.r, mine.rd, mine.vol)
            record.puzzles[puzzle.id] = StoredRating(its.r, its.rd, its.vol)
            for ident in served:
                record.note_served(ident)
            record.note_attempt(puzzle.id, solved)
            seen["after"] = mine.r

        self._submit(lambda: update_puzzle_progress(change), lambda result: self._attempt_kept(s, result, seen))

    def _exercise_kept(self, session: PuzzleSession, kept: Any) -> None:
        if kept is True:
            return
        words = "Not saved: this attempt could not be written, so the exercise stays as it was"
        if session is self.session:
            self.save_problem = words
        else:
            self.say(words, 4.0)

    def _attempt_kept(self, session: PuzzleSession, result: Any, seen: dict[str, float]) -> None:
        if isinstance(result, Exception) or "after" not in seen:
            words = f"Not saved: the record could not be written ({type(result).__name__})"
            if session is self.session:
                self.save_problem = words
            else:
                self.say(words, 4.0)
            return
        record, saved = result
        record.theme = self.theme_filter if self.record is None else self.record.theme
        self.record = record   # the next choice sees the other window's attempts too
        if record.problems:
            self.app.tell(record.problems)
        change = round(seen["after"]) - round(seen["before"])
        rating = f"your rating went {'up' if change >= 0 else 'down'} {abs(change)}, to {round(seen['after'])}"
        problem = ""
        if not saved:
            problem = ("Not saved: the damaged record could not be moved aside" if record.no_save
                       else "Not saved: the disk refused it")
        if session is not self.session:
            if problem:
                self.say(problem, 4.0)
            return
        self.rating_words = rating
        self.save_problem = problem

    # -- the frame ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        self.changed = False
        self._take_loaded()
        self._collect()
        if self.anim is not None:
            self.anim.update(dt)
            if self.anim.done:
                self._landed()
        elif self.session is not None:
            s = self.session
            if self.reply_in is not None:
                self.reply_in -= dt
                if self.reply_in <= 0:
                    self.reply_in = None
                    before = s.position
                    move = s.take_reply()
                    if move is not None:
                        self._animate(move, before)
            elif self.solution_in is not None and s.solution is not None:
                self.solution_in -= dt
                if self.solution_in <= 0:
                    self._solution_step(1)
        self.refutation.poll()
        self.panel.refresh()

    def _solution_step(self, delta: int, auto: bool = True) -> None:
        s = self.session
        if s is None or s.solution is None:
            return
        self.land()
        before = s.position
        if s.step_solution(delta):
            if delta > 0 and s.last_move is not None:
                self._animate(s.last_move, before)
            else:
                self.app.play_sound("move")
        self.solution_in = SOLUTION_PACE if auto and not s.solution_done() else None

    def wants_redraw(self) -> bool:
        return bool(self.changed or self.anim is not None or self.loading or self.saving or self.reply_in is not None
                or self.solution_in is not None or self.drag is not None or self.refutation.thinking
                or (self.message_until and self.clock < self.message_until + 0.1))

    # -- events -------------------------------------------------------------------------------------

    def handle_event(self, event: Any) -> None:
        self._board_event(event)

    def _key(self, event: Any) -> None:
        k = event.key
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
            return
        s = self.session
        if self._theme_focused() and k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_ESCAPE):
            if k == pygame.K_ESCAPE:
                self.panel.focus.clear()   # back to the board, not out of the screen
            else:
                self.panel.theme.step(1 if k == pygame.K_RIGHT else -1)
            return
        if k == pygame.K_ESCAPE:
            if not self._escape_board():
                self.back()
        elif k == pygame.K_h:
            self.hint()
        elif k == pygame.K_r:
            self.retry()
        elif k == pygame.K_s:
            self.solution()
        elif k == pygame.K_n:
            self.next_puzzle()
        elif k == pygame.K_t:
            self.next_theme()
        elif k == pygame.K_f:
            self.flip()
        elif s is not None and s.solution is not None and k in (pygame.K_LEFT, pygame.K_RIGHT):
            self._solution_step(1 if k == pygame.K_RIGHT else -1, auto=False)
        elif self._is_enter(k):
            if self.input is not None and self.cursor is not None:
                self._click_at_cursor()
            elif s is not None and s.status != "solving" and self.anim is None:
                self.next_puzzle()  # over: Enter goes on
        else:
            self._board_key(k)

    def _busy_reason(self) -> str | None:
        """Why the board takes no move now ("" to say nothing), or None when it does."""
        s = self.session
        if s is None or self.anim is not None:
            return ""
        if s.solution is not None:
            return "The solution is shown: Retry or Next"
        if s.status == SOLVED:
            return "Solved: Next for another"
        if s.status == FAILED:
            return "Retry to try again, or see the Solution"
        if self.input is None:
            return ""
        return None

    # -- words -------------------------------------------------------------------------------------

    def prompt(self) -> str:
        if self.session is None:
            if self.loading:
                return f"Loading {'your exercises' if self.exercises else 'puzzles'}…"
            if self.empty_words:
                return "Nothing to practise now"
            return "No exercise to show" if self.exercises else "No puzzle to show"
        return self.session.puzzle.prompt(theme.SIDE_NAMES)

    def facts(self) -> list[str]:
        """The lines under the prompt: the theme, and the ratings (or how many exercises are due)."""
        s = self.session
        if s is None:
            return []
        p = s.puzzle
        lines = [f"Theme: {THEME_WORDS.get(p.theme, p.theme)}"]
        if self.exercises:
            lines.append(f"Exercises due: {self.due_count()}")
            return lines
        assert self.record is not None  # (puzzles have one once loaded)
        stored = self.record.puzzles.get(p.id)
        lines.append(f"Your rating: {round(self.record.player.rating)}")
        lines.append(f"Puzzle rating: {round(stored.rating) if stored is not None else p.rating}")
        return lines

    def due_count(self) -> int:
        """The exercises due now, as the Training screen and the record count them: the ones due
        when the screen opened, less those tried since (a solve is due a day later, a failure
        some minutes later: see ``store.exercises``)."""
        return sum(1 for q in self.puzzles or () if q.id not in self.done_exercises)

    def note(self) -> list[tuple[str, Colour]]:
        """[(text, colour)]: where an exercise comes from, what happened, why a move fails (the
        move played, the reply and the better line apart), the rating's change, what was not saved."""
        if self.load_error:
            return [(self.load_error, theme.DANGER if not self.exercises else theme.TEXT)]
        s = self.session
        if s is None:
            return []   # nothing due: said where the board would be (``_draw_nothing_due``)
        out: list[tuple[str, Colour]] = []
        if self.exercises and s.puzzle.source:
            out.append((f"From {s.puzzle.source}", theme.TEXT_DIM))
        rating = self.rating_words
        if s.solution is not None:
            line = " ".join(str(m) for m in s.puzzle.line)
            out.append((f"Solution: {line}", theme.TEXT))
        elif s.status == SOLVED:
            if s.result:
                out.append(("Solved!" + (f" {rating[:1].upper()}{rating[1:]}." if rating else ""), theme.GOOD))
            elif s.retries:
                out.append(("Solved on another try: only the first try counts.", theme.TEXT))
            else:   # one plain sentence: no green "Solved" beside "not solved"
                out.append(("Solved with a hint, so it counts as not solved" + (f": {rating}." if rating else "."),
                            theme.TEXT))
            rating = ""
            if len(s.puzzle.line) > 1 or s.moves[:1] != list(s.puzzle.line[:1]):
                out.append((f"The line: {' '.join(str(m) for m in s.puzzle.line)}", theme.TEXT_DIM))
            if self.refutation.rest:
                out.append((f"Then: {self.refutation.rest}", theme.TEXT_DIM))
        elif s.status == FAILED and s.wrong is not None:
            r = self.refutation
            if r.text is None:
                out.append((f"Not the answer. Looking at what {s.wrong} allows…", theme.DANGER))
            else:
                out.append((f"Not the answer: {r.verdict}.", theme.DANGER))
                if r.reply:
                    out.append((f"After {s.wrong}: {r.reply}", theme.TEXT))
                if r.better:
                    out.append((f"Better: {r.better}", theme.GOOD))
        elif s.moves and s.ply > 0:
            out.append(("Right! Keep going." if s.pending_reply is None else "Right!", theme.GOOD))
        if rating and s.result is not None:
            out.append((f"{rating[:1].upper()}{rating[1:]}.", theme.TEXT))
        if self.outcome_words is not None:
            out.append(self.outcome_words)
        if self.save_problem:
            out.append((self.save_problem, theme.DANGER))
        if self.set_words:
            out.append((self.set_words, theme.TEXT_DIM))
        return out

    def status_text(self) -> tuple[str, Colour]:
        if self.message and self.clock < self.message_until:
            return self.message, theme.ACCENT
        s = self.session
        if s is None:
            if self.empty_words:
                return "Nothing to practise now · Esc goes back", theme.TEXT
            return (self.load_error or f"Loading {'your exercises' if self.exercises else 'puzzles'}…"), theme.TEXT
        more = self.has_next()
        if s.solution is not None:
            return f"Solution: move {s.solution} of {len(s.puzzle.line)} · Left/Right to step", theme.TEXT
        if s.status == SOLVED:
            # "Solved" only where it counted: after a hint or a retry the panel says it counts as not
            # solved, and the status line must not say the opposite beside it
            done = "Solved" if s.result else "Done"
            if more:
                return f"{done} · N for the next {self.noun}", theme.TEXT
            return (f"{done} · that was the last exercise due" if self.exercises else done), theme.TEXT
        if s.status == FAILED:
            return "Not the answer · R to retry, S for the solution", theme.TEXT
        if s.pending_reply is not None:
            return f"{theme.side_name(s.position.turn)} replies…", theme.TEXT
        return s.puzzle.prompt(theme.SIDE_NAMES), theme.TEXT

    def status_line(self) -> tuple[str, int, Colour]:
        text, colour = self.status_text()
        st = self.layout.status
        size = max(16, theme.fit_text(text, int(st.height * 0.62), st.width - 8))
        return theme.elide(text, size, st.width - 8), size, colour

    # -- drawing ---------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout = PlayLayout(size, self.flipped, stack=True)  # a portrait window: the panel under the board
        self.panel.resize(self.layout.panel)

    def picture(self) -> BoardPicture:
        s = self.session
        if s is None:
            return BoardPicture({})
        numbers = bool(self.app.settings.get("square_numbers", True))
        pic = self._pieces_picture(s.position)
        last = s.last_move
        if last is not None and self.anim is None:
            pic.last_move = last.path
        pic.numbers = numbers
        settings = self.app.settings
        self._mark_input(pic, bool(settings.get("show_movable", True)), bool(settings.get("show_destinations", True)))
        if self.input is not None and self.anim is None and not self.input.path and self.hinted is not None:
            pic.selected = self.hinted.square  # the Hint's piece
        if self.hinted is not None and self.hinted.move is not None and self.anim is None:
            pic.arrows.append((self.hinted.move.path, ARROW_COLOUR))
        if s.status == FAILED and s.solution is None and self.anim is None and self.refutation.line:
            pic.arrows.append((self.refutation.line[0].path, theme.DANGER))  # what the wrong move allows
        return pic

    def draw(self, surface: pygame.Surface) -> None:
        theme.gradient_background(surface)
        if self.session is None and self.empty_words:
            self._draw_nothing_due(surface)
        else:
            self.renderer.draw(surface, self.layout, self.picture())
        if self.cursor is not None:
            self.renderer.draw_cursor(surface, self.layout.board.cell_rect(*self.cursor))
        text, size, colour = self.status_line()
        theme.blit_text(surface, text, size, colour, self.layout.status.center, "center")
        self.panel.draw(surface)

    def _nothing_due_lines(self) -> tuple[list[str], int]:
        """The words where the board would be, when there is nothing to practise: (lines, size)."""
        rect = self.layout.board.rect
        size = max(16, min(30, rect.height // 14))
        return theme.wrap(self.empty_words, size, int(rect.width * 0.8)), size

    def _draw_nothing_due(self, surface: pygame.Surface) -> None:
        rect = self.layout.board.rect
        lines, size = self._nothing_due_lines()
        line_h = theme.font(size).get_linesize()
        y = rect.centery - len(lines) * line_h // 2
        for ln in lines:
            theme.blit_text(surface, ln, size, theme.TEXT, (rect.centerx, y + line_h // 2), "center")
            y += line_h

    def layout_boxes(self) -> list[Box]:
        from ..layout_check import Box

        layout = self.layout
        boxes = [Box("frame", layout.frame), Box("board", layout.board.rect, parent="frame")]
        numbers = bool(self.app.settings.get("square_numbers", True))
        for name, rect, text, size in self.renderer.label_boxes(layout, numbers):
            boxes.append(Box(name, rect, text, size, parent="board"))
        if self.session is None and self.empty_words:   # the words drawn where the board would be
            lines, size = self._nothing_due_lines()
            line_h = theme.font(size).get_linesize()
            rect = layout.board.rect
            y = rect.centery - len(lines) * line_h // 2
            for i, ln in enumerate(lines):
                w = theme.font(size).size(ln)[0]
                boxes.append(Box(f"nothing{i}", (rect.centerx - w // 2, y + i * line_h, w, line_h), ln, size,
                                 parent="board"))
        text, size, _ = self.status_line()
        boxes.append(Box("status", layout.status, text, size))
        return boxes + self.panel.layout_boxes()


