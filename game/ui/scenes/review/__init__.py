"""Review: step through any game (the current one, a loaded one, a finished one),
analyse it with the engine, and keep the analysis.

params: ``game`` (a rules.Game), optional ``tags`` (PDN tags: players,
event, date, result), ``result`` (the recorded result when the movetext gives it and the
tags do not; any PDN spelling), ``error`` (why a loaded game stops early), ``ply``
(where to start; default the end), ``players`` (who played: continuing
against the computer keeps its level), ``back`` ("pop" to return to the
scene below, else the menu), ``analyse`` (True: start the game report at once, e.g. from
a "Game report" button after a game).

Left/Right step one move, Home/End jump to the start/end, Page Up/Down
ten moves; the slider under the board, a move in the list and the
evaluation graph jump anywhere (click or drag).  A turns live analysis on
and off (the engine on the position shown, in its own process); G analyses
the whole game (a progress bar; G again cancels) into a report: a graph,
each move classed best … blunder, a table per side (its accuracy and how many
inaccuracies ?!, mistakes ? and blunders ??, with a legend; a click on a count
goes to those moves one after another).  On a mistake or blunder, W (or a click
on its explanation) steps through why: the better move, then the move played and
its refutation, Left/Right inside the line, Esc back to the game; W on another
move goes to the next mistake or blunder.  The moves the arrows show are drawn in
the arrows' colours in the note under the moves: the words are the arrows' legend.
Esc while the report is made cancels it (and leaves review only when pressed
again).  Ctrl+S (the "Save report" button) saves the analysed game as annotated PDN.
"Continue from here" plays on from the shown position against the computer
or with a friend: the moves up to there are kept, so repetition still counts.

The scene is a package split by job (Tuxemon-style): navigation, live analysis, the report,
why mode, the annotated save, continuing, input, layout, words and drawing each have a module
and a class; ReviewScene is made of them.  ``state.py`` declares, for the type checker, the state
and the methods they share; ``line.py`` holds a bad move's line (why mode's data).

"""

from __future__ import annotations

from ....notation.pdn import normal_result
from ...analysis_view import EvalGraph, LiveBoard
from ...board_view import BoardRenderer
from ...practice import MistakesPractice
from ...report_view import MoveList
from ...scene import Scene, register
from ...store_hooks import flipped_for, settings_of
from ...widgets import Button, FocusGroup, Slider
from ...words import opening_label
from .continuing import Continuing
from .drawing import Drawing
from .events import Input
from .layout import Layout
from .live import LiveAnalysis
from .navigation import Navigation
from .report import GameReport
from .save import AnnotatedSave
from .why import WhyMode
from .words import Words


@register("review")
class ReviewScene(Navigation, LiveAnalysis, GameReport, WhyMode, AnnotatedSave, Continuing, Input, Layout, Words,
                  Drawing, Scene):
    def enter(self) -> None:
        p = self.params
        self.game = p["game"]
        self.tags = dict(p.get("tags") or {})
        # each move's clock (the mover's time left after it): from play, or a PDN game's [%clock] comments
        from ....controller.clock import clocks_from_comments

        self.clocks = dict(p.get("clocks") or clocks_from_comments(p.get("comments") or ())[0])
        # the result the record gives ("2-0", "0-2", "1-1", "0-0" or "*"): it stands wherever
        # the board itself is not over (a game stopped by resignation or agreement)
        self.recorded = normal_result(p.get("result") or "*") or "*"
        if self.recorded == "*":
            self.recorded = normal_result(self.tags.get("Result") or "*") or "*"
        self.opening = opening_label(self.game)
        self.error = p.get("error")
        self.ply = max(0, min(self.total, p.get("ply", self.total)))
        self.version = 0  # grows by one each time the position shown changes
        settings = settings_of(self.app)
        self.numbers = bool(settings.get("square_numbers", False))
        self.flipped = p.get("flipped", flipped_for(self.app, p.get("players") or {}))
        self.renderer = BoardRenderer(self.app.assets)
        self.message = ""
        self.note_message = ""    # a message the note shows whole (where the annotated game went)
        self.saved_path = None
        self.live = LiveBoard(self.app)
        self.analysis = None      # GameAnalysis while the report is computed
        self.report = None        # GameReport once it is
        self.analysis_note = ""   # why there is no report (cancelled, engine error)
        self.why = None           # WhyLine while a bad move's line is stepped through
        self.graph = EvalGraph()
        self.graph_dragging = False
        self.hover = None         # where the pointer is (a count of the report under it is lit)
        self.move_list = MoveList(self.game)
        self.slider = Slider(self.total, self.ply, on_change=self.go)
        self.analyse_button = Button("Game report", self.analyse_action, primary=True, hotkey="G")
        self.live_button = Button("Live analysis", self.toggle_live, hotkey="A")
        self.vs_computer = Button("Continue vs computer", self.continue_vs_computer)
        self.vs_friend = Button("Continue with a friend", self.continue_with_friend)
        self.flip_button = Button("Flip board", self.flip, hotkey="F")
        self.back_button = Button("Back", self.back, hotkey="Esc")
        for b, name in ((self.analyse_button, "analyse"), (self.live_button, "live"), (self.vs_computer, "vs_computer"),
                        (self.vs_friend, "vs_friend"), (self.flip_button, "flip"), (self.back_button, "back")):
            b.name = name
        self.slider.name = "slider"
        # P, "Practise your mistakes": after a report that found mistakes of the player's
        self.practice = MistakesPractice(self.app, p.get("players"), self.tags)
        self.focus = FocusGroup([self.slider, self.practice.button, self.analyse_button, self.live_button,
                                 self.vs_computer, self.vs_friend, self.flip_button, self.back_button])
        self.resize(self.size)
        if p.get("analyse"):
            self.start_analysis()

    def leave(self) -> None:
        self.live.close()
        self.practice.cancel()
        if self.analysis is not None and not self.analysis.done:
            self.analysis.cancel()
        self._close_analysis_client()

    def wants_redraw(self) -> bool:

        # the progress bar and the live analysis change without events
        return self.analysing or self.live.on
