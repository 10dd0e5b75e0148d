"""Which build of the search core runs: compiled or interpreted.

``game/engine/core.py`` is one Python source.  ``pip install .`` compiles it
with Cython when a C compiler is at hand (see setup.py), and the compiled
module, ``core.<platform>.so`` (``.pyd`` on Windows), sits beside the ``.py``;
without one, the ``.py`` runs as it is, with the same results, several times
slower.  This module picks one:

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

import importlib.machinery
import importlib.util
import os
import sys
import warnings
import zlib
from pathlib import Path

__all__ = ["ENV", "REQUIRE_ENV", "SOURCES", "choose", "compiled_core", "describe", "interpreted_core",
           "source_digest"]

ENV = "CHECKERS_ENGINE"                 # "python": the interpreted core
REQUIRE_ENV = "CHECKERS_REQUIRE_CORE"   # "1": a build (and the oracle test) without the compiled core fails
SOURCES = ("core.py", "core.pxd", "_bits.pxd")   # what the compiled core is made from
HERE = Path(__file__).resolve().parent
PACKAGE = __package__ or "game.engine"

_compiled = None     # (module or None, why not)
_interpreted = None


def source_digest(folder=HERE):
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


def _extension_path():
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = HERE / f"core{suffix}"
        if path.is_file():
            return path
    return None


def compiled_core():
    """``(module, None)``: the compiled core, built from the source beside it;
    ``(None, why)`` when there is none to run."""
    global _compiled
    if _compiled is None:
        _compiled = _load_compiled()
    return _compiled


def _load_compiled():
    path = _extension_path()
    if path is None:
        return None, "the compiled core is not built"
    name = f"{PACKAGE}.core"
    module = sys.modules.get(name)
    if module is None or not getattr(module, "COMPILED", False):
        try:
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        except (ImportError, OSError) as e:
            return None, f"the compiled core {path.name} does not load ({e})"
        sys.modules[name] = module
    if module.BUILT_FROM != source_digest():
        return None, (f"the compiled core {path.name} was built from another version of core.py "
                      "(build it again: pip install ., or python setup.py build_ext --inplace)")
    return module, None


def interpreted_core():
    """The core's source run by the interpreter: ``game.engine.core`` itself
    when no compiled core is there, else the ``.py`` loaded once more under a
    name of its own (``game.engine.core_interpreted``)."""
    global _interpreted
    if _interpreted is None:
        name = f"{PACKAGE}.core"
        module = sys.modules.get(name)
        if module is None and _extension_path() is None:
            module = importlib.import_module(name)   # (only the .py is there)
        if module is None or module.COMPILED:
            name = f"{PACKAGE}.core_interpreted"
            spec = importlib.util.spec_from_file_location(name, HERE / "core.py")
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
        _interpreted = module
    return _interpreted


def choose():
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


def describe(module, why=None):
    """``compiled`` or ``interpreted``, with the reason for the latter."""
    if getattr(module, "COMPILED", False):
        return "compiled"
    return f"interpreted: {why}" if why else "interpreted"
