"""What review says: the status line, the players and result, the note (explanation, live line).

Part of ReviewScene (game/ui/scenes/review/__init__.py), which is made of one class per job."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....library.scan import display_date
from ....rules import BLACK, WHITE
from ... import theme
from ...analysis_view import (
    KIND_COLOURS,
    score_words,
)
from ...report_view import (
    move_number,
    result_words,
)
from ...words import player_names, to_move
from .state import ReviewState
from .why import PLAYED_COLOUR, WHY_COLOURS

if TYPE_CHECKING:
    from ...theme import Colour
    from .state import NotePart


class Words(ReviewState):
    """What review says: the status line, the players and result, the note (explanation, live line)."""

    def move_words(self, ply: int) -> str:
        """"12. 9x18" / "12... 22-17" for the move leading to position ``ply``, numbered as in the list."""
        return f"{move_number(ply - 1, self.game.start.turn)} {self.game.moves[ply - 1]}"

    def clock_words(self, ply: int) -> str:
        """" (2:41 left)": the mover's clock after the move leading to ``ply``, or "" when not known."""
        from ....controller.clock import format_clock

        left = self.clocks.get(ply)
        return f" ({format_clock(left)} left)" if isinstance(left, (int, float)) else ""

    def result(self) -> str:
        return result_words(self.game.outcome, self.recorded, stops_early=bool(self.error))

    def info_lines(self) -> list[str]:
        black, white = player_names(self.tags.get("Black", "?"), self.tags.get("White", "?"))
        lines = [f"{theme.side_name(BLACK)}: {black}", f"{theme.side_name(WHITE)}: {white}"]
        date = display_date(self.tags.get("Date") or "")   # 2026-11-28, as the library shows it
        extra = " · ".join(v for v in (self.tags.get("Event"), date) if v and "?" not in v)
        if extra:
            lines.append(extra)
        if self.opening:
            lines.append(self.opening)
        lines.append(self.result())
        return lines

    def error_text(self) -> str:
        return f"This record stops early: {self.error}"

    def status_text(self) -> tuple[str, Colour]:
        if self.message:
            return self.message, theme.ACCENT
        if self.why is not None:
            w = self.why
            bad = f"{move_number(w.ply - 1, self.game.start.turn)} {w.report.move}"
            # the step count and the way out first: a narrow status line cuts the end, not them
            step = f"Step {w.index + 1} of {len(w.moves) + 1} · Esc back"
            if w.index == 0:
                return f"{step} · Before {bad}: better {w.report.best} (green) · Right steps", theme.TEXT
            mover = "played" if w.index == 1 else "reply"
            return f"{step} · Why {bad} was bad: {mover} {w.moves[w.index - 1]} · Left/Right", theme.TEXT
        if self.ply == 0:
            head = "Start position"
        else:
            head = f"After {self.move_words(self.ply)}{self.clock_words(self.ply)}"
        ended = self.game.outcome is not None or self.recorded != "*"
        tail = self.result() if (self.ply == self.total and ended) else to_move(self.position.turn)
        return f"{head} — {tail}", theme.TEXT

    def note_parts(self, ply: int | None = None, live: bool = True) -> list[NotePart]:
        """[(text, colour, marks)] of the note above the buttons at ``ply`` (default: the position
        shown): the explanation of a bad move, the live line.  ``marks`` are (move text, colour)
        pairs: those moves are drawn in the colour of their arrow on the board, so the words are
        the arrows' legend."""
        at = self.ply if ply is None else ply
        if ply is None and self.note_message:
            # "Saved as <the full path>": the status line may have to cut it; the note wraps it
            # whole until the next step
            return [(self.note_message, theme.ACCENT, ())]
        out: list[NotePart] = []
        m = self.explained(at)
        why = self.why if ply is None else None
        if why is not None:
            m = why.report
        if m is not None and m.explanation is not None:  # (an explained move always has one)
            text = f"{m.grade.mark} {m.explanation.text}{'' if m.explanation.text.endswith('…') else '.'} " \
                   f"Better {m.best}."
            # the mark in its class's colour, the moves the board's arrows show in theirs
            marks: tuple[tuple[str, Colour], ...] = ((m.grade.mark, KIND_COLOURS[m.kind]),)
            if why is None:
                text += " W: step through it"
                marks += ((str(m.explanation.line[0]), WHY_COLOURS[1]),) if m.explanation.line else ()
            elif why.index == 0:
                marks += ((str(m.move), PLAYED_COLOUR[0]), (str(m.best), WHY_COLOURS[0]))
            elif why.index < len(why.moves):
                marks += ((str(why.moves[why.index]), WHY_COLOURS[2]),)
            out.append((text, theme.TEXT, marks))
        elif self.report is not None and at > 0:
            mr = self.move_report(at)
            assert mr is not None  # (a report has every move)

            evaluation = score_words(self.verdict_black(at))  # unclamped: a known win is said as one
            # "Report": the game report's verdict, a fixed budget for every move, told apart from
            # the live analysis's deeper look written under it
            out.append((f"{self.move_words(at)}: {mr.kind} · Report: {evaluation}", theme.TEXT_DIM, ()))
        if live and self.live.on:
            # beside the report's verdict the live line says it is the other, deeper look
            words = self.live.words()
            if out and words.startswith("Depth "):
                words = "Live analysis, d" + words[1:]
            out.append((words, theme.TEXT, self.live.line_marks(self.position)))
        return out

    def note_lines(self) -> list[tuple[str, Colour]]:
        """[(text, colour)] of the note (``note_parts`` without the marks)."""
        return [(text, colour) for text, colour, _ in self.note_parts()]

    def wrapped_note(self) -> list[NotePart]:
        """The note's lines as drawn: [(text, colour, marks)] wrapped to the box, cut to what fits
        (the live line kept); each part's marks go with its lines."""
        size = self.small_size
        room = self.note_rect.height // max(1, theme.font(size).get_linesize())
        parts = self.note_parts()
        out: list[NotePart] = []

        for i, (text, colour, marks) in enumerate(parts):
            keep = room - len(out) - (len(parts) - i - 1)  # leave a line to each later part
            lines = theme.wrap(text, size, self.note_rect.width)
            if len(lines) > keep:
                lines = lines[:max(0, keep)]
                if lines:
                    lines[-1] = theme.elide(lines[-1] + " …", size, self.note_rect.width)
            out += [(ln, colour, marks) for ln in lines]
        return out[:room]
