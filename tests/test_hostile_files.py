"""Files that are not regular files, and files far past any cap, where the game and its tools read or write.

Issue 45 items 3 and 6: a FIFO or a huge file where the store's journal of outside
temporaries is kept must cost the launch and an export nothing (never a hang, never a
read of the whole file); the puzzle miner's ``--check`` refuses /dev/zero and a FIFO
with one line; and an existing target that is not a regular file (a device, a FIFO, a
link) is refused by ``-o`` and by the library's export, never replaced nor given a
suffix.  Everything is made on the fly, in the test's own home.
"""

import os
import subprocess
import sys
import threading
import tracemalloc
from pathlib import Path

import pytest

from game.store import paths, start_up

ROOT = Path(__file__).resolve().parent.parent
HANG = 60  # seconds after which a call that should return at once is a hang


@pytest.fixture(autouse=True)
def _own_home(home):
    """Every test here gets its own CHECKERS_HOME (the ``home`` fixture of conftest)."""


def returns_soon(fn, *args, unblock=None):
    """fn(*args) run in a thread; its result, failing the test if it does not return (a hang).
    ``unblock()`` is called after a hang so the thread can end (a FIFO opened at its other end)."""
    out = {}

    def run():
        try:
            out["value"] = fn(*args)
        except BaseException as e:  # handed to the test below
            out["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(HANG)
    hung = t.is_alive()
    if hung and unblock is not None:
        unblock()
    assert not hung, f"{fn.__name__} hung"
    if "error" in out:
        raise out["error"]
    return out["value"]


def fifo(path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def open_other_end(path, flags):
    def unblock():
        try:
            os.close(os.open(path, flags | os.O_NONBLOCK))
        except OSError:
            pass
    return unblock


def journal():
    return paths.data_dir() / "outside-temporaries.txt"


def set_aside(path):
    return sorted(p.name for p in path.parent.iterdir() if p.name.startswith(path.name + ".bad-"))


# -- item 3: the store's journal -------------------------------------------------------------------

def test_a_fifo_journal_does_not_stop_the_start_up_and_is_set_aside():
    j = fifo(journal())
    notes = returns_soon(start_up, unblock=open_other_end(j, os.O_WRONLY))
    assert notes == []
    assert paths.wait_tidied(HANG)  # the journal is tidied off the launch's way, in a thread
    assert not os.path.lexists(j)
    assert len(set_aside(j)) == 1  # kept under a new name, never deleted


def test_a_fifo_journal_does_not_hang_an_export(tmp_path):
    from game.library import jobs

    j = fifo(journal())
    dest = tmp_path / "out" / "games.pdn"
    dest.parent.mkdir()
    error = returns_soon(jobs.write_exclusive, dest, "[Event \"x\"]\n1. 11-15 *\n",
                         unblock=open_other_end(j, os.O_RDONLY))
    assert error is None
    assert dest.read_text() == "[Event \"x\"]\n1. 11-15 *\n"
    assert j.is_file() and not j.is_symlink()  # a new journal, which noted the export's temporary
    assert len(set_aside(j)) == 1


def test_a_huge_journal_is_set_aside_without_being_read():
    j = journal()
    j.parent.mkdir(parents=True)
    with open(j, "wb") as f:
        f.truncate(64 << 20)  # sparse: costs no disk; the old code read (and decoded) all of it
    tracemalloc.start()
    try:
        returns_soon(paths.clean_outside_temporaries)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < paths.JOURNAL_LIMIT + (1 << 20), f"{peak} bytes held to look at the journal"
    assert not os.path.lexists(j) and len(set_aside(j)) == 1


def test_a_journal_under_its_cap_is_still_read_and_its_stale_temporaries_removed(tmp_path):
    folder = tmp_path / "player"
    folder.mkdir()
    dead = 2 ** 22 + 12345  # beyond pid_max's default: no such process
    stale = folder / f".games.pdn.{dead}.abcdefgh{paths.TEMP_SUFFIX}"
    stale.write_text("half")
    keep = folder / "games.pdn"
    keep.write_text("mine")
    paths.note_temporary(stale)
    paths.note_temporary(keep)  # not our shape: never removed
    assert paths.clean_outside_temporaries() == [stale]
    assert not stale.exists() and keep.read_text() == "mine"


def test_the_start_up_never_waits_on_the_journal(tmp_path, monkeypatch):
    # however long the journal takes to tidy (a big one, a slow disk), the launch goes on: the tidying is
    # held here until start_up has returned, and still removes the stale temporary afterwards
    folder = tmp_path / "player"
    folder.mkdir()
    stale = folder / f".games.pdn.{2 ** 22 + 12345}.abcdefgh{paths.TEMP_SUFFIX}"
    stale.write_text("half")
    paths.note_temporary(stale)
    gate, began = threading.Event(), threading.Event()
    real = paths.clean_outside_temporaries

    def held():
        began.set()
        gate.wait()
        return real()

    monkeypatch.setattr(paths, "clean_outside_temporaries", held)
    returned = threading.Event()
    launch = threading.Thread(target=lambda: (start_up(), returned.set()), daemon=True)
    launch.start()
    try:
        assert returned.wait(HANG), "start_up waited for the journal"
        assert began.wait(HANG) and stale.exists()  # the tidying is under way, held
    finally:
        gate.set()
    assert paths.wait_tidied(HANG) and not stale.exists() and paths.tidied_outside == [stale]


# -- item 3: tools/mine_puzzles.py --check ---------------------------------------------------------

def run_miner(*args, timeout=HANG):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, str(ROOT / "tools" / "mine_puzzles.py"), *args], capture_output=True,
                          text=True, timeout=timeout, env=env, cwd=ROOT)


