"""Kill -9 loop: a process plays and saves games, imports, exports and rebuilds the library; it is killed.

    python tools/kill_loop.py                 # 60 kills, seed 1
    python tools/kill_loop.py --kills 150 --seed 7
    python tools/kill_loop.py --training      # the training records instead (tools/training_kill_loop.py)
    python tools/kill_loop.py --two-windows   # two windows continuing one game (200 kills)

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
- every archived and every Ctrl+S-saved game it confirmed is there, readable,
  unless the player deleted it in the library (the round's deletion names its
  files before it starts): once that deletion is confirmed the file is gone,
  and a kill during it may leave the file (still owed) or not;
- no game is both unfinished and archived, none appeared that the child never
  started (a duplicate), nothing was set aside as broken;
- no temporary file is left anywhere in the data folder, no process is left.

Every round also starts with one job of the library, as its background worker
runs it (the writer lock held, ``jobs.run_job``): importing a collection of a
few hundred games, exporting some games to a folder outside the data folder,
deleting some games from their files, or rebuilding the index from nothing
(its files removed, every file indexed again).  Rounds take turns, so kills
land during each.  After the kill the library is opened and read to the end
(as the Load screen does), and the checks go on:

- every import the child confirmed is in the library with all its games, every
  export it confirmed is a complete file with the games it said; an export cut
  by the kill leaves nothing (no file, no temporary, in the player's folder);
- the index agrees with the files: one complete source per PDN file, as many
  game rows as the file has games, no row without its file (no orphans);
- no temporary file is left in the export folder either.

--two-windows: instead, two windows (two processes, each a ``Match`` as the play
screen holds it) continue one unfinished game at once.  A window opens the game
(reads its record, ``Match.keep_on_disk``); the one refused (another window owns
it) plays a move or two that are kept nowhere, leaves and opens it again a
moment later; the owner plays moves, each kept before it is confirmed, and now
and then leaves.  The parent SIGKILLs the owner at a random moment (during a
save or between moves), waits until the other window takes the game over and
confirms a move, then kills that one too.  After both kills it checks that
every move either window confirmed is in the record (each confirmed line a
prefix of it, at most the one move being saved beyond the newest), that a
refused window kept nothing, and that no temporary is left after start-up.
``--no-owner`` plays the same without the owner lock (as before issue 45):
the check then finds the lost moves.

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
action, sources, exports = sys.argv[2], sys.argv[3], sys.argv[4]
if action != "play":
    from pathlib import Path
    from game.library import index, jobs, scan
    from game.library.library import default_folders, pdn_files
    from game.library.lock import WriterLock
    from game.library.worker import open_index
    from game.store.paths import data_dir
    db = data_dir() / "library" / "index.sqlite3"
    lock = WriterLock(str(db) + ".lock")
    conn = open_index(str(db), lambda e: None, lock, lambda: False)
    namer = scan.opening_namer()
    version = jobs.index_version(namer)

    def run(*job):
        events = []
        assert lock.acquire()
        try:
            jobs.run_job(conn, (job[0], 1, *job[1:]), events.append, namer, version)
        finally:
            lock.release()
        return events

    print("BEGIN", action, flush=True)
    if action == "import":
        pool = Path(sources, "pool.pdn").read_text().split("\n\n[")
        games = ["[" + g if not g.startswith("[") else g for g in rng.sample(pool, rng.randint(300, 900))]
        src = Path(sources, f"src-{sys.argv[1]}.pdn")
        text = f"{{collection {sys.argv[1]}}}\n" + "\n\n".join(g.strip() for g in games) + "\n"
        src.write_text(text)
        copy = jobs.import_name(src, text)
        for e in run("import", str(src), str(data_dir() / "library" / "imported")):
            if e[0] == "imported":
                print("I", os.fsencode(copy).hex(), e[3], flush=True)
    elif action == "export":
        ids = [r[0] for r in conn.execute("SELECT id FROM games WHERE number >= 0")]
        chosen = rng.sample(ids, min(len(ids), rng.randint(1, 3000)))
        dest = Path(exports, f"out-{sys.argv[1]}.pdn")
        for e in run("export", chosen, str(dest)):
            if e[0] == "exported":
                print("E", os.fsencode(str(dest)).hex(), e[3], flush=True)
    elif action == "remove":
        ids = [r[0] for r in conn.execute("SELECT id FROM games WHERE number >= 0")]
        chosen = rng.sample(ids, min(len(ids), rng.randint(1, 30)))
        # the files the player deletes games from, said before a byte is touched: a saved or
        # archived game among them is gone by the player's choice, not lost
        targets = {}
        for found in (index.game_text(conn, i) for i in chosen):
            if found is not None:
                targets[str(found[2])] = targets.get(str(found[2]), 0) + 1
        for path, n in targets.items():
            print("T", os.fsencode(path).hex(), n, flush=True)
        for e in run("remove", chosen):
            if e[0] == "removed":
                print("D", e[2], flush=True)
    elif action == "rebuild":
        conn.close()
        for suffix in ("", "-wal", "-shm"):
            try:
                os.unlink(str(db) + suffix)
            except FileNotFoundError:
                pass
        conn = open_index(str(db), lambda e: None, lock, lambda: False)
        for folder, kind in default_folders():
            for path in pdn_files(folder):
                run("index", str(path), kind)
        print("R", flush=True)
    print("END", action, flush=True)
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


ACTIONS = ("import", "play", "export", "remove", "rebuild")

# --two-windows: one window (process) continuing the game argv[2]; argv[3] "1": without the owner lock
WINDOW = r"""
import random, sys, time
from game.store import start_up

