"""The side panel of the play screen: players, the computer's thinking, moves, draw rule, buttons.

Laid out from the panel's rect alone (``resize``), top to bottom: the two
player cards (with each side's clock in a game with a time control), the
thinking box (with Move now), the move list (whatever room is left), the draw
rule and the button grid.  Every text is fitted or elided to its box, and
``layout_boxes`` lists them all for the layout check, so nothing overlaps or
is cut off at any window size.  The buttons are a ``FocusGroup`` (Tab /
Shift+Tab, Enter) that leaves the arrows to the board.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from ..controller.clock import LOW_TIME, format_clock
from ..rules import BLACK, WHITE
from . import theme
from .analysis_view import black_view
from .analysis_view import score_words as evaluation_words
from .widgets import Button, FocusGroup, same_size
from .words import opening_label, outcome_words, to_move

if TYPE_CHECKING:
    from ..rules import Game, Position
    from .geometry import RectLike
    from .layout_check import Box

    # a player card's parts: (disc centre, radius, name, label, count and count-label rects, their texts)
    CardParts = tuple[tuple[int, int], int, pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect,
                      tuple[str, str, str, str]]
    # a clock in its card: (box, text rect, text, seconds left)
    ClockPart = tuple[pygame.Rect, pygame.Rect, str, float]

OPENING_PLIES = 12  # the longest named opening line is shorter

MIN_TEXT = 16  # the smallest nominal size drawn (11 real pixels)

def side_panel_event(focus: FocusGroup, event: Any) -> bool:
    """A panel of widgets beside a board (``focus``, its ``FocusGroup``) takes ``event``: True when it
    was the panel's.  Of the keys it takes only Tab and, while a widget has the focus, Enter and
    Space (the rest are the board's); the pointer moving over a widget lights it without taking the
    focus; presses and releases go to the focus group."""
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_TAB:
            return focus.handle_event(event)
        if focus.active and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return focus.handle_event(event)
        return False
    if event.type == pygame.MOUSEMOTION:
        for w in focus.widgets:
            w.handle_event(event)  # hover only: the pointer resting on a button takes no focus
        return False
    return focus.handle_event(event)


def draw_card(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A side panel's card: a shadow under it, the panel's colour, a thin edge."""
    pygame.draw.rect(surface, (20, 23, 28), rect.move(0, 4), border_radius=14)
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=14)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=14)


# the panel's buttons, each kept as ``panel.<name>``: (name, label, the scene's method it calls, hotkey)
BUTTONS = (("move_now", "Move now", "move_now", "M"), ("undo", "Undo", "undo", "Ctrl+Z"),
           ("redo", "Redo", "redo", "Ctrl+Y"), ("hint", "Hint", "hint", "H"), ("flip", "Flip board", "flip", "F"),
           ("numbers", "Numbers", "toggle_numbers", "N"), ("analysis", "Analysis", "toggle_analysis", "A"),
           ("save", "Save", "save", "Ctrl+S"), ("review", "Review", "review", "V"),
           ("offer_draw", "Offer draw", "offer_draw", "D"), ("resign", "Resign", "resign", "R"),
           ("pause", "Pause", "toggle_pause", "Space"), ("step", "Step", "step_once", "S"),
           ("menu", "Menu", "to_menu", "Esc"), ("again", "New game", "play_again", None))
PRIMARY = ("move_now", "again")  # the screen's main action while the computer thinks, and after the game


def score_words(score: int | None, turn: int) -> str:
    """An engine score (``turn``'s view) in the words the analysis uses everywhere: ``Red +1.25``
    (men ahead), ``level``, ``White wins in 7``."""
    return "…" if score is None else evaluation_words(black_view(score, turn))


# what the live analysis's arrows mean, said where they are drawn (their colours: LINE_COLOURS)
ARROWS_LEGEND = "Arrows: blue is the best move, purple the reply."


