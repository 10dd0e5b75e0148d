# The Python types of table.py (its .pxd gives Cython the C types).
from array import array
from collections.abc import Iterable

TT_MIN_BITS: int
HASH1: int
HASH2: int

State = tuple[int, int, int, int, bool]
Entry = tuple[int, int, int, tuple[int, int, int] | None, int, int]

def select(a: array[int], n: int, k: int) -> int: ...

class Table:
    entries: int
    count: int
    stamp: int
    generation: int
    mask: int
    pv_states: Iterable[State]
    def __init__(self, entries: int) -> None: ...
    def clear(self) -> None: ...
    def get(self, bm: int, bk: int, wm: int, wk: int, black: bool) -> Entry | None: ...
    def states(self) -> list[State]: ...
    def renew(self, bm: int, bk: int, wm: int, wk: int, black: bool, regen: bool) -> None: ...
    def trim(self) -> int: ...
