"""Which build of the search core runs: compiled or interpreted.

The core is Python source: ``game/engine/core.py`` and the modules it
imports (MODULES, with ``_bits.py``).  ``pip install .`` compiles each with
Cython when a C compiler is at hand (see setup.py), and the compiled
modules, ``core.<platform>.so`` and so on (``.pyd`` on Windows), sit beside
the ``.py`` files; without one, the ``.py`` files run as they are, with the
same results, several times slower.  This module picks one:

- ``CHECKERS_ENGINE=python`` in the environment: the interpreted core, always
  (for tests and comparisons);
- otherwise the compiled core, when it is there and was built from the
  source beside it;
- otherwise the interpreted core.

A compiled core built from another version of the source (the ``.py`` or a
``.pxd`` edited since it was built) is never run: it would play by rules the
source no longer has.  Then the interpreted core runs, with a warning that
says how to build it again.

This module imports only the standard library: setup.py loads it by its path
for ``source_digest``, before the package can be imported.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import types
import warnings
import zlib
from pathlib import Path

__all__ = ["ENV", "MODULES", "REQUIRE_ENV", "SOURCES", "choose", "chosen", "compiled_core", "describe",
           "interpreted_core", "source_digest"]

ENV = "CHECKERS_ENGINE"                 # "python": the interpreted core
REQUIRE_ENV = "CHECKERS_REQUIRE_CORE"   # "1": a build (and the oracle test) without the compiled core fails
# The core's modules, each compiled to an extension of its own, in the order
# they import one another (the interpreted copy is loaded in this order).
MODULES = ("table", "evaluation", "probe", "movegen", "core")
SOURCES = ("_bits.py", "_bits.pxd", *(f"{name}.{ext}" for name in MODULES for ext in ("py", "pxd")))
INTERPRETED_PACKAGE = "core_interpreted"   # where the interpreted copy lives beside a compiled core
HERE = Path(__file__).resolve().parent
PACKAGE = __package__ or "game.engine"

_compiled: tuple[types.ModuleType | None, str | None] | None = None     # (module or None, why not)
_interpreted: types.ModuleType | None = None
_chosen: tuple[types.ModuleType, str | None] | None = None       # choose()'s answer for this process


def source_digest(folder: str | os.PathLike[str] = HERE) -> int | None:
    """A number that changes with the core's source files in ``folder``: their
    CRC-32 and total length (line ends read alike), enough to tell an edited
    source from the one a build was made from, and cheap to compute at every
    start.  setup.py builds it into the compiled core; None when a file is
    missing."""
    crc = length = 0
    try:
        for name in SOURCES:
            data = name.encode() + b"\0" + (Path(folder) / name).read_bytes().replace(b"\r\n", b"\n") + b"\0"
            crc = zlib.crc32(data, crc)
            length += len(data)
    except OSError:
        return None
    return crc << 24 | (length & 0xFFFFFF)


def _extension_path(name: str = "core") -> Path | None:
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = HERE / f"{name}{suffix}"
        if path.is_file():
            return path
    return None


def compiled_core() -> tuple[types.ModuleType | None, str | None]:
    """``(module, None)``: the compiled core, built from the source beside it;
    ``(None, why)`` when there is none to run."""
    global _compiled
    if _compiled is None:
        _compiled = _load_compiled()
    return _compiled


def _load_compiled() -> tuple[types.ModuleType | None, str | None]:
    path = _extension_path()
    if path is None:
        return None, "the compiled core is not built"
    missing = [name for name in MODULES if _extension_path(name) is None]
    if missing:
        return None, f"the compiled core is not built whole (no compiled {missing[0]} module)"
    name = f"{PACKAGE}.core"
    module = sys.modules.get(name)
    if module is None or not getattr(module, "COMPILED", False):
        try:
            module = _load(name, path)
        except (ImportError, OSError, ValueError) as e:   # (ValueError: a module of another build)
            return None, f"the compiled core {path.name} does not load ({e})"
        sys.modules[name] = module
    if module.BUILT_FROM != source_digest():
        return None, (f"the compiled core {path.name} was built from another version of the core's source "
                      "(build it again: pip install ., or python setup.py build_ext --inplace)")
    return module, None


def interpreted_core() -> types.ModuleType:
    """The core's source run by the interpreter: ``game.engine.core`` itself
    when no compiled core is there, else the ``.py`` files loaded once more
    as a package of their own (``game.engine.core_interpreted``: its core,
    table, ... modules import one another, never the compiled ones)."""
    global _interpreted
    if _interpreted is None:
        name = f"{PACKAGE}.core"
        module = sys.modules.get(name)
        if module is None and not any(_extension_path(n) for n in MODULES):
            module = importlib.import_module(name)   # (only the .py files are there)
        if module is None or module.COMPILED:
            module = _load_interpreted()
        _interpreted = module
    return _interpreted


def _load_interpreted() -> types.ModuleType:
    """The core's modules from their ``.py`` files under INTERPRETED_PACKAGE,
    an empty package whose modules are put in place here one by one (a
    relative import among them finds its sibling already loaded)."""
    package = f"{PACKAGE}.{INTERPRETED_PACKAGE}"
    holder = types.ModuleType(package, "The search core's modules, interpreted (see corebuild.py).")
    holder.__path__ = []   # (a package that finds nothing by itself)
    sys.modules[package] = holder
    module = holder   # (then each of its modules in turn: the core last)
    for name in ("_bits", *MODULES):
        module = _load(f"{package}.{name}", HERE / f"{name}.py", sys.modules)
        setattr(holder, name, module)
    return module


def _load(name: str, path: str | os.PathLike[str], into: dict[str, types.ModuleType] | None = None) -> types.ModuleType:
    """The module ``name`` run from the file ``path`` (put into ``into``, a
    dict of modules, before it runs: a relative import in it can find it)."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"no module can be loaded from {path}")
    module = importlib.util.module_from_spec(spec)
    if into is not None:
        into[name] = module
    spec.loader.exec_module(module)
    return module


def choose() -> tuple[types.ModuleType, str | None]:
    """``(module, why)``: the core this process runs (see the module's text);
    ``why`` says why it is the interpreted one (None: compiled)."""
    if os.environ.get(ENV, "").strip().lower() == "python":
        return interpreted_core(), f"{ENV}=python"
    module, why = compiled_core()
    if module is not None:
        return module, None
    if _extension_path() is not None:
        warnings.warn(f"checkers: {why}; the engine runs interpreted, several times slower", RuntimeWarning,
                      stacklevel=2)
    return interpreted_core(), why


def chosen() -> tuple[types.ModuleType, str | None]:
    """``(module, why)`` of choose(), made once per process: the core that the
    search and the evaluation both run (one warning, at the first call)."""
    global _chosen
    if _chosen is None:
        _chosen = choose()
    return _chosen


def describe(module: object, why: str | None = None) -> str:
    """``compiled`` or ``interpreted``, with the reason for the latter."""
    if getattr(module, "COMPILED", False):
        return "compiled"
    return f"interpreted: {why}" if why else "interpreted"
