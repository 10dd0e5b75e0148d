"""A board a person enters moves on: mouse presses, drags and releases, the keyboard
cursor, and what the move being entered shows.

``BoardControl`` is a mixin for a scene with such a board (play, puzzles).  It turns
events into clicks on ``MoveInput`` (``game.ui.move_input``): a click that completes a
move calls the scene's ``play_move``, a refused one says why (with the "illegal"
sound), a good one clears an old complaint.  A press on a piece that can move picks it
up; moved more than ``DRAG_THRESHOLD`` pixels it follows the pointer and is dropped on
release; pressed again without moving it is put down.

The scene provides: ``app``, ``layout`` (a ``PlayLayout``), ``panel`` (with ``focus``
and ``handle_event``), ``flipped``, ``input`` (a ``MoveInput`` or None), ``anim`` (the
move being animated or None), ``clock`` (seconds), ``resize(size)``, ``_key(event)``
(the scene's own keys), ``play_move(move, first_hop)``, ``_landed()`` (the animated
piece arrived: sounds, next input) and ``_busy_reason()`` (why the board takes no move
now: None when it does, "" to say nothing).  The mixin keeps ``drag``, ``cursor``,
``message`` and ``message_until`` on the scene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from .animation import MoveAnimation
from .board_view import BoardPicture, pieces_of
from .move_input import MOVED, REFUSED

if TYPE_CHECKING:
    from game.rules import Move, Position

    from .geometry import PlayLayout
    from .move_input import ClickResult, MoveInput
    from .widgets import FocusGroup

DRAG_THRESHOLD = 6  # pixels the mouse must travel before a press becomes a drag
MESSAGE_SECONDS = 2.5
ANIMATION_SCALE = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}  # the setting "animation"
ARROWS = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1)}
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class BoardPanel(Protocol):
    """What the board asks of its scene's panel: its buttons' focus, and the first look at an event."""

    focus: FocusGroup

    def handle_event(self, event: Any) -> bool: ...


class BoardControl:
    """The board's part of a scene (see the module's text for what the scene provides).  The scene
    sets ``drag`` (None, or {"square", "pos", "active", "press_pos", "was_selected"} while a piece is
    held), ``cursor`` (None, or the keyboard cursor's display (row, col)), ``message`` and
    ``message_until`` in its ``enter``."""

    if TYPE_CHECKING:  # what the scene provides (declared for the type checker only: no class attributes)
        app: Any
        size: tuple[int, int]
        layout: PlayLayout
        panel: BoardPanel
        flipped: bool
        input: MoveInput | None
        anim: MoveAnimation | None
        clock: float
        drag: dict[str, Any] | None
        cursor: tuple[int, int] | None
        message: str
        message_until: float

        def resize(self, size: tuple[int, int]) -> None: ...
        def _key(self, event: Any) -> None: ...
        def play_move(self, move: Move, first_hop: int = 0) -> None: ...
        def _landed(self) -> None: ...
        def _busy_reason(self) -> str | None: ...

    def space_on_board(self) -> bool:
        """Does Space enter a move at the cursor (as Enter does)?  A scene with its own Space says no."""
        return True

    def say(self, text: str) -> None:
        """A message in the status line for a while."""
        self.message = text
        self.message_until = self.clock + MESSAGE_SECONDS

    def flip(self) -> None:
        """Turn the board; the cursor stays on its square, now seen from the other side."""
        self.flipped = not self.flipped
        if self.cursor is not None:
            self.cursor = (7 - self.cursor[0], 7 - self.cursor[1])
        self.resize(self.size)

    def _animate(self, move: Move, before: Position, first_hop: int = 0) -> None:
        """Show ``move`` (played from ``before``) from hop ``first_hop`` at the pace of the setting
        "animation" (off: it lands at once)."""
        speed = ANIMATION_SCALE.get(self.app.settings.get("animation", "normal"), 1.0)
        self.anim = MoveAnimation(move, before, first_hop, speed)
        if self.anim.done:
            self._landed()

    def _landing_sounds(self, anim: MoveAnimation, after: Position) -> None:
        """``anim``'s piece arrived, ``after`` is the position it made: a move's or a capture's sound,
        and the crown's for a man crowned."""
        move = anim.move
        self.app.play_sound("capture" if move.is_capture else "move")
        if anim.piece is not None and not anim.piece[1] and (after.piece_at(move.end) or (0, False))[1]:
            self.app.play_sound("crown")

    def land(self) -> None:
        """The piece being animated lands at once (its sounds and the next turn's input with it)."""
        if self.anim is not None:
            self.anim.finish()
            self._landed()

    # -- events ---------------------------------------------------------------------

    def _board_event(self, event: Any) -> None:
        """The board's part of ``handle_event``: the panel first, then keys (``_key``) and the mouse."""
        if self.anim is not None and self._board_input(event):
            self.land()  # input meets the board as it will be: no click or key is lost to a moving piece
        if self.panel.handle_event(event):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
                self.cursor = None  # the keyboard is on the panel's buttons now
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._cancel_selection()
        elif event.type == pygame.MOUSEMOTION and self.drag is None:
            self.app.set_cursor(self._clickable(event.pos))
        elif event.type == pygame.MOUSEMOTION:
            d = self.drag
            assert d is not None  # (the branch above took the motion without one)
            d["pos"] = event.pos
            if not d["active"] and (abs(event.pos[0] - d["press_pos"][0]) + abs(event.pos[1] - d["press_pos"][1])
                                    > DRAG_THRESHOLD):
                d["active"] = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)

    def _board_input(self, event: Any) -> bool:
        """Is ``event`` meant for the board (a press on it, a key that moves the cursor or enters a move)?"""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return self.layout.frame.collidepoint(event.pos)
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in ARROWS:
            return True  # the arrows always give the keyboard back to the board
        if self.panel.focus.active:
            return False  # Enter and Space press the focused button
        return bool(event.key in ENTER_KEYS + (pygame.K_BACKSPACE,) or (
            event.key == pygame.K_SPACE and self.space_on_board()))

    def _is_enter(self, key: int) -> bool:
        """Enter, or Space where it enters moves."""
        return key in ENTER_KEYS or (key == pygame.K_SPACE and self.space_on_board())

    def _escape_board(self) -> bool:
        """Esc for the board: the panel's focus cleared, or the piece in hand put back; False when
        there was neither (the scene decides what Esc does then)."""
        if self.panel.focus.active:
            self.panel.focus.clear()  # back to the board
            return True
        if self.input is not None and self.input.path:
            self._cancel_selection()
            return True
        return False

    def _board_key(self, key: int) -> None:
        """Backspace takes back the last hop entered; the arrows move the cursor."""
        if key == pygame.K_BACKSPACE and self.input is not None:
            self.input.back()
        elif key in ARROWS:
            self.panel.focus.clear()  # the keyboard is on the board now: one thing looks selected
            self._move_cursor(key)

    def _click_at_cursor(self) -> ClickResult | None:
        """Enter on the cursor's square: a click there."""
        board = self.layout.board
        assert self.cursor is not None  # (Enter on the board shows the cursor first)
        return self._click(board.square_at_pixel(board.cell_rect(*self.cursor).center))

    def _move_cursor(self, key: int) -> None:
        if self.cursor is None:  # the first arrow shows the cursor on a piece that can move
            start: frozenset[int] | tuple[()] = self.input.movable() if self.input is not None else ()
            self.cursor = self.layout.board.display_cell(min(start)) if start else (7, 0)
            return
        r, c = self.cursor
        dr, dc = ARROWS[key]
        self.cursor = (min(7, max(0, r + dr)), min(7, max(0, c + dc)))

    def _clickable(self, pos: tuple[int, int]) -> bool:
        """Is there something to do by clicking at ``pos`` on the board?"""
        if self.input is None or self.anim is not None:
            return False
        square = self.layout.board.square_at_pixel(pos)
        if square is None:
            return False
        return square in self.input.movable() or square in self.input.destinations() or (
            bool(self.input.path) and square == self.input.path[-1])

    def _cancel_selection(self) -> None:
        """The piece in hand goes back (Esc, a right-click)."""
        if self.input is not None:
            self.input.reset()
        self.drag = None

    def _click(self, square: int | None, first_hop: int | None = None) -> ClickResult | None:
        """A click on a square: what the move being entered makes of it."""
        reason = self._busy_reason()
        if reason is not None:
            if reason and square is not None:
                self.say(reason)
            return None
        assert self.input is not None  # (the board takes no move without one: _busy_reason says why)
        entered = len(self.input.path)
        result = self.input.click(square)
        if result.kind == MOVED:
            assert result.move is not None
            hop = max(0, entered - 1) if first_hop is None else first_hop
            self.play_move(result.move, hop)
        elif result.kind == REFUSED and result.message:
            self.say(result.message)
            self.app.play_sound("illegal")
        elif result.kind != REFUSED:
            self.message_until = 0  # a good click clears an old complaint
        return result

    def _press(self, pos: tuple[int, int]) -> None:
        if self.layout.frame.collidepoint(pos):
            self.panel.focus.clear()  # the board has the input now: no panel button stays lit
        square = self.layout.board.square_at_pixel(pos)
        if square is None:
            if self.layout.frame.collidepoint(pos):  # (the frame holds the board)
                self._click(None)
            return
        self.cursor = None
        in_hand = self.input is not None and bool(self.input.path) and square == self.input.path[-1]
        if in_hand and self._busy_reason() is None:
            # pressing the piece in hand: a drag, or (on release without moving) a cancel
            self.drag = {"square": square, "pos": pos, "press_pos": pos, "active": False, "was_selected": True}
            return
        result = self._click(square)
        if result is not None and result.kind in ("selected", "switched"):
            self.drag = {"square": square, "pos": pos, "press_pos": pos, "active": False, "was_selected": False}

    def _release(self, pos: tuple[int, int]) -> None:
        d, self.drag = self.drag, None
        if d is None or self.input is None:
            return
        target = self.layout.board.square_at_pixel(pos)
        if target == d["square"] or (target is None and not d["active"]):
            if d["was_selected"] and not d["active"] and len(self.input.path) == 1:
                self._click(target)  # clicking the selected piece again puts it down
            return
        if target is None:
            return  # dropped off the board: the piece goes back
        # dropped on a square: the hop just dragged needs no animation
        self._click(target, first_hop=len(self.input.path))

    # -- what the board shows ------------------------------------------------------------

    def _pieces_picture(self, position: Position) -> BoardPicture:
        """The pieces as shown: during an animation the position before it, the moving piece in flight."""
        a = self.anim
        if a is None:
            return BoardPicture(pieces_of(position))
        pic = BoardPicture(pieces_of(a.before))
        pic.pieces.pop(a.move.start, None)
        for s in a.vanished():
            pic.pieces.pop(s, None)
        if a.piece is not None:
            pic.floating.append((a.piece[0], a.piece[1], a.position_px(self.layout.board), 1.0))
        return pic

    def _mark_input(self, pic: BoardPicture, movable: bool = True, destinations: bool = True) -> None:

        """The move being entered on ``pic``: the pieces that may move (``movable``), the piece in hand
        and its hops, where it may go (``destinations``; always during a jump), the dragged piece."""
        inp = self.input
        if inp is None or self.anim is not None:
            return
        if movable:
            pic.movable = inp.movable()
            pic.must_capture = inp.must_capture
        if inp.path:
            piece = pic.pieces.pop(inp.path[0])
            here = inp.path[-1]
            pic.pieces[here] = piece
            pic.selected = here
            pic.ghosts = set(inp.jumped())
            if destinations or inp.in_jump:
                pic.destinations = inp.destinations()
            if inp.must_capture:
                pic.goals = inp.ends() & pic.destinations
        d = self.drag
        if d is not None and d["active"] and d["square"] in pic.pieces:
            piece = pic.pieces.pop(d["square"])
            pic.floating.append((piece[0], piece[1], d["pos"], 1.08))
