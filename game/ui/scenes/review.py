"""Review: step through any game (the current one, a loaded one, a finished one).

params: ``game`` (a rules.Game), optional ``tags`` (PDN tags: players,
event, date), ``error`` (why a loaded game stops early), ``ply`` (where to
start; default the end), ``players`` (who played: continuing against the
computer keeps its level), ``back`` ("pop" to return to the scene below,
else the menu).

Left/Right step one move, Home/End jump to the start/end, Page Up/Down
ten moves; the slider under the board jumps anywhere (click or drag).
"Continue from here" plays on from the shown position against the computer
or with a friend: the moves up to there are kept, so repetition still counts.
"""

import pygame

from ...controller import DEFAULT_LEVEL, Match, MatchError, players_for
from ...rules import BLACK, WHITE
from .. import theme
from ..board_view import BoardPicture, BoardRenderer, pieces_of
from ..geometry import PlayLayout
from ..scene import Scene, register
from ..store_hooks import flipped_for, level_named, settings_of
from ..widgets import Button, FocusGroup, Widget
from ..words import outcome_words, to_move


class Slider(Widget):
    """A horizontal track from 0 to ``maximum``; click or drag to choose a value."""

    def __init__(self, maximum, value=0, on_change=None):
        super().__init__()
        self.maximum = max(0, maximum)
        self.value = value
        self.on_change = on_change
        self.dragging = False

    def value_at(self, x):
        if self.maximum == 0 or self.rect.width <= 0:
            return 0
        t = (x - self.rect.x) / self.rect.width
        return max(0, min(self.maximum, round(t * self.maximum)))

    def x_of(self, value):
        if self.maximum == 0:
            return self.rect.x
        return self.rect.x + round(self.rect.width * value / self.maximum)

    def _set(self, value):
        if value != self.value:
            self.value = value
            if self.on_change:
                self.on_change(value)

    def step(self, delta):
        self._set(max(0, min(self.maximum, self.value + delta)))
        return True

    def handle_event(self, event):
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.rect.inflate(16, 24).collidepoint(event.pos):
            self.dragging = True
            self._set(self.value_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.inflate(16, 24).collidepoint(event.pos)
            if self.dragging:
                self._set(self.value_at(event.pos[0]))
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surface, focused=False):
        r = self.rect
        track = pygame.Rect(r.x, r.centery - 3, r.width, 6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=3)
        done = pygame.Rect(r.x, track.y, self.x_of(self.value) - r.x, 6)
        pygame.draw.rect(surface, theme.ACCENT_DARK, done, border_radius=3)
        knob = (self.x_of(self.value), r.centery)
        pygame.draw.circle(surface, theme.ACCENT if (focused or self.hovered or self.dragging) else theme.TEXT_DIM,
                           knob, max(7, r.height // 2))
        if focused:
            pygame.draw.circle(surface, theme.FOCUS, knob, max(7, r.height // 2) + 3, 2)


@register("review")
class ReviewScene(Scene):
    def enter(self):
        p = self.params
        self.game = p["game"]
        self.tags = dict(p.get("tags") or {})
        self.error = p.get("error")
        self.ply = max(0, min(self.total, p.get("ply", self.total)))
        self.version = 0  # grows by one each time the position shown changes
        settings = settings_of(self.app)
        self.numbers = bool(settings.get("square_numbers", False))
        self.flipped = p.get("flipped", flipped_for(self.app, p.get("players") or {}))
        self.renderer = BoardRenderer(self.app.assets)
        self.message = ""
        self.slider = Slider(self.total, self.ply, on_change=self.go)
        self.vs_computer = Button("Continue vs computer", self.continue_vs_computer, primary=True)
        self.vs_friend = Button("Continue with a friend", self.continue_with_friend)
        self.flip_button = Button("Flip board", self.flip, hotkey="F")
        self.back_button = Button("Back", self.back, hotkey="Esc")
        self.focus = FocusGroup([self.slider, self.vs_computer, self.vs_friend, self.flip_button, self.back_button])
        self.resize(self.size)

    @property
    def total(self):
        return len(self.game.moves)

    @property
    def position(self):
        return self.game.positions[self.ply]

    # -- stepping ------------------------------------------------------------------

    def go(self, ply):
        ply = max(0, min(self.total, ply))
        if ply != self.ply:
            self.version += 1  # whoever follows the position shown (an analysis) sees it change
        self.ply = ply
        self.slider.value = self.ply
        self.message = ""

    def step(self, delta):
        self.go(self.ply + delta)

    def flip(self):
        self.flipped = not self.flipped
        self.resize(self.size)

    # -- continuing ----------------------------------------------------------------

    def _continue(self, players):
        """Play on from the position shown with ``players``; the moves before it are kept."""
        try:
            match = Match.continue_from(self.game, self.ply, players, engine=lambda: self.app.engine)
        except MatchError as e:
            text = str(e)
            self.message = text[:1].upper() + text[1:]  # "The game is over here: ..."
            return
        self.app.switch("play", match=match, flipped=flipped_for(self.app, players))

    def computer_level(self):
        """The level to play on against: the reviewed game's computer, else the one last chosen."""
        for level in (self.params.get("players") or {}).values():
            if level is not None:
                return level
        return level_named(settings_of(self.app).get("level"), DEFAULT_LEVEL)

    def continue_vs_computer(self):
        # the side to move here is yours
        self._continue(players_for("1p", self.position.turn, self.computer_level()))

    def continue_with_friend(self):
        self._continue(players_for("2p"))

    def wants_redraw(self):
        return False  # the picture changes only with events

    def back(self):
        if self.params.get("back") == "pop" and len(self.app.stack) > 1:
            self.app.pop()
        else:
            self.app.switch("menu")

    # -- events --------------------------------------------------------------------

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_ESCAPE:
                self.back()
                return
            if k == pygame.K_LEFT:
                self.step(-1)
                return
            if k == pygame.K_RIGHT:
                self.step(1)
                return
            if k == pygame.K_HOME:
                self.go(0)
                return
            if k == pygame.K_END:
                self.go(self.total)
                return
            if k == pygame.K_PAGEUP:
                self.step(-10)
                return
            if k == pygame.K_PAGEDOWN:
                self.step(10)
                return
            if k == pygame.K_f:
                self.flip()
                return
            if k == pygame.K_n:
                self.numbers = not self.numbers
                return
        if event.type == pygame.MOUSEWHEEL:
            self.step(-1 if event.y > 0 else 1)
            return
        self.focus.handle_event(event)

    # -- layout and drawing --------------------------------------------------------

    def resize(self, size):
        super().resize(size)
        self.layout = PlayLayout(size, getattr(self, "flipped", True))
        if not hasattr(self, "focus"):
            return
        panel = self.layout.panel
        bh = max(38, min(50, size[1] // 16))
        gap = bh // 4
        x, w = panel.x + 12, panel.width - 24
        y = panel.bottom - 12 - bh
        for b in (self.back_button, self.flip_button, self.vs_friend, self.vs_computer):
            b.rect = pygame.Rect(x, y, w, bh)
            y -= bh + gap
        self.buttons_top = y + bh
        st = self.layout.status
        self.slider.rect = pygame.Rect(self.layout.frame.x + 20, st.bottom + 4,
                                       self.layout.frame.width - 40, 18)
        if self.slider.rect.bottom > size[1] - 2:
            self.slider.rect.y = size[1] - 22

    def move_words(self, ply):
        """"12. 9x18" / "12... 22-17" for the move leading to position ``ply``."""
        start_turn = self.game.start.turn
        n = ply - 1 + (1 if start_turn == WHITE else 0)
        label = f"{n // 2 + 1}{'.' if n % 2 == 0 else '...'}"
        return f"{label} {self.game.moves[ply - 1]}"

    def picture(self):
        pic = BoardPicture(pieces_of(self.position))
        if self.ply > 0:
            pic.last_move = self.game.moves[self.ply - 1].path
        pic.numbers = self.numbers
        return pic

    def status_text(self):
        if self.message:
            return self.message, theme.ACCENT
        if self.ply == 0:
            head = "Start position"
        else:
            head = f"Move {self.ply} of {self.total}: {self.move_words(self.ply)}"
        pos_game = self.ply == self.total and self.game.outcome
        tail = outcome_words(self.game.outcome) if pos_game else to_move(self.position.turn)
        return f"{head} — {tail}", theme.TEXT

    def draw(self, surface):
        theme.gradient_background(surface)
        layout = self.layout
        self.renderer.draw(surface, layout, self.picture())
        text, colour = self.status_text()
        st = layout.status
        theme.blit_text(surface, text, theme.fit_text(text, int(st.height * 0.6), st.width - 8), colour,
                        st.center, "center")
        self._draw_panel(surface)
        self.focus.draw(surface)

    def _draw_panel(self, surface):
        panel = self.layout.panel
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=10)
        pygame.draw.rect(surface, theme.PANEL_EDGE, panel, 1, border_radius=10)
        x, y, w = panel.x + 14, panel.y + 12, panel.width - 28
        theme.blit_text(surface, "Review", 34, theme.TEXT, (x, y), bold=True)
        y += 40
        black = self.tags.get("Black", "?")
        white = self.tags.get("White", "?")
        for line, colour in ((f"{theme.side_name(BLACK)}: {black}", theme.TEXT_DIM),
                             (f"{theme.side_name(WHITE)}: {white}", theme.TEXT_DIM)):
            theme.blit_text(surface, line, theme.fit_text(line, 22, w), colour, (x, y))
            y += 24
        extra = " · ".join(v for v in (self.tags.get("Event"), self.tags.get("Date")) if v and "?" not in v)
        if extra:
            theme.blit_text(surface, extra, theme.fit_text(extra, 20, w), theme.TEXT_FAINT, (x, y))
            y += 22
        result = self.game.outcome.result() if self.game.outcome else self.tags.get("Result", "*")
        theme.blit_text(surface, f"Result: {result}", 22, theme.TEXT_DIM, (x, y))
        y += 26
        if self.error:
            for line in theme.wrap(f"This record stops early: {self.error}", 18, w)[:4]:
                theme.blit_text(surface, line, 18, theme.DANGER, (x, y))
                y += 19
        y += 6
        # the moves around the one shown
        line_h = 22
        room = max(0, (self.buttons_top - 12 - y) // line_h)
        if room and self.total:
            first = max(1, min(self.ply - room // 2, self.total - room + 1))
            for ply in range(first, min(self.total, first + room - 1) + 1):
                current = ply == self.ply
                colour = theme.ACCENT if current else theme.TEXT_DIM
                theme.blit_text(surface, self.move_words(ply), 20, colour, (x + 8, y), bold=current)
                y += line_h
        theme.blit_text(surface, "Left/Right · Home/End · F flip", 17, theme.TEXT_FAINT,
                        (panel.centerx, self.buttons_top - 8), "midbottom")

