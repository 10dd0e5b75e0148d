"""The side panel of the play screen: players, the computer's thinking, moves, draw rule, buttons."""

import math

import pygame

from ..engine.search import describe_score
from ..rules import BLACK, WHITE
from . import theme
from .widgets import Button
from .words import outcome_words, to_move


def score_words(score):
    """An engine score as a player reads it: ``+1.25`` (men ahead) or ``win in 7``."""
    return "…" if score is None else describe_score(score)


def pdn_lines(game):
    """The moves as numbered PDN lines: ``1. 11-15 23-19`` (``1. ... 23-19`` if white began)."""
    lines = []
    moves = [str(m) for m in game.moves]
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


class SidePanel:
    def __init__(self, scene):
        self.scene = scene
        s = scene
        self.move_now = Button("Move now", s.move_now, primary=True, hotkey="M")
        self.undo = Button("Undo", s.undo, hotkey="Ctrl+Z")
        self.redo = Button("Redo", s.redo, hotkey="Ctrl+Y")
        self.flip = Button("Flip board", s.flip, hotkey="F")
        self.numbers = Button("Numbers", s.toggle_numbers, hotkey="N")
        self.resign = Button("Resign", s.resign, hotkey="R")
        self.pause = Button("Pause", s.toggle_pause, hotkey="Space")
        self.step = Button("Step", s.step_once, hotkey="S")
        self.menu = Button("Menu", s.to_menu, hotkey="Esc")
        self.again = Button("New game", s.play_again, primary=True)
        if s.mode == "watch":
            self.grid = [self.undo, self.redo, self.pause, self.step, self.flip, self.numbers, self.menu, self.again]
        else:
            self.grid = [self.undo, self.redo, self.flip, self.numbers, self.resign, self.menu, self.again]
        self.buttons = [self.move_now] + self.grid
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.k = 1.0
        self.scroll = 0  # move-list lines scrolled back from the end

    def f(self, size):
        """A text size scaled with the panel (bigger windows, bigger type)."""
        return int(size * self.k)

    def resize(self, rect):
        self.rect = pygame.Rect(rect)
        r = self.rect
        self.k = max(0.85, min(1.5, min(r.height / 740, r.width / 354)))
        pad = int(16 * self.k)
        bh = max(32, min(int(42 * self.k), r.height // 18))
        gap = 8
        cols = 2
        bw = (r.width - 2 * pad - gap) // cols
        rows = math.ceil(len(self.grid) / cols)
        y = r.bottom - pad - rows * bh - (rows - 1) * gap
        self.grid_top = y
        for i, b in enumerate(self.grid):
            b.rect = pygame.Rect(r.x + pad + (i % cols) * (bw + gap), y + (i // cols) * (bh + gap), bw, bh)
        if len(self.grid) % cols:
            self.grid[-1].rect.width = r.width - 2 * pad  # a lone last button spans the row
        self.player_h = max(46, int(50 * self.k))
        self.players_rect = pygame.Rect(r.x + pad, r.y + pad, r.width - 2 * pad, 2 * self.player_h + 8)
        self.think_rect = pygame.Rect(r.x + pad, self.players_rect.bottom + 12, r.width - 2 * pad,
                                      bh + int(78 * self.k))
        self.move_now.rect = pygame.Rect(self.think_rect.x + 12, self.think_rect.bottom - bh - 10,
                                         self.think_rect.width - 24, bh)
        self.draw_rule_rect = pygame.Rect(r.x + pad, self.grid_top - 14 - self.f(44), r.width - 2 * pad, self.f(44))
        self.moves_rect = pygame.Rect(r.x + pad, self.think_rect.bottom + 12, r.width - 2 * pad,
                                      self.draw_rule_rect.y - 10 - self.think_rect.bottom - 12)

    def refresh(self):
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
        self.pause.text = "Resume" if s.paused else "Pause"
        self.numbers.text = "Hide numbers" if s.numbers else "Numbers"
        self.pause.enabled = not over
        self.step.enabled = not over
        self.again.visible = True
        self.again.primary = over
        self.again.text = "Play again" if over else "New game"

    def handle_event(self, event):
        self.refresh()
        if event.type == pygame.KEYDOWN:
            return False
        if event.type == pygame.MOUSEWHEEL and self.moves_rect.collidepoint(pygame.mouse.get_pos()):
            # scroll the move list back through the game (0 = the latest moves)
            self.scroll = max(0, min(len(pdn_lines(self.scene.game)), self.scroll + event.y))
            return True
        used = False
        for b in self.buttons:
            if b.visible and b.handle_event(event):
                used = True
                break
        return used

    # -- drawing --------------------------------------------------------------

    def draw_chrome(self, surface):
        """The panel's card and its fixed boxes: drawn once into the scene's cached background."""
        r = self.rect
        pygame.draw.rect(surface, (20, 23, 28), r.move(0, 4), border_radius=14)
        pygame.draw.rect(surface, theme.PANEL, r, border_radius=14)
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, 1, border_radius=14)
        pygame.draw.rect(surface, (34, 39, 48), self.think_rect, border_radius=10)
        box = self.moves_rect
        if box.height >= 40:
            theme.blit_text(surface, "Moves", self.f(22), theme.TEXT, (box.x + 2, box.y), "topleft", bold=True)
            area = pygame.Rect(box.x, box.y + self.f(28), box.width, box.height - self.f(28))
            pygame.draw.rect(surface, (34, 39, 48), area, border_radius=10)
        bar = pygame.Rect(self.draw_rule_rect.x, self.draw_rule_rect.y + 24, self.draw_rule_rect.width, 8)
        pygame.draw.rect(surface, (34, 39, 48), bar, border_radius=4)

    def draw(self, surface, chrome=True):
        if chrome:
            self.draw_chrome(surface)
        self._draw_players(surface)
        self._draw_thinking(surface)
        self._draw_moves(surface)
        self._draw_rule(surface)
        for b in self.buttons:
            b.draw(surface)

    def _player_label(self, colour):
        s = self.scene
        level = s.players.get(colour)
        if level is not None:
            return f"Computer · {level.name}"
        humans = s.humans()
        return "You" if len(humans) == 1 else f"Player {1 if colour == BLACK else 2}"

    def _draw_players(self, surface):
        s = self.scene
        pos = s.game.position
        over = s.game.outcome is not None
        # the side at the bottom of the board is listed second, nearer the player
        top_colour = WHITE if s.flipped else BLACK
        for i, colour in enumerate((top_colour, 1 - top_colour)):
            row = pygame.Rect(self.players_rect.x, self.players_rect.y + i * (self.player_h + 8),
                              self.players_rect.width, self.player_h)
            to_move = not over and pos.turn == colour
            pygame.draw.rect(surface, theme.BUTTON if to_move else (48, 54, 66), row, border_radius=10)
            if to_move:
                pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(row.x, row.y + 8, 4, row.height - 16),
                                 border_radius=2)
            radius = row.height // 3
            centre = (row.x + 14 + radius, row.centery)
            sprite = s.renderer._sprite("man_black" if colour == BLACK else "man_white", radius * 2 + 4)
            if sprite is not None:
                surface.blit(sprite, sprite.get_rect(center=centre))
            else:
                fill = theme.BLACK_PIECE if colour == BLACK else theme.WHITE_PIECE
                edge = (110, 110, 118) if colour == BLACK else theme.WHITE_PIECE_EDGE
                pygame.draw.circle(surface, fill, centre, radius)
                pygame.draw.circle(surface, edge, centre, radius, 2)
            x = centre[0] + radius + 12
            theme.blit_text(surface, theme.side_name(colour), self.f(26), theme.TEXT, (x, row.centery - 2), "bottomleft",
                            bold=True)
            theme.blit_text(surface, self._player_label(colour), self.f(20), theme.TEXT_DIM, (x, row.centery + 2), "topleft")
            kings = (pos.bk if colour == BLACK else pos.wk).bit_count()
            count = pos.count(colour)
            theme.blit_text(surface, str(count), self.f(34), theme.TEXT, (row.right - 14, row.centery - 1), "midright",
                            bold=True)
            label = "pieces" if not kings else f"{kings} king{'s' if kings > 1 else ''} of"
            count_w = theme.font(self.f(34), True).size(str(count))[0]
            theme.blit_text(surface, label, max(14, self.f(16)), theme.TEXT_FAINT,
                            (row.right - 14 - count_w - 8, row.centery), "midright")

    def _draw_thinking(self, surface):
        s = self.scene
        box = self.think_rect
        c = s.computer
        if s.match.thinking:
            centre = (box.x + self.f(24), box.y + self.f(24))
            angle = (s.clock * 5.0) % (2 * math.pi)
            rad = self.f(11)
            arc = pygame.Rect(0, 0, 2 * rad, 2 * rad)
            arc.center = centre
            pygame.draw.circle(surface, theme.PANEL_EDGE, centre, rad, 3)
            pygame.draw.arc(surface, theme.ACCENT, arc, angle, angle + 1.8, 3)
            side = theme.side_name(s.game.turn)
            thinker = f"{side} is thinking…" if s.mode == "watch" else "Computer is thinking…"
            title = "Moving now…" if c.stopping else thinker
            theme.blit_text(surface, title, self.f(22), theme.TEXT, (box.x + self.f(46), box.y + self.f(24)), "midleft", bold=True)
            # the engine scores from the side to move's view: say whose
            detail = (f"Depth {c.depth or '—'}   ·   {side} {score_words(c.score) if c.depth else '…'}"
                      f"   ·   {c.elapsed():.1f} s")
            theme.blit_text(surface, detail, self.f(19), theme.TEXT_DIM, (box.x + 14, box.y + self.f(44)), "topleft")
            return
        if s.game.outcome is not None:
            title, detail = "Game over", outcome_words(s.game.outcome)
        elif s.match.engine_problem is not None:
            title, detail = "Engine problem", f"{s.match.engine_problem}. Press M to try again."
        elif s.mode == "watch" and s.paused:
            title, detail = "Paused", "Space resumes; S plays one move."
        elif s.is_human(s.game.turn):
            you = len(s.humans()) == 1
            title = "Your move" if you else to_move(s.game.turn)
            if s.input is not None and s.input.in_jump:
                detail = "Keep jumping: click the next landing square."
            elif s.input is not None and s.input.must_capture:
                detail = "A capture is available: you must take."
            else:
                detail = "Click a piece, then where it goes."
        else:
            title, detail = "Computer's move", ""
        theme.blit_text(surface, title, self.f(22), theme.TEXT, (box.x + 14, box.y + self.f(24)), "midleft", bold=True)
        y = box.y + self.f(40)
        for line in theme.wrap(detail, self.f(19), box.width - 28)[:2]:
            theme.blit_text(surface, line, self.f(19), theme.TEXT_DIM, (box.x + 14, y), "topleft")
            y += theme.font(self.f(19)).get_linesize()
        if c.depth and s.game.moves:
            theme.blit_text(surface, f"Last search: depth {c.depth}, score {score_words(c.score)}", self.f(17),
                            theme.TEXT_FAINT, (box.x + 14, box.bottom - 14), "bottomleft")

    def _draw_moves(self, surface):
        s = self.scene
        box = self.moves_rect
        if box.height < 40:
            return
        lines = pdn_lines(s.game)
        line_h = self.f(24)
        area = pygame.Rect(box.x, box.y + self.f(28), box.width, box.height - self.f(28))
        fit = max(1, (area.height - 12) // line_h)
        back = min(self.scroll, max(0, len(lines) - fit))
        shown = lines[max(0, len(lines) - fit - back):len(lines) - back]
        if not lines:
            theme.blit_text(surface, "No moves yet", self.f(20), theme.TEXT_FAINT, area.center, "center")
            return
        y = area.y + 8
        col1 = area.x + self.f(54)
        col2 = area.x + self.f(54) + (area.width - self.f(60)) // 2
        last = len(s.game.moves)
        for k, (number, first, second) in enumerate(shown):
            is_last_line = k == len(shown) - 1 and back == 0
            theme.blit_text(surface, f"{number}.", self.f(20), theme.TEXT_FAINT, (area.x + self.f(42), y), "topright")
            c1 = theme.ACCENT if is_last_line and not second and last else theme.TEXT
            c2 = theme.ACCENT if is_last_line and second else theme.TEXT
            theme.blit_text(surface, first, self.f(20), c1 if first != "..." else theme.TEXT_FAINT, (col1, y), "topleft")
            if second:
                theme.blit_text(surface, second, self.f(20), c2, (col2, y), "topleft")
            y += line_h
        earlier = len(lines) - fit - back
        if earlier > 0:
            theme.blit_text(surface, f"{earlier} earlier", self.f(16), theme.TEXT_FAINT,
                            (area.right - 10, area.y + 6), "topright")
        if back > 0:
            theme.blit_text(surface, f"{back} later", self.f(16), theme.TEXT_FAINT,
                            (area.right - 10, area.bottom - 6), "bottomright")

    def _draw_rule(self, surface):
        s = self.scene
        box = self.draw_rule_rect
        rule = s.game.draw_rule
        quiet = s.game.quiet_plies
        frac = min(1.0, quiet / rule.plies)
        reps = s.game.repetitions()
        text = f"Draw rule: {quiet} of {rule.plies} plies without progress"
        if reps > 1:
            text += f" · position seen {reps}×"
        size = theme.fit_text(text, self.f(18), box.width)
        theme.blit_text(surface, text, size, theme.TEXT_DIM, (box.x + 2, box.y), "topleft")
        bar = pygame.Rect(box.x, box.y + self.f(24), box.width, 8)
        if frac > 0:
            fill = pygame.Rect(bar.x, bar.y, max(8, int(bar.width * frac)), bar.height)
            pygame.draw.rect(surface, theme.DANGER if frac > 0.75 else theme.ACCENT, fill, border_radius=4)
