"""The analysis package without a window: grading, explanations, reports, the runner and
live analysis driven through fake engine clients, and one real engine run."""

import pytest

from game.analysis import grading
from game.analysis.explain import explain, material_lost
from game.analysis.live import LiveAnalysis
from game.analysis.report import Verdict, build_report
from game.analysis.runner import GameAnalysis, analyse
from game.engine.process import Done, EngineClient, Info
from game.engine.scores import MATE_BOUND, WIN
from game.rules import BLACK, WHITE, Game, Position


def _move(position, text):
    (m,) = [m for m in position.legal_moves() if str(m) == text]
    return m


# -- grading -----------------------------------------------------------------------

def test_a_man_lost_from_a_level_position_is_a_blunder():
    g = grading.grade(0, -100)
    assert g.kind == grading.BLUNDER
    assert g.mark == "??"


def test_half_a_man_is_a_mistake_and_a_little_is_an_inaccuracy_or_good():
    assert grading.grade(0, -50).kind == grading.MISTAKE
    assert grading.grade(0, -30).kind == grading.INACCURACY
    assert grading.grade(0, -10).kind == grading.GOOD
    assert grading.grade(0, -1).kind == grading.BEST


def test_a_man_given_back_while_far_ahead_is_not_a_blunder():
    assert grading.grade(500, 400).kind in (grading.BEST, grading.GOOD)


def test_throwing_away_a_forced_win_is_a_blunder_and_a_slower_win_is_not():
    assert grading.grade(WIN - 9, 0).kind == grading.BLUNDER
    assert grading.grade(WIN - 9, WIN - 21).kind == grading.BEST


def test_the_engine_move_is_best_even_when_a_deeper_look_disagrees():
    assert grading.grade(100, -50, was_best=True).kind == grading.BEST
    assert grading.grade(100, -50, was_best=True).loss == 0


def test_expected_result_is_symmetric_and_bounded():
    for s in (0, 37, 100, 250, 999):
        assert grading.expected(s) + grading.expected(-s) == pytest.approx(1.0)
    assert grading.expected(MATE_BOUND) == 1.0
    assert grading.expected(-MATE_BOUND) == 0.0


# -- explanations --------------------------------------------------------------------

def test_a_hanging_man_is_called_a_lost_man_with_the_line():
    p = Position.from_fen("B:W17,30:B10,3")
    m = _move(p, "10-14")
    reply = _move(p.play(m), "17x10")
    e = explain(p, m, [reply], best_line=[_move(p, "3-7")])
    assert e.text == "10-14 loses a man: 17x10"
    assert material_lost(p, m, [reply], [_move(p, "3-7")]) == 1


def test_a_double_jump_to_the_king_row_says_both_men_and_the_crowning():
    p = Position.from_fen("B:W17:B6,10")
    m = _move(p, "10-14")
    reply = _move(p.play(m), "17x10x1")
    e = explain(p, m, [reply])
    assert e.reason == "loses two men and lets White crown"


def test_a_shot_is_called_a_shot():
    # White's 20-16 gives one man and loses two back in one jump: 12x19x26 31x22.
    p = Position.from_fen("W:W20,21,23,27,28,30,31,32:B1,2,3,6,9,11,12")
    m = _move(p, "20-16")
    line = []
    pos = p.play(m)
    for text in ("12x19x26", "31x22"):
        mv = _move(pos, text)
        line.append(mv)
        pos = pos.play(mv)
    e = explain(p, m, line)
    assert e.reason == "walks into a two-for-one shot"


def test_a_missed_win_is_not_called_a_loss():
    # Even exchange played while the engine's move wins a man: "misses", not "loses".
    p = Position.from_fen("B:W17,30:B10,3")
    m = _move(p, "10-14")
    reply = _move(p.play(m), "17x10")
    # a line for the other move that wins material is enough to compare with
    e = explain(p, m, [reply], best_line=[_move(p, "3-7")])
    assert "misses" not in e.reason
    assert material_lost(p, _move(p, "3-7"), [], [m, reply]) == 0


def test_an_endgame_database_verdict_is_used_when_given():
    p = Position.from_fen("B:W17,30:B10,3")
    m = _move(p, "3-7")
    verdicts = {p: 1, p.play(m): 0}  # made up: won before, drawn (for the opponent) after
    e = explain(p, m, [], probe=verdicts.get)
    assert "throws away a won ending" in e.reason


# -- reports from given verdicts ------------------------------------------------------------

def _line(position, texts):
    out = []
    for t in texts:
        m = _move(position, t)
        out.append(m)
        position = position.play(m)
    return out


