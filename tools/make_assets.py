#!/usr/bin/env python3
"""Render every sprite and sound the game uses into assets/, deterministically.

    python tools/make_assets.py            # (re)write assets/*.png, *.wav, MANIFEST.txt
    python tools/make_assets.py --check    # render into a temp dir, compare with assets/
    python tools/make_assets.py --out DIR  # render somewhere else
    python tools/make_assets.py --sheet /tmp/sheet.png   # also write a contact sheet

Everything is drawn with pygame.draw on 4x supersampled surfaces, shaded with
gradients and BLEND modes and smoothscaled down (the portable GENERIC smoothscale
backend, so the result does not depend on the CPU's SIMD support).  Textures use a
fixed-seed random.Random.  PNGs are encoded here with zlib (not by SDL_image) so the
bytes depend only on the pixels.  Sounds are synthesised with math/array/wave:
16-bit mono, 44.1 kHz, faded in and out, peak well below full scale.

No font is generated: the UI uses pygame's bundled default font
(pygame.font.Font(None, size), i.e. freesansbold).

Sprites are SIZE x SIZE (256) RGBA; the UI smoothscales them to the square size.
hint_arrow_head.png points to the right (angle 0); rotate it counter-clockwise
with pygame.transform.rotate.
"""
from __future__ import annotations

import argparse
import array
import hashlib
import math
import random
import struct
import sys
import tempfile
import time
import wave
import zlib
from pathlib import Path

import _common

_common.headless(scratch_home=False)

import pygame  # noqa: E402  (after the SDL environment is set)

ASSETS = _common.ROOT / "assets"

# The game's loader owns the list of sprites and sounds and their size; this tool renders them.
from game.ui.assets import BASE_SIZE as SIZE  # noqa: E402
from game.ui.assets import SOUNDS, SPRITES  # noqa: E402

SS = 4  # supersampling factor
BIG = SIZE * SS

RATE = 44100

# Palette: a classic lacquered red and a warm ivory, on maple and walnut squares.
PIECE_COLOURS = {
    # top face light, top face dark, side/rim, ridge light, ridge dark, outline
    "black": dict(face_hi=(178, 40, 38), face_lo=(96, 14, 16), side=(62, 8, 10),
                  ridge_hi=(192, 62, 56), ridge_lo=(70, 8, 10), outline=(34, 4, 6)),
    "white": dict(face_hi=(255, 250, 232), face_lo=(214, 198, 160), side=(160, 138, 98),
                  ridge_hi=(255, 255, 246), ridge_lo=(180, 160, 120), outline=(96, 78, 50)),
}
GOLD_HI, GOLD_LO, GOLD_EDGE = (255, 236, 140), (196, 132, 24), (92, 56, 8)


# --------------------------------------------------------------------------- helpers
def _surface(w: int = BIG, h: int | None = None) -> pygame.Surface:
    s = pygame.Surface((w, h if h is not None else w), pygame.SRCALPHA, 32)
    s.fill((0, 0, 0, 0))
    return s


def _down(surf: pygame.Surface, size: int = SIZE) -> pygame.Surface:
    """Supersampled -> final size (box-filtered by smoothscale)."""
    return pygame.transform.smoothscale(surf, (size, size))


