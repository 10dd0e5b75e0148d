"""Sprites and sounds: loaded once by name, cached, with drawn fallbacks.

    assets = Assets()                       # finds game.assets (or <checkout>/assets)
    assets.image("man_black")               # 256x256 RGBA Surface
    assets.scaled("man_black", 72)          # smoothscaled to 72x72, cached
    assets.clear_scaled()                   # e.g. on window resize
    assets.sound("move").play()             # pygame Sound, or a silent stand-in
    assets.play("capture")                  # honours assets.sound_enabled

Nothing here initialises pygame or opens a window at import time.  A missing or
corrupt file is logged once (a warning naming the file) and replaced by a plain
drawn stand-in, so the game keeps running.  Text uses pygame's bundled default
font, pygame.font.Font(None, size); there are no font assets.

The files are rendered by tools/make_assets.py; hint_arrow_head points right
(angle 0) -- rotate it counter-clockwise with pygame.transform.rotate.
"""
from __future__ import annotations

import importlib.resources
import io
import logging
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pygame

log = logging.getLogger(__name__)
ASSET_LIMIT = 16 << 20  # bytes: a picture or sound past this is not one of ours

BASE_SIZE = 256  # pixels per side of every rendered sprite

SPRITES = (
    "man_black", "man_white", "king_black", "king_white",
    "square_light", "square_dark",
    "highlight_movable", "highlight_selected", "marker_destination",
    "highlight_last_move", "marker_capture", "hint_arrow_head",
)
SOUNDS = ("move", "capture", "crown", "game_over", "illegal")

# Bound the scaled cache: at most this many distinct sizes (least recently used go first).
MAX_SCALED_SIZES = 6


def asset_dir() -> Any:
    """The folder holding the assets: the installed package game.assets, or, when
    running from a checkout, <repo>/assets next to the game package.

    Returns a pathlib.Path or an importlib.resources Traversable."""
    try:
        root = importlib.resources.files("game.assets")
        if root.joinpath("MANIFEST.txt").is_file() or root.joinpath("man_black.png").is_file():
            return root
    except (ModuleNotFoundError, TypeError, ValueError, OSError):
        pass
    return Path(__file__).resolve().parent.parent.parent / "assets"


class SilentSound:
    """Stands in for pygame.mixer.Sound when there is no audio: every call is a no-op."""

    def play(self, *args: Any, **kwargs: Any) -> None:
        return None

    def stop(self) -> None:
        return None

    def fadeout(self, ms: int) -> None:
        return None

    def set_volume(self, *args: Any) -> None:
        return None

    def get_volume(self) -> float:
        return 0.0

    def get_length(self) -> float:
        return 0.0

    def __bool__(self) -> bool:  # lets callers test "is this a real sound?"
        return False


SILENT = SilentSound()


def _display_ready() -> bool:
    try:
        return pygame.display.get_init() and pygame.display.get_surface() is not None
    except pygame.error:
        return False


