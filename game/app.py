"""The application: the only place that starts pygame, opens the window and runs the loop.

``App`` owns the window, the scene stack, the assets and the engine
process.  Tests drive it a frame at a time with ``app.step()`` (or
``app.run(frames=N)``) and a fixed ``dt``, so no real clock is needed.
Every path out (window close, Quit, Ctrl+C, an exception) goes through
``close()``, which ends the engine process.

Engines: ``app.engine`` is the computer player's (one, shared by every
match); a screen that needs a search of its own (a hint, a live analysis,
a game report) asks ``app.new_engine()`` and closes what it gets.  Both
come from ``app.engine_factory`` when one is given (tests pass doubles
that need no process), else they are ``EngineClient``s.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (pygame is imported when the App is made, never on import)
    import pygame

    from .ui.assets import Assets
    from .ui.scene import Scene

# pygame-ce prints a banner on import; the game is not a pygame demo.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

DEFAULT_SIZE = (1180, 780)
FPS = 60
REDRAW_AT_LEAST_EVERY = 15  # frames: an idle window still refreshes 4 times a second


def seconds_since_launch() -> float | None:
    """Seconds since this process started (Linux /proc), or None where that is unknown."""
    from .textfile import read_text

    try:  # (a FileReadError is a ValueError)
        start_ticks = int(read_text("/proc/self/stat", limit=4096).rsplit(")", 1)[1].split()[19])
        uptime = float(read_text("/proc/uptime", limit=4096).split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def desktop_size(pg: ModuleType) -> tuple[int, int] | None:
    """The first desktop's size, or None where the video driver cannot tell."""
    try:
        sizes = pg.display.get_desktop_sizes()
    except Exception:
        return None
    if not sizes:
        return None
    w, h = sizes[0]
    return (w, h) if w > 0 and h > 0 else None


