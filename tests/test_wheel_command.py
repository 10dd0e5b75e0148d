"""pyproject.toml's cibuildwheel test-command, run exactly as written, against a wheel built and installed here.

cibuildwheel builds each wheel, installs it into a fresh environment and runs the test-command there with
``{project}`` replaced by the checkout, from a folder outside it, with [tool.cibuildwheel]'s environment.
This does the same on this machine: the project's files are copied to a temporary folder (a build in the
checkout would write its build/ folder and the compiled core into it), built into a wheel by pip (with
build isolation, as cibuildwheel does: pip fetches the build requirements), installed with
``pip install --target`` and put first on the path of an interpreter that has pytest; the command is read
from pyproject.toml and run by the shell.  A wheel is never built without the compiled core
(CHECKERS_REQUIRE_CORE=1), so without a C compiler there is nothing to test: the test says so and skips.
"""

import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("game", "assets", "setup.py", "pyproject.toml", "README.md")


def cibuildwheel_table():
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["cibuildwheel"]


def compiler():
    """The C compiler the build would use, or None."""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(cc.split()[0])


def copy_sources(into):
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.c", "*.egg-info", "build")
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, into / name, ignore=ignore)
        else:
            shutil.copy2(source, into / name)


def test_the_command_names_only_what_an_installed_wheel_has():
    # the test-command runs one test file of the checkout with pythonpath emptied: that file may import
    # only the installed game, pytest and the standard library (tools/ and tests/ are not on the path)
    command = cibuildwheel_table()["test-command"]
    assert "-o pythonpath=" in command and "{project}/tests/" in command
    test_file = ROOT / command.split("{project}/")[1].split()[0]
    import ast

    for node in ast.walk(ast.parse(test_file.read_text(encoding="utf-8"))):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
        for name in names:
            top = name.split(".")[0]
            assert top in {"game", "pytest"} or top in sys.stdlib_module_names, (
                f"{test_file.name} imports {name}, which the installed wheel's test run cannot find")


@pytest.mark.skipif(compiler() is None, reason="no C compiler: a wheel is never built without the compiled core")
def test_the_wheel_test_command_passes_as_written(tmp_path):
    table = cibuildwheel_table()
    source, wheels, site, elsewhere, bin_dir = (tmp_path / n for n in ("src", "wheels", "site", "cwd", "bin"))
    for folder in (source, elsewhere, bin_dir):
        folder.mkdir()
    copy_sources(source)
    env = {**os.environ, **{k: str(v) for k, v in table.get("environment", {}).items()}, "CIBUILDWHEEL": "1",
           "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("CHECKERS_ENGINE", None)  # the wheel is built with its core whatever this run's engine
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(source)],
                           capture_output=True, text=True, env=env, timeout=600)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (wheel,) = wheels.glob("checkers-*.whl")
    installed = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site),
                                str(wheel)], capture_output=True, text=True, env=env, timeout=300)
    assert installed.returncode == 0, installed.stderr[-3000:]
    # "python" on the PATH is this interpreter (which has pytest, the test-requires), as in cibuildwheel's venv
    (bin_dir / "python").symlink_to(sys.executable)
    env.update(PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", PYTHONPATH=str(site))
    # which game the command's interpreter imports, from where the command runs: the installed one, compiled
    which = subprocess.run(["python", "-c", "import game, game.engine.corebuild as c; print(game.__file__); "
                            "print(c.compiled_core()[0] is not None)"],
                           cwd=elsewhere, capture_output=True, text=True, env=env, timeout=60)
    assert which.stdout.split() == [str(site / "game" / "__init__.py"), "True"], which.stderr
    command = table["test-command"].replace("{project}", str(ROOT)).replace("{package}", str(ROOT))
    run = subprocess.run(command, shell=True, cwd=elsewhere, capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert " passed" in run.stdout and "skipped" not in run.stdout, run.stdout[-2000:]
