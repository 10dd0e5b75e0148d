"""The endgame database: every ending of up to five pieces, solved.

Built by ``tools/build_endgame.py`` (retrograde analysis over the rules'
own move generator) and shipped as ``assets/endgame4.bin``.  ``probe()``
answers win / draw / loss for the side to move; ``probe_distance()`` also
gives the distance to conversion, which is what lets the search make
progress in a won ending instead of shuffling: the number of plies, with
best play by both sides, until the winner captures, crowns into a position
that is still won, or the loser has no move left.  (Each of those either
removes a piece or turns a man into a king, so following the distance
down always ends the game.)

Positions are stored from the side to move's view: a position with white
to move is turned 180 degrees with the colours swapped first (square s
becomes 33 - s), so "black" below always means "the side to move".  The
positions of one material balance form a slice; inside it, a position's
index is built from the combinatorial ranks of its four piece sets (black
men on squares 1-28, white men on 5-32, kings anywhere).  Sets that
overlap are slots that no position uses.

One byte per slot: 0 draw; 1-127 win, the byte being the distance;
128-255 loss, the byte minus 128 being the distance.  The file is that
byte array, xz-compressed (lzma: half the size of zlib here), after a
short header; it is read and unpacked the first time a probe needs it
(its cost in time and memory is in docs/measurements.md).

Five pieces: every balance (44: see five_slices()), in
``assets/endgame5.bin`` (built by ``tools/build_endgame.py --five``).  The
same bytes, slice by slice, each slice cut in blocks of FIVE_BLOCK bytes
packed on their own: a directory of the slices and their blocks, then the
blocks.  A probe unpacks only the block it needs, the first time it meets
it, so a search holds the few blocks of each balance that its positions
reach (a search of a seven-piece ending meets most balances, but a small
part of each).  An Endgame keeps the blocks it unpacked last, up to
FIVE_CACHE_BYTES (all 44 slices unpacked would take 180 MB); a search
core keeps the blocks it is given, up to its own share (see
search.Searcher, five_bytes).  A file built with fewer balances (``--five``
with balances named) leaves the others outside the database.
"""

from __future__ import annotations

import io
import lzma
import os
import struct
import weakref
import zlib
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from math import comb
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Literal

from ..rules import bitboard as bb
from . import shipped

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from ..rules import Position

    # a material balance: (mine men, mine kings, their men, their kings)
    Key = tuple[int, int, int, int]
    # where a database file is: a path, or a file of the installed package
    FilePath = str | os.PathLike[str] | Traversable

MAX_PIECES = 4
FILE_NAME = f"endgame{MAX_PIECES}.bin"
FIVE = 5                            # the five-piece slices: a file of their own (see FIVE_FILE_NAME)
FIVE_FILE_NAME = "endgame5.bin"
FIVE_MAGIC = b"CKEG5S3\n"
FIVE_HEADER = struct.Struct("<8sII")       # magic, number of slices, log2 of the block size
FIVE_ENTRY = struct.Struct("<4BI")         # a slice's key, its unpacked size
FIVE_BLOCK_ENTRY = struct.Struct("<II")    # a block's packed size, crc32 of its unpacked bytes
# A slice is cut in blocks of 16 KB, each packed on its own with zlib: small
# enough that a probe unpacks little it does not need.  A search of a
# late-middle-game position meets many blocks a second, so the time to unpack
# one matters more than the file's size: zlib unpacks several times faster
# than xz, for a larger file (the figures are in docs/measurements.md).
FIVE_BLOCK_SHIFT = 14
FIVE_BLOCK = 1 << FIVE_BLOCK_SHIFT
MAGIC = b"CKEGDB2\n"
HEADER = struct.Struct("<8sIII")   # magic, max pieces, unpacked size, crc32 of the unpacked bytes
DRAW, WIN, LOSS = 0, 1, -1
LOSS_BASE = 128
MAX_DISTANCE = 127                 # wins 1-127, losses 0-127 (byte 128-255)

_SQ = bb.SQUARE_BITS
# A man of the side to move never stands on its crowning row (29-32); an
# opponent's man never on squares 1-4.
_MINE_MAN_SQUARES = tuple(range(1, 29))
_THEIR_MAN_SQUARES = tuple(range(5, 33))
_KING_SQUARES = tuple(range(1, 33))

