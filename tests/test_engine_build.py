"""The compiled core is optional: a build without a C compiler succeeds and
the engine runs interpreted; CHECKERS_ENGINE=python chooses the interpreted
core at run time; a compiled core built from another source is never run;
``checkers --version`` says which core runs."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine import corebuild

ROOT = Path(__file__).resolve().parents[1]
COMPILED = corebuild.compiled_core()[0] is not None
SEARCH = ("from game.engine import search; from game.rules import Position; "
          "info = list(search.Searcher(endgame=None).search(Position.initial(), depth=6))[-1]; "
          "print(search.ENGINE); print(info.depth, info.score, info.best_move, info.nodes)")


def _run(args, cwd=ROOT, **env):
    env = {k: v for k, v in os.environ.items() if k not in (corebuild.ENV, corebuild.REQUIRE_ENV)} | env
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def _copy_game(dest):
    """game/ and the files the build reads, without any compiled core or caches,
    and the assets (the evaluation's patterns: the copy must evaluate alike)."""
    shutil.copytree(ROOT / "game", dest / "game",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "core.c"))
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, dest / name)
    (dest / "assets").symlink_to(ROOT / "assets", target_is_directory=True)


def test_checkers_engine_python_forces_the_interpreted_core_with_the_same_result():
    forced = _run([sys.executable, "-c", SEARCH], CHECKERS_ENGINE="python")
    assert forced.returncode == 0, forced.stderr
    chosen = _run([sys.executable, "-c", SEARCH], CHECKERS_ENGINE="anything else")
    assert chosen.returncode == 0, chosen.stderr
    engine, result = forced.stdout.splitlines()
    assert engine == "interpreted: CHECKERS_ENGINE=python"
    assert chosen.stdout.splitlines() == ["compiled" if COMPILED else "interpreted: the compiled core is not built",
                                          result]


def test_the_version_line_says_which_core_runs():
    r = _run([sys.executable, "-m", "game", "--version"])
    assert r.returncode == 0, r.stderr
    assert re.fullmatch(r"checkers \S+ \(engine: (compiled|interpreted: .+)\)\n", r.stdout)
    assert ("engine: compiled" in r.stdout) == COMPILED
    r = _run([sys.executable, "-m", "game", "--version"], CHECKERS_ENGINE="python")
    assert r.stdout.endswith("(engine: interpreted: CHECKERS_ENGINE=python)\n")


@pytest.mark.skipif(not COMPILED, reason="no compiled core to go stale")
def test_a_compiled_core_built_from_another_source_is_not_run(tmp_path):
    _copy_game(tmp_path)
    for so in (ROOT / "game" / "engine").glob("core.*"):
        if so.suffix in (".so", ".pyd"):
            shutil.copy2(so, tmp_path / "game" / "engine" / so.name)
    core = tmp_path / "game" / "engine" / "core.py"
    core.write_text(core.read_text(encoding="utf-8") + "\n# edited after the build\n", encoding="utf-8")
    r = _run([sys.executable, "-c", SEARCH], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("interpreted: the compiled core core.")
    assert "was built from another version of core.py" in r.stdout and "RuntimeWarning" in r.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="hides the compiler with CC=/bin/false")
def test_without_a_compiler_the_build_succeeds_and_the_engine_runs_interpreted(tmp_path):
    pytest.importorskip("setuptools")
    _copy_game(tmp_path)
    build = [sys.executable, "setup.py", "-q", "build_ext", "--inplace"]
    required = _run(build, cwd=tmp_path, CC="/bin/false", CHECKERS_REQUIRE_CORE="1")
    assert required.returncode != 0  # (wheels: never one without the core)
    r = _run(build, cwd=tmp_path, CC="/bin/false")
    assert r.returncode == 0, r.stderr
    assert re.search(r"warning: .* not (built|installed).*; the engine will run interpreted", r.stderr), r.stderr
    assert not [p for p in (tmp_path / "game" / "engine").iterdir() if p.suffix in (".so", ".pyd")]
    r = _run([sys.executable, "-c", SEARCH], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    here = _run([sys.executable, "-c", SEARCH], CHECKERS_ENGINE="python")
    assert r.stdout.splitlines() == ["interpreted: the compiled core is not built", here.stdout.splitlines()[1]]
