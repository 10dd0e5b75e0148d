"""Drawing the board: frame, squares, square numbers, highlights and pieces.

Sprites come from the assets loader, smoothscaled to the square size (the
loader caches each size); without it, plain shapes are drawn.  The static
part (frame and squares) is cached per layout, so a frame costs a blit plus
the pieces.

Moves are written in the standard square numbers (11-15) everywhere, so the
board labels its squares with those numbers or not at all: never with a
second notation (a-h / 1-8) that no move is written in.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

import pygame

from . import theme

if TYPE_CHECKING:
    from ..rules import Position
    from .assets import Assets
    from .geometry import BoardGeometry

Piece = tuple[int, bool]   # (colour, is_king)
Point = tuple[float, float]


class BoardLayout(Protocol):
    """What the renderer needs of a layout (a ``PlayLayout``, a diagram's): the board, its frame,
    the coordinates' margin and the window's size."""

    @property
    def board(self) -> BoardGeometry: ...
    @property
    def frame(self) -> pygame.Rect: ...
    @property
    def coord(self) -> int: ...
    @property
    def size(self) -> tuple[int, int]: ...

PIECE_SPRITES = {(0, False): "man_black", (0, True): "king_black",
                 (1, False): "man_white", (1, True): "king_white"}


NUMBER_COLOUR = (246, 226, 186)


def number_size(square: int) -> int:
    """The nominal text size of the square numbers: small, but never below a readable 16."""
    return max(16, int(square * 0.2))


class BoardPicture:
    """Everything the board shows this frame (built by the play scene, read by ``draw_board``)."""

    def __init__(self, pieces: dict[int, Piece] | Iterable[tuple[int, Piece]]) -> None:
        self.pieces: dict[int, Piece] = dict(pieces)  # square -> (colour, is_king), standing still
        self.floating: list[tuple[int, bool, Point, float]] = []  # (colour, is_king, centre, scale) on top
        self.ghosts: set[int] = set()   # squares whose piece is being jumped (drawn faded)
        self.movable: frozenset[int] = frozenset()
        self.selected: int | None = None
        self.destinations: frozenset[int] = frozenset()
        self.goals: frozenset[int] = frozenset()  # final squares of a capture still being entered
        self.last_move: tuple[int, ...] = ()  # every square of the last move
        self.numbers = False
        self.must_capture = False       # the movable pieces must capture: a stronger glow
        # (squares of a move's path, colour) drawn over everything
        self.arrows: list[tuple[tuple[int, ...], tuple[int, int, int]]] = []


def pieces_of(position: Position) -> dict[int, Piece]:
    out: dict[int, Piece] = {}
    for s in range(1, 33):
        p = position.piece_at(s)
        if p is not None:
            out[s] = p
    return out


class BoardRenderer:
    def __init__(self, assets: Assets | None = None) -> None:
        self.assets = assets
        self._static: pygame.Surface | None = None
        self._static_key: tuple[object, ...] | None = None

    # -- sprites ----------------------------------------------------------------

    def _sprite(self, name: str, size: int) -> pygame.Surface | None:
        # the loader never raises: a missing file is drawn as a plain stand-in
        return None if self.assets is None else self.assets.scaled(name, size)

    def _static_board(self, layout: BoardLayout) -> pygame.Surface:
        board = layout.board
        key = (layout.size, board.rect.topleft, board.square, board.flipped, theme.FONT_SCALE)  # its labels
        if self._static_key == key and self._static is not None:
            return self._static
        frame = layout.frame
        surf = pygame.Surface(frame.size, pygame.SRCALPHA)
        radius = max(4, layout.coord // 3)
        pygame.draw.rect(surf, (14, 10, 8, 120), surf.get_rect().move(0, 3), border_radius=radius)
        pygame.draw.rect(surf, theme.BOARD_FRAME, surf.get_rect(), border_radius=radius)
        s = board.square
        ox, oy = board.rect.x - frame.x, board.rect.y - frame.y
        light = self._sprite("square_light", s)
        dark = self._sprite("square_dark", s)
        for drow in range(8):
            for dcol in range(8):
                cell = pygame.Rect(ox + dcol * s, oy + drow * s, s, s)
                is_dark = (drow + dcol) % 2 == 1
                sprite = dark if is_dark else light
                if sprite is not None:
                    surf.blit(sprite, cell)
                else:
                    surf.fill(theme.DARK_SQUARE if is_dark else theme.LIGHT_SQUARE, cell)
        self._static, self._static_key = surf, key
        return surf

    # -- drawing ----------------------------------------------------------------

    def draw_static(self, surface: pygame.Surface, layout: BoardLayout, numbers: bool | None = None) -> None:
        """Frame and squares: drawn once into the scene's cached background (the square numbers
        go over the pieces; ``numbers`` is accepted for the callers that pass it)."""
        surface.blit(self._static_board(layout), layout.frame)

    def draw(self, surface: pygame.Surface, layout: BoardLayout, picture: BoardPicture, static: bool = True) -> None:
        board = layout.board
        s = board.square
        if static:
            self.draw_static(surface, layout, picture.numbers)
        for square in picture.last_move:
            self._mark(surface, "highlight_last_move", board.square_rect(square), theme.LAST_MOVE, 70)
        for square in picture.movable:
            if picture.must_capture:
                self._capture_glow(surface, board.square_rect(square))
            else:
                self._movable(surface, board.square_rect(square))
        if picture.selected is not None:
            self._mark(surface, "highlight_selected", board.square_rect(picture.selected), theme.SELECTED, 110)
        for square, piece in picture.pieces.items():
            faded = square in picture.ghosts
            self._piece(surface, piece, board.square_center(square), s, 255 if not faded else 110)
        for square in picture.ghosts:
            self._capture_mark(surface, board.square_rect(square))
        for square in picture.destinations:
            self._destination(surface, board.square_rect(square), square in picture.goals)
        for colour, king, centre, scale in picture.floating:
            self._piece(surface, (colour, king), centre, int(s * scale), 255, shadow=scale > 1.0)
        if picture.numbers:
            self.draw_numbers(surface, board)
        if picture.arrows:
            from .hint import draw_arrow

            for path, arrow_colour in picture.arrows:
                draw_arrow(surface, [board.square_center(sq) for sq in path], s, colour=arrow_colour)

    def draw_numbers(self, surface: pygame.Surface, board: BoardGeometry) -> None:
        """The standard square numbers, small, in the top-left corner of each dark square, over the pieces
        (a dark shadow keeps them readable on a light piece)."""
        size = number_size(board.square)
        for square in range(1, 33):
            rect = board.square_rect(square)
            x, y = rect.x + max(2, rect.width // 24), rect.y + max(1, rect.width // 40)
            theme.blit_text(surface, str(square), size, (20, 12, 8), (x + 1, y + 1))
            theme.blit_text(surface, str(square), size, NUMBER_COLOUR, (x, y))

    def label_boxes(self, layout: BoardLayout, numbers: bool) -> list[tuple[str, pygame.Rect, str, int]]:
        """[(name, rect, text, size)] of the board's labels, for the layout check: one square number
        (the widest) in its corner; nothing when the numbers are off."""
        board = layout.board
        if not numbers:
            return []
        size = number_size(board.square)
        w, h = theme.text_size("32", size)
        cell = board.square_rect(29)
        rect = pygame.Rect(cell.x + max(2, cell.width // 24), cell.y + max(1, cell.width // 40), w, h)
        return [("square_number", rect.clip(cell), "32", size)]

    @staticmethod
    def rim(rect: pygame.Rect) -> int:
        """The width of the dark rim of a guiding mark on a square of ``rect``'s size."""
        return max(1, rect.width // 40)

    def _capture_glow(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A must-capture piece: a warm filled glow and a thick bright edge inside a dark rim."""
        overlay = pygame.Surface(rect.size, pygame.SRCALPHA)
        overlay.fill((*theme.CAPTURE_GLOW, 80))
        surface.blit(overlay, rect)
        self._frame(surface, rect, theme.CAPTURE_GLOW, max(3, rect.width // 14))

    def _frame(self, surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int) -> None:
        """A bright square outline ``width`` thick, a dark rim on both of its sides."""
        rim = self.rim(rect)
        pygame.draw.rect(surface, theme.MARK_RIM, rect, width + 2 * rim)
        pygame.draw.rect(surface, colour, rect.inflate(-2 * rim, -2 * rim), width)

    def _ring(self, surface: pygame.Surface, centre: tuple[int, int], radius: int, width: int,
              colour: tuple[int, int, int], rim: int) -> None:
        """A bright ring (outer ``radius``, ``width`` thick) with a dark rim on both of its sides."""
        pygame.draw.aacircle(surface, theme.MARK_RIM, centre, radius + rim, width + 2 * rim)
        pygame.draw.aacircle(surface, colour, centre, radius, width)

    def _movable(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A piece that can move: a bright ring between its edge and the square's (the piece covers
        the middle)."""
        rim = self.rim(rect)
        outer = rect.width // 2 - rim - 1
        inner = int(rect.width * 0.40)
        self._ring(surface, rect.center, outer, max(2, outer - inner), theme.MOVABLE, rim)

    def draw_cursor(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The keyboard cursor on a square of ``rect``: a bright outline inside a dark rim."""
        self._frame(surface, rect.inflate(-2, -2), theme.CURSOR, max(2, rect.width // 18))

    def _mark(self, surface: pygame.Surface, name: str, rect: pygame.Rect, colour: tuple[int, int, int],
              alpha: int) -> None:
        sprite = self._sprite(name, rect.width)
        if sprite is not None:
            surface.blit(sprite, rect)
            return
        overlay = pygame.Surface(rect.size, pygame.SRCALPHA)
        overlay.fill((*colour, alpha))
        pygame.draw.rect(overlay, (*colour, 230), overlay.get_rect(), max(2, rect.width // 20))
        surface.blit(overlay, rect)

    def _destination(self, surface: pygame.Surface, rect: pygame.Rect, is_goal: bool) -> None:
        """Where the piece in hand can go: a bright dot in a dark rim (a ring as well round the
        square where a capture ends)."""
        rim = self.rim(rect)
        radius = max(5, rect.width // 6)
        pygame.draw.aacircle(surface, theme.MARK_RIM, rect.center, radius + rim)
        pygame.draw.aacircle(surface, theme.DESTINATION, rect.center, radius)
        if is_goal:
            self._ring(surface, rect.center, rect.width // 2 - 4 - rim, max(2, rect.width // 24), theme.DESTINATION,
                       rim)

    def _capture_mark(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        sprite = self._sprite("marker_capture", rect.width)
        if sprite is not None:
            surface.blit(sprite, rect)
            return
        w = max(3, rect.width // 12)
        inset = rect.inflate(-rect.width // 2, -rect.height // 2)
        pygame.draw.line(surface, theme.CAPTURE_MARK, inset.topleft, inset.bottomright, w)
        pygame.draw.line(surface, theme.CAPTURE_MARK, inset.topright, inset.bottomleft, w)

    def _piece(self, surface: pygame.Surface, piece: Piece, centre: Point, size: int, alpha: int = 255,
               shadow: bool = False) -> None:
        sprite = self._sprite(PIECE_SPRITES[piece], size)
        if sprite is not None:
            if alpha < 255:
                sprite = sprite.copy()
                sprite.set_alpha(alpha)
            if shadow:
                shade = pygame.Surface((size, size), pygame.SRCALPHA)
                pygame.draw.ellipse(shade, (0, 0, 0, 70), shade.get_rect().inflate(-size // 6, -size // 6))
                surface.blit(shade, shade.get_rect(center=(centre[0] + size // 14, centre[1] + size // 10)))
            surface.blit(sprite, sprite.get_rect(center=centre))
            return
        colour, king = piece
        radius = int(size * 0.4)
        fill = theme.BLACK_PIECE if colour == 0 else theme.WHITE_PIECE
        edge = theme.BLACK_PIECE_EDGE if colour == 0 else theme.WHITE_PIECE_EDGE
        target = surface
        cx: float
        cy: float
        if alpha < 255:
            target = pygame.Surface((size, size), pygame.SRCALPHA)
            cx, cy = size // 2, size // 2
        else:
            cx, cy = centre
        pygame.draw.circle(target, edge, (cx, cy + max(1, size // 24)), radius)
        pygame.draw.circle(target, fill, (cx, cy), radius)
        pygame.draw.circle(target, edge, (cx, cy), int(radius * 0.7), max(1, size // 30))
        if king:
            pygame.draw.circle(target, theme.CROWN, (cx, cy), int(radius * 0.38))
        if target is not surface:
            target.set_alpha(alpha)
            surface.blit(target, target.get_rect(center=centre))