# bit index -> position in each square list (-1: not allowed there)
_MINE_MAN_POS = [-1] * 36
_THEIR_MAN_POS = [-1] * 36
_KING_POS = [-1] * 36
for _i, _s in enumerate(_MINE_MAN_SQUARES):
    _MINE_MAN_POS[_SQ[_s - 1].bit_length() - 1] = _i
for _i, _s in enumerate(_THEIR_MAN_SQUARES):
    _THEIR_MAN_POS[_SQ[_s - 1].bit_length() - 1] = _i
for _i, _s in enumerate(_KING_SQUARES):
    _KING_POS[_SQ[_s - 1].bit_length() - 1] = _i
# bit index -> bit of the square turned 180 degrees (33 - s)
_FLIP_BIT = [0] * 36
for _s in range(1, 33):
    _FLIP_BIT[_SQ[_s - 1].bit_length() - 1] = _SQ[32 - _s]
del _i, _s

_C = [[comb(n, k) for k in range(FIVE + 1)] for n in range(33)]


def flip(mask: int) -> int:
    """The mask turned 180 degrees (square s -> 33 - s)."""
    out = 0
    while mask:
        b = mask & -mask
        mask ^= b
        out |= _FLIP_BIT[b.bit_length() - 1]
    return out


def _rank(mask: int, pos: Sequence[int]) -> int:
    """Colex rank of a set of squares among the sets of its size."""
    r = 0
    i = 1
    while mask:
        b = mask & -mask
        mask ^= b
        p = pos[b.bit_length() - 1]
        if p < 0:
            return -1
        r += _C[p][i]
        i += 1
    return r


def slices() -> list[Key]:
    """Every material balance (mine men, mine kings, their men, their kings) in the
    file's order: by piece count, then by men on the board, then by the tuple."""
    out: list[Key] = []
    for n in range(2, MAX_PIECES + 1):
        group: list[Key] = []
        for a in range(n + 1):
            for b in range(n + 1 - a):
                for c in range(n + 1 - a - b):
                    d = n - a - b - c
                    if a + b and c + d:
                        group.append((a, b, c, d))
        group.sort(key=lambda s: (s[0] + s[2], s))
        out.extend(group)
    return out


def five_slices() -> list[Key]:
    """Every material balance of five pieces (each side at least one piece, at
    most four men), in the five-piece file's order: by men on the board, then
    by the tuple.  A crowning leads to a balance with one man fewer, so each
    is solved after those its moves leave into."""
    out = [(a, b, c, FIVE - a - b - c) for a in range(FIVE) for b in range(FIVE + 1 - a)
           for c in range(min(FIVE - a - b, FIVE - 1) + 1)]
    return sorted((k for k in out if k[0] + k[1] and k[2] + k[3]), key=lambda k: (k[0] + k[2], k))


def slice_size(key: Key) -> int:
    a, b, c, d = key
    return comb(28, a) * comb(32, b) * comb(28, c) * comb(32, d)


def _offsets() -> tuple[dict[Key, int], int]:
    off: dict[Key, int] = {}
    total = 0
    for key in slices():
        off[key] = total
        total += slice_size(key)
    return off, total


OFFSETS, TOTAL_SLOTS = _offsets()


def normalize(bm: int, bk: int, wm: int, wk: int, black: bool) -> Key:
    """The state seen from the side to move: (mine men, mine kings, their men, their kings)."""
    if black:
        return bm, bk, wm, wk
    return flip(wm), flip(wk), flip(bm), flip(bk)


def local_index(mm: int, mk: int, tm: int, tk: int, key: Key) -> int:
    """The index inside its slice ``key`` of a side-to-move-view position."""
    a, b, c, d = key
    return (((_rank(mm, _MINE_MAN_POS) * _C[32][b] + _rank(mk, _KING_POS)) * _C[28][c]
             + _rank(tm, _THEIR_MAN_POS)) * _C[32][d] + _rank(tk, _KING_POS))


def slot(mm: int, mk: int, tm: int, tk: int) -> int:
    """The index in the whole table of a side-to-move-view position (see normalize)."""
    key = (mm.bit_count(), mk.bit_count(), tm.bit_count(), tk.bit_count())
    return OFFSETS[key] + local_index(mm, mk, tm, tk, key)


