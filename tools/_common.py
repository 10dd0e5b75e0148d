"""What every tool imports first: this checkout's ``game`` on ``sys.path``, its paths, the ballots.

A tool is run as ``python tools/NAME.py``, so its own folder is on ``sys.path``
and ``import _common`` finds this file; importing it puts the checkout's root
first on ``sys.path``, so the ``game`` the tool imports next is this
checkout's, installed or not.  (The tests import tools the same way: pytest
puts ``tools/`` on the path, see ``pyproject.toml``.)
"""

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT / "tools"

if sys.path[:1] != [str(ROOT)]:
    sys.path.insert(0, str(ROOT))


def _own_assets(root):
    """Make ``game.assets`` this checkout's ``assets/`` folder.  An editable
    install maps ``game.assets`` to the installed checkout's folder whichever
    ``game`` comes first on sys.path, so a tool run from another worktree
    would read that checkout's data files (endgame database, book, patterns)."""
    import importlib.util

    init = Path(root) / "assets" / "__init__.py"
    if not init.is_file() or "game.assets" in sys.modules:
        return
    spec = importlib.util.spec_from_file_location("game.assets", init, submodule_search_locations=[str(init.parent)])
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    sys.modules["game.assets"] = module
    spec.loader.exec_module(module)


_own_assets(ROOT)


def headless(scratch_home=True):
    """No window and no sound device (SDL's dummy drivers), no pygame greeting; with
    ``scratch_home`` the settings and saved games go to a new scratch folder, never the
    user's own.  Call it before importing pygame."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if scratch_home and "CHECKERS_HOME" not in os.environ:
        os.environ["CHECKERS_HOME"] = tempfile.mkdtemp(prefix="checkers-tool-")
        atexit.register(shutil.rmtree, os.environ["CHECKERS_HOME"], ignore_errors=True)  # a scratch folder


def ballots(path=None):
    """``[(number, moves, fen)]``: the three-move ballot openings, in the order of the ACF list.

    Without ``path`` they are the 156 of ``game.notation.openings.BALLOTS`` (in the
    checkout, so a fresh clone has them); with it, a file of lines ``NUMBER MOVE MOVE
    MOVE FEN`` (``#`` starts a comment).  ``number`` and ``moves`` are written as the
    ballot cards write them (``001``, ``09-13 21-17 05-09``); ``fen`` is the position
    after the three moves.  OSError if the file cannot be read, ValueError if a line
    is not a ballot.
    """
    if path is not None:
        return _ballots_file(path)
    from game.notation import find_move
    from game.notation.openings import BALLOTS
    from game.rules import Position

    out = []
    for entry in BALLOTS:
        number, *moves = entry.split()
        position = Position.initial()
        for text in moves:
            position = position.play(find_move(position, text))
        card = " ".join("-".join(f"{int(square):02d}" for square in move.split("-")) for move in moves)
        out.append((f"{int(number):03d}", card, position.fen()))
    return out


def _ballots_file(path):
    from game.textfile import read_text

    out = []
    for n, line in enumerate(read_text(path, limit=1 << 24, what="ballots file").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) < 5:
            raise ValueError(f"{path}:{n}: not a ballot (number, three moves, FEN): {line[:60]!r}")
        out.append((parts[0], " ".join(parts[1:4]), parts[-1]))
    return out
