"""The marks that guide a move stand out on the wood: at least 3:1 against both square colours (issue 34 item 24).

WCAG 2.1 asks 3:1 for the graphics needed to understand a screen (1.4.11).  No single colour has
3:1 against both a light and a dark square, so each mark has two tones, a bright one and a dark
rim; on each square one of them must reach 3:1.  The squares are measured as drawn (the wood
sprites), at their worst: the lightest of the dark square's grain and the darkest of the light's.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui import theme
from game.ui.board_view import BoardRenderer

FLOOR = 3.0
SQUARE = 96  # pixels: the size the marks are drawn and measured at


def linear(channel):
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb):
    """WCAG relative luminance of an sRGB colour."""
    r, g, b = rgb[:3]
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def ratio(a, b):
    """WCAG contrast ratio of two luminances."""
    hi, lo = max(a, b), min(a, b)
    return (hi + 0.05) / (lo + 0.05)


@pytest.fixture(scope="module")
def renderer():
    pygame.display.init()
    from game.ui.assets import Assets

    return BoardRenderer(Assets())


def square_luminances(renderer, name, fallback):
    """Luminances of every pixel of a square as drawn (its sprite, or the plain colour without one)."""
    sprite = renderer._sprite(name, SQUARE)
    if sprite is None:
        return [luminance(fallback)]
    return sorted(luminance(sprite.get_at((x, y))) for x in range(SQUARE) for y in range(SQUARE))


@pytest.fixture(scope="module")
def squares(renderer):
    """{"light": the luminance of its darkest grain, "dark": of its lightest} (5% of the grain is past it)."""
    light = square_luminances(renderer, "square_light", theme.LIGHT_SQUARE)
    dark = square_luminances(renderer, "square_dark", theme.DARK_SQUARE)
    return {"light": light[len(light) // 20], "dark": dark[len(dark) - 1 - len(dark) // 20]}


def draw_mark(renderer, kind, square_name):
    """The mark ``kind`` drawn on a square of wood; returns the surface."""
    surface = pygame.Surface((SQUARE, SQUARE))
    sprite = renderer._sprite(square_name, SQUARE)
    if sprite is not None:
        surface.blit(sprite, (0, 0))
    else:
        surface.fill(theme.LIGHT_SQUARE if square_name == "square_light" else theme.DARK_SQUARE)
    rect = surface.get_rect()
    {"cursor": lambda: renderer.draw_cursor(surface, rect),
     "movable": lambda: renderer._movable(surface, rect),
     "capture": lambda: renderer._capture_glow(surface, rect),
     "destination": lambda: renderer._destination(surface, rect, False),
     "goal": lambda: renderer._destination(surface, rect, True)}[kind]()
    return surface


KINDS = ["cursor", "movable", "capture", "destination", "goal"]
BRIGHT = {"cursor": theme.CURSOR, "movable": theme.MOVABLE, "capture": theme.CAPTURE_GLOW,
          "destination": theme.DESTINATION, "goal": theme.DESTINATION}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("square", ["light", "dark"])
def test_each_mark_has_a_tone_at_3_to_1_against_each_square(renderer, squares, kind, square):
    tones = (BRIGHT[kind], theme.MARK_RIM)
    best = max(ratio(luminance(tone), squares[square]) for tone in tones)
    assert best >= FLOOR, (kind, square, [round(ratio(luminance(t), squares[square]), 2) for t in tones])


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("square", ["square_light", "square_dark"])
def test_each_mark_is_drawn_in_its_two_tones(renderer, kind, square):
    """The renderer really paints both tones, opaque and in quantity (not a faint sprite)."""
    surface = draw_mark(renderer, kind, square)
    pixels = [tuple(surface.get_at((x, y))[:3]) for x in range(SQUARE) for y in range(SQUARE)]
    for tone in (BRIGHT[kind], theme.MARK_RIM):
        assert pixels.count(tuple(tone)) >= SQUARE // 2, (kind, square, tone)


def test_the_old_faint_marks_would_fail(squares):
    # the cursor was the accent gold alone, the destination dot a pale green sprite
    assert ratio(luminance(theme.ACCENT), squares["light"]) < FLOOR
    assert ratio(luminance((186, 226, 190)), squares["light"]) < FLOOR


def test_contrast_arithmetic():
    assert ratio(luminance((0, 0, 0)), luminance((255, 255, 255))) == pytest.approx(21.0)
    assert ratio(luminance((119, 119, 119)), luminance((255, 255, 255))) == pytest.approx(4.48, abs=0.01)
