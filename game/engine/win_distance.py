"""The distance to the game's end in every ending of up to four pieces.

``assets/endgame4.bin`` (``endgame.py``) knows, for each such position, the
result and the distance to *conversion* (the next capture or crowning that
keeps the win): enough for the search to make progress, not to say how far
the end is.  This table, ``assets/endgame4w.bin``, built by
``tools/build_endgame.py --win-distance``, holds the distance to the *win*:
the plies until the side that wins has won (the loser, to move, has no legal
move), the winner taking the shortest way and the loser the longest.  A win
is always an odd number of plies, a loss an even one (0: no move now).

The slots are endgame.py's (the same positions from the side to move's view,
the same slices and indices).  A slot holds 0 for a draw, else the distance
plus one; its parity says the result.  A slot is one byte while the longest
distance fits (254 plies), else two (little-endian): the header says which.
The file is that array, xz-compressed, after the header; it is read and
unpacked the first time a position is probed, in the process that probes
it (the engine's worker: never the window's).  A missing file means
"unknown" (the screens then say "known ending" as before); a damaged one
is reported once (``shipped.report``) and means the same.
"""

from __future__ import annotations

import lzma
import os
import struct
import sys
import zlib
from array import array
from pathlib import Path
from typing import TYPE_CHECKING

from . import endgame as eg
from . import shipped

if TYPE_CHECKING:
    from ..rules import Position

__all__ = ["DRAW", "FILE_NAME", "LOSS", "WIN", "WinDistance", "WinDistanceError", "decode", "default", "encode",
           "probe", "read_table", "write_table"]

FILE_NAME = "endgame4w.bin"
MAGIC = b"CKEGDW1\n"
# magic, max pieces, slots, bytes a slot (1 or 2), crc32 of the unpacked bytes
HEADER = struct.Struct("<8sIIII")
DRAW, WIN, LOSS = eg.DRAW, eg.WIN, eg.LOSS
MAX_FILE_BYTES = 16 << 20  # a file past this is not ours (the table packs to well under a megabyte)


class WinDistanceError(eg.EndgameError):
    """The distance file is missing, truncated or not ours."""


def encode(result: int, plies: int) -> int:
    """A slot's value: 0 for a draw, else plies + 1 (a win odd plies, a loss even)."""
    if result == DRAW:
        return 0
    if (plies % 2 == 1) != (result == WIN):
        raise ValueError(f"a {'win' if result == WIN else 'loss'} in {plies} plies: a win is odd, a loss even")
    return plies + 1


def decode(value: int) -> tuple[int, int]:
    """(result, plies to the end) of a slot's value (see encode)."""
    if value == 0:
        return DRAW, 0
    plies = value - 1
    return (WIN if plies % 2 else LOSS), plies


def write_table(path: str | os.PathLike[str], table: array[int]) -> int:
    """Write the slot values (endgame.TOTAL_SLOTS of them, see encode); one
    byte a slot when every value fits, else two.  Returns the bytes a slot."""
    if len(table) != eg.TOTAL_SLOTS:
        raise ValueError(f"table has {len(table)} slots, not {eg.TOTAL_SLOTS}")
    width = 1 if max(table) < 256 else 2
    if width == 1:
        raw = bytes(array("B", table))
    else:
        wide = array("H", table)
        if sys.byteorder == "big":
            wide.byteswap()
        raw = wide.tobytes()
    payload = lzma.compress(raw, format=lzma.FORMAT_XZ, preset=9 | lzma.PRESET_EXTREME)
    with open(path, "wb") as f:
        f.write(HEADER.pack(MAGIC, eg.MAX_PIECES, eg.TOTAL_SLOTS, width, zlib.crc32(raw)))
        f.write(payload)
    return width


def read_table(path: eg.FilePath) -> bytes | array[int]:
    """The slot values of a distance file: bytes (one a slot) or an array of
    unsigned shorts; WinDistanceError naming the file when it cannot be used."""
    from ..textfile import FileReadError, read_bytes

    try:  # a regular file under the cap: never a FIFO's hang nor /dev/zero's endless read
        data = read_bytes(path, limit=MAX_FILE_BYTES, what="endgame distances")
    except FileReadError as e:
        raise WinDistanceError(f"cannot read the endgame distances {str(path)!r}: {e}") from None
    if len(data) < HEADER.size:
        raise WinDistanceError(f"endgame distances {str(path)!r} is too short ({len(data)} bytes)")
    magic, pieces, slots, width, crc = HEADER.unpack_from(data)
    if magic != MAGIC or pieces != eg.MAX_PIECES or slots != eg.TOTAL_SLOTS or width not in (1, 2):
        raise WinDistanceError(f"{str(path)!r} is not a {eg.MAX_PIECES}-piece distance file of this version")
    try:
        raw = lzma.decompress(data[HEADER.size:], format=lzma.FORMAT_XZ)
    except lzma.LZMAError as e:
        raise WinDistanceError(f"endgame distances {str(path)!r} are damaged: {e}") from None
    if len(raw) != slots * width or zlib.crc32(raw) != crc:
        raise WinDistanceError(f"endgame distances {str(path)!r} are damaged (size or checksum)")
    if width == 1:
        return raw
    wide = array("H")
    wide.frombytes(raw)
    if sys.byteorder == "big":
        wide.byteswap()
    return wide


class WinDistance:
    """The distance table, read on the first probe (``path``: the shipped
    file when None).  Every probe answers None, never raises, when the file
    is missing or damaged (a damaged one is reported once, see shipped)."""

    def __init__(self, path: eg.FilePath | None = None) -> None:
        self.path = path
        self._table: bytes | array[int] | None = None
        self.available = True

    def table(self) -> bytes | array[int] | None:
        """The slot values, or None when there is no usable file."""
        if self._table is None and self.available:
            path: eg.FilePath
            if self.path is not None:
                path = self.path
            else:
                path = shipped.path(FILE_NAME)
                if not path.is_file():
                    self.available = False  # not shipped: unknown, as without the database
                    return None
            try:
                self._table = read_table(path)
            except WinDistanceError as e:
                self.available = False
                shipped.report(Path(str(path)).name, f"{e}: endings are shown without their distance")
        return self._table

    def probe_state(self, bm: int, bk: int, wm: int, wk: int, black: bool) -> tuple[int, int] | None:
        """(result, plies to the end) for the side to move of a raw state, or
        None when unknown (more than four pieces, no file)."""
        n = (bm | bk | wm | wk).bit_count()
        if n > eg.MAX_PIECES:
            return None
        mm, mk, tm, tk = eg.normalize(bm, bk, wm, wk, black)
        if not (mm | mk):
            return LOSS, 0  # no piece left: the game is over, lost
        if not (tm | tk):
            return None  # the game was already over with the other side to move
        table = self.table()
        if table is None:
            return None
        return decode(table[eg.slot(mm, mk, tm, tk)])

    def probe(self, position: Position) -> tuple[int, int] | None:
        """probe_state() of a rules.Position."""
        return self.probe_state(*position.state)


_DEFAULT = WinDistance()


def default() -> WinDistance:
    """The shared table of this process (read on first use)."""
    return _DEFAULT


def probe(position: Position) -> tuple[int, int] | None:
    """(result, plies until the game is won) for the side to move, with the
    winner taking the shortest way and the loser the longest: (1, 7) wins in
    7 plies, (-1, 0) has no move now, (0, 0) a draw; None when unknown (more
    than four pieces, a side without pieces, no usable file)."""
    return _DEFAULT.probe(position)
