"""The game library (the Load screen), opening a PDN file, and Continue.

The library lists every saved, archived and imported game in one table:
players, event or levels, date, result, length and opening.  Typing filters
it (players, event, opening, result, date); a click on a heading sorts by
that column (again: the other way).  Enter or a double click on a row opens
the game in Review (from there: continue from any move); Ctrl+Enter continues
it with the players it was played by.  Delete removes the marked games, or the
chosen one, after asking how many; Ctrl+E exports them (Ctrl+click or
Ctrl+Space marks, Ctrl+A marks all shown) to a new PDN file; Ctrl+I imports a
file by its path, and so does dropping a file on the window; Paste PDN
(Ctrl+V) adds the games of the clipboard's text.  Big files are read by the
library's background process while a progress bar moves; leaving the screen
does not stop it (the library is put away with its work and taken back on
the next visit, where its news waits).  This screen only draws and turns
events into calls on ``game.library``.

With ``path`` and ``games`` params it lists the games of one file (a file
opened with ``--pdn`` that holds several games) in the same table.
"""

from __future__ import annotations

import os
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ...controller.clock import record_clock_tags
from ...library import Catalog, Library, LibraryError
from ...library.library import library_dir
from ...notation.damage import stop_words
from ...store import StoreError, read_games_file
from ...store.saves import REPORT_EVENT
from ..file_chooser import FileChooser, recent_folder
from ..library_trash import KEEP_DAYS, keep_for_undo, purge_old, trash_dir
from ..library_trash import undo as undo_deletion
from ..library_view import NEWS_SECONDS, LibraryLayout, draw_library, layout_boxes
from ..menu_items import add_menu_item
from ..scene import Scene, register
from ..store_hooks import players_from_json, resume_record, resume_unfinished, tell
from ..widgets import Button

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ...library.entry import Entry
    from ...store.saves import LoadedGame
    from ..layout_check import Box
    from ..library_trash import Deletion

# what deleting does to "Your record" (store.results keeps every finished game's result apart from its files)
RECORD_KEPT = "Your record keeps every finished game's result: deleting files never changes it."
# and how it is undone (game.ui.library_trash): Ctrl+Z on this screen, or the copy kept KEEP_DAYS days
UNDO_WORDS = "Ctrl+Z brings {it} back while this screen is open (a copy is kept {days} days)."

DOUBLE_CLICK = 0.4

_kept: Library | None = None  # a library put away while its worker was still importing or exporting


def put_away(library: Library | None) -> None:
    """The player leaves the Load screen: a library with work under way (an import, an export) keeps
    its worker going and is kept for the next visit; an idle one is closed."""
    global _kept
    if library is None:
        return
    if library.busy:
        if _kept is not None and _kept is not library:
            _kept.close()
        _kept = library
        return
    library.close()
    if _kept is library:
        _kept = None


def take_back(data: str | os.PathLike[str] | None = None) -> Library | None:
    """The library put away with its work (of the same data folder), or None."""
    global _kept
    lib, _kept = _kept, None
    if lib is not None and lib.root != library_dir(data):
        lib.close()
        return None
    return lib


def open_pdn_file(app: Any, path: str | os.PathLike[str], back: str | None = None) -> bool:
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


def open_games(app: Any, games: Sequence[LoadedGame], path: str | os.PathLike[str],
               back: str | None = None) -> bool:
    """Show games read from ``path``: one in Review, several as a list to choose from."""
    if len(games) == 1:
        return open_loaded_game(app, games[0], replace=back is None)
    if back is None:
        app.switch("menu")  # Back from the list leads to the menu
    app.push("load", path=str(path), games=games)
    return True


