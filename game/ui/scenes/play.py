"""Playing a game: the board, the move being entered, the computer's turn, the side panel.

The rules live in ``game.rules.Game``; this scene only turns clicks into
moves (``MoveInput``), shows moves (``MoveAnimation``), asks the engine
process for the computer's moves (``ComputerTurn``, polled every frame so
the window never freezes) and draws.
"""

import pygame

from ...rules import BLACK, COLOR_NAMES, WHITE, Game
from .. import theme
from ..animation import MoveAnimation
from ..board_view import BoardPicture, BoardRenderer, pieces_of
from ..computer import ComputerTurn
from ..geometry import PlayLayout
from ..move_input import MOVED, REFUSED, MoveInput
from ..panel import SidePanel
from ..play_store import PlayExtras  # issue 6: autosave, Ctrl+S, hint (H), review (V)
from ..scene import Scene, register

MESSAGE_SECONDS = 2.5
ANIMATION_SCALE = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.8}
DRAG_THRESHOLD = 6  # pixels the mouse must travel before a press becomes a drag


@register("play")
class PlayScene(Scene):
    """params: mode ("1p", "2p", "watch"), players ({colour: Level or None for a human}),
    start (Position, optional), game (Game to resume, optional), flipped (optional)."""

    update_when_covered = True  # keep polling the engine and animating under overlays

    def enter(self):
        p = self.params
        self.mode = p.get("mode", "2p")
        self.players = dict(p.get("players") or {BLACK: None, WHITE: None})
        self.game = p.get("game") or Game(p.get("start"), p.get("draw_rule") or self.setting("draw_rule", "official"))
        humans = self.humans()
        orientation = self.setting("orientation", "auto")
        if orientation in ("black", "white"):
            bottom = BLACK if orientation == "black" else WHITE
        else:
            bottom = WHITE if (len(humans) == 1 and humans[0] == WHITE) else BLACK
        # unflipped, black's side (squares 1-4) is at the top
        self.flipped = p.get("flipped", bottom == BLACK)
        self.numbers = bool(self.setting("square_numbers", False))
        self.renderer = BoardRenderer(self.app.assets)
        self.computer = ComputerTurn(self.app)
        self.anim = None
        self.input = None
        self.message = ""
        self.message_until = 0.0
        self.clock = 0.0
        self.paused = False
        self.steps = 0
        self.drag = None  # {"square", "pos", "active", "press_pos", "was_selected"}
        self.cursor = None  # keyboard cursor (display row, col), shown once arrows are used
        self.over_shown = False
        self.panel = SidePanel(self)
        self.resize(self.size)
        self.extras = PlayExtras(self)  # issue 6
        self._begin_turn()

    def leave(self):
        self.computer.cancel()
        self.app.set_cursor(False)
        self.extras.leave()  # issue 6

    def setting(self, key, default):
        """A preference from the app's settings (issue 6 loads them from disk), or ``default``."""
        try:
            value = self.app.settings.get(key, default)
        except Exception:
            return default
        return default if value is None else value

    # -- who plays --------------------------------------------------------------

    def humans(self):
        return [c for c in (BLACK, WHITE) if self.players.get(c) is None]

    def is_human(self, colour):
        return self.players.get(colour) is None

    def human_to_move(self):
        return self.game.outcome is None and self.is_human(self.game.turn)

    def _begin_turn(self):
        """A new position is on the board: set up input for a human, or nothing for the computer."""
        self.drag = None
        self.input = MoveInput(self.game.position) if self.human_to_move() else None
        self.extras.changed()  # issue 6: autosave the game in progress

    # -- layout -----------------------------------------------------------------

    def resize(self, size):
        super().resize(size)
        self.layout = PlayLayout(size, getattr(self, "flipped", True))
        if hasattr(self, "panel"):
            self.panel.resize(self.layout.panel)

    def flip(self):
        self.flipped = not self.flipped
        self.resize(self.size)

    def toggle_numbers(self):
        self.numbers = not self.numbers
        try:
            self.app.settings["square_numbers"] = self.numbers
        except Exception:
            pass  # a preference that cannot be kept is not worth an error

    def say(self, text):
        self.message = text
        self.message_until = self.clock + MESSAGE_SECONDS

    # -- playing moves ----------------------------------------------------------

    def play_move(self, move, first_hop=0):
        """Play ``move`` on the game and show it from hop ``first_hop``."""
        before = self.game.position
        self.game.push(move)
        self.message_until = 0  # complaints were about the old position
        self.panel.scroll = 0  # show the move just played
        self.input = None
        self.drag = None
        self.anim = MoveAnimation(move, before, first_hop, ANIMATION_SCALE.get(self.setting("animation", "normal"), 1.0))
        if self.anim.done:
            self._finish_animation()

    def _finish_animation(self):
        anim, self.anim = self.anim, None
        move = anim.move
        after = self.game.position
        crowned = not anim.piece[1] and (after.piece_at(move.end) or (0, False))[1]
        self.app.play_sound("capture" if move.is_capture else "move")
        if crowned:
            self.app.play_sound("crown")
        self._begin_turn()

    def undo(self):
        if not self.game.can_undo:
            self.say("Nothing to undo")
            return
        self.computer.cancel()
        self.anim = None
        self.game.undo()
        if self.mode == "1p":
            # take back the computer's reply and your move: back to your turn
            while self.game.can_undo and not self.is_human(self.game.turn) and self.game.moves:
                self.game.undo()
        elif self.mode == "watch":
            self.paused = True
        self.over_shown = False
        self._begin_turn()

    def redo(self):
        if not self.game.can_redo:
            self.say("Nothing to redo")
            return
        self.computer.cancel()
        self.anim = None
        self.game.redo()
        if self.mode == "1p":
            while self.game.can_redo and not self.is_human(self.game.turn):
                if self.game.redo() is None:
                    break  # nothing was redone (a finished game): never loop on it
        elif self.mode == "watch":
            self.paused = True
        self._begin_turn()

    def resign(self):
        if self.game.outcome is not None:
            return
        humans = self.humans()
        loser = humans[0] if len(humans) == 1 else self.game.turn
        if not humans:
            return

        def do_resign():
            self.computer.cancel()
            self.anim = None
            self.game.resign(loser)
            self._begin_turn()

        self.app.push("confirm", title="Resign?", message=f"{COLOR_NAMES[loser]} gives up this game.",
                      confirm="Resign", on_confirm=do_resign)

    def to_menu(self):
        if self.game.outcome is not None or not self.game.moves:
            self.app.switch("menu")
            return
        # with autosave (issue 6) the game waits under "Continue"; without it, it is gone
        message = ("You can pick it up again with Continue." if self.extras is not None
                   else "The game in progress will be lost.")
        self.app.push("confirm", title="Leave this game?", message=message,
                      confirm="Leave", on_confirm=lambda: self.app.switch("menu"))

    def move_now(self):
        """M: the computer moves now; after an engine failure, it tries the engine again."""
        if self.computer.failed:
            self.computer.retry()
            self.message_until = 0
            return
        self.computer.move_now()
        if self.computer.failed:
            self._engine_failed()

    def toggle_pause(self):
        self.paused = not self.paused
        if self.paused:
            self.computer.cancel()  # resumes from the same position on Resume
            self.steps = 0

    def step_once(self):
        if self.mode == "watch":
            self.paused = True
            if not self.computer.thinking and self.anim is None:
                self.steps = 1

    def new_game_params(self):
        params = dict(self.params)
        params.pop("game", None)
        params["start"] = self.game.start
        params["flipped"] = self.flipped
        return params

    def play_again(self):
        self.app.switch("play", **self.new_game_params())

    # -- events -----------------------------------------------------------------

    def handle_event(self, event):
        if self.panel.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._cancel_selection()
        elif event.type == pygame.MOUSEMOTION and self.drag is None:
            self.app.set_cursor(self._clickable(event.pos))
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            d = self.drag
            d["pos"] = event.pos
            if not d["active"] and (abs(event.pos[0] - d["press_pos"][0]) + abs(event.pos[1] - d["press_pos"][1])
                                    > DRAG_THRESHOLD):
                d["active"] = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)

    def _key(self, event):
        if self.extras.key(event):  # issue 6: Ctrl+S, H, V
            return
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        k = event.key
        if k == pygame.K_z and ctrl:
            self.undo()
        elif k == pygame.K_y and ctrl:
            self.redo()
        elif k == pygame.K_f:
            self.flip()
        elif k == pygame.K_n:
            self.toggle_numbers()
        elif k == pygame.K_r and not ctrl:
            self.resign()
        elif k == pygame.K_m and (self.computer.thinking or self.computer.failed):
            self.move_now()
        elif k == pygame.K_SPACE and self.mode == "watch":
            self.toggle_pause()
        elif k == pygame.K_s and self.mode == "watch":
            self.step_once()
        elif k == pygame.K_ESCAPE:
            if self.input is not None and self.input.path:
                self._cancel_selection()
            elif self.game.outcome is not None and self.over_shown:
                self.app.push("game_over", outcome=self.game.outcome, players=self.players,
                              play_again=self.play_again)
            else:
                self.to_menu()
        elif k == pygame.K_BACKSPACE and self.input is not None:
            self.input.back()
        elif k in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT):
            self._move_cursor(k)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) or (k == pygame.K_SPACE and self.mode != "watch"):
            if self.cursor is not None:
                square = self.layout.board.square_at_pixel(self.layout.board.cell_rect(*self.cursor).center)
                self._click(square)

    def _move_cursor(self, key):
        if self.cursor is None:
            start = (self.input.movable() if self.input else ()) or ()
            if start:
                self.cursor = self.layout.board.display_cell(min(start))
            else:
                self.cursor = (7, 0)
            return
        r, c = self.cursor
        dr, dc = {pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0), pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1)}[key]
        self.cursor = (min(7, max(0, r + dr)), min(7, max(0, c + dc)))

    def _clickable(self, pos):
        """Is there something to do by clicking at ``pos`` on the board?"""
        if self.input is None or self.anim is not None:
            return False
        square = self.layout.board.square_at_pixel(pos)
        if square is None:
            return False
        return square in self.input.movable() or square in self.input.destinations() or (
            bool(self.input.path) and square == self.input.path[-1])

    def _cancel_selection(self):
        if self.input is not None and self.input.path:
            self.input.reset()
            self.drag = None

    def _board_busy_reason(self):
        """Why the board does not take clicks now, or None when it does."""
        if self.anim is not None:
            return ""
        if self.game.outcome is not None:
            return "The game is over"
        if self.input is None:
            return "Computer is thinking…" if self.computer.thinking else ""
        return None

    def _click(self, square, first_hop=None):
        """A click on a square: what the move being entered makes of it."""
        reason = self._board_busy_reason()
        if reason is not None:
            if reason and square is not None:
                self.say(reason)
            return None
        entered = len(self.input.path)
        result = self.input.click(square)
        if result.kind == MOVED:
            hop = max(0, entered - 1) if first_hop is None else first_hop
            self.play_move(result.move, hop)
        elif result.kind == REFUSED and result.message:
            self.say(result.message)
            self.app.play_sound("illegal")
        elif result.kind != REFUSED:
            self.message_until = 0  # a good click clears an old complaint
        return result

    def _press(self, pos):
        square = self.layout.board.square_at_pixel(pos)
        if square is None:
            if self.layout.board.rect.collidepoint(pos) or self.layout.frame.collidepoint(pos):
                self._click(None)
            return
        self.cursor = None
        if self.input is not None and self.input.path and square == self.input.path[-1] and self._board_busy_reason() is None:
            # pressing the piece in hand: a drag, or (on release without moving) a cancel
            self.drag = {"square": square, "pos": pos, "press_pos": pos, "active": False, "was_selected": True}
            return
        result = self._click(square)
        if result is not None and result.kind in ("selected", "switched"):
            self.drag = {"square": square, "pos": pos, "press_pos": pos, "active": False, "was_selected": False}

    def _release(self, pos):
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

    # -- the frame --------------------------------------------------------------

    def update(self, dt):
        self.clock += dt
        self.extras.update(dt)  # issue 6: hint answers
        if self.anim is not None:
            self.anim.update(dt)
            if self.anim.done:
                self._finish_animation()
            return
        game = self.game
        outcome = game.outcome
        if outcome is not None:
            self.computer.cancel()
            self.input = None
            # shown once, and only when nothing else (a confirm) is on top
            if not self.over_shown and self.app.stack.top is self:
                self.over_shown = True
                self.app.play_sound("game_over")
                self.app.push("game_over", outcome=outcome, players=self.players, play_again=self.play_again)
            return
        level = self.players.get(game.turn)
        if level is None:
            return
        if self.computer.failed:
            return  # no engine: wait for the player (M tries again; undo, leave)
        if self.computer.thinking:
            move = self.computer.poll()
            if self.computer.failed:
                self._engine_failed()
            elif move is not None:
                if move in game.position.legal_moves():
                    self.play_move(move)
                else:
                    self.say("The engine sent an illegal move; it will think again")
            elif self.computer.error and not self.computer.thinking:
                self.say(f"Engine problem: {self.computer.error}")
                legal = game.position.legal_moves()
                if legal:
                    self.play_move(legal[0])  # keep the game going rather than stall
            return
        if self.paused and self.steps <= 0:
            return
        if self.paused:
            self.steps -= 1
        if not self.computer.start(game, level):
            self._engine_failed()

    def _engine_failed(self):
        self.say(f"Engine problem: {self.computer.failed} — press M to try again")

    def wants_redraw(self):
        """Moving pieces, the thinking spinner, a drag, a message or a pending hint change the picture."""
        if self.anim is not None or self.computer.thinking or self.drag is not None:
            return True
        if self.message_until and self.clock < self.message_until + 0.1:
            return True
        hint = getattr(self.extras, "hint", None)
        return bool(getattr(hint, "request_id", None))

    def picture(self):
        """What the board shows now (pure: reads state, changes nothing)."""
        board = self.layout.board
        if self.anim is not None:
            a = self.anim
            pic = BoardPicture(pieces_of(a.before))
            pic.pieces.pop(a.move.start, None)
            for s in a.vanished():
                pic.pieces.pop(s, None)
            pic.floating.append((a.piece[0], a.piece[1], a.position_px(board), 1.0))
        else:
            pic = BoardPicture(pieces_of(self.game.position))
        if self.game.moves:
            pic.last_move = self.game.moves[-1].path
        pic.numbers = self.numbers
        inp = self.input
        if inp is not None and self.anim is None:
            if self.setting("show_movable", True):
                pic.movable = inp.movable()
            if inp.path:
                piece = pic.pieces.pop(inp.path[0])
                here = inp.path[-1]
                pic.pieces[here] = piece
                pic.selected = here
                pic.ghosts = set(inp.jumped())
                if self.setting("show_destinations", True) or inp.in_jump:
                    pic.destinations = inp.destinations()
                if inp.must_capture:
                    pic.goals = inp.ends() & pic.destinations
            d = self.drag
            if d is not None and d["active"] and d["square"] in pic.pieces:
                piece = pic.pieces.pop(d["square"])
                pic.floating.append((piece[0], piece[1], d["pos"], 1.08))
        return pic

    def status_text(self):
        """The status line, in the seed's words: "Last move: 11-15 — White to move"."""
        game = self.game
        if self.message and self.clock < self.message_until:
            return self.message, theme.ACCENT
        outcome = game.outcome
        last = f"Last move: {game.moves[-1]} — " if game.moves else ""
        if outcome is not None:
            return f"{last}{outcome}", theme.TEXT
        if self.mode == "watch" and self.paused:
            return f"{last}Paused — Space to resume, S to step", theme.TEXT
        if not self.is_human(game.turn):
            if self.computer.failed:
                return f"{last}Engine problem — press M to try again", theme.TEXT
            return f"{last}Computer is thinking…", theme.TEXT
        return f"{last}{COLOR_NAMES[game.turn]} to move", theme.TEXT

    def _background(self, surface):
        """Window background, board frame and squares, panel card: one opaque surface, cached.

        A frame then costs one plain copy plus the pieces and the text that
        changes, which keeps frames short while the engine process takes a core.
        """
        key = (self.size, self.flipped, self.numbers)
        cached = getattr(self, "_bg", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        bg = pygame.Surface(self.size)
        theme.gradient_background(bg)
        self.renderer.draw_static(bg, self.layout, self.numbers)
        self.panel.draw_chrome(bg)
        if pygame.display.get_surface() is not None:
            bg = bg.convert()
        self._bg = (key, bg)  # a cache of pixels, not game state
        return bg

    def draw(self, surface):
        layout = self.layout
        surface.blit(self._background(surface), (0, 0))
        self.renderer.draw(surface, layout, self.picture(), static=False)
        self.extras.draw(surface)  # issue 6: the hint arrow
        if self.cursor is not None:
            rect = layout.board.cell_rect(*self.cursor)
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(-2, -2), max(2, rect.width // 18))
        text, colour = self.status_text()
        st = layout.status
        size = theme.fit_text(text, int(st.height * 0.62), st.width - 8)
        theme.blit_text(surface, text, size, colour, st.center, "center")
        self.panel.draw(surface, chrome=False)