start_up()  # as a launch does
from game.controller import Match
from game.store.unfinished import load_unfinished

rng = random.Random(int(sys.argv[1]))
gid = sys.argv[2]
if sys.argv[3] == "1":  # the game before issue 45: every window keeps the game, nobody owns it
    import game.store.unfinished as unfinished

    class Nobody:
        path = ""

        def release(self):
            pass

    unfinished.own_game = lambda game_id, folder=None: Nobody()
print("READY", flush=True)


def say(*words):
    print(*words, flush=True)


while True:
    u = load_unfinished(gid)  # a visit: the game as its record holds it now
    if u.game is None or u.game.outcome is not None:
        say("GONE", u.error)
        time.sleep(0.05)
        continue
    match = Match({0: None, 1: None}, u.game, game_id=gid)
    refused = match.keep_on_disk(gid, stored=True)
    if refused is not None:  # another window owns it: what is played here is kept nowhere
        say("RO", u.game.ply)
        for _ in range(rng.randint(0, 2)):
            game = match.game
            game.push(rng.choice(game.legal_moves()))
            if game.outcome is not None:
                game.undo()
                break
            match.keep()
        match.close()
        time.sleep(rng.random() * 0.03)
        continue
    if match.keeper.read_only:  # it changed since it was read here (the owner's last moves): refused, said
        say("STALE", match.keeper.read_only)
        match.close()
        continue
    say("OWN", u.game.ply)
    for _ in range(rng.randint(5, 40)):
        game = match.game
        choices = game.legal_moves()
        rng.shuffle(choices)
        for move in choices:  # a move that ends the game would archive it: the loop keeps it going
            game.push(move)
            if game.outcome is None:
                break
            game.undo()
        else:
            say("STUCK")
            break
        if match.keep() is not None or match.keeper.unsaved or match.keeper.read_only:
            say("FAIL", match.keeper.error or match.keeper.read_only)
            break
        say("K", " ".join(str(m) for m in game.moves))
        if rng.random() < 0.1:
            time.sleep(rng.random() * 0.05)  # the player thinking
    match.close()  # the player leaves the game; another window may have it now
    say("LEFT")
    time.sleep(rng.random() * 0.05)