def open_loaded_game(app: Any, loaded: LoadedGame, replace: bool = False, ply: int = 0) -> bool:
    """Review a ``store.saves.LoadedGame`` from move ``ply`` (Back returns here, or to the menu)."""
    if loaded.game is None:
        tell(app, "Cannot show this game", loaded.error or "it has no start position")
        return False
    # a damaged record says where it stops in a player's words ("after 2... 22-18; …"), no FEN
    error = stop_words(loaded.tags, loaded.game.moves, loaded.error) if loaded.error else loaded.error
    params = dict(game=loaded.game, tags=loaded.tags, result=loaded.result, error=error, ply=ply,
                  comments=loaded.comments)
    if replace:
        app.switch("menu")  # Back from the review leads to the menu
    app.push("review", back="pop", **params)
    return True


def continue_loaded_game(app: Any, loaded: LoadedGame) -> bool:
    """Play a loaded game on from its end with the players it was played by (its tags).

    A finished game, or one broken part-way, opens in Review at its last move
    instead, where "Continue" offers a computer or a friend from any move.  A game
    with a ``[TimeControl]`` tag goes on with its clocks as its last ``{[%clock]}``
    comments left them (``resume_record``).
    """
    if loaded.game is None:
        tell(app, "Cannot continue this game", loaded.error or "it has no start position")
        return False
    if loaded.game.outcome is not None or loaded.error:
        return open_loaded_game(app, loaded, ply=len(loaded.game.moves))
    levels, humans = loaded.players()
    game = loaded.game
    # who plays on: the game's own computer preselected when its tags name one, else the last choice
    app.push("who_plays", players=players_from_json(levels, humans) if levels else None, turn=game.turn,
             tags=loaded.tags,  # a clock as played, or another (the choice, and the way back, in **choice)
             on_start=lambda players, **choice: resume_record(app, game, game.ply, players, tags=loaded.tags,
                                                              comments=loaded.comments, **choice))
    return True


def _entries_of_games(games: Sequence[LoadedGame]) -> list[Entry]:
    """Table rows for the games of one file already read (``store.saves.LoadedGame``s)."""
    from types import SimpleNamespace

    from ...library.scan import opening_namer, row_of

    namer = opening_namer()
    out: list[Entry] = []
    for g in games:
        moves = list(g.game.moves) if g.game is not None else []
        game = SimpleNamespace(tags=g.tags, moves=moves, result=g.result, error=g.error)
        out.append(row_of(game, g.index, "", namer, id=g.index, kind="file"))
    return out


