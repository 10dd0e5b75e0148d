"""Shared test setup: pygame must never open a window or an audio device in tests."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# Settings, the autosave and saved games go to a throw-away folder, never the
# tester's own config and data folders (tests that care set their own).
if "CHECKERS_HOME" not in os.environ:
    import atexit
    import shutil
    import tempfile

    os.environ["CHECKERS_HOME"] = tempfile.mkdtemp(prefix="checkers-tests-")
    # the process that made the folder removes it (the xdist workers inherit it and leave it be)
    atexit.register(shutil.rmtree, os.environ["CHECKERS_HOME"], ignore_errors=True)


import pytest  # noqa: E402


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A test's own settings and data folder (CHECKERS_HOME)."""
    monkeypatch.setenv("CHECKERS_HOME", str(tmp_path))
    return tmp_path


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "app(size=(1000, 700), engine=None, settings={}, scenes=()): how the `app` fixture makes "
        "its window: its size, the function making each engine client (None: real engine processes), settings "
        "changed from the defaults and the scenes open at the start (the first switched to, the others pushed "
        "on it; no frame run yet, so nothing is drawn that the test does not look at)")


def _window(request):
    """The App the nearest ``@pytest.mark.app(...)`` asks for, closed afterwards."""
    from helpers import new_app, open_scenes

    marker = request.node.get_closest_marker("app")
    options = dict(marker.kwargs) if marker is not None else {}
    scenes = options.pop("scenes", ())
    settings = options.pop("settings", {})
    a = new_app(**options)
    try:
        for name, value in settings.items():
            a.settings[name] = value
        if scenes:
            open_scenes(a, *scenes, n=0)
        yield a
    finally:
        a.close()


@pytest.fixture
def app(request, home):
    """A headless App (helpers.new_app) in the test's own CHECKERS_HOME, closed after the test.

    A module's or a test's ``@pytest.mark.app(...)`` says what it needs; the nearest one counts."""
    yield from _window(request)


@pytest.fixture(scope="module")
def shared_app(request, tmp_path_factory):
    """One App for all the tests of a module that ask for it (set by the module's ``app`` marker),
    in a home of its own: for tests that open screens and measure them, so the fonts and pictures
    drawn once serve them all.  Not to be mixed with ``app`` in one module: pygame has one window."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CHECKERS_HOME", str(tmp_path_factory.mktemp("home")))
        yield from _window(request)
