"""Choosing a game: difficulty, side and clock (1 player), the clock (2 players), two levels, a
pace and a clock (watch).

The rows keep their places whatever is chosen: the row for a custom depth
or time comes last, in a slot kept for it, so nothing jumps when it appears.
The clock's minutes and increment share a row under the clock; a preset sets
them and changing them makes a custom clock.  The whole
screen is one block centred in the window.  The clock chosen (off by default)
is remembered in the settings (``time_control``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from ...controller.clock import PRESETS, ClockError, make_time_control, parse_time_control
from ...rules import BLACK, WHITE
from ...store.gamefile import PLAYERS, YOU
from .. import theme
from ..page import ChoicePage
from ..play_names import NameField
from ..scene import register
from ..widgets import Button, Chooser, FocusGroup, Widget

if TYPE_CHECKING:
    from ...controller.clock import TimeControl
    from ...engine.levels import Level
    from ..layout_check import Box

CUSTOM_DEPTH = "Custom depth"
CUSTOM_TIME = "Custom time"
SECONDS = (0.5, 1, 2, 3, 5, 10, 20, 30, 60)
TITLES = {"1p": "1 Player", "2p": "2 Players", "watch": "Computer vs Computer"}
SUBTITLES = {"1p": "Play against the computer",
             "2p": "Two players take turns at the same board",
             "watch": "Watch two computer players; pause and step through the game"}
TWO_PLAYERS = (f"{theme.SIDE_NAMES[BLACK]} moves first. Each player moves in turn at this board; "
               "undo, redo and flip the board from the side panel (F flips, Ctrl+Z undoes).")
FOOTER = "Up/Down or Tab move · Left/Right change · Enter starts · Esc goes back"
# the settings' spelling of a side, and how it is shown
SIDE_VALUES = ("Black", "White", "Random")
SIDE_SHOWN = (theme.SIDE_NAMES[BLACK], theme.SIDE_NAMES[WHITE], "Random")
WATCH_PACES = (("fast", "Fast"), ("normal", "Normal"), ("slow", "Slow"))
CLOCK_OFF = "Off"
CUSTOM_CLOCK = "Custom"
CLOCK_CHOICES = [CLOCK_OFF] + [tc.words for tc in PRESETS] + [CUSTOM_CLOCK]
MINUTES = (1, 2, 3, 4, 5, 7, 10, 15, 20, 25, 30, 45, 60, 90, 120, 180)
INCREMENTS = (0, 1, 2, 3, 5, 10, 15, 20, 30, 60)


def level_names() -> list[str]:
    from ...engine.levels import LEVELS

    return [lv.name for lv in LEVELS]


# Under a clock a level's own seconds a move give way to what its clock allows
# (controller.computer.limit_for): the words say so.
CLOCKED_TIME = "Full strength, taking each move the time its clock allows."
CLOCKED = {"Expert": "Looks eight moves ahead plus captures, within the time its clock allows.",
           "Master": "Full strength: as deep as it gets in the time its clock allows."}


@register("new_game")
class NewGameScene(ChoicePage):
    footer = FOOTER
    _row_cap: int | None = None  # the rows' height while the screen would not fit otherwise (``resize``)

    def enter(self) -> None:
        from ...engine.levels import LEVELS

        self.mode = self.params.get("mode", "1p")
        self.title, self.subtitle = TITLES[self.mode], SUBTITLES[self.mode]
        self.levels = {lv.name: lv for lv in LEVELS}
        names = level_names()
        try:
            remembered = dict(self.app.settings.get("new_game", {}) or {})
        except Exception:
            remembered = {}
        rows: list[Chooser] = []
        if self.mode == "1p":
            level = remembered.get("level", "Medium")
            self.difficulty = Chooser("Difficulty", names + [CUSTOM_DEPTH, CUSTOM_TIME],
                                      index=names.index(level) if level in names else min(2, len(names) - 1),
                                      on_change=lambda _: self._refresh())
            self.depth = Chooser("Moves ahead", list(range(1, 13)), index=5)  # plies: either side's move counts
            self.seconds = Chooser("Seconds per move", [f"{s:g}" for s in SECONDS], index=2)
            side = remembered.get("side")
            self.side = Chooser("Your side", SIDE_SHOWN, index=SIDE_VALUES.index(side) if side in SIDE_VALUES else 0)
            self._clock_rows()
            self.your_name = NameField("Your name", self._setting("player_name", ""), YOU)
            # top to bottom and in Tab order: the name with the side, then the clock; the custom level's
            # two rows share the last slot, so choosing one moves nothing and no empty slot shows above a row
            rows = [self.difficulty, self.side, self.your_name, self.clock, self.minutes, self.increment,
                    self.depth, self.seconds]
            self.slots = 6
        elif self.mode == "watch":
            # the levels chosen last time (the settings keep them), else Medium against Hard
            black = self._setting("black_level", "Medium")
            white = self._setting("white_level", "Hard")
            self.black_level = Chooser(theme.SIDE_NAMES[BLACK], names,
                                       index=self._index(names, black if black in names else "Medium"))
            self.white_level = Chooser(theme.SIDE_NAMES[WHITE], names,
                                       index=self._index(names, white if white in names else "Hard"))
            pace = self._setting("watch_speed", "normal")
            values = [v for v, _ in WATCH_PACES]
            self.pace = Chooser("Pace", [s for _, s in WATCH_PACES],
                                index=values.index(pace) if pace in values else 1, on_change=self._pace_changed)
            self._clock_rows()  # a clock for each computer too: each spends what its clock allows
            rows = [self.black_level, self.white_level, self.pace, self.clock, self.minutes, self.increment]
            self.slots = 5
        else:
            self._clock_rows()
            # the two people's names, kept for this run (a name typed, else "Player 1" and "Player 2")
            kept = self._setting("two_player_names", None) or ("", "")
            self.names = [NameField(theme.SIDE_NAMES[c], kept[c], PLAYERS[c]) for c in (BLACK, WHITE)]
            rows = [self.clock, self.minutes, self.increment, *self.names]
            self.slots = 4
        for row in rows:
            row.split = 0.42
        self.rows = [*rows]
        self.minutes.split = self.increment.split = 0.5  # half a row each: their words need the room
        self.start_button = Button("Start game", self.start_game, primary=True)
        self.back_button = Button("Back", self.back)
        widgets: list[Widget] = [*self.rows, self.start_button, self.back_button]
        self.focus = FocusGroup(widgets)
        self._refresh()

    def _clock_rows(self) -> None:
        """The clock row (Off, the presets, Custom) and the custom clock's minutes and increment, set to
        the clock chosen last (a remembered value that cannot be read is Off)."""
        try:
            chosen = parse_time_control(self._setting(self._clock_key(), "off"))
        except ClockError:
            chosen = None
        minutes: list[float] = list(MINUTES)
        increments: list[float] = list(INCREMENTS)
        shown = CLOCK_OFF
        if chosen is not None:
            shown = chosen.words if chosen in PRESETS else CUSTOM_CLOCK
            whole = chosen.seconds / 60
            for values, value in ((minutes, int(whole) if whole == int(whole) else whole),
                                  (increments, int(chosen.increment) if chosen.increment == int(chosen.increment)
                                   else chosen.increment)):
                if value not in values:
                    values.append(value)
                    values.sort()
        self.clock = Chooser("Clock", CLOCK_CHOICES, index=CLOCK_CHOICES.index(shown), on_change=self._clock_changed)
        pick = chosen if chosen is not None else PRESETS[0]
        whole = pick.seconds / 60
        # the clock's minutes and increment, always shown: a preset sets them, and changing them makes a
        # custom clock (or the preset they spell), even from Off
        self.minutes = Chooser("Minutes", minutes, index=minutes.index(int(whole) if whole == int(whole) else whole),
                               on_change=self._custom_changed)
        inc = int(pick.increment) if pick.increment == int(pick.increment) else pick.increment
        self.increment = Chooser("+ sec", increments, index=increments.index(inc), on_change=self._custom_changed)

    def _clock_changed(self, shown: str) -> None:
        """A preset chosen: its minutes and increment are shown."""
        if shown in CLOCK_CHOICES[1:-1]:
            preset = PRESETS[CLOCK_CHOICES.index(shown) - 1]
            self.minutes.set_value(int(preset.seconds // 60))
            self.increment.set_value(int(preset.increment))
        self._refresh()

    def _custom_changed(self, _value: object) -> None:
        """Minutes or increment changed: the preset they make, else Custom."""
        control = make_time_control(self.minutes.value, self.increment.value)
        self.clock.set_value(control.words if control in PRESETS else CUSTOM_CLOCK)
        self._refresh()

    def _clock_key(self) -> str:
        """The setting the clock chosen last is kept in: Computer vs Computer's own for this run only, so a
        clock for watching never becomes the player's own next game's."""
        return "watch_time_control" if self.mode == "watch" else "time_control"

    def slot_of(self) -> list[int]:
        """The slot of each row of ``rows``: the clock's minutes and increment share one, side by side, and
        the custom level's two rows the last."""
        if self.mode == "1p":
            return [0, 1, 2, 3, 4, 4, 5, 5]
        if self.mode == "2p":
            return [0, 1, 1, 2, 3]
        return [0, 1, 2, 3, 4, 4]  # watch: two levels, the pace, the clock

    def chosen_time_control(self) -> TimeControl | None:
        """The clock chosen: a TimeControl, or None for Off."""
        if self.clock.value == CLOCK_OFF:
            return None
        return make_time_control(self.minutes.value, self.increment.value)

    def _remember_clock(self, control: TimeControl | None) -> None:
        try:
            self.app.settings[self._clock_key()] = "off" if control is None else str(control)
        except Exception:
            pass  # remembering the choice is a nicety

    @staticmethod
    def _index(names: list[str], name: str) -> int:
        return names.index(name) if name in names else 0

    def _setting(self, key: str, default: Any) -> Any:
        try:
            return self.app.settings.get(key, default)
        except Exception:
            return default

    def _pace_changed(self, shown: str) -> None:
        value = dict((s, v) for v, s in WATCH_PACES)[shown]
        try:
            from ..store_hooks import save_app_settings, settings_of

            settings_of(self.app)["watch_speed"] = value
            save_app_settings(self.app)
        except Exception:
            pass  # remembering the pace is a nicety; the game reads it when it starts

    def _refresh(self) -> None:
        if self.mode == "1p":
            self.depth.visible = self.difficulty.value == CUSTOM_DEPTH
            self.seconds.visible = self.difficulty.value == CUSTOM_TIME
        if hasattr(self, "clock"):
            # with the clock off its minutes and increment are faint and still: nothing to change
            # (choosing a preset or Custom in the Clock row brings them back)
            self.minutes.enabled = self.increment.enabled = self.clock.value != CLOCK_OFF
        self.resize(self.size)

    def chosen_level(self) -> Level:
        from ...engine.levels import custom_depth, custom_time

        v = self.difficulty.value
        if v == CUSTOM_DEPTH:
            return custom_depth(self.depth.value)
        if v == CUSTOM_TIME:
            return custom_time(float(self.seconds.value))
        return self.levels[v]

    def description(self) -> str:
        if self.mode == "1p":
            v = self.difficulty.value
            clocked = self.chosen_time_control() is not None
            if v == CUSTOM_DEPTH:
                return self._depth_words(self.depth.value)
            if v == CUSTOM_TIME:
                return CLOCKED_TIME if clocked else f"Full strength, thinking {self.seconds.value} s a move."
            if clocked and self.levels[v].name in CLOCKED:
                return CLOCKED[self.levels[v].name]
            return self.levels[v].description
        if self.mode == "watch":
            return "Space pauses and resumes; S plays one move while paused."
        return TWO_PLAYERS

    @staticmethod
    def _depth_words(moves: int) -> str:
        return f"Full strength, looking exactly {moves} moves ahead (a move of either side counts)."

    def descriptions(self) -> list[str]:
        """Every description this screen may show (the layout keeps room for the longest)."""
        if self.mode == "1p":
            return ([lv.description for lv in self.levels.values()] + list(CLOCKED.values()) + [CLOCKED_TIME]
                    + [self._depth_words(d) for d in (10,)]
                    + [f"Full strength, thinking {s} s a move." for s in ("0.5",)])
        return [self.description()]

    def start_game(self) -> None:
        if self.mode == "1p":
            side = SIDE_VALUES[SIDE_SHOWN.index(self.side.value)]
            human = {"Black": BLACK, "White": WHITE}.get(side, random.choice((BLACK, WHITE)))
            level = self.chosen_level()
            players: dict[int, Level | None] = {human: None, 1 - human: level}
            names: dict[int, str] = {human: self.your_name.name_given}
            self._remember("player_name", self.your_name.name_given)
            try:
                self.app.settings["new_game"] = {"level": self.difficulty.value if self.difficulty.value in self.levels
                                                 else "Medium", "side": side}
            except Exception:
                pass  # remembering the choice is a nicety
        elif self.mode == "watch":
            players = {BLACK: self.levels[self.black_level.value], WHITE: self.levels[self.white_level.value]}
            names = {}
        else:
            players = {BLACK: None, WHITE: None}
            names = {c: field.name_given for c, field in zip((BLACK, WHITE), self.names)}
            self._remember("two_player_names", tuple(names[c] for c in (BLACK, WHITE)))
        control = self.chosen_time_control()
        self._remember_clock(control)
        self.app.switch("play", mode=self.mode, players=players, time_control=control,
                        names={c: n for c, n in names.items() if n})

    def _remember(self, key: str, value: object) -> None:
        try:
            self.app.settings[key] = value
        except Exception:
            pass  # remembering the choice is a nicety

    def handle_event(self, event: Any) -> None:
        """Typing goes to the name row that has the focus; the rest as on every choice page."""
        field = self.focus.focused
        if isinstance(field, NameField) and event.type in (pygame.TEXTINPUT, pygame.KEYDOWN) and field.take(event):
            return
        super().handle_event(event)

    def act(self) -> None:
        self.start_game()

    # -- layout ------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self._row_cap = None
        super().resize(size)
        w, h = size
        margin = theme.margin(size)
        title_h, sub_h = self.fit_heading(size)
        self.description_size = max(18, min(40, h // 28))
        room = self.footer_rect.y - 2 * margin
        block, desc_h = self._block(size, title_h + sub_h)
        # larger text (Settings) or a low window: the rows (to four fifths), then the description's text,
        # then the rows again give way until the screen fits above its footer
        full = self.column(size)[1]
        while block > room:
            bh = self.column(size)[1]
            if bh > max(28, full * 4 // 5) or (self.description_size <= max(16, theme.smallest_size()) and bh > 28):
                self._row_cap = bh - 1
            elif self.description_size > max(16, theme.smallest_size()):
                self.description_size -= 1
            else:
                break  # as small as it goes
            block, desc_h = self._block(size, title_h + sub_h)
        bw, bh, gap = self.column(size)
        top = max(margin, (self.footer_rect.y - margin - block) // 2)
        y = self.place_heading(size, top, title_h, sub_h) + gap * 2
        slots = self.place_rows(size, self.slots, y)
        last = -1
        for row, slot in zip(self.rows, self.slot_of()):
            if row.visible:  # each row in its own slot: a custom row appearing moves no other
                row.rect = pygame.Rect(slots[slot])
                last = max(last, slot)
        if slots:
            # the custom clock's minutes and increment share a slot, side by side
            whole = slots[self.slot_of()[self.rows.index(self.minutes)]]
            half = (whole.width - gap) // 2
            self.minutes.rect = pygame.Rect(whole.x, whole.y, half, whole.height)
            self.increment.rect = pygame.Rect(whole.right - half, whole.y, half, whole.height)
        if self.slots:
            y = slots[-1].bottom + gap * 2
        # the description sits in the middle of what the rows leave above the buttons (the free
        # custom slots at the end included), so there is no hole and the buttons below never move
        free = self.slots - 1 - last
        region_top = y - free * (bh + gap) if self.slots else y
        region_bottom = y + desc_h
        text_h = max(1, theme.wrapped_height(self.description(), self.description_size, bw))
        self.description_rect = pygame.Rect((w - bw) // 2, region_top + (region_bottom - region_top - text_h) // 2,
                                            bw, text_h)
        y += desc_h
        y += gap * 2
        self.place_buttons(size, y, self.start_button, self.back_button)

    def column(self, size: tuple[int, int]) -> tuple[int, int, int]:  # type: ignore[override]
        """The column's (width, row height, gap), the rows lower while the screen would not fit (``resize``)."""
        bw, bh, gap = ChoicePage.column(size)
        if self._row_cap is not None and bh > self._row_cap:
            bh = self._row_cap
            gap = max(4, bh // 4)
        return bw, bh, gap

    def _block(self, size: tuple[int, int], heading_h: int) -> tuple[int, int]:
        """(the height of everything above the footer, the room kept for the description's lines)."""
        bw, bh, gap = self.column(size)
        line = theme.font(self.description_size).get_linesize()
        # room for the longest description this screen can show, so that nothing moves when it changes
        lines = max(len(theme.wrap(text, self.description_size, bw)) for text in self.descriptions())
        desc_h = max(1, lines) * line
        rows_h = self.slots * bh + max(0, self.slots - 1) * gap
        return heading_h + gap * 2 + rows_h + (gap * 2 if self.slots else 0) + desc_h + gap * 2 + bh, desc_h

    def layout_boxes(self) -> list[Box]:
        from ..layout_check import Box

        return [*self.heading_boxes(),
                *self.focus.text_boxes("row"),
                Box("description", self.description_rect, self.description(), self.description_size, wrap=True),
                self.footer_box()]

    # -- drawing -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        theme.gradient_background(surface)
        self.draw_heading(surface)
        self.focus.draw(surface)
        theme.blit_wrapped(surface, self.description(), self.description_rect, self.description_size, theme.TEXT_DIM)
        self.draw_footer(surface)
