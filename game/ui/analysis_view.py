"""Drawing the engine's analysis: the evaluation bar, the best line on the board, the
evaluation graph of a game report.  Drawing only: the numbers come from
``game.analysis`` (``LiveInfo``, ``GameReport``); nothing here changes state.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ..analysis.grading import BLUNDER, INACCURACY, MISTAKE, expected
from ..analysis.live import LiveAnalysis, LiveInfo
from ..engine.scores import DATABASE_BOUND, MATE_BOUND, WIN
from . import theme
from .hint import draw_arrow

if TYPE_CHECKING:
    from ..rules import Move, Position
    from .geometry import BoardGeometry, PlayLayout, RectLike

Colour = tuple[int, int, int]
Span = tuple[str, Colour, bool]   # text, its colour, bold
Point = tuple[float, float]

BAR_LIGHT = (236, 232, 222)          # White's share of the bar
BAR_DARK = (150, 48, 44)             # the first player's (red pieces) share
LINE_COLOURS: tuple[Colour, ...] = ((90, 150, 230), (200, 120, 200), (150, 180, 230))  # best move, reply, then
KIND_COLOURS = {INACCURACY: (230, 200, 80), MISTAKE: (236, 140, 60), BLUNDER: (220, 70, 60)}
GRAPH_CLAMP = 800                    # centi-men: the graph's top and bottom


def black_view(score: int | None, turn: int) -> int | None:
    """A side-to-move score as seen by Black (the first player): positive is good for Black."""
    if score is None:
        return None
    return score if turn == 0 else -score


def score_label(score_black: int | None) -> str:
    """Short text for the bar: ``+1.2`` (men, Black's view), ``W5`` / ``R5`` forced win in 5
    (the search's, or the endgame database's distance to the win in an ending of up to four
    pieces), ``R+`` / ``W+`` a win the endgame database knows without its distance."""
    if score_black is None:
        return ""
    if abs(score_black) >= MATE_BOUND:
        moves = (WIN - abs(score_black) + 1) // 2
        letter = theme.side_name(0 if score_black > 0 else 1)[0]
        return f"{letter}{moves or ''}"  # the side's letter alone once it has won (no "R0")
    if score_black >= DATABASE_BOUND:
        return f"{theme.side_name(0)[0]}+"
    if score_black <= -DATABASE_BOUND:
        return f"{theme.side_name(1)[0]}+"
    return f"{score_black / 100:+.1f}"


def win_words(score: int | None, turn: int) -> str | None:
    """``Red wins in 7`` / ``White wins in 3`` for a forced result (a win the search played out,
    or an ending of up to four pieces, whose distance to the win the engine's search reports as
    such a score: see engine.win_distance), ``Red wins (known ending)`` for a win the endgame
    database knows without its distance (five pieces, or no distance file), else None."""
    if score is None or abs(score) < DATABASE_BOUND:
        return None
    winner = turn if score > 0 else 1 - turn
    if abs(score) < MATE_BOUND:
        return f"{theme.side_name(winner)} wins (known ending)"  # How to play says what a known ending is
    moves = (WIN - abs(score) + 1) // 2
    if not moves:  # the game is over on the board: no "Red wins in 0"
        return f"{theme.side_name(winner)} has won"
    return f"{theme.side_name(winner)} wins in {moves}"


def score_words(score_black: int | None) -> str:
    """An evaluation in words a player reads: ``Red +0.35`` (men ahead), ``level``, or a win."""
    if score_black is None:
        return ""
    if abs(score_black) >= DATABASE_BOUND:
        return win_words(score_black, 0) or ""
    if abs(score_black) < 5:
        return "level"
    ahead = 0 if score_black > 0 else 1
    return f"{theme.side_name(ahead)} +{abs(score_black) / 100:.2f}"


def bar_label(score_black: int | None) -> str:
    """The number on the evaluation bar, with the side ahead's letter: ``R+0.9`` / ``W+12`` (how
    far that side is ahead, in men), ``0.0`` when level, ``R5`` / ``W5`` a win in so many moves,
    ``R+`` / ``W+`` a known ending won.  (The label's place and colour say the side too, see
    ``eval_label_rect``; the letter says it to a player who has not learnt them.)"""
    if score_black is None:
        return ""
    if abs(score_black) >= DATABASE_BOUND:
        return score_label(score_black)
    men = abs(score_black) / 100
    if men < 0.05:
        return "0.0"
    letter = theme.side_name(0 if score_black > 0 else 1)[0]
    return f"{letter}+{men:.1f}" if men < 9.95 else f"{letter}+{round(men)}"


def _label_size(rect: pygame.Rect) -> int:
    return max(16, min(22, rect.height // 30))


def label_room(rect: RectLike) -> pygame.Rect:
    """Where the bar's number may go: the bar and as much again around it (the gap between the
    board and the panel that the bar sits in the middle of)."""
    rect = pygame.Rect(rect)
    return rect.inflate(max(0, rect.width - 2), 0)


def eval_label_rect(rect: RectLike, score_black: int | None,
                    black_at_bottom: bool) -> tuple[pygame.Rect, str, int] | None:
    """(the label's rect, its text, its nominal size) on the bar ``rect``: at the end of the side
    ahead (the middle when level), as wide as its text; None when it does not fit the room."""
    rect = pygame.Rect(rect)
    text = bar_label(score_black)
    if score_black is None or not text or rect.height < 60:
        return None
    room = label_room(rect)
    size = _label_size(rect)
    while theme.text_size(text, size, True)[0] + 2 > room.width and size > 16:
        size -= 1
    w, h = theme.text_size(text, size, True)
    w, h = w + 2, h + 2
    if w > room.width or theme.pixel_size(size) < 11:
        return None  # a bar too narrow for a readable number: the panel says it
    box = pygame.Rect(0, 0, w, h)
    box.centerx = rect.centerx
    if abs(score_black) < 5:
        box.centery = rect.centery
    elif (score_black > 0) == black_at_bottom:
        box.bottom = rect.bottom - 2
    else:
        box.top = rect.y + 2
    return box.clamp(room), text, size


def draw_eval_bar(surface: pygame.Surface, rect: RectLike, score_black: int | None, black_at_bottom: bool) -> None:
    """A vertical bar: each side's share is its expected result, Black's from its own edge; the
    number (``bar_label``) on a patch of the leading side's colour at its end of the bar."""
    rect = pygame.Rect(rect)
    if rect.width < 2 or rect.height < 8:
        return
    share = expected(score_black) if score_black is not None else 0.5
    pygame.draw.rect(surface, BAR_LIGHT, rect)
    dark_h = int(round(rect.height * share))
    dark = pygame.Rect(rect.x, rect.bottom - dark_h if black_at_bottom else rect.y, rect.width, dark_h)
    pygame.draw.rect(surface, BAR_DARK, dark)
    mid = rect.y + rect.height // 2
    pygame.draw.line(surface, theme.TEXT_FAINT, (rect.x, mid), (rect.right - 1, mid), 1)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1)
    label = eval_label_rect(rect, score_black, black_at_bottom)
    if label is not None and score_black is not None:
        box, text, size = label
        if abs(score_black) < 5:
            fill, ink = theme.PANEL, theme.TEXT
        elif score_black > 0:
            fill, ink = BAR_DARK, BAR_LIGHT
        else:
            fill, ink = BAR_LIGHT, BAR_DARK
        pygame.draw.rect(surface, fill, box, border_radius=3)
        pygame.draw.rect(surface, theme.PANEL_EDGE, box, 1, border_radius=3)
        theme.blit_text(surface, text, size, ink, box.center, anchor="center", bold=True)


