"""Colours, sizes and fonts: the look of the game in one place."""

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

LIGHT_SQUARE = (236, 218, 184)
DARK_SQUARE = (122, 78, 50)
BOARD_FRAME = (66, 42, 28)
COORD_TEXT = (214, 190, 150)

BLACK_PIECE = (40, 40, 44)
BLACK_PIECE_EDGE = (12, 12, 14)
WHITE_PIECE = (238, 232, 216)
WHITE_PIECE_EDGE = (150, 140, 120)
CROWN = (230, 184, 60)

MOVABLE = (250, 210, 90)
SELECTED = (120, 210, 120)
DESTINATION = (120, 210, 120)
CAPTURE_MARK = (226, 86, 72)
LAST_MOVE = (120, 170, 230)

_fonts = {}


def font(size, bold=False):
    """The default font at a pixel size, cached (pygame.font must be initialised)."""
    size = max(8, int(size))
    key = (size, bold)
    f = _fonts.get(key)
    if f is None:
        f = pygame.font.Font(None, size)
        f.set_bold(bold)
        _fonts[key] = f
    return f


_text_cache = {}


def text(string, size, colour=TEXT, bold=False):
    """A rendered line of text, cached: the same labels are drawn every frame."""
    key = (string, int(size), colour, bold)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 2000:
            _text_cache.clear()
        surf = font(size, bold).render(string, True, colour)
        _text_cache[key] = surf
    return surf


def blit_text(surface, string, size, colour, pos, anchor="topleft", bold=False):
    """Draw text with its ``anchor`` point (a Rect attribute name) at ``pos``; return its rect."""
    surf = text(string, size, colour, bold)
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


def fit_text(string, size, max_width, bold=False):
    """The largest size up to ``size`` at which the text fits in ``max_width`` (cached)."""
    key = (string, int(size), int(max_width), bold)
    fitted = _fit_cache.get(key)
    if fitted is None:
        fitted = int(size)
        while fitted > 10 and font(fitted, bold).size(string)[0] > max_width:
            fitted -= 1
        if len(_fit_cache) > 4000:
            _fit_cache.clear()
        _fit_cache[key] = fitted
    return fitted


_fit_cache = {}


def wrap(string, size, max_width, bold=False):
    """``string`` broken into lines no wider than ``max_width`` at ``size``."""
    f = font(size, bold)
    lines, line = [], ""
    for word in string.split():
        trial = f"{line} {word}".strip()
        if line and f.size(trial)[0] > max_width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def blit_wrapped(surface, string, rect, size, colour):
    """Draw ``string`` wrapped to ``rect``'s width, each line centred, from its top."""
    y = rect.y
    for ln in wrap(string, size, rect.width):
        blit_text(surface, ln, size, colour, (rect.centerx, y), "midtop")
        y += font(size).get_linesize()


def veil(surface, alpha):
    """Darken everything drawn so far (under an overlay)."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((10, 12, 16, alpha))
    surface.blit(shade, (0, 0))


def gradient_background(surface):
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


_backgrounds = {}


def reset():
    """Forget cached fonts and surfaces (they die with pygame.quit; a new App starts afresh)."""
    _fonts.clear()
    _text_cache.clear()
    _backgrounds.clear()
    _fit_cache.clear()
