"""The library, its index and export against hostile files and places, one test per class.

Each class of issue 36 that touches the library: links and files that are not
ours where the index lives, exports that must never write through a link or
leave a partial file, paths no file system can hold, a file holding no game,
a game longer than any cap, more unfinished games than any cap, leftovers of a
kill, two game windows writing one index, a full disk and a locked index.
"""

import errno
import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers import play
from library_helpers import InlineWorker, open_library, settle

from game.library import Library, LibraryError, index, jobs, worker
from game.notation.pdn import read_pdn, write_pdn
from game.rules import Game
from game.store import paths, save_game, save_unfinished, start_up
from game.store.unfinished import latest_unfinished

ROOT = Path(__file__).resolve().parents[1]


def played(n, seed=0):
    return play(Game(), n, seed)


def pdn_of(n_games, prefix="P", plies=6):
    return "\n".join(write_pdn(played(plies, i), {"Black": f"{prefix}{i}", "White": "Q", "Event": "Cup"})
                     for i in range(n_games))


@pytest.fixture
def data(home):
    return home / "data"


def lib_dir(data):
    d = data / "library"
    d.mkdir(parents=True, exist_ok=True)
    return d


def other_program_db(path):
    """An SQLite file of another program that happens to have tables called games and sources."""
    conn = sqlite3.connect(path)
    conn.executescript("CREATE TABLE games (name TEXT); CREATE TABLE sources (url TEXT);"
                       "INSERT INTO games VALUES ('precious'); PRAGMA user_version=7;")
    conn.commit()
    conn.close()
    return path.read_bytes()


def aside(folder, name="index.sqlite3"):
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(name + ".bad-"))


# -- 1. never write through a link, never outside the chosen place ---------------------------------

def test_export_never_writes_through_a_link_nor_deletes_a_file_of_the_old_temporary_name(home, data, tmp_path):
    save_game(played(4), {"Black": "A", "White": "B"})
    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    out = tmp_path / "out"
    out.mkdir()
    (out / ".games.pdn.tmp").symlink_to(victim)  # the old fixed temporary name, planted as a link
    (out / ".other.pdn.tmp").write_text("the player's own file")
    lib = open_library(home)
    lib.export(lib.catalog.entries, out / "games.pdn")
    settle(lib)
    assert victim.read_text() == "mine"
    assert (out / ".games.pdn.tmp").is_symlink() and (out / ".other.pdn.tmp").read_text() == "the player's own file"
    assert [g.tags["Black"] for g in read_pdn((out / "games.pdn").read_text())] == ["A"]
    assert sorted(p.name for p in out.iterdir()) == [".games.pdn.tmp", ".other.pdn.tmp", "games.pdn"]
    lib.close()


def test_export_onto_a_dangling_link_refuses_and_creates_nothing_at_its_target(home, data, tmp_path):
    save_game(played(4), {"Black": "A", "White": "B"})
    (tmp_path / "out.pdn").symlink_to(tmp_path / "elsewhere.pdn")
    lib = open_library(home)
    with pytest.raises(LibraryError, match="not a regular file"):
        lib.export(lib.catalog.entries, tmp_path / "out.pdn")
    lib.close()
    assert not (tmp_path / "elsewhere.pdn").exists()


@pytest.mark.parametrize("target", ["other-db", "dangling", "wal-link", "shm-link"])
def test_the_index_is_never_opened_through_a_link(home, data, tmp_path, target):
    save_game(played(4), {"Black": "A", "White": "B"})
    folder = lib_dir(data)
    other = tmp_path / "other.sqlite3"
    before = other_program_db(other) if target != "dangling" else None
    if target in ("other-db", "dangling"):
        (folder / "index.sqlite3").symlink_to(other if target == "other-db" else tmp_path / "nowhere.sqlite3")
    else:
        open_library(home).close()  # a real index first, then a link planted as its WAL or shared memory
        suffix = "-wal" if target == "wal-link" else "-shm"
        (folder / ("index.sqlite3" + suffix)).unlink(missing_ok=True)
        (folder / ("index.sqlite3" + suffix)).symlink_to(other)
    lib = open_library(home)
    assert [e.black for e in lib.catalog.entries] == ["A"]
    lib.close()
    if target == "dangling":
        assert not (tmp_path / "nowhere.sqlite3").exists()
    else:
        assert other.read_bytes() == before  # the other program's file is untouched
    assert not (folder / "index.sqlite3").is_symlink()
    assert any("set aside" in text for text, bad in lib.news if bad)
    suffix = {"wal-link": "-wal", "shm-link": "-shm"}.get(target, "")
    assert aside(folder, "index.sqlite3" + suffix)


