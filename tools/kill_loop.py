"""Kill -9 loop: a process plays and saves games through the store; it is killed at random moments.

    python tools/kill_loop.py                 # 60 kills, seed 1
    python tools/kill_loop.py --kills 200 --seed 7

Each round starts a headless child in one data folder (CHECKERS_HOME, kept for
the whole run).  The child does what the game does: ``start_up()``, then
resumes the latest unfinished game or starts another (never replacing one),
plays random moves and keeps the game after every move (``save_unfinished``;
a finished game is archived; and, as the play screen does, the autosave
behind Continue naming the game's id), sometimes saves a copy with Ctrl+S
(``save_game``) and sometimes "thinks" (sleeps).  After each durable save it
prints one line; the parent SIGKILLs it at a random moment (during a save or
during play), restarts the store (``start_up()``) and checks that:

- every unfinished game the child confirmed is there, with the confirmed
  moves or the one move that was being saved when the kill came;
- every archived and every Ctrl+S-saved game it confirmed is there, readable;
- no game is both unfinished and archived, none appeared that the child never
  started (a duplicate), nothing was set aside as broken;
- no temporary file is left anywhere in the data folder, no process is left.

Prints the figures and exits 1 if any check failed.  Nothing but the
temporary folder is touched (it is removed at the end unless --keep).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT

CHILD = r"""
import os, random, sys, time
from game.rules import Game
from game.store import (clear_autosave, latest_unfinished, new_game_id, save_autosave, save_game,
                        save_unfinished, start_up)

rng = random.Random(int(sys.argv[1]))
start_up()
print("READY", flush=True)
while True:
    entry = latest_unfinished() if rng.random() < 0.7 else None
    if entry is not None:
        gid, game = entry.id, entry.game
    else:
        gid, game = new_game_id(), Game(draw_rule=rng.choice(["official", "csci561"]))
        print("N", gid, flush=True)
    levels = {"white": rng.choice(["Easy", "Hard", "Master"])}
    while True:
        moves = game.legal_moves()
        game.push(rng.choice(moves))
        if save_unfinished(gid, game, "1p", levels, ["black"]):
            kind = "A" if game.outcome is not None else "U"
            print(kind, gid, " ".join(str(m) for m in game.moves), flush=True)
        # the play screen also keeps the game behind Continue, naming its id
        if game.outcome is None:
            save_autosave(game, "1p", levels, ["black"], {"game_id": gid})
        else:
            clear_autosave()
        if game.outcome is not None:
            break
        r = rng.random()
        if r < 0.03:
            path = save_game(game, {"Black": "Human", "White": "Computer"})
            print("S", gid, os.fsencode(path.name).hex(), flush=True)
        elif r < 0.10:
            time.sleep(rng.random() * 0.05)  # the computer thinking: a kill here is a kill during play
        elif r < 0.13:
            break  # the player starts another game (this one stays unfinished)
