"""Fuzz the store's and the agent's readers with seeded random files; count what misbehaves.

    python tools/fuzz_store.py                    # 3000 inputs per reader, seed 1
    python tools/fuzz_store.py --cases 500 --seed 9 --reader settings
    python tools/fuzz_store.py --caps             # the largest file each reader accepts: time, memory
    python tools/fuzz_store.py --small-disk       # the game played on a 256 KB disk (root, Linux)

Readers: settings (load_settings), unfinished (list_unfinished, load_unfinished,
load_autosave), pdn (the library's scan_file, read_games_file: saved and archived games),
agent-state (game.agent.state), agent-input (the agent's main on a fuzzed input.txt;
its search is replaced by the first legal move: the input handling is under test).

Inputs are valid files mutated by random edits (bytes flipped, inserted,
deleted, duplicated, truncated; deep nesting, NUL bytes, huge numbers,
byte-order marks, CRLF, random JSON values), plus now and then a FIFO, a
link to /dev/zero, a folder or a huge sparse file.  A case misbehaves when
the reader raises what it must not, hangs (over --slow seconds), answers
with a multi-line message, or loses the user's bytes (a file that is not kept
as it was must be set aside with exactly its bytes).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

import _common  # noqa: F401  (this checkout's game first on sys.path)

from game.rules import Game


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


def random_game(plies, seed):
    """A game of ``plies`` random legal moves (fewer if it ends first): the seeds' games."""
    rng = random.Random(seed)
    game = Game()
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    return game


