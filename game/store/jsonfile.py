"""Reading the store's JSON files (settings, unfinished games) without ever raising anything else.

A user's file may be anything: missing, a folder, a FIFO, ``/dev/zero``, a
huge file, invalid UTF-8, or JSON nested a thousand deep (which makes the
json module raise RecursionError).  ``read_json`` turns every one of those
into ``BadJsonFile`` (a ValueError) with a one-line message quoting at most a
short excerpt, and ``MISSING`` for a file that simply is not there.
"""

from __future__ import annotations

import json
import os

from ..textfile import FileReadError, excerpt, read_bytes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..textfile import StrPath

__all__ = ["BadJsonFile", "MISSING", "read_json", "write_json"]



class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING = _Missing()  # what read_json returns for a file that is not there


class BadJsonFile(ValueError):
    """A store file that exists but cannot be read as JSON; the message is one line."""


def read_json(path: StrPath, *, limit: int, what: str) -> Any:
    """The decoded JSON of ``path``, MISSING when there is no such file, BadJsonFile otherwise."""
    name = os.fspath(path)
    if not os.path.lexists(name):
        return MISSING
    try:
        data = read_bytes(name, limit=limit, what=what)
    except FileReadError as e:
        if not os.path.lexists(name):
            return MISSING  # removed while we looked
        raise BadJsonFile(str(e)) from None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadJsonFile(f"{what} is not UTF-8 text (byte {e.start}: {excerpt(data[e.start:e.start + 8])})") \
            from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        near = text[max(0, e.pos - 10):e.pos + 20]
        raise BadJsonFile(f"{what} is not valid JSON ({e.msg} at line {e.lineno} column {e.colno}, "
                          f"near {excerpt(near, 30)})") from None
    except RecursionError:
        raise BadJsonFile(f"{what} is nested too deeply to be read (starts {excerpt(text, 20)})") from None
    except (ValueError, MemoryError) as e:  # e.g. an integer of more than 4300 digits
        raise BadJsonFile(f"{what} cannot be read as JSON ({excerpt(str(e), 60)})") from None


def write_json(path: str | os.PathLike[str], data: Any, *, what: str, indent: int = 1, sort_keys: bool = False,
               ensure_ascii: bool = True) -> bool:
    """Write ``data`` as JSON to ``path`` atomically (the old file stays whole if the disk refuses);
    False, with a warning naming ``what``, when it cannot be written."""
    import logging

    from .paths import atomic_write

    text = json.dumps(data, indent=indent, sort_keys=sort_keys, ensure_ascii=ensure_ascii) + "\n"
    try:
        atomic_write(path, text)
    except OSError as e:
        logging.getLogger("checkers.store").warning("%s: cannot save %s: %s", what, path, e)
        return False
    return True