def one_clear_line(result):
    assert result.returncode not in (0, None)
    assert "Traceback" not in result.stderr, result.stderr[-2000:]
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines, result.stdout[-500:]
    return lines[-1]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_mine_puzzles_check_refuses_dev_zero():
    line = one_clear_line(run_miner("--check", "/dev/zero"))
    assert "/dev/zero" in line and "not a regular file" in line


def test_mine_puzzles_check_refuses_a_fifo(tmp_path):
    pipe = fifo(tmp_path / "puzzles.pdn")
    try:
        result = run_miner("--check", str(pipe), timeout=HANG)
    except subprocess.TimeoutExpired:
        open_other_end(pipe, os.O_WRONLY)()
        pytest.fail("mine_puzzles --check hung on a FIFO")
    line = one_clear_line(result)
    assert "puzzles.pdn" in line and "not a regular file" in line


def test_mine_puzzles_check_refuses_a_file_past_its_cap(tmp_path):
    from game.training.selection import MAX_FILE

    big = tmp_path / "big.pdn"
    with open(big, "wb") as f:
        f.truncate(MAX_FILE + 1)
    line = one_clear_line(run_miner("--check", str(big)))
    assert "big.pdn" in line and "too large" in line


# -- item 6: a target that is not a regular file ---------------------------------------------------

def a_game_file(tmp_path):
    pdn = tmp_path / "games.pdn"
    pdn.write_text('[Event "x"]\n[Result "*"]\n1. 11-15 23-19 *\n')
    return pdn


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null here")
def test_mine_puzzles_refuses_to_write_over_a_device(tmp_path):
    # (the game holds no puzzle, so even a miner without the check would write nothing there)
    line = one_clear_line(run_miner(str(a_game_file(tmp_path)), "-o", "/dev/null"))
    assert "/dev/null" in line and "not a regular file" in line


def test_mine_puzzles_refuses_to_write_over_a_link_or_a_fifo(tmp_path):
    target = tmp_path / "theirs.pdn"
    target.write_text("theirs\n")
    link = tmp_path / "link.pdn"
    link.symlink_to(target)
    pipe = fifo(tmp_path / "pipe.pdn")
    for out in (link, pipe):
        line = one_clear_line(run_miner(str(a_game_file(tmp_path)), "-o", str(out)))
        assert out.name in line and "not a regular file" in line
    assert link.is_symlink() and target.read_text() == "theirs\n"
    assert pipe.is_fifo()


def test_mine_puzzles_says_a_name_is_too_long(tmp_path):
    out = tmp_path / ("p" * 300 + ".pdn")
    line = one_clear_line(run_miner(str(a_game_file(tmp_path)), "-o", str(out)))
    assert "too long" in line


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="no /dev/null here")
def test_the_library_refuses_to_export_to_a_device(home):
    from library_helpers import open_library

    from game.library import LibraryError
    from game.library.entry import Entry

    lib = open_library(home)
    try:
        with pytest.raises(LibraryError) as info:
            lib.export([Entry(id=1, source=1, kind="saved")], "/dev/null")
        assert "/dev/null" in str(info.value) and "not a regular file" in str(info.value)
        assert not os.path.lexists("/dev/null.pdn")  # never a suffix added to a device's name
    finally:
        lib.close()


def test_an_export_job_refuses_a_target_that_is_not_a_regular_file(tmp_path):
    from game.library import jobs

    pipe = fifo(tmp_path / "pipe")
    link = tmp_path / "link.pdn"
    link.symlink_to(tmp_path / "nowhere.pdn")  # a dangling link: writing would create its target
    for target in (pipe, link):
        with pytest.raises(ValueError, match="not a regular file"):
            jobs.check_export_path(target)
    assert not (tmp_path / "nowhere.pdn").exists()


# -- item 3: the shipped files' readers, handed a FIFO or /dev/zero ------------------------------------

def _endgame(path):
    from game.engine import endgame

    return endgame.read_table(path)


def _patterns(path):
    from game.engine import patterns

    return patterns.read(path)


def _book(path):
    from game.engine import book

    return book.load(path)


def _puzzles(path):
    from game.training.selection import load_puzzles

    return load_puzzles(path)


@pytest.mark.parametrize("reader", [_endgame, _patterns, _book, _puzzles])
def test_the_readers_of_shipped_files_never_hang_on_a_fifo_nor_read_dev_zero(tmp_path, reader):
    pipe = fifo(tmp_path / "shipped.bin")
    for path in (pipe, Path("/dev/zero")):
        try:
            returns_soon(reader, path, unblock=open_other_end(path, os.O_WRONLY))
        except ValueError as e:  # EndgameError, PatternError: ValueErrors saying why
            assert "regular file" in str(e), e
