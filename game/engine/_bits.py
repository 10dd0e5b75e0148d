"""Bit helpers and shared constants of the search core, as plain Python.

The core's modules (core, table, evaluation, probe, movegen) do ``from
._bits import *`` in their ``.py`` and cimport the same names from
``_bits.pxd`` in their ``.pxd``: run by the interpreter they get these,
compiled they get the C versions of ``_bits.pxd`` instead (one instruction
each, or a C constant).  The star import keeps the names out of the
modules' own declarations, which a plain ``from ._bits import popcount``
would clash with.  tests/test_engine_build.py checks that the constants
here and in ``_bits.pxd`` agree.
"""

__all__ = ["BC", "BOARD", "DATABASE_STAGE", "DATABASE_WIN", "EXACT", "INF", "LOW32", "LOWER", "M64", "MATE_BOUND",
           "NO_SCORE", "ONE", "SCORE_BIAS", "UPPER", "WC", "WIN", "bitlen", "compiled", "core_digest", "let_python_in",
           "pack", "popcount", "touch", "unpack"]

popcount = int.bit_count    # (an unbound method: as fast as x.bit_count())
bitlen = int.bit_length     # the bit's index + 1 for a single-bit mask
compiled = False            # True (a C constant) in a compiled module
core_digest = 0             # compiled: the digest of the source it was built from (see corebuild.py)

# The board (game.engine.rules.bitboard's ghost-square layout)
BOARD = 0x7FBFDFEFF
BC = 0x780000000            # black crowns here (squares 29-32)
WC = 0xF                    # white crowns here (squares 1-4)
M64 = 0xFFFFFFFFFFFFFFFF
LOW32 = 0xFFFFFFFF          # (a literal this large would be a Python int in the compiled core)
ONE = 1

# Scores: the same values as game.engine.scores (tests/test_core_oracle.py checks)
WIN = 30000
MATE_BOUND = WIN - 1000
DATABASE_WIN = 20000
DATABASE_STAGE = 128
INF = 10 ** 6
NO_SCORE = -(10 ** 7)       # Probe.probe(): not in the database
EXACT, LOWER, UPPER = 0, 1, 2   # a table entry's bound
SCORE_BIAS = 1 << 19        # added to a score stored in the table (see table.py)


def let_python_in():
    """Nothing to do here: the interpreter itself lets other threads run and
    handles Ctrl+C between bytecodes.  (The compiled core runs no bytecode for
    long stretches: its version lets them in.)"""
    return 0


def touch(view, i):
    """Nothing to do here (compiled: ask the memory for ``view[i]``'s cache line ahead of its use)."""
    return None


def pack(m):
    """The 32 squares of a 35-bit mask in 32 bits (the ghost bits 8, 17, 26 left out)."""
    return (m & 0xFF) | (m >> 1 & 0xFF00) | (m >> 2 & 0xFF0000) | (m >> 3 & 0xFF000000)


def unpack(p):
    """pack's inverse: 32 bits back to the 35-bit board."""
    return (p & 0xFF) | (p & 0xFF00) << 1 | (p & 0xFF0000) << 2 | (p & 0xFF000000) << 3
