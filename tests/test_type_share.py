"""tools/type_share.py counts the lines of game/ that mypy's files list names, and those under the
strict overrides, in a checkout it is pointed at."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import type_share  # noqa: E402

PYPROJECT = '''
[tool.mypy]
files = ["game/a", "game/c.pyi"]

[[tool.mypy.overrides]]
module = ["game.a.strict*"]
disallow_untyped_defs = true

[[tool.mypy.overrides]]
module = ["game.a.*"]
follow_imports = "silent"
'''


def write(path: Path, lines: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("x = 1\n" * lines)


def test_the_shares_count_listed_lines_and_the_strict_ones(tmp_path, capsys):
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    write(tmp_path / "game/a/__init__.py", 1)
    write(tmp_path / "game/a/strict_one.py", 10)
    write(tmp_path / "game/a/loose.py", 20)
    write(tmp_path / "game/b.py", 40)              # not listed
    write(tmp_path / "game/c.py", 8)               # listed by its stub
    (tmp_path / "game/c.pyi").write_text("x: int\n")
    assert type_share.shares(tmp_path) == (1 + 10 + 20 + 8, 10, 79)
    assert type_share.main(["--root", str(tmp_path)]) == 0
    assert "39 of 79 lines" in capsys.readouterr().out