def test_another_programs_database_at_the_index_path_is_set_aside_never_changed(home, data):
    save_game(played(4), {"Black": "A", "White": "B"})
    folder = lib_dir(data)
    before = other_program_db(folder / "index.sqlite3")
    lib = open_library(home)
    assert [e.black for e in lib.catalog.entries] == ["A"]
    lib.close()
    [kept] = aside(folder)
    assert (folder / kept).read_bytes() == before


def test_a_link_planted_at_an_imported_copys_name_is_set_aside_not_written_through(home, data, tmp_path):
    src = tmp_path / "club.pdn"
    text = pdn_of(2)
    src.write_text(text)
    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    imported = lib_dir(data) / "imported"
    imported.mkdir()
    (imported / jobs.import_name(src, text)).symlink_to(victim)
    lib = open_library(home)
    lib.import_file(src)
    settle(lib)
    assert victim.read_text() == "mine"
    assert any("set aside" in t for t, _ in lib.news)
    lib.close()


def test_a_link_in_the_games_folder_is_not_listed_nor_rewritten_by_a_delete(home, data, tmp_path):
    outside = tmp_path / "outside.pdn"
    outside.write_text(pdn_of(2))
    save_game(played(4), {"Black": "Own", "White": "B"})
    (data / "games" / "linked.pdn").symlink_to(outside)
    lib = open_library(home)
    assert [e.black for e in lib.catalog.entries] == ["Own"]
    lib.close()
    assert outside.read_text() == pdn_of(2)


# -- 8. an index the game cannot use is set aside and rebuilt -----------------------------------------

@pytest.mark.parametrize("shape", ["missing-column", "no-sources", "extra-table"])
def test_an_index_of_the_wrong_shape_is_set_aside_and_rebuilt(home, data, shape):
    save_game(played(4), {"Black": "A", "White": "B"})
    folder = lib_dir(data)
    conn = sqlite3.connect(folder / "index.sqlite3")
    if shape == "missing-column":
        conn.executescript("CREATE TABLE sources (id INTEGER PRIMARY KEY, path BLOB);"
                           "CREATE TABLE games (id INTEGER PRIMARY KEY, source INTEGER);")
    elif shape == "no-sources":
        conn.executescript("CREATE TABLE games (id INTEGER PRIMARY KEY, source INTEGER);")
    else:
        conn.executescript("CREATE TABLE sources (id INTEGER PRIMARY KEY); CREATE TABLE notes (x);")
    conn.execute(f"PRAGMA application_id={index.APPLICATION_ID}")
    conn.execute(f"PRAGMA user_version={index.SCHEMA_VERSION}")
    conn.commit()
    conn.close()
    lib = open_library(home)  # OperationalError ("no such column") used to escape open()
    assert [e.black for e in lib.catalog.entries] == ["A"]
    lib.close()
    assert aside(folder)


@pytest.mark.parametrize("thing", ["folder", "fifo", "zero-permissions", "garbage"])
def test_a_folder_fifo_or_unreadable_file_at_the_index_path_is_set_aside(home, data, thing):
    save_game(played(4), {"Black": "A", "White": "B"})
    folder = lib_dir(data)
    p = folder / "index.sqlite3"
    if thing == "folder":
        p.mkdir()
        (p / "inside").write_text("x")
    elif thing == "fifo":
        os.mkfifo(p)
    elif thing == "garbage":
        p.write_bytes(b"SQLite format 3\x00" + b"\xff" * 5000)
    else:
        p.write_bytes(b"")
        p.chmod(0)
        if os.access(p, os.R_OK):  # root reads anything: make it unreadable another way
            p.unlink()
            p.mkdir()
    lib = open_library(home)
    assert [e.black for e in lib.catalog.entries] == ["A"]
    lib.close()
    assert aside(folder)


