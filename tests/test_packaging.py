"""What `pip install .` puts on a player's machine: every package and every asset.

The tests import the game from the checkout, so a package or an asset missing
from pyproject.toml would pass here and break an installed game; this reads the
install list itself and compares it with what is on disk.
"""

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _setuptools():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def test_every_package_of_the_game_is_installed():
    listed = set(_setuptools()["packages"])
    on_disk = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "game").rglob("__init__.py")}
    missing = sorted(on_disk - listed)
    assert not missing, f"packages not in pyproject.toml's list (an installed game could not import them): {missing}"


def test_every_asset_file_is_installed():
    patterns = _setuptools()["package-data"]["game.assets"]
    files = [p.name for p in (ROOT / "assets").iterdir() if p.is_file() and p.name != "__init__.py"]
    missing = sorted(f for f in files if not any(fnmatch.fnmatch(f, pat) for pat in patterns))
    assert not missing, f"assets not matched by package-data {patterns}: {missing}"