def decode(byte: int) -> tuple[int, int]:
    """(result, distance) of a table byte."""
    if byte == 0:
        return DRAW, 0
    if byte < LOSS_BASE:
        return WIN, byte
    return LOSS, byte - LOSS_BASE


def default_path(name: str = FILE_NAME) -> Traversable | Path:
    """assets/endgame4.bin (or another file of the assets, ``name``): the
    installed package game.assets, or the checkout's assets/."""
    return shipped.path(name)


MAX_FILE_BYTES = 64 << 20  # a database file past this is not ours (the five-piece file is the largest)
# The unpacked five-piece blocks an Endgame keeps, least recently used dropped
# first (every slice together is 180 MB); a search core keeps its own (see
# search.FIVE_HELD_BYTES), and one that dropped them fetches the latest again
# from here, unpacking none.
FIVE_CACHE_BYTES = 16 << 20


class EndgameError(ValueError):
    """The database file is missing, truncated or not ours."""


def read_table(path: FilePath) -> bytes:
    """The unpacked table (bytes, one per slot) of a database file."""
    from ..textfile import FileReadError, read_bytes

    try:  # a regular file under the cap: never a FIFO's hang nor /dev/zero's endless read
        data = read_bytes(path, limit=MAX_FILE_BYTES, what="endgame database")
    except FileReadError as e:
        raise EndgameError(f"cannot read the endgame database {str(path)!r}: {e}") from None
    if len(data) < HEADER.size:
        raise EndgameError(f"endgame database {str(path)!r} is too short ({len(data)} bytes)")
    magic, pieces, size, crc = HEADER.unpack_from(data)
    if magic != MAGIC or pieces != MAX_PIECES or size != TOTAL_SLOTS:
        raise EndgameError(f"{str(path)!r} is not a {MAX_PIECES}-piece endgame database of this version")
    try:
        table = lzma.decompress(data[HEADER.size:], format=lzma.FORMAT_XZ)
    except lzma.LZMAError as e:
        raise EndgameError(f"endgame database {str(path)!r} is damaged: {e}") from None
    if len(table) != size or zlib.crc32(table) != crc:
        raise EndgameError(f"endgame database {str(path)!r} is damaged (size or checksum)")
    return table


def write_table(path: str | os.PathLike[str], table: bytes | bytearray) -> None:
    """Write a table built by tools/build_endgame.py."""
    if len(table) != TOTAL_SLOTS:
        raise ValueError(f"table has {len(table)} slots, not {TOTAL_SLOTS}")
    payload = lzma.compress(bytes(table), format=lzma.FORMAT_XZ, preset=9 | lzma.PRESET_EXTREME)
    with open(path, "wb") as f:
        f.write(HEADER.pack(MAGIC, MAX_PIECES, TOTAL_SLOTS, zlib.crc32(table)))
        f.write(payload)


def write_five(path: str | os.PathLike[str], slices_by_key: Mapping[Key, bytes | bytearray]) -> None:
    """Write five-piece slices ({key: bytes of slice_size(key)}), each cut in
    blocks of FIVE_BLOCK packed on their own."""
    entries: list[bytes] = []
    blocks: list[bytes] = []
    payloads: list[bytes] = []
    for key in sorted(slices_by_key, key=lambda k: (k[0] + k[2], k)):
        data = bytes(slices_by_key[key])
        if sum(key) != FIVE or len(data) != slice_size(key):
            raise ValueError(f"slice {key} has {len(data)} slots, not {slice_size(key)} of five pieces")
        entries.append(FIVE_ENTRY.pack(*key, len(data)))
        for start in range(0, len(data), FIVE_BLOCK):
            block = data[start:start + FIVE_BLOCK]
            packed = zlib.compress(block, 9)
            blocks.append(FIVE_BLOCK_ENTRY.pack(len(packed), zlib.crc32(block)))
            payloads.append(packed)
    with open(path, "wb") as f:
        f.write(FIVE_HEADER.pack(FIVE_MAGIC, len(entries), FIVE_BLOCK_SHIFT))
        f.writelines(entries)
        f.writelines(blocks)
        f.writelines(payloads)