def draw_spans(surface: pygame.Surface, spans: Iterable[Span], size: int, pos: tuple[int, int]) -> int:
    """Text in pieces of their own colour on one line from ``pos`` (top left); its width.
    ``spans``: (text, colour, bold) each."""
    x, y = pos
    for text, colour, bold in spans:
        r = theme.blit_text(surface, text, size, colour, (x, y), bold=bold)
        x = r.right
    return x - pos[0]


def spans_width(spans: Iterable[Span], size: int) -> int:
    return sum(theme.text_size(text, size, bold)[0] for text, _, bold in spans)


def marked_spans(text: str, colour: Colour, marks: Iterable[tuple[str, Colour]]) -> list[Span]:
    """``text`` as spans in ``colour``, except the words of ``marks`` ((word, colour) pairs: each
    colours the first word equal to it, a trailing ``.,:;`` aside): the moves an arrow shows are
    written in the arrow's colour, so the words are the arrows' legend."""
    pending = dict(marks)
    spans: list[Span] = []
    run: list[str] = []
    for i, word in enumerate(text.split(" ")):
        shown = pending.pop(word.rstrip(".,:;"), None) if pending else None
        sep = " " if i else ""
        if shown is None:
            run.append(sep + word)
            continue
        if run:
            spans.append(("".join(run), colour, False))
            run = []
        if sep:
            spans.append((sep, colour, False))
        spans.append((word, shown, False))
    if run:
        spans.append(("".join(run), colour, False))
    return spans


