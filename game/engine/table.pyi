# The Python types of table.py (its .pxd gives Cython the C types).

HASH1: int
HASH2: int
WAYS: int
TT_MIN_BITS: int
CAP_MIN_BITS: int

State = tuple[int, int, int, int, bool]
Entry = tuple[int, int, int, tuple[int, int, int] | None, int, int]

def cap_bits(entries: int) -> int: ...

class Table:
    bits: int
    cap: int
    entries: int
    count: int
    generation: int
    mask: int
    def __init__(self, entries: int) -> None: ...
    def clear(self) -> None: ...
    def set_entries(self, entries: int) -> None: ...
    def get(self, bm: int, bk: int, wm: int, wk: int, black: bool) -> Entry | None: ...
    def states(self) -> list[State]: ...
    def renew(self, bm: int, bk: int, wm: int, wk: int, black: bool) -> None: ...
