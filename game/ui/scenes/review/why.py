"""Why mode: a bad move's line stepped through on the board (W, Esc back).

Part of ReviewScene (game/ui/scenes/review/__init__.py), which is made of one class per job."""


from ....analysis.grading import BLUNDER, INACCURACY, MISTAKE

WHY_COLOURS = ((90, 200, 120), (220, 80, 70), (236, 160, 80))   # the better move, the move played, its refutation
PLAYED_COLOUR = ((220, 80, 70),)
EXPLAINED = (MISTAKE, BLUNDER)
KIND_PLURALS = {INACCURACY: "inaccuracies", MISTAKE: "mistakes", BLUNDER: "blunders"}


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




class WhyMode:
    """Why mode: a bad move's line stepped through on the board (W, Esc back)."""

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

    def end_why(self):
        if self.why is not None:
            self.go(self.why.ply)
