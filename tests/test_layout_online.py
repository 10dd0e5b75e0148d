"""The online screens (2 Players, hosting, joining, the board in each connection state) at every window
size the layout check knows and a portrait one: nothing overlaps, nothing is cut off, every text fits.
tools/net_screens.py renders the same screens to PNG to be looked at."""

import pytest
from helpers import FakeEngine
from net_screens import SCREENS

from game.ui.layout_check import SIZES, check_scene

pytestmark = pytest.mark.app(size=(1024, 768), engine=FakeEngine)

PORTRAIT = (600, 900)


@pytest.mark.parametrize("name", list(SCREENS))
def test_online_screen_fits_every_size(shared_app, name):
    scene = SCREENS[name](shared_app)
    try:
        assert check_scene(scene, (*SIZES, PORTRAIT)) == []
    finally:
        shared_app.switch("menu")
