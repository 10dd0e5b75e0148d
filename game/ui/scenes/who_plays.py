"""Who plays each side, and to what clock, when a game goes on from a position (the library, review,
set-up).

``app.push("who_plays", on_start=fn, players=..., turn=..., subtitle=..., ask_mode=True, tags=...)``:
the same choices, in the same words, as the new-game screens (1 Player with your side -- Red, White or
Random -- and the difficulty, 2 Players, Computer vs Computer with a level each) and a clock, preselected
from ``players`` (what the caller suggests) or else from the last choice kept in the settings.  A caller
that has chosen the mode already ("Continue vs computer") passes ``ask_mode=False``: the mode is not
asked again, the title says it.  A record with a ``[TimeControl]`` tag (``tags``) offers its own clocks
("As played"), as they stood, first; Off or a preset starts both clocks afresh from here.

Play calls ``on_start(players, **choice)`` with ``{BLACK: Level | None, WHITE: ...}`` and the clock
chosen here, ``time_control`` (a ``TimeControl``, or None for no clocks; absent for "As played" or for
Off when the record had no clock), and remembers the choice; Back (Esc) returns to where the player was.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from ...controller import mode_of
from ...controller.clock import PRESETS, ClockError, parse_pdn_time_control
from ...engine.levels import LEVELS
from ...rules import BLACK, WHITE
from .. import theme
from ..page import ChoicePage
from ..scene import register
from ..store_hooks import level_named, remember_choice, settings_of
from ..widgets import Button, Chooser, FocusGroup, Widget

if TYPE_CHECKING:
    from ...controller.clock import TimeControl
    from ...engine.levels import Level
    from ..layout_check import Box

MODES = (("1p", "1 Player"), ("2p", "2 Players"), ("watch", "Computer vs Computer"))
TITLE = "Who plays?"
# the title when the mode was chosen before this screen (review's and set-up's buttons)
MODE_TITLES = {"1p": "1 Player", "2p": "2 Players", "watch": "Computer vs Computer"}
FOOTER = "Up/Down or Tab move · Left/Right change · Enter plays · Esc goes back"
SLOTS = 4  # the mode, at most two more rows and the clock: the buttons never move when the mode changes
RANDOM = "Random"
SIDES = (*theme.SIDE_NAMES, RANDOM)
CLOCK_OFF = "Off"
AS_PLAYED = "As played"


def _level_or(text: Any, default: str) -> Level:
    """The Level spelt ``text`` in the settings, else ``default``'s."""
    level = level_named(text, default)

    assert level is not None  # (a default's Level is always read)
    return level


