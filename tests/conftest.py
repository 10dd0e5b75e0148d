"""Shared test setup: pygame must never open a window or an audio device in tests."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# Settings, the autosave and saved games go to a throw-away folder, never the
# tester's own config and data folders (tests that care set their own).
if "CHECKERS_HOME" not in os.environ:
    import tempfile

    os.environ["CHECKERS_HOME"] = tempfile.mkdtemp(prefix="checkers-tests-")


import pytest  # noqa: E402


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A test's own settings and data folder (CHECKERS_HOME)."""
    monkeypatch.setenv("CHECKERS_HOME", str(tmp_path))
    return tmp_path
