"""A csci561-style referee: two file-protocol agents play ballot openings.

    python tools/agent_match.py                       # 10 openings x both colours, 100 s each
    python tools/agent_match.py --openings 2 --time 20 --jobs 2
    python tools/agent_match.py --agent "python -m game.agent" --opponent "python tools/minimax_agent.py"

Each player runs as a fresh subprocess per move in its own temporary
directory (its state file lives there for the whole game): the referee
writes input.txt (GAME, the colour to play, the CPU seconds left, the
board), runs the command there, reads output.txt and checks the move.

Clocks are CPU time, as the course referee counts them: each run's user +
system time, read exactly for that child with os.wait4 (the rusage of the
one process, so games can run in parallel threads; it is the same figure as
a getrusage(RUSAGE_CHILDREN) delta around a lone child).  A player loses by
forfeit when its clock goes below zero, when it writes no move, a malformed
one or an illegal one, or when it crashes.

Draws follow csci561: 50 plies in a row with no capture and no crowning, or
the same position (same side to move) three times.  Openings are the 156 ACF
3-move ballots (``game.notation.openings``), spread evenly over the list;
each is played twice, the agent taking each colour once.  The game loop, the
ply cap and the tally are ``tools/referee.py``'s, shared with tools/match.py.
"""

import argparse
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from _common import ROOT, ballots
from referee import Forfeit, pairings, play_out, spread, tally

from game.agent.io import input_text
from game.notation import NotationError, parse_square
from game.rules import BLACK, WHITE, Game, Position

COLOUR = {BLACK: "Black", WHITE: "White"}


def read_ballots(path=None):
    """[(number, moves, Position)] of the ballots (of a file, with ``path``)."""
    return [(number, moves, Position.from_fen(fen)) for number, moves, fen in ballots(path)]


class RunResult:
    __slots__ = ("cpu", "wall", "returncode", "output", "stderr", "timed_out")


def run_player(cmd, cwd, wall_limit, env):
    """Run one move; return its exact CPU time (user + system) and its output.txt."""
    out = Path(cwd) / "output.txt"
    r = RunResult()
    r.timed_out = False
    t0 = time.monotonic()
    from game.textfile import FileReadError, read_bytes, read_text

    with open(Path(cwd) / ".stderr", "wb") as err:
        p = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=err, env=env, start_new_session=True)

        def kill():
            r.timed_out = True
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        timer = threading.Timer(wall_limit, kill)
        timer.start()
        try:
            # wait4: the rusage of exactly this child, even with other games' children around
            _, status, usage = os.wait4(p.pid, 0)
        finally:
            timer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
    try:  # what the player wrote on stderr, capped
        r.stderr = read_bytes(Path(cwd) / ".stderr", limit=1 << 20).decode("utf-8", "replace").strip()
    except FileReadError as e:
        r.stderr = str(e)
    r.cpu = usage.ru_utime + usage.ru_stime
    r.wall = time.monotonic() - t0
    r.returncode = p.returncode
    try:  # the player's output.txt: a regular file of at most 64 KB (a FIFO or /dev/zero is no move)
        r.output = read_text(out, limit=1 << 16, what="output.txt", encodings=("utf-8",)) if out.exists() else None
    except FileReadError:
        r.output = ""
    return r


def parse_output(text, position):
    """The legal Move that output.txt describes, or a string saying what is wrong."""
    lines = [ln.strip() for ln in text.strip().splitlines()]
    if not lines or not lines[0]:
        return "empty output.txt"
    path = []
    kinds = set()
    for ln in lines:
        parts = ln.split()
        if len(parts) != 3 or parts[0] not in ("E", "J"):
            return f"malformed line {ln!r}"
        try:
            a, b = parse_square(parts[1]), parse_square(parts[2])
        except NotationError as e:
            return f"bad square in {ln!r}: {e}"
        if path and path[-1] != a:
            return f"hop {ln!r} does not start where the last one ended"
        if not path:
            path.append(a)
        path.append(b)
        kinds.add(parts[0])
    if kinds == {"E"} and len(lines) != 1:
        return "more than one E line"
    if len(kinds) > 1:
        return "E and J lines mixed"
    for m in position.legal_moves():
        if list(m.path) == path and bool(m.captures) == (kinds == {"J"}):
            return m
    return f"illegal move {' '.join(lines)!r}"