def _overlap(a: Point, b: Point, c: Point, d: Point, slack: float = 1.0) -> bool:
    """Whether segment c-d lies along the same line as a-b and shares a stretch of it."""
    ux, uy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(ux, uy)
    if length == 0:
        return False
    ux, uy = ux / length, uy / length
    off_line = [abs((p[0] - a[0]) * uy - (p[1] - a[1]) * ux) for p in (c, d)]
    if max(off_line) > slack:
        return False
    t0, t1 = sorted((c[0] - a[0]) * ux + (c[1] - a[1]) * uy for c in (c, d))
    return min(t1, length) - max(t0, 0.0) > slack


def line_paths(board: BoardGeometry, moves: Iterable[Move], count: int = 2) -> list[list[Point]]:
    """The pixel points of the first ``count`` moves' arrows.  Two arrows along one diagonal (a move
    and a reply back along it: 22-18 then 15x22) would be drawn over each other and read as one:
    such a pair is pulled apart, each a little to its own side of the diagonal, so both show."""
    paths: list[list[Point]] = [[board.square_center(s) for s in m.path] for m in list(moves)[:count]]
    shift = board.square * 0.12
    moved = [(0.0, 0.0)] * len(paths)
    for i in range(len(paths)):
        for j in range(i + 1, len(paths)):
            for a, b in zip(paths[i], paths[i][1:]):
                if any(_overlap(a, b, c, d) for c, d in zip(paths[j], paths[j][1:])):
                    length = math.hypot(b[0] - a[0], b[1] - a[1])
                    nx, ny = -(b[1] - a[1]) / length * shift, (b[0] - a[0]) / length * shift
                    moved[i] = (moved[i][0] - nx, moved[i][1] - ny)
                    moved[j] = (moved[j][0] + nx, moved[j][1] + ny)
                    break
    return [[(x + dx, y + dy) for x, y in path] for path, (dx, dy) in zip(paths, moved)]


def draw_line(surface: pygame.Surface, board: BoardGeometry, moves: Iterable[Move], count: int = 2,
              colours: Sequence[Colour] = LINE_COLOURS) -> None:
    """The first ``count`` moves of a line as arrows on a BoardGeometry, the first one on top
    (arrows along one diagonal side by side, ``line_paths``)."""
    paths = line_paths(board, moves, count)
    for k in range(len(paths) - 1, -1, -1):
        colour = colours[min(k, len(colours) - 1)]
        draw_arrow(surface, paths[k], board.square, colour=colour)


def bar_rect(layout: PlayLayout) -> pygame.Rect:
    """Where the evaluation bar goes on a ``PlayLayout``: in the gap between the board's frame
    and the panel, as tall as the board (beside the frame when the panel is under the board)."""
    return pygame.Rect(layout.bar)


def line_words(moves: Sequence[Move], limit: int = 8) -> str:
    words = [str(m) for m in list(moves)[:limit]]
    if len(moves) > limit:
        words.append("…")
    return " ".join(words)


