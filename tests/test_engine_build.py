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
    for name in corebuild.MODULES:
        for so in (ROOT / "game" / "engine").glob(f"{name}.*"):
            if so.suffix in (".so", ".pyd"):
                shutil.copy2(so, tmp_path / "game" / "engine" / so.name)
    for name in corebuild.MODULES:   # any of the core's sources edited
        source = tmp_path / "game" / "engine" / f"{name}.py"
        text = source.read_text(encoding="utf-8")
        source.write_text(text + "\n# edited after the build\n", encoding="utf-8")
        r = _run([sys.executable, "-c", SEARCH], cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        assert r.stdout.startswith("interpreted: the compiled core core."), name
        assert "was built from another version of the core's source" in r.stdout and "RuntimeWarning" in r.stderr
        source.write_text(text, encoding="utf-8")


@pytest.mark.skipif(not COMPILED, reason="no compiled core to be incomplete")
def test_a_compiled_core_missing_a_module_is_not_run(tmp_path):
    _copy_game(tmp_path)
    for so in (ROOT / "game" / "engine").glob("core.*"):
        if so.suffix in (".so", ".pyd"):
            shutil.copy2(so, tmp_path / "game" / "engine" / so.name)
    r = _run([sys.executable, "-c", SEARCH], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    here = _run([sys.executable, "-c", SEARCH], CHECKERS_ENGINE="python")
    assert r.stdout.splitlines() == [f"interpreted: the compiled core is not built whole (no compiled "
                                     f"{corebuild.MODULES[0]} module)", here.stdout.splitlines()[1]]


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


def _interpreted(name):
    """The interpreted core's module ``name`` (core, table, ...), whose constants are Python values."""
    core = corebuild.interpreted_core()
    return sys.modules[f"{core.__name__.rpartition('.')[0]}.{name}"]


# Each C array of the .pxd files, with the constants of the .py that size the
# lists of the interpreted build: the two builds must hold the same room.
ARRAYS = {
    "movegen": {name: lambda m: m.STACK for name in ("mf", "mt", "mc", "mk")},
    "core": {"k1f": lambda m: m.PLIES, "k1t": lambda m: m.PLIES, "k2f": lambda m: m.PLIES, "k2t": lambda m: m.PLIES,
             "hist": lambda m: m.SQUARES * m.SQUARES, "lmr": lambda m: m.LMR_SIDE * m.LMR_SIDE,
             "rep0": lambda m: m.REPS, "rep1": lambda m: m.REPS, "repb": lambda m: m.REPS},
    "probe": {"eg5_state": lambda m: m.FIVE_KEYS},
}


def test_the_pxd_array_sizes_are_the_named_constants():
    for name, arrays in ARRAYS.items():
        text = (ROOT / "game" / "engine" / f"{name}.pxd").read_text(encoding="utf-8")
        declared = {m[1]: int(m[2]) for m in re.finditer(r"^\s+cdef [\w ]+? (\w+)\[(\d+)\]", text, re.M)}
        assert set(declared) == set(arrays), name   # (every C array is checked)
        module = _interpreted(name)
        for array, size in arrays.items():
            assert declared[array] == size(module), (name, array)


def test_the_bits_constants_are_the_same_in_c():
    # _bits.pxd gives the compiled core the constants of _bits.py as C: a
    # #define for each mask, an enum for each score
    text = (ROOT / "game" / "engine" / "_bits.pxd").read_text(encoding="utf-8")
    bits = _interpreted("_bits")
    defines = {m[1]: int(m[2], 16) for m in re.finditer(r"#define CHECKERS_(\w+) (0x[0-9A-F]+|\d+)ULL", text)}
    defines.pop("CORE_DIGEST", None)
    enums = {m[1]: int(m[2]) for m in re.finditer(r"^    (\w+) = (-?\d+)$", text, re.M)}
    assert set(defines) == {"BOARD", "BC", "WC", "M64", "LOW32", "ONE"}
    assert {"WIN", "MATE_BOUND", "DATABASE_WIN", "INF", "NO_SCORE", "SCORE_BIAS"} <= set(enums)
    for name, value in {**defines, **enums}.items():
        if name != "compiled":
            assert getattr(bits, name) == value, name
