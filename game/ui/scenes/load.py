"""Load a saved game, open any PDN file, and Continue the game in progress.

The Load screen lists the files of the games folder, newest first (players,
date, result, how many games).  Opening a file with one game shows it in
Review; a file with several lists its games to choose from, broken ones
with their error (they open with the moves read before the error).

Up/Down (or the wheel) choose, Enter or a click opens, Esc goes back.
"""

import logging

import pygame

from ...store import StoreError, has_autosave, list_saved_games, load_autosave, read_games_file
from .. import theme
from ..menu_items import add_menu_item
from ..scene import Scene, register
from ..store_hooks import players_from_json, start_play, tell
from ..widgets import Button

log = logging.getLogger("checkers.ui")


def open_pdn_file(app, path, back=None):
    """Show a PDN file: its only game in Review, or the list of its games.  Never raises.

    ``back=None`` replaces every scene (Back then leads to the menu);
    ``back="pop"`` opens on top of the current scene.
    """
    try:
        games = read_games_file(path)
    except StoreError as e:
        if back is None:
            app.switch("menu")
        tell(app, "Cannot open the file", str(e))
        return False
    return open_games(app, games, path, back)


def open_games(app, games, path, back=None):
    """Show games read from ``path``: one in Review, several as a list to choose from."""
    if len(games) == 1:
        return open_loaded_game(app, games[0], replace=back is None)
    if back is None:
        app.switch("menu")  # Back from the list leads to the menu
    app.push("load", path=str(path), games=games)
    return True


def open_loaded_game(app, loaded, replace=False):
    if loaded.game is None:
        tell(app, "Cannot show this game", loaded.error or "it has no start position")
        return False
    params = dict(game=loaded.game, tags=loaded.tags, error=loaded.error, ply=0)
    if replace:
        app.switch("menu")  # Back from the review leads to the menu
        app.push("review", back="pop", **params)
    else:
        app.push("review", back="pop", **params)
    return True


def continue_game(app):
    """Menu → Continue: the autosaved game, as it was being played."""
    saved = load_autosave()
    if saved is None:
        tell(app, "Nothing to continue", "The saved game could not be read (it was kept aside).")
        return
    players = players_from_json(saved.levels, saved.humans)
    mode = saved.mode if saved.mode in ("1p", "2p", "watch") else None
    start_play(app, saved.game, players, mode)
    if saved.warning:
        tell(app, "Part of the saved game was lost", saved.warning)