class EvalGraph:
    """The evaluation over a whole game, Black's view up, with the mistakes marked.

    ``ply_at(pos)`` turns a click or a drag on the graph into the position to show.
    """

    def __init__(self, scores_black: Iterable[int] = (), kinds: Iterable[str] = ()) -> None:
        self.scores = list(scores_black)      # one per position
        self.kinds = list(kinds)              # one per move: grading kind
        self.rect = pygame.Rect(0, 0, 0, 0)

    def set(self, scores_black: Iterable[int], kinds: Iterable[str]) -> None:
        self.scores, self.kinds = list(scores_black), list(kinds)

    def resize(self, rect: RectLike) -> None:
        self.rect = pygame.Rect(rect)

    def _x(self, i: int) -> int:
        n = max(1, len(self.scores) - 1)
        return self.rect.x + round(i * (self.rect.width - 1) / n)

    def _y(self, score: int) -> int:
        s = max(-GRAPH_CLAMP, min(GRAPH_CLAMP, score))
        # the expected-result curve, so a man matters more near level than when far ahead
        share = expected(s * 0.6)
        return self.rect.bottom - 1 - round(share * (self.rect.height - 2))

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        """The position index (0 = start) under ``pos``, or None outside the graph."""
        if not self.scores or not self.rect.collidepoint(pos):
            return None
        n = len(self.scores) - 1
        if n <= 0:
            return 0
        frac = (pos[0] - self.rect.x) / max(1, self.rect.width - 1)
        return max(0, min(n, int(round(frac * n))))

    def draw(self, surface: pygame.Surface, current: int | None = None) -> None:
        r = self.rect
        if r.width < 10 or r.height < 10:
            return
        pygame.draw.rect(surface, (34, 38, 46), r)
        mid = self._y(0)
        if len(self.scores) >= 2:
            points = [(self._x(i), self._y(s)) for i, s in enumerate(self.scores)]
            area = [(r.x, mid)] + points + [(points[-1][0], mid)]
            # Red's advantage filled in red above the middle, White's in grey below it
            clip = surface.get_clip()
            for part, colour in ((pygame.Rect(r.x, r.y, r.width, mid - r.y), (120, 52, 48)),
                                 (pygame.Rect(r.x, mid, r.width, r.bottom - mid), (92, 96, 104))):
                surface.set_clip(part.clip(clip) if clip else part)
                pygame.draw.polygon(surface, colour, area)
            surface.set_clip(clip)
            pygame.draw.lines(surface, BAR_LIGHT, False, points, 2)
            for i, kind in enumerate(self.kinds):
                mark = KIND_COLOURS.get(kind)
                if mark is not None and i + 1 < len(points):
                    x, y = points[i + 1]
                    pygame.draw.circle(surface, mark, (x, y), max(3, r.height // 25))
        pygame.draw.line(surface, theme.TEXT_FAINT, (r.x, mid), (r.right - 1, mid), 1)
        if current is not None and self.scores:
            x = self._x(max(0, min(current, len(self.scores) - 1)))
            pygame.draw.line(surface, theme.ACCENT, (x, r.y), (x, r.bottom - 1), 2)
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, 1)


class LiveBoard:
    """Live analysis on a screen: turned on and off, follows the position shown, and draws
    the evaluation bar, the best line's arrows and its words.

    The engine runs in a process of its own (``app.new_engine(background=True)``, made
    when first turned on), at a lower priority: the window and the computer player
    come first.  ``close()`` ends it without waiting (leaving a screen never stalls).
    """

    def __init__(self, app: Any) -> None:
        self.live = LiveAnalysis(lambda: app.new_engine(background=True))
        self.on = False

    def toggle(self, position: Position | None, history: Sequence[Position] = ()) -> bool:
        self.set(not self.on, position, history)
        return self.on

    def set(self, on: bool, position: Position | None = None, history: Sequence[Position] = ()) -> None:
        self.on = bool(on)
        if self.on and position is not None:
            self.live.show(position, history)
        elif not self.on:
            self.live.stop()

    def follow(self, position: Position, history: Sequence[Position] = ()) -> None:
        """The position shown changed (or not: showing the same one again costs nothing)."""
        if self.on:
            self.live.show(position, history)

    def poll(self) -> LiveInfo | None:
        return self.live.poll() if self.on else None

    def close(self) -> None:
        self.on = False
        self.live.close()

    @property
    def info(self) -> LiveInfo | None:
        return self.live.info if self.on else None

    def score_black(self) -> int | None:
        info = self.info
        if info is None:
            return None
        return black_view(info.score, info.position.turn)

    def words(self, limit: int = 6) -> str:
        """``Depth 14 · Red +0.35 · 11-15 23-19 8-11 …`` (or why there is nothing to show)."""
        if not self.on:
            return ""
        if self.live.error:
            return self.live.error[:1].upper() + self.live.error[1:]
        info = self.info
        if info is None:
            if self.live.finished:
                return "Nothing to analyse: the game is over here"
            return "Analysing…"
        parts = [f"Depth {info.depth}", score_words(black_view(info.score, info.position.turn))]
        if info.pv:
            parts.append(line_words(info.pv, limit))
        return " · ".join(p for p in parts if p)

    def draw_bar(self, surface: pygame.Surface, rect: RectLike, black_at_bottom: bool) -> None:
        if self.on:
            draw_eval_bar(surface, rect, self.score_black(), black_at_bottom)

    def line_marks(self, position: Position) -> tuple[tuple[str, Colour], ...]:
        """((move, colour), …) of the moves the arrows show on ``position`` (for ``marked_spans``)."""
        info = self.info
        if info is None or info.position != position or not info.pv:
            return ()
        return tuple(zip(map(str, info.pv[:2]), LINE_COLOURS))

    def draw_arrows(self, surface: pygame.Surface, board: BoardGeometry, position: Position) -> None:
        info = self.info
        if info is not None and info.position == position and info.pv:
            draw_line(surface, board, info.pv, count=2)


def progress_bar(surface: pygame.Surface, rect: RectLike, fraction: float, text: str = "") -> None:
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, (34, 38, 46), rect, border_radius=4)
    done = rect.copy()
    done.width = int(rect.width * max(0.0, min(1.0, fraction)))
    if done.width > 0:
        pygame.draw.rect(surface, theme.ACCENT_DARK, done, border_radius=4)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=4)
    if text:
        theme.blit_text(surface, text, max(10, int(rect.height * 0.9)), theme.TEXT, rect.center, anchor="center")


__all__ = ["EvalGraph", "LiveBoard", "bar_label", "bar_rect", "black_view", "draw_eval_bar", "draw_line",
           "draw_spans", "eval_label_rect", "label_room", "line_words", "marked_spans", "spans_width",
           "progress_bar", "score_label", "score_words", "win_words"]