def test_report_grades_from_verdicts_and_counts_per_side():
    start = Position.from_fen("B:W17,30:B10,3")
    moves = _line(start, ["10-14", "17x10"])
    good = _move(start, "3-7")
    verdicts = [
        Verdict(0, good, (good,), 8),                       # black level with 3-7
        Verdict(100, moves[1], (moves[1],), 8),             # white: a man up after 10-14
        Verdict(-100, None, (), 8),                         # black a man down
    ]
    report = build_report(start, moves, verdicts)
    first, second = report.moves
    assert first.colour == BLACK and first.kind == grading.BLUNDER
    assert first.explanation.text == "10-14 loses a man: 17x10"
    assert first.explanation.better == good
    assert second.colour == WHITE and second.kind == grading.BEST
    assert report.summary(BLACK).counts[grading.BLUNDER] == 1
    assert report.summary(WHITE).counts[grading.BEST] == 1
    assert report.black_scores() == [0, -100, -100]


def test_report_needs_one_verdict_per_position():
    start = Position.initial()
    with pytest.raises(ValueError, match="one verdict per position"):
        build_report(start, [start.legal_moves()[0]], [Verdict(0)])


# -- the runner, through a fake engine ----------------------------------------------------

class FakeEngine:
    """Answers every go at the next poll with a fixed score and the first legal move."""

    def __init__(self, scores=None, fail_at=None):
        self.scores = scores or {}
        self.requests = []
        self.pending = []
        self.cancelled = 0
        self.fail_at = fail_at

    def go(self, position, history=(), limit=None):
        rid = len(self.requests) + 1
        self.requests.append((position, tuple(history), limit))
        if self.fail_at is not None and rid == self.fail_at:
            self.pending.append(Done(rid, None, error="RuntimeError: boom\ntraceback"))
            return rid
        move = position.legal_moves()[0]
        score = self.scores.get(position, 0)
        self.pending += [Info(rid, 5, score, (move,), 100, 0.01), Done(rid, move, score, 5, 100)]
        return rid

    def poll(self):
        out, self.pending = self.pending, []
        return out

    def cancel(self):
        self.cancelled += 1
        self.pending = []


def _short_game():
    g = Game()
    for _ in range(6):
        g.push(g.legal_moves()[0])
    return g


def test_runner_analyses_every_position_last_first_and_reports():
    g = _short_game()
    engine = FakeEngine()
    analysis = GameAnalysis(g.start, g.moves, engine, seconds=0.1)
    seen = []
    for _ in range(1000):
        if analysis.done:
            break
        seen.append(analysis.poll())
    assert analysis.done and analysis.error is None
    assert seen == sorted(seen), "progress only moves forward"
    assert analysis.progress == 1.0
    asked = [r[0] for r in engine.requests]
    assert asked[0] == g.positions[-1] and asked[-1] == g.start  # backwards: the ending first
    report = analysis.report()
    assert len(report.moves) == len(g.moves)
    assert all(m.kind == grading.BEST for m in report.moves)  # the fake always plays the first move


def test_runner_looks_again_at_a_doubtful_move_before_calling_it_a_blunder():
    game = Game()
    for i in range(6):
        moves = game.legal_moves()
        if i == 2:  # move 2 is not the fake engine's choice (its first legal move) and forces nothing
            moves = [m for m in moves[1:] if len(game.position.play(m).legal_moves()) > 1]
        game.push(moves[0])
    after = game.positions[3]

    class FirstLookWrong(FakeEngine):
        """The first, short look thinks move 2 lost three men; the longer second look, nothing."""

        def go(self, position, history=(), limit=None):
            self.scores = {after: 300} if limit.time <= 0.1 else {}
            return super().go(position, history, limit)

    engine = FirstLookWrong()
    analysis = GameAnalysis(game.start, game.moves, engine, seconds=0.1)
    while not analysis.done:
        analysis.poll()
    assert list(analysis.checks) == [2], "only the doubtful move got a second look"
    second_looks = [r for r in engine.requests if r[2].time > 0.1]
    assert len(second_looks) == 2  # the engine's choice and the move played, side by side
    report = analysis.report()
    assert report.moves[2].kind != grading.BLUNDER  # the second look found it level
    # without the second look the same verdicts make it a blunder
    unchecked = build_report(game.start, game.moves, analysis.verdicts)
    assert unchecked.moves[2].kind == grading.BLUNDER


def test_runner_reports_an_engine_error_instead_of_guessing():
    g = _short_game()
    analysis = GameAnalysis(g.start, g.moves, FakeEngine(fail_at=2), seconds=0.1)
    while not analysis.done:
        analysis.poll()
    assert analysis.error == "RuntimeError: boom"
    assert analysis.report() is None


def test_runner_cancel_frees_the_engine_and_keeps_what_it_had():
    g = _short_game()
    engine = FakeEngine()
    analysis = GameAnalysis(g.start, g.moves, engine, seconds=0.1)
    analysis.poll()   # starts the first request
    analysis.cancel()
    assert analysis.done and analysis.cancelled
    assert engine.cancelled == 1
    assert analysis.report() is None


# -- live analysis -------------------------------------------------------------------------