def hold_the_index_locked(db_path):
    """Another program holding an exclusive lock on the index; the process, to be ended."""
    code = ("import sqlite3, sys, time\n"
            f"c = sqlite3.connect({str(db_path)!r}, isolation_level=None)\n"
            "c.execute('PRAGMA locking_mode=EXCLUSIVE'); c.execute('BEGIN EXCLUSIVE')\n"
            "c.execute('CREATE TABLE IF NOT EXISTS held (x)')\n"
            "print('held', flush=True); time.sleep(600)\n")
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "held"
    return p


def test_a_locked_index_never_makes_the_window_wait_and_is_set_aside_when_it_stays_locked(home, data,
                                                                                            monkeypatch):
    save_game(played(4), {"Black": "A", "White": "B"})
    folder = lib_dir(data)
    open_library(home).close()
    holder = hold_the_index_locked(folder / "index.sqlite3")
    try:
        monkeypatch.setattr(worker, "LOCK_PATIENCE", 0.5)
        lib = Library(data=data, worker_factory=InlineWorker)
        opened = []
        real_connect = sqlite3.connect

        def connect(*args, **kwargs):
            opened.append(kwargs.get("timeout"))
            return real_connect(*args, **kwargs)

        monkeypatch.setattr(sqlite3, "connect", connect)
        lib.open()
        assert opened[0] == 0.0  # the window's connection never waits on a lock
        settle(lib)
        assert [e.black for e in lib.catalog.entries] == ["A"]
        assert lib.conn.execute("PRAGMA busy_timeout").fetchone()[0] == 0
        assert any("locked by another program" in t for t, _ in lib.news)
        assert aside(folder)
        lib.close()
    finally:
        holder.kill()
        holder.wait()


def test_a_corrupt_index_met_while_reading_is_rebuilt(home, data):
    save_game(played(4), {"Black": "A", "White": "B"})
    lib = open_library(home)
    lib.close()
    db = data / "library" / "index.sqlite3"
    raw = bytearray(db.read_bytes())
    raw[4096:8192] = b"\xa5" * 4096  # a page of garbage under a valid header
    db.write_bytes(bytes(raw))
    lib = open_library(home)
    assert [e.black for e in lib.catalog.entries] == ["A"]
    lib.close()


# -- 9. import and export paths ---------------------------------------------------------------------

@pytest.mark.parametrize("typed", [".", "/", "..", "{tmp}", "{tmp}/", "x" * 300, "{tmp}/" + "y" * 300 + ".pdn",
                                   "a\0b.pdn", "   ", "{tmp}/no/such/games.pdn"])
def test_an_export_path_no_file_can_have_is_one_line(home, data, tmp_path, typed):
    save_game(played(4), {"Black": "A", "White": "B"})
    lib = open_library(home)
    with pytest.raises(LibraryError) as e:
        lib.export(lib.catalog.entries, typed.replace("{tmp}", str(tmp_path)))
    assert "\n" not in str(e.value) and len(str(e.value)) < 200
    settle(lib)
    lib.close()
    assert not (tmp_path / "no").exists() and not list(tmp_path.glob("*.pdn"))  # no folder made, no file


@pytest.mark.parametrize("typed", [".", "/", "x" * 300, "/tmp/" + "y" * 300 + ".pdn", "a\0b", "  "])
def test_an_import_path_no_file_can_have_is_one_line(home, typed):
    lib = open_library(home)
    with pytest.raises(LibraryError) as e:
        lib.import_file(typed)
    assert "\n" not in str(e.value) and len(str(e.value)) < 200
    lib.close()


def can_mount():
    return hasattr(os, "geteuid") and os.geteuid() == 0 and sys.platform.startswith("linux")


@pytest.fixture
def small_disk(tmp_path):
    """A folder on a tmpfs of 256 KB (needs root on Linux)."""
    if not can_mount():
        pytest.skip("mounting a small tmpfs needs root on Linux")
    where = tmp_path / "small"
    where.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(where)]).returncode:
        pytest.skip("cannot mount a tmpfs here")
    yield where
    subprocess.run(["umount", "-l", str(where)])