"""


def moves_text(game):
    return " ".join(str(m) for m in game.moves)


def check(home, confirmed, saved_names, problems, announced=()):
    """Restart the store and compare it with what the child confirmed; the model after the kill."""
    os.environ["CHECKERS_HOME"] = str(home)
    from game.store import archive_dir, games_dir, list_unfinished, read_games_file, start_up

    notes = start_up()
    if notes:
        problems.append(f"start-up notes: {notes}")
    unfinished = {e.id: e for e in list_unfinished()}
    archived = {}
    for p in archive_dir().glob("*.pdn") if archive_dir().exists() else []:
        try:
            [g] = read_games_file(p)
        except ValueError as e:
            problems.append(f"archive {p.name} unreadable: {e}")
            continue
        archived[g.tags.get("GameId")] = moves_text(g.game)
    model = {}
    for gid, (kind, moves) in confirmed.items():
        if gid in unfinished and gid in archived:
            problems.append(f"{gid} is both unfinished and archived")
        if gid in unfinished:
            e = unfinished[gid]
            if e.broken:
                problems.append(f"{gid} broken: {e.error}")
                continue
            got = moves_text(e.game)
            if kind == "A":
                problems.append(f"{gid} was archived but is unfinished again")
            elif not (got == moves or (got.startswith(moves + " ") and got.count(" ") == moves.count(" ") + 1)):
                problems.append(f"{gid}: unfinished record has {got.count(' ') + 1} moves, confirmed "
                                f"{moves.count(' ') + 1}")
            model[gid] = ("U", got)
        elif gid in archived:
            got = archived[gid]
            if not (got == moves or (got.startswith(moves + " ") and got.count(" ") == moves.count(" ") + 1)):
                problems.append(f"{gid}: archive differs from what was confirmed")
            model[gid] = ("A", got)
        else:
            problems.append(f"{gid} ({kind}, {moves.count(' ') + 1} moves) is lost")
    # games the child saved but had no time to confirm are in the model too
    for gid in list(unfinished) + list(archived):
        if announced and gid not in announced:
            problems.append(f"{gid} was never a game of the child (a duplicate made at start-up?)")
    for gid, e in unfinished.items():
        if gid not in model and not e.broken:
            model[gid] = ("U", moves_text(e.game))
    for gid, got in archived.items():
        if gid not in model:
            model[gid] = ("A", got)
    for name in saved_names:
        p = games_dir() / os.fsdecode(bytes.fromhex(name))
        try:
            read_games_file(p)
        except ValueError as e:
            problems.append(f"saved game {p.name} unreadable: {e}")
    left = [str(p.relative_to(home)) for p in home.rglob("*")
            if p.name.startswith(".") or ".bad-" in p.name or p.name.endswith("checkers-tmp")]
    if left:
        problems.append(f"left behind after start-up: {left[:5]}")
    return model, len(unfinished), len(archived)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kills", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-delay", type=float, default=0.4, help="longest wait before a kill, seconds")
    ap.add_argument("--keep", action="store_true", help="keep the data folder")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    home = Path(tempfile.mkdtemp(prefix="checkers-kill-loop-"))
    env = dict(os.environ, CHECKERS_HOME=str(home), PYTHONPATH=str(ROOT))
    confirmed, saved_names, problems, announced = {}, set(), [], set()
    lines_total = kills_in_save = 0
    t0 = time.monotonic()
    try:
        for round_ in range(args.kills):
            child = subprocess.Popen([sys.executable, "-c", CHILD, str(args.seed * 1000 + round_)],
                                     stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
            try:
                first = child.stdout.readline()
                if first.strip() != "READY":
                    problems.append(f"round {round_}: child did not start: {first!r}")
                time.sleep(rng.random() * args.max_delay)
                os.kill(child.pid, signal.SIGKILL)
                rest = child.stdout.read()
            finally:
                child.wait(30)
                child.stdout.close()
            if child.returncode != -signal.SIGKILL:
                problems.append(f"round {round_}: child ended by itself ({child.returncode})")
            lines = rest.split("\n")[:-1]  # a line cut short by the kill was never confirmed
            lines_total += len(lines)
            for line in lines:
                kind, gid, *rest_ = line.split(" ", 2)
                if kind in ("U", "A"):
                    confirmed[gid] = (kind, rest_[0] if rest_ else "")
                elif kind == "S":
                    saved_names.add(rest_[0])
                elif kind == "N":
                    announced.add(gid)
            # a kill during a save: some record file's temporary name is on disk right now
            kills_in_save += any(p.name.endswith("checkers-tmp") for p in home.rglob(".*"))
            before = len(problems)
            model, n_unfinished, n_archived = check(home, confirmed, saved_names, problems, announced)
            confirmed = {gid: v for gid, v in model.items()}
            if len(problems) > before:
                print(f"round {round_}: " + "; ".join(problems[before:]), flush=True)
        leftover = subprocess.run(["pgrep", "-f", str(home)], capture_output=True, text=True).stdout.split() \
            if shutil.which("pgrep") else []
        if leftover:
            problems.append(f"processes left: {leftover}")
        print(f"kills: {args.kills} (seed {args.seed}), {kills_in_save} of them with a save's temporary "
              f"file on disk; saves confirmed: {lines_total}")
        print(f"games at the end: {n_unfinished} unfinished, {n_archived} archived, "
              f"{len(saved_names)} saved with Ctrl+S; every one checked after every kill")
        print(f"problems: {len(problems)}; processes left: {len(leftover)}; "
              f"{time.monotonic() - t0:.0f} s")
        for p in problems[:20]:
            print("  " + p)
    finally:
        if args.keep:
            print(f"data folder kept: {home}")
        else:
            shutil.rmtree(home, ignore_errors=True)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
