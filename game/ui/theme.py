"""Colours, sizes and fonts: the look of the game in one place.

Every text drawn on screen goes through ``clean`` (control, format and
unassigned characters dropped, unpaired surrogates shown as U+FFFD, length capped)
before it reaches the font renderer, so a file name that is not UTF-8 or a
NUL byte in a game file can never stop the window.  Fonts are the shipped
Noto Sans regular and bold, opened per pixel size (crisp at any window
size, a real bold face, not a thickened regular one).
"""

from __future__ import annotations

import io
import math
import re
import unicodedata
from typing import Any

import pygame

BACKGROUND = (28, 32, 38)
BACKGROUND_TOP = (38, 44, 54)
PANEL = (40, 46, 56)
PANEL_EDGE = (62, 70, 84)
TEXT = (236, 232, 222)
TEXT_DIM = (160, 164, 172)
TEXT_FAINT = (112, 118, 128)
ACCENT = (232, 176, 72)
ACCENT_DARK = (176, 124, 40)
DANGER = (214, 92, 80)
GOOD = (112, 190, 120)

BUTTON = (58, 66, 80)
BUTTON_HOVER = (74, 84, 102)
BUTTON_TEXT = TEXT
BUTTON_DISABLED = (46, 52, 62)
FOCUS = ACCENT
FOCUS_RING = (255, 236, 190)    # the edge of the one focused widget
ON_ACCENT = (30, 24, 16)        # text on an accent fill
ON_ACCENT_DIM = (90, 70, 40)
CHECKED = (52, 74, 60)          # the chosen one of a set (a tool), not the focus

LIGHT_SQUARE = (236, 218, 184)
DARK_SQUARE = (122, 78, 50)
BOARD_FRAME = (66, 42, 28)

BLACK_PIECE = (40, 40, 44)
BLACK_PIECE_EDGE = (12, 12, 14)
WHITE_PIECE = (238, 232, 216)
WHITE_PIECE_EDGE = (150, 140, 120)
CROWN = (230, 184, 60)

# The marks that guide a move are two-toned: a bright tone that stands out on the dark
# squares and a dark rim that stands out on the light ones, each at least 3:1 against its
# square (WCAG's floor for graphics; tests/test_contrast.py measures them on the wood).
MARK_RIM = (20, 16, 12)
CURSOR = (255, 214, 90)          # the keyboard cursor
MOVABLE = (255, 214, 90)         # the ring round a piece that can move
CAPTURE_GLOW = (255, 160, 60)    # ... and the square's edge when it must capture
DESTINATION = (130, 230, 140)    # the dots where the piece in hand can go
SELECTED = (120, 210, 120)
CAPTURE_MARK = (226, 86, 72)
LAST_MOVE = (120, 170, 230)
GUIDE_MARKS = {"cursor": CURSOR, "movable": MOVABLE, "capture": CAPTURE_GLOW, "destination": DESTINATION}

# What the two sides are called on screen, indexed by game.rules' BLACK (0) and
# WHITE (1).  The side that moves first has red pieces, so it is called Red:
# the name matches the colour in menus, status lines, panels and labels.
SIDE_NAMES = ("Red", "White")


Colour = tuple[int, int, int]


def side_name(colour: int) -> str:
    """The on-screen name of a side (game.rules BLACK or WHITE)."""
    return SIDE_NAMES[colour]


FONT_FILES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}
# Sizes in the layouts are nominal: the scale at which pygame's old default
# font was asked for.  Noto Sans is wider at the same nominal size, so the
# real pixel size is this fraction of it and the layouts keep their widths.
FONT_SCALE = 0.7
BASE_FONT_SCALE = FONT_SCALE
# the setting "Text size": every text a step larger; the layouts fit their texts to their boxes, so
# a larger text takes the room a box has and is cut short (never overlapping) where it has none
TEXT_SCALES = {"normal": 1.0, "large": 1.15, "larger": 1.3}
MAX_TEXT = 300  # characters: no label, file name or tag needs more on screen

# Characters removed before rendering: controls (Cc), format characters such
# as bidi overrides and zero-width joiners (Cf), private-use and unassigned
# code points (Co, Cn).  Tabs and line breaks become spaces; unpaired surrogates (how Python
# carries undecodable bytes of a file name) are shown as U+FFFD.
_DROP = frozenset(("Cc", "Cf", "Co", "Cn"))
_SPACE = frozenset("\t\n\r\v\f\x85\u2028\u2029")
REPLACEMENT = "\ufffd"
ELLIPSIS = "\u2026"


