"""Builds the compiled search core when it can (the rest is in pyproject.toml).

game/engine/core.py and the modules it imports (corebuild.MODULES) are plain
Python, each typed for Cython by the .pxd beside it.  When Cython and a C
compiler are at hand (Cython is a build requirement, so pip brings it),
``pip install .`` compiles each into game/engine/<module>.*.so;
without a compiler the install goes on without it (a warning says so) and
the engine runs the same source interpreted, with the same results.

Environment:
  CHECKERS_REQUIRE_CORE=1   fail instead (wheels: never one without the core)
  CHECKERS_ENGINE=python    build no compiled core at all
  CHECKERS_CFLAGS="..."     the C compiler's flags (default -O3; e.g. add -mpopcnt
                            for a build that only runs on this machine)

The digest of the core's source is built into it (corebuild.source_digest): a
compiled core is only run with the source it was built from.

Built from a git checkout (pip builds in place), the compiled core is also
copied beside core.py, as ``build_ext --inplace`` does: the tests and the game
run from the checkout use it too (the README's test command runs pytest on
the checkout, not on the installed copy).
"""

import importlib.util
import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
ENGINE = HERE / "game" / "engine"
# (no bounds or None checks: the core indexes its own arrays; Python's division,
# which only costs a sign test, so that both builds divide alike whatever the weights)
DIRECTIVES = {"language_level": 3, "boundscheck": False, "wraparound": False, "cdivision": False,
              "initializedcheck": False, "nonecheck": False, "overflowcheck": False}
REQUIRED = os.environ.get("CHECKERS_REQUIRE_CORE", "") == "1"


def _corebuild():
    """game/engine/corebuild.py, loaded by its path (the package itself may not import here)."""
    spec = importlib.util.spec_from_file_location("_checkers_corebuild", ENGINE / "corebuild.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _warn(text):
    print(f"warning: {text}; the engine will run interpreted (the same results, several times slower)",
          file=sys.stderr)


def extensions():
    if os.environ.get("CHECKERS_ENGINE", "").strip().lower() == "python" and not REQUIRED:
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        if REQUIRED:
            raise
        _warn("Cython is not installed, so the compiled search core is not built")
        return []
    corebuild = _corebuild()
    digest = corebuild.source_digest(ENGINE)
    flags = os.environ.get("CHECKERS_CFLAGS", "/O2" if sys.platform == "win32" else "-O3").split()
    # one extension per module of the core (corebuild.MODULES), the digest built into each
    core = [Extension(f"game.engine.{name}", [f"game/engine/{name}.py"], optional=not REQUIRED,
                      extra_compile_args=flags, define_macros=[("CHECKERS_CORE_DIGEST", f"{digest:#x}ULL")],
                      depends=[f"game/engine/{source}" for source in corebuild.SOURCES])
            for name in corebuild.MODULES]
    # (the C file goes to build/, not beside core.py, where it would be installed as package data)
    built = cythonize(core, compiler_directives=DIRECTIVES, build_dir="build/cython", quiet=True)
    for ext in built:
        ext.optional = not REQUIRED  # (cythonize's copies drop it)
    return built


class BuildExt(build_ext):
    """build_ext that warns and goes on when the core cannot be compiled (no
    compiler found at all), and copies the built core into a git checkout."""

    def run(self):
        try:
            super().run()
        except Exception as e:  # noqa: BLE001  (any build failure: install the interpreted engine)
            if REQUIRED:
                raise
            _warn(f"the compiled search core was not built ({e})")
            return
        if self._into_checkout():
            for ext, built in getattr(self, "_built", []):
                self.copy_file(str(built), str(self._checkout_path(ext, built)), level=self.verbose)

    def build_extension(self, ext):
        built = Path(self.get_ext_fullpath(ext.name))
        try:
            super().build_extension(ext)
        except Exception as e:  # noqa: BLE001  (no compiler, a compiler error: as above)
            if not ext.optional:
                raise
            _warn(f"the compiled search core was not built ({e})")
            # (an earlier build's core, left in build/ or copied into the checkout, is not this source's)
            built.unlink(missing_ok=True)
            if self._into_checkout():
                self._checkout_path(ext, built).unlink(missing_ok=True)
            return
        self._built = [*getattr(self, "_built", []), (ext, built)]

    def _into_checkout(self):
        """Whether this builds from a git checkout (not in place already, not a wheel for elsewhere)."""
        return not self.inplace and (HERE / ".git").exists() and not os.environ.get("CIBUILDWHEEL")

    @staticmethod
    def _checkout_path(ext, built):
        return HERE / Path(*ext.name.split(".")[:-1]) / built.name


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildExt})
