"""Importing the game never starts pygame or opens a window: only App does."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_imports_start_nothing():
    code = (
        "import game.__main__, game.app, game.ui.scenes as s; s.load_all();\n"
        "import pygame, sys;\n"
        "sys.exit(0 if not pygame.display.get_init() and not pygame.mixer.get_init() else 1)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout == ""  # not even pygame's banner


def test_every_scene_is_registered_by_name():
    from game.ui.scene import SCENES
    from game.ui.scenes import load_all

    load_all()
    assert {"menu", "new_game", "play", "confirm", "game_over"} <= set(SCENES)