def clean(string: object, limit: int = MAX_TEXT) -> str:
    """``string`` made safe to render: any object, bytes or str in, printable str out.

    Never raises.  Runs of undecodable bytes or unpaired surrogates become one
    U+FFFD; controls and format characters go; the result is at most ``limit``
    characters (an ellipsis marks a cut).
    """
    if string is None:
        return ""
    if isinstance(string, (bytes, bytearray)):
        string = bytes(string[: limit * 4 + 4]).decode("utf-8", "replace")
    elif not isinstance(string, str):
        try:
            string = str(string)
        except Exception:
            return REPLACEMENT
    string = string[: limit * 2 + 2]  # a multi-megabyte tag costs no more than a short one
    if not string.isprintable() or _has_surrogate(string):
        string = _scrub(string)
    if len(string) > limit:
        string = string[: max(0, limit - 1)] + ELLIPSIS
    return string


def _has_surrogate(string: str) -> bool:
    return any("\ud800" <= ch <= "\udfff" for ch in string)


def _scrub(string: str) -> str:
    # a correctly paired surrogate becomes the character it encodes; a lone one, U+FFFD
    string = string.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    out = []
    for ch in string:
        if ch in _SPACE:
            out.append(" ")
        elif ch == REPLACEMENT:
            if not out or out[-1] != REPLACEMENT:
                out.append(ch)
        elif unicodedata.category(ch) not in _DROP:
            out.append(ch)
    return "".join(out)


def font_file(bold: bool = False) -> Any:
    """The shipped font file for a weight (a path or a package resource), or None."""
    try:
        from .assets import asset_dir

        return asset_dir().joinpath(FONT_FILES[bool(bold)])
    except Exception:
        return None


def _font_source(bold: bool) -> bytes | None:
    """Where the UI font lives: a path, or the bytes when the package is not a folder."""
    try:
        entry = font_file(bold)
        if entry is None:
            return None
        from ..textfile import read_bytes

        return read_bytes(entry, limit=16 << 20, what="UI font")  # a FIFO there must not stop the window
    except Exception:
        return None


_sources: dict[bool, bytes | None] = {}
_fonts: dict[tuple[int, bool], Font] = {}


class Font:
    """A pygame font whose ``render`` and ``size`` clean their text first and never raise."""

    def __init__(self, pgfont: pygame.font.Font, from_file: bool = True) -> None:
        self._font = pgfont
        self.from_file = from_file

    def render(self, string: object, antialias: bool = True, colour: Colour = TEXT,
               background: Colour | None = None) -> pygame.Surface:
        string = clean(string)
        try:
            return self._font.render(string, antialias, colour, background)
        except (pygame.error, ValueError, UnicodeError, MemoryError):
            # a glyph the renderer refuses: show the text in plain ASCII instead
            ascii_only = string.encode("ascii", "replace").decode("ascii")
            return self._font.render(ascii_only, antialias, colour, background)

    def size(self, string: object) -> tuple[int, int]:
        string = clean(string)
        try:
            return self._font.size(string)
        except (pygame.error, ValueError, UnicodeError):
            return self._font.size(string.encode("ascii", "replace").decode("ascii"))

    def get_linesize(self) -> int:
        return self._font.get_linesize()

    def get_height(self) -> int:
        return self._font.get_height()

    def __getattr__(self, name: str) -> Any:  # get_ascent, ...
        return getattr(self._font, name)


def pixel_size(size: float) -> int:
    """The real pixel size of a nominal layout size."""
    return max(6, round(int(size) * FONT_SCALE))


