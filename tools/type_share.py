"""How much of ``game/`` mypy checks, by lines: the share in mypy's ``files`` list, and the share
under the strict settings (the ``[[tool.mypy.overrides]]`` entry that sets ``disallow_untyped_defs``).

A compiled-core module is checked through its ``.pyi`` stub, so the stub's ``.py`` counts as checked.

    python tools/type_share.py            # prints both shares of this checkout
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from fnmatch import fnmatchcase
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from game.textfile import read_bytes, read_text  # noqa: E402  (every read capped, as tests/test_file_reads.py wants)

ROOT = Path(__file__).resolve().parent.parent


def _lines(path: Path) -> int:
    return read_bytes(path, limit=4 << 20, what="source file").count(b"\n")


def module_name(path: Path, root: Path) -> str:
    """``game/ui/scenes/play.py`` -> ``game.ui.scenes.play``; a package's ``__init__`` is the package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def checked_files(config: dict, root: Path) -> set[Path]:
    """The ``.py`` files of ``game/`` that mypy's ``files`` list names (a stub names its module)."""
    out: set[Path] = set()
    for entry in config["tool"]["mypy"]["files"]:
        p = root / entry
        if p.is_dir():
            out |= set(p.rglob("*.py"))
        elif p.suffix == ".py":
            out.add(p)
        elif p.suffix == ".pyi" and p.with_suffix(".py").exists():
            out.add(p.with_suffix(".py"))
    return out


def strict_patterns(config: dict) -> list[str]:
    """The module patterns of the overrides that set ``disallow_untyped_defs`` (the strict settings)."""
    return [m for o in config["tool"]["mypy"].get("overrides", []) if o.get("disallow_untyped_defs")
            for m in o["module"]]


def shares(root: Path = ROOT) -> tuple[int, int, int]:
    """``(lines checked, lines checked strictly, lines of game/)``."""
    config = tomllib.loads(read_text(root / "pyproject.toml", limit=1 << 20, what="pyproject.toml"))
    every = sorted((root / "game").rglob("*.py"))
    checked = checked_files(config, root)
    patterns = strict_patterns(config)
    total = plain = strict = 0
    for path in every:
        n = _lines(path)
        total += n
        if path in checked:
            plain += n
            if any(fnmatchcase(module_name(path, root), pat) for pat in patterns):
                strict += n
    return plain, strict, total


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout (default: this one)")
    args = ap.parse_args(argv)
    plain, strict, total = shares(args.root)
    print(f"mypy checks {plain:,} of {total:,} lines of game/ ({100 * plain / total:.1f}%); "
          f"under the strict settings {strict:,} ({100 * strict / total:.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
