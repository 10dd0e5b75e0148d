"""After a game report: the player's own mistakes made into exercises, and the button that
practises them ("Practise your mistakes", P).

``MistakesPractice`` belongs to the review screen.  When a report is ready it takes over
the report's engine process (``start``): the other moves of each mistake's position are
scored there (``training.exercises.ExerciseMaker``, polled each frame), then the exercises
are kept in the store and the engine closed.  The button shows only when the report found
mistakes or blunders of the player's (a side a person played), and opens the Puzzles
screen on the exercises once they are kept.
"""

from ..engine.process import close_quietly
from ..training.exercises import ExerciseMaker, game_label, humans_of, player_moves
from .widgets import Button

LABEL = "Practise your mistakes"
PREPARING = "Preparing your exercises…"


class MistakesPractice:
    def __init__(self, app, players=None, tags=None):
        self.app = app
        self.humans = humans_of(players, tags)
        self.label = game_label(players, tags)
        self.maker = None
        self.client = None
        self.added = 0
        self.button = Button(LABEL, self.open, hotkey="P")
        self.button.name = "practise"
        self.button.visible = False

    @property
    def busy(self):
        return self.maker is not None and not self.maker.done

    def start(self, report, client):
        """Make the exercises of ``report`` with ``client`` (the report's engine): True when it was
        taken (the player made mistakes; it is closed here once done), False when not needed."""
        if report is None or not self.humans or not player_moves(report, self.humans):
            return False
        self.maker = ExerciseMaker(report, self.humans, self.label, client)
        self.client = client
        self.button.visible = True
        self.button.enabled = False
        self.button.text = PREPARING
        self.poll()
        return True

    def poll(self):
        """Once a frame: the engine's answers; the exercises kept when they are all in."""
        if self.maker is None or self.client is None:
            return
        self.maker.poll()
        if self.maker.done:
            self.added = self.maker.save()
            self._close()
            self.button.text = LABEL
            self.button.enabled = True

    def cancel(self):
        """Leaving the screen: the engine stops; only the exercises whose other moves were all
        scored are kept (one whose moves were not would refuse a good answer)."""
        if self.busy:
            self.maker.cancel()
            self.added = self.maker.save()
        self._close()

    def _close(self):
        client, self.client = self.client, None
        close_quietly(client)

    def open(self):
        if self.button.visible and self.button.enabled:
            self.app.push("puzzles", exercises=True)