def button_text_size(window_height: int) -> int:
    """The nominal text size a button's words aim at in a window this tall: the play panel's grid
    reaches it, and a dialog's row (the game-over card) is widened to reach it too."""
    return max(16, min(40, -(-window_height // 32)))


def font(size: float, bold: bool = False) -> Font:
    """The UI font at a nominal size, cached per real pixel size (pygame.font must be initialised)."""
    size = max(8, int(size))
    bold = bool(bold)
    key = (pixel_size(size), bold)
    f = _fonts.get(key)
    if f is None:
        if bold not in _sources:
            _sources[bold] = _font_source(bold)
        source = _sources[bold]
        pg = None
        if source is not None:
            try:
                pg = pygame.font.Font(io.BytesIO(source), pixel_size(size))  # read through textfile
            except (pygame.error, OSError):
                pg = None
        from_file = pg is not None
        if pg is None:  # no font file (a broken install): pygame's own font, still readable
            pg = pygame.font.Font(None, size)
            pg.set_bold(bold)
        f = _fonts[key] = Font(pg, from_file)
    return f


def asset_font_loaded() -> bool:
    """True when text is drawn with the shipped typeface (not pygame's fallback)."""
    return font(20).from_file and font(20, True).from_file


_text_cache: dict[tuple[object, int, Colour, bool, bool], pygame.Surface] = {}


def text(string: object, size: float, colour: Colour = TEXT, bold: bool = False,
         tabular: bool = False) -> pygame.Surface:
    """A rendered line of text, cached: the same labels are drawn every frame.

    ``tabular`` sets every digit in a cell of the same width, so numbers in
    columns line up whatever their digits.
    """
    key = (string, int(size), colour, bold, tabular)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 2000:
            _text_cache.clear()
        cleaned = clean(string)
        if tabular and any(ch.isdigit() for ch in cleaned):
            surf = _tabular(cleaned, size, colour, bold)
        else:
            surf = font(size, bold).render(cleaned, True, colour)
        _text_cache[key] = surf
    return surf


def digit_width(size: float, bold: bool = False) -> int:
    """The width of one digit cell in ``tabular`` text."""
    f = font(size, bold)
    return max(f.size(d)[0] for d in "0123456789")


def _tabular(string: str, size: float, colour: Colour, bold: bool) -> pygame.Surface:
    f = font(size, bold)
    cell = digit_width(size, bold)
    runs: list[str] = []
    run = ""
    for ch in string:
        if ch.isdigit() and ch.isascii():
            if run:
                runs.append(run)
                run = ""
            runs.append(ch)
        else:
            run += ch
    if run:
        runs.append(run)
    pieces = [(f.render(r, True, colour), len(r) == 1 and r.isdigit()) for r in runs]
    width = sum(cell if digit else p.get_width() for p, digit in pieces)
    surf = pygame.Surface((max(1, width), f.get_height()), pygame.SRCALPHA)
    x = 0
    for p, digit in pieces:
        w = cell if digit else p.get_width()
        surf.blit(p, (x + (w - p.get_width()) // 2, 0))
        x += w
    return surf


def text_size(string: object, size: float, bold: bool = False, tabular: bool = False) -> tuple[int, int]:
    """(width, height) the text takes when drawn (what the layouts and their checks measure)."""
    if tabular:
        return text(string, size, TEXT, bold, tabular).get_size()
    f = font(size, bold)
    return f.size(string)[0], f.get_height()


def blit_text(surface: pygame.Surface, string: object, size: float, colour: Colour, pos: tuple[int, int],
              anchor: str = "topleft", bold: bool = False, tabular: bool = False) -> pygame.Rect:
    """Draw text with its ``anchor`` point (a Rect attribute name) at ``pos``; return its rect."""
    surf = text(string, size, colour, bold, tabular)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


def fit_text(string: object, size: float, max_width: float, bold: bool = False) -> int:
    """The largest size up to ``size`` at which the text fits in ``max_width`` (cached)."""
    key = (string, int(size), int(max_width), bold)
    fitted = _fit_cache.get(key)
    if fitted is None:
        fitted = int(size)
        f = font(fitted, bold)
        while fitted > 10 and f.size(string)[0] > max_width:
            fitted -= 1
            f = font(fitted, bold)
        if len(_fit_cache) > 4000:
            _fit_cache.clear()
        _fit_cache[key] = fitted
    return fitted


_fit_cache: dict[tuple[object, int, int, bool], int] = {}


def elide(string: object, size: float, max_width: float, bold: bool = False) -> str:
    """``string`` cut with an ellipsis so that it fits ``max_width`` at ``size``."""
    cleaned = clean(string)
    f = font(size, bold)
    if f.size(cleaned)[0] <= max_width:
        return cleaned
    lo, hi = 0, len(cleaned)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if f.size(cleaned[:mid] + ELLIPSIS)[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return cleaned[:lo].rstrip() + ELLIPSIS


_BREAKS = re.compile(r"[^\S\xa0]+")  # where a line may break: any space but the no-break space


def wrap(string: object, size: float, max_width: float, bold: bool = False) -> list[str]:
    """``string`` broken into lines no wider than ``max_width`` at ``size``.

    A word wider than the line (a long file name) is broken inside itself.  A no-break space
    (U+00A0) joins words that stay on one line ("Esc\u00a0back" in a list of keys).
    """
    f = font(size, bold)
    lines: list[str] = []
    line = ""
    for word in _BREAKS.split(clean(string).strip()):
        if not word:
            continue
        while f.size(word)[0] > max_width and len(word) > 1:
            if line:
                lines.append(line)
                line = ""
            cut = len(word) - 1
            while cut > 1 and f.size(word[:cut])[0] > max_width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        trial = f"{line} {word}".strip()
        if line and f.size(trial)[0] > max_width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def wrapped_height(string: object, size: float, max_width: float, bold: bool = False) -> int:
    """The height ``blit_wrapped`` takes for ``string`` in ``max_width``."""
    return len(wrap(string, size, max_width, bold)) * font(size, bold).get_linesize()


def blit_wrapped(surface: pygame.Surface, string: object, rect: pygame.Rect, size: float, colour: Colour,
                 anchor: str = "midtop") -> None:
    """Draw ``string`` wrapped to ``rect``'s width, each line centred (or ``anchor="topleft"``)."""
    y = rect.y
    for ln in wrap(string, size, rect.width):
        pos = (rect.centerx, y) if anchor == "midtop" else (rect.x, y)
        blit_text(surface, ln, size, colour, pos, anchor)
        y += font(size).get_linesize()


def margin(size: tuple[int, int]) -> int:
    """The space kept round a screen's edges and between its blocks, from the window size."""
    return max(8, min(24, size[1] // 40))


def footer(size: tuple[int, int], string: str) -> tuple[pygame.Rect, int]:
    """(rect, nominal size) of a screen's faint key-help line at the bottom of the window."""
    w, h = size
    m = margin(size)
    text_size = fit_text(string, max(16, min(34, h // 30)), w - 2 * m)
    height = font(text_size).get_height()
    return pygame.Rect(m, h - m - height, w - 2 * m, height), text_size


def veil(surface: pygame.Surface, alpha: int) -> None:
    """Darken everything drawn so far (under an overlay)."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((10, 12, 16, alpha))
    surface.blit(shade, (0, 0))


def gradient_background(surface: pygame.Surface) -> None:
    """The window background: a soft vertical gradient, cached per size."""
    size = surface.get_size()
    bg = _backgrounds.get(size)
    if bg is None:
        _backgrounds.clear()
        bg = pygame.Surface(size)
        w, h = size
        for y in range(h):
            t = y / max(1, h - 1)
            colour = [round(a + (b - a) * t) for a, b in zip(BACKGROUND_TOP, BACKGROUND)]
            pygame.draw.line(bg, colour, (0, y), (w, y))
        if pygame.display.get_surface() is not None:
            bg = bg.convert()  # display format: the full-window blit every frame is a plain copy
        _backgrounds[size] = bg
    surface.blit(bg, (0, 0))


_backgrounds: dict[tuple[int, int], pygame.Surface] = {}


def smallest_size() -> int:
    """The smallest nominal size still readable (11 px) at the text size chosen: 16 at Normal, less
    at Large and Larger, where a long text cut to its box may be drawn smaller than 16."""
    return min(16, math.ceil(11 / FONT_SCALE))


def set_text_size(name: object) -> bool:
    """Draw every text at the setting's size ("normal", "large", "larger"; anything else: normal).
    True when it changed (the screens must then be laid out again)."""
    global FONT_SCALE
    scale = BASE_FONT_SCALE * TEXT_SCALES.get(str(name), 1.0)
    if scale == FONT_SCALE:
        return False
    FONT_SCALE = scale
    _fonts.clear()
    _text_cache.clear()
    _fit_cache.clear()
    return True


def reset() -> None:
    """Forget cached fonts and surfaces (they die with pygame.quit; a new App starts afresh)."""
    _fonts.clear()
    _sources.clear()
    _text_cache.clear()
    _backgrounds.clear()
    _fit_cache.clear()
