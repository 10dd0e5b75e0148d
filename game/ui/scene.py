"""Scenes, the registry that names them, and the stack that runs them.

A scene is one screen (menu, play) or one overlay (confirm, game over).
Scenes never import each other: they ask the app for another one by name
(``app.push("confirm", ...)``, ``app.switch("play", ...)``), and the name
is looked up in ``SCENES``.  A new scene plugs in by decorating its class
with ``@register("name")`` in a module under ``game/ui/scenes/`` (every
module there is imported by ``game.ui.scenes.load_all``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, TypeVar

SceneClass = TypeVar("SceneClass", bound="type[Scene]")

SCENES: dict[str, type[Scene]] = {}


def register(name: str) -> Callable[[SceneClass], SceneClass]:
    """Class decorator: make a Scene class available as ``name``."""
    def decorate(cls: SceneClass) -> SceneClass:
        if name in SCENES and SCENES[name] is not cls:
            raise ValueError(f"two scenes are both called {name!r}")
        cls.name = name
        SCENES[name] = cls
        return cls
    return decorate


class Scene:
    """One screen or overlay.

    ``enter`` runs first, once, when the scene is pushed: it sets up the
    scene's state and lays it out for ``self.size`` (the window's size) by
    calling ``resize``, which runs again whenever the window changes size, so
    layout is recomputed from the real window size and never stretched.
    ``handle_event`` and ``update`` change state; ``draw`` only paints it.

    ``overlay = True`` means the scenes below stay visible (drawn first,
    then dimmed by ``dim``).  Only the top scene gets events and updates,
    unless a scene below sets ``update_when_covered`` (play does, so the
    engine is polled and animations finish under a pause overlay).
    """

    name: str | None = None
    overlay = False
    dim = 0  # alpha of the veil drawn over the scenes below an overlay
    update_when_covered = False

    def __init__(self, app: Any, **params: Any) -> None:
        self.app = app
        self.params = params
        self.size: tuple[int, int] = app.size

    # -- life cycle -----------------------------------------------------------

    def enter(self) -> None:
        """Called once when the scene is pushed, before any other call: set up the state, then lay
        out with ``self.resize(self.size)`` (as this default does)."""
        self.resize(self.size)

    def quit_question(self) -> tuple[str, str] | None:
        """``(title, message)`` to ask before the app quits while this scene is open (a game in
        progress), or None to quit at once."""
        return None

    def leave(self) -> None:
        """Called once when the scene is removed from the stack."""

    def covered(self) -> None:
        """Another scene was pushed on top of this one."""

    def uncovered(self, result: object = None) -> None:
        """The scene on top was popped; ``result`` is what it returned."""

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the scene out for a window of ``size`` (after ``enter``; again on every change)."""
        self.size = size

    # -- the frame ------------------------------------------------------------

    def handle_event(self, event: Any) -> None:
        """React to one pygame event."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: Any) -> None:
        """Paint the scene; must not change state."""

    def wants_redraw(self) -> bool:
        """Does the picture change this frame without any event (an animation, a clock)?

        When no visible scene wants it and no event arrived, the app skips
        drawing (an idle window then costs almost no CPU).  The default
        is True: a new scene is always drawn until it says otherwise.
        """
        return True


class SceneStack:
    """The scenes on screen, bottom first.  Knows nothing about pygame."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    def __bool__(self) -> bool:
        return bool(self.scenes)

    def __len__(self) -> int:
        return len(self.scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(self.scenes)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def names(self) -> list[str | None]:
        return [s.name for s in self.scenes]

    def find(self, name: str) -> Scene | None:
        """The topmost scene called ``name``, or None."""
        for scene in reversed(self.scenes):
            if scene.name == name:
                return scene
        return None

    def push(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes[-1].covered()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self, result: object = None) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].uncovered(result)
        return scene

    def clear(self) -> None:
        while self.scenes:
            self.scenes.pop().leave()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and every one an overlay lets show."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        return self.scenes[max(start, 0):]

    def updating(self) -> list[Scene]:
        """The scenes to update this frame: the top one and covered ones that ask for it."""
        if not self.scenes:
            return []
        return [s for s in self.scenes[:-1] if s.update_when_covered] + [self.scenes[-1]]