def pdn_lines(game: Game, plies: int | None = None) -> list[tuple[int, str, str]]:
    """The moves (the first ``plies`` of them) as numbered lines:
    ``(1, "11-15", "23-19")`` (``(1, "...", "23-19")`` if White began)."""
    lines: list[tuple[int, str, str]] = []
    moves = [str(m) for m in game.moves[:plies]]
    i = 0
    number = 1
    if moves and game.start.turn == WHITE:
        lines.append((number, "...", moves[0]))
        i, number = 1, 2
    while i < len(moves):
        lines.append((number, moves[i], moves[i + 1] if i + 1 < len(moves) else ""))
        i += 2
        number += 1
    return lines


def count_words(men: int, kings: int) -> str:
    """The small line under a side's piece count: "pieces", "2 men, 1 king", "2 kings"."""
    if not kings:
        return "pieces"
    if not men:
        return f"{kings} king{'s' if kings > 1 else ''}"
    return f"{men} m{'e' if men > 1 else 'a'}n, {kings} king{'s' if kings > 1 else ''}"


CLOCK_SAMPLE = "88:88"   # the widest a clock shows under an hour ("0:09.4" is narrower)
CLOCK_LOW = (150, 52, 44)       # a clock's face with little time left
CLOCK_FACE = (30, 34, 42)


def clock_sample(seconds: float) -> str:
    """The text a clock's box is made wide enough for: "8:88:88" from an hour up, else "88:88"."""
    return "8:88:88" if seconds >= 3600 else CLOCK_SAMPLE


def draw_rule_words(game: Game, short: bool = False) -> str:
    """The draw rule's count in moves (a move of each side), as the settings state the rule."""
    rule = game.draw_rule
    done, limit = game.quiet_plies // 2, rule.plies // 2
    text = f"Draw rule: {done}/{limit} moves" if short else f"Draw rule: {done} of {limit} moves without progress"
    reps = game.repetitions()
    if reps > 1:
        text += f" · seen {reps}×" if short else f" · position seen {reps}×"
    return text


