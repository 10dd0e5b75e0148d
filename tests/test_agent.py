"""checkers-agent through its real file protocol, in temporary directories."""

import importlib.util
import os
import re
import subprocess
import sys
import time
from argparse import Namespace
from pathlib import Path

import pytest

from game.agent import clock, state
from game.agent.io import format_move, input_text, parse_input
from game.notation import parse_square
from game.rules import BLACK, WHITE, Move, Position

ROOT = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, PYTHONPATH=str(ROOT))
FORMAT = re.compile(r"\A(E [a-h][1-8] [a-h][1-8]\n|(J [a-h][1-8] [a-h][1-8]\n)+)\Z")

SEEDS = [
    ("SINGLE\nBLACK\n100.\n.b...b..\n..b...b.\n.....w.b\n....w...\n.b......\nw...w.w.\n...B....\n......w.\n",
     ["J d2 f4\nJ f4 d6\n"]),
    ("SINGLE\nWHITE\n6.\n........\nw...b.b.\n........\n..w.b...\n.w...b..\n....b...\n.w.....b\n..w...w.\n",
     ["E a7 b8\n"]),
    ("SINGLE\nWHITE\n23.\n.b...b..\n..b.b.b.\n...b...b\n..b.....\n.....w..\nw.b.w.w.\n.w.....w\nw...w...\n",
     ["J b2 d4\nJ d4 b6\nJ b6 d8\n"]),
]


def run_agent(directory, text=None, stale=True):
    d = Path(directory)
    if text is not None:
        (d / "input.txt").write_text(text)
    if stale:
        (d / "output.txt").write_text("E a1 b2\n")  # a stale move from an earlier turn
    return subprocess.run([sys.executable, "-m", "game.agent"], cwd=d, env=ENV,
                          capture_output=True, text=True, timeout=120)


def move_of(text, position):
    """The legal Move an output.txt describes (asserting the exact format)."""
    assert FORMAT.match(text), f"malformed output {text!r}"
    path = []
    for line in text.splitlines():
        _, a, b = line.split()
        if not path:
            path.append(parse_square(a))
        assert path[-1] == parse_square(a)
        path.append(parse_square(b))
    for m in position.legal_moves():
        if list(m.path) == path and m.is_capture == text.startswith("J"):
            return m
    raise AssertionError(f"illegal move {text!r} in {position.fen()}")


def small_clock(seed, seconds="2."):
    """The seed with ``seconds`` left on its clock (its third line): a legal move needs no long search,
    and with 100 s a SINGLE move may think for 20 s."""
    lines = seed.splitlines(keepends=True)
    lines[2] = seconds + "\n"
    return "".join(lines)


@pytest.mark.parametrize("seed,examples", SEEDS, ids=["black-king-double", "white-single", "white-triple"])
def test_seed_examples_give_a_legal_move(tmp_path, seed, examples):
    r = run_agent(tmp_path, small_clock(seed))
    assert r.returncode == 0, r.stderr
    out = (tmp_path / "output.txt").read_text()
    position = parse_input(seed).position
    move_of(out, position)
    if len(position.legal_moves()) == 1:
        assert out in examples
    assert sorted(p.name for p in tmp_path.iterdir()) == ["input.txt", "output.txt"]  # SINGLE keeps no state


def test_format_move():
    assert format_move(Move((22, 18))) == "E c3 d4\n"
    assert format_move(Move((21, 17))) == "E a3 b4\n"
    assert format_move(Move((29, 25))) == "E a1 b2\n"
    m = Move((30, 23, 14), (26, 18))
    assert format_move(m) == "J c1 e3\nJ e3 c5\n"


