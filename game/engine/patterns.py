"""Pattern values of the evaluation: one number per arrangement of men in
each two-row band of the board, by game phase, fitted to deep searches.

The board's 32 squares fall into four bands of two rows (squares 1-8,
9-16, 17-24, 25-32); in each, every square is empty, a black man or a white
man (kings count as empty here: they have their own tables), so a band has
3**8 = 6561 arrangements.  ``values(phase, band)`` gives a value for each,
in centi-men for black; the evaluation adds the four bands' values (see
``evaluate.py``, which bakes them into the lookup tables of the men's
squares, so they cost no extra lookup).

The values are fitted by ``tools/fit_patterns.py`` and shipped in
``assets/patterns.bin``: a header (magic, version, counts, CRC-32) and then
little-endian 16-bit integers, phase by phase, band by band.  The table is
colour-symmetric: the arrangement turned half round with the colours
swapped, in the band opposite, holds the opposite value (``mirror``; the
fit ties the two, and the tests check the shipped file).  A missing file means no patterns (all zero); a
file that is not ours raises PatternError.
"""

from __future__ import annotations

import os
import struct
import sys
import zlib
from array import array
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from . import shipped

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

__all__ = ["BANDS", "CONFIGS", "PHASES", "PatternError", "SIZE", "config", "default_path",
           "load", "mirror", "phase", "read", "write"]

BANDS = 4
PHASES = 2
CONFIGS = 3 ** 8
SIZE = PHASES * BANDS * CONFIGS
# Positions with more than this many pieces use phase 0, the rest phase 1.
PHASE_SPLIT = 12
FILE_NAME = "patterns.bin"
MAGIC = b"CKPT"
VERSION = 1
HEADER = struct.Struct("<4sHHHHI")  # magic, version, phases, bands, configs, crc32 of the values
_BIG_ENDIAN = sys.byteorder == "big"  # (the values are stored little-endian)

# TERN[b]: the base-3 digits of the 8-bit set b, each 1 (bit i -> 3**i)
TERN = [0] * 256
for _b in range(1, 256):
    _low = (_b & -_b).bit_length() - 1
    TERN[_b] = TERN[_b & (_b - 1)] + 3 ** _low
del _b, _low


def phase(pieces: int) -> int:
    """The phase of a position with this many pieces on the board."""
    return 0 if pieces > PHASE_SPLIT else 1


def config(black8: int, white8: int) -> int:
    """The arrangement of a band with black men on the bits of ``black8``
    and white men on those of ``white8`` (bit i is the band's i-th square)."""
    return TERN[black8] + 2 * TERN[white8]


def _reverse8(x: int) -> int:
    return int(f"{x:08b}"[::-1], 2)


def mirror(band: int, c: int) -> tuple[int, int]:
    """(band, arrangement) of the position turned half round with the colours
    swapped: square s becomes 33 - s, so band k's bit i is band 3-k's bit 7-i."""
    black8 = white8 = 0
    for i in range(8):
        d = c // 3 ** i % 3
        if d == 1:
            black8 |= 1 << i
        elif d == 2:
            white8 |= 1 << i
    return BANDS - 1 - band, config(_reverse8(white8), _reverse8(black8))


class PatternError(ValueError):
    """A pattern file that is truncated, damaged or not ours (named in the message)."""


def default_path() -> Traversable | Path:
    """assets/patterns.bin: the installed package game.assets, or the checkout's assets/."""
    return shipped.path(FILE_NAME)


def read(path: str | os.PathLike[str] | Traversable) -> array[int]:
    """The values of a pattern file (an array of SIZE ints); PatternError
    naming the file if it cannot be used."""
    from ..textfile import FileReadError, read_bytes

    try:  # a regular file of (about) the one size it can have: never a FIFO's hang
        data = read_bytes(path, limit=1 << 20, what="pattern file")
    except FileReadError as e:
        raise PatternError(f"cannot read the pattern file {str(path)!r}: {e}") from None
    if len(data) != HEADER.size + 2 * SIZE:
        raise PatternError(f"pattern file {str(path)!r} has {len(data)} bytes, "
                           f"not {HEADER.size + 2 * SIZE}")
    magic, version, phases, bands, configs, crc = HEADER.unpack_from(data)
    if (magic, version, phases, bands, configs) != (MAGIC, VERSION, PHASES, BANDS, CONFIGS):
        raise PatternError(f"{str(path)!r} is not a pattern file of this version")
    body = data[HEADER.size:]
    if zlib.crc32(body) != crc:
        raise PatternError(f"pattern file {str(path)!r} is damaged (checksum)")
    values: array[int] = array("h")
    values.frombytes(body)
    if _BIG_ENDIAN:
        values.byteswap()
    return values


def write(path: str | os.PathLike[str], values: Iterable[int]) -> None:
    """Write SIZE values (ints in -32768..32767) as a pattern file."""
    values = array("h", values)
    if len(values) != SIZE:
        raise ValueError(f"{len(values)} pattern values, not {SIZE}")
    if _BIG_ENDIAN:
        values.byteswap()
    body = values.tobytes()
    Path(path).write_bytes(HEADER.pack(MAGIC, VERSION, PHASES, BANDS, CONFIGS, zlib.crc32(body)) + body)


_loaded: dict[str, array[int]] = {}


def load(path: str | os.PathLike[str] | None = None) -> array[int]:
    """The shipped values (read once), or all zero when there is no file or
    it is damaged (reported once through shipped.report)."""
    key = "default" if path is None else str(path)
    values = _loaded.get(key)
    if values is None:
        p: Traversable | Path = default_path() if path is None else Path(path)
        values = array("h", bytes(2 * SIZE))
        if p.is_file():
            try:
                values = read(p)
            except PatternError as e:
                # (a damaged file never stops the game: the plain evaluation)
                shipped.report(p.name, f"{e}: playing without the patterns")
        _loaded[key] = values
    return values


def values(table: Sequence[int], ph: int, band: int) -> Sequence[int]:
    """The CONFIGS values of one phase and band within ``table`` (the
    file's order: phase by phase, band by band)."""
    start = (ph * BANDS + band) * CONFIGS
    return table[start:start + CONFIGS]
