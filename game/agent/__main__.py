"""checkers-agent: read input.txt, think, write output.txt, exit.

Exit codes:
  0  a legal move is in output.txt
  2  input.txt is missing, unreadable or malformed, or output.txt cannot be
     written in this folder (one line on stderr, before any thinking)
  3  the side to move has no legal move: the game is already over
In every case but 0 there is no output.txt afterwards: one left over from
the previous move is deleted first thing, so a referee can never read a
stale move as this one.

Files: reads ``input.txt``, writes ``output.txt`` and (GAME mode only)
``agent_state.json``, all in the current directory; nothing else.

Draw awareness (csci561 rules: threefold repetition, 50 turns without a
capture or a crowning): the state file holds the positions since the last
capture or crowning, which the search sees as its history (a repetition
scores as a draw, so it is avoided when ahead and welcome when behind), and
the no-progress count, which the last few moves before the 50th turn take
into account (see ``_choose``).
"""

from __future__ import annotations

import math
import os
import sys
import time

TYPE_CHECKING = False  # typing is not imported at run time: the agent starts afresh every move
if TYPE_CHECKING:
    from collections.abc import Callable

    from ..engine.search import Searcher
    from ..rules import Move, Position
    from .clock import Budget
    from .io import CsciInput
    from .state import GameState

INPUT, OUTPUT = "input.txt", "output.txt"
INPUT_LIMIT = 64 * 1024  # input.txt is 11 short lines; anything far bigger is not one
MAX_SECONDS = 1e6        # a clock beyond this is planned as this (the budgets cap a move anyway)


def _fail(code: int, message: str) -> int:
    print(f"checkers-agent: {message}", file=sys.stderr)
    return code


