"""Where the game keeps its files, and how it writes them without losing any.

The config folder holds ``settings.json``; the data folder holds
``autosave.json`` and ``games/`` (saved PDN files).  Both come from
platformdirs (``user_config_dir("checkers")``, ``user_data_dir("checkers")``)
unless the environment variable ``CHECKERS_HOME`` names a root folder, in
which case they are ``$CHECKERS_HOME/config`` and ``$CHECKERS_HOME/data``
(tests and portable installs use this).

Every write is atomic: a temporary file in the same folder, flushed and
fsynced, then ``os.replace``d over the target.  A crash at any moment leaves
either the old file or the new one, never a torn one.
"""

from __future__ import annotations

import logging
import os
import tempfile
import time
from pathlib import Path

log = logging.getLogger("checkers.store")

APP_NAME = "checkers"
HOME_ENV = "CHECKERS_HOME"


def _home_root():
    root = os.environ.get(HOME_ENV, "").strip()
    return Path(root).expanduser() if root else None


def config_dir() -> Path:
    root = _home_root()
    if root is not None:
        return root / "config"
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    root = _home_root()
    if root is not None:
        return root / "data"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME))


def settings_path() -> Path:
    return config_dir() / "settings.json"


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def games_dir() -> Path:
    return data_dir() / "games"


def atomic_write(path, data) -> Path:
    """Write ``data`` (str or bytes) to ``path`` atomically; make the folder if needed.

    Raises OSError when the disk refuses; the old file is then untouched.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)
    return path


def _fsync_dir(folder):
    # make the rename itself durable where the platform allows it
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def keep_aside(path) -> Path | None:
    """Rename a bad file to ``<name>.bad-<timestamp>`` so nothing overwrites it; return the new path."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError as e:
        log.warning("could not keep %s aside: %s", path, e)
        return None
    return target