BAD = {
    "empty": "",
    "mode": "DOUBLE\nBLACK\n100.\n" + "........\n" * 8,
    "colour": "SINGLE\nRED\n100.\n" + "........\n" * 8,
    "seconds": "SINGLE\nBLACK\nlots\n" + "........\n" * 8,
    "negative": "SINGLE\nBLACK\n-3\n" + "........\n" * 8,
    "short-board": "SINGLE\nBLACK\n100.\n" + "........\n" * 7,
    "long-row": "SINGLE\nBLACK\n100.\n" + ".........\n" + "........\n" * 7,
    "bad-char": "SINGLE\nBLACK\n100.\n.x......\n" + "........\n" * 7,
    "light-square": "SINGLE\nBLACK\n100.\nb.......\n" + "........\n" * 7,
    "binary": "\x00\xff\x00",
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_input_exits_2_without_output(tmp_path, name):
    r = run_agent(tmp_path, BAD[name])
    assert r.returncode == 2
    assert r.stderr.strip() and len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.stderr
    assert not (tmp_path / "output.txt").exists()


def test_missing_input_exits_2(tmp_path):
    r = run_agent(tmp_path)
    assert r.returncode == 2 and "input.txt" in r.stderr
    assert not (tmp_path / "output.txt").exists()


def test_no_legal_move_exits_3(tmp_path):
    blocked = "SINGLE\nBLACK\n10.\n" + "........\n" * 6 + "b.......\n".replace("b.......", ".b......") \
        + "w.w.....\n"
    # black man on b2 blocked by white men on a1/c1: it cannot move forward (down) at all
    r = run_agent(tmp_path, blocked)
    assert r.returncode == 3, r.stderr
    assert not (tmp_path / "output.txt").exists()


def test_forced_move_answers_at_once(tmp_path):
    forced = Position.from_fen("W:W18,27:B14,K3")  # white must take 18x9: the only legal move
    [only] = forced.legal_moves()
    (tmp_path / "input.txt").write_text(input_text("GAME", forced, 0.5))
    r = subprocess.run([sys.executable, "-m", "game.agent"], cwd=tmp_path, capture_output=True, text=True,
                       env=dict(ENV, CHECKERS_AGENT_VERBOSE="1"), timeout=60)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "output.txt").read_text() == format_move(only)
    assert "budget" not in r.stderr and "in " in r.stderr  # no search was started for it


def test_agent_imports_no_pygame_nor_multiprocessing():
    code = ("import sys; import game.agent.__main__, game.agent.io, game.agent.state, game.agent.clock, "
            "game.engine.search; bad = [m for m in ('pygame', 'multiprocessing', 'json', 'dataclasses') "
            "if m in sys.modules]; print(bad)")
    r = subprocess.run([sys.executable, "-S", "-c", code], env=ENV, capture_output=True, text=True)
    assert r.stdout.strip() == "[]", r.stdout + r.stderr


def test_engine_failure_still_plays_a_legal_move(tmp_path, monkeypatch, capsys):
    import game.agent.__main__ as agent_main

    def broken(*a, **k):
        raise RuntimeError("engine on fire")

    monkeypatch.setattr(agent_main, "_choose", broken)
    monkeypatch.chdir(tmp_path)
    seed = SEEDS[0][0]
    (tmp_path / "input.txt").write_text(seed)
    assert agent_main.main() == 0
    move_of((tmp_path / "output.txt").read_text(), parse_input(seed).position)
    assert "engine on fire" in capsys.readouterr().err


# -- time ------------------------------------------------------------------------

def test_budgets_leave_the_clock_safe():
    start = Position.initial()
    b = clock.plan("GAME", 100.0, 0.1, start)
    assert 1.0 < b.soft <= clock.GAME_CAP and b.soft <= b.hard < 100 / 10
    for left in (5.0, 1.0, 0.3, 0.15):
        b = clock.plan("GAME", left, 0.1, start)
        assert b.hard < left, (left, b)
    b = clock.plan("SINGLE", 6.0, 0.1, start)
    assert 1.0 < b.soft <= b.hard <= 6.0 - 0.5
    for left in (2.0, 1.0, 0.8):  # a single move on a short clock still keeps half a second of it
        b = clock.plan("SINGLE", left, 0.1, start)
        assert b.soft <= b.hard <= left - 0.5 + 1e-9, (left, b)
    # A long game: start-up (0.1 s a run) is charged on every move whatever
    # the plan, and still 100 moves that each ran to the hard limit, or 150
    # that kept to the soft one, fit in 100 s.
    for moves, which in ((100, "hard"), (150, "soft")):
        left = 100.0
        for _ in range(moves):
            b = clock.plan("GAME", left, 0.1, start)
            # hard is a process_time() reading (start-up included); soft is thinking only
            left -= b.hard if which == "hard" else b.soft + 0.1
        assert left > 0, (moves, which)
    # hard counts from the process's start: a run that has already used 3 s stops 3 s later
    assert clock.plan("GAME", 50.0, 3.0, start).hard == pytest.approx(clock.plan("GAME", 47.0, 0.0, start).hard + 3.0)


# -- history and draws -----------------------------------------------------------

def test_state_continues_a_game_and_resets_on_a_new_one(tmp_path):
    start = Position.initial()
    me = BLACK
    g = state.resume(start, me, tmp_path)
    assert g.positions == [start] and g.quiet == 0
    mine = start.legal_moves()[0]
    state.save(g.play(mine), tmp_path)
    after = start.play(mine)
    reply = after.legal_moves()[0]
    g2 = state.resume(after.play(reply), me, tmp_path)
    # men moved: nothing before can recur, but the game did continue
    assert g2.position == after.play(reply)
    # an unrelated board: a new game
    other = Position.from_fen("B:WK20,K24:BK1,K5")
    g3 = state.resume(other, me, tmp_path)
    assert g3.positions == [other] and g3.quiet == 0
    # a damaged file: a new game, no crash
    (tmp_path / state.STATE_FILE).write_text("{not json")
    assert state.resume(other, me, tmp_path).positions == [other]


