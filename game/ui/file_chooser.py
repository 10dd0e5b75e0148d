"""A file chooser drawn in the window, for the library's import and export: by keyboard and mouse.

    chooser = FileChooser("import", "Import the PDN file", "")           # or a default path to export to
    chooser.handle_event(event)   # True: used; chooser.done is then "choose" or "cancel" when it ends
    chooser.update(dt); chooser.draw(surface)

What it shows: a path field with a caret, the recent places (the folders chosen
from before in this run, then home, Documents, Desktop, Downloads), and the
current folder's sub-folders and ``.pdn`` files (hidden ones left out).

Keys: typing edits the field at the caret (Left/Right, Home/End, Backspace/Delete,
Ctrl+V pastes); Tab completes the name being typed (to the one match, or the
longest common start of several, which the list then shows); Up/Down/PageUp/
PageDown choose in the list (the field follows); Enter on a folder opens it, on a
file chooses it; Alt+Up or Ctrl+Backspace goes up a folder; Esc cancels.
Mouse: a click chooses a row, a double-click opens a folder or chooses a file, a
click on a place opens it, the wheel scrolls, a click in the field puts the caret
there, and the Cancel / Import (Export) buttons.

The folder is read with ``os.scandir``, at most ``MAX_ENTRIES`` entries, never
following into the folders: a folder of a hundred thousand files is cut short,
not waited on.  The chooser holds its state only; what to do with the path is
the caller's (``action``, ``text``).  The same attributes as the one-line path
box it replaces (``action``, ``title``, ``text``, ``fresh``, ``type``,
``backspace``), so a caller can treat it as one.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from . import theme

MAX_ENTRIES = 2000        # rows read from one folder (a bigger folder is cut short, and says so)
MAX_TEXT = 1000           # characters in the field
DOUBLE_CLICK = 0.4        # seconds between two clicks on one row that open it
EXTENSION = ".pdn"
HINT = "Tab completes · Up/Down choose · Enter opens a folder or chooses the file · Alt+Up goes up · Esc cancels"

_recent: list[str] = []   # folders chosen from in this run, latest first
MAX_RECENT = 5


def remember_place(folder: str | os.PathLike[str]) -> None:
    """Put ``folder`` first among the recent places (the chooser's left column)."""
    name = os.fspath(folder)
    if name in _recent:
        _recent.remove(name)
    _recent.insert(0, name)
    del _recent[MAX_RECENT:]


def recent_folder() -> str | None:
    """The folder chosen from last in this run, or None."""
    return _recent[0] if _recent else None


def places() -> list[tuple[str, Path]]:
    """(label, folder) of the places column: the recent folders, then home and its usual folders."""
    out: list[tuple[str, Path]] = []
    seen: set[str] = set()

    def add(label: str, folder: Path) -> None:
        key = os.fspath(folder)
        if key not in seen and folder.is_dir():
            seen.add(key)
            out.append((label, folder))

    for name in _recent:
        add(Path(name).name or name, Path(name))
    home = Path.home()
    add("Home", home)
    for sub in ("Documents", "Desktop", "Downloads"):
        add(sub, home / sub)
    return out


class Row:
    """One row of the list: ``..`` (the parent), a folder or a ``.pdn`` file."""

    __slots__ = ("name", "path", "is_dir")

    def __init__(self, name: str, path: Path, is_dir: bool) -> None:
        self.name, self.path, self.is_dir = name, path, is_dir

    @property
    def shown(self) -> str:
        return self.name + ("/" if self.is_dir and self.name != ".." else "")


def list_folder(folder: Path) -> tuple[list[Row], str]:
    """The rows of ``folder`` (the parent first, then folders, then .pdn files, each by name
    ignoring case) and "" or why it could not be read in full."""
    rows: list[Row] = []
    note = ""
    dirs: list[Row] = []
    files: list[Row] = []
    try:
        with os.scandir(folder) as it:
            for n, entry in enumerate(it):
                if n >= MAX_ENTRIES:
                    note = f"only the first {MAX_ENTRIES} entries of this folder are listed"
                    break
                if entry.name.startswith("."):
                    continue
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    continue
                if is_dir:
                    dirs.append(Row(entry.name, Path(entry.path), True))
                elif entry.name.lower().endswith(EXTENSION):
                    files.append(Row(entry.name, Path(entry.path), False))
    except OSError as e:
        note = f"cannot read {folder}: {e.strerror or e}"
    if folder.parent != folder:
        rows.append(Row("..", folder.parent, True))
    rows += sorted(dirs, key=lambda r: r.name.lower()) + sorted(files, key=lambda r: r.name.lower())
    return rows, note


def complete(text: str) -> tuple[str, list[Row]]:
    """Tab on ``text``: the completed text and the rows that match the name being typed (a folder
    completes with its "/")."""
    expanded = os.path.expanduser(text)
    head, tail = os.path.split(expanded)
    folder = Path(head or ".")
    if not folder.is_dir():
        return text, []
    rows, _ = list_folder(folder)
    matches = [r for r in rows if r.name != ".." and r.name.startswith(tail)]
    if not matches:
        matches = [r for r in rows if r.name != ".." and r.name.lower().startswith(tail.lower())]
    if not matches:
        return text, []
    if len(matches) == 1:
        r = matches[0]
        return os.path.join(head, r.name) + (os.sep if r.is_dir else ""), matches
    common = os.path.commonprefix([r.name for r in matches])
    if len(common) > len(tail):
        return os.path.join(head, common), matches
    return text, matches


class FileChooser:
    """See the module's text.  ``done`` is None while open, then "choose" or "cancel"."""

    def __init__(self, action: str, title: str, text: str = "", folder: str | os.PathLike[str] | None = None,
                 ok: str | None = None) -> None:
        self.action, self.title = action, title
        self.text = text[:MAX_TEXT]
        self.caret = len(self.text)
        self.fresh = bool(text)      # a default chosen: the first key typed replaces it
        self.ok_label = ok or ("Export" if action == "export" else "Import")
        self.done: str | None = None
        self.rows: list[Row] = []
        self.note = ""
        self.selected = -1
        self.scroll = 0
        self.matches: list[Row] | None = None   # Tab's matches, shown instead of the folder
        self._clock = 0.0
        self._last_click: tuple[float, int] = (-1.0, -1)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.size = 20
        start = Path(os.path.expanduser(folder)) if folder else None
        if start is None and text:
            start = Path(os.path.expanduser(text)).parent
        if start is None or not start.is_dir():
            start = Path(_recent[0]) if _recent and Path(_recent[0]).is_dir() else Path.home()
        self.open_folder(start, keep_text=bool(text))

    # -- state ---------------------------------------------------------------------

    def open_folder(self, folder: Path, keep_text: bool = False) -> None:
        """List ``folder``; the field names it (with a "/", chosen: a name typed replaces it, and is
        read in this folder) unless ``keep_text``."""
        self.folder = folder
        self.rows, self.note = list_folder(folder)
        self.matches = None
        self.selected = -1
        self.scroll = 0
        if not keep_text:
            self.set_text(os.path.join(os.fspath(folder), ""), fresh=True)

    @property
    def path(self) -> str:
        """The path the field names: a relative one is read in the folder shown."""
        typed = os.path.expanduser(self.text.strip())
        return typed if os.path.isabs(typed) else os.path.join(os.fspath(self.folder), typed)

    @property
    def shown_rows(self) -> list[Row]:
        return self.matches if self.matches is not None else self.rows

    def set_text(self, text: str, fresh: bool = False) -> None:
        self.text = text[:MAX_TEXT]
        self.caret = len(self.text)
        self.fresh = fresh

    def type(self, s: str) -> None:
        """Insert ``s`` at the caret (replacing a fresh default)."""
        if self.fresh:
            self.text, self.caret = "", 0
        room = MAX_TEXT - len(self.text)
        s = s[:max(0, room)]
        self.text = self.text[:self.caret] + s + self.text[self.caret:]
        self.caret += len(s)
        self.fresh = False
        self.matches = None

    def backspace(self) -> None:
        if self.caret > 0:
            self.text = self.text[:self.caret - 1] + self.text[self.caret:]
            self.caret -= 1
        self.fresh = False
        self.matches = None

    def delete(self) -> None:
        self.text = self.text[:self.caret] + self.text[self.caret + 1:]
        self.fresh = False
        self.matches = None

    def move_caret(self, to: int) -> None:
        self.caret = max(0, min(len(self.text), to))
        self.fresh = False

    def tab(self) -> None:
        """Complete the name at the end of the field; a completed folder is opened."""
        text, matches = complete(self.path)
        self.set_text(text)
        path = Path(os.path.expanduser(text))
        if text.endswith(os.sep) and path.is_dir():
            self.open_folder(path)
        elif len(matches) > 1:
            self.matches = matches
            self.selected, self.scroll = -1, 0

    def choose_row(self, index: int) -> None:
        rows = self.shown_rows
        if not rows:
            return
        self.selected = max(0, min(len(rows) - 1, index))
        row = rows[self.selected]
        self.set_text(os.fspath(row.path) + (os.sep if row.is_dir else ""), fresh=False)
        self._keep_visible()

    def enter(self) -> None:
        """Enter: a folder named in the field is opened; anything else is the choice."""
        if not self.text.strip():
            return
        path = Path(self.path)
        if path.is_dir():
            self.open_folder(path)
            return
        self.finish("choose")

    def up(self) -> None:
        if self.folder.parent != self.folder:
            self.open_folder(self.folder.parent)

    def finish(self, how: str) -> None:
        self.done = how
        if how == "choose":
            remember_place(Path(self.path).parent)

    # -- events --------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            self.type(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self._top_scroll(), self.scroll - event.y * 3))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

    def _key(self, event: pygame.event.Event) -> bool:
        k, ctrl, alt = event.key, event.mod & pygame.KMOD_CTRL, event.mod & pygame.KMOD_ALT
        if k == pygame.K_ESCAPE:
            self.finish("cancel")
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.enter()
        elif k == pygame.K_TAB:
            self.tab()
        elif k == pygame.K_UP and alt or k == pygame.K_BACKSPACE and ctrl:
            self.up()
        elif k == pygame.K_BACKSPACE:
            self.backspace()
        elif k == pygame.K_DELETE:
            self.delete()
        elif k == pygame.K_LEFT:
            self.move_caret(self.caret - 1)
        elif k == pygame.K_RIGHT:
            self.move_caret(self.caret + 1)
        elif k == pygame.K_HOME:
            self.move_caret(0)
        elif k == pygame.K_END:
            self.move_caret(len(self.text))
        elif k == pygame.K_UP:
            self.choose_row(self.selected - 1 if self.selected > 0 else 0)
        elif k == pygame.K_DOWN:
            self.choose_row(self.selected + 1)
        elif k == pygame.K_PAGEUP:
            self.choose_row(self.selected - self.visible_rows())
        elif k == pygame.K_PAGEDOWN:
            self.choose_row(self.selected + self.visible_rows())
        elif k == pygame.K_v and ctrl:
            try:
                pasted = pygame.scrap.get_text() or ""
            except Exception:   # no clipboard (a headless run)
                pasted = ""
            if pasted:
                self.type(" ".join(pasted.split()))
        return True

    def _click(self, pos: tuple[int, int]) -> None:
        lay = self.layout()
        if lay["cancel"].collidepoint(pos):
            self.finish("cancel")
            return
        if lay["ok"].collidepoint(pos):
            self.enter() if Path(self.path).is_dir() else self.finish("choose")
            return
        if lay["field"].collidepoint(pos):
            self.move_caret(self._caret_at(pos[0] - lay["field"].x - self._pad()))
            return
        for i, (_, folder) in enumerate(places()):
            if self._place_rect(lay, i).collidepoint(pos):
                self.open_folder(folder)
                return
        index = self._row_at(lay, pos)
        if index is None:
            return
        again = self._last_click[1] == index and self._clock - self._last_click[0] <= DOUBLE_CLICK
        self._last_click = (self._clock, index)
        self.choose_row(index)
        if again:
            row = self.shown_rows[index]
            if row.is_dir:
                self.open_folder(row.path)
            else:
                self.finish("choose")

    def update(self, dt: float) -> None:
        self._clock += dt

    # -- layout --------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = max(16, min(48, h // 30))   # as the library's own text grows with the window
        pw, ph = min(w - 40, max(560, int(w * 0.72))), min(h - 40, max(400, int(h * 0.78)))
        self.rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)

    def _pad(self) -> int:
        return max(8, self.size // 2)

    def line_h(self) -> int:
        return theme.font(self.size).get_linesize() + 4

    def layout(self) -> dict[str, pygame.Rect]:
        r, pad, lh = self.rect, self._pad(), self.line_h()
        title = pygame.Rect(r.x + pad, r.y + pad, r.width - 2 * pad, lh)
        field = pygame.Rect(r.x + pad, title.bottom + pad // 2, r.width - 2 * pad, lh + pad // 2)
        bh = lh + pad
        buttons_y = r.bottom - pad - bh
        hint_h = theme.wrapped_height(HINT, max(14, self.size - 4), r.width - 2 * pad)
        hint = pygame.Rect(r.x + pad, buttons_y - pad // 2 - hint_h, r.width - 2 * pad, hint_h)
        body_top = field.bottom + pad
        body = pygame.Rect(r.x + pad, body_top, r.width - 2 * pad, max(lh, hint.y - pad // 2 - body_top))
        side_w = min(body.width // 3, max(120, theme.text_size("Downloads", self.size)[0] + 3 * pad))
        side = pygame.Rect(body.x, body.y, side_w, body.height)
        listing = pygame.Rect(side.right + pad, body.y, body.right - side.right - pad, body.height)
        bw = max(theme.text_size(self.ok_label, self.size, bold=True)[0],
                 theme.text_size("Cancel", self.size)[0]) + 4 * pad
        ok = pygame.Rect(r.right - pad - bw, buttons_y, bw, bh)
        cancel = pygame.Rect(ok.x - pad - bw, buttons_y, bw, bh)
        return {"title": title, "field": field, "side": side, "list": listing, "hint": hint, "ok": ok,
                "cancel": cancel}

    def visible_rows(self) -> int:
        return max(1, (self.layout()["list"].height - 4) // self.line_h())

    def _top_scroll(self) -> int:
        return max(0, len(self.shown_rows) - self.visible_rows())

    def _keep_visible(self) -> None:
        n = self.visible_rows()
        if self.selected < self.scroll:
            self.scroll = max(0, self.selected)
        elif self.selected >= self.scroll + n:
            self.scroll = self.selected - n + 1

    def row_rect(self, lay: dict[str, pygame.Rect], index: int) -> pygame.Rect:
        """Where row ``index`` of the list is drawn (off the list when scrolled away)."""
        lh = self.line_h()
        box = lay["list"]
        return pygame.Rect(box.x + 2, box.y + 2 + (index - self.scroll) * lh, box.width - 4, lh)

    def _row_at(self, lay: dict[str, pygame.Rect], pos: tuple[int, int]) -> int | None:
        if not lay["list"].collidepoint(pos):
            return None
        index = self.scroll + (pos[1] - lay["list"].y - 2) // self.line_h()
        return index if 0 <= index < len(self.shown_rows) and index < self.scroll + self.visible_rows() else None

    def _place_rect(self, lay: dict[str, pygame.Rect], index: int) -> pygame.Rect:
        side, lh = lay["side"], self.line_h()
        return pygame.Rect(side.x, side.y + lh + index * lh, side.width, lh)

    def _caret_at(self, x: int) -> int:
        """The caret index nearest ``x`` pixels into the field's text (as drawn, scrolled)."""
        start = self._shown_start()
        best, best_d = start, abs(x)
        for i in range(start, len(self.text) + 1):
            d = abs(theme.text_size(self.text[start:i], self.size)[0] - x)
            if d < best_d:
                best, best_d = i, d
        return best

    def _shown_start(self) -> int:
        """The first character drawn: the field scrolls so that the caret is in view."""
        width = self.layout()["field"].width - 2 * self._pad()
        start = 0
        while start < self.caret and theme.text_size(self.text[start:self.caret], self.size)[0] > width:
            start += 1
        return start

    # -- drawing -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.width == 0:
            self.resize(surface.get_size())
        theme.veil(surface, 150)
        r, pad, size = self.rect, self._pad(), self.size
        lay = self.layout()
        pygame.draw.rect(surface, theme.PANEL, r, border_radius=10)
        pygame.draw.rect(surface, theme.PANEL_EDGE, r, 2, border_radius=10)
        theme.blit_text(surface, theme.elide(self.title, size, lay["title"].width, bold=True), size, theme.TEXT,
                        lay["title"].topleft, bold=True)
        # the field, its text scrolled to keep the caret in view, the caret a bar
        field = lay["field"]
        pygame.draw.rect(surface, theme.BACKGROUND, field, border_radius=6)
        pygame.draw.rect(surface, theme.FOCUS, field, 2, border_radius=6)
        start = self._shown_start()
        inner = field.width - 2 * pad
        shown = theme.elide(self.text[start:], size, inner)
        where = (field.x + pad, field.centery)
        drawn = theme.blit_text(surface, shown, size, theme.TEXT, where, "midleft")
        if self.fresh and self.text:  # the default is chosen: typing replaces it
            pygame.draw.rect(surface, theme.ACCENT_DARK, drawn.inflate(4, 2), 1)
        cx = field.x + pad + theme.text_size(self.text[start:self.caret], size)[0]
        pygame.draw.line(surface, theme.CURSOR, (cx, field.y + 5), (cx, field.bottom - 6), 2)
        # the places
        side = lay["side"]
        theme.blit_text(surface, "Places", max(14, size - 4), theme.TEXT_DIM, side.topleft)
        for i, (label, folder) in enumerate(places()):
            pr = self._place_rect(lay, i)
            if pr.bottom > side.bottom:
                break
            here = folder == self.folder
            if here:
                pygame.draw.rect(surface, theme.CHECKED, pr, border_radius=4)
            theme.blit_text(surface, theme.elide(label, size, pr.width - pad), size,
                            theme.TEXT if here else theme.TEXT_DIM, (pr.x + pad // 2, pr.centery), "midleft")
        # the list
        box = lay["list"]
        pygame.draw.rect(surface, theme.BACKGROUND, box, border_radius=6)
        rows = self.shown_rows
        clip = surface.get_clip()
        surface.set_clip(box)
        for i in range(self.scroll, min(len(rows), self.scroll + self.visible_rows())):
            rr = self.row_rect(lay, i)
            row = rows[i]
            if i == self.selected:
                pygame.draw.rect(surface, theme.ACCENT, rr, border_radius=4)
            colour = theme.ON_ACCENT if i == self.selected else (theme.ACCENT if row.is_dir else theme.TEXT)
            theme.blit_text(surface, theme.elide(row.shown, size, rr.width - 2 * pad), size, colour,
                            (rr.x + pad, rr.centery), "midleft")
        surface.set_clip(clip)
        if not rows or self.note:
            words = self.note or f"No folders or {EXTENSION} files here"
            theme.blit_text(surface, theme.elide(words, max(14, size - 4), box.width - 2 * pad), max(14, size - 4),
                            theme.TEXT_FAINT, (box.x + pad, box.bottom - pad), "bottomleft")
        theme.blit_wrapped(surface, HINT, lay["hint"], max(14, size - 4), theme.TEXT_FAINT)
        for name, label, primary in (("cancel", "Cancel", False), ("ok", self.ok_label, True)):
            br = lay[name]
            pygame.draw.rect(surface, theme.BUTTON, br, border_radius=6)
            theme.blit_text(surface, label, size, theme.ACCENT if primary else theme.TEXT, br.center, "center",
                            bold=primary)


__all__ = ["FileChooser", "complete", "list_folder", "places", "recent_folder", "remember_place"]
