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
"""

import pygame

from ...analysis.annotate import annotated_pdn
from ...analysis.grading import BLUNDER, INACCURACY, MISTAKE
from ...analysis.history import engine_history
from ...analysis.runner import GameAnalysis
from ...controller import DEFAULT_LEVEL, Match, MatchError, players_for
from ...engine.process import close_quietly
from ...library.scan import display_date
from ...notation.pdn import normal_result
from ...rules import BLACK, WHITE
from .. import theme
from ..analysis_view import (
    KIND_COLOURS,
    EvalGraph,
    LiveBoard,
    bar_rect,
    draw_eval_bar,
    draw_line,
    draw_spans,
    eval_label_rect,
    label_room,
    marked_spans,
    progress_bar,
    score_words,
)
from ..board_view import BoardPicture, BoardRenderer, pieces_of
from ..geometry import PlayLayout
from ..practice import MistakesPractice
from ..report_view import (
    MoveList,
    count_at,
    draw_table,
    legend_lines,
    move_number,
    result_words,
    table_boxes,
    table_size,
)
from ..scene import Scene, register
from ..store_hooks import flipped_for, level_named, resume_record, settings_of
from ..widgets import Button, FocusGroup, Slider
from ..words import opening_label, player_names, to_move

WHY_COLOURS = ((90, 200, 120), (220, 80, 70), (236, 160, 80))   # the better move, the move played, its refutation
PLAYED_COLOUR = ((220, 80, 70),)
EXPLAINED = (MISTAKE, BLUNDER)
KIND_PLURALS = {INACCURACY: "inaccuracies", MISTAKE: "mistakes", BLUNDER: "blunders"}
NOTE_LINES = 4     # the note above the buttons holds at most this many lines


def _plural(kinds):
    """"blunders", "mistakes or blunders": what a list of classes is called."""
    return " or ".join(KIND_PLURALS[k] for k in kinds)


class WhyLine:
    """A bad move's story, stepped through on the board: from the position before it (the
    better move drawn beside the one played), the move played, then the refutation."""

    def __init__(self, ply, move_report):
        self.ply = ply                               # the position after the bad move
        self.report = move_report
        self.moves = (move_report.move,) + tuple(move_report.explanation.line)
        self.positions = [None] * (len(self.moves) + 1)
        self.index = 0

    def position(self, game):
        if self.positions[0] is None:
            pos = game.positions[self.ply - 1]
            self.positions[0] = pos
            for i, m in enumerate(self.moves):
                pos = pos.play(m)
                self.positions[i + 1] = pos
        return self.positions[self.index]

    def step(self, delta):
        self.index = max(0, min(len(self.moves), self.index + delta))


@register("review")
class ReviewScene(Scene):
    def enter(self):
        p = self.params
        self.game = p["game"]
        self.tags = dict(p.get("tags") or {})
        # each move's clock (the mover's time left after it): from play, or a PDN game's [%clock] comments
        from ...controller.clock import clocks_from_comments

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

    def leave(self):
        self.live.close()
        self.practice.cancel()
        if self.analysis is not None and not self.analysis.done:
            self.analysis.cancel()
        self._close_analysis_client()

    def _close_analysis_client(self):
        close_quietly(self.analysis.client if self.analysis is not None else None)

    @property
    def total(self):
        return len(self.game.moves)

    @property
    def position(self):
        """The position on the board: the game's at ``ply``, or a step of the line being explained."""
        if self.why is not None:
            return self.why.position(self.game)
        return self.game.positions[self.ply]

    def history(self):
        """The earlier positions the engine sees with the one shown (``engine_history``)."""
        w = self.why
        if w is not None:
            w.position(self.game)  # its positions are worked out on first use
            before = w.ply - 1
            return engine_history(self.game.positions[:before] + w.positions[:w.index + 1],
                                  self.game.moves[:before] + list(w.moves[:w.index]))
        return engine_history(self.game.positions[:self.ply + 1], self.game.moves[:self.ply])

    # -- stepping ------------------------------------------------------------------

    def go(self, ply):
        ply = max(0, min(self.total, ply))
        if ply != self.ply or self.why is not None:
            self.version += 1  # whoever follows the position shown (an analysis) sees it change
        self.why = None
        self.ply = ply
        self.slider.value = self.ply
        self.message = ""
        if self.note_message:
            self.note_message = ""
            self._layout_panel()  # the note gives back the lines the message took
        self.live.follow(self.position, self.history())

    def step(self, delta):
        if self.why is not None:
            before = self.why.index
            self.why.step(delta)
            if self.why.index != before:
                self.version += 1
                self.live.follow(self.position, self.history())
            return
        self.go(self.ply + delta)

    def flip(self):
        self.flipped = not self.flipped
        self.resize(self.size)

    # -- analysis --------------------------------------------------------------------

    def toggle_live(self):
        on = self.live.toggle(self.position, self.history())
        self.live_button.checked = on  # a toggle shows its state by its look, its words stay
        self._layout_panel()

    @property
    def analysing(self):
        return self.analysis is not None and not self.analysis.done

    def analyse_action(self):
        """The button under the panel: analyse, cancel, then save the annotated game."""
        if self.analysing:
            self.cancel_analysis()
        elif self.report is not None:
            self.save_annotated()
        else:
            self.start_analysis()

    def start_analysis(self):
        if self.analysing or self.report is not None:
            return
        if not self.total:
            self.analysis_note = "No moves to analyse"
            return
        self._close_analysis_client()
        try:
            client = self.app.new_engine(background=True)  # the report yields the CPU to the window
        except Exception as e:  # no engine: say so, the review goes on
            self.analysis_note = f"The engine could not be started ({e})"
            self._layout_panel()
            return
        self.analysis = GameAnalysis(self.game.start, self.game.moves, client, names=theme.SIDE_NAMES)
        self.analysis_note = ""
        self._refresh_buttons()

    def cancel_analysis(self):
        if self.analysing:
            self.analysis.cancel()
            self._close_analysis_client()
            self.analysis_note = "Analysis cancelled: G starts it again"
            self.analysis = None
            self._refresh_buttons()

    def _analysis_finished(self):
        analysis = self.analysis
        if analysis.error:
            self.analysis_note = f"No report: {analysis.error}"
            self.analysis = None
        elif not analysis.cancelled:
            self.report = analysis.report()
            self.graph.set(self.report.black_scores(), [m.kind for m in self.report.moves])
        if self.report is None or not self.practice.start(self.report, analysis.client):
            self._close_analysis_client()  # (else the player's exercises are made with it, then it is closed)
        self._refresh_buttons()

    def _refresh_buttons(self):
        # while the report is made Esc cancels it (the board stays usable), and Back says no key
        if self.analysing:
            self.analyse_button.text, self.analyse_button.hotkey = "Cancel analysis", "Esc"
        elif self.report is not None:
            # the game with the report's marks and comments, as a PDN file (the message says where)
            self.analyse_button.text, self.analyse_button.hotkey = "Save report", "Ctrl+S"
        else:
            self.analyse_button.text, self.analyse_button.hotkey = "Game report", "G"
        self.back_button.hotkey = None if self.analysing else "Esc"
        self._layout_panel()

    def move_report(self, ply=None):
        """The report on the move that led to position ``ply`` (default: the one shown), or None."""
        ply = self.ply if ply is None else ply
        if self.report is None or ply < 1:
            return None
        return self.report.moves[ply - 1]

    def explained(self, ply=None):
        m = self.move_report(ply)
        if m is not None and m.kind in EXPLAINED and m.explanation is not None:
            return m
        return None

    def start_why(self):
        """Step through why the move shown was bad (from the position before it).  On a move that
        was not, once the game is analysed: go to the next mistake or blunder (W again explains it)."""
        m = self.explained()
        if m is None:
            if self.report is not None:
                self.next_marked(None, EXPLAINED, again="W: why it was bad")
            elif self.analysing:
                self.message = "W explains a mistake or a blunder once the report is ready"
            else:
                self.message = "W explains a mistake or a blunder: analyse the game first (G)"
            return False
        self.why = WhyLine(self.ply, m)
        self.version += 1
        self.live.follow(self.position, self.history())
        return True

    def marked(self, colour=None, kinds=EXPLAINED):
        """The report's moves of ``kinds`` (by ``colour``, or either side), in game order."""
        if self.report is None:
            return []
        return [m for m in self.report.moves if m.kind in kinds and (colour is None or m.colour == colour)]

    def next_marked(self, colour, kinds, again="click again for the next"):
        """Go to the next move of ``kinds`` by ``colour`` (None: either side) after the one shown,
        round to the first after the last, and say which it is (and ``again``, what doing the
        same again does); False when there is none."""
        moves = self.marked(colour, kinds)
        if not moves:
            who = "" if colour is None else f"{theme.side_name(colour)} made "
            self.message = f"{who or 'There are '}no {_plural(kinds)} in this game"
            return False
        later = [m for m in moves if m.ply + 1 > self.ply]
        m = (later or moves)[0]
        self.go(m.ply + 1)
        k = moves.index(m) + 1
        who = "" if colour is None else f"{theme.side_name(colour)}'s "
        more = f" · {again}" if again else ""
        text = f"{who}{_plural(kinds)} {k} of {len(moves)}: {self.move_words(self.ply)}{more}"
        self.message = text[:1].upper() + text[1:]  # "Mistakes or blunders 2 of 7: …"
        return True

    def end_why(self):
        if self.why is not None:
            self.go(self.why.ply)

    def save_annotated(self):
        """Write the analysed game as PDN with marks and comments to a new file; say where."""
        from ...store.saves import save_annotated

        if self.report is None:
            self.message = "Analyse the game first (G): the annotated game is saved from its report"
            return None
        recorded = self.recorded
        tags = {k: v for k, v in self.tags.items() if k not in ("Result", "FEN", "SetUp", "GameType")}
        tags["Annotator"] = "Checkers engine"
        try:
            text = annotated_pdn(self.game, self.report, tags,
                                 recorded if recorded not in (None, "*") and self.game.outcome is None else None,
                                 names=theme.SIDE_NAMES)
            path = save_annotated(text, self.tags.get("Black", "Red"), self.tags.get("White", "White"))
        except (OSError, ValueError) as e:  # a StoreError, or a game PDN cannot hold
            self.message = f"Not saved: {e}"
            return None
        self.saved_path = path
        self.message = self.note_message = f"Saved as {path}"
        self._layout_panel()  # the note makes room for the whole path
        return path

    # -- continuing ----------------------------------------------------------------

    def _continue(self, players):
        """Ask who plays on from the position shown (``players`` preselected); the moves before it
        are kept."""
        try:
            Match.continue_from(self.game, self.ply, players)  # only to ask whether play can go on here
        except MatchError as e:
            text = str(e)
            self.message = text[:1].upper() + text[1:]  # "The game is over here: ..."
            return
        self.app.push("who_plays", players=players, turn=self.position.turn, on_start=self._play_on,
                      subtitle=f"Play on from here: {to_move(self.position.turn)}")

    def _play_on(self, players):
        # the clocks as they stood here: the record's [TimeControl] and %clock comments (or play's clocks)
        resume_record(self.app, self.game, self.ply, players, tags=self.tags,
                      comments=self.params.get("comments") or self.clocks)

    def computer_level(self):
        """The level to play on against: the reviewed game's computer, else the one last chosen."""
        for level in (self.params.get("players") or {}).values():
            if level is not None:
                return level
        return level_named(settings_of(self.app).get("level"), DEFAULT_LEVEL)

    def continue_vs_computer(self):
        # the side to move here is yours
        self._continue(players_for("1p", self.position.turn, self.computer_level()))

    def continue_with_friend(self):
        self._continue(players_for("2p"))

    def wants_redraw(self):
        # the progress bar and the live analysis change without events
        return self.analysing or self.live.on

    def back(self):
        if self.params.get("back") == "pop" and len(self.app.stack) > 1:
            self.app.pop()
        else:
            self.app.switch("menu")

    # -- the frame -----------------------------------------------------------------

    def update(self, dt):
        if self.analysis is not None and not self.analysis.done:
            self.analysis.poll()
            if self.analysis.done:
                self._analysis_finished()
        self.practice.poll()
        if self.live.on:
            self.live.follow(self.position, self.history())
            self.live.poll()

    # -- events --------------------------------------------------------------------

    KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.step(-1 if event.y > 0 else 1)
            return
        if self._mouse(event):
            return
        self.focus.handle_event(event)

    def _key(self, event):
        k = event.key
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl:
            if k == pygame.K_s:
                self.save_annotated()
                return True
            return False
        if k == pygame.K_ESCAPE:
            # Esc undoes the latest thing first: the why line, then a report being made, then review
            if self.why is not None:
                self.end_why()
            elif self.analysing:
                self.cancel_analysis()
            else:
                self.back()
        elif k in self.KEYS:
            self.step(self.KEYS[k])
        elif k == pygame.K_HOME:
            if self.why is not None:
                self.step(-len(self.why.moves))
            else:
                self.go(0)
        elif k == pygame.K_END:
            if self.why is not None:
                self.step(len(self.why.moves))
            else:
                self.go(self.total)
        elif k == pygame.K_f:
            self.flip()
        elif k == pygame.K_n:
            self.numbers = not self.numbers
        elif k == pygame.K_a:
            self.toggle_live()
        elif k == pygame.K_g:
            if self.analysing:
                self.cancel_analysis()
            else:
                self.start_analysis()
        elif k == pygame.K_p:
            self.practice.open()
        elif k == pygame.K_w:
            if self.why is not None:
                self.end_why()
            else:
                self.start_why()
        else:
            return False
        return True

    def _mouse(self, event):
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.report is not None and self.table_rect.collidepoint(event.pos):
                hit = count_at(self.table_rect, self.table_text, event.pos)
                if hit is not None:
                    self.next_marked(hit[0], (hit[1],))
                    return True
            if self.report is not None and self.graph.rect.collidepoint(event.pos):
                self.graph_dragging = True
                self.go(self.graph.ply_at(event.pos))
                return True
            ply = self.move_list.ply_at(self.list_rect, self.list_line_h, self.ply, event.pos)
            if ply is not None:
                self.go(ply)
                return True
            if self.note_rect.collidepoint(event.pos) and self.why is None and self.explained() is not None:
                self.start_why()
                return True
        if event.type == pygame.MOUSEMOTION and self.graph_dragging:
            x = max(self.graph.rect.x, min(self.graph.rect.right - 1, event.pos[0]))
            self.go(self.graph.ply_at((x, self.graph.rect.centery)))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.graph_dragging:
            self.graph_dragging = False
            return True
        return False

    # -- layout ----------------------------------------------------------------------

    def resize(self, size):
        super().resize(size)
        self.layout = PlayLayout(size, self.flipped)
        st = self.layout.status
        self.slider.rect = pygame.Rect(self.layout.frame.x + 20, st.bottom + 4, self.layout.frame.width - 40, 18)
        if self.slider.rect.bottom > size[1] - 2:
            self.slider.rect.y = size[1] - 22
        self.bar = bar_rect(self.layout)
        self._layout_panel()

    def _layout_panel(self):
        """The panel from the top: title, players and result, the report (or the progress bar),
        the moves; from the bottom: the buttons, and above them the note (live line, explanation)."""
        h = self.size[1]
        panel = self.layout.panel
        pad = max(8, min(16, panel.width // 22))
        x, w = panel.x + pad, panel.width - 2 * pad
        self.pad = pad
        self.title_size = theme.fit_text("Review", max(24, min(44, h // 20)), w, bold=True)
        self.title_rect = pygame.Rect(x, panel.y + pad, w, theme.font(self.title_size, True).get_height())
        self.text_size = max(16, min(32, h // 34))
        line = theme.font(self.text_size).get_linesize()
        y = self.title_rect.bottom + pad // 2
        self.info_rects = []
        for _ in self.info_lines():
            self.info_rects.append(pygame.Rect(x, y, w, line))
            y += line
        if self.error:
            size = self.small_size
            height = min(3, len(theme.wrap(self.error_text(), size, w))) * theme.font(size).get_linesize()
            self.error_rect = pygame.Rect(x, y, w, height)
            y += height
        else:
            self.error_rect = pygame.Rect(x, y, w, 0)
        top = y + pad // 2
        # buttons, bottom up: [Flip | Back], friend, computer, [Analyse | Live analysis]
        # as tall as the play panel's buttons on a big window (their text grows with them), no
        # taller than before on a small one, where the move list needs the room
        k = max(0.8, min(1.6, min(panel.height / 740, panel.width / 354)))  # the play panel's scale
        bh = max(30, min(max(50, int(42 * k)), h // 17))
        gap = max(4, bh // 5)
        half = (w - gap) // 2
        yb = panel.bottom - pad - bh
        self.flip_button.rect = pygame.Rect(x, yb, half, bh)
        self.back_button.rect = pygame.Rect(x + half + gap, yb, w - half - gap, bh)
        for b in (self.vs_friend, self.vs_computer):
            yb -= bh + gap
            b.rect = pygame.Rect(x, yb, w, bh)
        yb -= bh + gap
        self.analyse_button.rect = pygame.Rect(x, yb, half, bh)
        self.live_button.rect = pygame.Rect(x + half + gap, yb, w - half - gap, bh)
        if self.practice.button.visible:
            yb -= bh + gap
            self.practice.button.rect = pygame.Rect(x, yb, w, bh)
        for b in self.focus.widgets[1:]:
            b.show_hotkeys = True
        bottom = yb - gap
        # the note above the buttons: the live line, a bad move's explanation; as many lines as
        # the longest the report can show (so stepping through the game never moves the list)
        small = self.small_size
        small_line = theme.font(small).get_linesize()
        lines = self.note_room(w)
        self.note_rect = pygame.Rect(x, bottom - lines * small_line, w, lines * small_line)
        bottom = self.note_rect.y - (gap if lines else 0)
        # the report (or the progress bar), then the moves in what is left
        self.progress_rect = pygame.Rect(x, top, w, 0)
        self.table_rect = pygame.Rect(x, top, w, 0)
        self.legend_lines = []
        self.legend_rect = pygame.Rect(x, top, w, 0)
        self.graph.resize((x, top, w, 0))
        if self.analysing or (self.analysis_note and self.report is None):
            self.progress_rect = pygame.Rect(x, top, w, max(small_line + 4, bh * 2 // 3))
            top = self.progress_rect.bottom + pad // 2
        elif self.report is not None:
            self.table_text = max(16, min(28, self.text_size - 2))
            table_h = 3 * theme.font(self.table_text).get_linesize()
            self.table_rect = pygame.Rect(x, top, w, table_h)
            self.table_text = table_size(self.table_rect, self.report, self.table_text)
            self.legend_size = small
            self.legend_lines = legend_lines(small, w)
            self.legend_rect = pygame.Rect(x, self.table_rect.bottom + 2, w, len(self.legend_lines) * small_line)
            top = self.legend_rect.bottom + pad // 2
            # the graph takes a share of what is left, the move list the rest
            graph_h = max(36, min(150, int((bottom - top) * 0.24)))
            self.graph.resize((x, top, w, graph_h))
            top = self.graph.rect.bottom + pad // 2
        self.list_size = self.text_size
        self.list_line_h = theme.font(self.list_size).get_linesize() + 2
        self.list_rect = pygame.Rect(x, top, w, max(0, bottom - top))

    def note_room(self, width):
        """Lines kept for the note: the most any position's note takes with this report at
        ``width`` (the live line's too, when on), at most NOTE_LINES; none without either."""
        size = self.small_size
        need = 0
        if self.report is not None:
            key = (id(self.report), width, size)
            if getattr(self, "_note_need", (None, 0))[0] != key:
                most = max((self._wrapped_count(self.note_parts(ply, live=False), width)
                            for ply in range(self.total + 1)), default=0)
                self._note_need = (key, most)
            need = self._note_need[1]
        if self.live.on:
            need += 3 if not need else 2
        if self.note_message:
            need = max(need, len(theme.wrap(self.note_message, size, width)))  # shown in the note, whole
        return min(NOTE_LINES, need)

    def _wrapped_count(self, parts, width):
        return sum(len(theme.wrap(text, self.small_size, width)) for text, _, _ in parts)

    @property
    def small_size(self):
        return max(16, min(28, self.size[1] // 44))

    # -- words -----------------------------------------------------------------------

    def move_words(self, ply):
        """"12. 9x18" / "12... 22-17" for the move leading to position ``ply``, numbered as in the list."""
        return f"{move_number(ply - 1, self.game.start.turn)} {self.game.moves[ply - 1]}"

    def clock_words(self, ply):
        """" (2:41 left)": the mover's clock after the move leading to ``ply``, or "" when not known."""
        from ...controller.clock import format_clock

        left = self.clocks.get(ply)
        return f" ({format_clock(left)} left)" if isinstance(left, (int, float)) else ""

    def result(self):
        return result_words(self.game.outcome, self.recorded, stops_early=bool(self.error))

    def info_lines(self):
        black, white = player_names(self.tags.get("Black", "?"), self.tags.get("White", "?"))
        lines = [f"{theme.side_name(BLACK)}: {black}", f"{theme.side_name(WHITE)}: {white}"]
        date = display_date(self.tags.get("Date") or "")   # 2026-11-28, as the library shows it
        extra = " · ".join(v for v in (self.tags.get("Event"), date) if v and "?" not in v)
        if extra:
            lines.append(extra)
        if self.opening:
            lines.append(self.opening)
        lines.append(self.result())
        return lines

    def error_text(self):
        return f"This record stops early: {self.error}"

    def picture(self):
        pic = BoardPicture(pieces_of(self.position))
        if self.why is not None:
            if self.why.index > 0:
                pic.last_move = self.why.moves[self.why.index - 1].path
        elif self.ply > 0:
            pic.last_move = self.game.moves[self.ply - 1].path
        pic.numbers = self.numbers
        return pic

    def status_text(self):
        if self.message:
            return self.message, theme.ACCENT
        if self.why is not None:
            w = self.why
            bad = f"{move_number(w.ply - 1, self.game.start.turn)} {w.report.move}"
            # the step count and the way out first: a narrow status line cuts the end, not them
            step = f"Step {w.index + 1} of {len(w.moves) + 1} · Esc back"
            if w.index == 0:
                return f"{step} · Before {bad}: better {w.report.best} (green) · Right steps", theme.TEXT
            mover = "played" if w.index == 1 else "reply"
            return f"{step} · Why {bad} was bad: {mover} {w.moves[w.index - 1]} · Left/Right", theme.TEXT
        if self.ply == 0:
            head = "Start position"
        else:
            head = f"After {self.move_words(self.ply)}{self.clock_words(self.ply)}"
        ended = self.game.outcome is not None or self.recorded != "*"
        tail = self.result() if (self.ply == self.total and ended) else to_move(self.position.turn)
        return f"{head} — {tail}", theme.TEXT

    def note_parts(self, ply=None, live=True):
        """[(text, colour, marks)] of the note above the buttons at ``ply`` (default: the position
        shown): the explanation of a bad move, the live line.  ``marks`` are (move text, colour)
        pairs: those moves are drawn in the colour of their arrow on the board, so the words are
        the arrows' legend."""
        at = self.ply if ply is None else ply
        if ply is None and self.note_message:
            # "Saved as <the full path>": the status line may have to cut it; the note wraps it
            # whole until the next step
            return [(self.note_message, theme.ACCENT, ())]
        out = []
        m = self.explained(at)
        why = self.why if ply is None else None
        if why is not None:
            m = why.report
        if m is not None:
            text = f"{m.grade.mark} {m.explanation.text}{'' if m.explanation.text.endswith('…') else '.'} " \
                   f"Better {m.best}."
            # the mark in its class's colour, the moves the board's arrows show in theirs
            marks = ((m.grade.mark, KIND_COLOURS[m.kind]),)
            if why is None:
                text += " W: step through it"
                marks += ((str(m.explanation.line[0]), WHY_COLOURS[1]),) if m.explanation.line else ()
            elif why.index == 0:
                marks += ((str(m.move), PLAYED_COLOUR[0]), (str(m.best), WHY_COLOURS[0]))
            elif why.index < len(why.moves):
                marks += ((str(why.moves[why.index]), WHY_COLOURS[2]),)
            out.append((text, theme.TEXT, marks))
        elif self.report is not None and at > 0:
            mr = self.move_report(at)
            evaluation = score_words(self.verdict_black(at))  # unclamped: a known win is said as one
            # "Report": the game report's verdict, a fixed budget for every move, told apart from
            # the live analysis's deeper look written under it
            out.append((f"{self.move_words(at)}: {mr.kind} · Report: {evaluation}", theme.TEXT_DIM, ()))
        if live and self.live.on:
            # beside the report's verdict the live line says it is the other, deeper look
            words = self.live.words()
            if out and words.startswith("Depth "):
                words = "Live analysis, d" + words[1:]
            out.append((words, theme.TEXT, self.live.line_marks(self.position)))
        return out

    def note_lines(self):
        """[(text, colour)] of the note (``note_parts`` without the marks)."""
        return [(text, colour) for text, colour, _ in self.note_parts()]

    def wrapped_note(self):
        """The note's lines as drawn: [(text, colour, marks)] wrapped to the box, cut to what fits
        (the live line kept); each part's marks go with its lines."""
        size = self.small_size
        room = self.note_rect.height // max(1, theme.font(size).get_linesize())
        parts = self.note_parts()
        out = []
        for i, (text, colour, marks) in enumerate(parts):
            keep = room - len(out) - (len(parts) - i - 1)  # leave a line to each later part
            lines = theme.wrap(text, size, self.note_rect.width)
            if len(lines) > keep:
                lines = lines[:max(0, keep)]
                if lines:
                    lines[-1] = theme.elide(lines[-1] + " …", size, self.note_rect.width)
            out += [(ln, colour, marks) for ln in lines]
        return out[:room]

    def _draw_note(self, surface):
        size = self.small_size
        line_h = theme.font(size).get_linesize()
        y = self.note_rect.y
        pending, last_marks = (), None   # each mark colours the first word equal to it, in its part
        for text, colour, marks in self.wrapped_note():
            if marks is not last_marks:
                pending, last_marks = marks, marks
            words = set(w.rstrip(".,:;") for w in text.split(" "))
            here = tuple(m for m in pending if m[0] in words)
            pending = tuple(m for m in pending if m[0] not in words)
            draw_spans(surface, marked_spans(text, colour, here), size, (self.note_rect.x, y))
            y += line_h

    def progress_text(self):
        if self.analysing:
            return f"Analysing the game: {int(self.analysis.progress * 100)}%"
        return self.analysis_note

    # -- drawing ---------------------------------------------------------------------

    def draw(self, surface):
        theme.gradient_background(surface)
        layout = self.layout
        self.renderer.draw(surface, layout, self.picture())
        self._draw_arrows(surface)
        self._draw_bar(surface)
        text, colour = self.status_text()
        st = layout.status
        size = max(16, int(st.height * 0.6))
        theme.blit_text(surface, theme.elide(text, size, st.width - 8), size, colour, st.center, "center")
        self._draw_panel(surface)
        self.focus.draw(surface)

    def _draw_arrows(self, surface):
        board = self.layout.board
        if self.why is not None:
            w = self.why
            if w.index == 0:
                draw_line(surface, board, [w.report.move], colours=PLAYED_COLOUR, count=1)
                if w.report.best is not None:
                    draw_line(surface, board, [w.report.best], colours=WHY_COLOURS, count=1)
            elif w.index < len(w.moves):
                draw_line(surface, board, [w.moves[w.index]], colours=WHY_COLOURS[2:], count=1)
            return
        if self.live.on:
            self.live.draw_arrows(surface, board, self.position)
            return
        m = self.explained()
        if m is not None and m.explanation.line:
            # what the bad move allows: the refutation's first move
            draw_line(surface, board, m.explanation.line[:1], colours=WHY_COLOURS[1:], count=1)

    def bar_score(self):
        """(whether the bar is drawn, the score it shows from Black's view or None)."""
        if self.live.on:
            return True, self.live.score_black()
        if self.report is not None and self.why is None:
            return True, self.verdict_black(self.ply)
        return False, None

    def verdict_black(self, ply):
        """The report's score of position ``ply`` from Black's view, unclamped (the graph's are
        clamped): the bar and the note say a won position as a win ("R3"), never "+10"."""
        turn = self.game.positions[ply].turn
        score = self.report.verdicts[ply].score
        return score if turn == BLACK else -score

    def _draw_bar(self, surface):
        shown, score = self.bar_score()
        if shown:
            draw_eval_bar(surface, self.bar, score, self.layout.board.flipped)

    def _draw_panel(self, surface):
        panel = self.layout.panel
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=10)
        pygame.draw.rect(surface, theme.PANEL_EDGE, panel, 1, border_radius=10)
        theme.blit_text(surface, "Review", self.title_size, theme.TEXT, self.title_rect.topleft, bold=True)
        lines = self.info_lines()
        for i, (text, rect) in enumerate(zip(lines, self.info_rects)):
            colour = theme.TEXT if i == len(lines) - 1 else theme.TEXT_DIM
            theme.blit_text(surface, theme.elide(text, self.text_size, rect.width), self.text_size, colour,
                            rect.topleft)
        if self.error_rect.height:
            y = self.error_rect.y
            for ln in theme.wrap(self.error_text(), self.small_size, self.error_rect.width)[:3]:
                theme.blit_text(surface, ln, self.small_size, theme.DANGER, (self.error_rect.x, y))
                y += theme.font(self.small_size).get_linesize()
        if self.progress_rect.height:
            fraction = self.analysis.progress if self.analysing else 0.0
            progress_bar(surface, self.progress_rect, fraction)
            text = self.progress_text()
            size = theme.fit_text(text, self.small_size, self.progress_rect.width - 8)
            theme.blit_text(surface, text, size, theme.TEXT, self.progress_rect.center, "center")
        if self.report is not None:
            draw_table(surface, self.table_rect, self.report, self.table_text, hover=self.hover)
            y = self.legend_rect.y
            for spans in self.legend_lines:
                draw_spans(surface, spans, self.legend_size, (self.legend_rect.x, y))
                y += theme.font(self.legend_size).get_linesize()
            self.graph.draw(surface, self.ply)
        self.move_list.draw(surface, self.list_rect, self.list_line_h, self.list_size, self.ply, self.report)
        self._draw_note(surface)

    def layout_boxes(self):
        from ..layout_check import Box

        layout = self.layout
        text, _ = self.status_text()
        st = layout.status
        size = max(16, int(st.height * 0.6))
        boxes = [Box("board", layout.frame), Box("panel", layout.panel), Box("bar", label_room(self.bar)),
                 Box("status", st, theme.elide(text, size, st.width - 8), size),
                 Box("slider", self.slider.rect),
                 Box("title", self.title_rect, "Review", self.title_size, bold=True, parent="panel")]
        for i, (line, rect) in enumerate(zip(self.info_lines(), self.info_rects)):
            boxes.append(Box(f"info{i}", rect, theme.elide(line, self.text_size, rect.width), self.text_size,
                             parent="panel"))
        shown, score = self.bar_score()
        label = eval_label_rect(self.bar, score, layout.board.flipped) if shown else None
        if label is not None:
            boxes.append(Box("bar.label", label[0], label[1], label[2], bold=True, parent="bar"))
        if self.error_rect.height:
            shown = " ".join(theme.wrap(self.error_text(), self.small_size, self.error_rect.width)[:3])
            boxes.append(Box("error", self.error_rect, shown, self.small_size, parent="panel", wrap=True))
        if self.progress_rect.height:
            text = self.progress_text()
            boxes.append(Box("progress", self.progress_rect, text,
                             theme.fit_text(text, self.small_size, self.progress_rect.width - 8), parent="panel"))
        if self.report is not None:
            boxes.append(Box("table", self.table_rect, parent="panel"))
            boxes += table_boxes(self.table_rect, self.report, self.table_text, "table")
            boxes.append(Box("legend", self.legend_rect, parent="panel"))
            line_h = theme.font(self.legend_size).get_linesize()
            for i, spans in enumerate(self.legend_lines):
                boxes.append(Box(f"legend{i}", (self.legend_rect.x, self.legend_rect.y + i * line_h,
                                                 self.legend_rect.width, line_h),
                                 "".join(t for t, _, _ in spans), self.legend_size, parent="legend"))
            boxes.append(Box("graph", self.graph.rect, parent="panel"))
        if self.list_rect.height:
            boxes.append(Box("moves", self.list_rect, parent="panel"))
            for ply, cell in self.move_list.cells(self.list_rect, self.list_line_h, self.ply):
                m = self.move_report(ply)
                text = str(self.game.moves[ply - 1]) + (m.grade.mark if m is not None else "")
                boxes.append(Box(f"move{ply}", cell, text, self.list_size, bold=True, parent="moves"))
        if self.note_rect.height:
            boxes.append(Box("note", self.note_rect, parent="panel"))
            y = self.note_rect.y
            line_h = theme.font(self.small_size).get_linesize()
            for i, (text, _, _) in enumerate(self.wrapped_note()):
                boxes.append(Box(f"note{i}", (self.note_rect.x, y, self.note_rect.width, line_h), text,
                                 self.small_size, parent="note"))
                y += line_h
        boxes += [b._replace(parent=b.parent or "panel") for b in self.focus.text_boxes("widget")
                  if b.name != "slider" and not b.name.startswith("slider")]
        return boxes