def random_json(rng, depth=0):
    r = rng.random()
    if depth > 4 or r < 0.3:
        return rng.choice([None, True, False, 0, -1, 2 ** 70, 1.5e308, "", "x" * rng.randint(0, 300),
                           "\u0000\ud800", "Medium", "csci561", "1-5", 7])
    if r < 0.65:
        return [random_json(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    return {rng.choice(["version", "sound", "level", "moves", "start", "format", "me", "quiet", "k"]):
            random_json(rng, depth + 1) for _ in range(rng.randint(0, 5))}


def mutate(rng, data: bytes) -> bytes:
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(12)
        i = rng.randint(0, len(data))
        if op == 0 and data:
            data[min(i, len(data) - 1)] = rng.randrange(256)
        elif op == 1:
            data[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif op == 2:
            del data[i:i + rng.randint(1, 40)]
        elif op == 3:
            j = rng.randint(0, len(data))
            data[i:i] = data[min(i, j):max(i, j)][:5000]
        elif op == 4:
            del data[i:]
        elif op == 5:
            k = rng.choice([10, 500, 5000, 20000])
            data[i:i] = b"[" * k + (b"]" * k if rng.random() < 0.5 else b"")
        elif op == 6:
            data[i:i] = b"\x00"
        elif op == 7:
            data[i:i] = b"9" * rng.choice([20, 400, 5000])
        elif op == 8:
            data[0:0] = b"\xef\xbb\xbf"
        elif op == 9:
            data = bytearray(bytes(data).replace(b"\n", b"\r\n"))
        elif op == 10:
            data[i:i] = json.dumps(random_json(rng)).encode()
        else:
            data[i:i] = rng.choice(["é", "\u202e", "\ud7ff", "\x1b[2J", "♛"]).encode("utf-8")
    return bytes(data)


def special(rng, path) -> bool:
    """Now and then the file is not a plain file at all; True when one was made."""
    r = rng.random()
    if r > 0.03:
        return False
    kind = rng.randrange(4)
    if kind == 0 and hasattr(os, "mkfifo"):
        os.mkfifo(path)
    elif kind == 1:
        os.symlink("/dev/zero", path)
    elif kind == 2:
        os.mkdir(path)
    else:
        with open(path, "wb") as f:
            f.truncate(300 * 1024 * 1024)
    return True


def kept(path, original, aside_glob_dir, name) -> bool:
    """The user's bytes are still somewhere: at ``path`` unchanged, or set aside exactly."""
    from game.textfile import FileReadError, read_bytes

    try:
        if path.is_file() and read_bytes(path, limit=len(original)) == original:
            return True
    except (OSError, FileReadError):
        pass
    for p in aside_glob_dir.glob(name + ".bad-*"):
        try:
            if p.is_file() and read_bytes(p, limit=len(original)) == original:
                return True
        except (OSError, FileReadError):
            pass
    return False


def clear(folder):
    for p in list(folder.iterdir()) if folder.exists() else []:
        if p.is_dir() and not p.is_symlink():
            shutil.rmtree(p)
        else:
            p.unlink()


# -- the readers ------------------------------------------------------------------------

def seeds_settings():
    from game.store.settings import Settings

    return [json.dumps(Settings().to_json(), indent=2).encode(),
            json.dumps(Settings(sound=False, level="Master", draw_rule="csci561").to_json()).encode()]


def case_settings(rng, home, data):
    from game.store import Settings, load_settings, settings_path

    path = settings_path()
    clear(path.parent)
    path.parent.mkdir(parents=True, exist_ok=True)
    made = special(rng, path)
    if not made:
        path.write_bytes(data)
    s = load_settings()
    if not isinstance(s, Settings):
        return "not a Settings"
    if any("\n" in p for p in s.problems()):
        return "a multi-line problem"
    if not made and not kept(path, data, path.parent, path.name):
        return "the file's bytes were lost"
    return None


def seeds_unfinished():
    from game.store.autosave import autosave_json

    return [json.dumps(autosave_json(random_game(n, seed=n), "1p", {"white": "Hard"}, ["black"])).encode()
            for n in (0, 5, 30, 80)]


def case_unfinished(rng, home, data):
    from game.store import list_unfinished, load_autosave, load_unfinished, new_game_id, unfinished_dir
    from game.store.paths import autosave_path

    folder = unfinished_dir()
    clear(folder)
    folder.mkdir(parents=True, exist_ok=True)
    gid = new_game_id()
    path = folder / f"{gid}.json"
    made = special(rng, path)
    if not made:
        path.write_bytes(data)
    rows = list_unfinished()
    if not rows:
        # a record of a game that is over is not listed: start_up archives it
        from game.store.unfinished import finished_records

        if [e.id for e in finished_records()] != [gid]:
            return "a record neither listed nor finished"
        rows = finished_records()
    if len(rows) != 1 or rows[0].id != gid:
        return f"listed {len(rows)} rows"
    if rows[0].broken and not rows[0].error:
        return "a broken row without its error"
    entry = load_unfinished(gid)
    if entry.broken != rows[0].broken:
        return "list and load disagree"
    if not made and not kept(path, data, folder, path.name):
        return "the record's bytes were lost"
    # the same bytes as the autosave of earlier versions
    a = autosave_path()
    if a.exists() or a.is_symlink():
        a.unlink()
    a.parent.mkdir(parents=True, exist_ok=True)
    a.write_bytes(data)
    load_autosave()
    if not kept(a, data, a.parent, a.name):
        return "the autosave's bytes were lost"
    for p in a.parent.glob("autosave.json*"):
        p.unlink()
    return None


def seeds_pdn():
    from game.notation.pdn import write_pdn

    g = random_game(60, seed=4)
    done = Game()
    while done.outcome is None:
        done.push(done.legal_moves()[0])
    return [write_pdn(g, {"Black": "Human", "White": "Computer (Hard)"}).encode(),
            (write_pdn(done, {"Event": "x", "GameId": "20261122-070000-abcdef"}) + "\n"
             + write_pdn(g)).encode()]


def case_pdn(rng, home, data):
    from game.library.scan import scan_file
    from game.store import StoreError, games_dir, read_games_file

    folder = games_dir()
    clear(folder)
    folder.mkdir(parents=True, exist_ok=True)
    name = rng.choice([b"g.pdn", b"caf\xe9.pdn", b"\xff\xfe\x1b.pdn", b"a\nb.pdn"])
    path = Path(os.fsdecode(os.path.join(os.fsencode(str(folder)), name)))
    made = special(rng, path)
    if not made:
        path.write_bytes(data)
    scan = scan_file(path)  # how the library lists the file
    if not scan.rows and not scan.error:
        return "a file without games and without its error"
    for text in [scan.error] + [t for r in scan.rows for t in (r.black, r.white, r.event, r.date, r.error)]:
        if not text.isprintable():
            return f"unprintable text {text[:40]!r}"
        text.encode("utf-8")
    try:
        read_games_file(path)
    except StoreError as e:
        if "\n" in str(e):
            return "a multi-line error"
    return None


def seeds_agent_state():
    from game.agent.state import GameState
    from game.rules import BLACK, Position

    p = Position.initial()
    g = GameState(BLACK, [p], 0)
    for m in (p.legal_moves()[0],):
        g = g.play(m)
    return [g.to_json().encode(), GameState(BLACK, [Position.from_fen("B:WK20,K24:BK1,K5")] * 30, 29)
            .to_json().encode()]


def case_agent_state(rng, home, data):
    from game.agent import state

    path = home / state.STATE_FILE
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif os.path.lexists(path):
        path.unlink()
    if not special(rng, path):
        path.write_bytes(data)
    g = state._load(path)
    if g is not None and (len(g.positions) > state.MAX_POSITIONS or g.me not in (0, 1)):
        return "an out-of-bounds state was accepted"
    return None


def seeds_agent_input():
    from game.agent.io import input_text
    from game.rules import Position

    return [input_text("GAME", Position.initial(), 100.0).encode(),
            input_text("SINGLE", Position.from_fen("W:WK10,18:B14,K3"), 5.5).encode(),
            b"SINGLE\nBLACK\n100.\n.b...b..\n..b...b.\n.....w.b\n....w...\n.b......\nw...w.w.\n...B....\n......w.\n"]


def case_agent_input(rng, home, data):
    import contextlib
    import io

    from game.agent import __main__ as agent_main
    from game.agent.io import parse_input

    d = home / "agent"
    if d.exists():
        shutil.rmtree(d)
    d.mkdir()
    path = d / "input.txt"
    if not special(rng, path):
        path.write_bytes(data)
    if rng.random() < 0.3:
        (d / "output.txt").write_text("E a1 b2\n")  # stale
    err = io.StringIO()
    old = os.getcwd()
    os.chdir(d)
    try:
        with contextlib.redirect_stderr(err):
            rc = agent_main.main()
    finally:
        os.chdir(old)
    out = d / "output.txt"
    lines = err.getvalue().strip().splitlines()
    if rc not in (0, 2, 3):
        return f"exit {rc}"
    if rc == 0:
        if not out.is_file():
            return "exit 0 without output.txt"
        from game.textfile import read_text
        position = parse_input(read_text(path, limit=1 << 20)).position
        from game.agent.io import format_move
        if read_text(out, limit=1 << 16) not in {format_move(m) for m in position.legal_moves()}:
            return "exit 0 with an illegal move"
    else:
        if os.path.lexists(out):
            return f"exit {rc} with an output.txt"
        if len(lines) != 1:
            return f"exit {rc} with {len(lines)} lines on stderr"
    return None


READERS = {
    "settings": (seeds_settings, case_settings),
    "unfinished": (seeds_unfinished, case_unfinished),
    "pdn": (seeds_pdn, case_pdn),
    "agent-state": (seeds_agent_state, case_agent_state),
    "agent-input": (seeds_agent_input, case_agent_input),
}


def fuzz(name, cases, seed, slow, home):
    make_seeds, run = READERS[name]
    rng = random.Random(f"{seed}:{name}")
    seeds = make_seeds()
    bad, worst, shown = 0, 0.0, []
    for i in range(cases):
        data = mutate(rng, rng.choice(seeds)) if rng.random() < 0.95 else json.dumps(random_json(rng)).encode()
        t = time.perf_counter()
        signal.alarm(int(slow) + 1)
        try:
            why = run(rng, home, data)
        except Hang:
            why = "hung"
        except BaseException as e:  # misbehaviour to count, not to stop at
            why = f"raised {type(e).__name__}: {str(e)[:100]}"
        finally:
            signal.alarm(0)
        took = time.perf_counter() - t
        worst = max(worst, took)
        if why is None and took > slow:
            why = f"took {took:.1f} s"
        if why:
            bad += 1
            if len(shown) < 5:
                shown.append(f"case {i}: {why}")
    print(f"{name:12} {cases} inputs, {bad} misbehaved, slowest {worst * 1000:.0f} ms", flush=True)
    for s in shown:
        print("    " + s)
    return bad


# -- reading caps -------------------------------------------------------------------------

def _rss_kb():
    from game.textfile import read_text

    try:  # (a FileReadError is a ValueError)
        return int(read_text("/proc/self/statm", limit=4096).split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except (OSError, ValueError):
        return 0


def measure(label, fn):
    """Run ``fn`` once in a forked child: its time and how far its peak memory rose above the start."""
    import resource

    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: one clean run, its own high-water mark
        os.close(r)
        base = _rss_kb()
        t = time.perf_counter()
        fn()
        took = time.perf_counter() - t
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        os.write(w, f"{took} {max(0, peak - base)}".encode())
        os._exit(0)
    os.close(w)
    with os.fdopen(r) as f:
        took, grew = f.read().split()
    os.waitpid(pid, 0)
    print(f"{label:58} {float(took) * 1000:8.0f} ms  peak +{int(grew) / 1024:7.1f} MB", flush=True)


def caps(home):
    """Each reader given the largest file it accepts, filled with what costs it most."""
    from game.agent import state
    from game.agent.__main__ import INPUT_LIMIT
    from game.agent.io import input_text
    from game.library.scan import scan_file
    from game.notation.boards import parse_csci_input
    from game.notation.pdn import write_pdn
    from game.rules import BLACK, Position
    from game.store import autosave as autosave_mod
    from game.store import games_dir, load_settings, read_games_file, saves, settings_path
    from game.store import settings as settings_mod
    from game.store.unfinished import list_unfinished, new_game_id
    from game.textfile import read_text

    sp = settings_path()
    sp.parent.mkdir(parents=True, exist_ok=True)
    pad = settings_mod.MAX_BYTES - len(json.dumps(settings_mod.Settings().to_json())) - 20
    data = settings_mod.Settings().to_json()
    data["level"] = "x" * pad
    sp.write_text(json.dumps(data))
    print(f"{'reader (file size)':58} {'time':>11}  {'memory':>12}")
    sp.write_text(json.dumps(data))
    measure(f"settings ({sp.stat().st_size} B; cap {settings_mod.MAX_BYTES} B)", load_settings)

    # an unfinished-game record at its cap: the longest game the draw rules allow is far
    # shorter, so the cap is filled with moves a king shuffles back and forth
    u = home / "data" / "unfinished"
    u.mkdir(parents=True, exist_ok=True)
    rec = autosave_mod.autosave_json(Game(Position.from_fen("B:WK32:BK1")), "2p", {}, ["black", "white"])
    shuffle = ["1-6", "32-27", "6-1", "27-32"]
    n = (autosave_mod.MAX_BYTES - 300) // 9
    rec["moves"] = [shuffle[i % 4] for i in range(n)]
    text = json.dumps(rec, indent=1)
    while len(text.encode()) > autosave_mod.MAX_BYTES:
        rec["moves"] = rec["moves"][:-200]
        text = json.dumps(rec, indent=1)
    (u / f"{new_game_id()}.json").write_text(text)
    measure(f"unfinished game record ({len(text)} B; cap {autosave_mod.MAX_BYTES} B)", list_unfinished)

    g = games_dir()
    g.mkdir(parents=True, exist_ok=True)

    one = write_pdn(random_game(120, seed=2), {"Black": "A", "White": "B"}) + "\n"
    pdn = g / "big.pdn"
    with open(pdn, "w") as f:
        for _ in range(saves.MAX_FILE_BYTES // len(one.encode())):
            f.write(one)
    measure(f"PDN file, read_games_file ({pdn.stat().st_size} B; cap {saves.MAX_FILE_BYTES} B)",
            lambda: read_games_file(pdn))
    measure("  the same file in the library's scan_file", lambda: scan_file(pdn))
    pdn.unlink()

    st = home / state.STATE_FILE
    fen = Position.from_fen("B:W21,22,23,24,25,26,27,28,29,30,31,K32:B1,2,3,4,5,6,7,8,9,10,11,K12").fen()
    body = '{"version": 1, "me": 0, "quiet": 50, "positions": [' + ", ".join([f'"{fen}"'] * state.MAX_POSITIONS) + "]}"
    st.write_text(body)
    measure(f"agent state, most positions kept ({len(body)} B; cap {state.MAX_BYTES} B)",
            lambda: state._load(st))
    st.write_text(" " * (state.MAX_BYTES - len(body)) + body)
    measure(f"agent state padded to the cap ({st.stat().st_size} B)", lambda: state._load(st))

    inp = home / "input.txt"
    base = input_text("GAME", Position.initial(), 100.0)
    inp.write_text(base.replace("\n", " " * ((INPUT_LIMIT - len(base)) // 11) + "\n"))
    measure(f"agent input.txt ({inp.stat().st_size} B; cap {INPUT_LIMIT} B)",
            lambda: parse_input_safe(read_text(inp, limit=INPUT_LIMIT), parse_csci_input))
    _ = BLACK


def parse_input_safe(text, parse):
    try:
        parse(text)
    except ValueError:
        pass


def small_disk(size_kb=256, seed=1):
    """The real window, headless, on a home of ``size_kb`` KB (a tmpfs): games are played, saved with
    Ctrl+S and finished, a collection is imported and games exported, until the disk is full and after.

    Counted: every write the disk refused and whether the player was told (the status line, the library's
    line, the game-over card); every file saved before is compared byte for byte at the end; the game is
    freed of the filler and must then save what it kept in memory.  Needs root (mount) on Linux."""
    import subprocess

    _common.headless(scratch_home=False)
    where = Path(tempfile.mkdtemp(prefix="checkers-small-disk-"))
    if subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(where)]).returncode:
        print("cannot mount a tmpfs here (it needs root on Linux)")
        return 1
    os.environ["CHECKERS_HOME"] = str(where)
    rng = random.Random(seed)
    try:
        return _small_disk_run(where, rng)
    finally:
        subprocess.run(["umount", "-l", str(where)])
        shutil.rmtree(where, ignore_errors=True)


def _small_disk_run(home, rng):
    import pygame

    from game.app import App
    from game.notation.pdn import write_pdn
    from game.rules import BLACK, WHITE
    from game.store import archive_dir, games_dir, unfinished_dir
    from game.textfile import read_bytes

    app = App((1000, 700), fixed_dt=1 / 60, sound=False)
    refused = told = moves = cards = cards_told = 0
    shown = set()
    before = {}  # every file on disk while the disk still had room, and its bytes

    def snapshot():
        for folder in (games_dir(), archive_dir()):
            for p in folder.glob("*.pdn") if folder.exists() else []:
                before[p] = read_bytes(p, limit=1 << 26)

    def settle(scene):
        for _ in range(300):
            app.step()
            if scene.anim is None:
                return

    def play(scene):
        nonlocal refused, told, moves
        scene.play_move(rng.choice(scene.game.legal_moves()))
        settle(scene)
        moves += 1
        if scene.extras.keeper.unsaved:
            refused += 1
            told += scene.status_text()[0].startswith("Could not save")
            shown.add(scene.status_text()[0])

    full_at = None
    filler = home / "filler"
    filler.write_bytes(b"\0" * 96 * 1024)  # taken back later: room for the game kept in memory
    try:
        for n in range(40):
            app.switch("play", players={BLACK: None, WHITE: None})
            app.step()
            scene = app.stack.top
            while scene.game.outcome is None and len(scene.game.moves) < 120:
                play(scene)
                if rng.random() < 0.1:
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL,
                                                         unicode="", scancode=0))
                    app.step()
                    shown.add(scene.status_text()[0][:60])
            for _ in range(5):
                app.step()
            if scene.game.outcome is not None and app.stack.top.name == "game_over" \
                    and scene.extras.keeper.unsaved:
                cards += 1
                cards_told += "could not be saved" in app.stack.top.message
                shown.add(app.stack.top.message[:80])
            if full_at is None and scene.extras.keeper.unsaved:
                full_at = n
            if full_at is None:
                snapshot()
            if full_at is not None and n > full_at + 2:
                break
        # room again: the game kept in memory is saved by its next move
        kept_moves = len(scene.game.moves)
        filler.unlink()
        if scene.game.outcome is None:
            play(scene)
        else:  # finished: Save on the card (or Ctrl+S) writes it
            app.stack.top.save() if app.stack.top.name == "game_over" else scene.extras.save()
        recovered = not scene.extras.keeper.unsaved and kept_moves > 0
        told_again = scene.status_text()[0] if scene.game.outcome is None else app.stack.top.message
        refill = home / "refill"
        fd = os.open(refill, os.O_WRONLY | os.O_CREAT, 0o644)  # the disk full again, for the library
        try:
            while os.write(fd, b"\0" * 4096):
                pass
        except OSError:
            pass
        finally:
            os.close(fd)
        # the library on the full disk: an import, an export
        collection = Path(tempfile.mkdtemp()) / "club.pdn"
        collection.write_text("\n".join(write_pdn(scene.game, {"Black": f"P{i}", "White": "Q"}) for i in range(300)))
        app.switch("menu")
        app.push("load")
        lib_scene = app.stack.top
        for _ in range(200):
            app.step()
        lib = lib_scene.library
        lib_scene.import_path(str(collection))
        lib_scene.export_to(str(home / "all.pdn")) if lib_scene.current else None
        for _ in range(3000):
            app.step()
            if not lib.busy and not lib.loading:
                break
        library_lines = [t for t, bad in lib.news if bad]
        shutil.rmtree(collection.parent, ignore_errors=True)
        lost = [p.name for p, data in before.items() if not p.exists() or read_bytes(p, limit=1 << 26) != data]
        print(f"small disk ({home}): {moves} moves played in {n + 1} games; the disk was full from game "
              f"{full_at}; writes refused {refused}, told on the status line {told}; games finished unsaved "
              f"{cards}, warned on the game-over card {cards_told}")
        print(f"  lines shown: {sorted(shown)[:6]}")
        print(f"  the library said: {library_lines}")
        print(f"  files saved before the disk filled: {len(before)}, changed or lost since: {len(lost)} {lost[:3]}")
        leftovers = [str(p.relative_to(home)) for p in home.rglob("*") if p.name.endswith(".checkers-tmp")]
        print(f"  room made again: the game kept in memory ({kept_moves} moves) saved by its next move: "
              f"{recovered} ({told_again[:60]!r}); temporaries left: {leftovers}; "
              f"unfinished records: {len(list(unfinished_dir().glob('*.json')))}")
        return 0 if not lost and told == refused and cards == cards_told and not leftovers and recovered else 1
    finally:
        app.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--reader", choices=sorted(READERS), action="append")
    ap.add_argument("--slow", type=float, default=5.0, help="seconds after which a case counts as a hang")
    ap.add_argument("--caps", action="store_true", help="measure the reading caps instead")
    ap.add_argument("--small-disk", action="store_true",
                    help="play, save, import and export on a 256 KB tmpfs home (root, Linux) instead")
    args = ap.parse_args(argv)
    if args.small_disk:
        return small_disk()
    import logging

    logging.disable(logging.CRITICAL)  # thousands of expected warnings
    home = Path(tempfile.mkdtemp(prefix="checkers-fuzz-"))
    os.environ["CHECKERS_HOME"] = str(home)
    try:
        if args.caps:
            caps(home)
            return 0
        from game.agent import __main__ as agent_main

        # the search is not under test: the first legal move, at once
        agent_main._choose = lambda got, game, legal, seconds=None: legal[0]
        signal.signal(signal.SIGALRM, _alarm)
        total = sum(fuzz(name, args.cases, args.seed, args.slow, home) for name in (args.reader or READERS))
        print(f"total misbehaved: {total}")
        return 1 if total else 0
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
