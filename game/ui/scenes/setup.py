"""Set up a position: place and remove men and kings, choose who moves, then play from it.

Mouse: pick a piece in the palette and click squares to place it (clicking
the same piece again removes it); right-click cycles a square through
empty, red man, red king, white man, white king.  Keyboard: 1-5 pick
red man / red king / white man / white king / eraser, B puts a cursor on
the board (arrows move it, Space/Enter places, Tab goes back to the
panel), T changes the side to move, Ctrl+C / Ctrl+V copy and paste FEN,
Ctrl+T (or the button) types a FEN.  A (or Live analysis) has the engine analyse
the position on the board as it is set up: the evaluation bar beside the board,
its best line as arrows and in the status line.

A position that cannot be played is refused with the reason: a man on the
row where it would have been crowned, more than 12 pieces a side, a side
with no pieces, or a side to move with no legal move.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ...notation import NotationError
from ...rules import BLACK, WHITE, Game, Position, setup_problem
from .. import theme
from ..analysis_view import LiveBoard, bar_rect, draw_spans, label_room, marked_spans, spans_width
from ..board_view import BoardPicture, BoardRenderer, pieces_of
from ..geometry import PlayLayout
from ..menu_items import add_menu_item
from ..scene import Scene, register
from ..store_hooks import level_named, players_for, settings_of, start_play
from ..widgets import Button, Chooser, FocusGroup, IconButton, Widget

if TYPE_CHECKING:
    from ...controller.players import Players
    from ..board_view import Piece
    from ..layout_check import Box
    from ..theme import Colour

BLACK_MAN, BLACK_KING, WHITE_MAN, WHITE_KING = (BLACK, False), (BLACK, True), (WHITE, False), (WHITE, True)
ERASE = None
RED_NAME, WHITE_NAME = theme.SIDE_NAMES
TOOLS = ((f"{RED_NAME} man", BLACK_MAN), (f"{RED_NAME} king", BLACK_KING), (f"{WHITE_NAME} man", WHITE_MAN),
         (f"{WHITE_NAME} king", WHITE_KING), ("Eraser", ERASE))
SPRITES = {BLACK_MAN: "man_black", BLACK_KING: "king_black", WHITE_MAN: "man_white", WHITE_KING: "king_white"}
TITLE = "Set up position"   # the menu's name for it
MAX_FEN = 400  # characters typed or pasted
MESSAGE_SECONDS = 3.0  # with live analysis on, a message gives the line under the board back after this
CYCLE = (None, BLACK_MAN, BLACK_KING, WHITE_MAN, WHITE_KING)
# a man on these squares would have been crowned on arriving there


def position_of(pieces: Mapping[int, Piece], turn: int) -> Position:
    groups: dict[Piece, list[int]] = {BLACK_MAN: [], BLACK_KING: [], WHITE_MAN: [], WHITE_KING: []}
    for square, piece in pieces.items():
        groups[piece].append(square)
    return Position.from_squares(groups[BLACK_MAN], groups[BLACK_KING], groups[WHITE_MAN],
                                 groups[WHITE_KING], turn)


def clipboard_get() -> str | None:
    """Text on the clipboard, or None when there is no clipboard (e.g. the dummy video driver)."""
    try:
        text: str = pygame.scrap.get_text()
    except Exception:
        return None
    return text or None


def clipboard_put(text: str) -> bool:
    try:
        pygame.scrap.put_text(text)
        return True
    except Exception:
        return False


@register("setup")
class SetupScene(Scene):
    """params: ``position`` (optional start, default the initial position)."""

    def enter(self) -> None:
        start: Position = self.params.get("position") or Position.initial()
        self.start = start   # leaving a position other than this one asks first
        self.pieces = pieces_of(start)
        self.turn = start.turn
        settings = settings_of(self.app)
        self.flipped = settings.get("orientation", "auto") != "white"
        self.numbers = True  # numbers help when setting up from a diagram
        self.renderer = BoardRenderer(self.app.assets)
        self.tool = 0
        self.cursor: tuple[int, int] | None = None
        self.message = ""
        self.message_is_error = False
        self.message_age = 0.0  # seconds the message has been shown (live analysis takes the line back)
        self.typing: str | None = None  # the FEN being typed, or None
        self.tool_buttons: list[IconButton] = []
        for i, (label, piece) in enumerate(TOOLS):
            b = IconButton(f"{i + 1}  {label}", partial(self._paint_tool, piece=piece), partial(self.pick, i))
            b.name = f"tool{i + 1}"
            self.tool_buttons.append(b)
        self.side = Chooser("To move", [RED_NAME, WHITE_NAME], index=self.turn, on_change=self._side_changed)
        self.you = Chooser("You play", ["Side to move", RED_NAME, WHITE_NAME], index=0)
        self.actions = [
            Button("Clear board", self.clear),
            Button("Start position", self.initial),
            Button("Copy FEN", self.copy_fen, hotkey="Ctrl+C"),
            Button("Paste FEN", self.paste_fen, hotkey="Ctrl+V"),
            Button("Type FEN", self.start_typing, hotkey="Ctrl+T"),
            Button("Back", self.back, hotkey="Esc"),
            Button("Live analysis", self.toggle_live, hotkey="A"),
            Button("1 Player", self.play_vs_computer, primary=True),    # the menu's names
            Button("2 Players", self.play_with_friend),
        ]
        for action in self.actions:
            action.name = "action:" + action.text
        self.side.name, self.you.name = "to_move", "you_play"
        self.live_button = self.actions[6]
        self.live_button.name = "action:live"
        self.live = LiveBoard(self.app)
        widgets: list[Widget] = [*self.tool_buttons, self.side, self.you, *self.actions]
        self.focus = FocusGroup(widgets)
        self.pick(self.tool)
        self.resize(self.size)

    # -- the position --------------------------------------------------------------

    @property
    def position(self) -> Position:
        return position_of(self.pieces, self.turn)

    def _side_changed(self, value: str) -> None:
        self.turn = BLACK if value == RED_NAME else WHITE

    def _paint_tool(self, surface: pygame.Surface, rect: pygame.Rect, piece: Piece | None) -> None:
        size = min(rect.width, rect.height)
        if piece is None:  # the eraser: an empty dark square, crossed out
            tile = pygame.Rect(0, 0, size * 4 // 5, size * 4 // 5)
            tile.center = rect.center
            pygame.draw.rect(surface, theme.DARK_SQUARE, tile, border_radius=max(2, size // 10))
            inset = tile.inflate(-tile.width // 3, -tile.height // 3)
            width = max(2, size // 10)
            pygame.draw.line(surface, theme.DANGER, inset.topleft, inset.bottomright, width)
            pygame.draw.line(surface, theme.DANGER, inset.topright, inset.bottomleft, width)
            return
        sprite = None
        if self.app.assets is not None:
            try:
                sprite = self.app.assets.scaled(SPRITES[piece], size)
            except Exception:
                sprite = None
        if sprite is not None:
            surface.blit(sprite, sprite.get_rect(center=rect.center))
            return
        colour, king = piece
        pygame.draw.circle(surface, theme.BLACK_PIECE if colour == BLACK else theme.WHITE_PIECE, rect.center,
                           size * 2 // 5)
        if king:
            pygame.draw.circle(surface, theme.CROWN, rect.center, size // 6)

    def set_turn(self, colour: int) -> None:
        self.turn = colour
        self.side.index = colour

    def pick(self, i: int) -> None:
        self.tool = i
        for j, b in enumerate(self.tool_buttons):
            b.checked = j == i  # the chosen tool looks chosen, whatever has the focus

    def place(self, square: int, piece: Piece | None) -> None:
        if piece is None:
            self.pieces.pop(square, None)
        else:
            self.pieces[square] = piece
        self.message = ""

    def click_square(self, square: int) -> None:
        """Place the palette's piece (or remove it if it is already there)."""
        piece = TOOLS[self.tool][1]
        if piece is not None and self.pieces.get(square) == piece:
            piece = None
        self.place(square, piece)

    def cycle_square(self, square: int) -> None:
        current = self.pieces.get(square)
        self.place(square, CYCLE[(CYCLE.index(current) + 1) % len(CYCLE)])

    def clear(self) -> None:
        self.pieces = {}
        self.say("Board cleared")

    def initial(self) -> None:
        self.load(Position.initial())

    def load(self, position: Position) -> None:
        self.pieces = pieces_of(position)
        self.set_turn(position.turn)
        self.message = ""

    def say(self, text: str, error: bool = False) -> None:
        self.message = text
        self.message_is_error = error
        self.message_age = 0.0

    # -- FEN -----------------------------------------------------------------------

    def fen(self) -> str:
        return self.position.fen()

    def copy_fen(self) -> None:
        fen = self.fen()
        if clipboard_put(fen):
            self.say(f"Copied {fen}")
        else:
            self.say(f"No clipboard here; the FEN is {fen}", error=True)

    def apply_fen(self, text: str) -> bool:
        try:
            position = Position.from_fen(text)
        except NotationError as e:
            self.say(f"Not a FEN: {str(e).splitlines()[0]}", error=True)
            return False
        self.load(position)
        self.say(f"Position from {position.fen()}")
        return True

    def paste_fen(self) -> None:
        text = clipboard_get()
        if text is None:
            self.say("The clipboard is empty or not available: use Type FEN", error=True)
            return
        text = text.strip()
        if len(text) > MAX_FEN:
            self.say(f"The clipboard holds {len(text)} characters: too long for a FEN", error=True)
            return
        self.apply_fen(text)

    def start_typing(self) -> None:
        self.typing = ""
        self.say("Type or paste a FEN such as B:W21-32:B1-12, then Enter (Esc cancels)")
        try:
            pygame.key.start_text_input()
        except Exception:
            pass

    def _stop_typing(self) -> None:
        # text input is left on, as the window started: it is one state for the whole window, and
        # stopping it here left every later text field (New game's names, the library's filter) deaf
        self.typing = None

    def _typing_event(self, event: Any) -> None:
        if event.type == pygame.TEXTINPUT:
            self._type(event.text)
        elif event.type == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if event.key == pygame.K_ESCAPE:
                self._stop_typing()
                self.say("")
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                text = self.typing or ""
                self._stop_typing()
                self.apply_fen(text)
            elif event.key == pygame.K_BACKSPACE:
                self.typing = (self.typing or "")[:-1]
            elif event.key == pygame.K_v and ctrl:
                self._type((clipboard_get() or "").strip())

    def _type(self, text: str) -> None:
        # a FEN of every square is under 120 characters: a huge paste is cut, not kept whole
        self.typing = ((self.typing or "") + text)[:MAX_FEN]

    # -- starting play -------------------------------------------------------------

    def checked_game(self) -> Game | None:
        position = self.position
        problem = setup_problem(position)
        if problem:
            self.say(problem, error=True)
            return None
        return Game(position, settings_of(self.app).get("draw_rule", "official"))

    def play_vs_computer(self) -> bool:
        game = self.checked_game()
        if game is None:
            return False
        human = {RED_NAME: BLACK, WHITE_NAME: WHITE}.get(self.you.value, game.turn)
        level = level_named(settings_of(self.app).get("level", "Medium")) or level_named("Medium")
        self._ask_who_plays(game, players_for("1p", human, level))
        return True

    def _ask_who_plays(self, game: Game, players: Players) -> None:
        """Who plays from this position, ``players`` preselected; then the game starts."""
        self.app.push("who_plays", players=players, turn=game.turn, ask_mode=False,  # chosen with the button
                      on_start=lambda chosen, **choice: start_play(self.app, game, chosen, **choice))

    def play_with_friend(self) -> bool:
        game = self.checked_game()
        if game is None:
            return False
        self._ask_who_plays(game, players_for("2p"))
        return True

    def wants_redraw(self) -> bool:
        return self.live.on  # else the picture changes only with events

    # -- live analysis -------------------------------------------------------------

    def playable(self) -> Position | None:
        """The position on the board if it could start a game, else None."""
        position = self.position
        return position if setup_problem(position) is None else None

    def toggle_live(self) -> None:
        on = self.live.toggle(None)
        self.live_button.checked = on  # a toggle shows its state by its look, its words stay
        if on:
            self.say("")  # the line under the board is the analysis's now
            self._follow()

    def _follow(self) -> None:
        position = self.playable()
        if position is None:
            self.live.live.stop()  # nothing to analyse until the position can be played
        else:
            self.live.follow(position)

    def update(self, dt: float) -> None:
        self.message_age += dt
        if self.live.on:
            self._follow()
            self.live.poll()

    def leave(self) -> None:
        self.live.close()

    def live_words(self) -> str:
        """The live line for the status: what the engine sees, or why it sees nothing."""
        if self.playable() is None:
            return f"Live analysis waits for a playable position: {setup_problem(self.position)}"
        return self.live.words()

    def back(self) -> None:
        """Leave; a position set up here (other than the one the screen opened with) is not kept,
        so the player is asked first."""
        if self.position != self.start:
            self.app.push("confirm", title="Leave Set up?",
                          message="The position you set up here is not kept.", confirm="Leave",
                          cancel_label="Stay", on_confirm=self._leave)
            return
        self._leave()

    def _leave(self) -> None:
        if len(self.app.stack) > 1:
            self.app.pop()
        else:
            self.app.switch("menu")

    # -- events --------------------------------------------------------------------

    def handle_event(self, event: Any) -> None:
        if self.typing is not None:
            if event.type in (pygame.TEXTINPUT, pygame.KEYDOWN):
                self._typing_event(event)
                return
        if event.type == pygame.KEYDOWN:
            if self._key(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            square = self.layout.board.square_at_pixel(event.pos)
            if square is not None:
                self.cursor = None
                if event.button == 1:
                    self.click_square(square)
                else:
                    self.cycle_square(square)
                return
        self.focus.handle_event(event)

    def _key(self, event: Any) -> bool:
        k = event.key
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if k == pygame.K_ESCAPE:
            self.back()
        elif ctrl and k == pygame.K_c:
            self.copy_fen()
        elif ctrl and k == pygame.K_v:
            self.paste_fen()
        elif ctrl and k == pygame.K_t:
            self.start_typing()
        elif k in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5):
            self.pick(k - pygame.K_1)
        elif k == pygame.K_t:
            self.set_turn(1 - self.turn)
        elif k == pygame.K_a:
            self.toggle_live()
        elif k == pygame.K_DELETE and self.cursor is not None:
            square = self._cursor_square()
            if square is not None:
                self.place(square, None)
        elif self.cursor is not None and k in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            r, c = self.cursor
            dr, dc = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1),
                      pygame.K_RIGHT: (0, 1)}[k]
            self.cursor = (min(7, max(0, r + dr)), min(7, max(0, c + dc)))
        elif self.cursor is not None and k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            square = self._cursor_square()
            if square is not None:
                self.click_square(square)
        elif k == pygame.K_b and self.cursor is None:
            self.cursor = (7, 0)  # B: put the keyboard cursor on the board
            self.focus.clear()  # one thing looks selected: the cursor, not a button too
        elif k == pygame.K_TAB and self.cursor is not None:
            self.cursor = None  # Tab takes the keyboard back to the panel
            self.focus.handle_event(event)
        else:
            return False
        return True

    def _cursor_square(self) -> int | None:
        board = self.layout.board
        assert self.cursor is not None
        return board.square_at_pixel(board.cell_rect(*self.cursor).center)

    # -- layout and drawing --------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout = PlayLayout(size, self.flipped, stack=True)  # a portrait window: the panel under the board
        panel = self.layout.panel
        pad = max(6, min(16, panel.width // 24))
        x, w = panel.x + pad, panel.width - 2 * pad
        # a wide, low panel (under the board) has two columns: the title, tools and choosers on the
        # left, the buttons on the right
        wide = panel.width >= 1.5 * panel.height
        gap0 = max(3, pad // 2)
        left_w = (w - 2 * gap0) // 2 if wide else w
        self.title_size = theme.fit_text(TITLE, max(22, min(64, panel.height // (8 if wide else 16))), left_w,
                                         bold=True)
        title_h = theme.font(self.title_size, True).get_height()
        self.title_rect = pygame.Rect(x, panel.y + pad, left_w, title_h)
        # rows: tools (1.4 high), the tool's name, 2 choosers, 3 rows of paired buttons, 3 wide buttons
        room = panel.bottom - pad - self.title_rect.bottom - pad
        if wide:
            bh = int(max(22, min(84, (panel.height - 2 * pad) / (6 + 5 * 0.25))))
        else:
            bh = int(max(22, min(84, panel.height // 15, room / (1.4 + 0.7 + 8 + 10 * 0.25))))
        gap = max(3, bh // 4)
        icon = min(int(bh * 1.4), (left_w - 4 * gap) // 5)
        if wide:  # the tools, their caption and the choosers share what the title leaves
            icon = min(icon, int((room - 2 * bh - 3 * gap) / 1.6))
        y = self.title_rect.bottom + pad
        tx = x + (left_w - (5 * icon + 4 * gap)) // 2
        for i, tool in enumerate(self.tool_buttons):
            tool.rect = pygame.Rect(tx + i * (icon + gap), y, icon, icon)

        y += icon + gap // 2
        self.caption_size = max(16, min(36, int(bh * 0.5)))
        self.caption_rect = pygame.Rect(x, y, left_w, theme.font(self.caption_size).get_height())
        y = self.caption_rect.bottom + gap
        for c in (self.side, self.you):
            c.rect = pygame.Rect(x, y, left_w, bh)
            c.split = 0.38
            y += bh + gap
        if wide:
            x, w = x + left_w + 2 * gap0, w - left_w - 2 * gap0
            y = panel.y + pad
        half = (w - gap) // 2
        for i, b in enumerate(self.actions[:6]):
            b.rect = pygame.Rect(x + (i % 2) * (half + gap), y, half, bh)
            if i % 2:
                y += bh + gap
        for b in self.actions[6:]:
            b.rect = pygame.Rect(x, y, w, bh)
            y += bh + gap
        # the paired buttons show their keys all or none, never some
        paired = [b for b in self.actions[:6] if b.hotkey]
        for b in paired:
            b.show_hotkeys = True
        shown = all(b.show_hotkey() for b in paired)
        for b in paired:
            b.show_hotkeys = shown

    def caption(self) -> str:
        return f"{TOOLS[self.tool][0]} · right-click cycles"

    def status(self) -> tuple[str, Colour]:
        """(text, colour) of the line under the board."""
        if self.typing is not None:
            return f"FEN: {self.typing}_", theme.ACCENT
        if self.message and not (self.live.on and self.message_age >= MESSAGE_SECONDS):
            return self.message, (theme.DANGER if self.message_is_error else theme.ACCENT)
        if self.live.on:
            return self.live_words(), theme.TEXT
        black = sum(1 for p in self.pieces.values() if p[0] == BLACK)
        white = len(self.pieces) - black
        text = f"{theme.side_name(self.turn)} to move · {RED_NAME} {black}, {WHITE_NAME} {white}"
        with_fen = f"{text} · {self.fen()}"
        # the FEN only when it fits whole (Copy FEN always has it)
        if theme.font(self._status_size()).size(with_fen)[0] <= self.layout.status.width - 8:
            text = with_fen
        return text, theme.TEXT

    def _status_size(self) -> int:
        return max(16, int(self.layout.status.height * 0.6))

    def layout_boxes(self) -> list[Box]:
        from ..layout_check import Box

        layout = self.layout
        text, _ = self.status()
        size = self._status_size()
        bar = [Box("bar", label_room(bar_rect(layout)))] if self.live.on else []
        return [*bar, Box("board", layout.frame), Box("panel", layout.panel),
                Box("status", layout.status, theme.elide(text, size, layout.status.width - 8), size),
                Box("title", self.title_rect, TITLE, self.title_size, bold=True, parent="panel"),
                Box("caption", self.caption_rect, theme.elide(self.caption(), self.caption_size,
                                                              self.caption_rect.width), self.caption_size,
                    parent="panel"),
                *[b._replace(parent=b.parent or "panel") for b in self.focus.text_boxes("widget")]]

    def picture(self) -> BoardPicture:
        pic = BoardPicture(self.pieces)
        pic.numbers = self.numbers
        return pic

    def draw(self, surface: pygame.Surface) -> None:
        theme.gradient_background(surface)
        layout = self.layout
        self.renderer.draw(surface, layout, self.picture())
        if self.live.on:
            self.live.draw_bar(surface, bar_rect(layout), layout.board.flipped)
            position = self.playable()
            if position is not None:
                self.live.draw_arrows(surface, layout.board, position)
        if self.cursor is not None:
            rect = layout.board.cell_rect(*self.cursor)
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(-2, -2), max(2, rect.width // 18))
        panel = layout.panel
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=10)
        pygame.draw.rect(surface, theme.PANEL_EDGE, panel, 1, border_radius=10)
        theme.blit_text(surface, TITLE, self.title_size, theme.TEXT, self.title_rect.topleft, bold=True)
        self.focus.draw(surface)
        caption = theme.elide(self.caption(), self.caption_size, self.caption_rect.width)
        theme.blit_text(surface, caption, self.caption_size, theme.TEXT_DIM, self.caption_rect.center, "center")
        st = layout.status
        text, colour = self.status()
        size = self._status_size()
        text = theme.elide(text, size, st.width - 8)
        # the live line's moves in their arrows' colours (the words are the arrows' legend)
        position = self.playable() if self.live.on and text == self.live_words() else None
        spans = marked_spans(text, colour, self.live.line_marks(position) if position is not None else ())
        width = spans_width(spans, size)
        draw_spans(surface, spans, size, (st.centerx - width // 2, st.centery - theme.font(size).get_height() // 2))


add_menu_item("setup", "Set up position", lambda app: app.push("setup"), order=60)
