"""Online play: a websockets server that is the authority over its games, and the client the window polls.

No pygame here.  ``protocol`` is the one schema of the messages; ``room`` one game's
rules, clocks and outcome (pure, time passed in); ``keep`` the games in SQLite;
``server`` the asyncio server and ``cli`` its ``checkers-server`` command; ``host``
the server embedded in a player's game, in its own process; ``client`` the
connection in a background thread with queues a scene polls; ``view`` what a
client knows of a game; ``library`` a finished game saved to the player's library.
"""
