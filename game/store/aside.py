"""Setting a bad file aside: renamed to ``<name>.bad-<timestamp>``, never deleted nor overwritten.

Its own module (``paths`` names it too) so that ``lock``, which sets aside what is in a lock
file's place, and ``paths``, which locks the journal, do not import each other.
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

log = logging.getLogger("checkers.store")


def set_file_aside(path: str | os.PathLike[str]) -> Path | None:
    """Rename a bad file to ``<name>.bad-<timestamp>`` so nothing overwrites it; the new path, or None.

    The new name is claimed without replacing anything (a hard link where the
    file system has them), so two bad files never overwrite each other.  None
    means the file could not be moved (it is where it was).
    """
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n > 1 else ""))
        if os.path.lexists(target):
            continue
        try:
            if path.is_symlink() or not path.is_file():
                os.rename(path, target)  # a link, FIFO or folder: renamed as it is
            else:
                os.link(path, target)  # fails if target exists: never replaces a file
                os.unlink(path)
            return target
        except FileExistsError:
            continue
        except OSError as e:
            error = e
            if not os.path.lexists(target) and os.path.lexists(path):
                try:  # no hard links here: rename (the name was free a moment ago)
                    os.rename(path, target)
                    return target
                except OSError as e2:
                    error = e2
            log.warning("could not keep %s aside: %s", path, error)
            return None
    return None