class SidePanel:
    if TYPE_CHECKING:  # the buttons, set by name from BUTTONS
        move_now: Button
        undo: Button
        redo: Button
        hint: Button
        flip: Button
        numbers: Button
        analysis: Button
        save: Button
        review: Button
        offer_draw: Button
        resign: Button
        pause: Button
        step: Button
        menu: Button
        again: Button

    def __init__(self, scene: Any) -> None:
        self.scene = scene   # the play screen
        s = scene
        for name, label, method, hotkey in BUTTONS:
            button = Button(label, getattr(s, method), primary=name in PRIMARY, hotkey=hotkey)
            button.name = f"panel.{name}"
            setattr(self, name, button)
        # the button grid, row by row: three to a row, the screen's way out on the last
        if s.mode == "watch":
            self.rows = [[self.undo, self.redo, self.step], [self.pause, self.flip, self.numbers],
                         [self.analysis, self.save, self.review], [self.menu, self.again]]
        else:
            last = [self.offer_draw, self.menu, self.again] if s.mode == "2p" else [self.menu, self.again]
            self.rows = [[self.undo, self.redo, self.hint], [self.analysis, self.flip, self.numbers],
                         [self.save, self.review, self.resign], last]
        self.grid = [b for row in self.rows for b in row]
        self.buttons = [self.move_now] + self.grid
        for b in self.grid:
            b.margin = 10  # narrow buttons: their words keep the room (the layout check measures it)
        # nothing focused until Tab: Enter and the arrows belong to the board meanwhile
        self.focus = FocusGroup(self.buttons, focus=None, arrows=False)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.k = 1.0
        self.scroll = 0  # move-list lines scrolled back from the end
        self.detail_lines = 2
        self.wide = False  # two columns, in a panel under the board
        self._opening_key: object = None
        self.opening = ""  # the opening's name, and what it was looked up for

    def f(self, size: float) -> int:
        """A text size scaled with the panel (bigger windows, bigger type), never below MIN_TEXT."""
        return max(MIN_TEXT, int(size * self.k))

    # -- layout ------------------------------------------------------------------

    def resize(self, rect: RectLike) -> None:
        self.rect = r = pygame.Rect(rect)
        # a wide, low panel (under the board of a portrait window) has two columns: the players and
        # the thinking box on the left; the moves, the draw rule and the buttons on the right
        self.wide = wide = r.width >= 1.5 * r.height
        column_w = (r.width - 10) // 2 if wide else r.width
        self.k = max(0.8, min(1.6, min(r.height / (330 if wide else 740), column_w / 354)))
        compact = r.height < (300 if wide else 640)
        pad = max(10, int(14 * self.k))
        gap = max(6, int(10 * self.k))
        self.pad, self.gap = pad, gap
        inner_w = r.width - 2 * pad
        x = r.x + pad
        left_w = (inner_w - gap) // 2 if wide else inner_w   # the players and the thinking box
        right_x = x + left_w + gap if wide else x             # the moves, the draw rule and the buttons
        right_w = inner_w - left_w - gap if wide else inner_w
        # the button grid, at the bottom: each row shares the width among its buttons
        bh = max(30, min(int(42 * self.k), r.height // (9 if wide else 16)))
        bgap = max(6, bh // 5)
        rows = len(self.rows)
        self.grid_top = r.bottom - pad - rows * bh - (rows - 1) * bgap
        for i, row in enumerate(self.rows):
            y = self.grid_top + i * (bh + bgap)
            bw = (right_w - (len(row) - 1) * bgap) // len(row)
            for j, b in enumerate(row):
                left = right_x + j * (bw + bgap)
                right = right_x + right_w if j == len(row) - 1 else left + bw  # the row ends flush
                b.rect = pygame.Rect(left, y, right - left, bh)
        same_size(self.grid)
        # the player cards, at the top
        self.name_size = self.f(26 if not compact else 23)
        self.label_size = self.f(19)
        self.count_size = self.name_size
        self.count_label_size = MIN_TEXT if self.k < 1.2 else self.f(15)
        self.clock_size = self.f(26)
        two_lines = theme.font(self.name_size, True).get_linesize() + theme.font(self.label_size).get_linesize()
        self.player_h = two_lines + max(6, int(10 * self.k))
        self.players_rect = pygame.Rect(x, r.y + pad, left_w, 2 * self.player_h + gap // 2)
        # the thinking box: a title and two lines of detail, or the Move now button
        self.title_size = self.f(22)
        self.detail_size = self.f(19)
        title_h = theme.font(self.title_size, True).get_linesize()
        line_h = theme.font(self.detail_size).get_linesize()
        self.think_pad = tp = max(8, int(12 * self.k))
        # the draw rule: one line and a thin bar over the grid
        self.rule_size = self.f(17)
        rule_h = theme.font(self.rule_size).get_linesize() + 10
        self.draw_rule_rect = pygame.Rect(right_x, self.grid_top - gap - rule_h, right_w, rule_h)
        # the moves list takes the rest; the thinking box gives up detail lines before the list goes
        self.move_size = self.f(20)
        self.line_h = theme.font(self.move_size).get_linesize()
        self.header_size = self.f(20)
        # the opening's name and the count of hidden lines beside "Moves": a little smaller than the
        # heading, growing with the window like it (never below MIN_TEXT)
        self.aside_size = self.f(16)
        header_h = theme.font(self.header_size, True).get_linesize()
        min_moves = header_h + 4 + 3 * self.line_h + 8
        think_top = self.players_rect.bottom + gap
        for detail_lines in (3, 2, 1):
            think_h = tp + title_h + max(detail_lines * line_h, line_h + 4 + bh) + tp  # a line over Move now
            if wide:  # the left column's foot is the panel's
                if think_top + think_h <= r.bottom - pad:
                    break
                continue
            room = self.draw_rule_rect.y - gap - (think_top + think_h + gap)
            if room >= min_moves:
                break
        self.detail_lines = detail_lines
        if wide:
            think_h = max(think_h, r.bottom - pad - think_top)
        self.think_rect = pygame.Rect(x, think_top, left_w, think_h)
        self.title_rect = pygame.Rect(self.think_rect.x + tp, self.think_rect.y + tp, left_w - 2 * tp, title_h)
        self.detail_rect = pygame.Rect(self.title_rect.x, self.title_rect.bottom, self.title_rect.width,
                                       self.think_rect.bottom - tp - self.title_rect.bottom)
        self.move_now.rect = pygame.Rect(self.detail_rect.x, self.think_rect.bottom - tp - bh, self.detail_rect.width,
                                         bh)
        top = r.y + pad if wide else self.think_rect.bottom + gap
        self.moves_rect = pygame.Rect(right_x, top, right_w, max(0, self.draw_rule_rect.y - gap - top))
        self.moves_header = pygame.Rect(right_x, top, right_w, header_h)
        area_h = max(0, self.moves_rect.bottom - top - header_h - 4)
        self.moves_area = pygame.Rect(right_x, top + header_h + 4, right_w, area_h)

    def player_rows(self) -> list[tuple[int, pygame.Rect]]:
        """[(colour, card rect)], the side at the top of the board first (the other sits nearer the player)."""
        top_colour = WHITE if self.scene.flipped else BLACK
        out = []
        for i, colour in enumerate((top_colour, 1 - top_colour)):
            y = self.players_rect.y + i * (self.player_h + self.gap // 2)
            out.append((colour, pygame.Rect(self.players_rect.x, y, self.players_rect.width, self.player_h)))
        return out

    def _card_parts(self, colour: int, row: pygame.Rect, position: Position) -> CardParts:
        """(disc centre, radius, name rect, label rect, count rect, count-label rect, texts) of a player card.

        Two lines: the side's name with its piece count on the right, then who plays it with what the
        count is made of ("pieces", "2 men, 1 king") on the right; the player's words are cut short
        before they could run into the count's.
        """
        radius = max(8, min(row.height // 3, int(18 * self.k)))
        centre = (row.x + 10 + radius, row.centery)
        total = position.count(colour)
        kings = (position.bk if colour == BLACK else position.wk).bit_count()
        count, small = str(total), count_words(total - kings, kings)
        name_h = theme.font(self.name_size, True).get_linesize()
        label_h = theme.font(self.label_size).get_linesize()
        top = row.centery - (name_h + label_h) // 2
        cw, ch = theme.text_size(count, self.count_size, True)
        sw, sh = theme.text_size(small, self.count_label_size)
        right = row.right - 10
        count_rect = pygame.Rect(right - cw, top + (name_h - ch) // 2, cw, ch)
        small_rect = pygame.Rect(right - sw, top + name_h + (label_h - sh) // 2, sw, sh)
        text_x = centre[0] + radius + 10

        def room(small_rect: pygame.Rect) -> tuple[ClockPart | None, int, int]:
            """(clock, name width, label width) beside the count and its word."""
            clock = self.clock_part(colour, row, min(count_rect.x, small_rect.x) - 10)
            name_end, label_end = (clock[0].x, clock[0].x) if clock is not None else (count_rect.x, small_rect.x)
            return clock, max(1, name_end - 10 - text_x), max(1, label_end - 10 - text_x)

        clock, name_w, label_w = room(small_rect)
        words = self._player_label(colour)
        if small == "pieces" and (theme.text_size(words, self.label_size)[0] > label_w
                                  or theme.text_size(theme.side_name(colour), self.name_size, True)[0] > name_w):
            # a narrow card: the plain count needs no word under it, the side's name and the player's
            # words take its room (the clock moves up to the count)
            small, small_rect = "", pygame.Rect(right, small_rect.y, 0, small_rect.height)
            clock, name_w, label_w = room(small_rect)
        name_rect = pygame.Rect(text_x, top, name_w, name_h)
        label_rect = pygame.Rect(text_x, top + name_h, label_w, label_h)
        name = theme.elide(theme.side_name(colour), self.name_size, name_w, bold=True)
        label = theme.elide(self._short_label(colour, words, label_w), self.label_size, label_w)
        return centre, radius, name_rect, label_rect, count_rect, small_rect, (name, label, count, small)

    def clock_part(self, colour: int, row: pygame.Rect, right: int) -> ClockPart | None:
        """(box, text rect, text, seconds left) of ``colour``'s clock in its card, its box ending at
        ``right``; None in a game without clocks."""
        left: float | None = self.scene.match.clock_left(colour)
        if left is None:
            return None
        text = format_clock(left)
        tw, th = theme.text_size(clock_sample(left), self.clock_size, True, tabular=True)
        pad = max(6, int(8 * self.k))
        box_h = min(row.height - 8, th + pad)
        box = pygame.Rect(right - tw - 2 * pad, row.centery - box_h // 2, tw + 2 * pad, box_h)
        w, h = theme.text_size(text, self.clock_size, True, tabular=True)
        text_rect = pygame.Rect(box.right - pad - w, box.centery - h // 2, w, h)
        return box, text_rect, text, left

    def layout_boxes(self) -> list[Box]:
        """What the panel draws, as layout-check boxes (see ``game.ui.layout_check``)."""
        from .layout_check import Box

        s = self.scene
        boxes = [Box("panel", self.rect)]
        position = s.shown_position()
        for i, (colour, row) in enumerate(self.player_rows()):
            card = f"player{i}"
            boxes.append(Box(card, row, parent="panel"))
            _, _, name_r, label_r, count_r, small_r, (name, label, count, small) = self._card_parts(colour, row,
                                                                                                    position)
            boxes += [Box(f"{card}.name", name_r, name, self.name_size, bold=True, parent=card),
                      Box(f"{card}.label", label_r, label, self.label_size, parent=card),
                      Box(f"{card}.count", count_r, count, self.count_size, bold=True, parent=card)]
            if small:
                boxes.append(Box(f"{card}.count_label", small_r, small, self.count_label_size, parent=card))
            clock = self.clock_part(colour, row, min(count_r.x, small_r.x) - 10)
            if clock is not None:
                boxes += [Box(f"{card}.clock", clock[0], parent=card),
                          Box(f"{card}.clock.time", clock[1], clock[2], self.clock_size, bold=True, tabular=True,
                              parent=f"{card}.clock")]
        boxes.append(Box("thinking", self.think_rect, parent="panel"))
        title, lines = self._thinking_texts()
        boxes.append(Box("thinking.title", self.title_rect, title, self.title_size, bold=True, parent="thinking"))
        detail = self.detail_rect
        if self.move_now.visible:
            boxes.append(Box("move_now", self.move_now.rect, parent="thinking"))
            boxes += [b._replace(parent="move_now") for b in self.move_now.text_boxes("move_now")]
            detail = pygame.Rect(detail.x, detail.y, detail.width, self.move_now.rect.y - detail.y)
        if lines:
            boxes.append(Box("thinking.detail", detail, " ".join(lines), self.detail_size, wrap=True,
                             parent="thinking"))
        if self.moves_rect.height:
            boxes += [Box("moves", self.moves_rect, parent="panel"),
                      Box("moves.header", self.moves_header, "Moves", self.header_size, bold=True, parent="moves"),
                      Box("moves.area", self.moves_area, parent="moves")]
            sample = pygame.Rect(self.moves_area.x, self.moves_area.y + 4, self.moves_area.width, self.line_h)
            if self.moves_area.contains(sample):
                boxes.append(Box("moves.line", sample, "88. 32x23x14  23x14x5", self.move_size, tabular=True,
                                 parent="moves.area"))
        text, size = self._rule_text(s.game)
        boxes.append(Box("draw_rule", self.draw_rule_rect, text, size, parent="panel"))
        for b in self.grid:
            if b.visible:
                name = b.name or ""   # (each is "panel.<name>")
                boxes.append(Box(name, b.rect, parent="panel"))
                boxes += [t._replace(parent=name) for t in b.text_boxes(name)]
        return boxes

    def _rule_text(self, game: Game) -> tuple[str, int]:
        """(text, size) of the draw-rule line: the full sentence, or its short form in a narrow panel."""
        width = self.draw_rule_rect.width
        text = draw_rule_words(game)
        size = theme.fit_text(text, self.rule_size, width)
        if size >= MIN_TEXT:
            return text, size
        text = draw_rule_words(game, short=True)
        return text, max(MIN_TEXT, theme.fit_text(text, self.rule_size, width))

    # -- state --------------------------------------------------------------------

    def refresh(self) -> None:
        """Enable and show the buttons that make sense now (the scene calls it in ``update``;
        events call it too, so a click meets the buttons as they are)."""
        s = self.scene
        over = s.game.outcome is not None
        problem = s.match.engine_problem is not None
        self.move_now.visible = s.match.thinking or problem
        self.move_now.text = "Try again" if problem else "Move now"
        self.move_now.enabled = problem or (s.match.thinking and not s.computer.stopping)
        self.undo.enabled = s.match.can_undo
        self.redo.enabled = s.match.can_redo
        self.resign.enabled = s.match.resigner() is not None
        self.offer_draw.enabled = s.match.can_offer_draw()
        self.hint.enabled = s.human_to_move()
        self.pause.text = "Resume" if s.paused else "Pause"
        self.numbers.checked = s.numbers  # a toggle shows its state by its look, its words stay
        self.analysis.enabled = s.analysis_allowed()
        self.analysis.checked = s.analysing
        self.pause.enabled = not over
        self.step.enabled = not over
        self.again.visible = True
        self.again.primary = over
        same_size(self.grid)  # one text size over the grid, whatever the labels say now
        # the opening's name changes only in the first dozen moves: looked up when they change
        key = (s.game.start, tuple(s.game.moves[:OPENING_PLIES]))
        if key != self._opening_key:
            self._opening_key, self.opening = key, opening_label(s.game)

    def handle_event(self, event: Any) -> bool:
        self.refresh()
        if event.type == pygame.MOUSEWHEEL and self.moves_rect.collidepoint(pygame.mouse.get_pos()):
            # scroll the move list back through the game (0 = the latest moves)
            self.scroll = max(0, min(len(pdn_lines(self.scene.game)), self.scroll + event.y))
            return True
        return side_panel_event(self.focus, event)

    # -- drawing --------------------------------------------------------------

    def draw_chrome(self, surface: pygame.Surface) -> None:
        """The panel's card and its fixed boxes: drawn once into the scene's cached background."""
        draw_card(surface, self.rect)
        pygame.draw.rect(surface, (34, 39, 48), self.think_rect, border_radius=10)
        if self.moves_rect.height:
            theme.blit_text(surface, "Moves", self.header_size, theme.TEXT, self.moves_header.topleft, "topleft",
                            bold=True)
            pygame.draw.rect(surface, (34, 39, 48), self.moves_area, border_radius=10)
        pygame.draw.rect(surface, (34, 39, 48), self._rule_bar(), border_radius=3)

    def _rule_bar(self) -> pygame.Rect:
        box = self.draw_rule_rect
        return pygame.Rect(box.x, box.bottom - 6, box.width, 6)

    def draw(self, surface: pygame.Surface, chrome: bool = True) -> None:
        if chrome:
            self.draw_chrome(surface)
        self._draw_players(surface)
        self._draw_thinking(surface)
        self._draw_moves(surface)
        self._draw_rule(surface)
        self.focus.draw(surface)

    def _short_label(self, colour: int, words: str, width: int) -> str:
        """The player's words, or the computer's level alone ("Master") when "Computer · Master" is
        too long for the card: the level is what the player needs (it was cut to "Computer…")."""
        level = self.scene.players.get(colour)
        if level is None or theme.text_size(words, self.label_size)[0] <= width:
            return words
        name: str = level.name
        return name

    def _player_label(self, colour: int) -> str:
        s = self.scene
        level = s.players.get(colour)
        if level is not None:
            return f"Computer · {level.name}"
        # the name given, else the one word the files write too ("You", "Player 1", "Player 2")
        name: str = s.match.person_name(colour) or ""
        return name

    def _draw_players(self, surface: pygame.Surface) -> None:
        s = self.scene
        pos = s.shown_position()
        over = s.game.outcome is not None and s.anim is None
        for colour, row in self.player_rows():
            to_move = not over and pos.turn == colour
            pygame.draw.rect(surface, theme.BUTTON if to_move else (48, 54, 66), row, border_radius=10)
            if to_move:
                pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(row.x, row.y + 8, 4, row.height - 16),
                                 border_radius=2)
            centre, radius, name_r, label_r, count_r, small_r, (name, label, count, small) = self._card_parts(
                colour, row, pos)
            sprite = s.renderer._sprite("man_black" if colour == BLACK else "man_white", radius * 2 + 4)
            if sprite is not None:
                surface.blit(sprite, sprite.get_rect(center=centre))
            else:
                fill = theme.BLACK_PIECE if colour == BLACK else theme.WHITE_PIECE
                pygame.draw.circle(surface, fill, centre, radius)
            theme.blit_text(surface, name, self.name_size, theme.TEXT, name_r.topleft, bold=True)
            theme.blit_text(surface, label, self.label_size, theme.TEXT_DIM, label_r.topleft)
            theme.blit_text(surface, count, self.count_size, theme.TEXT, count_r.topleft, bold=True)
            if small:
                theme.blit_text(surface, small, self.count_label_size, theme.TEXT_FAINT, small_r.topleft)
            self._draw_clock(surface, colour, row, min(count_r.x, small_r.x) - 10, to_move)

    def _draw_clock(self, surface: pygame.Surface, colour: int, row: pygame.Rect, right: int, to_move: bool) -> None:
        """A side's clock: bright while it runs, dim while it waits (or both are paused), red and bold
        under ``LOW_TIME`` seconds."""
        clock = self.clock_part(colour, row, right)
        if clock is None:
            return
        box, text_rect, text, left = clock
        running = to_move and self.scene.match.clocks.running
        low = left < LOW_TIME
        pygame.draw.rect(surface, CLOCK_LOW if low else CLOCK_FACE, box, border_radius=6)
        if running:
            pygame.draw.rect(surface, theme.TEXT if low else theme.ACCENT, box, 2, border_radius=6)
        fg = theme.TEXT if running or low else theme.TEXT_DIM
        theme.blit_text(surface, text, self.clock_size, fg, text_rect.topleft, bold=True, tabular=True)

    def _thinking_texts(self) -> tuple[str, list[str]]:
        """(title, detail lines) of the thinking box now."""
        s = self.scene
        c = s.computer
        width = self.detail_rect.width
        if s.match.thinking:
            side = theme.side_name(s.game.turn)
            thinker = f"{side} is thinking…" if s.mode == "watch" else "Computer is thinking…"
            title = "Moving now…" if c.stopping else thinker
            if s.analysis_allowed():
                words = score_words(c.score, s.game.turn) if c.depth else "…"
                detail = f"Depth {c.depth or '—'} · {words} · {c.elapsed():.1f} s"
            else:  # playing the computer without analysis: how hard it thinks, never what it thinks
                detail = f"Depth {c.depth or '—'} · {c.elapsed():.1f} s"
        elif s.game.outcome is not None and s.anim is None:
            title, detail = "Game over", outcome_words(s.game.outcome)
        elif s.match.engine_problem is not None:
            title, detail = "Engine problem", f"{s.match.engine_problem}. Press M to try again."
        elif s.mode == "watch" and s.paused:
            title, detail = "Paused", "Space resumes; S plays one move."
        elif s.is_human(s.shown_position().turn):
            you = len(s.humans()) == 1
            title = "Your move" if you else to_move(s.shown_position().turn)
            if s.input is not None and s.input.in_jump:
                detail = "Keep jumping: click the next landing square."
            elif s.input is not None and s.input.must_capture:
                detail = "A capture is available: you must take."
            else:
                detail = "Click a piece, then where it goes (or arrows and Enter)."
            if s.analysing:
                detail = f"{ARROWS_LEGEND} {detail}"
            if c.depth and s.game.moves and self.detail_lines >= 3 and len(s.humans()) == 1 and s.analysis_allowed():
                # the computer scored the position it moved from: its words name the side ahead
                computer = 1 - s.humans()[0]
                detail += f" Last search: depth {c.depth}, {score_words(c.score, computer)}."
        else:
            title, detail = "Computer's move", ""
        title = theme.elide(title, self.title_size, self.title_rect.width, bold=True)
        room = self.detail_lines if not self.move_now.visible else 1
        lines = theme.wrap(detail, self.detail_size, width) if detail else []
        if len(lines) > room:
            lines = lines[:room - 1] + [theme.elide(" ".join(lines[room - 1:]), self.detail_size, width)]
        return title, lines

    def _draw_thinking(self, surface: pygame.Surface) -> None:
        s = self.scene
        title, lines = self._thinking_texts()
        tx = self.title_rect.x
        if s.match.thinking:
            rad = max(6, self.title_rect.height // 3)
            centre = (self.title_rect.x + rad, self.title_rect.centery)
            angle = (s.clock * 5.0) % (2 * math.pi)
            arc = pygame.Rect(0, 0, 2 * rad, 2 * rad)
            arc.center = centre
            pygame.draw.circle(surface, theme.PANEL_EDGE, centre, rad, 3)
            pygame.draw.arc(surface, theme.ACCENT, arc, angle, angle + 1.8, 3)
            tx += 2 * rad + 8
            title = theme.elide(title, self.title_size, self.title_rect.right - tx, bold=True)
        theme.blit_text(surface, title, self.title_size, theme.TEXT, (tx, self.title_rect.y), bold=True)
        y = self.detail_rect.y
        line_h = theme.font(self.detail_size).get_linesize()
        for line in lines:
            theme.blit_text(surface, line, self.detail_size, theme.TEXT_DIM, (self.detail_rect.x, y))
            y += line_h

    def _draw_moves(self, surface: pygame.Surface) -> None:
        s = self.scene
        area = self.moves_area
        if area.height < self.line_h:
            return
        lines = pdn_lines(s.game, s.shown_ply())
        fit = max(1, (area.height - 8) // self.line_h)
        back = min(self.scroll, max(0, len(lines) - fit))
        shown = lines[max(0, len(lines) - fit - back):len(lines) - back]
        if not lines:
            theme.blit_text(surface, "No moves yet", self.move_size, theme.TEXT_FAINT, area.center, "center")
            return
        size = self.move_size
        y = area.y + 4
        num_w = theme.text_size("888.", size, tabular=True)[0]
        col1 = area.x + 10 + num_w + 10
        col2 = col1 + (area.right - col1) // 2
        last = s.shown_ply()
        for k, (number, first, second) in enumerate(shown):
            is_last_line = k == len(shown) - 1 and back == 0
            theme.blit_text(surface, f"{number}.", size, theme.TEXT_FAINT, (col1 - 10, y), "topright", tabular=True)
            c1 = theme.ACCENT if is_last_line and not second and last else theme.TEXT
            c2 = theme.ACCENT if is_last_line and second else theme.TEXT
            theme.blit_text(surface, first, size, c1 if first != "..." else theme.TEXT_FAINT, (col1, y), tabular=True)
            if second:
                theme.blit_text(surface, second, size, c2, (col2, y), tabular=True)
            y += self.line_h
        # how many lines are out of sight, on the header's line (never over a move)
        earlier = len(lines) - fit - back
        hidden = ", ".join(words for words in (f"{earlier} earlier" if earlier > 0 else "",
                                               f"{back} later" if back > 0 else "") if words)
        aside = self.aside_size
        if hidden:
            theme.blit_text(surface, hidden, aside, theme.TEXT_FAINT, self.moves_header.midright, "midright")
        opening = self.opening
        if opening:  # between the "Moves" heading and the count of hidden lines
            head = self.moves_header
            x0 = head.x + theme.text_size("Moves", self.header_size, bold=True)[0] + 12
            x1 = head.right - (theme.text_size(hidden, aside)[0] + 12 if hidden else 0)
            if x1 - x0 >= 60:
                theme.blit_text(surface, theme.elide(opening, aside, x1 - x0), aside, theme.TEXT_DIM,
                                (x0, head.centery), "midleft")

    def _draw_rule(self, surface: pygame.Surface) -> None:
        game = self.scene.game
        box = self.draw_rule_rect
        text, size = self._rule_text(game)
        theme.blit_text(surface, text, size, theme.TEXT_DIM, box.topleft)
        frac = min(1.0, game.quiet_plies / game.draw_rule.plies)
        bar = self._rule_bar()
        if frac > 0:
            fill = pygame.Rect(bar.x, bar.y, max(6, int(bar.width * frac)), bar.height)
            pygame.draw.rect(surface, theme.DANGER if frac > 0.75 else theme.ACCENT, fill, border_radius=3)