def play_game(n, opening, agent_colour, args, env):
    number, moves3, start = opening
    game = Game(start, draw_rule="csci561")
    clocks = {BLACK: args.time, WHITE: args.time}
    cmds = {agent_colour: args.agent_cmd, 1 - agent_colour: args.opponent_cmd}
    cpu_used = {BLACK: [], WHITE: []}
    with tempfile.TemporaryDirectory(prefix="agent_match_") as tmp:
        dirs = {c: Path(tmp) / COLOUR[c].lower() for c in (BLACK, WHITE)}
        for d in dirs.values():
            d.mkdir()

        def move(game):
            """The side to move's player run once; Forfeit for whatever loses it the game."""
            side = game.turn
            d = dirs[side]
            (d / "input.txt").write_text(input_text("GAME", game.position, clocks[side]), encoding="ascii")
            r = run_player(cmds[side], d, clocks[side] * 2 + 10, env)
            clocks[side] -= r.cpu
            cpu_used[side].append(r.cpu)
            who = "agent" if side == agent_colour else "opponent"
            if clocks[side] < 0 or r.timed_out:
                raise Forfeit(f"{who} ran out of time ({r.cpu:.2f}s CPU on the last move)")
            if r.returncode != 0 or r.output is None:
                raise Forfeit(f"{who} exited {r.returncode} without a move: {r.stderr[-300:]}")
            chosen = parse_output(r.output, game.position)
            if isinstance(chosen, str):
                raise Forfeit(f"{who}: {chosen}")
            return chosen

        ending = play_out(game, move, args.max_plies)
    winner, why = ending.winner, ending.why or str(game.outcome)
    result = "draw" if winner is None else ("win" if winner == agent_colour else "loss")
    return {
        "n": n, "opening": number, "moves3": moves3, "agent_colour": agent_colour, "result": result,
        "why": why, "forfeit": ending.forfeit_side is not None, "forfeit_side": ending.forfeit_side,
        "plies": game.ply, "moves": [str(m) for m in game.moves],
        "agent_cpu": sum(cpu_used[agent_colour]), "agent_max": max(cpu_used[agent_colour], default=0.0),
        "agent_moves": len(cpu_used[agent_colour]),
        "opp_cpu": sum(cpu_used[1 - agent_colour]), "clock_left": clocks[agent_colour],
    }


def report(g):
    moves = " ".join(g["moves"])
    return (f"game {g['n']:2d}  ballot {g['opening']} ({g['moves3']})  agent {COLOUR[g['agent_colour']]}: "
            f"{g['result'].upper()} - {g['why']}\n"
            f"         {g['plies']} plies; agent {g['agent_cpu']:.1f}s CPU over {g['agent_moves']} moves "
            f"(max {g['agent_max']:.2f}s, {g['clock_left']:.1f}s left), opponent {g['opp_cpu']:.1f}s\n"
            f"         {moves}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agent", default=f"{shlex.quote(sys.executable)} -m game.agent",
                    help="command of the agent under test (run in its own directory)")
    minimax_agent = shlex.quote(str(ROOT / "tools" / "minimax_agent.py"))
    ap.add_argument("--opponent", default=f"{shlex.quote(sys.executable)} {minimax_agent}",
                    help="command of the opponent")
    ap.add_argument("--openings", type=int, default=10, help="how many ballots (each played with both colours)")
    ap.add_argument("--ballots", default=None, metavar="FILE",
                    help="ballots from this file (as tools/match.py reads it) instead of the 156 ballots")
    ap.add_argument("--time", type=float, default=100.0, help="CPU seconds per player per game")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once")
    ap.add_argument("--max-plies", type=int, default=400, help="adjudicate a draw after this many plies")
    args = ap.parse_args(argv)
    args.agent_cmd = shlex.split(args.agent)
    args.opponent_cmd = shlex.split(args.opponent)
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    try:
        openings = spread(read_ballots(args.ballots), args.openings)
    except (OSError, ValueError) as e:
        ap.error(f"cannot read the ballots file {args.ballots}: {e}")
    jobs = [(i + 1, op, colour) for i, op, colour in pairings(openings, 2 * len(openings))]
    print(f"{len(jobs)} games, {args.time:g}s CPU each; agent: {args.agent}; opponent: {args.opponent}", flush=True)
    results = []
    t0 = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(play_game, n, op, colour, args, env) for n, op, colour in jobs]
        for f in futures:
            g = f.result()
            results.append(g)
            print(report(g), flush=True)
    wins, draws, losses = tally([{"win": 1.0, "draw": 0.5, "loss": 0.0}[g["result"]] for g in results])[:3]
    agent_forfeits = sum(g["forfeit"] and g["forfeit_side"] == g["agent_colour"] for g in results)
    opp_forfeits = sum(g["forfeit"] and g["forfeit_side"] != g["agent_colour"] for g in results)
    worst = max((g["agent_max"] for g in results), default=0.0)
    least_left = min((g["clock_left"] for g in results), default=0.0)
    print(f"\nsummary: {len(results)} games: agent +{wins} ={draws} -{losses}; "
          f"forfeits: agent {agent_forfeits}, opponent {opp_forfeits}; "
          f"agent's longest move {worst:.2f}s CPU, least clock left {least_left:.1f}s; "
          f"{time.monotonic() - t0:.0f}s wall", flush=True)
    return 0 if losses == 0 and agent_forfeits == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
