"""Drawing the engine's analysis: the evaluation bar, the best line on the board, the
evaluation graph of a game report.  Drawing only: the numbers come from
``game.analysis`` (``LiveInfo``, ``GameReport``); nothing here changes state.
"""

import pygame

from ..analysis.grading import BLUNDER, INACCURACY, MISTAKE, expected
from ..engine.search import MATE_BOUND, WIN
from . import theme
from .hint import draw_arrow

BAR_LIGHT = (236, 232, 222)          # White's share of the bar
BAR_DARK = (150, 48, 44)             # the first player's (red pieces) share
LINE_COLOURS = ((90, 150, 230), (200, 120, 200), (150, 180, 230))  # best move, reply, then
KIND_COLOURS = {INACCURACY: (230, 200, 80), MISTAKE: (236, 140, 60), BLUNDER: (220, 70, 60)}
GRAPH_CLAMP = 800                    # centi-men: the graph's top and bottom


def black_view(score, turn):
    """A side-to-move score as seen by Black (the first player): positive is good for Black."""
    if score is None:
        return None
    return score if turn == 0 else -score


def score_label(score_black):
    """Short text for the bar: ``+1.2`` (men, Black's view), ``W5`` / ``R5`` forced win in 5."""
    if score_black is None:
        return ""
    if score_black >= MATE_BOUND:
        return f"{theme.side_name(0)[0]}{(WIN - score_black + 1) // 2}"
    if score_black <= -MATE_BOUND:
        return f"{theme.side_name(1)[0]}{(WIN + score_black + 1) // 2}"
    return f"{score_black / 100:+.1f}"


def win_words(score, turn):
    """``Red wins in 7`` / ``White wins in 3`` for a forced result, else None."""
    if score is None or abs(score) < MATE_BOUND:
        return None
    moves = (WIN - abs(score) + 1) // 2
    winner = turn if score > 0 else 1 - turn
    return f"{theme.side_name(winner)} wins in {moves}"


def draw_eval_bar(surface, rect, score_black, black_at_bottom):
    """A vertical bar: each side's share is its expected result, Black's from its own edge."""
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
    label = score_label(score_black)
    if label:
        size = max(9, min(16, rect.width * 0.55 / max(1, len(label)) / theme.FONT_SCALE * 1.6))
        good_for_black = score_black is not None and score_black >= 0
        at_black_edge = good_for_black
        colour = BAR_LIGHT if good_for_black else BAR_DARK
        y = (rect.bottom - 4 if black_at_bottom == at_black_edge else rect.y + 4)
        anchor = "midbottom" if black_at_bottom == at_black_edge else "midtop"
        theme.blit_text(surface, label, int(size), colour, (rect.centerx, y), anchor=anchor, bold=True)


def draw_line(surface, board, moves, assets=None, count=2):
    """The first ``count`` moves of a line as arrows on a BoardGeometry, the first one boldest."""
    for i, move in enumerate(list(moves)[:count][::-1]):
        k = min(count, len(moves)) - 1 - i
        colour = LINE_COLOURS[min(k, len(LINE_COLOURS) - 1)]
        draw_arrow(surface, [board.square_center(s) for s in move.path], board.square,
                   None, colour=colour)


def line_words(moves, limit=8):
    words = [str(m) for m in list(moves)[:limit]]
    if len(moves) > limit:
        words.append("…")
    return " ".join(words)


class EvalGraph:
    """The evaluation over a whole game, Black's view up, with the mistakes marked.

    ``ply_at(pos)`` turns a click or a drag on the graph into the position to show.
    """

    def __init__(self, scores_black=(), kinds=()):
        self.scores = list(scores_black)      # one per position
        self.kinds = list(kinds)              # one per move: grading kind
        self.rect = pygame.Rect(0, 0, 0, 0)

    def set(self, scores_black, kinds):
        self.scores, self.kinds = list(scores_black), list(kinds)

    def resize(self, rect):
        self.rect = pygame.Rect(rect)

    def _x(self, i):
        n = max(1, len(self.scores) - 1)
        return self.rect.x + round(i * (self.rect.width - 1) / n)

    def _y(self, score):
        s = max(-GRAPH_CLAMP, min(GRAPH_CLAMP, score))
        # the expected-result curve, so a man matters more near level than when far ahead
        share = expected(s * 0.6)
        return self.rect.bottom - 1 - round(share * (self.rect.height - 2))

    def ply_at(self, pos):
        """The position index (0 = start) under ``pos``, or None outside the graph."""
        if not self.scores or not self.rect.collidepoint(pos):
            return None
        n = len(self.scores) - 1
        if n <= 0:
            return 0
        frac = (pos[0] - self.rect.x) / max(1, self.rect.width - 1)
        return max(0, min(n, int(round(frac * n))))

    def draw(self, surface, current=None):
        r = self.rect
        if r.width < 10 or r.height < 10:
            return
        pygame.draw.rect(surface, (34, 38, 46), r)
        mid = self._y(0)
        if len(self.scores) >= 2:
            points = [(self._x(i), self._y(s)) for i, s in enumerate(self.scores)]
            area = [(r.x, mid)] + points + [(points[-1][0], mid)]
            pygame.draw.polygon(surface, (96, 60, 56), area)
            pygame.draw.lines(surface, BAR_LIGHT, False, points, 2)
            for i, kind in enumerate(self.kinds):
                colour = KIND_COLOURS.get(kind)
                if colour is not None and i + 1 < len(points):
                    x, y = points[i + 1]
                    pygame.draw.circle(surface, colour, (x, y), max(3, r.height // 25))
        pygame.draw.line(surface, theme.TEXT_FAINT, (r.x, mid), (r.right - 1, mid), 1)
        if current is not None and self.scores:
            x = self._x(max(0, min(current, len(self.scores) - 1)))
            pygame.draw.line(surface, theme.ACCENT, (x, r.y), (x, r.bottom - 1), 2)
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, 1)


def progress_bar(surface, rect, fraction, text=""):
    rect = pygame.Rect(rect)
    pygame.draw.rect(surface, (34, 38, 46), rect, border_radius=4)
    done = rect.copy()
    done.width = int(rect.width * max(0.0, min(1.0, fraction)))
    if done.width > 0:
        pygame.draw.rect(surface, theme.ACCENT_DARK, done, border_radius=4)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=4)
    if text:
        theme.blit_text(surface, text, max(10, int(rect.height * 0.9)), theme.TEXT, rect.center, anchor="center")


__all__ = ["EvalGraph", "black_view", "draw_eval_bar", "draw_line", "line_words", "progress_bar",
           "score_label", "win_words"]
