"""The game window: scenes, widgets, board geometry.

Importing this package never starts pygame or opens a window; only
``game.app.App`` does that.
"""

import os

# pygame-ce prints a banner on import; the game is not a pygame demo.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
