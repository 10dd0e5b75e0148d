"""After a game report: the player's own mistakes made into exercises, and the button that
practises them ("Practise your mistakes", P).

``MistakesPractice`` belongs to the review screen.  When a report is ready it takes over
the report's engine process (``start``): the other moves of each mistake's position are
scored there (``training.exercises.ExerciseMaker``, polled each frame), then the exercises
are kept in the store and the engine closed.  The button shows only when the report found
mistakes or blunders of the player's (a side a person played), and opens the Puzzles
screen on the exercises once they are kept.  The exercises are written in a thread (the
window never waits on the disk); ``problem`` then holds what the screen must say when
they were not all kept (the disk refused, or the file is full of work still to do).
"""

from __future__ import annotations

import threading
from typing import Any

from ..engine.process import close_quietly
from ..training.exercises import ExerciseMaker, added_words, game_label, humans_of, player_moves
from .widgets import Button

LABEL = "Practise your mistakes"
PREPARING = "Preparing your exercises…"


class MistakesPractice:
    def __init__(self, app: Any, players: dict[int, Any] | None = None, tags: dict[str, str] | None = None) -> None:
        self.app = app
        self.humans = humans_of(players, tags)
        self.label = game_label(players, tags)
        self.maker: ExerciseMaker | None = None
        self.client: Any = None     # the report's engine while the exercises are made with it
        self.added = 0
        self.problem = ""           # said by the screen: the exercises were not all kept
        self._saving: threading.Thread | None = None   # the thread writing them
        self.button = Button(LABEL, self.open, hotkey="P")
        self.button.name = "practise"
        self.button.visible = False

    @property
    def busy(self) -> bool:
        """Scoring moves or writing the exercises (the screen keeps drawing meanwhile)."""
        return self._saving is not None or (self.maker is not None and not self.maker.done)

    def start(self, report: object, client: Any) -> bool:
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

    def poll(self) -> None:
        """Once a frame: the engine's answers; the exercises kept when they are all in."""
        if self.maker is None:
            return
        if self._saving is None:
            if self.client is None:
                return
            self.maker.poll()
            if self.maker.done:
                self._close()
                self._save_in_thread()
        elif not self._saving.is_alive():
            self._saving = None
            self.maker = None
            self.button.text = LABEL
            self.button.enabled = True
            if self.problem:
                self.app.push("notice", title="Exercises not all kept", message=self.problem)

    def _save_in_thread(self) -> None:
        maker = self.maker
        assert maker is not None  # (called while exercises are being made)

        def save() -> None:
            result = maker.save()
            self.added = result.added
            self.problem = added_words(result)

        self._saving = threading.Thread(target=save, daemon=True, name="exercises-save")
        self._saving.start()

    def cancel(self) -> None:
        """Leaving the screen: the engine stops; only the exercises whose other moves were all
        scored are kept (one whose moves were not would refuse a good answer)."""
        if self.maker is not None and not self.maker.done:
            self.maker.cancel()
            self._close()
            self._save_in_thread()   # finishes on its own; the file is written whole or not at all
        self._close()

    def _close(self) -> None:
        client, self.client = self.client, None
        close_quietly(client)

    def open(self) -> None:

        if self.button.visible and self.button.enabled:
            self.app.push("puzzles", exercises=True)
