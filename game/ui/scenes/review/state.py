"""What the review's parts share: the scene's state, which ``ReviewScene.enter`` and ``resize``
set, and the methods one part calls on another.  Declared for the type checker only (each part's
class derives from ``ReviewState``, which adds nothing at run time to the ``Scene`` below it).

Part of ReviewScene (game/ui/scenes/review/__init__.py), which is made of one class per job."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...scene import Scene

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    import pygame

    from ....analysis.report import GameReport as Report
    from ....analysis.report import MoveReport
    from ....analysis.runner import GameAnalysis
    from ....rules import Game, Position
    from ...analysis_view import EvalGraph, LiveBoard, Span
    from ...board_view import BoardRenderer
    from ...geometry import PlayLayout
    from ...practice import MistakesPractice
    from ...report_view import MoveList
    from ...theme import Colour
    from ...widgets import Button, FocusGroup, Slider
    from .line import WhyLine

    NotePart = tuple[str, Colour, tuple[tuple[str, Colour], ...]]


class ReviewState(Scene):
    """The review's state and its parts' shared methods (see the module's text)."""

    if TYPE_CHECKING:
        # -- set in enter ------------------------------------------------------------------
        game: Game
        tags: dict[str, str]
        clocks: dict[int, float]
        recorded: str             # the record's result, "*" when it gives none
        opening: str
        error: str | None
        ply: int
        version: int
        numbers: bool
        flipped: bool
        renderer: BoardRenderer
        message: str
        note_message: str
        saved_path: Path | None
        live: LiveBoard
        analysis: GameAnalysis | None
        report: Report | None
        analysis_note: str
        why: WhyLine | None
        graph: EvalGraph
        graph_dragging: bool
        hover: tuple[int, int] | None
        move_list: MoveList
        slider: Slider
        analyse_button: Button
        live_button: Button
        vs_computer: Button
        vs_friend: Button
        flip_button: Button
        back_button: Button
        practice: MistakesPractice
        focus: FocusGroup
        # -- set in resize (Layout) ----------------------------------------------------------
        layout: PlayLayout
        bar: pygame.Rect
        pad: int
        title_size: int
        title_rect: pygame.Rect
        text_size: int
        info_rects: list[pygame.Rect]
        error_rect: pygame.Rect
        note_rect: pygame.Rect
        progress_rect: pygame.Rect
        table_rect: pygame.Rect
        table_text: int
        legend_lines: list[list[Span]]
        legend_rect: pygame.Rect
        legend_size: int
        list_size: int
        list_line_h: int
        list_rect: pygame.Rect
        _note_need: tuple[tuple[int, int, int], int]

        # -- Navigation ----------------------------------------------------------------------
        @property
        def total(self) -> int: ...
        @property
        def position(self) -> Position: ...
        def history(self) -> Sequence[Position]: ...
        def go(self, ply: int) -> None: ...
        def step(self, delta: int) -> None: ...
        def flip(self) -> None: ...
        def next_marked(self, colour: int | None, kinds: Sequence[str],
                        again: str = "click again for the next") -> bool: ...
        def back(self) -> None: ...
        # -- LiveAnalysis --------------------------------------------------------------------
        def toggle_live(self) -> None: ...
        # -- GameReport ----------------------------------------------------------------------
        def _close_analysis_client(self) -> None: ...
        @property
        def analysing(self) -> bool: ...
        def analyse_action(self) -> None: ...
        def start_analysis(self) -> None: ...
        def cancel_analysis(self) -> None: ...
        def move_report(self, ply: int | None = None) -> MoveReport | None: ...
        def progress_text(self) -> str: ...
        # -- WhyMode -------------------------------------------------------------------------
        def explained(self, ply: int | None = None) -> MoveReport | None: ...
        def start_why(self) -> bool: ...
        def end_why(self) -> None: ...
        # -- AnnotatedSave, Continuing -------------------------------------------------------
        def save_annotated(self) -> Path | None: ...
        def continue_vs_computer(self) -> None: ...
        def continue_with_friend(self) -> None: ...
        # -- Layout --------------------------------------------------------------------------
        def _layout_panel(self) -> None: ...
        @property
        def small_size(self) -> int: ...
        # -- Words ---------------------------------------------------------------------------
        def move_words(self, ply: int) -> str: ...
        def info_lines(self) -> list[str]: ...
        def error_text(self) -> str: ...
        def status_text(self) -> tuple[str, Colour]: ...
        def note_parts(self, ply: int | None = None, live: bool = True) -> list[NotePart]: ...
        def wrapped_note(self) -> list[NotePart]: ...
        # -- Drawing -------------------------------------------------------------------------
        def bar_score(self) -> tuple[bool, int | None]: ...
        def verdict_black(self, ply: int) -> int: ...
