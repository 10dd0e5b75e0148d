"""Reading a user's text file safely: a regular file, a bounded size, never a hang.

Every file the game and its tools read (PDN games, board files, settings, the
autosave, the tournament agent's ``input.txt`` and state, the store's journals,
the shipped assets) goes through ``read_text``, ``read_bytes`` or
``open_binary``, so one place decides what "too big", "not a file" and
"undecodable" mean.  A FIFO would block ``open()`` forever and ``/dev/zero``
never ends, so the file is opened non-blocking and checked with ``fstat``
before a byte is read, and the read stops one byte past the cap.
``tests/test_file_reads.py`` lists every ``open(`` of ``game/`` and ``tools/``
and fails on a read that does not come through here.

Imports nothing from the rest of the game: every layer may use it.
"""

from __future__ import annotations

import os
import stat

TYPE_CHECKING = False  # typing is not imported at run time: the tournament agent starts afresh every move
if TYPE_CHECKING:
    from collections.abc import Iterable
    from importlib.resources.abc import Traversable as Resource  # a file inside an installed package
    from typing import BinaryIO

    StrPath = str | bytes | os.PathLike[str] | os.PathLike[bytes]

__all__ = ["FileReadError", "excerpt", "open_binary", "read_bytes", "read_text"]


class FileReadError(ValueError):
    """A file that cannot be read as asked: missing, not a regular file, too large, unreadable."""


def excerpt(text: object, limit: int = 60) -> str:
    """A short, printable quote of ``text`` for an error message (never the whole input)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    elif isinstance(text, int) and not isinstance(text, bool) and text.bit_length() > 4 * limit:
        # str() of an int over 4300 digits raises ValueError, and a short quote is all we want
        return f"<a number of {text.bit_length()} bits>"
    try:
        text = str(text)
    except ValueError:  # e.g. a container holding such a number
        return f"<a {type(text).__name__} too large to show>"
    clean = "".join(ch if ch.isprintable() else "\N{REPLACEMENT CHARACTER}" for ch in text[: limit + 1])
    if len(text) > limit:
        clean = clean[:limit] + "…"
    return repr(clean)


def path_excerpt(path: str, limit: int = 80) -> str:
    """A short, printable quote of a file path: a long one keeps its end, where the file's own name is
    (the folders above it are what the reader can best do without)."""
    clean = "".join(ch if ch.isprintable() else "\N{REPLACEMENT CHARACTER}" for ch in path[-(limit + 1):])
    if len(path) > limit:
        clean = "…" + clean[-limit:]
    return repr(clean)


def _size_words(n: int) -> str:
    if n >= 1 << 20:
        return f"{n / (1 << 20):.1f} MB"
    if n >= 1 << 10:
        return f"{n / (1 << 10):.0f} KB"
    return f"{n} bytes"


def _open_checked(path: StrPath, limit: int, what: str, follow_symlinks: bool) -> tuple[int, int, str]:
    """``(fd, size, shown name)`` of a regular file of at most ``limit`` bytes, opened for reading
    without ever blocking; FileReadError saying why not (the fd is then closed)."""
    name = os.fspath(path)
    shown = path_excerpt(os.fsdecode(name), 80)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    if not follow_symlinks:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise FileReadError(f"{what} {shown} does not exist") from None
    except IsADirectoryError:
        raise FileReadError(f"{what} {shown} is a folder, not a file") from None
    except PermissionError:
        raise FileReadError(f"{what} {shown} cannot be read (permission denied)") from None
    except OSError as e:
        if not follow_symlinks and os.path.islink(name):
            raise FileReadError(f"{what} {shown} is a symbolic link; a regular file is needed") from None
        raise FileReadError(f"{what} {shown} cannot be opened ({e.strerror or e})") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise FileReadError(f"{what} {shown} is a folder, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise FileReadError(f"{what} {shown} is not a regular file (a device, pipe or socket)")
        if st.st_size > limit:
            size, cap = _size_words(st.st_size), _size_words(limit)
            if size == cap:  # just over the cap: rounded, both would read the same
                size, cap = f"{st.st_size} bytes", f"{limit} bytes"
            raise FileReadError(f"{what} {shown} is too large ({size}; at most {cap})")
    except OSError as e:
        os.close(fd)
        raise FileReadError(f"{what} {shown} cannot be read ({e.strerror or e})") from None
    except BaseException:
        os.close(fd)
        raise
    return fd, st.st_size, shown


def read_bytes(path: StrPath | Resource, *, limit: int, what: str = "file", follow_symlinks: bool = True) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, or FileReadError saying why not.

    ``follow_symlinks=False`` refuses a symbolic link (the tournament agent's state file,
    which an opponent's folder could point at ``/dev/zero`` or at a file of yours).
    ``path`` may also be a file inside an installed package that is not a folder (an
    ``importlib.resources`` Traversable, in a zip): it is read up to the same cap.
    """
    if not isinstance(path, (str, bytes, os.PathLike)):
        return _read_resource(path, limit, what)
    fd, _, shown = _open_checked(path, limit, what, follow_symlinks)
    try:
        chunks, got = [], 0
        while got <= limit:  # the file may grow while we read: stop one byte past the cap
            chunk = os.read(fd, min(1 << 16, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:
            raise FileReadError(f"{what} {shown} is too large (over {_size_words(limit)})")
        return b"".join(chunks)
    except OSError as e:
        raise FileReadError(f"{what} {shown} cannot be read ({e.strerror or e})") from None
    finally:
        os.close(fd)


def _read_resource(resource: Resource, limit: int, what: str) -> bytes:
    shown = excerpt(str(getattr(resource, "name", resource)), 80)
    try:
        with resource.open("rb") as f:  # a member of a zip: no FIFO nor device can be there
            data = f.read(limit + 1)
    except (OSError, ValueError) as e:
        raise FileReadError(f"{what} {shown} cannot be read ({getattr(e, 'strerror', None) or e})") from None
    if len(data) > limit:
        raise FileReadError(f"{what} {shown} is too large (over {_size_words(limit)})")
    return bytes(data)


def open_binary(path: StrPath | Resource, *, limit: int, what: str = "file",
                follow_symlinks: bool = True) -> BinaryIO:
    """A regular file of at most ``limit`` bytes opened for reading in binary (to seek and read parts
    of it, as the endgame database's directory does), or FileReadError saying why not.  The caller
    closes it (``with open_binary(...) as f``)."""
    if not isinstance(path, (str, bytes, os.PathLike)):
        import io

        return io.BytesIO(_read_resource(path, limit, what))
    fd, _, _ = _open_checked(path, limit, what, follow_symlinks)
    return os.fdopen(fd, "rb")


def read_text(path: StrPath | Resource, *, limit: int, what: str = "file", follow_symlinks: bool = True,
              encodings: Iterable[str] = ("utf-8", "cp1252")) -> str:
    """The text of a regular file of at most ``limit`` bytes, decoded, line ends made ``\\n``.

    UTF-8 (with or without a byte-order mark) first; old PDN collections are often
    Windows-1252, which is tried next; as a last resort undecodable bytes become U+FFFD
    rather than an error, so one odd byte never makes a whole file unreadable.
    """
    data = read_bytes(path, limit=limit, what=what, follow_symlinks=follow_symlinks)
    if data.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte-order mark, whatever follows it
        data = data[3:]
    for encoding in encodings:
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:
        text = data.decode("utf-8", "replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")
