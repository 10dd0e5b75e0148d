"""How to play: the rules in short pages, each with a board drawn by the game itself; the last two
say the words the game uses (levels, draw rules, analysis), technical names included.

The diagrams are real positions: the marked destinations and captures are
the legal moves the rules give, so the pictures cannot disagree with play.
Left/Right (or the buttons) turn pages; Esc returns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...rules import WHITE, Move, Position
from .. import theme
from ..analysis_view import LINE_COLOURS
from ..board_view import BoardPicture, BoardRenderer, pieces_of
from ..geometry import BoardGeometry
from ..hint import ARROW_COLOUR
from ..menu_items import add_menu_item
from ..page import Page
from ..scene import register
from ..widgets import Button, FocusGroup

if TYPE_CHECKING:
    from ..layout_check import Box
    from ..theme import Colour

RED, WHITE_NAME = theme.SIDE_NAMES
FOOTER = "Left/Right turn pages · Tab chooses a button · Esc goes back"


def _moves_from(position: Position, square: int) -> list[Move]:
    return [m for m in position.legal_moves() if m.start == square]


def _diagram(position: Position, square: int | None = None, last: tuple[int, ...] | None = None,
             also: int | None = None) -> BoardPicture:
    """A board picture of ``position`` with the legal moves of the piece on ``square`` marked
    (and those of the piece on ``also``, marked as movable)."""
    pic = BoardPicture(pieces_of(position))
    pic.numbers = True
    if square is not None:
        moves = _moves_from(position, square)
        pic.selected = square
        pic.destinations = frozenset(m.path[-1] for m in moves)
        pic.goals = frozenset(m.path[-1] for m in moves if len(m.path) > 2)
        pic.ghosts = {c for m in moves for c in m.captures}
        pic.last_move = tuple(s for m in moves if len(m.path) > 2 for s in m.path[1:-1])
    if also is not None:
        pic.movable = frozenset((also,))
        pic.destinations |= frozenset(m.path[-1] for m in _moves_from(position, also))
    if last is not None:
        pic.last_move = tuple(last)
    return pic


def pages() -> list[tuple[str, str, BoardPicture]]:
    """[(title, text, BoardPicture)] — built from positions, so the marks are the rules' own moves."""
    return [
        ("The board",
         f"Checkers is played on the 32 dark squares. {RED} starts at the bottom of the board and moves first; "
         f"{WHITE_NAME} starts at the top. The players take turns, one move each. The small numbers name the "
         "squares: a move such as 11-15 goes from square 11 to square 15.",
         _diagram(Position.initial())),
        ("Moving",
         "A man moves one square diagonally forward onto an empty dark square. The marked squares show where "
         "the selected man may go.",
         _diagram(Position.from_squares(black_men=[10, 3], white_men=[27, 30]), square=10)),
        ("Capturing",
         "Jump diagonally over an opposing piece to the empty square just beyond it; the jumped piece is taken. "
         "Capturing is compulsory: when you can capture, you must. If the same piece can jump again, it "
         "carries on in the same move (here 9x18x25 takes two).",
         _diagram(Position.from_squares(black_men=[9, 2], white_men=[14, 22, 31]), square=9)),
        ("Kings",
         "A man reaching the far row is crowned and becomes a king (the man on 27 is crowned on 31 or 32). "
         "Its move ends there, even if it could jump on. A king moves and captures diagonally forwards and "
         "backwards, one square at a time.",
         _diagram(Position.from_squares(black_kings=[18], black_men=[27], white_men=[21, 30]), square=18,
                  also=27)),
        ("Winning and draws",
         f"You win when your opponent cannot move: every piece is taken or blocked. Here {WHITE_NAME} is to "
         f"move and its only man is blocked, so {RED} has won. A game is drawn when the same position comes "
         "three times, or after 40 moves each with no capture and no man moved.",
         _diagram(Position.from_squares(black_men=[1, 10], white_men=[5], turn=WHITE))),
        ("Playing here",
         "Click a piece, then a marked square, or drag it. From the keyboard: the arrows move a cursor, Enter "
         "picks up and puts down, Esc cancels. The side panel has a hint, undo and flip; Settings turns the "
         "square numbers and the marks on or off.",
         _diagram(Position.initial().play(_first_move(11, 15)), last=(11, 15))),
        ("Levels and draws",
         "A level looks so many moves ahead, counting each side's move (a ply). Official draw rule: 40 moves "
         "each with no capture and no man moved, or one position three times. Short draw rule: 25 moves "
         "each with no capture or crowning. Two players may also agree a draw.",
         _diagram(Position.initial())),
        ("Analysis words",
         "Red +1.00 means Red is a man ahead; 0.00 means level, neither side ahead. A known ending is "
         "one the computer has solved (its endgame database). A report marks ?! an inaccuracy, ? a mistake, "
         "?? a blunder. Arrows: green is a hint or the better move, blue the best move, purple the reply.",
         _arrows(_diagram(Position.initial()), ((11, 15), ARROW_COLOUR), ((10, 14), LINE_COLOURS[0]),
                 ((22, 17), LINE_COLOURS[1]))),
    ]


def _arrows(picture: BoardPicture, *arrows: tuple[tuple[int, ...], Colour]) -> BoardPicture:
    """``picture`` with arrows along the given paths of squares, each in its colour."""
    picture.arrows = [(path, colour) for path, colour in arrows]
    return picture


def _first_move(start: int, end: int) -> Move:
    return next(m for m in Position.initial().legal_moves() if m.start == start and m.path[-1] == end)


