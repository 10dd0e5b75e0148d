"""Load on one online server: many bot games at once on the loopback; move round trips and memory.

    nice python tools/net_load.py                       # 500 games, 60 s, a move every ~1 s a game
    nice python tools/net_load.py --games 200 --seconds 30 --think 0

One ``checkers-server`` process on 127.0.0.1; this process (asyncio) holds both
seats of ``--games`` games (two connections each) and plays random legal moves,
each mover waiting ``--think`` seconds on average (uniform 0.5x-1.5x) before
its move; a game that ends is replaced, so the number of games stays.  Prints:

- the move round trip (the mover sends the move until its own state holding the
  move comes back: checked, written to SQLite, sent), p50, p99 and max;
- moves relayed a second (each sent to both seats);
- the server's memory (VmRSS) before the games, with them all open, and per game;
- with ``--window``: the frame times of the online board playing a game on the same server
  during the measurement (tools/net_window.py, in a process of its own); run
  ``tools/net_window.py`` alone for the figure without the load.

The round trip includes this process's own time (it runs 2 x ``--games``
connections in Python), so the server alone is faster than shown.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import statistics
import subprocess
import sys
import time

from _common import ROOT

from game.rules import Game


def rss_kb(pid):
    from game.textfile import read_text

    for line in read_text(f"/proc/{pid}/status", limit=1 << 16).splitlines():  # (tests/test_file_reads.py)
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid):
    """User + system CPU seconds of process ``pid`` so far."""
    import os

    from game.textfile import read_text

    fields = read_text(f"/proc/{pid}/stat", limit=1 << 16).rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def msg(kind, **fields):
    return json.dumps({"v": 1, "type": kind, **fields})


async def recv_type(ws, kind):
    while True:
        data = json.loads(await ws.recv())
        if data["type"] in (kind, "refused"):
            return data


class Bots:
    def __init__(self, url, think, rng):
        self.url, self.think, self.rng = url, think, rng
        self.trips = []
        self.moves = 0
        self.games_done = 0
        self.errors = []
        self.stop = False

    async def open(self):
        from websockets.asyncio.client import connect

        black = await connect(self.url, proxy=None, compression=None, max_queue=64, open_timeout=60)
        white = await connect(self.url, proxy=None, compression=None, max_queue=64, open_timeout=60)
        await black.send(msg("create", name="Bot A", side="black", control="60+5", draw_rule="official"))
        welcome = await recv_type(black, "welcome")
        await white.send(msg("join", game=welcome["game"], name="Bot B"))
        await recv_type(white, "welcome")
        return black, white

    async def game(self, ready):
        black, white = await self.open()
        ready.set()
        try:
            while not self.stop:
                g = Game()
                while not self.stop and g.outcome is None:
                    await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                    ws = black if g.turn == 0 else white
                    move = self.rng.choice(g.legal_moves())
                    sent = time.perf_counter()
                    await ws.send(msg("move", ply=g.ply, path=list(move.path)))
                    while True:
                        state = await recv_type(ws, "state")
                        if state["type"] == "refused":
                            raise RuntimeError(state["reason"])
                        if len(state["moves"]) > g.ply:
                            break
                    self.trips.append(time.perf_counter() - sent)
                    self.moves += 1
                    g.push(move)
                    if state["outcome"] is not None:
                        break
                self.games_done += 1
                await black.close()
                await white.close()
                black, white = await self.open()
        except Exception as e:   # counted and shown: a load tool reports, it does not stop
            self.errors.append(f"{type(e).__name__}: {e}")
        finally:
            await black.close()
            await white.close()


async def run(args, port, pid, bots):
    before = rss_kb(pid)
    readies, tasks = [], []
    for _ in range(args.games):
        ready = asyncio.Event()
        readies.append(ready)
        tasks.append(asyncio.create_task(bots.game(ready)))
        await asyncio.sleep(0.002)
    await asyncio.gather(*(r.wait() for r in readies))
    opened = rss_kb(pid)
    print(f"{args.games} games open ({2 * args.games} connections); measuring {args.seconds:.0f} s", flush=True)
    window = bots.window_proc = None
    if args.window:   # the online board in a process of its own, playing on this server meanwhile
        window = subprocess.Popen([sys.executable, str(ROOT / "tools" / "net_window.py"), "--url",
                                   f"ws://127.0.0.1:{port}", "--seconds", str(max(5.0, args.seconds - 5))],
                                  cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        bots.window_proc = window
    bots.trips.clear()
    moves0, t0 = bots.moves, time.perf_counter()
    cpu0, own0 = cpu_seconds(pid), time.process_time()
    peak = opened
    end = t0 + args.seconds
    while time.perf_counter() < end:
        await asyncio.sleep(1.0)
        peak = max(peak, rss_kb(pid))
    elapsed = time.perf_counter() - t0
    bots.window = ""
    if window is not None:
        try:
            bots.window, _ = await asyncio.to_thread(window.communicate, timeout=60)
        except subprocess.TimeoutExpired:
            window.kill()
            bots.window = window.communicate()[0] + "\n(the window's bench did not finish in time)"
    bots.cpu = ((cpu_seconds(pid) - cpu0) / elapsed, (time.process_time() - own0) / elapsed)
    moves = bots.moves - moves0
    trips = sorted(bots.trips)
    bots.stop = True
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return bots, before, opened, peak, elapsed, moves, trips


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds a bot waits before its move (0: none)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--window", action="store_true", help="also measure the online board's frames during the load")
    ap.add_argument("--db-dir", default=None, help="folder for the server's database (default: a scratch folder "
                    "in the system's temporary folder; /dev/shm takes the disk out of the figures)")
    args = ap.parse_args(argv)
    import resource
    import tempfile

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = 4 * args.games + 100
    if soft < need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(need, hard), hard))
    with tempfile.TemporaryDirectory(prefix="checkers-net-load-", dir=args.db_dir) as folder:
        cmd = [sys.executable, "-m", "game.net.cli", "--port", "0", "--db", f"{folder}/games.sqlite3", "--quiet",
               "--max-connections", str(4 * args.games + 100), "--max-games", str(10 * args.games + 100),
               "--create-rate", "10000", "--create-burst", "10000", "--message-rate", "100"]
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        bots = None
        try:
            port = next(int(line.split()[1]) for line in proc.stdout if line.startswith("PORT "))
            bots = Bots(f"ws://127.0.0.1:{port}", args.think, random.Random(args.seed))
            bots, before, opened, peak, elapsed, moves, trips = asyncio.run(run(args, port, proc.pid, bots))
        finally:
            window = getattr(bots, "window_proc", None)
            if window is not None and window.poll() is None:   # never left behind
                window.kill()
                window.wait()
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    if not trips:
        print("no move was measured")
        return 1

    def ms(q):
        return 1000 * trips[min(len(trips) - 1, int(q * len(trips)))]

    print(f"moves: {moves} in {elapsed:.1f} s = {moves / elapsed:.0f} moves/s relayed "
          f"({2 * moves / elapsed:.0f} states/s sent to the seats); {bots.games_done} games finished")
    print(f"round trip: p50 {ms(0.50):.1f} ms, p99 {ms(0.99):.1f} ms, max {1000 * trips[-1]:.1f} ms, "
          f"mean {1000 * statistics.fmean(trips):.1f} ms (target p99 <= 50 ms)")
    print(f"server memory: {before / 1024:.1f} MB before, {opened / 1024:.1f} MB with {args.games} games open, "
          f"peak {peak / 1024:.1f} MB; {(opened - before) / args.games:.1f} KB a game (two connections)")
    print(f"CPU: the server {100 * bots.cpu[0]:.0f}% of a core, the bots (this process) {100 * bots.cpu[1]:.0f}%")
    if bots.window:
        print("during the load: " + bots.window.strip())
    if bots.errors:
        print(f"{len(bots.errors)} bot errors, first: {bots.errors[0]}")
    return 1 if bots.errors else 0


if __name__ == "__main__":
    sys.exit(main())