def test_state_counts_quiet_king_moves(tmp_path):
    p = Position.from_fen("B:WK20,K24:BK1,K5")
    g = state.GameState(BLACK, [p], 10)
    m = Move((1, 6))
    g = g.play(m)
    state.save(g, tmp_path)
    reply = next(r for r in g.position.legal_moves() if r.start == 20)
    g2 = state.resume(g.position.play(reply), BLACK, tmp_path)
    assert g2.quiet == 12 and len(g2.positions) == 3 and g2.history() == (p, p.play(m))


def test_game_mode_writes_state_and_uses_it(tmp_path):
    kings = Position.from_fen("B:WK20,K24,K28:BK1,K5")
    text = input_text("GAME", kings, 5.0)
    r = run_agent(tmp_path, text)
    assert r.returncode == 0, r.stderr
    mine = move_of((tmp_path / "output.txt").read_text(), kings)
    saved = (tmp_path / state.STATE_FILE).read_text()
    assert kings.play(mine).fen() in saved


def test_fifty_turn_rule_makes_progress_when_winning():
    # Black (to move) is far ahead; the 50th quiet ply is one white reply away.
    # A plain search (which counts no quiet plies) picks the quiet 15-10 here.
    from game.agent.__main__ import _choose

    p = Position.from_fen("B:WK1:BK14,K15,K22,26")
    assert not p.has_capture()
    # the clock is this process's CPU time, tests before this one included
    got = Namespace(mode="GAME", seconds=time.process_time() + 20.0, turn=BLACK, position=p)
    g = state.GameState(BLACK, [p], 48)
    move = _choose(got, g, p.legal_moves())
    # crowning resets the count, and so would a sacrifice white must take;
    # anything else lets white draw with a quiet reply
    child = p.play(move)
    assert state.RULE.resets(p, child, move) or child.has_capture(), move


def test_fifty_turn_rule_takes_the_draw_when_losing(monkeypatch):
    # White is behind, and the search (scripted here) scores crowning 6-1 above
    # every quiet move, as it would on material: -200 against -500.  With 49
    # quiet plies behind, a quiet move is the 50th and draws (0), which beats
    # the crowning that lets the lost game go on.
    from game.agent import __main__ as agent_main
    from game.engine.search import Searcher

    p = Position.from_fen("W:W6,K10:BK22,K11,K31,K32")
    crown = Move((6, 1))
    assert crown in p.legal_moves() and not p.has_capture()

    def scripted(self, position, depth, history=(), stop=None):
        return [(m, -200 if m == crown else -500) for m in position.legal_moves()]

    monkeypatch.setattr(Searcher, "root_scores", scripted)
    # the clock is this process's CPU time, tests before this one included
    got = Namespace(mode="GAME", seconds=time.process_time() + 10.0, turn=WHITE, position=p)
    budget = clock.plan("GAME", 10.0, 0.0, p)
    pick = agent_main._near_no_progress_draw(Searcher(), state.GameState(WHITE, [p], 48), p.legal_moves(),
                                            budget, lambda: False, 2)
    assert pick == crown  # two quiet plies left: the crowning is still the best
    move = agent_main._choose(got, state.GameState(WHITE, [p], 49), p.legal_moves())
    assert move != crown and not state.RULE.resets(p, p.play(move), move), move


# -- a whole game through the referee --------------------------------------------

def _load_match():
    spec = importlib.util.spec_from_file_location("agent_match", ROOT / "tools" / "agent_match.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_full_game_against_minimax_through_files():
    match = _load_match()
    opening = match.read_ballots()[0]
    args = Namespace(time=20.0, max_plies=300,
                     agent_cmd=[sys.executable, "-m", "game.agent"],
                     opponent_cmd=[sys.executable, str(ROOT / "tools" / "minimax_agent.py")])
    g = match.play_game(1, opening, WHITE, args, ENV)
    assert not g["forfeit"], g["why"]
    assert g["result"] == "win", match.report(g)
    assert g["clock_left"] > 0


def test_the_agent_plays_the_opening_from_the_book(tmp_path):
    from game.engine.book import book_moves

    position = Position.initial()
    book = {m for m, _ in book_moves(position)}
    assert book, "the shipped book knows the first move"
    (tmp_path / "input.txt").write_text(input_text("SINGLE", position, 100.0))
    r = subprocess.run([sys.executable, "-m", "game.agent"], cwd=tmp_path, capture_output=True, text=True,
                       env={**ENV, "CHECKERS_AGENT_VERBOSE": "1"}, timeout=120)
    assert r.returncode == 0, r.stderr
    played = move_of((tmp_path / "output.txt").read_text(), position)
    assert played in book and f"{played} from the opening book" in r.stderr
