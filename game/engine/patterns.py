"""Pattern evaluation: a fitted value for every arrangement of a board region.

The board is cut into seven overlapping bands of two rows each (band b is
rows b and b+1, counted from black's side: 8 squares).  Each square of a
band is empty, black or white (a king counts as its colour's piece: for
the structure a square is held or it is not), so a band has 3**8 = 6561
arrangements, and the evaluation adds one fitted number per band: seven
table lookups see what a dozen hand-written terms cannot (a bridge with
its supporting man, a hole in front of an advanced man, a blocked
formation).  Values depend on the game phase (by the number of pieces
on the board: ``PHASES``).

The tables are fitted by ``tools/fit_patterns.py`` (logistic regression of
game results on the evaluation, the hand-written terms kept as they are)
and shipped as ``assets/patterns.bin``.  They are stored antisymmetric:
an arrangement and its mirror image (turned 180 degrees, colours swapped)
have opposite values, so the evaluation stays exactly colour-symmetric.

Bit layout: square s (1-32) is bit (s-1) + (s-1)//8 (``bitboard``), so
rows 2k and 2k+1 are bits 9k..9k+7 and rows 2k+1, 2k+2 are bits 9k+4..9k+12
with the unused bit 9k+8 in the middle: each band is one shift and a
9-bit mask.
"""

import struct
import zlib
from array import array
from pathlib import Path

BANDS = 7
SQUARES = 8
CONFIGS = 3 ** SQUARES
PHASES = 3
SIZE = PHASES * BANDS * CONFIGS
FILE_NAME = "patterns.bin"
MAGIC = b"CKPAT01\n"
HEADER = struct.Struct("<8sIII")   # magic, phases, size, crc32 of the unpacked bytes


class PatternError(ValueError):
    """The pattern file is missing, damaged or of another layout."""


def phase(pieces):
    """The phase of a position by its number of pieces: 0 opening (19+),
    1 middle game (11-18), 2 ending (10 or fewer)."""
    return 0 if pieces >= 19 else (1 if pieces >= 11 else 2)


def shift(band):
    """The lowest bit of a band's 9-bit window."""
    return 9 * (band // 2) + (4 if band % 2 else 0)


def _window_positions(band):
    """Window bit of each of the band's squares, in square order."""
    return tuple(range(8)) if band % 2 == 0 else (0, 1, 2, 3, 5, 6, 7, 8)


def _digits_table(band):
    """9-bit window -> sum of 3**j over the band's squares j that are set."""
    pos = _window_positions(band)
    t = [0] * 512
    for x in range(512):
        t[x] = sum(3 ** j for j, p in enumerate(pos) if x >> p & 1)
    return t


def lookup_tables():
    """Per band: (black table, white table); the index of a band's
    arrangement in the flat table of one phase is
    ``black[occupied by black] + white[occupied by white]`` of the window."""
    out = []
    for b in range(BANDS):
        d = _digits_table(b)
        out.append(([b * CONFIGS + v for v in d], [2 * v for v in d]))
    return out


def config_index(black_mask, white_mask, band):
    """The arrangement number (0..6560) of a band, from whole-board masks."""
    d = _digits_table(band)
    s = shift(band)
    return d[black_mask >> s & 511] + 2 * d[white_mask >> s & 511]


def mirror(band, config):
    """(band, config) of the same arrangement turned 180 degrees with the
    colours swapped: square j of band b is square 7-j of band 6-b."""
    out = 0
    for j in range(SQUARES):
        digit = config // 3 ** j % 3
        if digit:
            out += (3 - digit) * 3 ** (SQUARES - 1 - j)
    return BANDS - 1 - band, out


def default_path():
    """assets/patterns.bin: the installed package game.assets, or the checkout's assets/."""
    try:
        import importlib.resources

        p = importlib.resources.files("game.assets").joinpath(FILE_NAME)
        if p.is_file():
            return p
    except (ModuleNotFoundError, TypeError, ValueError, OSError):
        pass
    return Path(__file__).resolve().parents[2] / "assets" / FILE_NAME


def dumps(values):
    """The file's bytes for a flat table of SIZE whole numbers (-32768..32767)."""
    if len(values) != SIZE:
        raise PatternError(f"a pattern table has {SIZE} values, not {len(values)}")
    raw = array("h", values)
    if raw.itemsize != 2:
        raise PatternError("this Python's short integers are not 2 bytes")
    data = raw.tobytes()
    return HEADER.pack(MAGIC, PHASES, SIZE, zlib.crc32(data)) + zlib.compress(data, 9)


def loads(blob):
    """The flat table (a list of ints) from a file's bytes; PatternError if it is not one."""
    if len(blob) < HEADER.size:
        raise PatternError(f"pattern file too short ({len(blob)} bytes)")
    magic, phases, size, crc = HEADER.unpack_from(blob)
    if magic != MAGIC or phases != PHASES or size != SIZE:
        raise PatternError(f"not a pattern file of this layout (header {blob[:8]!r})")
    try:
        data = zlib.decompress(blob[HEADER.size:], bufsize=2 * SIZE)
    except zlib.error as e:
        raise PatternError(f"pattern file damaged: {e}") from None
    if len(data) != 2 * SIZE or zlib.crc32(data) != crc:
        raise PatternError("pattern file damaged: wrong length or checksum")
    values = array("h")
    values.frombytes(data)
    return values.tolist()


def load(path=None):
    """The shipped (or given) table; PatternError naming the file if it cannot be read."""
    path = default_path() if path is None else path
    try:
        blob = path.read_bytes()
    except OSError as e:
        raise PatternError(f"cannot read the pattern table {path}: {e.strerror or e}") from None
    return loads(blob)
