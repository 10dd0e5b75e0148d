# The Python types of probe.py (its .pxd gives Cython the C types).
from collections.abc import Mapping
from typing import Any

from .evaluation import Evaluation

FIVE_KEYS: int

class Probe:
    ev: Evaluation
    eg_max: int
    press_div: int
    def __init__(self, ev: Evaluation, endgame: Mapping[str, Any] | None) -> None: ...
    def set_endgame(self, eg: Mapping[str, Any] | None) -> None: ...