@register("load")
class LoadScene(Scene):
    """params: none (the games folder), or ``path`` and ``games`` (the games of one file)."""

    def enter(self):
        self.path = self.params.get("path")
        self.games = self.params.get("games")
        if self.games is None:
            self.files = list_saved_games()
            self.rows = [self._file_row(info) for info in self.files]
            self.title = "Load a game"
            self.empty = "No saved games yet. Press Ctrl+S during a game to save it."
        else:
            self.rows = [self._game_row(g) for g in self.games]
            import os

            self.title = os.path.basename(self.path or "") or "Games"
            self.empty = "This file holds no games."
        self.selected = 0
        self.scroll = 0
        self.message = ""
        self.back_button = Button("Back", self.back, hotkey="Esc")
        self.resize(self.size)

    @staticmethod
    def _file_row(info):
        if info.games == 0:
            return (info.name, info.errors[0] if info.errors else "unreadable", True)
        detail = f"{info.when} · {info.plies} plies"
        if info.games > 1:
            detail += f" · {info.games} games"
        if info.errors:
            detail += f" · {len(info.errors)} broken"
        return (info.title, detail, False)

    @staticmethod
    def _game_row(g):
        detail = g.error or f"{g.tags.get('Event', '')} {g.tags.get('Date', '')}".strip(" ?.")
        return (g.title, detail or "", bool(g.error))

    # -- actions -------------------------------------------------------------------

    def open_selected(self):
        if not self.rows:
            return
        i = self.selected
        if self.games is not None:
            open_loaded_game(self.app, self.games[i])
            return
        info = self.files[i]
        if info.games == 0:
            self.message = info.errors[0] if info.errors else "This file cannot be read."
            return
        open_pdn_file(self.app, info.path, back="pop")

    def wants_redraw(self):
        return False  # the picture changes only with events

    def back(self):
        if len(self.app.stack) > 1:
            self.app.pop()
        else:
            self.app.switch("menu")

    def select(self, i):
        if not self.rows:
            return
        self.selected = max(0, min(len(self.rows) - 1, i))
        self.message = ""
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self.visible_rows:
            self.scroll = self.selected - self.visible_rows + 1

    # -- events --------------------------------------------------------------------

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
            elif k == pygame.K_UP:
                self.select(self.selected - 1)
            elif k == pygame.K_DOWN:
                self.select(self.selected + 1)
            elif k == pygame.K_PAGEUP:
                self.select(self.selected - self.visible_rows)
            elif k == pygame.K_PAGEDOWN:
                self.select(self.selected + self.visible_rows)
            elif k == pygame.K_HOME:
                self.select(0)
            elif k == pygame.K_END:
                self.select(len(self.rows) - 1)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open_selected()
            return
        if event.type == pygame.MOUSEWHEEL:
            top = max(0, len(self.rows) - self.visible_rows)
            self.scroll = max(0, min(top, self.scroll - event.y))
            return
        if self.back_button.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.row_at(event.pos)
            if i is not None:
                self.select(i)
                self.open_selected()
        elif event.type == pygame.MOUSEMOTION:
            i = self.row_at(event.pos)
            if i is not None:
                self.selected = i

    def row_at(self, pos):
        if not self.list_rect.collidepoint(pos):
            return None
        i = self.scroll + (pos[1] - self.list_rect.y) // self.row_h
        return i if 0 <= i < len(self.rows) else None

    # -- layout and drawing --------------------------------------------------------

    def resize(self, size):
        super().resize(size)
        w, h = size
        lw = max(520, min(900, int(w * 0.8)))
        self.row_h = max(48, min(64, h // 12))
        top = max(90, h // 7)
        bottom = h - 110
        self.visible_rows = max(1, (bottom - top) // self.row_h)
        self.list_rect = pygame.Rect((w - lw) // 2, top, lw, self.visible_rows * self.row_h)
        if hasattr(self, "back_button"):
            self.back_button.rect = pygame.Rect((w - 200) // 2, h - 90, 200, 44)

    def draw(self, surface):
        theme.gradient_background(surface)
        w, h = self.size
        theme.blit_text(surface, self.title, theme.fit_text(self.title, 56, w - 40, bold=True), theme.TEXT,
                        (w // 2, self.list_rect.y // 2), "center", bold=True)
        if not self.rows:
            theme.blit_text(surface, self.empty, 24, theme.TEXT_DIM, self.list_rect.midtop, "midtop")
        lr = self.list_rect
        for n in range(self.visible_rows):
            i = self.scroll + n
            if i >= len(self.rows):
                break
            title, detail, broken = self.rows[i]
            r = pygame.Rect(lr.x, lr.y + n * self.row_h, lr.width, self.row_h - 4)
            current = i == self.selected
            pygame.draw.rect(surface, theme.BUTTON_HOVER if current else theme.PANEL, r, border_radius=8)
            if current:
                pygame.draw.rect(surface, theme.FOCUS, r, 2, border_radius=8)
            ts = theme.fit_text(title, int(r.height * 0.42), r.width - 24)
            theme.blit_text(surface, title, ts, theme.TEXT, (r.x + 12, r.y + 4))
            ds = theme.fit_text(detail, int(r.height * 0.32), r.width - 24)
            theme.blit_text(surface, detail, ds, theme.DANGER if broken else theme.TEXT_DIM,
                            (r.x + 12, r.bottom - 4), "bottomleft")
        if len(self.rows) > self.visible_rows:
            more = f"{self.scroll + 1}-{min(len(self.rows), self.scroll + self.visible_rows)} of {len(self.rows)}"
            theme.blit_text(surface, more, 18, theme.TEXT_FAINT, (lr.right, lr.bottom + 4), "topright")
        if self.message:
            theme.blit_text(surface, self.message, theme.fit_text(self.message, 22, w - 40), theme.DANGER,
                            (w // 2, h - 104), "center")
        self.back_button.draw(surface, focused=False)
        theme.blit_text(surface, "Up/Down to choose · Enter or click to open · Esc to go back", 20,
                        theme.TEXT_FAINT, (w // 2, h - 24), "center")


add_menu_item("continue", "Continue", continue_game, condition=lambda app: has_autosave(), order=10, primary=True)
add_menu_item("load", "Load game", lambda app: app.push("load"), order=50)