"""


def make_pool(path, seed, n=1000):
    """A collection of ``n`` random legal games to import slices of."""
    from game.notation.pdn import write_pdn
    from game.rules import Game

    rng = random.Random(seed)
    out = []
    for i in range(n):
        game = Game()
        for _ in range(rng.randint(4, 60)):
            moves = game.legal_moves()
            if not moves:
                break
            game.push(rng.choice(moves))
        out.append(write_pdn(game, {"Event": "Kill loop", "Black": f"B{i}", "White": f"W{i % 50}",
                                    "Round": str(i)}).strip())
    path.write_text("\n\n".join(out) + "\n")


def moves_text(game):
    return " ".join(str(m) for m in game.moves)


def check(home, confirmed, saved_names, problems, announced=(), deleted=()):
    """Restart the store and compare it with what the child confirmed; the model after the kill,
    the counts of unfinished and archived games, and the archive's file names with their games' ids.
    ``deleted``: files the player's deletion in the library confirmed removing, which must be gone."""
    os.environ["CHECKERS_HOME"] = str(home)
    from game.store import archive_dir, games_dir, list_unfinished, read_games_file, start_up

    notes = start_up()
    if notes:
        problems.append(f"start-up notes: {notes}")
    from game.store.paths import wait_tidied

    if not wait_tidied(60):  # the journal of outside temporaries is tidied in a thread
        problems.append("the journal's tidying did not end")
    unfinished = {e.id: e for e in list_unfinished()}
    archived, archive_ids = {}, {}
    for p in archive_dir().glob("*.pdn") if archive_dir().exists() else []:
        try:
            [g] = read_games_file(p)
        except ValueError as e:
            problems.append(f"archive {p.name} unreadable: {e}")
            continue
        archived[g.tags.get("GameId")] = moves_text(g.game)
        archive_ids[p.name] = g.tags.get("GameId")
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
    for p in deleted:
        if os.path.lexists(p):
            problems.append(f"{p.name} is still there after its deletion was confirmed")
    left = [str(p.relative_to(home)) for p in home.rglob("*")
            if p.name.startswith(".") or ".bad-" in p.name or p.name.endswith("checkers-tmp")]
    if left:
        problems.append(f"left behind after start-up: {left[:5]}")
    return model, len(unfinished), len(archived), archive_ids


class InlineWorker:
    """The library's jobs run at once in this process, as its worker runs them (lock held)."""

    def __init__(self, db_path):
        from game.library.lock import WriterLock
        from game.library.worker import open_index

        self.events = []
        self.lock = WriterLock(str(db_path) + ".lock")
        self.conn = open_index(str(db_path), self.events.append, self.lock, lambda: False)
        self.busy = False

    def submit(self, kind, *args):
        from game.library import jobs

        assert self.lock.acquire()
        try:
            jobs.run_job(self.conn, (kind, 1, *args), self.events.append)
        finally:
            self.lock.release()
        return 1

    def poll(self):
        out, self.events = self.events, []
        return out

    def close(self):
        self.conn.close()
        self.lock.close()


_counts = {}  # (path, size, mtime_ns) -> games the library's scan finds in the file


def check_library(home, exports, imports, exported, problems):
    """Open the library as the Load screen does (after start_up) and compare it with the files."""
    from game.library import Library, index, scan
    from game.library.library import pdn_files
    from game.notation.pdn import read_pdn

    lib = Library(data=home / "data", worker_factory=InlineWorker)
    lib.open()
    for _ in range(100000):
        lib.update(0.5)
        if not lib.loading and not lib.busy:
            break
    conn = lib.conn
    orphans = index.orphans(conn)
    if orphans:
        problems.append(f"{orphans} orphan game rows in the index")
    incomplete = conn.execute("SELECT count(*) FROM sources WHERE complete = 0").fetchone()[0]
    if incomplete:
        problems.append(f"{incomplete} files left half indexed")
    indexed = {bytes(k): (sid, n) for k, sid, n in conn.execute(
        "SELECT s.path, s.id, (SELECT count(*) FROM games g WHERE g.source = s.id AND g.number >= 0) "
        "FROM sources s")}
    files = set()
    for folder, _ in lib.folders:
        for path in pdn_files(folder):
            key = index.path_key(path)
            files.add(key)
            st = path.stat()
            stamp = (str(path), st.st_size, st.st_mtime_ns)
            if stamp not in _counts:
                _counts[stamp] = len(scan.scan_file(path).rows)
            got = indexed.get(key)
            if got is None:
                problems.append(f"{path.name} is not in the index")
            elif got[1] != _counts[stamp]:
                problems.append(f"{path.name}: {got[1]} games in the index, {_counts[stamp]} in the file")
    ghosts = set(indexed) - files
    if ghosts:
        problems.append(f"{len(ghosts)} sources in the index whose file is gone")
    imported_dir = lib.imported_dir
    for name in imports:
        path = imported_dir / os.fsdecode(bytes.fromhex(name))
        got = indexed.get(index.path_key(path))
        if got is None or not path.exists():
            problems.append(f"the confirmed import {path.name} is lost")
    for dest, count in exported.items():
        try:
            from game.textfile import read_text

            games = read_pdn(read_text(os.fsdecode(bytes.fromhex(dest)), limit=1 << 26, what="export"))
        except (OSError, ValueError) as e:
            problems.append(f"the confirmed export {dest} is lost: {e}")
            continue
        if len(games) != count or any(g.error for g in games if g.error and "FEN" in g.error):
            problems.append(f"export {dest}: {len(games)} games, {count} confirmed")
    for p in exports.iterdir():
        if p.name.endswith("checkers-tmp") or p.name.startswith("."):
            problems.append(f"left in the export folder: {p.name}")
    games = len(lib.catalog)
    lib.close()
    return games