def fit_desktop(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """A window no larger than the desktop: a huge --size would cost seconds a frame to draw."""
    if desktop is None:
        return size
    return (min(size[0], desktop[0]), min(size[1], desktop[1]))


class App:
    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, fixed_dt: float | None = None,
                 engine_factory: Callable[[], Any] | None = None, sound: bool = True, title: str = "Checkers",
                 fit: bool = True) -> None:
        """``fit``: the window no larger than the desktop (a real window); False for a headless
        window drawn off screen at the size asked (the screenshots, the layout tests), where the
        dummy driver's 1024x768 "desktop" would otherwise shrink every larger size to it."""
        import pygame

        from .store.settings import load_settings
        from .ui import geometry, theme
        from .ui.scene import SceneStack
        from .ui.scenes import load_all

        # Every attribute is set here, before anything can fail or the first frame runs.
        self.pg = pygame
        self.stack = SceneStack()
        self.running = True
        self.frames = 0
        self.fixed_dt = fixed_dt
        self._engine: Any = None
        # engine_factory(): makes every engine client instead of EngineClient (tests: doubles)
        self.engine_factory = engine_factory
        self._assets: Assets | bool | None = None  # False: they could not be loaded
        self._audio = False
        self._hand: bool | None = None  # the pointer shape last set (None: not set yet)
        self._drawn_top: Scene | None = None  # the top scene when the window was last drawn
        self._frames_since_draw = 0
        self.exit_after_first_frame = os.environ.get("CHECKERS_EXIT_AFTER_FIRST_FRAME") == "1"
        self.settings = load_settings()  # preferences from disk (never raises)

        theme.reset()  # caches of an earlier App died with its pygame.quit()
        theme.set_text_size(self.settings.get("text_size", "normal"))  # the setting "Text size"
        load_all()
        pygame.display.init()
        pygame.font.init()
        if sound:
            from .ui.sound import open_mixer

            # opened quietly: no audio library noise, one line if sound is off; then play silently
            self._audio = open_mixer(44100, -16, 2, 512) is None
        pygame.display.set_caption(title)
        pygame.key.set_repeat(350, 40)
        size = (max(size[0], geometry.MIN_WINDOW[0]), max(size[1], geometry.MIN_WINDOW[1]))
        if fit:
            size = fit_desktop(size, desktop_size(pygame))
        self._set_icon()
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._set_minimum_size(geometry.MIN_WINDOW)
        self.size = self.screen.get_size()
        self.clock = pygame.time.Clock()

    def _set_icon(self) -> None:
        """The window icon: a black king (set before the window opens, as SDL prefers)."""
        try:
            from .ui.assets import Assets

            self.pg.display.set_icon(self.pg.transform.smoothscale(Assets().image("king_black"), (64, 64)))
        except Exception:
            pass  # no icon is better than no game

    def _set_minimum_size(self, size: tuple[int, int]) -> None:
        """Stop the window being dragged smaller than the layouts are designed for."""
        import warnings

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)  # fine for this one setting
                self.pg.Window.from_display_module().minimum_size = size
        except Exception:
            pass  # older pygame-ce: the layouts still cope with small windows

    def set_cursor(self, hand: bool) -> None:
        """A hand over things that can be clicked on the board, the arrow elsewhere."""
        if self._hand == hand:
            return
        self._hand = hand
        try:
            self.pg.mouse.set_cursor(self.pg.SYSTEM_CURSOR_HAND if hand else self.pg.SYSTEM_CURSOR_ARROW)
        except Exception:
            pass  # the dummy video driver has no cursors

    # -- shared services ------------------------------------------------------

    @property
    def assets(self) -> Assets | None:
        """The assets loader, or None when it cannot load (the board is then drawn with shapes)."""
        if self._assets is None:
            from .ui.assets import Assets

            try:
                self._assets = Assets()
            except Exception:  # a missing asset must not stop the game: draw shapes instead
                self._assets = False
        return self._assets if not isinstance(self._assets, bool) else None

    def play_sound(self, name: str) -> None:
        if not self._audio or not self.settings.get("sound", True):
            return
        assets = self.assets
        if assets is not None:
            try:
                assets.play(name, int(self.settings.get("volume", "100")) / 100)
            except Exception:
                pass  # a missing sound is not worth a crash

    @property
    def engine(self) -> Any:
        """The engine process client, started the first time a computer player needs it.

        May raise (the factory, or a worker that cannot start): callers catch it
        and tell the player, as ``ComputerTurn`` and ``Hint`` do.
        """
        if self._engine is None:
            self._engine = self.new_engine()
        return self._engine

    def new_engine(self, background: bool = False) -> Any:
        """A new engine client of the caller's own, apart from the computer player's ``engine``;
        the caller closes it.  ``background``: a search the player is not waiting on (a live
        analysis, a game report), whose process yields the CPU to the window.  With an
        ``engine_factory`` its client is returned instead.  May raise, as ``engine`` may."""
        if self.engine_factory is not None:
            return self.engine_factory()
        from .engine.process import EngineClient

        return EngineClient(background=background)

    @property
    def has_engine(self) -> bool:
        return self._engine is not None

    def start_up(self, tidy: bool = True) -> list[str]:
        """Tidy the store once at launch (temporary files of interrupted saves, the autosave of earlier
        versions, finished games left unarchived) and collect what the player should be told: those
        notes and any problem with the settings file.  Never raises."""
        notes: list[str] = []
        if tidy:
            try:
                from .store import start_up

                notes += start_up()
            except Exception as e:  # the game starts whatever the disk holds
                notes.append(f"The saved games could not be checked: {' '.join(str(e).split())[:160]}")
        problems = getattr(self.settings, "problems", None)
        if problems is not None:
            notes += problems()
        return notes

    def tell(self, notes: list[str]) -> None:
        """Show ``notes`` (lines for the player) once, in a notice over the current scene."""
        if not notes:
            return
        title = "Settings could not all be read" if all(n.startswith("settings:") for n in notes) else \
            "Something needed attention at start-up"
        words = [n[len("settings: "):] if n.startswith("settings: ") else n for n in notes]
        self.push("notice", title=title, message=" ".join(w[:1].upper() + w[1:] for w in words))

    # -- scenes ---------------------------------------------------------------

    def _make(self, name: str, params: dict[str, Any]) -> Scene:
        from .ui.scene import SCENES

        if name not in SCENES:
            raise KeyError(f"no scene called {name!r} (known: {', '.join(sorted(SCENES))})")
        scene: Scene = SCENES[name](self, **params)  # entered (and so laid out) when pushed
        return scene

    def push(self, name: str, **params: Any) -> Scene:
        """Put a scene on top (an overlay or a sub-screen)."""
        scene: Scene = self.stack.push(self._make(name, params))
        return scene

    def pop(self, result: object = None) -> Scene | None:
        """Remove the top scene; the one below gets ``uncovered(result)``."""
        scene: Scene | None = self.stack.pop(result)
        if not self.stack:
            self.running = False
        return scene

    def switch(self, name: str, **params: Any) -> Scene:
        """Replace every scene with a new one (menu -> play, play -> menu)."""
        self.stack.clear()
        scene: Scene = self.stack.push(self._make(name, params))
        return scene

    def replace(self, name: str, **params: Any) -> Scene:
        """Replace the top scene only."""
        self.stack.pop()
        scene: Scene = self.stack.push(self._make(name, params))
        return scene

    def quit(self) -> None:
        self.running = False

    def ask_to_quit(self) -> None:
        """Ctrl+Q: quit, asking first when a scene holds something to lose (a game in progress)."""
        top = self.stack.top
        if top is None or (top.name == "confirm" and top.params.get("quitting")):
            self.quit()  # Ctrl+Q again on the question: yes
            return
        for scene in reversed(list(self.stack)):
            question = scene.quit_question()
            if question is not None:
                title, message = question
                self.push("confirm", title=title, message=message, confirm="Quit", quitting=True,
                          on_confirm=self.quit)
                return
        self.quit()

    # -- the loop -------------------------------------------------------------

    def _resize(self, size: tuple[int, int]) -> None:
        self.size = size
        for scene in self.stack:
            scene.resize(size)

    def step(self, dt: float | None = None) -> bool:
        """One frame: events, updates, drawing.  False once the app should stop."""
        pg = self.pg
        if dt is None:
            dt = self.fixed_dt if self.fixed_dt is not None else self.clock.tick(FPS) / 1000.0
        events = pg.event.get()
        for event in events:
            if event.type == pg.QUIT:
                self.running = False
                continue
            if event.type in (pg.VIDEORESIZE, pg.WINDOWSIZECHANGED):
                size = pg.display.get_surface().get_size()
                if size != self.size:
                    self._resize(size)
                continue
            if (event.type == pg.KEYDOWN and event.key == pg.K_q
                    and event.mod & (pg.KMOD_CTRL | pg.KMOD_META)):
                self.ask_to_quit()
                continue
            top = self.stack.top
            if top is not None:
                top.handle_event(event)
            if not self.running:
                break
        for scene in self.stack.updating():
            scene.update(min(dt, 0.1))  # a stall must not make animations jump
        if self.running and self.stack and self._should_draw(bool(events)):
            self.draw(self.screen)
            pg.display.flip()
            self._drawn_top = self.stack.top
            self._frames_since_draw = 0
        else:
            self._frames_since_draw += 1
        self.frames += 1
        if self.exit_after_first_frame and self.frames == 1:
            since = seconds_since_launch()
            when = f"{since:.3f} s after launch" if since is not None else f"at {time.perf_counter():.3f}"
            print(f"first frame drawn {when}", flush=True)
            self.running = False
        return self.running

    def _should_draw(self, had_events: bool) -> bool:
        """Draw on any event, a new top scene, a scene that animates, and at least 4 times a second."""
        if had_events or self.frames == 0 or self.stack.top is not self._drawn_top:
            return True
        if self._frames_since_draw >= REDRAW_AT_LEAST_EVERY:
            return True
        return any(scene.wants_redraw() for scene in self.stack.visible())

    def draw(self, surface: pygame.Surface) -> None:
        from .ui import theme

        for scene in self.stack.visible():
            if scene.overlay and scene.dim:
                theme.veil(surface, scene.dim)
            scene.draw(surface)

    def run(self, frames: int | None = None) -> bool:
        """Run until quit (or for ``frames`` frames); always ends the engine process."""
        try:
            n = 0
            while self.running and (frames is None or n < frames):
                self.step()
                n += 1
        finally:
            if frames is None or not self.running:
                self.close()
        return self.running

    def close(self) -> None:
        """End the engine process and pygame.  Safe to call twice."""
        engine, self._engine = self._engine, None
        if engine is not None:
            try:
                engine.close()
            except Exception:
                pass
        try:
            self.stack.clear()
        except Exception:
            pass  # a scene's leave() failing must not keep the engine or pygame alive
        self.running = False
        try:
            self.pg.quit()
        except Exception:
            pass
