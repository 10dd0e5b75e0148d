"""Online play's screens: 2 Players' three ways, hosting, joining, and the board of an online game.

Every network call is made by ``game.net``'s client thread and the embedded
server's process; these scenes only poll them (``update``) and draw.
"""

from . import board, choose, setup  # noqa: F401  (each registers its scenes)