class DiagramLayout:
    """What ``BoardRenderer`` needs to draw a board with its frame inside ``rect``."""

    def __init__(self, rect: pygame.Rect, window_size: tuple[int, int]) -> None:
        side = min(rect.width, rect.height)
        self.coord = max(12, side // 22)
        square = max(1, (side - 2 * self.coord) // 8)
        board = pygame.Rect(0, 0, square * 8, square * 8)
        board.center = rect.center
        self.board = BoardGeometry(board, flipped=True)  # Red at the bottom, as it starts
        self.frame = board.inflate(2 * self.coord, 2 * self.coord)
        self.size = window_size


@register("how_to_play")
class HowToPlayScene(Page):
    footer = FOOTER

    def enter(self) -> None:
        self.pages = pages()
        self.page = 0
        self.renderer = BoardRenderer(self.app.assets)
        self.prev_button = Button("Previous", lambda: self.turn(-1))
        self.next_button = Button("Next", lambda: self.turn(1), primary=True)
        self.back_button = Button("Back", self.back)
        for b, name in ((self.prev_button, "previous"), (self.next_button, "next"), (self.back_button, "back")):
            b.name = name
        self.focus = FocusGroup([self.prev_button, self.next_button, self.back_button], focus=1)
        self._update_buttons()
        self.resize(self.size)

    def turn(self, delta: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + delta))
        self._update_buttons()
        self.resize(self.size)

    def _update_buttons(self) -> None:
        self.prev_button.enabled = self.page > 0
        self.next_button.enabled = self.page < len(self.pages) - 1
        if self.focus.focused is not None and not self.focus.focused.enabled:
            self.focus.focus_on(self.back_button if self.page else self.next_button)

    # -- layout ------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        margin = theme.margin(size)
        bh = max(28, min(80, h // 14))
        bw = max(90, min(300, (w - 4 * margin) // 4))
        gap = max(6, bh // 3)
        y = self.footer_rect.y - margin - bh
        total = 3 * bw + 2 * gap
        x = (w - total) // 2
        for b in (self.prev_button, self.next_button, self.back_button):
            b.rect = pygame.Rect(x, y, bw, bh)
            x += bw + gap
        title, text, _ = self.pages[self.page]
        self.title_size = theme.fit_text(title, max(30, min(96, h // 11)), w - 2 * margin, bold=True)
        title_h = theme.font(self.title_size, True).get_height()
        self.title_rect = pygame.Rect(margin, margin, w - 2 * margin, title_h)
        self.counter = f"{self.page + 1} / {len(self.pages)}"
        self.counter_size = max(16, min(30, h // 32))
        self.counter_rect = pygame.Rect(margin, self.title_rect.bottom, w - 2 * margin,
                                        theme.font(self.counter_size).get_height())
        area = pygame.Rect(margin, self.counter_rect.bottom + margin, w - 2 * margin,
                           self.back_button.rect.y - margin - self.counter_rect.bottom - margin)
        wide = area.width >= area.height * 1.3
        if wide:  # board on the left, words on the right
            side = min(area.height, int(area.width * 0.5))
            self.diagram_rect = pygame.Rect(area.x, area.y, side, side)
            text_box = pygame.Rect(self.diagram_rect.right + margin * 2, area.y,
                                   area.right - self.diagram_rect.right - margin * 2, area.height)
        else:  # tall: board above, words below
            side = min(area.width, int(area.height * 0.6))
            self.diagram_rect = pygame.Rect(area.centerx - side // 2, area.y, side, side)
            text_box = pygame.Rect(area.x, self.diagram_rect.bottom + margin, area.width,
                                   area.bottom - self.diagram_rect.bottom - margin)
        # the largest text that fits its box, never below a readable size, in lines short enough to read
        text_size = max(18, min(56, h // 20))
        while True:
            width = min(text_box.width, theme.pixel_size(text_size) * 32)
            lines_h = theme.wrapped_height(text, text_size, width)
            if lines_h <= text_box.height or text_size <= 16:
                break
            text_size -= 1
        self.text_size = text_size

        if wide:  # board and words centred together: no gulf between them on a wide window
            shift = (text_box.width - width) // 2
            self.diagram_rect.x += shift
            text_box.x += shift
        self.text_rect = pygame.Rect(text_box.x + (text_box.width - width) // 2,
                                     text_box.y + max(0, (text_box.height - lines_h) // 2),
                                     width, min(text_box.height, lines_h) or 1)
        self.board_layout = DiagramLayout(self.diagram_rect, self.size)

    def layout_boxes(self) -> list[Box]:
        from ..layout_check import Box

        title, text, _ = self.pages[self.page]
        return [Box("title", self.title_rect, title, self.title_size, bold=True),
                Box("counter", self.counter_rect, self.counter, self.counter_size),
                Box("diagram", self.board_layout.frame),
                Box("text", self.text_rect, text, self.text_size, wrap=True),
                *self.focus.text_boxes("button"),
                self.footer_box()]

    # -- events and drawing --------------------------------------------------------

    def handle_event(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.turn(-1 if event.key in (pygame.K_LEFT, pygame.K_PAGEUP) else 1)
                return
        self.focus.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:

        theme.gradient_background(surface)
        title, text, picture = self.pages[self.page]
        theme.blit_text(surface, title, self.title_size, theme.TEXT, self.title_rect.center, "center", bold=True)
        theme.blit_text(surface, self.counter, self.counter_size, theme.TEXT_DIM, self.counter_rect.center, "center",
                        tabular=True)
        self.renderer.draw(surface, self.board_layout, picture)
        theme.blit_wrapped(surface, text, self.text_rect, self.text_size, theme.TEXT, anchor="topleft")
        self.focus.draw(surface)
        self.draw_footer(surface)


add_menu_item("how_to_play", "How to play", lambda app: app.push("how_to_play"), order=85)
