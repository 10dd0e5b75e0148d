# The Python types of _bits.py, the core's bit helpers and constants, for mypy: Cython's pure mode
# reads annotations in the .py as C types, and an edit there changes the core's source digest.
from collections.abc import Callable
from typing import Any

__all__ = ["BC", "BOARD", "DATABASE_STAGE", "DATABASE_WIN", "EXACT", "INF", "LOW32", "LOWER", "M64", "MATE_BOUND",
           "NO_SCORE", "ONE", "SCORE_BIAS", "UPPER", "WC", "WIN", "bitlen", "compiled", "core_digest", "let_python_in",
           "pack", "popcount", "touch", "unpack"]

popcount: Callable[[int], int]
bitlen: Callable[[int], int]
compiled: bool
core_digest: int

BOARD: int
BC: int
WC: int
M64: int
LOW32: int
ONE: int

WIN: int
MATE_BOUND: int
DATABASE_WIN: int
DATABASE_STAGE: int
INF: int
NO_SCORE: int
EXACT: int
LOWER: int
UPPER: int
SCORE_BIAS: int

def let_python_in() -> int: ...
def touch(view: Any, i: int) -> None: ...
def pack(m: int) -> int: ...
def unpack(p: int) -> int: ...