def two_windows(kills, seed, max_delay, keep, no_owner=False):
    """Two windows continuing one game, the owner killed mid-save, the other taking over (see the top)."""
    import threading

    rng = random.Random(seed)
    home = Path(tempfile.mkdtemp(prefix="checkers-kill-loop-windows-"))
    env = dict(os.environ, CHECKERS_HOME=str(home), PYTHONPATH=str(ROOT))
    os.environ["CHECKERS_HOME"] = str(home)
    from game.rules import Game
    from game.store import start_up
    from game.store.gamefile import new_game_id
    from game.store.paths import unfinished_dir
    from game.store.unfinished import keep_unfinished, load_unfinished

    problems, killed, in_save, takeovers, refusals, confirmed_total, games, stale = [], 0, 0, 0, 0, 0, 0, 0
    gid, longest = None, ""
    t0 = time.monotonic()

    def reader(child, lines):
        for line in child.stdout:
            if line.endswith("\n"):  # a line cut by the kill was never confirmed
                lines.append(line.rstrip("\n"))

    def state(lines):
        """Does this window own the game now?  Its last OWN after its last LEFT."""
        owned = False
        for line in lines:
            if line.startswith("OWN"):
                owned = True
            elif line in ("LEFT", "STUCK") or line.startswith("FAIL"):
                owned = False
        return owned

    def took_over(after):
        """Did the window, from these lines on, own the game and keep a move (or find none to play)?"""
        owned = next((i for i, x in enumerate(after) if x.startswith("OWN")), None)
        return owned is not None and any(x.startswith("K") or x == "STUCK" for x in after[owned:])

    def kill(child):
        nonlocal killed, in_save
        in_save += any(p.name.endswith("checkers-tmp") for p in unfinished_dir().glob(".*"))
        os.kill(child.pid, signal.SIGKILL)
        killed += 1

    round_ = 0
    try:
        while killed < kills:
            if gid is None or len(longest.split()) > 120:
                gid, game = new_game_id(), Game()  # a new game now and then: records stay small
                for _ in range(rng.randint(2, 8)):
                    game.push(rng.choice(game.legal_moves()))
                if not keep_unfinished(gid, game, "2p", {}, ["black", "white"]).ok:
                    problems.append("the game could not be started")
                    break
                longest, games = " ".join(str(m) for m in game.moves), games + 1
            children, logs, threads = [], [], []
            for w in range(2):
                child = subprocess.Popen([sys.executable, "-c", WINDOW, str(seed * 10000 + round_ * 2 + w), gid,
                                          "1" if no_owner else "0"], stdout=subprocess.PIPE, text=True, env=env,
                                         cwd=ROOT)
                lines = []
                t = threading.Thread(target=reader, args=(child, lines), daemon=True)
                t.start()
                children.append(child)
                logs.append(lines)
                threads.append(t)
            try:
                deadline = time.monotonic() + 60
                while not all(log and log[0] == "READY" for log in logs) and time.monotonic() < deadline:
                    time.sleep(0.01)
                time.sleep(rng.random() * max_delay)
                # the window that owns the game now is killed (during a save or between moves)
                while not any(state(log) for log in logs) and time.monotonic() < deadline:
                    time.sleep(0.002)
                first = next((i for i in range(2) if state(logs[i])), rng.randrange(2))
                kill(children[first])
                other = 1 - first
                # the other window takes the game over (its next visit claims it) and keeps a move
                mark = len(logs[other])
                while time.monotonic() < deadline and not took_over(logs[other][mark:]):
                    time.sleep(0.002)
                if any(line.startswith("OWN") for line in logs[other][mark:]):
                    takeovers += 1
                else:
                    problems.append(f"round {round_}: the other window never took the game over")
                if time.monotonic() >= deadline:
                    problems.append(f"round {round_}: stuck: {logs[other][-3:]}")
                time.sleep(rng.random() * max_delay)
                kill(children[other])
            finally:
                for child in children:
                    if child.poll() is None:
                        child.kill()
                    child.wait(30)
                for t in threads:
                    t.join(30)
                for child in children:
                    child.stdout.close()
            # after both kills: a launch, then every confirmed move must be in the record
            notes = start_up()
            if notes:
                problems.append(f"round {round_}: start-up notes: {notes}")
            entry = load_unfinished(gid)
            if entry.game is None:
                problems.append(f"round {round_}: the game is lost: {entry.error}")
                gid = None
                round_ += 1
                continue
            got = " ".join(str(m) for m in entry.game.moves)
            before = len(problems)
            for w, log in enumerate(logs):
                refusals += sum(line.startswith(("RO", "STALE")) for line in log)
                stale += sum(line.startswith("STALE") for line in log)
                for line in log:
                    if line.startswith("FAIL"):
                        problems.append(f"round {round_}: window {w} could not keep a move: {line}")
                    if not line.startswith("K "):
                        continue
                    confirmed_total += 1
                    moves = line[2:]
                    if not (got == moves or got.startswith(moves + " ")):
                        problems.append(f"round {round_}: window {w} confirmed {moves.count(' ') + 1} moves the "
                                        f"record ({got.count(' ') + 1} moves) does not hold")
                    elif len(moves) > len(longest):
                        longest = moves
            if got.count(" ") > longest.count(" ") + 1:
                problems.append(f"round {round_}: the record is {got.count(' ') - longest.count(' ')} moves past "
                                "the last one confirmed")
            left = [p.name for p in home.rglob("*") if p.name.endswith("checkers-tmp")]
            if left:
                problems.append(f"round {round_}: left after start-up: {left[:3]}")
            if len(problems) > before:
                print("; ".join(problems[before:before + 3]), flush=True)
            longest = got if len(got) > len(longest) else longest
            if any("STUCK" in log for log in logs):
                gid = None  # every move left ends the game: the next round plays another
            round_ += 1
        leftover = subprocess.run(["pgrep", "-f", str(home)], capture_output=True, text=True).stdout.split() \
            if shutil.which("pgrep") else []
        if leftover:
            problems.append(f"processes left: {leftover}")
        print(f"two windows continuing one game{' (no owner lock)' if no_owner else ''}: {killed} kills (seed "
              f"{seed}) in {round_} rounds, {in_save} with a save's temporary file on disk; {games} games")
        print(f"moves confirmed: {confirmed_total}; takeovers after the owner's kill: {takeovers}; "
              f"visits refused (kept nothing): {refusals}, of them "
              f"{stale} because the game changed after it was read")
        print(f"problems: {len(problems)} (each a confirmed move lost, a failed write or a leftover); "
              f"processes left: {len(leftover)}; {time.monotonic() - t0:.0f} s")
        for p in problems[:10]:
            print("  " + p)
    finally:
        if keep:
            print(f"data folder kept: {home}")
        else:
            shutil.rmtree(home, ignore_errors=True)
    return 1 if problems else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kills", type=int, default=None, help="kills (default 60; with --training 200)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-delay", type=float, default=0.4, help="longest wait before a kill, seconds")
    ap.add_argument("--max-library-delay", type=float, default=2.0,
                    help="longest wait before a kill in a round that starts with a library job, seconds")
    ap.add_argument("--keep", action="store_true", help="keep the data folder")
    ap.add_argument("--training", action="store_true",
                    help="instead: the training records, two windows writing at once (tools/training_kill_loop.py; "
                         "--kills defaults to 200 there)")
    ap.add_argument("--two-windows", action="store_true",
                    help="instead: two windows continuing one game, the owner killed (--kills defaults to 200)")
    ap.add_argument("--no-owner", action="store_true",
                    help="with --two-windows: windows without the owner lock (the game before issue 45)")
    args = ap.parse_args(argv)
    if args.two_windows:
        return two_windows(200 if args.kills is None else args.kills, args.seed, args.max_delay, args.keep,
                           args.no_owner)
    if args.training:
        import training_kill_loop

        return training_kill_loop.run(200 if args.kills is None else args.kills, args.seed, args.max_delay,
                                      args.keep)
    args.kills = 60 if args.kills is None else args.kills
    rng = random.Random(args.seed)
    home = Path(tempfile.mkdtemp(prefix="checkers-kill-loop-"))
    outside = Path(tempfile.mkdtemp(prefix="checkers-kill-loop-outside-"))
    sources, exports = outside / "sources", outside / "exports"
    sources.mkdir()
    exports.mkdir()
    make_pool(sources / "pool.pdn", args.seed)
    env = dict(os.environ, CHECKERS_HOME=str(home), PYTHONPATH=str(ROOT))
    confirmed, saved_names, problems, announced = {}, set(), [], set()
    archive_ids = {}  # the archive's files at the last check, each with its game's id
    saved_dir, archive_folder = (home / "data" / "games").resolve(), (home / "data" / "archive").resolve()
    imports, exported = {}, {}
    lines_total = kills_in_save = 0
    kills_in = {a: 0 for a in ACTIONS}
    t0 = time.monotonic()
    try:
        for round_ in range(args.kills):
            action = ACTIONS[round_ % len(ACTIONS)]
            child = subprocess.Popen([sys.executable, "-c", CHILD, str(args.seed * 1000 + round_), action,
                                      str(sources), str(exports)],
                                     stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
            try:
                first = child.stdout.readline()
                if first.strip() != "READY":
                    problems.append(f"round {round_}: child did not start: {first!r}")
                longest = args.max_delay if action == "play" else args.max_library_delay
                time.sleep(rng.random() * longest)
                os.kill(child.pid, signal.SIGKILL)
                rest = child.stdout.read()
            finally:
                child.wait(30)
                child.stdout.close()
            if child.returncode != -signal.SIGKILL:
                problems.append(f"round {round_}: child ended by itself ({child.returncode})")
            lines = rest.split("\n")[:-1]  # a line cut short by the kill was never confirmed
            lines_total += len(lines)
            began = ended = False
            targets, removed = {}, None
            for line in lines:
                kind, gid, *rest_ = (line + " -").split(" ", 2) if " " not in line else line.split(" ", 2)
                if kind == "BEGIN":
                    began = True
                elif kind == "END":
                    ended = True
                elif kind == "I":
                    imports[gid] = int(rest_[0])
                elif kind == "E":
                    exported[gid] = int(rest_[0])
                elif kind in ("U", "A"):
                    confirmed[gid] = (kind, rest_[0] if rest_ else "")
                elif kind == "S":
                    saved_names.add(rest_[0])
                elif kind == "N":
                    announced.add(gid)
                elif kind == "T":
                    targets[gid] = int(rest_[0])
                elif kind == "D":
                    removed = int(gid)
            # The player deleted games in the library: a Ctrl+S-saved or archived game among them is no
            # longer owed once every chosen game was confirmed deleted, and its file (one game) must be
            # gone.  A kill during the deletion may leave it or not: left, it is still the player's and
            # still owed (check() reads the archive whole, so an archived one is back in the model).
            done = removed is not None and removed == sum(targets.values())
            deleted = []
            for hexpath in targets:
                path = Path(os.fsdecode(bytes.fromhex(hexpath)))
                name, folder = os.fsencode(path.name).hex(), path.parent.resolve()
                if folder == saved_dir and name in saved_names:
                    if done or not os.path.lexists(path):
                        saved_names.discard(name)
                elif folder == archive_folder and path.name in archive_ids:
                    confirmed.pop(archive_ids[path.name], None)
                else:
                    continue
                if done:
                    deleted.append(path)
            # a kill during a save: some record file's temporary name is on disk right now
            kills_in_save += any(p.name.endswith("checkers-tmp") for p in home.rglob(".*"))
            if began and not ended:
                kills_in[action] += 1
            before = len(problems)
            model, n_unfinished, n_archived, archive_ids = check(home, confirmed, saved_names, problems,
                                                                 announced, deleted)
            n_library = check_library(home, exports, imports, exported, problems)
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
        print("kills during the library's work: " + ", ".join(f"{a} {n}" for a, n in kills_in.items()
                                                               if a != "play")
              + f"; confirmed: {len(imports)} imports, {len(exported)} exports; "
              f"{n_library} games in the library at the end, its index checked against the files after every kill")
        print(f"problems: {len(problems)}; processes left: {len(leftover)}; "
              f"{time.monotonic() - t0:.0f} s")
        for p in problems[:20]:
            print("  " + p)
    finally:
        if args.keep:
            print(f"data folder kept: {home}")
        else:
            shutil.rmtree(home, ignore_errors=True)
            shutil.rmtree(outside, ignore_errors=True)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