@register("load")
class LoadScene(Scene):
    """params: none (the library), or ``path`` and ``games`` (the games of one file)."""

    def enter(self) -> None:
        self.path: str | None = self.params.get("path")
        self.games: list[LoadedGame] | None = self.params.get("games")
        if self.games is None:
            kept = take_back()
            self.library: Library | None
            if kept is not None:  # its import or export went on while the player was elsewhere
                self.library = kept
                kept.refresh()
            else:
                self.library = Library()
                self.library.open()
            self.library.update()  # what the index holds shows in the first frame
            self.catalog = self.library.catalog
            self.title = "Game library"
        else:
            self.library = None
            self.catalog = Catalog(_entries_of_games(self.games), sort_key=None)
            self.title = os.path.basename(self.path or "") or "Games"
        self.selected = 0
        self.scroll = 0
        self.current: Entry | None = None      # the chosen entry (kept when the filter or the order changes)
        self.marked: set[int] = set()      # ids of marked entries
        self.message = ""
        self.message_bad = False
        self.message_age = 0.0
        self.prompt: FileChooser | None = None
        self._seen_news = 0
        self._last_news: object = None
        self._seen_change = -1
        self._last_click: tuple[Entry | None, float] = (None, 0.0)
        self._clock = 0.0
        self.layout = LibraryLayout()
        static = self.library is None
        self.open_button = Button("Review", self.open_selected, primary=True, hotkey="Enter")
        self.continue_button = Button("Continue", self.continue_selected, hotkey="Ctrl+Enter")
        self.delete_button = Button("Delete", self.ask_delete, enabled=not static, hotkey="Del")
        self.export_button = Button("Export", self.ask_export, enabled=not static, hotkey="Ctrl+E")
        self.import_button = Button("Import", self.ask_import, enabled=not static, hotkey="Ctrl+I")
        self.paste_button = Button("Paste PDN", self.paste, enabled=not static, hotkey="Ctrl+V")
        self.undo_button = Button("Undo", self.undo_delete, enabled=False, hotkey="Ctrl+Z")
        self.back_button = Button("Back", self.back, hotkey="Esc")
        self.buttons = [self.open_button, self.continue_button, self.delete_button, self.undo_button,
                        self.export_button, self.import_button, self.paste_button, self.back_button]
        self.deletion: Deletion | None = None     # what the last deletion kept aside, while Undo can bring it back
        if self.library is not None:
            purge_old(self.library)  # what deletions kept aside more than KEEP_DAYS days ago goes
        self.resize(self.size)
        self._sync_view()

    def leave(self) -> None:
        put_away(self.library)  # an import or export under way goes on

    # -- the view -------------------------------------------------------------------

    @property
    def view(self) -> list[Entry]:
        return self.catalog.view

    @property
    def query(self) -> str:
        return self.catalog.query

    @property
    def rows(self) -> list[tuple[str, str, bool]]:
        """``(title, detail, broken)`` of each row shown (what the old file list showed)."""
        out: list[tuple[str, str, bool]] = []
        for e in self.view:
            title = f"{e.black} vs {e.white}: {e.result_words}" if e.number >= 0 else e.black
            detail = e.error or " · ".join(x for x in (e.event_or_levels, e.date, f"{e.moves} moves") if x)
            out.append((title, detail, e.broken))
        return out

    def _sync_view(self) -> None:
        """After the view changed: keep the chosen game chosen, the row on screen."""
        view = self.view
        if self.current is not None:
            try:
                self.selected = view.index(self.current)
            except ValueError:
                self.selected = 0
        self.selected = max(0, min(self.selected, len(view) - 1)) if view else 0
        self.current = view[self.selected] if view else None
        self._keep_visible()

    def _keep_visible(self) -> None:
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self.visible_rows:
            self.scroll = self.selected - self.visible_rows + 1
        self.scroll = max(0, min(self.scroll, max(0, len(self.view) - self.visible_rows)))

    def select(self, i: int) -> None:
        if not self.view:
            return
        self.selected = max(0, min(len(self.view) - 1, i))
        self.current = self.view[self.selected]
        self._keep_visible()

    def set_query(self, text: str) -> None:
        self.catalog.set_query(text)
        self._sync_view()

    def sort_by(self, key: str) -> None:
        self.catalog.set_sort(key)
        self._sync_view()

    def say(self, text: str, bad: bool = False) -> None:
        self.message, self.message_bad, self.message_age = text, bad, 0.0

    # -- actions --------------------------------------------------------------------

    def _load(self, entry: Entry) -> LoadedGame | None:
        if self.library is None:
            assert self.games is not None  # (the games of one file)
            return self.games[entry.number]
        try:
            return self.library.load_game(entry)
        except LibraryError as e:
            self.say(str(e), bad=True)
            return None

    def _openable(self) -> Entry | None:
        """The chosen entry if it holds a game, else None (an unreadable file says why)."""
        entry = self.current
        if entry is not None and entry.number < 0:
            self.say(entry.error or "This file cannot be read.", bad=True)
            return None
        return entry

    def open_selected(self, ply: int = 0) -> None:
        entry = self._openable()
        loaded = self._load(entry) if entry is not None else None
        if loaded is not None and entry is not None:
            record = self.library.unfinished_record(entry) if self.library is not None else None
            if record is not None:  # an unfinished game's clocks, as its saved copy would have them
                tags, comments = record_clock_tags(record.extra)
                loaded = replace(loaded, tags={**loaded.tags, **tags}, comments=list(loaded.comments) + comments)
            open_loaded_game(self.app, loaded, ply=ply)

    def continue_selected(self) -> None:
        entry = self._openable()
        if entry is None:
            return
        record = self.library.unfinished_record(entry) if self.library is not None else None
        if record is not None and record.game is not None:
            resume_unfinished(self.app, record)
            return
        loaded = self._load(entry)
        if loaded is not None:
            continue_loaded_game(self.app, loaded)

    def ask_delete(self) -> None:
        """Delete the marked games when there are any (saying how many), else the chosen one."""
        chosen = self.chosen()
        if not chosen or self.library is None:
            return
        if len(chosen) > 1:
            n = len(chosen)
            unfinished = sum(e.kind == "unfinished" for e in chosen)
            what = f"The {n} marked games are removed from their files"
            if unfinished:
                what += f"; {'one of them is' if unfinished == 1 else f'{unfinished} of them are'} unfinished."
            else:
                what += "."
            what += " " + RECORD_KEPT + " " + self._undo_words("them")
            self.app.push("confirm", title=f"Delete {n} games?", message=what, confirm=f"Delete {n}",
                          on_confirm=lambda: self.delete(chosen))
            return
        entry = chosen[0]
        if entry.kind == "unfinished":
            what = f"{entry.players}, {entry.moves} moves. " + self._undo_words("it")
            title = "Delete this unfinished game?"
        elif entry.number < 0:
            what = f"The unreadable file {entry.file} is kept; it is hidden until the library is opened again."
            title = "Hide this file?"
        else:
            what = f"{entry.players}, {entry.date or 'no date'}: it is removed from {entry.file}."
            copies = len(self.library.copies(entry)) - 1
            if copies:
                what = what[:-1] + f", and its {copies} other cop{'y' if copies == 1 else 'ies'} too."
            what += " " + RECORD_KEPT + " " + self._undo_words("it")
            title = "Delete this report?" if entry.event.startswith(REPORT_EVENT) else "Delete this game?"
        hide = entry.number < 0 and entry.kind != "unfinished"
        self.app.push("confirm", title=title, message=what, confirm="Hide" if hide else "Delete",
                      on_confirm=lambda: self.delete(entry))

    def _undo_words(self, it: str) -> str:
        return UNDO_WORDS.format(it=it, days=KEEP_DAYS)  # the folder: docs/ui.md (a long path cut the question)

    def delete(self, entries: Entry | list[Entry]) -> None:
        """Delete games (asked first by ``ask_delete``): one entry or a list.  What goes is kept aside
        first (``library_trash``), so Undo brings it back."""
        if self.library is None:
            return
        entries = entries if isinstance(entries, list) else [entries]
        i = self.selected
        self.marked.difference_update(e.id for e in entries)
        hidden = all(e.number < 0 and e.kind != "unfinished" for e in entries)  # an unreadable file: hidden only
        kept = None if hidden else keep_for_undo(self.library, entries)
        self.library.delete(entries)
        self.deletion = kept
        self.undo_button.enabled = kept is not None
        if kept is not None and kept.problem:
            self.say(f"Deleted, but Undo cannot bring everything back: {kept.problem}", bad=True)
        self.current = None
        self.selected = i
        self._sync_view()

    def undo_delete(self) -> None:
        """Ctrl+Z or Undo: the last deletion's games come back."""
        if self.deletion is None or self.library is None:
            return
        kept, self.deletion = self.deletion, None
        self.undo_button.enabled = False
        line = undo_deletion(self.library, kept)
        self.say(line, bad=line.startswith("Not"))
        self._undone = kept.games_file

    def chosen(self) -> list[Entry]:
        """The marked games in the order shown, else the chosen one."""
        if self.marked:
            return [e for e in self.view if e.id in self.marked] or \
                [e for e in self.catalog.entries if e.id in self.marked]
        return [self.current] if self.current is not None else []

    def toggle_mark(self, entry: Entry | None = None) -> None:
        entry = entry or self.current
        if entry is None or entry.number < 0:
            return
        if entry.id in self.marked:
            self.marked.discard(entry.id)
        else:
            self.marked.add(entry.id)

    def mark_all(self) -> None:
        shown = {e.id for e in self.view if e.number >= 0}
        self.marked = set() if shown and shown <= self.marked else shown

    def ask_export(self) -> None:
        if self.library is None:
            return
        games = self.chosen()
        if not games:
            self.say("No game to export", bad=True)
            return
        folder = Path(recent_folder() or Path.home())
        self.prompt = prompt = FileChooser("export",
                                  f"Export {len(games)} game{'s' if len(games) != 1 else ''} to the PDN file",
                                  str(_free_name(folder / f"checkers games {time.strftime('%Y-%m-%d')}.pdn")))
        prompt.resize(self.size)

    def ask_import(self) -> None:
        if self.library is None:
            return
        self.prompt = prompt = FileChooser("import", "Import the PDN file", "")
        prompt.resize(self.size)

    def import_path(self, path: str | os.PathLike[str]) -> bool:
        """Import a file (typed or dropped); False, with the reason said, when it cannot be."""
        if self.library is None:
            self.say("Open the library to import files", bad=True)
            return False
        try:
            self.library.import_file(path)
        except LibraryError as e:
            self.say(str(e), bad=True)
            return False
        self.say(f"Importing {os.path.basename(str(path).rstrip('/'))}…")
        return True

    def paste(self) -> None:
        """Add the PDN games of the clipboard's text to the library."""
        if self.library is None:
            return
        try:
            text = pygame.scrap.get_text() or ""
        except Exception:  # no clipboard here (a headless run): said as an empty one
            text = ""
        try:
            self.library.paste(text)
        except LibraryError as e:
            self.say(str(e), bad=True)
            return
        self.say("Reading the pasted games…")

    def export_to(self, path: str) -> bool:
        assert self.library is not None  # (export is the library's: ask_export checks)
        try:
            self.library.export(self.chosen(), path)
        except LibraryError as e:
            self.say(str(e), bad=True)
            return False
        return True

    def _confirm_prompt(self) -> None:
        """Enter in the path box: done, or the box stays with its text (chosen: typing replaces it) and
        the reason below it."""
        p = self.prompt
        assert p is not None  # (Enter in the open chooser)
        done = self.import_path(p.path) if p.action == "import" else self.export_to(p.path)
        p.done = None   # not done: the chooser stays, with the reason said
        if done:
            self.prompt = None
            if p.action == "export":
                self.marked.clear()
        else:
            p.fresh = True

    def back(self) -> None:
        if len(self.app.stack) > 1:
            self.app.pop()
        else:
            self.app.switch("menu")

    # -- the frame ------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._clock += dt
        self.message_age += dt
        if self.prompt is not None:
            self.prompt.update(dt)
        lib = self.library
        if lib is None:
            return
        lib.update()
        if lib.changed != self._seen_change:
            self._seen_change = lib.changed
            self._sync_view()
        if len(lib.news) and lib.news[-1] is not self._last_news:
            self._last_news = lib.news[-1]
            self.say(*self._news_words(*lib.news[-1]))

    def _news_words(self, text: str, bad: bool = False) -> tuple[str, bool]:
        """The library's news as the player reads it: the copy a deletion keeps aside is said as what it
        is, and "Game deleted" tells how to undo while Undo can."""
        assert self.library is not None  # (news comes from the library)
        trash = trash_dir(self.library).name
        if text.startswith("Exported") and (f"{os.sep}{trash}{os.sep}" in text or f"{trash} 20" in text):
            return ("Keeping a copy for Undo…", bad) if not bad else (text, bad)
        undone = getattr(self, "_undone", None)
        if undone is not None and text.startswith("Imported") and undone.name in text:
            return ("The deleted games are back" if not bad else text), bad
        if self.deletion is not None and not bad and "deleted" in text and text.split()[-1] == "deleted":
            return f"{text} · Ctrl+Z or Undo brings {'it' if text.startswith('Game') else 'them'} back", bad
        return text, bad

    def wants_redraw(self) -> bool:
        lib = self.library
        news = self.message_age < NEWS_SECONDS + 0.1 and bool(self.message)
        return lib is not None and (lib.busy or lib.loading) or news

    # -- events ---------------------------------------------------------------------

    def handle_event(self, event: Any) -> None:
        if event.type == pygame.DROPFILE:
            self.import_path(event.file)
            return
        if self.prompt is not None:
            self._prompt_event(event)
            return
        if event.type == pygame.TEXTINPUT:
            self.set_query(self.query + event.text)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type == pygame.MOUSEWHEEL:
            top = max(0, len(self.view) - self.visible_rows)
            self.scroll = max(0, min(top, self.scroll - event.y * 3))
            return
        for b in self.buttons:
            if b.handle_event(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)

    def _prompt_event(self, event: Any) -> None:
        """The file chooser has the keys and the mouse while it is open (file_chooser.FileChooser)."""
        p = self.prompt
        assert p is not None  # (called while it is open)
        p.handle_event(event)
        if p.done == "cancel":
            self.prompt = None
        elif p.done == "choose":
            self._confirm_prompt()

    def _key(self, event: Any) -> None:
        k, ctrl = event.key, event.mod & pygame.KMOD_CTRL
        if k == pygame.K_ESCAPE:
            if self.query:
                self.set_query("")
            else:
                self.back()
        elif k == pygame.K_BACKSPACE or k == pygame.K_DELETE and self.query:
            # Del while typing in the filter edits the filter, never the games
            if self.query:
                self.set_query("" if ctrl else self.query[:-1])
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
            self.select(len(self.view) - 1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if ctrl:
                self.continue_selected()
            else:
                self.open_selected()
        elif k == pygame.K_DELETE:
            self.ask_delete()
        elif ctrl and k == pygame.K_e:
            self.ask_export()
        elif ctrl and k in (pygame.K_i, pygame.K_o):
            self.ask_import()
        elif ctrl and k == pygame.K_a:
            self.mark_all()
        elif ctrl and k == pygame.K_v:
            self.paste()
        elif ctrl and k == pygame.K_z:
            self.undo_delete()
        elif ctrl and k == pygame.K_SPACE:
            self.toggle_mark()

    def _click(self, pos: tuple[int, int]) -> None:
        for key, rect in self.layout.header_rects:
            if rect.collidepoint(pos):
                self.sort_by(key)
                return
        i = self.row_at(pos)
        if i is None:
            return
        if pygame.key.get_mods() & (pygame.KMOD_CTRL | pygame.KMOD_SHIFT):
            self.toggle_mark(self.view[i])
            return
        entry = self.view[i]
        again, when = self._last_click
        if entry is self.current and again is entry and self._clock - when <= DOUBLE_CLICK:
            self.open_selected()  # a double click opens; a single click on the chosen row only chooses
            self._last_click = (None, self._clock)
            return
        self.select(i)
        self._last_click = (entry, self._clock)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        lay = self.layout
        if not lay.list_rect.collidepoint(pos):
            return None
        i = self.scroll + (pos[1] - lay.list_rect.y) // lay.row_h
        return i if 0 <= i < len(self.view) else None

    # -- layout and drawing (library_view) ------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.layout.resize(size, self.buttons, self.title)
        if self.prompt is not None:
            self.prompt.resize(size)
        self._keep_visible()

    @property
    def visible_rows(self) -> int:
        return self.layout.visible_rows

    def layout_boxes(self) -> list[Box]:
        return layout_boxes(self)

    def draw(self, surface: pygame.Surface) -> None:
        draw_library(surface, self)
        if self.prompt is not None:
            self.prompt.draw(surface)


def _free_name(path: str | os.PathLike[str]) -> Path:
    """``path``, or ``path (2)``… if that name is taken: a default that never points at a file."""
    path = Path(path)
    n = 2
    candidate = path
    while candidate.exists() and n < 1000:
        candidate = path.with_name(f"{path.stem} ({n}){path.suffix}")
        n += 1
    return candidate


add_menu_item("load", "Game library", lambda app: app.push("load"), order=50)  # the screen's own title
