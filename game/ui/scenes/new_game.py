"""Choosing a game: difficulty and side (1 player), nothing (2 players), two levels (watch)."""

import random

import pygame

from ...rules import BLACK, WHITE
from .. import theme
from ..geometry import centered_column
from ..scene import Scene, register
from ..widgets import Button, Chooser, FocusGroup

CUSTOM_DEPTH = "Custom depth"
CUSTOM_TIME = "Custom time"
SECONDS = (0.5, 1, 2, 3, 5, 10, 20, 30, 60)
TITLES = {"1p": "1 Player", "2p": "2 Players", "watch": "Computer vs Computer"}
SUBTITLES = {"1p": "Play against the computer",
             "2p": "Two players take turns at the same board",
             "watch": "Watch two computer players; pause and step through the game"}


def level_names():
    from ...engine.levels import LEVELS

    return [lv.name for lv in LEVELS]


@register("new_game")
class NewGameScene(Scene):
    overlay = False

    def enter(self):
        from ...engine.levels import LEVELS

        self.mode = self.params.get("mode", "1p")
        self.levels = {lv.name: lv for lv in LEVELS}
        names = level_names()
        try:
            remembered = dict(self.app.settings.get("new_game", {}) or {})
        except Exception:
            remembered = {}
        self.rows = []
        if self.mode == "1p":
            self.difficulty = Chooser("Difficulty", names + [CUSTOM_DEPTH, CUSTOM_TIME],
                                      index=names.index(remembered.get("level", "Medium"))
                                      if remembered.get("level", "Medium") in names else 2,
                                      on_change=lambda v: self._refresh())
            self.depth = Chooser("Depth (plies)", list(range(1, 13)), index=5)
            self.seconds = Chooser("Seconds per move", [f"{s:g}" for s in SECONDS], index=2)
            self.side = Chooser("Your side", ["Black", "White", "Random"],
                                index=["Black", "White", "Random"].index(remembered.get("side", "Black"))
                                if remembered.get("side") in ("Black", "White", "Random") else 0)
            self.rows = [self.difficulty, self.depth, self.seconds, self.side]
        elif self.mode == "watch":
            self.black_level = Chooser("Black", names, index=names.index("Medium"))
            self.white_level = Chooser("White", names, index=names.index("Hard"))
            self.rows = [self.black_level, self.white_level]
        self.start_button = Button("Start game", self.start_game, primary=True)
        self.back_button = Button("Back", self.back)
        self.focus = FocusGroup(self.rows + [self.start_button, self.back_button])
        self._refresh()

    def _refresh(self):
        if self.mode == "1p":
            self.depth.visible = self.difficulty.value == CUSTOM_DEPTH
            self.seconds.visible = self.difficulty.value == CUSTOM_TIME
        self.resize(self.size)

    def chosen_level(self):
        from ...engine.levels import custom_depth, custom_time

        v = self.difficulty.value
        if v == CUSTOM_DEPTH:
            return custom_depth(self.depth.value)
        if v == CUSTOM_TIME:
            return custom_time(float(self.seconds.value))
        return self.levels[v]

    def description(self):
        if self.mode == "1p":
            v = self.difficulty.value
            if v == CUSTOM_DEPTH:
                return f"Full strength, searching exactly {self.depth.value} plies ahead."
            if v == CUSTOM_TIME:
                return f"Full strength, thinking {self.seconds.value} s a move."
            return self.levels[v].description
        if self.mode == "watch":
            return "Space pauses and resumes; S plays one move while paused."
        return "Undo, redo and flip the board from the side panel."

    def start_game(self):
        if self.mode == "1p":
            side = self.side.value
            human = {"Black": BLACK, "White": WHITE}.get(side, random.choice((BLACK, WHITE)))
            level = self.chosen_level()
            players = {human: None, 1 - human: level}
            try:
                self.app.settings["new_game"] = {"level": self.difficulty.value if self.difficulty.value in self.levels
                                                 else "Medium", "side": side}
            except Exception:
                pass  # remembering the choice is a nicety
        elif self.mode == "watch":
            players = {BLACK: self.levels[self.black_level.value], WHITE: self.levels[self.white_level.value]}
        else:
            players = {BLACK: None, WHITE: None}
        self.app.switch("play", mode=self.mode, players=players)

    def back(self):
        self.app.pop()

    def resize(self, size):
        super().resize(size)
        if not hasattr(self, "focus"):
            return
        w, h = size
        bw = max(360, min(520, int(w * 0.42)))
        bh = max(44, min(56, h // 14))
        visible = [r for r in self.rows if r.visible]
        self.title_y = max(30, h // 7)
        top = self.title_y + bh * 2 + 10
        rects = centered_column(size, bw, [bh] * len(visible), bh // 4, top=top)
        for row, rect in zip(visible, rects):
            row.rect = rect
        y = (rects[-1].bottom if rects else top) + bh
        self.description_rect = pygame.Rect((w - bw) // 2, y, bw, bh)
        y += bh + bh // 2
        half = (bw - bh // 3) // 2
        self.start_button.rect = pygame.Rect((w - bw) // 2, y, half, bh)
        self.back_button.rect = pygame.Rect((w - bw) // 2 + bw - half, y, half, bh)

    def wants_redraw(self):
        return False  # changes only on events

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and isinstance(self.focus.focused, Chooser)):
            # The footer promises "Enter to start": on a choice row Enter starts the
            # game with what is shown (Space and the arrows change the choice).
            self.start_game()
            return
        self.focus.handle_event(event)

    def draw(self, surface):
        theme.gradient_background(surface)
        w, h = self.size
        theme.blit_text(surface, TITLES[self.mode], max(40, min(72, w // 16)), theme.TEXT,
                        (w // 2, self.title_y), "center", bold=True)
        theme.blit_text(surface, SUBTITLES[self.mode], 24, theme.TEXT_DIM,
                        (w // 2, self.title_y + max(40, min(72, w // 16)) // 2 + 22), "center")
        self.focus.draw(surface)
        theme.blit_wrapped(surface, self.description(), self.description_rect, 22, theme.TEXT_DIM)
        theme.blit_text(surface, "Up/Down to move · Left/Right to change · Enter to start · Esc to go back",
                        20, theme.TEXT_FAINT, (w // 2, h - 24), "center")