def test_a_read_only_home_is_one_clear_line_and_the_games_are_still_listed(monkeypatch, small_disk):
    home = small_disk
    monkeypatch.setenv("CHECKERS_HOME", str(home))
    save_game(played(4), {"Black": "A", "White": "B"})
    assert subprocess.run(["mount", "-o", "remount,ro", str(home)]).returncode == 0
    lib = Library(data=home / "data", worker_factory=worker.Worker)
    lib.open()
    settle(lib)
    assert [e.black for e in lib.catalog.entries] == ["A"]
    bad = [t for t, b in lib.news if b]
    assert len(bad) == 1 and "session only" in bad[0], lib.news
    lib.import_file("/etc/hostname")
    settle(lib)
    assert lib.news[-1][1] and "stopped unexpectedly" not in lib.news[-1][0]
    lib.close()


# -- 12. a file that holds no game -----------------------------------------------------------------

@pytest.mark.parametrize("content", ["root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/bin/sh\n",
                                     "hello\n", "", "{only a comment}", "*", "2-0"])
def test_a_file_with_no_game_is_refused_and_nothing_is_added(home, data, tmp_path, content):
    src = tmp_path / "passwd"
    src.write_text(content)
    lib = open_library(home)
    lib.import_file(src)
    settle(lib)
    assert lib.news[-1] == ("No games found in passwd; nothing was added", True)
    assert len(lib.catalog) == 0
    imported = data / "library" / "imported"
    assert not imported.exists() or not list(imported.iterdir())
    lib.close()


def test_pasted_text_is_imported_and_pasted_junk_is_refused(home, data):
    lib = open_library(home)
    lib.paste("root:x:0:0\n")
    settle(lib)
    assert lib.news[-1] == ("No games found in the pasted text; nothing was added", True)
    lib.paste(pdn_of(2))
    settle(lib)
    assert sorted(e.black for e in lib.catalog.entries) == ["P0", "P1"]
    with pytest.raises(LibraryError, match="clipboard"):
        lib.paste("  ")
    lib.close()


# -- 4. no silent truncation -----------------------------------------------------------------------

def test_a_game_longer_than_256_kb_is_kept_whole_exported_whole_and_deleted(home, data, tmp_path):
    game = played(10, 3)
    long_game = write_pdn(game, {"Black": "Long", "White": "Q"}).replace(
        "1. ", "{" + "a very long note " * 20_000 + "} 1. ", 1)
    assert len(long_game) > 256 * 1024
    src = tmp_path / "long.pdn"
    src.write_text(pdn_of(1) + "\n" + long_game + "\n" + pdn_of(1, prefix="R"))
    lib = open_library(home)
    lib.import_file(src)
    settle(lib)
    [long] = [e for e in lib.catalog.entries if e.black == "Long"]
    assert long.plies == 10 and not long.error
    assert lib.load_game(long).game.moves == game.moves
    lib.export([long], tmp_path / "out.pdn")
    settle(lib)
    [back] = read_pdn((tmp_path / "out.pdn").read_text())
    assert back.error is None and len(back.moves) == 10 and back.tags["Black"] == "Long"
    assert lib.news[-1] == (f"Exported 1 game to {tmp_path / 'out.pdn'}", False)
    lib.delete(long)
    settle(lib)
    assert sorted(e.black for e in lib.catalog.entries) == ["P0", "R0"]
    assert "Long" not in next((data / "library" / "imported").iterdir()).read_text()
    lib.close()


def test_export_says_how_many_games_it_wrote_when_some_are_gone(home, data, tmp_path):
    paths_ = [save_game(played(4, i), {"Black": f"G{i}", "White": "B"}) for i in range(3)]
    lib = open_library(home)
    entries = list(lib.catalog.entries)
    paths_[0].unlink()
    lib.rescan()  # the file is gone: its game leaves the index
    settle(lib)
    lib.export(entries, tmp_path / "out.pdn")
    settle(lib)
    assert len(read_pdn((tmp_path / "out.pdn").read_text())) == 2
    assert lib.news[-1][0].startswith("Exported 2 games") and "1 no longer in the library" in lib.news[-1][0]
    lib.close()


