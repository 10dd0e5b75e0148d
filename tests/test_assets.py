"""Assets: the committed files, the renderer (tools/make_assets.py) and the loader."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import hashlib  # noqa: E402
import importlib.util  # noqa: E402
import logging  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import wave  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import assets as assets_mod  # noqa: E402
from game.ui.assets import BASE_SIZE, SILENT, SOUNDS, SPRITES, Assets, asset_dir  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
ASSETS = REPO / "assets"
TOOL = REPO / "tools" / "make_assets.py"


def _tool():
    spec = importlib.util.spec_from_file_location("make_assets_under_test", TOOL)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def tool():
    return _tool()


def test_the_renderer_draws_every_sprite_and_sound_the_loader_lists(tool):
    # one list (game.ui.assets); the tool must have a renderer for each entry and no other
    assert set(tool.SPRITE_RENDERERS) == set(SPRITES)
    for name in SOUNDS:
        assert tool._sound(name)[:2]  # some samples, not a KeyError


def test_loader_finds_the_asset_folder():
    folder = asset_dir()
    assert folder.joinpath("man_black.png").is_file()
    assert folder.joinpath("MANIFEST.txt").is_file()


@pytest.mark.parametrize("name", SPRITES)
def test_sprite_exists_loads_has_alpha_and_size(name):
    path = ASSETS / f"{name}.png"
    assert path.is_file(), path
    surf = pygame.image.load(str(path))
    assert surf.get_size() == (BASE_SIZE, BASE_SIZE)
    assert surf.get_flags() & pygame.SRCALPHA and surf.get_masks()[3] != 0
    # Through the loader too, and without warnings.
    a = Assets(ASSETS)
    img = a.image(name)
    assert img.get_size() == (BASE_SIZE, BASE_SIZE)
    assert img.get_flags() & pygame.SRCALPHA
    assert not a._warned


def test_pieces_are_transparent_around_and_opaque_in_the_middle():
    a = Assets(ASSETS)
    for name in ("man_black", "man_white", "king_black", "king_white"):
        img = a.image(name)
        assert img.get_at((2, 2)).a == 0
        assert img.get_at((BASE_SIZE // 2, BASE_SIZE // 2)).a == 255
    for name in ("square_light", "square_dark"):
        img = a.image(name)
        assert all(img.get_at(p).a == 255 for p in ((0, 0), (128, 128), (255, 255)))


@pytest.mark.parametrize("name", SOUNDS)
def test_sound_files_are_short_16bit_mono_44k_unclipped(name):
    with wave.open(str(ASSETS / f"{name}.wav"), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 44100)
        n = w.getnframes()
        assert 0 < n < 0.6 * 44100
        import array
        pcm = array.array("h", w.readframes(n))
    if sys.byteorder != "little":
        pcm.byteswap()
    assert max(abs(v) for v in pcm) < 32000  # headroom, no clipping
    assert abs(pcm[0]) < 200 and abs(pcm[-1]) < 200  # faded: no pops


def test_manifest_lists_every_file_with_size_and_sha256():
    lines = [ln.split() for ln in (ASSETS / "MANIFEST.txt").read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    listed = {fname: (int(size), digest) for fname, size, digest in lines}
    expected = {f"{n}.png" for n in SPRITES} | {f"{n}.wav" for n in SOUNDS}
    assert set(listed) == expected
    for fname, (size, digest) in listed.items():
        data = (ASSETS / fname).read_bytes()
        assert len(data) == size, fname
        assert hashlib.sha256(data).hexdigest() == digest, fname


def test_sprites_and_sounds_are_small():
    files = [f"{n}.png" for n in SPRITES] + [f"{n}.wav" for n in SOUNDS]
    total = sum((ASSETS / name).stat().st_size for name in files)
    assert total < 1_500_000


def test_make_assets_check_passes():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, str(TOOL), "--check"], cwd=REPO, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


def test_make_assets_check_detects_a_stale_file(tool, tmp_path):
    shutil.copytree(ASSETS, tmp_path / "a")
    (tmp_path / "a" / "move.wav").write_bytes(b"RIFF....")
    (tmp_path / "a" / "square_dark.png").unlink()
    problems = tool.check(tmp_path / "a")
    assert any("move.wav" in p for p in problems)
    assert any("square_dark.png" in p for p in problems)


def test_rendering_is_deterministic(tool, tmp_path):
    a = tool.render_all(tmp_path / "one")
    b = tool.render_all(tmp_path / "two")
    assert a.keys() == b.keys()
    for fname in a:
        assert a[fname] == b[fname], fname
        assert (tmp_path / "one" / fname).read_bytes() == (tmp_path / "two" / fname).read_bytes()


# ---------------------------------------------------------------- loader behaviour
def test_image_is_cached_and_scaled_is_cached_by_size():
    a = Assets(ASSETS)
    assert a.image("man_white") is a.image("man_white.png")
    s72 = a.scaled("man_white", 72)
    assert s72.get_size() == (72, 72)
    assert a.scaled("man_white", 72) is s72
    assert a.scaled("man_white", (72, 72)) is s72
    assert a.scaled("man_white", 64).get_size() == (64, 64)
    a.clear_scaled()
    assert a.scaled("man_white", 72) is not s72


def test_scaled_cache_is_bounded_across_resizes():
    a = Assets(ASSETS)
    for size in range(40, 140, 5):
        for name in SPRITES:
            a.scaled(name, size)
    assert len(a._scaled) <= assets_mod.MAX_SCALED_SIZES
    # The size in steady use survives an animation through many other sizes.
    a.clear_scaled()
    board = a.scaled("square_dark", 80)
    for size in range(81, 120):
        assert a.scaled("square_dark", 80) is board
        a.scaled("man_black", size)
    assert a.scaled("square_dark", 80) is board


def test_missing_file_falls_back_with_one_warning(tmp_path, caplog):
    folder = tmp_path / "assets"
    shutil.copytree(ASSETS, folder)
    (folder / "man_black.png").unlink()
    a = Assets(folder)
    with caplog.at_level(logging.WARNING, logger="game.ui.assets"):
        img = a.image("man_black")
        a.image("man_black")
        a.scaled("man_black", 50)
    assert img.get_size() == (BASE_SIZE, BASE_SIZE)
    assert img.get_at((BASE_SIZE // 2, BASE_SIZE // 2)).a == 255  # a drawn disc
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "man_black.png" in warnings[0].getMessage()


@pytest.mark.parametrize("name", SPRITES)
def test_corrupt_file_falls_back_with_a_warning(tmp_path, caplog, name):
    folder = tmp_path / "assets"
    shutil.copytree(ASSETS, folder)
    (folder / f"{name}.png").write_bytes(b"\x89PNG\r\n\x1a\nthis is not a png")
    a = Assets(folder)
    with caplog.at_level(logging.WARNING, logger="game.ui.assets"):
        img = a.image(name)
    assert img.get_size() == (BASE_SIZE, BASE_SIZE)
    assert img.get_flags() & pygame.SRCALPHA
    assert any(f"{name}.png" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)


def test_missing_folder_never_raises(tmp_path, caplog):
    a = Assets(tmp_path / "nowhere")
    with caplog.at_level(logging.WARNING, logger="game.ui.assets"):
        for n in SPRITES:
            assert a.scaled(n, 33).get_size() == (33, 33)
        for n in SOUNDS:
            a.play(n)


def test_sounds_load_or_are_silent_with_the_dummy_driver():
    a = Assets(ASSETS)
    for n in SOUNDS:
        snd = a.sound(n)
        assert snd is SILENT or isinstance(snd, pygame.mixer.Sound)
        if snd is not SILENT:
            assert 0 < snd.get_length() < 0.6
        assert a.sound(n + ".wav") is snd  # cached
        a.play(n)  # never raises
    a.sound_enabled = False
    a.play("move")


def test_corrupt_sound_is_silent(tmp_path, caplog):
    folder = tmp_path / "assets"
    shutil.copytree(ASSETS, folder)
    (folder / "capture.wav").write_bytes(b"RIFF garbage")
    a = Assets(folder)
    with caplog.at_level(logging.WARNING, logger="game.ui.assets"):
        snd = a.sound("capture")
        a.play("capture")
    if a._mixer():
        assert snd is SILENT
        assert any("capture.wav" in r.getMessage() for r in caplog.records)


def test_no_mixer_means_silent(monkeypatch):
    def broken_init(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    a = Assets(ASSETS)
    assert a.sound("move") is SILENT
    a.play("move")


def test_convert_alpha_after_a_display_mode_is_set():
    # Leave pygame's display as we found it (other tests may share it).
    was_init = pygame.display.get_init()
    pygame.display.init()
    try:
        a = Assets(ASSETS)
        early = a.scaled("king_black", 40)
        if pygame.display.get_surface() is None:
            pygame.display.set_mode((64, 64))
        img = a.image("king_black")
        assert img.get_size() == (BASE_SIZE, BASE_SIZE)
        assert img.get_flags() & pygame.SRCALPHA
        late = a.scaled("king_black", 40)
        assert late.get_size() == (40, 40) and late is not early  # remade from the converted image
    finally:
        if not was_init:
            pygame.display.quit()


def test_import_does_not_start_pygame():
    code = ("import pygame, game.ui.assets as m; m.Assets; "
            "assert not pygame.get_init(); assert not pygame.display.get_init(); "
            "assert not pygame.mixer.get_init(); print('ok')")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "ok" in r.stdout, r.stdout + r.stderr
