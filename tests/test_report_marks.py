"""A game report is a document: the same game gets the same marks (issue 34 item 12).

Each position is searched to a node budget (``runner.REPORT_NODES``), never a time, by a
new engine process per report; these tests run the real engine on a short game.
"""

import time

from helpers import FakeEngine, play

from game.analysis import runner
from game.analysis.runner import REPORT_DEPTH, GameAnalysis, analyse
from game.engine.process import Done, EngineClient, Info, Limit
from game.rules import Game, Position


def test_every_request_of_a_report_is_a_node_budget_never_a_time():
    game = play(Game(), 10, seed=3)
    engine = FakeEngine(reply=lambda moves: moves[0])
    analysis = GameAnalysis(game.start, game.moves, engine, probe=None, book=None)
    while not analysis.done:
        analysis.poll()
    limits = [limit for _, _, _, limit in engine.gos]
    assert limits and all(lim == Limit(depth=REPORT_DEPTH, nodes=runner.REPORT_NODES) for lim in limits)
    # a tool may still ask for a time a position
    timed = GameAnalysis(game.start, game.moves, FakeEngine(reply=lambda moves: moves[0]), seconds=0.2,
                         probe=None, book=None)
    timed.poll()
    assert timed.client.gos[0][3] == Limit(time=0.2)


def _search(position, limit):
    """(Infos, Done) of one request to a new engine process."""
    with EngineClient() as client:
        rid = client.go(position, (), limit)
        infos, deadline = [], time.monotonic() + 120
        while time.monotonic() < deadline:
            for msg in client.poll():
                if isinstance(msg, Info) and msg.request_id == rid:
                    infos.append(msg)
                elif isinstance(msg, Done) and msg.request_id == rid:
                    return infos, msg
            time.sleep(0.005)
    raise AssertionError("the engine never answered")


def test_a_node_budget_ends_at_the_first_depth_that_reaches_it_and_answers_the_same_each_time():
    position = play(Game(), 12, seed=5).position
    assert len(position.legal_moves()) > 1
    infos, done = _search(position, Limit(nodes=3000))
    assert done.nodes >= 3000 and done.depth == infos[-1].depth
    assert all(i.nodes < 3000 for i in infos[:-1])  # no depth before it had reached the budget
    again_infos, again = _search(position, Limit(nodes=3000))
    assert (again.move, again.score, again.depth, again.nodes) == (done.move, done.score, done.depth, done.nodes)


def _marks(report):
    return ([(v.score, v.best, v.depth) for v in report.verdicts],
            [(m.kind, m.explanation.text if m.explanation else None) for m in report.moves])


def test_the_same_game_gets_the_same_report_twice():
    game = play(Game(Position.initial()), 16, seed=7)
    reports = []
    for _ in range(2):
        with EngineClient() as client:  # a new engine each time, as review makes one per report
            report, _ = analyse(game.start, game.moves, client, nodes=1500, timeout=300)
        reports.append(_marks(report))
    assert reports[0] == reports[1]