# -- 10. leftovers -----------------------------------------------------------------------------------

def dead_pid():
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_a_copy_killed_in_the_library_folders_is_removed_at_start(home, data):
    imported = lib_dir(data) / "imported"
    imported.mkdir()
    pid = dead_pid()
    stale = imported / f".club abcdef0123.pdn.{pid}.abcd1234.checkers-tmp"
    stale.write_bytes(b"x" * 100_000)
    index_tmp = data / "library" / f".index.sqlite3.{pid}.zz99zz99.checkers-tmp"
    index_tmp.write_text("x")
    mine = imported / "notes.txt"
    mine.write_text("not ours to remove")
    start_up()
    assert not stale.exists() and not index_tmp.exists() and mine.exists()


def test_a_failed_export_leaves_no_partial_file(home, data, tmp_path, monkeypatch):
    save_game(played(4), {"Black": "A", "White": "B"})
    lib = open_library(home)
    real_fsync = os.fsync

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setattr(os, "fsync", full)
    lib.export(lib.catalog.entries, out / "all.pdn")
    settle(lib)
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert list(out.iterdir()) == []
    assert "disk is full" in lib.news[-1][0]
    lib.close()


def test_an_export_killed_midway_leaves_its_temporary_only_until_the_next_start(home, data, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    code = ("import os, sys, time\n"
            "from pathlib import Path\n"
            "from game.library import jobs\n"
            "jobs.os.fsync = lambda fd: (print('writing', flush=True), time.sleep(600))\n"
            f"jobs.write_exclusive(Path({str(out / 'all.pdn')!r}), 'x' * 100000)\n")
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=ROOT,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert p.stdout.readline().strip() == "writing"
    p.kill()
    p.wait()
    assert [q.name.endswith(".checkers-tmp") for q in out.iterdir()] == [True]
    start_up()
    from game.store.paths import wait_tidied

    assert wait_tidied(60)  # the journal naming it is tidied in a thread, off the launch's way
    assert list(out.iterdir()) == []


# -- 11. every unfinished game can be reached ---------------------------------------------------------

def test_more_than_500_unfinished_games_are_all_listed_and_resumable(home, data):
    ids = []
    for i in range(520):
        gid = f"20200101-{i // 3600:02d}{i // 60 % 60:02d}{i % 60:02d}-{i:06x}"
        assert save_unfinished(gid, played(2, i), "2p", {}, ["black", "white"])
        ids.append(gid)
    oldest = paths.unfinished_dir() / f"{ids[0]}.json"
    os.utime(oldest, (1, 1))
    lib = Library(worker_factory=InlineWorker)
    lib.open()
    settle(lib)
    listed = {u.id for u in lib.unfinished.values()}
    assert listed == set(ids)
    [old] = [e for e in lib.catalog.entries if e.file == ids[0]]
    assert lib.unfinished_record(old).game.ply == 2
    lib.delete(old)
    assert not oldest.exists()
    lib.close()
    assert latest_unfinished() is not None


# -- 5. two game windows on one home ------------------------------------------------------------------

TWO = r"""
import sys, time
from game.library import Library
from library_helpers import settle
role, src = sys.argv[1], sys.argv[2]
lib = Library()
lib.open()
if role == "import":
    lib.import_file(src)
    print("started", flush=True)
    settle(lib, 600)
else:
    for _ in range(int(src)):
        lib.open()
        for _ in range(20):
            lib.update()
            time.sleep(0.01)
        lib.close()
        lib = Library()
    lib.open()
    settle(lib, 600)
print(len(lib.catalog), flush=True)
lib.close()
"""


def test_two_windows_one_importing_while_the_other_opens_leave_no_orphans(home, data, tmp_path):
    src = tmp_path / "big.pdn"
    src.write_text(pdn_of(3000, plies=8))
    env = dict(os.environ, PYTHONPATH=f"{ROOT}{os.pathsep}{ROOT / 'tests'}")
    importer = subprocess.Popen([sys.executable, "-c", TWO, "import", str(src)], stdout=subprocess.PIPE,
                                text=True, env=env, cwd=ROOT)
    assert importer.stdout.readline().strip() == "started"
    opener = subprocess.run([sys.executable, "-c", TWO, "open", "15"], capture_output=True, text=True,
                            env=env, cwd=ROOT, timeout=600)
    assert opener.returncode == 0, opener.stderr
    out, _ = importer.communicate(timeout=600)
    assert importer.returncode == 0
    assert out.split()[-1] == "3000"
    conn = sqlite3.connect(data / "library" / "index.sqlite3")
    assert index.orphans(conn) == 0
    assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 3000
    assert conn.execute("SELECT count(*) FROM sources").fetchone()[0] == 1
    conn.close()
    lib = open_library(home)
    assert len(lib.catalog) == 3000
    lib.close()


def test_orphan_rows_are_cleaned_when_the_library_opens(home, data):
    save_game(played(4), {"Black": "A", "White": "B"})
    open_library(home).close()
    conn = sqlite3.connect(data / "library" / "index.sqlite3")
    conn.execute("INSERT INTO games(source, number, black, text) VALUES (9999, 0, 'orphan', '')")
    conn.commit()
    conn.close()
    lib = open_library(home)
    assert index.orphans(lib.conn) == 0 and [e.black for e in lib.catalog.entries] == ["A"]
    lib.close()


def test_rows_are_never_added_to_a_file_another_writer_took_over(tmp_path):
    conn = index.connect(tmp_path / "i.sqlite3")
    sid, _ = index.begin_source(conn, tmp_path / "a.pdn", "saved", (1, 1), "v")
    index.begin_source(conn, tmp_path / "a.pdn", "saved", (1, 2), "v")  # another writer: sid is gone
    with pytest.raises(index.SourceGone):
        index.add_rows(conn, sid, [r for r, _ in jobs.scan.iter_rows(pdn_of(2))])
    assert index.orphans(conn) == 0
    conn.close()


# -- 6. the WAL and a full disk -------------------------------------------------------------------------

def test_the_wal_is_emptied_after_each_job(home, data, tmp_path):
    src = tmp_path / "many.pdn"
    src.write_text(pdn_of(1200))
    lib = open_library(home)
    lib.import_file(src)
    settle(lib)
    wal = data / "library" / "index.sqlite3-wal"
    assert len(lib.catalog) == 1200 and wal.stat().st_size == 0  # while the library is still open
    lib.close()


def test_a_full_disk_is_said_once(home, data, tmp_path):
    lib = open_library(home)
    for n in range(5):
        lib._on_event(("failed", n, "Cannot copy x into the library: the disk is full — free some space", "full"))
    assert len([t for t, _ in lib.news if "full" in t]) == 1
    lib.close()


def test_on_a_small_disk_every_failure_is_shown_and_nothing_saved_is_lost(monkeypatch, small_disk, tmp_path):
    home = small_disk
    monkeypatch.setenv("CHECKERS_HOME", str(home))
    kept = [save_game(played(6, i), {"Black": f"K{i}", "White": "B"}) for i in range(3)]
    before = {p: p.read_bytes() for p in kept}
    src = tmp_path / "big.pdn"
    src.write_text(pdn_of(1000))  # its copy fits on the disk, its copy and its index do not
    lib = Library(data=home / "data", worker_factory=worker.Worker)
    lib.open()
    settle(lib)
    lib.import_file(src)
    settle(lib, 300)
    assert len([t for t, bad in lib.news if bad and "disk is full" in t]) == 1, lib.news
    assert {e.black for e in lib.catalog.entries} >= {"K0", "K1", "K2"}
    lib.import_file(src)  # the copy is there: indexing it again fails again, said no more
    settle(lib, 300)
    lib.export(list(lib.catalog.entries), home / "all.pdn")
    settle(lib, 300)
    assert lib.news[-1][1] or lib.news[-1][0].startswith("Exported"), lib.news
    lib.close()
    assert {p: p.read_bytes() for p in kept} == before
    leftovers = [p for p in home.rglob("*") if p.name.endswith(".checkers-tmp")]
    assert leftovers == []
    assert not list(home.rglob("*.bad-*"))  # a full disk is not a broken index: nothing set aside


def test_an_index_on_a_full_disk_is_kept_and_the_games_are_listed_for_the_session(monkeypatch, small_disk):
    home = small_disk
    monkeypatch.setenv("CHECKERS_HOME", str(home))
    save_game(played(6), {"Black": "K", "White": "B"})
    open_library(home).close()
    before = (home / "data" / "library" / "index.sqlite3").read_bytes()
    fd = os.open(home / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        while os.write(fd, b"\0" * 4096):
            pass
    except OSError:
        pass
    os.close(fd)
    save_game_text = home / "data" / "games" / "new.pdn"
    try:
        save_game_text.write_text(pdn_of(1))
    except OSError:
        pass
    lib = Library(data=home / "data", worker_factory=InlineWorker)
    lib.open()
    settle(lib)
    assert "K" in {e.black for e in lib.catalog.entries}
    assert not list(home.rglob("*.bad-*"))
    lib.close()
    assert (home / "data" / "library" / "index.sqlite3").read_bytes()[:100] == before[:100]


# -- 3. background work goes on after the screen is left -------------------------------------------------

def test_a_background_import_survives_the_library_being_put_away_and_taken_back(home, data, tmp_path):
    from game.ui.scenes import load

    src = tmp_path / "many.pdn"
    src.write_text(pdn_of(800))
    lib = Library(data=data, worker_factory=worker.Worker)
    lib.open()
    lib.import_file(src)
    load.put_away(lib)  # the player leaves the Load screen: the worker goes on
    assert lib.worker is not None and lib.worker.alive
    again = load.take_back(data)
    assert again is lib
    settle(again, 300)
    assert len(again.catalog) == 800 and any("Imported 800 games" in t for t, _ in again.news)
    again.close()


def returns_soon(fn, timeout=60):
    t = threading.Thread(target=fn, daemon=True)
    t.start()
    t.join(timeout)
    assert not t.is_alive()


def test_every_job_ends_with_one_line_when_the_index_folder_cannot_be_written(home, tmp_path):
    w = worker.Worker(Path("/proc/no-such-place/index.sqlite3"))
    w.submit("index", str(tmp_path / "x.pdn"), "saved")
    deadline = time.monotonic() + 60
    events = []
    while w.busy and time.monotonic() < deadline:
        events += w.poll()
        time.sleep(0.01)
    w.close()
    failed = [e for e in events if e[0] == "failed"]
    assert len(failed) == 1 and failed[0][2].startswith("The library cannot work here")


def test_the_librarys_folders_as_links_are_set_aside_and_nothing_is_written_where_they_point(home, data, tmp_path):
    save_game(played(4), {"Black": "A", "White": "B"})
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (data / "library").symlink_to(elsewhere)
    lib = open_library(home)
    assert [e.black for e in lib.catalog.entries] == ["A"]
    assert not (data / "library").is_symlink() and (data / "library" / "index.sqlite3").is_file()
    src = tmp_path / "club.pdn"
    src.write_text(pdn_of(2))
    other = tmp_path / "other"
    other.mkdir()
    (data / "library" / "imported").symlink_to(other)
    lib.import_file(src)
    settle(lib)
    assert sorted(e.black for e in lib.catalog.entries) == ["A", "P0", "P1"]
    lib.close()
    assert list(elsewhere.iterdir()) == [] and list(other.iterdir()) == []
    assert any("set aside" in t for t, bad in lib.news if bad)


def test_an_unfinished_record_that_is_a_link_is_a_broken_row_and_its_target_untouched(home, tmp_path):
    from game.store.unfinished import list_unfinished, load_unfinished

    target = tmp_path / "precious.json"
    target.write_text('{"format": "checkers-autosave", "version": 1, "moves": []}')
    folder = paths.unfinished_dir()
    folder.mkdir(parents=True)
    gid = "20200101-000000-abcdef"
    (folder / f"{gid}.json").symlink_to(target)
    [entry] = list_unfinished()
    assert entry.broken and "link" in entry.error
    opened = load_unfinished(gid)
    assert "set aside" in opened.error and not (folder / f"{gid}.json").exists()
    assert target.read_text().startswith('{"format"')