@register("who_plays")
class WhoPlaysScene(ChoicePage):
    title = TITLE
    footer = FOOTER

    def enter(self) -> None:
        p = self.params
        self.subtitle = p.get("subtitle") or "Choose who plays each side from here"
        mode, human, levels = self._preselected(p.get("players"), p.get("turn", BLACK))
        self.ask_mode = bool(p.get("ask_mode", True)) or not p.get("players")
        if not self.ask_mode:
            self.title = MODE_TITLES[mode]
        names = [lv.name for lv in LEVELS]
        for level in levels.values():  # a custom level chosen last time stays on offer
            if level.name not in names:
                names.append(level.name)
        self.level_names = names
        shown = [s for _, s in MODES]
        self.mode = Chooser("Players", shown, index=[m for m, _ in MODES].index(mode), on_change=self._changed)
        self.side = Chooser("Your side", list(SIDES), index=SIDES.index(RANDOM) if human is None else human)
        computer = levels[WHITE if human is None else 1 - human]
        self.level = Chooser("Difficulty", names, index=names.index(computer.name))
        self.black_level = Chooser(theme.side_name(BLACK), names, index=names.index(levels[BLACK].name))
        self.white_level = Chooser(theme.side_name(WHITE), names, index=names.index(levels[WHITE].name))
        self.clock = self._clock_row(p.get("tags"))
        rows = [self.mode, self.side, self.level, self.black_level, self.white_level, self.clock]
        for row, name in zip(rows, ("mode", "side", "level", "black_level", "white_level", "clock")):
            row.name = f"row:{name}"
            row.split = 0.42
        self.rows = [*rows]
        self.mode.visible = self.ask_mode
        self.play_button = Button("Play", self.play, primary=True)
        self.back_button = Button("Back", self.back)
        self.play_button.name, self.back_button.name = "play", "back"
        widgets: list[Widget] = [*self.rows, self.play_button, self.back_button]
        self.focus = FocusGroup(widgets)
        self._changed()

    def _clock_row(self, tags: Mapping[str, str] | None) -> Chooser:
        """Off and the presets; first "As played (3 min + 2 s)" when the record was played to a clock."""
        choices = [CLOCK_OFF] + [tc.words for tc in PRESETS]
        self.recorded: TimeControl | None = None
        try:
            self.recorded = parse_pdn_time_control((tags or {}).get("TimeControl"))
        except ClockError:
            self.recorded = None  # a tag that cannot be read: the game goes on without it, as before
        if self.recorded is not None:
            choices.insert(0, f"{AS_PLAYED} ({self.recorded.words})")
        return Chooser("Clock", choices, index=0)

    def _preselected(self, players: Mapping[int, Level | None] | None,
                     turn: int) -> tuple[str, int | None, dict[int, Level]]:
        """(mode, the person's side in 1 Player -- None for Random --, {colour: Level}) to show first: the
        caller's suggestion, else the last choice in the settings."""
        settings = settings_of(self.app)
        last = _level_or(settings.get("level"), "Medium")
        levels = {BLACK: _level_or(settings.get("black_level"), "Medium"),
                  WHITE: _level_or(settings.get("white_level"), "Hard")}
        human: int | None
        if players:
            mode = mode_of(players)
            human = next((c for c in (BLACK, WHITE) if players.get(c) is None), turn)
            for colour in (BLACK, WHITE):
                level = players.get(colour)
                if level is not None:
                    levels[colour] = level
            if mode == "1p":
                levels[human] = levels[1 - human]  # the difficulty row reads the computer's side
            return mode, human, levels
        mode = str(settings.get("mode", "1p"))
        mode = mode if mode in dict(MODES) else "1p"
        side = settings.get("side", "black")
        human = {"black": BLACK, "white": WHITE}.get(side)  # None: Random, as chosen last
        if mode == "1p":
            levels[WHITE if human is None else 1 - human] = last
        return mode, human, levels

    def _changed(self, _value: object = None) -> None:
        mode = self.chosen_mode()
        self.side.visible = self.level.visible = mode == "1p"
        self.black_level.visible = self.white_level.visible = mode == "watch"
        self.resize(self.size)

    def chosen_mode(self) -> str:
        return MODES[self.mode.index][0]

    def chosen_players(self) -> dict[int, Level | None]:
        """``{BLACK: Level | None, WHITE: ...}`` as the rows say (Random: a side drawn now)."""
        mode = self.chosen_mode()
        if mode == "2p":
            return {BLACK: None, WHITE: None}
        if mode == "watch":
            return {BLACK: self._level(self.black_level), WHITE: self._level(self.white_level)}
        human = self.side.index if self.side.value != RANDOM else random.choice((BLACK, WHITE))
        return {human: None, 1 - human: self._level(self.level)}

    def chosen_clock(self) -> dict[str, TimeControl | None]:
        """The play screen's clock parameters: {} for the record's own clocks, else ``time_control``
        (None: no clocks)."""
        value: str = self.clock.value
        if value.startswith(AS_PLAYED):
            return {}
        if value == CLOCK_OFF:  # without clocks: the record's are dropped (a game without any has none)
            return {"time_control": None} if self.recorded is not None else {}
        return {"time_control": PRESETS[[tc.words for tc in PRESETS].index(value)]}

    def _level(self, chooser: Chooser) -> Level | None:
        return level_named(chooser.value, "Medium")

    def play(self) -> None:
        players = self.chosen_players()
        if self.chosen_mode() == "1p":  # Random is remembered as Random, a side as that side
            settings_of(self.app).side = "random" if self.side.value == RANDOM else ("black", "white")[self.side.index]
        remember_choice(self.app, players)  # the next question starts from this answer
        choice = self.chosen_clock()
        on_start = self.params.get("on_start")
        self.app.pop()
        if on_start is not None:
            on_start(players, **choice)

    def act(self) -> None:
        self.play()

    # -- layout ------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        margin = theme.margin(size)
        _, bh, gap = self.column(size)
        title_h, sub_h = self.fit_heading(size)
        n = SLOTS if self.ask_mode else SLOTS - 1  # no mode row when it was chosen before
        block = title_h + sub_h + gap * 2 + n * bh + (n - 1) * gap + gap * 3 + bh
        top = max(margin, (self.footer_rect.y - margin - block) // 2)
        slots = self.place_rows(size, n, self.place_heading(size, top, title_h, sub_h) + gap * 2)
        # the clock keeps the last slot, whatever the mode shows above it
        self.clock.rect = slots[-1]
        self.place_buttons(size, slots[-1].bottom + gap * 3, self.play_button, self.back_button)

    def layout_boxes(self) -> list[Box]:
        return [*self.heading_boxes(), *self.focus.text_boxes("row"), self.footer_box()]

    # -- drawing -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        theme.gradient_background(surface)
        self.draw_heading(surface)
        self.focus.draw(surface)
        self.draw_footer(surface)