def _blocks_of(size: int) -> int:
    return -(-size // FIVE_BLOCK)


def read_five_directory(f: BinaryIO, name: str) -> dict[Key, tuple[tuple[int, int, int], ...]]:
    """{key: ((start, packed size, crc), ...) of each block} of an open
    five-piece file (only its directory is read)."""
    bad = EndgameError(f"{name!r} is not a five-piece endgame file of this version")
    head = f.read(FIVE_HEADER.size)
    if len(head) < FIVE_HEADER.size:
        raise bad
    magic, count, shift = FIVE_HEADER.unpack(head)
    if magic != FIVE_MAGIC or count > 64 or shift != FIVE_BLOCK_SHIFT:
        raise bad
    table = f.read(count * FIVE_ENTRY.size)
    if len(table) != count * FIVE_ENTRY.size:
        raise bad
    keys: list[Key] = []
    for i in range(count):
        a, b, c, d, size = FIVE_ENTRY.unpack_from(table, i * FIVE_ENTRY.size)
        key = (a, b, c, d)
        if sum(key) != FIVE or not (key[0] + key[1]) or not (key[2] + key[3]) or size != slice_size(key):
            raise bad
        keys.append(key)
    n = sum(_blocks_of(slice_size(key)) for key in keys)
    entries = f.read(n * FIVE_BLOCK_ENTRY.size)
    if len(entries) != n * FIVE_BLOCK_ENTRY.size:
        raise bad
    f.seek(0, 2)
    length = f.tell()
    start = FIVE_HEADER.size + len(table) + len(entries)
    out: dict[Key, tuple[tuple[int, int, int], ...]] = {}
    i = 0
    for key in keys:
        blocks = []
        for _ in range(_blocks_of(slice_size(key))):
            packed, crc = FIVE_BLOCK_ENTRY.unpack_from(entries, i * FIVE_BLOCK_ENTRY.size)
            blocks.append((start, packed, crc))
            start += packed
            i += 1
        out[key] = tuple(blocks)
    if start != length:
        raise EndgameError(f"five-piece endgame file {name!r} is damaged (its length)")
    return out


def unpack_five_block(data: bytes, size: int, crc: int, what: str) -> bytes:
    """A block of a five-piece slice, unpacked and checked (``size``: the
    bytes it holds; ``what`` names it in the error).  A damaged block never
    unpacks to more than its size."""
    try:
        block = zlib.decompressobj().decompress(data, size + 1)
    except zlib.error as e:
        raise EndgameError(f"five-piece endgame {what} is damaged: {e}") from None
    if len(block) != size or zlib.crc32(block) != crc:
        raise EndgameError(f"five-piece endgame {what} is damaged (size or checksum)")
    return block


class Endgame:
    """A loaded database; the file is read on the first probe, not before.
    The five-piece slices (a file of their own, ``five``: its path; None,
    the shipped one unless ``path`` names another four-piece file; False,
    none) are unpacked a block at a time, the first time a position in that
    block is probed."""

    def __init__(self, path: FilePath | None = None, five: FilePath | Literal[False] | None = None) -> None:
        self.path = path
        self.five = five
        self._table: bytes | None = None
        self.available = True
        # {key: ((start, packed size, crc) of each block)}; {} without the file
        self._five_dir: dict[Key, tuple[tuple[int, int, int], ...]] | None = None
        # (key, block) -> unpacked block, the least recently used first, at most
        # five_cache_bytes of them (a search core keeps its own reference to the blocks
        # it was given, up to its share: see search.Searcher, five_bytes)
        self._five_blocks: OrderedDict[tuple[Key, int], bytes] = OrderedDict()
        self._five_cached = 0  # bytes in _five_blocks
        self._five_handle: BinaryIO | None = None  # the five-piece file, open from the first block read
        self.five_cache_bytes: int | None = FIVE_CACHE_BYTES   # None: keep every block unpacked
        self._core_tables: dict[str, Any] | None = None  # see core_tables

    def five_keys(self) -> tuple[Key, ...]:
        """The material balances (mine men, mine kings, their men, their kings)
        of five pieces that the database holds."""
        self._five_directory()
        return tuple(self._five_dir or ())

    def _five_file(self) -> FilePath | None:
        """The five-piece file's path; None when there is none to read."""
        path = self.five
        if path is False:
            return None
        if path is None:
            shipped_five = default_path(FIVE_FILE_NAME)
            if self.path is not None or not shipped_five.is_file():
                return None
            return shipped_five
        return path

    def _open_five(self, path: FilePath) -> BinaryIO:
        from ..textfile import FileReadError, open_binary

        try:  # a regular file under the cap, read in parts (its directory, then a table at a time)
            return open_binary(path, limit=MAX_FILE_BYTES, what="endgame database")
        except FileReadError as e:
            raise EndgameError(f"cannot read the endgame database {str(path)!r}: {e}") from None

    def _five_directory(self) -> dict[Key, tuple[tuple[int, int, int], ...]]:
        if self._five_dir is None:
            path = self._five_file()
            if path is None:
                self._five_dir = {}
            else:
                with self._open_five(path) as f:
                    self._five_dir = read_five_directory(f, str(path))
        return self._five_dir

    def five_slice(self, key: Key) -> bytes | None:
        """The unpacked five-piece slice ``key`` (every block of it, which
        stay cached as five_block's), or None when the database lacks it."""
        blocks = self._five_directory().get(key)
        if blocks is None:
            return None
        return b"".join(self._block(key, i, blocks) for i in range(len(blocks)))

    def five_block(self, key: Key, index: int) -> bytes | None:
        """Block ``index`` of the unpacked five-piece slice ``key`` (its slots
        index * FIVE_BLOCK onwards), or None when the database lacks the
        slice or the slice has no such block."""
        blocks = self._five_directory().get(key)
        if blocks is None or not 0 <= index < len(blocks):
            return None
        return self._block(key, index, blocks)

    def _block(self, key: Key, index: int, blocks: tuple[tuple[int, int, int], ...]) -> bytes:
        """Block ``index`` of slice ``key`` (``blocks``: its directory), from the
        cache or unpacked."""
        cached = self._five_blocks.get((key, index))
        if cached is not None:
            self._five_blocks.move_to_end((key, index))
            return cached
        start, packed, crc = blocks[index]
        data = self._read_five(start, packed)
        size = min(FIVE_BLOCK, slice_size(key) - index * FIVE_BLOCK)
        block = unpack_five_block(data, size, crc, f"slice {key}, block {index}")
        self._keep_five(key, index, block)
        return block

    def _read_five(self, start: int, size: int) -> bytes:
        """``size`` bytes of the five-piece file from ``start``.  The file stays
        open: a search reads many blocks a second, and opening the file costs
        as much as unpacking a block.  (os.pread: a process forked with the
        file open reads at its own offsets.)"""
        f = self._five_handle
        if f is None:
            path = self._five_file()
            assert path is not None  # (its directory was read from it)
            f = self._five_handle = self._open_five(path)
            weakref.finalize(self, f.close)  # (closed with the Endgame, never left to the collector's warning)
        try:
            return os.pread(f.fileno(), size, start)
        except io.UnsupportedOperation:  # (no file descriptor: a package's resource, read into memory)
            f.seek(start)
            return f.read(size)

    def _keep_five(self, key: Key, index: int, block: bytes) -> None:
        """Keep an unpacked block, dropping the least recently used ones while
        they come to more than five_cache_bytes."""
        kept = self._five_blocks
        kept[(key, index)] = block
        self._five_cached += len(block)
        cap = self.five_cache_bytes
        while cap is not None and self._five_cached > cap and len(kept) > 1:  # (never the one just unpacked)
            self._five_cached -= len(kept.popitem(last=False)[1])

    def probe_five(self, mm: int, mk: int, tm: int, tk: int) -> int | None:
        """The table byte of a five-piece side-to-move-view position, or None
        when its material is not in the database."""
        key = (mm.bit_count(), mk.bit_count(), tm.bit_count(), tk.bit_count())
        index = local_index(mm, mk, tm, tk, key)
        block = self.five_block(key, index >> FIVE_BLOCK_SHIFT)
        if block is None:
            return None
        return block[index & (FIVE_BLOCK - 1)]

    def has_table(self) -> bool:
        """Whether table() gives a table, answered without reading it: False
        when the shipped file is missing (the engine plays on without it)."""
        if self._table is None and self.available and self.path is None and not default_path().is_file():
            self.available = False
        return self.available

    def table(self) -> bytes | None:
        """The unpacked table, or None when there is no database file (a missing
        file means the engine plays on without it; a damaged one is an error)."""
        if self._table is None and self.has_table():
            self._table = read_table(self.path if self.path is not None else default_path())
        return self._table

    def core_tables(self) -> dict[str, Any] | None:
        """What the search core needs of this database (core.Core.set_endgame),
        made once: the index arithmetic's tables, and the functions that read
        the four-piece table and a five-piece block, called on the first probe
        of each.  None when the database file is missing (the engine plays on
        without it)."""
        if not self.has_table():
            return None
        if self._core_tables is None:
            offsets = [0] * 625
            for (a, b, c, d), off in OFFSETS.items():
                offsets[((a * 5 + b) * 5 + c) * 5 + d] = off
            try:
                five = bool(self.five_keys())
            except EndgameError as e:
                self._five_unusable(e)
                five = False
            self._core_tables = {
                "MAX": FIVE if five else MAX_PIECES, "TABLE": self._safe_table, "FIVE": self._safe_five_block,
                "FIVE_SHIFT": FIVE_BLOCK_SHIFT, "COMB": [_C[n][k] for n in range(33) for k in range(6)],
                "OFFSETS": offsets,
                "POS_MM": _MINE_MAN_POS, "POS_TM": _THEIR_MAN_POS, "POS_K": _KING_POS, "FLIP": _FLIP_BIT}
        return self._core_tables

    # A damaged file never stops a search: the core is given these, which
    # report the file once (shipped.report) and answer "not held", so the
    # search plays on without that part of the database.
    def _safe_table(self) -> bytes | None:
        """table(), or None (reported) when the file is damaged."""
        try:
            return self.table()
        except EndgameError as e:
            self.available = False
            self._table_unusable(e)
            return None

    def _table_unusable(self, e: EndgameError) -> None:
        shipped.report(Path(str(self.path if self.path is not None else default_path())).name,
                       f"{e}: searching without the endgame database")

    def _five_unusable(self, e: EndgameError) -> None:
        path = self._five_file()
        shipped.report(Path(str(path)).name if path is not None else FIVE_FILE_NAME,
                       f"{e}: searching without the five-piece endings")

    def _safe_five_block(self, key: Key, index: int) -> bytes | None:
        """five_block(), or None (reported) when the file or block is damaged."""
        try:
            return self.five_block(key, index)
        except EndgameError as e:
            self._five_unusable(e)
            return None

    def safe_probe_state(self, bm: int, bk: int, wm: int, wk: int, black: bool) -> int | None:
        """probe_state(), or None (reported once) when the file it needs is damaged."""
        try:
            return self.probe_state(bm, bk, wm, wk, black)
        except EndgameError as e:
            if (bm | bk | wm | wk).bit_count() == FIVE:
                self._five_unusable(e)
            else:
                self.available = False
                self._table_unusable(e)
            return None

    def probe_state(self, bm: int, bk: int, wm: int, wk: int, black: bool) -> int | None:
        """The table byte of a raw state, or None outside the database."""
        n = (bm | bk | wm | wk).bit_count()
        if n > MAX_PIECES and n != FIVE:
            return None
        if black:
            mm, mk, tm, tk = bm, bk, wm, wk
        else:
            mm, mk, tm, tk = flip(wm), flip(wk), flip(bm), flip(bk)
        if not (mm | mk):
            return LOSS_BASE  # no piece left: lost, at distance 0
        if not (tm | tk):
            return None  # the game was already over with the other side to move
        if n == FIVE:
            return self.probe_five(mm, mk, tm, tk)
        table = self.table()
        if table is None:
            return None
        return table[slot(mm, mk, tm, tk)]


_DEFAULT = Endgame()


def default() -> Endgame:
    """The shared database of this process (loaded on first use)."""
    return _DEFAULT


def probe(position: Position) -> int | None:
    """1 if the side to move wins, 0 draw, -1 loss; None outside the database
    (more than five pieces, five of a balance the file does not hold, a side
    with no pieces left to the opponent, or no database file)."""
    byte = _DEFAULT.probe_state(*position.state)
    return None if byte is None else decode(byte)[0]


def probe_distance(position: Position) -> tuple[int, int] | None:
    """(result, distance in plies to conversion) as described above, or None."""
    byte = _DEFAULT.probe_state(*position.state)
    return None if byte is None else decode(byte)