class Assets:
    """Loads sprites and sounds once, by name, and caches them."""

    def __init__(self, folder: Any = None, sound_enabled: bool = True) -> None:
        self.folder = Path(folder) if isinstance(folder, (str, Path)) else (folder or asset_dir())
        self.sound_enabled = sound_enabled
        self._images: dict[str, pygame.Surface] = {}
        self._converted: set[str] = set()
        self._scaled: OrderedDict[tuple[int, int], dict[str, pygame.Surface]] = OrderedDict()
        self._sounds: dict[str, Any] = {}
        self._mixer_ok: bool | None = None
        self._warned: set[str] = set()

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _name(name: str, ext: str) -> str:
        return name[: -len(ext)] if name.endswith(ext) else name

    def _warn(self, fname: str, why: str) -> None:
        if fname not in self._warned:
            self._warned.add(fname)
            log.warning("asset %s: %s; using a plain stand-in", fname, why)

    def _read(self, fname: str) -> bytes | None:
        from ..textfile import FileReadError, read_bytes

        try:  # a regular file under the cap: a FIFO or /dev/zero in assets/ must not stop the window
            return read_bytes(self.folder.joinpath(fname), limit=ASSET_LIMIT, what="asset")
        except (OSError, AttributeError, FileReadError) as e:
            self._warn(fname, f"cannot read {self.folder}/{fname} ({e.__class__.__name__})")
            return None

    # ------------------------------------------------------------------ images
    def image(self, name: str) -> pygame.Surface:
        """The full-size (BASE_SIZE) sprite; convert_alpha()-ed once a display mode is set."""
        name = self._name(name, ".png")
        surf = self._images.get(name)
        if surf is None:
            surf = self._load_image(name)
            self._images[name] = surf
        if name not in self._converted and _display_ready():
            try:
                surf = surf.convert_alpha()
                self._images[name] = surf
                # Scaled copies made before the display existed: remake them converted.
                for by_name in self._scaled.values():
                    by_name.pop(name, None)
            except pygame.error:
                pass
            self._converted.add(name)
        return surf

    def _load_image(self, name: str) -> pygame.Surface:
        fname = f"{name}.png"
        data = self._read(fname)
        if data is not None:
            try:
                surf = pygame.image.load(io.BytesIO(data), fname)
                if surf.get_width() > 0 and surf.get_height() > 0:
                    if not surf.get_flags() & pygame.SRCALPHA:
                        surf = surf.convert_alpha() if _display_ready() else _with_alpha(surf)
                    return surf
                self._warn(fname, "empty image")
            except (pygame.error, ValueError, OSError) as e:
                self._warn(fname, f"corrupt or unreadable ({e})")
        return fallback_image(name)

    def scaled(self, name: str, size: int | tuple[int, int]) -> pygame.Surface:
        """The sprite smoothscaled to size (an int for a square), cached by (name, size).

        Memory stays bounded: only the MAX_SCALED_SIZES most recently used sizes are kept
        (an animation through many sizes evicts old sizes one at a time rather than
        thrashing); clear_scaled() -- call it on window resize -- drops them all."""
        name = self._name(name, ".png")
        if isinstance(size, (int, float)):
            wh = (int(size), int(size))
        else:
            wh = (int(size[0]), int(size[1]))
        wh = (max(1, wh[0]), max(1, wh[1]))
        by_name = self._scaled.get(wh)
        if by_name is None:
            by_name = self._scaled[wh] = {}
            while len(self._scaled) > MAX_SCALED_SIZES:
                self._scaled.popitem(last=False)
        else:
            self._scaled.move_to_end(wh)
        surf = by_name.get(name)
        if surf is None:
            src = self.image(name)
            surf = src if src.get_size() == wh else pygame.transform.smoothscale(src, wh)
            by_name[name] = surf
        return surf

    def clear_scaled(self) -> None:
        """Forget every scaled copy (call on window resize)."""
        self._scaled.clear()

    on_resize = clear_scaled

    # ------------------------------------------------------------------ sounds
    def _mixer(self) -> bool:
        if self._mixer_ok is None:
            from .sound import open_mixer

            try:  # quietly and once: no device is said in one line by open_mixer
                self._mixer_ok = open_mixer() is None and bool(pygame.mixer.get_init())
            except Exception as e:  # no SDL audio at all, ...
                log.info("audio unavailable (%s); playing silently", e)
                self._mixer_ok = False
        return self._mixer_ok

    def sound(self, name: str) -> Any:
        """A pygame.mixer.Sound, or SILENT (a no-op stand-in) if there is no audio or
        the file is missing/corrupt.  Never raises."""
        name = self._name(name, ".wav")
        snd = self._sounds.get(name)
        if snd is None:
            snd = SILENT
            if self._mixer():
                fname = f"{name}.wav"
                data = self._read(fname)
                if data is not None:
                    try:
                        snd = pygame.mixer.Sound(file=io.BytesIO(data))
                    except Exception as e:
                        self._warn(fname, f"corrupt or unplayable ({e})")
                        snd = SILENT
            self._sounds[name] = snd
        return snd

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play a sound (``volume`` 0-1 of full loudness) if sound is enabled; silently does
        nothing otherwise."""
        if not self.sound_enabled:
            return
        try:
            snd = self.sound(name)
            snd.set_volume(max(0.0, min(1.0, volume)))
            snd.play()
        except Exception as e:
            log.debug("could not play %s: %s", name, e)


def _with_alpha(surf: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA, 32)
    out.blit(surf, (0, 0))
    return out


# ---------------------------------------------------------------------- fallbacks
_PIECE = {"black": ((150, 24, 24), (60, 6, 8)), "white": ((240, 230, 205), (120, 100, 70))}


def fallback_image(name: str, size: int = BASE_SIZE) -> pygame.Surface:
    """A plain drawn stand-in for a sprite (used when its file is missing or corrupt)."""
    s = pygame.Surface((size, size), pygame.SRCALPHA, 32)
    s.fill((0, 0, 0, 0))
    c = size // 2
    r = int(size * 0.4)
    kind, _, colour = name.partition("_")
    if kind in ("man", "king"):
        fill, edge = _PIECE.get(colour, _PIECE["black"])
        pygame.draw.circle(s, (0, 0, 0, 90), (c + size // 40, c + size // 30), r)
        pygame.draw.circle(s, (*fill, 255), (c, c), r)
        pygame.draw.circle(s, (*edge, 255), (c, c), r, max(1, size // 40))
        pygame.draw.circle(s, (*edge, 255), (c, c), int(r * 0.7), max(1, size // 80))
        if kind == "king":
            pygame.draw.circle(s, (230, 180, 40, 255), (c, c), int(r * 0.38))
    elif name == "square_light":
        s.fill((232, 200, 150, 255))
    elif name == "square_dark":
        s.fill((124, 74, 42, 255))
    elif name in ("highlight_movable", "highlight_selected"):
        col = (255, 214, 80, 220) if name == "highlight_movable" else (120, 230, 255, 240)
        pygame.draw.circle(s, col, (c, c), int(size * 0.43), max(2, size // 32))
    elif name == "marker_destination":
        pygame.draw.circle(s, (30, 60, 36, 130), (c, c), int(size * 0.15))
    elif name == "highlight_last_move":
        s.fill((255, 214, 60, 90))
    elif name == "marker_capture":
        w = max(2, size // 24)
        d = int(size * 0.18)
        pygame.draw.line(s, (230, 40, 40, 230), (c - d, c - d), (c + d, c + d), w)
        pygame.draw.line(s, (230, 40, 40, 230), (c - d, c + d), (c + d, c - d), w)
        pygame.draw.circle(s, (230, 40, 40, 220), (c, c), int(size * 0.43), max(2, size // 48))
    elif name == "hint_arrow_head":
        pygame.draw.polygon(s, (60, 200, 90, 235), [(size * 0.92, c), (size * 0.18, c - size * 0.36),
                                                    (size * 0.36, c), (size * 0.18, c + size * 0.36)])
    return s
