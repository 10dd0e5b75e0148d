"""Playing a game: the board, the move being entered, the side panel.

The match itself -- the game, who plays each side, the computer's turn,
undo/redo/resign, pause and step -- is a ``game.controller.Match``; this
scene turns clicks and keys into its calls (``MoveInput`` makes moves of
clicks), shows moves (``MoveAnimation``) and draws.  ``update`` drives the
match once a frame; the engine is only ever polled, so the window never
freezes.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ...analysis.history import game_history
from ...controller import Match, MatchError
from ...rules import BLACK, WHITE
from .. import theme
from ..analysis_view import LiveBoard, bar_rect
from ..board_control import BoardControl
from ..board_view import BoardRenderer
from ..geometry import PlayLayout
from ..move_input import MoveInput
from ..panel import SidePanel
from ..play_back import back_words, go_back
from ..play_extras import PlayExtras
from ..scene import Scene, register
from ..store_hooks import flipped_for
from ..words import outcome_words, to_move

if TYPE_CHECKING:
    from ...controller.computer import ComputerTurn
    from ...controller.players import Players
    from ...rules import Game, Move, Position
    from ..board_view import BoardPicture
    from ..layout_check import Box
    from ..theme import Colour

# Seconds the computer's move waits at least after its turn began: against a person
# ("reply_pause"), so your own move is seen landing; between two computers ("watch_speed").
REPLY_PAUSE = {"none": 0.0, "short": 0.4, "long": 1.0}
WATCH_PACE = {"fast": 0.2, "normal": 0.8, "slow": 1.6}


@register("play")
class PlayScene(BoardControl, Scene):
    """params: players ({colour: Level or None for a person}), start (Position, optional),
    game (Game to resume, optional), draw_rule (optional), match (a Match to go on with,
    instead of players/start/game), flipped (optional), ephemeral (a game from the command
    line: not autosaved, remembers no choices), time_control (a ``controller.clock.TimeControl``:
    both sides play to a clock; None: no clocks).  The mode follows from the players.

    The clocks run only while the game is live: a dialog or review over it, the window minimised,
    a piece moving, a paused game or the computer's move already arrived (its reply pause) stop them."""

    update_when_covered = True  # keep polling the engine and animating under overlays
    if TYPE_CHECKING:
        panel: SidePanel   # (the board's panel: BoardControl's BoardPanel)

    def enter(self) -> None:
        p = self.params
        self.match: Match = p.get("match") or Match(
            p.get("players"), p.get("game"), start=p.get("start"),
            draw_rule=p.get("draw_rule") or self.setting("draw_rule", "official"),
            engine=lambda: self.app.engine, book=bool(self.setting("opening_book", True)),
            time_control=p.get("time_control"), names=p.get("names"))
        self.match.pace = self.pace()
        if self.match.clocks is not None and self.app.fixed_dt is not None:
            # a window stepped a frame at a time (tests, tools) counts its frames' time on the clocks
            self.match.use_time(lambda: self.app.frames * self.app.fixed_dt)
        self.minimised = False
        self._clock_shown: tuple[str, ...] | None = None  # the clocks' texts last drawn: a change asks for a frame
        self.flipped = p.get("flipped", flipped_for(self.app, self.players))
        self.numbers = bool(self.setting("square_numbers", True))
        self.live = LiveBoard(self.app)  # the live analysis (A), off until asked
        self.renderer = BoardRenderer(self.app.assets)
        self.anim = None
        self.input = None
        self.message = ""
        self.message_until = 0.0
        self.clock = 0.0
        self.drag = None  # {"square", "pos", "active", "press_pos", "was_selected"}
        self.cursor = None  # keyboard cursor (display row, col), shown once arrows are used
        self.over_shown = False
        self._bg: tuple[object, pygame.Surface] | None = None  # (key, surface): the cached background (see _background)
        self.panel = SidePanel(self)
        self.panel.menu.text = self.back_label()  # Back when leaving goes to the library or the review
        self.resize(self.size)
        self.extras = PlayExtras(self)
        # the match keeps itself on disk after every change, even before its animation ends; a game going
        # on from a set-up position, the library or review is kept at once, as leaving it promises
        self.extras.start()
        self._begin_turn()
        self.panel.refresh()

    def leave(self) -> None:
        self.stop_analysis()
        self.extras.leave()  # kept a last time (the clocks), then the game let go for another window
        self.match.close()
        self.app.set_cursor(False)

    def pace(self) -> float:
        """The computer's pace for this match, from the settings."""
        if self.match.mode == "watch":
            return WATCH_PACE.get(self.setting("watch_speed", "normal"), WATCH_PACE["normal"])
        return REPLY_PAUSE.get(self.setting("reply_pause", "short"), REPLY_PAUSE["short"])

    def setting(self, key: str, default: Any) -> Any:
        """A preference from the app's settings, or ``default``."""
        value = self.app.settings.get(key, default)
        return default if value is None else value

    # -- who plays (the match decides) ----------------------------------------------

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def players(self) -> Players:
        return self.match.players

    @property
    def mode(self) -> str:
        return self.match.mode

    @property
    def computer(self) -> ComputerTurn:
        return self.match.computer

    @property
    def paused(self) -> bool:
        return self.match.paused

    def humans(self) -> list[int]:
        return self.match.humans()

    def is_human(self, colour: int) -> bool:
        return self.match.is_human(colour)

    def human_to_move(self) -> bool:
        return self.match.human_to_move()

    def _begin_turn(self) -> None:
        """A new position is on the board: set up input for a person, or nothing for the computer."""
        self.drag = None
        self.input = MoveInput(self.game.position) if self.human_to_move() else None
        self._turn_board()

    def _turn_board(self) -> None:
        """Between two people with the setting on, the player to move sits at the bottom."""
        if self.mode == "2p" and self.setting("auto_flip", False) and self.game.outcome is None:
            if self.flipped != (self.game.turn == BLACK):
                self.flip()

    # -- layout -----------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout = PlayLayout(size, self.flipped, stack=True)  # a portrait window: the panel under the board
        self.panel.resize(self.layout.panel)

    def toggle_numbers(self) -> None:
        self.numbers = not self.numbers
        self.app.settings["square_numbers"] = self.numbers  # kept for the next game

    # -- live analysis (A) --------------------------------------------------------------

    @property
    def analysing(self) -> bool:
        return self.live.on

    def analysis_allowed(self) -> bool:
        """Always between people and between computers; against the computer only when the settings allow it."""
        if len(self.humans()) != 1:
            return True
        return bool(self.setting("allow_analysis", False))

    def toggle_analysis(self) -> None:
        if self.live.on:
            self.stop_analysis()
            self.say("Analysis off")
            return
        if not self.analysis_allowed():
            self.say("Analysis against the computer is off: Settings can allow it")
            return
        self.live.set(True)
        self._follow_analysis()

    def _follow_analysis(self) -> None:
        """Analyse the position on the board now (nothing to do when it is already being analysed)."""
        if self.live.on:
            self.live.follow(self.game.position, game_history(self.game))
            self.live.poll()

    def stop_analysis(self) -> None:
        """Analysis off, and its engine process ended (without waiting: leaving the screen never stalls)."""
        self.live.close()

    # -- playing moves ----------------------------------------------------------

    def play_move(self, move: Move, first_hop: int = 0) -> None:
        """Play the person's ``move`` and show it from hop ``first_hop``."""
        before = self.game.position
        try:
            move = self.match.play(move)
        except (MatchError, ValueError) as e:  # not the person's turn, or not legal: say so
            self.say(str(e))
            return
        self._show(move, before, first_hop)

    def _show(self, move: Move, before: Position, first_hop: int = 0) -> None:
        """Animate ``move`` (already played) from ``before``."""
        self.message_until = 0  # complaints were about the old position
        self.panel.scroll = 0  # show the move just played
        self.input = None
        self.drag = None
        self._animate(move, before, first_hop)

    def _landed(self) -> None:
        anim, self.anim = self.anim, None
        assert anim is not None  # (called as the piece animated lands)
        self._landing_sounds(anim, self.game.position)
        self._begin_turn()

    def undo(self) -> None:
        if not self.match.can_undo:
            # a resigned game, or one lost on time, stays over (it is in the record already)
            self.say("The game is over: it cannot be taken back" if self.match.final() else "Nothing to undo")
            return
        self.anim = None
        self.match.undo()
        self.over_shown = False
        self._begin_turn()

    def redo(self) -> None:
        if not self.match.can_redo:
            self.say("Nothing to redo")
            return
        self.anim = None
        self.match.redo()
        self._begin_turn()

    def resign(self) -> None:
        loser = self.match.resigner()
        if loser is None:
            return

        def do_resign() -> None:
            self.anim = None
            self.match.resign(loser)
            self._begin_turn()

        # the one person against the computer is "You"; between two people the side, with the name given
        side = theme.side_name(loser)
        named = self.match.names.get(loser)
        who = "You give" if self.humans() == [loser] else f"{named} ({side}) gives" if named else f"{side} gives"
        self.app.push("confirm", title="Resign?", message=f"{who} up this game: it cannot be taken back.",
                      confirm="Resign", on_confirm=do_resign)

    def to_menu(self) -> None:
        """Esc or the panel's Menu (Back) button: leave the game, after asking while it is in progress."""
        if not self.in_progress():
            self.leave_game()
            return
        self.app.push("confirm", title="Leave this game?", message=self._kept_words(),
                      confirm="Leave", on_confirm=self.leave_game)

    def leave_game(self) -> None:
        """Back where the game was started from (the library, a review: ``play_back``), else the menu."""
        go_back(self.app, self.params.get("back") or ())

    def hint(self) -> None:
        """H or the Hint button: the engine suggests a move, drawn as an arrow."""
        self.extras.ask_hint()

    def save(self) -> Path | None:
        """Ctrl+S or the Save button: the game as PDN in the games folder (the status line says where)."""
        return self.extras.save()

    def review(self) -> None:
        """V or the Review button: the game so far in Review (Back returns here)."""
        self.extras.review()

    def offer_draw(self) -> None:
        """D or the Offer draw button (two people): the player to move offers, the other answers."""
        if not self.match.can_offer_draw():
            self.say("A draw can be offered between two players once the game is under way")
            return
        side, other = theme.side_name(self.game.turn), theme.side_name(1 - self.game.turn)

        def agree() -> None:
            self.anim = None
            self.match.agree_draw()
            self._begin_turn()

        self.app.push("confirm", title=f"{side} offers a draw", message=f"{other}, do you accept?",
                      confirm="Accept draw", cancel_label="Play on", on_confirm=agree)

    def move_now(self) -> None:
        """M: the computer moves now; after an engine failure, it asks the engine again."""
        retrying = self.computer.failed is not None
        self.match.move_now()
        if retrying:
            self.message_until = 0
        elif self.computer.failed:
            self._engine_failed()

    def toggle_pause(self) -> None:
        self.match.toggle_pause()  # Resume starts again from the same position

    def step_once(self) -> None:
        if self.mode == "watch" and self.anim is None:
            self.match.step()
        elif self.mode == "watch":
            self.match.pause()

    def new_game_params(self) -> dict[str, Any]:
        """The same players from the same start, as a new game; after a finished game (a rematch) they swap
        sides, and the board turns with them.  Leaving it goes back where this one would have."""
        players, flipped, names = dict(self.players), self.flipped, dict(self.match.names)
        if self.game.outcome is not None and (players[BLACK] != players[WHITE] or names):
            players = {BLACK: players[WHITE], WHITE: players[BLACK]}
            names = {1 - c: name for c, name in names.items()}
            flipped = flipped_for(self.app, players) if self.mode == "1p" else flipped
        return {"players": players, "start": self.game.start, "names": names,
                "draw_rule": self.game.draw_rule.name, "flipped": flipped,
                "ephemeral": bool(self.params.get("ephemeral")), "back": self.params.get("back") or (),
                "time_control": self.match.clocks.control if self.match.clocks is not None else None}

    def in_progress(self) -> bool:
        """A game with moves made and not over, or one the disk refused: something to lose by leaving it
        carelessly."""
        keeper = self.extras.keeper
        # a game undone to its start still has its moves to Redo (not kept: leaving loses them); a game the
        # store holds counts too
        going = bool(self.game.moves) or keeper.on_disk or self.match.can_redo
        return self.game.outcome is None and going or keeper.unsaved

    def _kept_words(self) -> str:
        if self.extras.keeper.unsaved:  # the disk refused it: leaving loses it (controller.GameKeeper)
            return self.extras.keeper.warning() or ""
        if self.params.get("ephemeral"):
            return "This game from the command line is not kept."
        if self.extras.keeper.read_only is not None:  # another window has it open (controller.GameKeeper)
            return self.extras.keeper.warning() or ""
        if not self.game.moves and not self.extras.keeper.on_disk:
            # every move taken back: nothing is kept, and Continue will not offer it
            return "Its moves were taken back, so it is not kept: Redo (Ctrl+Y) brings them back."
        if self.mode == "watch":
            # a game between two computers is not the player's to continue: kept once it ends (archived),
            # never left among the unfinished games where it would push the player's own game from Continue
            return "A game between two computers is not kept unless it ends. Ctrl+S saves it to the library."
        return "You can pick it up again with Continue."

    def back_label(self) -> str:
        """The panel's and the game-over card's way out: "Menu", or "Back" to where the game came from."""
        return "Back" if back_words(self.params.get("back") or ()) else "Menu"

    def quit_question(self) -> tuple[str, str] | None:
        return ("Quit during this game?", self._kept_words()) if self.in_progress() else None

    def play_again(self) -> None:
        """A new game with the same players; during a game, after asking."""
        if not self.in_progress():
            self.app.switch("play", **self.new_game_params())
            return
        self.app.push("confirm", title="Start a new game?", message=self._kept_words(), confirm="New game",
                      on_confirm=lambda: self.app.switch("play", **self.new_game_params()))

    # -- events -----------------------------------------------------------------

    def handle_event(self, event: Any) -> None:
        if event.type in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
            self.minimised = True  # the clocks stop while nobody can see them
        elif event.type in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWMAXIMIZED):
            self.minimised = False
        self._board_event(event)

    def space_on_board(self) -> bool:
        return self.mode != "watch"  # watching, Space pauses

    def _key(self, event: Any) -> None:
        if self.extras.key(event):  # Ctrl+S, H, V
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
        elif k == pygame.K_a and not ctrl:
            self.toggle_analysis()
        elif k == pygame.K_r and not ctrl:
            self.resign()
        elif k == pygame.K_d and not ctrl:
            self.offer_draw()
        elif k == pygame.K_m and (self.match.thinking or self.computer.failed):
            self.move_now()
        elif k == pygame.K_SPACE and self.mode == "watch":
            self.toggle_pause()
        elif k == pygame.K_s and self.mode == "watch":
            self.step_once()
        elif k == pygame.K_ESCAPE:
            if self._escape_board():
                return  # the panel's focus, or the piece in hand, was put back
            if self.game.outcome is not None and self.over_shown:
                self.show_game_over()
            else:
                self.to_menu()
        elif self._is_enter(k):
            if self.cursor is not None:
                self._click_at_cursor()
        else:
            self._board_key(k)

    def _busy_reason(self) -> str | None:
        """Why the board does not take clicks now, or None when it does."""
        if self.anim is not None:
            return ""
        if self.game.outcome is not None:
            return "The game is over"
        if self.input is None:
            return "Computer is thinking…" if self.match.thinking else ""
        return None

    # -- the frame --------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        self.extras.update(dt)  # hint answers
        self._tick_clocks()
        self._update_match(dt)
        self._follow_analysis()  # a move or an undo is analysed at once
        self.panel.refresh()
        self._background()

    def _update_match(self, dt: float) -> None:
        if self.anim is not None:
            self.anim.update(dt)
            if self.anim.done:
                self._landed()
            return
        match = self.match
        if match.over:
            match.update()  # forgets any search
            self.input = None
            # shown once, and only when nothing else (a confirm) is on top
            if not self.over_shown and self.app.stack.top is self:
                self.over_shown = True
                self.app.play_sound("game_over")
                self.show_game_over()
            return
        if self.app.stack.top is not self:
            return  # a dialog (or review) is open: the game waits, a computer's move is held until it closes
        failed_before = match.engine_problem
        before = self.game.position
        move = match.update(dt)
        if self.computer.notice:  # a damaged shipped file, reported once: the game plays on
            self.say(f"Engine: {self.computer.notice}")
            self.computer.notice = None
        if move is not None:
            self._show(move, before)
        elif match.engine_problem and not failed_before:
            self._engine_failed()

    def _tick_clocks(self) -> None:
        """The side to move's clock runs while the game is live: no dialog or review over it, the
        window not minimised, no piece moving (nobody is charged for the animation; a paused game stops
        it too: the match knows)."""
        match = self.match
        if match.clocks is None:
            return
        match.tick_clock(live=self.app.stack.top is self and not self.minimised and self.anim is None)
        shown = self.clock_texts()
        self._clock_changed = shown != self._clock_shown
        self._clock_shown = shown

    def clock_texts(self) -> tuple[str, ...] | None:
        """The two clocks as shown ("2:41", "0:09.4"), or None without clocks."""
        from ...controller.clock import format_clock

        if self.match.clocks is None:
            return None
        return tuple(format_clock(self.match.clock_left(c) or 0.0) for c in (BLACK, 1 - BLACK))  # (with clocks: a time)

    def show_game_over(self) -> None:
        """The end-of-game card: Rematch, Review, Save (when the game is kept), Menu."""
        self.app.push("game_over", outcome=self.game.outcome, players=self.players, play_again=self.play_again,
                      review=self.extras.review, save=self.extras.save, warning=self.extras.keeper.warning(),
                      leave=self.leave_game, leave_label=self.back_label(), names=dict(self.match.names))

    def _engine_failed(self) -> None:
        self.say(f"Engine problem: {self.computer.failed} — press M to try again")

    def wants_redraw(self) -> bool:
        """Moving pieces, the thinking spinner, a drag, a message or a pending hint change the picture."""
        if self.anim is not None or self.match.thinking or self.drag is not None or self.live.on:
            return True  # (the live analysis changes without events, as in review)
        if getattr(self, "_clock_changed", False):
            return True  # a clock shows another second (or tenth)
        if self.message_until and self.clock < self.message_until + 0.1:
            return True
        return self.extras.hint.thinking

    def picture(self) -> BoardPicture:
        """What the board shows now (pure: reads state, changes nothing)."""
        pic = self._pieces_picture(self.game.position)
        if self.game.moves:
            pic.last_move = self.game.moves[-1].path
        pic.numbers = self.numbers
        self._mark_input(pic, bool(self.setting("show_movable", True)), bool(self.setting("show_destinations", True)))
        return pic

    def shown_position(self) -> Position:
        """The position the board shows: before the move being animated, until its piece lands."""
        return self.anim.before if self.anim is not None else self.game.position

    def shown_ply(self) -> int:
        """How many moves the board shows (the one being animated counts once it lands)."""
        return len(self.game.moves) - (1 if self.anim is not None else 0)

    def status_text(self) -> tuple[str, Colour]:
        """The status line, in the seed's words: "Last move: 11-15 — White to move"; the words change
        when the piece lands, not when its move starts."""
        game = self.game
        if self.message and self.clock < self.message_until:
            return self.message, theme.ACCENT
        if self.live.on:
            return self.live.words(), theme.TEXT
        shown = self.shown_ply()
        turn = self.shown_position().turn
        outcome = game.outcome if self.anim is None else None
        last = f"Last move: {game.moves[shown - 1]} — " if shown else ""
        if outcome is not None:
            return f"{last}{outcome_words(outcome)}", theme.TEXT
        if self.mode == "watch" and self.paused:
            return f"{last}Paused — Space to resume, S to step", theme.TEXT
        if self.anim is not None:
            return f"{last}{to_move(turn)}", theme.TEXT
        if not self.is_human(game.turn):
            if self.computer.failed:
                return f"{last}Engine problem — press M to try again", theme.TEXT
            thinker = theme.side_name(game.turn) if self.mode == "watch" else "Computer"
            return f"{last}{thinker} is thinking…", theme.TEXT
        return f"{last}{to_move(game.turn)}", theme.TEXT

    def layout_boxes(self) -> list[Box]:
        """The board, its labels, the status line and the panel, for the layout check."""
        from ..layout_check import Box

        layout = self.layout
        board = layout.board
        boxes = [Box("frame", layout.frame), Box("board", board.rect, parent="frame")]
        for name, rect, text, size in self.renderer.label_boxes(layout, self.numbers):
            boxes.append(Box(name, rect, text, size, parent="board" if name == "square_number" else "frame"))
        text, size, _ = self.status_line()
        boxes.append(Box("status", layout.status, text, size))
        if self.live.on:
            boxes.append(Box("eval_bar", bar_rect(layout)))
        boxes += self.panel.layout_boxes()
        return boxes

    def status_line(self) -> tuple[str, int, Colour]:
        """(text, size, colour) of the status line, fitted to it (cut with an ellipsis when too long)."""
        text, colour = self.status_text()
        st = self.layout.status
        size = max(16, theme.fit_text(text, int(st.height * 0.62), st.width - 8))
        return theme.elide(text, size, st.width - 8), size, colour

    def _background_key(self) -> tuple[object, ...]:
        return (self.size, self.flipped, self.numbers, theme.FONT_SCALE)  # the text size drawn in it too

    def _paint_background(self, surface: pygame.Surface) -> None:
        theme.gradient_background(surface)
        self.renderer.draw_static(surface, self.layout, self.numbers)
        self.panel.draw_chrome(surface)

    def _background(self) -> pygame.Surface:
        """Window background, board frame and squares, panel card: one opaque surface, cached
        (made in ``update``, so ``draw`` only reads it).

        A frame then costs one plain copy plus the pieces and the text that
        changes, which keeps frames short while the engine process takes a core.
        """
        key = self._background_key()
        cached = self._bg
        if cached is not None and cached[0] == key:
            return cached[1]
        bg = pygame.Surface(self.size)
        self._paint_background(bg)
        if pygame.display.get_surface() is not None:
            bg = bg.convert()
        self._bg = (key, bg)
        return bg

    def draw(self, surface: pygame.Surface) -> None:
        layout = self.layout
        cached = self._bg
        if cached is not None and cached[0] == self._background_key():
            surface.blit(cached[1], (0, 0))
        else:  # drawn before the next update made the cache: paint it directly
            self._paint_background(surface)
        self.renderer.draw(surface, layout, self.picture(), static=False)
        self.extras.draw(surface)  # the hint arrow
        if self.live.on:
            self.live.draw_bar(surface, bar_rect(layout), black_at_bottom=self.flipped)
            if self.anim is None:
                self.live.draw_arrows(surface, layout.board, self.game.position)
        if self.cursor is not None:
            self.renderer.draw_cursor(surface, layout.board.cell_rect(*self.cursor))
        text, size, colour = self.status_line()
        theme.blit_text(surface, text, size, colour, layout.status.center, "center")
        self.panel.draw(surface, chrome=False)