def main(argv: list[str] | None = None) -> int:
    # The clock is the process's CPU time since it started, imports included:
    # process_time() counts all of it, so every budget below is against it.
    try:
        os.remove(OUTPUT)  # a stale move must never pass for this one
    except FileNotFoundError:
        pass
    except OSError as e:
        return _fail(2, f"cannot remove the old {OUTPUT} in {os.getcwd()}: {e.strerror or e}")

    from ..rules import BLACK
    from ..textfile import FileReadError, read_text
    from .io import format_move, parse_input

    try:
        text = read_text(INPUT, limit=INPUT_LIMIT, what="input file")
    except FileReadError as e:  # missing, a folder, a FIFO, too big: never a hang
        return _fail(2, f"{_one_line(e)} (in {os.getcwd()})")
    try:
        got = parse_input(text)
    except ValueError as e:
        return _fail(2, f"malformed {INPUT}: {_one_line(e)}")
    if math.isnan(got.seconds) or got.seconds <= 0:
        return _fail(2, f"malformed {INPUT}: the seconds left must be a positive number")
    seconds = min(got.seconds, MAX_SECONDS)

    position = got.position
    legal = position.legal_moves()
    if not legal:
        colour = "BLACK" if got.turn == BLACK else "WHITE"
        return _fail(3, f"{colour} has no legal move in this position: the game is over")

    # Found before any thinking: a folder where the move cannot be written is
    # reported now, not after the clock has been spent.  The file is made new
    # (never an existing one, never through a link) and removed again on any
    # path that does not end with a move in it.
    try:
        out = os.open(OUTPUT, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except OSError as e:
        return _fail(2, f"cannot write {OUTPUT} in {os.getcwd()}: {e.strerror or e}")
    try:
        from . import state as state_mod

        game = (state_mod.resume(position, got.turn) if got.mode == "GAME"
                else state_mod.GameState(got.turn, [position], 0))

        move: Move | None
        if len(legal) == 1:
            move = legal[0]  # forced: thinking would only cost clock
        else:
            try:
                move = _choose(got, game, legal, seconds)
            except Exception as e:  # a broken engine must still leave the referee a legal move
                print(f"checkers-agent: the search failed ({type(e).__name__}: {_one_line(e)}); "
                      "playing the fallback move", file=sys.stderr)
                move = None
            if move is None or move not in legal:
                move = _fallback(position, legal)

        data = format_move(move).encode("ascii")
        while data:
            data = data[os.write(out, data):]
        os.close(out)
        out = -1  # closed: the move is written
    except BaseException as e:
        if out >= 0:
            os.close(out)
        try:
            os.remove(OUTPUT)
        except OSError:
            pass
        if isinstance(e, OSError):
            return _fail(2, f"cannot write {OUTPUT} in {os.getcwd()}: {e.strerror or e}")
        raise
    if got.mode == "GAME":
        state_mod.save(game.play(move))
    if os.environ.get("CHECKERS_AGENT_VERBOSE"):
        print(f"checkers-agent: {move} in {time.process_time():.2f}s CPU", file=sys.stderr)
    return 0


def _one_line(e: BaseException) -> str:
    text = str(e).splitlines()[0] if str(e) else type(e).__name__
    return text[:200]


def _choose(got: CsciInput, game: GameState, legal: list[Move], seconds: float | None = None) -> Move:
    """The move to play: a timed search, with the 50-turn rule applied at the root."""
    from ..engine.search import Searcher
    from .clock import plan
    from .state import RULE

    startup = time.process_time()  # start-up to first search: what every move costs before thinking
    budget = plan(got.mode, got.seconds if seconds is None else seconds, startup, got.position)
    if os.environ.get("CHECKERS_AGENT_VERBOSE"):
        print(f"checkers-agent: start-up {startup:.3f}s CPU; budget soft {budget.soft:.2f}s "
              f"hard {budget.hard:.2f}s CPU; {game.quiet} quiet plies", file=sys.stderr)
    hard = budget.hard
    process_time = time.process_time

    def out_of_time() -> bool:
        return process_time() >= hard

    book_move = _book_move(got.position, legal)
    if book_move is not None:
        if os.environ.get("CHECKERS_AGENT_VERBOSE"):
            print(f"checkers-agent: {book_move} from the opening book", file=sys.stderr)
        return book_move
    # (The agent starts afresh for every move, so the five-piece blocks its search
    # meets are unpacked again: the search's clock counts that time as any other.)
    searcher = Searcher()
    history = game.history()
    plies_left = RULE.plies - game.quiet
    if plies_left <= 2:
        move = _near_no_progress_draw(searcher, game, legal, budget, out_of_time, plies_left)
        if move is not None:
            return move
    best = None
    # (the search fades its scores by this rule's count: the agent's own
    # state knows it even where the positions behind it are gone)
    for info in searcher.search(got.position, time=budget.soft, history=history, stop=out_of_time,
                                draw_rule=RULE, quiet=game.quiet):
        best = info.best_move
    if best is None:
        # stopped before depth 1 finished (an almost empty clock): a capture or any move
        best = legal[0]
    return best


BOOK_PIECES = 18  # the book holds opening positions only: fewer pieces, no lookup (and no file read)


def _book_move(position: Position, legal: list[Move]) -> Move | None:
    """A move from the opening book (the engine's own deep searches), or None to search."""
    if (position.bm | position.bk | position.wm | position.wk).bit_count() < BOOK_PIECES:
        return None
    try:
        from ..engine.book import choose

        move = choose(position)
    except ValueError:  # a damaged book line: search instead
        return None
    return move if move in legal else None


def _near_no_progress_draw(searcher: Searcher, game: GameState, legal: list[Move], budget: Budget,
                           out_of_time: Callable[[], bool], plies_left: int) -> Move | None:
    """With the 50th quiet turn this move or the next, score each move knowing it.

    The search does not count quiet plies, so here its root scores are
    corrected: a move that neither captures nor crowns ends the game drawn
    when it is the 50th quiet ply (score 0), and lets the opponent draw by a
    quiet reply when it is the 49th (no better than 0 for us) unless the
    opponent must capture; a move that leaves no reply wins all the same.  Ahead, this
    finds the capture or crowning that keeps the win alive; behind, it takes
    the draw.  Returns None when no complete scoring fitted in the time.
    """
    from .state import RULE

    position = game.position
    history = game.history()
    best = None
    depth = 1
    t0 = time.process_time()
    while depth <= 64 and not out_of_time():
        scored = searcher.root_scores(position, depth, history=history, stop=out_of_time)
        if out_of_time() and best is not None:
            break  # this depth was cut short: its scores are partial
        adjusted = []
        for move, score in scored:
            child = position.play(move)
            if not RULE.resets(position, child, move) and child.legal_moves():
                if plies_left <= 1:
                    score = 0  # this quiet ply is the 50th: drawn (unless it left no reply: a win)
                elif not child.has_capture():
                    score = min(score, 0)  # the reply can be the 50th (a forced capture would not)
            adjusted.append((score, -legal.index(move), move))
        best = max(adjusted)[2]
        if time.process_time() - t0 > 0.3 * budget.soft:
            break  # the next depth costs several times this one: it would not finish
        depth += 1
    return best


def _fallback(position: Position, legal: list[Move]) -> Move:
    """A two-ply material search on the rules alone, for when the engine fails."""
    from ..rules import BLACK
    from ..rules import bitboard as bb

    black = position.turn == BLACK

    def material(st: tuple[int, int, int, int, bool]) -> int:
        bm, bk, wm, wk, _ = st
        m = bm.bit_count() + 2 * bk.bit_count() - wm.bit_count() - 2 * wk.bit_count()
        return m if black else -m

    best, best_score = legal[0], None
    for move in legal:
        child = bb.play(*position.state, move.to_raw())
        replies = bb.moves(*child)
        score = min((material(bb.play(*child, r)) for r in replies), default=100)
        if best_score is None or score > best_score:
            best, best_score = move, score
    return best


if __name__ == "__main__":
    sys.exit(main())