def _blur(surf: pygame.Surface, factor: int) -> pygame.Surface:
    """A cheap, deterministic blur: shrink by `factor`, then grow back (twice)."""
    w, h = surf.get_size()
    small = pygame.transform.smoothscale(surf, (max(1, w // factor), max(1, h // factor)))
    tiny = pygame.transform.smoothscale(small, (max(1, w // (factor * 2)), max(1, h // (factor * 2))))
    small = pygame.transform.smoothscale(tiny, small.get_size())
    return pygame.transform.smoothscale(small, (w, h))


def _gradient(size: tuple[int, int], c_tl, c_tr, c_bl, c_br) -> pygame.Surface:
    """Bilinear 4-corner gradient (a 2x2 surface smoothscaled up)."""
    seed = _surface(2, 2)
    for (x, y), c in zip(((0, 0), (1, 0), (0, 1), (1, 1)), (c_tl, c_tr, c_bl, c_br)):
        seed.set_at((x, y), c if len(c) == 4 else (*c, 255))
    # Pad so the interpolation runs corner to corner rather than clamping mid-way.
    w, h = size
    big = pygame.transform.smoothscale(seed, (w * 2, h * 2))
    return big.subsurface((w // 2, h // 2, w, h)).copy()


def _mask_with(surf: pygame.Surface, mask: pygame.Surface) -> pygame.Surface:
    """Multiply surf's alpha (and colour) by mask: mask is white with alpha = coverage."""
    out = surf.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _disc_mask(size: int, cx: float, cy: float, r: float) -> pygame.Surface:
    m = _surface(size)
    pygame.draw.circle(m, (255, 255, 255, 255), (cx, cy), r)
    return m


def _mix(a, b, t: float):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


# --------------------------------------------------------------------------- pieces
def _piece(colour: str, king: bool) -> pygame.Surface:
    p = PIECE_COLOURS[colour]
    s = _surface()
    c = BIG / 2
    r = BIG * 0.405  # disc radius (leaves room for the shadow and selection rings)
    lift = BIG * 0.035  # disc thickness, seen as the side band below the top face
    cy_top = c - lift * 0.5
    cy_bot = c + lift * 0.5

    # Soft drop shadow, offset down-right.
    sh = _surface()
    pygame.draw.circle(sh, (0, 0, 0, 150), (c + BIG * 0.03, cy_bot + BIG * 0.045), r * 1.0)
    s.blit(_blur(sh, 24), (0, 0))

    # Side of the disc: a darker band, shaded left-to-right.
    side = _gradient((BIG, BIG), _mix(p["side"], (255, 255, 255), 0.18), p["side"],
                     p["side"], _mix(p["side"], (0, 0, 0), 0.45))
    s.blit(_mask_with(side, _disc_mask(BIG, c, cy_bot, r)), (0, 0))
    pygame.draw.circle(s, (*p["outline"], 200), (c, cy_bot), r, width=SS * 2)
    # Ribbing on the edge: thin vertical grooves visible on the lower band.
    grooves = _surface()
    for i in range(72):
        a = math.pi * i / 71
        x = c - math.cos(a) * r
        pygame.draw.line(grooves, (0, 0, 0, 55), (x, cy_top), (x, cy_bot + r), SS)
    band = _mask_with(grooves, _disc_mask(BIG, c, cy_bot, r))
    cut = _disc_mask(BIG, c, cy_top, r)
    band.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    s.blit(band, (0, 0))

    # Top face: diagonal light-to-dark gradient (light from the upper left).
    face = _gradient((BIG, BIG), p["face_hi"], _mix(p["face_hi"], p["face_lo"], 0.5),
                     _mix(p["face_hi"], p["face_lo"], 0.5), p["face_lo"])
    s.blit(_mask_with(face, _disc_mask(BIG, c, cy_top, r)), (0, 0))

    # Concentric ridges: a dark groove with a lit lip just inside it.
    for frac, strength in ((0.93, 1.0), (0.78, 0.8), (0.63, 0.7), (0.48, 0.55)):
        rr = r * frac
        lo = (*p["ridge_lo"], round(150 * strength))
        hi = (*p["ridge_hi"], round(140 * strength))
        pygame.draw.circle(s, lo, (c + SS, cy_top + SS * 1.5), rr, width=SS * 3)
        pygame.draw.circle(s, hi, (c - SS * 0.5, cy_top - SS), rr - SS * 3, width=SS * 2)

    # Rim outline of the top face.
    pygame.draw.circle(s, (*p["outline"], 170), (c, cy_top), r, width=SS * 2)

    if king:
        _crown(s, c, cy_top, r)

    # Specular highlight: a blurred ellipse at the upper left, clipped to the face.
    hl = _surface()
    pygame.draw.ellipse(hl, (255, 255, 255, 115 if colour == "black" else 135),
                        pygame.Rect(c - r * 0.80, cy_top - r * 0.86, r * 1.10, r * 0.66))
    # Carve the lower edge so the gloss reads as a curved reflection, not a blob.
    pygame.draw.ellipse(hl, (0, 0, 0, 0), pygame.Rect(c - r * 0.70, cy_top - r * 0.42, r * 1.45, r * 1.0))
    hl = _blur(hl, 14)
    s.blit(_mask_with(hl, _disc_mask(BIG, c, cy_top, r * 0.985)), (0, 0))
    # A thin bright arc on the upper-left rim.
    arc = _surface()
    pygame.draw.arc(arc, (255, 255, 255, 130), pygame.Rect(c - r + SS * 3, cy_top - r + SS * 3,
                    2 * r - SS * 6, 2 * r - SS * 6), math.radians(100), math.radians(190), SS * 3)
    s.blit(_blur(arc, 4), (0, 0))
    return _down(s)


def _crown(s: pygame.Surface, cx: float, cy: float, r: float) -> None:
    """A golden crown emblem centred on the disc's top face."""
    w = r * 1.02
    h = r * 0.74
    left, right = cx - w / 2, cx + w / 2
    top, base = cy - h * 0.55, cy + h * 0.38
    band_top = base - h * 0.26
    # Five points with a scalloped rim.
    pts = [(left, band_top)]
    peaks = [(left - w * 0.02, top + h * 0.12), (cx - w * 0.26, top + h * 0.02), (cx, top - h * 0.12),
             (cx + w * 0.26, top + h * 0.02), (right + w * 0.02, top + h * 0.12)]
    valleys = [(cx - w * 0.38, cy - h * 0.02), (cx - w * 0.13, cy - h * 0.12),
               (cx + w * 0.13, cy - h * 0.12), (cx + w * 0.38, cy - h * 0.02)]
    for i, pk in enumerate(peaks):
        pts.append(pk)
        if i < len(valleys):
            pts.append(valleys[i])
    pts += [(right, band_top), (right, base), (left, base)]

    # Drop shadow beneath the emblem.
    sh = _surface()
    pygame.draw.polygon(sh, (0, 0, 0, 120), [(x + SS * 3, y + SS * 5) for x, y in pts])
    s.blit(_blur(sh, 6), (0, 0))

    shape = _surface()
    pygame.draw.polygon(shape, (255, 255, 255, 255), pts)
    for x, y in peaks:
        pygame.draw.circle(shape, (255, 255, 255, 255), (x, y), w * 0.055)
    gold = _gradient((BIG, BIG), GOLD_HI, _mix(GOLD_HI, GOLD_LO, 0.55),
                     _mix(GOLD_HI, GOLD_LO, 0.35), GOLD_LO)
    # Horizontal sheen across the band.
    sheen = _surface()
    pygame.draw.rect(sheen, (255, 255, 230, 110), pygame.Rect(left, band_top + h * 0.03, w, h * 0.07))
    gold.blit(_blur(sheen, 4), (0, 0))
    # Outline: the shape dilated a little, in dark bronze, underneath.
    edge = _surface()
    for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1), (0, -1.4), (0, 1.4), (-1.4, 0), (1.4, 0)):
        edge.blit(shape, (dx * SS * 1.6, dy * SS * 1.6))
    edge.fill((*GOLD_EDGE, 255), special_flags=pygame.BLEND_RGBA_MULT)
    s.blit(edge, (0, 0))
    s.blit(_mask_with(gold, shape), (0, 0))
    # Band details: a dark line over the band and jewels.
    pygame.draw.line(s, (*GOLD_EDGE, 200), (left + SS * 2, band_top), (right - SS * 2, band_top), SS * 2)
    for i, jx in enumerate((cx - w * 0.3, cx, cx + w * 0.3)):
        jy = (band_top + base) / 2
        jr = w * (0.062 if i == 1 else 0.048)
        col = (40, 120, 200) if i == 1 else (200, 30, 50)
        pygame.draw.circle(s, (*GOLD_EDGE, 255), (jx, jy), jr + SS * 1.5)
        pygame.draw.circle(s, (*col, 255), (jx, jy), jr)
        pygame.draw.circle(s, (255, 255, 255, 190), (jx - jr * 0.35, jy - jr * 0.35), jr * 0.32)
    for x, y in peaks:
        pygame.draw.circle(s, (255, 250, 220, 230), (x - SS, y - SS), w * 0.02)


# --------------------------------------------------------------------------- squares
def _square(light: bool) -> pygame.Surface:
    rng = random.Random(0x5EED_0001 if light else 0x5EED_0002)
    if light:
        base, grain_dark, grain_light = (232, 200, 150), (196, 156, 100), (246, 222, 180)
    else:
        base, grain_dark, grain_light = (124, 74, 42), (84, 46, 24), (150, 96, 58)
    s = _gradient((BIG, BIG), _mix(base, (255, 255, 255), 0.06), base, base,
                  _mix(base, (0, 0, 0), 0.08))
    # Grain: many gently waving lines along the board's long axis.
    grain = _surface()
    y = -BIG * 0.05
    while y < BIG * 1.05:
        amp = rng.uniform(BIG * 0.004, BIG * 0.02)
        freq = rng.uniform(0.8, 2.2) * 2 * math.pi / BIG
        phase = rng.uniform(0, 2 * math.pi)
        dark = rng.random() < 0.6
        col = grain_dark if dark else grain_light
        alpha = rng.randint(25, 70) if dark else rng.randint(20, 55)
        width = rng.choice((SS, SS, SS * 2, SS * 3))
        pts = [(x, y + amp * math.sin(freq * x + phase)) for x in range(-8, BIG + 9, 16)]
        pygame.draw.lines(grain, (*col, alpha), False, pts, width)
        y += rng.uniform(SS * 1.5, SS * 6)
    s.blit(grain, (0, 0))
    # A few darker pores / flecks.
    flecks = _surface()
    for _ in range(70):
        x, yy = rng.uniform(0, BIG), rng.uniform(0, BIG)
        pygame.draw.ellipse(flecks, (*grain_dark, rng.randint(40, 90)),
                            pygame.Rect(x, yy, rng.uniform(SS * 3, SS * 10), SS * 1.5))
    s.blit(flecks, (0, 0))
    # Bevel: light top/left edge, dark bottom/right edge.
    bevel = _surface()
    e = SS * 3
    pygame.draw.rect(bevel, (255, 255, 255, 36), (0, 0, BIG, e))
    pygame.draw.rect(bevel, (255, 255, 255, 28), (0, 0, e, BIG))
    pygame.draw.rect(bevel, (0, 0, 0, 46), (0, BIG - e, BIG, e))
    pygame.draw.rect(bevel, (0, 0, 0, 36), (BIG - e, 0, e, BIG))
    s.blit(bevel, (0, 0))
    out = _down(s)
    # Squares are opaque (the PNG still carries an alpha channel).
    out.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MAX)
    return out


# --------------------------------------------------------------------------- overlays
def _glow_ring(colour, r_frac: float, width_frac: float, glow_alpha: int, core_alpha: int,
               blur: int = 10) -> pygame.Surface:
    s = _surface()
    c = BIG / 2
    r = BIG * r_frac
    # Wide, faint halo plus a tighter glow, both centred on the ring.
    halo = _surface()
    pygame.draw.circle(halo, (*colour, glow_alpha // 2), (c, c), r + BIG * 0.05, width=round(BIG * 0.09))
    s.blit(_blur(halo, blur * 2), (0, 0))
    g = _surface()
    pygame.draw.circle(g, (*colour, glow_alpha), (c, c), r + BIG * width_frac * 1.6,
                       width=round(BIG * width_frac * 3.2))
    s.blit(_blur(g, blur), (0, 0))
    pygame.draw.circle(s, (*colour, core_alpha), (c, c), r + BIG * width_frac * 0.8,
                       width=round(BIG * width_frac * 1.6))
    pygame.draw.circle(s, (*_mix(colour, (255, 255, 255), 0.6), core_alpha), (c, c), r + BIG * width_frac * 0.5,
                       width=round(BIG * width_frac * 0.6))
    return s


def _highlight_movable() -> pygame.Surface:
    return _down(_glow_ring((255, 210, 70), 0.415, 0.014, 200, 235, blur=12))


def _highlight_selected() -> pygame.Surface:
    s = _glow_ring((120, 230, 255), 0.415, 0.018, 210, 240, blur=10)
    # A soft inner frame on the square as well.
    f = _surface()
    pygame.draw.rect(f, (120, 230, 255, 150), (0, 0, BIG, BIG), width=SS * 6)
    s.blit(_blur(f, 8), (0, 0))
    pygame.draw.rect(s, (200, 245, 255, 170), (SS, SS, BIG - 2 * SS, BIG - 2 * SS), width=SS * 2)
    return _down(s)


def _marker_destination() -> pygame.Surface:
    s = _surface()
    c = BIG / 2
    g = _surface()
    pygame.draw.circle(g, (10, 30, 14, 120), (c + SS * 2, c + SS * 3), BIG * 0.17)
    s.blit(_blur(g, 8), (0, 0))
    pygame.draw.circle(s, (120, 220, 130, 120), (c, c), BIG * 0.15)
    pygame.draw.circle(s, (220, 255, 220, 190), (c, c), BIG * 0.15, width=SS * 4)
    hl = _surface()
    pygame.draw.circle(hl, (255, 255, 255, 90), (c - BIG * 0.04, c - BIG * 0.045), BIG * 0.06)
    s.blit(_blur(hl, 4), (0, 0))
    return _down(s)


def _highlight_last_move() -> pygame.Surface:
    s = _surface()
    s.fill((255, 214, 60, 80))
    edge = _surface()
    pygame.draw.rect(edge, (255, 200, 40, 110), (0, 0, BIG, BIG), width=SS * 8)
    s.blit(_blur(edge, 8), (0, 0))
    return _down(s)


def _marker_capture() -> pygame.Surface:
    s = _surface()
    c = BIG / 2
    red, pale, dark = (235, 45, 40), (255, 190, 180), (40, 0, 0)
    d = BIG * 0.17
    strokes = (((c - d, c - d), (c + d, c + d)), ((c - d, c + d), (c + d, c - d)))
    g = _surface()
    pygame.draw.circle(g, (*red, 170), (c, c), BIG * 0.43, width=BIG // 28)
    for a, b in strokes:
        pygame.draw.line(g, (*red, 200), a, b, BIG // 20)
    s.blit(_blur(g, 10), (0, 0))
    # Dark outline first so the mark reads on red and ivory pieces alike.
    pygame.draw.circle(s, (*dark, 150), (c, c), BIG * 0.43, width=BIG // 30)
    for a, b in strokes:
        pygame.draw.line(s, (*dark, 190), a, b, BIG // 20)
        for p in (a, b):
            pygame.draw.circle(s, (*dark, 190), p, BIG // 40)
    pygame.draw.circle(s, (*red, 235), (c, c), BIG * 0.43 - SS, width=BIG // 50)
    for a, b in strokes:
        pygame.draw.line(s, (*red, 245), a, b, BIG // 32)
        pygame.draw.circle(s, (*red, 245), a, BIG // 64)
        pygame.draw.circle(s, (*red, 245), b, BIG // 64)
        pygame.draw.line(s, (*pale, 170), a, b, BIG // 110)
    return _down(s)


def _hint_arrow_head() -> pygame.Surface:
    """An arrowhead pointing right, its tip at the right edge's centre."""
    s = _surface()
    c = BIG / 2
    pts = [(BIG * 0.92, c), (BIG * 0.18, c - BIG * 0.36), (BIG * 0.36, c), (BIG * 0.18, c + BIG * 0.36)]
    sh = _surface()
    pygame.draw.polygon(sh, (0, 0, 0, 120), [(x + SS * 4, y + SS * 6) for x, y in pts])
    s.blit(_blur(sh, 8), (0, 0))
    shape = _surface()
    pygame.draw.polygon(shape, (255, 255, 255, 255), pts)
    fill = _gradient((BIG, BIG), (140, 255, 160, 235), (60, 200, 90, 235), (30, 150, 60, 235), (20, 120, 50, 235))
    s.blit(_mask_with(fill, shape), (0, 0))
    pygame.draw.polygon(s, (10, 60, 20, 220), pts, width=SS * 3)
    return _down(s)


SPRITE_RENDERERS = {
    "man_black": lambda: _piece("black", False),
    "man_white": lambda: _piece("white", False),
    "king_black": lambda: _piece("black", True),
    "king_white": lambda: _piece("white", True),
    "square_light": lambda: _square(True),
    "square_dark": lambda: _square(False),
    "highlight_movable": _highlight_movable,
    "highlight_selected": _highlight_selected,
    "marker_destination": _marker_destination,
    "highlight_last_move": _highlight_last_move,
    "marker_capture": _marker_capture,
    "hint_arrow_head": _hint_arrow_head,
}


# --------------------------------------------------------------------------- PNG
def encode_png(surf: pygame.Surface) -> bytes:
    """RGBA PNG with filter 'Sub'/'None' chosen per row deterministically; zlib level 9."""
    w, h = surf.get_size()
    raw = pygame.image.tobytes(surf, "RGBA")
    stride = w * 4
    rows = []
    for y in range(h):
        row = raw[y * stride:(y + 1) * stride]
        rows.append(b"\x00" + row)  # filter type None; zlib does the rest
    data = zlib.compress(b"".join(rows), 9)

    def chunk(tag: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", data) + chunk(b"IEND", b""))


# --------------------------------------------------------------------------- sounds
def _tone(buf: list[float], start: float, freq: float, dur: float, amp: float, decay: float,
          partials=((1.0, 1.0),), attack: float = 0.003) -> None:
    i0 = int(start * RATE)
    n = int(dur * RATE)
    for i in range(n):
        if i0 + i >= len(buf):
            break
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-t / decay)
        v = 0.0
        for mul, a in partials:
            v += a * math.sin(2 * math.pi * freq * mul * t)
        buf[i0 + i] += amp * env * v


def _click(buf: list[float], start: float, seed: int, amp: float, bright: float) -> None:
    """A wooden click: a short filtered noise burst plus two damped body resonances."""
    rng = random.Random(seed)
    i0 = int(start * RATE)
    lp = 0.0
    k = 0.25 + 0.5 * bright  # one-pole low-pass coefficient: higher = brighter
    for i in range(int(0.03 * RATE)):
        t = i / RATE
        lp += k * (rng.uniform(-1, 1) - lp)
        env = min(1.0, t / 0.0008) * math.exp(-t / (0.004 + 0.002 * (1 - bright)))
        if i0 + i < len(buf):
            buf[i0 + i] += amp * 0.9 * env * lp
    _tone(buf, start, 620 + 500 * bright, 0.12, amp * 0.55, 0.018, ((1.0, 1.0), (2.71, 0.35)), attack=0.0008)
    _tone(buf, start, 1850 + 900 * bright, 0.06, amp * 0.25, 0.008, attack=0.0006)


def _finish(buf: list[float], peak: float = 0.7, fade_in: float = 0.002, fade_out: float = 0.02) -> bytes:
    n = len(buf)
    fi, fo = max(1, int(fade_in * RATE)), max(1, int(fade_out * RATE))
    for i in range(min(fi, n)):
        buf[i] *= i / fi
    for i in range(min(fo, n)):
        buf[n - 1 - i] *= i / fo
    m = max(1e-9, max(abs(v) for v in buf))
    scale = peak / m
    pcm = array.array("h", (max(-32767, min(32767, round(v * scale * 32767))) for v in buf))
    if sys.byteorder != "little":
        pcm.byteswap()
    return pcm.tobytes()


def _sound(name: str) -> bytes:
    if name == "move":
        buf = [0.0] * int(0.14 * RATE)
        _click(buf, 0.0, 11, 1.0, 0.2)
        return _finish(buf, peak=0.55)
    if name == "capture":
        buf = [0.0] * int(0.22 * RATE)
        _click(buf, 0.0, 21, 1.0, 0.75)
        _click(buf, 0.075, 22, 0.85, 0.9)
        return _finish(buf, peak=0.65)
    if name == "crown":
        buf = [0.0] * int(0.55 * RATE)
        bell = ((1.0, 1.0), (2.0, 0.35), (3.0, 0.12), (4.2, 0.05))
        for k, f in enumerate((783.99, 987.77, 1174.66, 1567.98)):  # G5 B5 D6 G6
            _tone(buf, 0.07 * k, f, 0.55 - 0.07 * k, 0.5, 0.09 + 0.05 * k, bell)
        return _finish(buf, peak=0.5, fade_out=0.05)
    if name == "game_over":
        buf = [0.0] * int(0.58 * RATE)
        soft = ((1.0, 1.0), (2.0, 0.25), (3.0, 0.08))
        for f in (392.00, 493.88, 587.33):  # G major (V)
            _tone(buf, 0.0, f, 0.3, 0.4, 0.12, soft, attack=0.006)
        for f in (261.63, 329.63, 392.00, 523.25):  # C major (I)
            _tone(buf, 0.2, f, 0.38, 0.4, 0.16, soft, attack=0.006)
        return _finish(buf, peak=0.5, fade_out=0.06)
    if name == "illegal":
        buf = [0.0] * int(0.16 * RATE)
        _tone(buf, 0.0, 180, 0.16, 0.8, 0.06, ((1.0, 1.0), (2.0, 0.2)), attack=0.005)
        _tone(buf, 0.0, 135, 0.16, 0.5, 0.06, attack=0.005)
        return _finish(buf, peak=0.35, fade_out=0.04)
    raise KeyError(name)


def encode_wav(pcm: bytes) -> bytes:
    import io
    bio = io.BytesIO()
    with wave.open(bio, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm)
    return bio.getvalue()


# --------------------------------------------------------------------------- driver
def render_all(out: Path) -> dict[str, bytes]:
    """Render every asset into `out`; return {filename: bytes} (MANIFEST.txt included)."""
    pygame.transform.set_smoothscale_backend("GENERIC")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    files: dict[str, bytes] = {}
    for name in SPRITES:
        files[f"{name}.png"] = encode_png(SPRITE_RENDERERS[name]())
    for name in SOUNDS:
        files[f"{name}.wav"] = encode_wav(_sound(name))
    files["MANIFEST.txt"] = manifest(files)
    for fname, data in files.items():
        (out / fname).write_bytes(data)
    return files


def manifest(files: dict[str, bytes]) -> bytes:
    lines = ["# Generated by tools/make_assets.py -- do not edit.",
             "# file  size-in-bytes  sha256",
             "# Text uses pygame's bundled default font (pygame.font.Font(None, size)); no font files."]
    for fname in sorted(files):
        if fname == "MANIFEST.txt":
            continue
        data = files[fname]
        lines.append(f"{fname}  {len(data)}  {hashlib.sha256(data).hexdigest()}")
    return ("\n".join(lines) + "\n").encode()


def _same_pixels(a: Path, b: Path) -> bool:
    try:
        sa, sb = _load_image(a), _load_image(b)
    except (pygame.error, ValueError):  # (a FileReadError is a ValueError)
        return False
    return sa.get_size() == sb.get_size() and pygame.image.tobytes(sa, "RGBA") == pygame.image.tobytes(sb, "RGBA")


def _load_image(path: Path) -> pygame.Surface:
    import io

    from game.textfile import read_bytes

    return pygame.image.load(io.BytesIO(read_bytes(path, limit=16 << 20, what="picture")), path.name)


def check(assets: Path = ASSETS) -> list[str]:
    """Render into a temp dir; return a list of problems (empty = assets/ is up to date)."""
    from game.textfile import read_bytes

    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        files = render_all(Path(tmp))
        for fname, data in files.items():
            path = assets / fname
            if not path.is_file():
                problems.append(f"missing: {path}")
                continue
            try:
                have = read_bytes(path, limit=16 << 20, what="asset")
            except ValueError as e:  # not a regular file, or far too big: a FileReadError
                problems.append(f"unreadable: {e}")
                continue
            if have == data:
                continue
            # A different zlib build may compress the same pixels differently.
            if fname.endswith(".png") and _same_pixels(path, Path(tmp) / fname):
                continue
            if fname == "MANIFEST.txt":
                continue  # reported through the files it lists
            problems.append(f"differs: {path}")
    return problems


def contact_sheet(path: Path, assets: Path = ASSETS, cell: int = 96) -> None:
    """All sprites on board squares, at two sizes, for eyeballing."""
    load = lambda n, s: pygame.transform.smoothscale(_load_image(assets / f"{n}.png"), (s, s))  # noqa: E731
    overlays = ["highlight_movable", "highlight_selected", "marker_destination",
                "highlight_last_move", "marker_capture", "hint_arrow_head"]
    pieces = ["man_black", "man_white", "king_black", "king_white"]
    big = 160
    w = max(len(pieces) * big, 8 * cell)
    sheet = pygame.Surface((w, big * 2 + cell * 4), pygame.SRCALPHA)
    sheet.fill((40, 40, 44, 255))
    for i, p in enumerate(pieces):  # big: each piece on both square colours
        for j, sq in enumerate(("square_dark", "square_light")):
            sheet.blit(load(sq, big), (i * big, j * big))
            if j == 0 and i < 2:
                sheet.blit(load("highlight_last_move", big), (i * big, j * big))
            sheet.blit(load(p, big), (i * big, j * big))
    y0 = big * 2
    for row in range(4):
        for col in range(8):
            sq = "square_dark" if (row + col) % 2 else "square_light"
            sheet.blit(load(sq, cell), (col * cell, y0 + row * cell))
    for k, o in enumerate(overlays):
        x, y = k * cell + (cell if k >= 3 else 0), y0
        sheet.blit(load("square_dark", cell), (x, y))
        if o in ("highlight_movable", "highlight_selected"):
            sheet.blit(load(pieces[k % 2], cell), (x, y))
        if o == "marker_capture":
            sheet.blit(load("man_white", cell), (x, y))
        sheet.blit(load(o, cell), (x, y))
    for col, p in enumerate(pieces * 2):
        row = 1 + col % 2
        x = col * cell
        if (row + col) % 2 == 1:
            sheet.blit(load(p, cell), (x, y0 + row * cell))
    small = 40
    marks = ["marker_destination", "highlight_movable", "marker_capture", "highlight_last_move"]
    for col, p in enumerate(pieces + marks):
        x = col * cell
        sheet.blit(load("square_dark", small), (x, y0 + 3 * cell))
        sheet.blit(load(p, small), (x, y0 + 3 * cell))
        sheet.blit(load("square_light", 28), (x + small + 4, y0 + 3 * cell))
        sheet.blit(load(p, 28), (x + small + 4, y0 + 3 * cell))
    pygame.image.save(sheet, str(path))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare a fresh render with assets/; exit 1 on mismatch")
    ap.add_argument("--out", type=Path, default=ASSETS, help="output folder (default: assets/)")
    ap.add_argument("--sheet", type=Path, help="also write a contact sheet PNG here")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    if args.check:
        problems = check(args.out)
        for p in problems:
            print(p, file=sys.stderr)
        if problems:
            print("assets are stale: run python tools/make_assets.py", file=sys.stderr)
            return 1
        print(f"assets up to date ({time.perf_counter() - t0:.1f}s)")
        return 0
    files = render_all(args.out)
    total = sum(len(d) for d in files.values())
    for fname in sorted(files):
        print(f"{fname:28s} {len(files[fname]):8d}")
    print(f"{len(files)} files, {total} bytes, {time.perf_counter() - t0:.1f}s -> {args.out}")
    if args.sheet:
        contact_sheet(args.sheet, args.out)
        print(f"contact sheet -> {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