def test_live_analysis_follows_the_board_and_ignores_stale_answers():
    engine = FakeEngine()
    live = LiveAnalysis(lambda: engine)
    p1 = Position.initial()
    live.show(p1)
    live.show(p1)                      # the same position: no new request
    assert len(engine.requests) == 1
    p2 = p1.play(p1.legal_moves()[0])
    live.show(p2)                      # a move on the board: the old answers are stale
    info = live.poll()
    assert info.position == p2
    assert info.pv[0] in p2.legal_moves()
    live.stop()
    assert live.poll() is None


def test_live_analysis_of_a_finished_position_asks_nothing():
    engine = FakeEngine()
    live = LiveAnalysis(lambda: engine)
    live.show(Position.from_fen("B:W18:B"))  # black has no piece: nothing to analyse
    assert engine.requests == [] and live.finished


def test_live_analysis_without_an_engine_says_so():
    def broken():
        raise OSError("no processes left")

    live = LiveAnalysis(broken)
    live.show(Position.initial())
    assert live.error and "no processes left" in live.error


# -- one real run through the engine process -------------------------------------------------

def test_real_engine_report_calls_a_hung_man_a_blunder():
    start = Position.from_fen("B:W17,30:B10,3")
    moves = _line(start, ["10-14", "17x10"])
    with EngineClient() as client:
        report, _ = analyse(start, moves, client, seconds=0.2, timeout=120)
    first = report.moves[0]
    assert first.kind == grading.BLUNDER
    # the endgame database (the report's by default) knows more than the man lost
    assert first.explanation.reason == "turns a drawn ending into a loss and loses a man"


def test_a_known_win_thrown_away_is_said_in_results_not_in_men():
    from game.engine.scores import DATABASE_WIN

    p = Position.from_fen("B:W17,30:B10,3")
    m = _move(p, "3-7")
    e = explain(p, m, [], best_score=DATABASE_WIN - 40, played_score=0)
    assert e.reason == "throws away a win"
    assert "men" not in e.text
    e = explain(p, m, [], best_score=40, played_score=-(DATABASE_WIN - 50))
    assert e.reason == "walks into a lost game"
    e = explain(p, m, [], best_score=40, played_score=-20)
    assert e.reason == "gives away about half a man of advantage"  # in a player's words, no figures


def test_a_book_move_is_never_graded_below_best():
    game = Game()
    for i in range(6):
        moves = game.legal_moves()
        if i == 2:
            moves = [m for m in moves[1:] if len(game.position.play(m).legal_moves()) > 1]
        game.push(moves[0])
    engine = FakeEngine(scores={game.positions[3]: 300})  # the short search thinks move 2 lost 3 men
    in_book = {game.positions[2]: [game.moves[2]]}
    analysis = GameAnalysis(game.start, game.moves, engine, seconds=0.1, book=lambda p: in_book.get(p, []))
    while not analysis.done:
        analysis.poll()
    assert analysis.report().moves[2].kind == grading.BEST
    without = GameAnalysis(game.start, game.moves, FakeEngine(scores={game.positions[3]: 300}), seconds=0.1,
                           book=None)
    while not without.done:
        without.poll()
    assert without.report().moves[2].kind == grading.BLUNDER


def test_the_shipped_book_and_endgame_database_are_the_reports_defaults():
    from game.analysis.runner import shipped_book

    game = Game()
    opening = [m for m in game.legal_moves() if m in shipped_book()(game.position)]
    assert opening, "the book knows the first moves"
    analysis = GameAnalysis(game.start, [], FakeEngine())
    assert analysis.probe(Position.from_fen("B:W18:B14,K1")) == 1  # two against one: the database's win
    assert opening[0] in analysis.book(game.position)
    bare = GameAnalysis(game.start, [], FakeEngine(), probe=None, book=None)
    assert bare.probe is None and bare.book is None


# -- the positions the engine sees ------------------------------------------------------------

def test_the_engine_sees_the_positions_since_the_last_capture_or_man_move():
    import random

    from game.analysis.history import engine_history, game_history

    for seed in range(30):
        rng = random.Random(seed)
        game = Game(Position.from_fen("B:WK29,K30,K31,21:BK3,K4,K5,9,12"))
        for _ in range(40):
            moves = game.legal_moves()
            if not moves or game.outcome is not None:
                break
            game.push(rng.choice(moves))
            assert game_history(game) == tuple(game.reversible_history()[:-1])
    game = Game(Position.from_fen("B:WK30,K31:BK3,K4,9"))
    king = [m for m in game.legal_moves() if m.start == 3][0]
    game.push(king)
    game.push(game.legal_moves()[0])  # a white king
    assert game_history(game) == tuple(game.positions[:2])  # kings only: the start can come again
    man = [m for m in game.legal_moves() if m.start == 9][0]
    game.push(man)
    assert game_history(game) == ()  # a man moved: nothing before can
    with pytest.raises(ValueError, match="needs 3 moves"):
        engine_history(game.positions, game.moves[:1])
