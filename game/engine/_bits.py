"""Bit helpers for the search core (game/engine/core.py), as plain Python.

The core does ``from ._bits import *`` in its ``.py`` and cimports the same
names from ``_bits.pxd`` in its ``.pxd``: run by the interpreter it gets
these, compiled it gets the C versions of ``_bits.pxd`` instead (one
instruction each).  The star import keeps the names out of the core's own
declarations, which a plain ``from ._bits import popcount`` would clash with.
"""

__all__ = ["bitlen", "let_python_in", "compiled", "core_digest", "popcount"]

popcount = int.bit_count    # (an unbound method: as fast as x.bit_count())
bitlen = int.bit_length     # the bit's index + 1 for a single-bit mask
compiled = False            # True (a C constant) in a compiled module
core_digest = 0             # compiled: the digest of the source it was built from (see corebuild.py)


def let_python_in():
    """Nothing to do here: the interpreter itself lets other threads run and
    handles Ctrl+C between bytecodes.  (The compiled core runs no bytecode for
    long stretches: its version lets them in.)"""
    return 0
