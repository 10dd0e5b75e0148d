"""The game library without a window: scanning files, the index, filter and sort, import/export/delete."""

import os
import sqlite3
import time

import pytest
from helpers import play
from library_helpers import open_library, settle

from game.library import Catalog, Entry, Library, LibraryError, index, jobs, scan
from game.library.worker import Worker
from game.notation.pdn import read_pdn, write_pdn
from game.rules import Game
from game.store import save_game


def played(n, seed=0):
    return play(Game(), n, seed)


def pdn_of(n_games, prefix="P", event="Cup", plies=6):
    return "\n".join(write_pdn(played(plies, i), {"Black": f"{prefix}{i}", "White": "Q", "Event": event,
                                                  "Date": f"2020.01.{i % 28 + 1:02d}"})
                     for i in range(n_games))


BROKEN = '[Black "X"]\n[White "Y"]\n\n1. 11-15 23-19 2. 8-11 22-18 3. 30-26 *\n'


@pytest.fixture
def data(home):
    return home / "data"


# -- scanning one file ---------------------------------------------------------------------

def test_scan_rows_players_result_length_and_a_broken_game_keeps_its_moves():
    text = pdn_of(2) + "\n" + BROKEN
    rows = [r for r, _ in scan.iter_rows(text)]
    assert [r.black for r in rows] == ["P0", "P1", "X"]
    assert [r.plies for r in rows] == [6, 6, 4]
    assert rows[0].event == "Cup" and rows[0].date == "2020-01-01" and rows[0].result == "*"
    assert rows[2].error and "30-26" in rows[2].error and not rows[0].error
    assert [r.number for r in rows] == [0, 1, 2]
    # each row's own text reads back as that game alone
    assert [len(read_pdn(r.text)) for r in rows] == [1, 1, 1]
    assert read_pdn(rows[1].text)[0].tags["Black"] == "P1"


def test_scan_games_sharing_a_line_each_keep_their_own_text():
    rows = [r for r, _ in scan.iter_rows("1. 11-15 * 1. 9-13 22-18 *\n")]
    assert [r.plies for r in rows] == [1, 2]
    assert [len(read_pdn(r.text)[0].moves) for r in rows] == [1, 2]


def test_scan_reads_every_game_of_a_long_text_with_its_own_text():
    rows = [r for r, _ in scan.iter_rows(pdn_of(300))]
    assert [r.black for r in rows] == [f"P{i}" for i in range(300)]
    assert all(not r.error for r in rows)
    assert [read_pdn(r.text)[0].tags["Black"] for r in rows[::37]] == [f"P{i}" for i in range(0, 300, 37)]


def test_scan_file_never_raises_and_says_why(tmp_path):
    nul = tmp_path / "nul.pdn"
    nul.write_bytes(b"\x00\x01\x02" + b"1. 11-15 *")
    assert "not a text file" in scan.scan_file(nul).error
    assert "does not exist" in scan.scan_file(tmp_path / "missing.pdn").error
    assert "folder" in scan.scan_file(tmp_path).error
    empty = tmp_path / "empty.pdn"
    empty.write_text("just words, no moves\n")
    result = scan.scan_file(empty)
    assert result.error or all(r.error for r in result.rows)
    fifo = tmp_path / "fifo.pdn"
    os.mkfifo(fifo)
    assert "not a regular file" in scan.scan_file(fifo).error  # and no hang


def test_hostile_tags_are_cut_and_cleaned():
    text = '[Black "A\x1b[31m\x00B' + "x" * 5000 + '"]\n[White "\ud800Z"]\n\n1. 11-15 *\n'
    [row] = [r for r, _ in scan.iter_rows(text)]
    assert row.black.startswith("A") and "[31m" in row.black and len(row.black) <= 80
    assert row.black.isprintable()
    assert row.white == "?Z"  # an unpaired surrogate is shown as "?" (as a file name's odd byte is)


# -- catalog: filter and sort --------------------------------------------------------------

def entries():
    people = [("Ann", "Bob", "Club Night", "2021.05.01", "2-0", 40, "Old Fourteenth"),
              ("Carla", "Ann", "Scottish Open", "2019.01.02", "1-1", 60, "Single Corner"),
              ("Derek", "Eve", "Club Night", "2023.07.07", "0-2", 20, ""),
              ("Human", "Computer (Master)", "Casual game", "2024.01.01", "*", 11, "")]
    return [Entry(i, 1, "imported", i, b, w, ev, "", d, r, p, op) for i, (b, w, ev, d, r, p, op) in enumerate(people)]


def test_filter_by_player_event_opening_result_and_words_together():
    c = Catalog(entries())
    names = lambda: [e.black for e in c.view]  # noqa: E731
    c.set_query("ann")
    assert sorted(names()) == ["Ann", "Carla"]
    c.set_query("ann club")
    assert names() == ["Ann"]
    c.set_query("single")
    assert names() == ["Carla"]
    c.set_query("white won")
    assert names() == ["Derek"]
    c.set_query("unfinished")
    assert names() == ["Human"]
    c.set_query("")
    assert len(c.view) == 4


def test_narrowing_filter_gives_the_same_rows_as_filtering_afresh():
    many = [Entry(i, 1, "imported", i, f"Player{i % 97}", f"Other{i % 13}", f"Event{i % 7}", "",
                  f"20{i % 30:02d}.01.01", "2-0", i % 90) for i in range(3000)]
    typed = Catalog(many)
    for n in range(1, len("player1")):
        typed.set_query("player1"[:n])
    typed.set_query("player1")
    fresh = Catalog(many)
    fresh.set_query("player1")
    assert [e.id for e in typed.view] == [e.id for e in fresh.view]
    assert 0 < len(fresh.view) < len(many)


def test_sort_by_column_and_again_reverses():
    c = Catalog(entries())
    assert [e.date for e in c.view] == sorted((e.date for e in c.entries), reverse=True)  # newest first
    c.set_sort("players")
    assert [e.black for e in c.view] == ["Ann", "Carla", "Derek", "Human"]
    c.set_sort("players")
    assert [e.black for e in c.view] == ["Human", "Derek", "Carla", "Ann"]
    c.set_sort("plies")
    assert [e.plies for e in c.view] == [60, 40, 20, 11]
    c.set_sort("opening", descending=False)
    assert [e.opening for e in c.view][:2] == ["Old Fourteenth", "Single Corner"]
    c.set_query("club")
    c.set_sort("date", descending=False)
    assert [e.black for e in c.view] == ["Ann", "Derek"]  # sorted and filtered together
    with pytest.raises(KeyError, match="columns"):
        c.set_sort("colour")


def test_catalog_shows_a_row_read_twice_once_and_removes_a_source():
    c = Catalog(entries())
    c.add(entries())
    assert len(c) == 4
    c.add([Entry(10, 2, "saved", 0, "Zed")])
    assert c.remove_source(1) == 4 and [e.black for e in c.view] == ["Zed"]


# -- the library: open, index, reopen ------------------------------------------------------

def test_saved_games_are_listed_and_reopening_reads_the_index_only(home, data):
    save_game(played(4), {"Black": "Human", "White": "Computer (Master)", "WhiteLevel": "Master"})
    (data / "games").mkdir(parents=True, exist_ok=True)
    (data / "games" / "club.pdn").write_text(pdn_of(3) + "\n" + BROKEN)
    lib = open_library(home)
    assert len(lib.catalog) == 5
    broken = [e for e in lib.catalog.entries if e.error]
    assert [e.black for e in broken] == ["X"] and broken[0].plies == 4
    loaded = lib.load_game(broken[0])
    assert loaded.game.ply == 4 and "30-26" in loaded.error
    lib.close()

    class NoWorker:
        def __init__(self, db_path):
            raise AssertionError("nothing changed: no file should be read again")

    again = open_library(home, worker=NoWorker)
    assert sorted(e.black for e in again.catalog.entries) == sorted(e.black for e in lib.catalog.entries)
    again.close()


def test_a_changed_file_is_indexed_again_and_a_removed_one_forgotten(home, data):
    folder = data / "games"
    folder.mkdir(parents=True)
    club = folder / "club.pdn"
    club.write_text(pdn_of(2))
    other = folder / "other.pdn"
    other.write_text(pdn_of(1, prefix="O"))
    open_library(home).close()
    club.write_text(pdn_of(3))
    os.utime(club, ns=(time.time_ns(), time.time_ns() + 10_000_000))
    other.unlink()
    lib = open_library(home)
    assert sorted(e.black for e in lib.catalog.entries) == ["P0", "P1", "P2"]
    assert lib.conn.execute("SELECT count(*) FROM sources").fetchone()[0] == 1
    lib.close()


def test_an_unusable_index_is_set_aside_and_rebuilt(home, data):
    save_game(played(2), {"Black": "A", "White": "B"})
    lib_dir = data / "library"
    lib_dir.mkdir(parents=True)
    (lib_dir / "index.sqlite3").write_bytes(b"this is not a database" * 100)
    lib = open_library(home)
    assert [e.black for e in lib.catalog.entries] == ["A"]
    assert list(lib_dir.glob("index.sqlite3.bad-*"))
    lib.close()


def test_an_unreadable_file_is_one_bad_row(home, data):
    folder = data / "games"
    folder.mkdir(parents=True)
    (folder / "junk.pdn").write_bytes(b"\x00\x01\x02")
    bad_name = os.fsencode(str(folder)) + b"/caf\xe9.pdn"
    with open(bad_name, "w") as f:
        f.write(pdn_of(1))
    lib = open_library(home)
    rows = sorted(lib.catalog.entries, key=lambda e: e.number)
    assert rows[0].number == -1 and "not a text file" in rows[0].error
    assert rows[1].black == "P0" and "\udce9" not in rows[1].file
    with pytest.raises(LibraryError, match="not a text file"):
        lib.load_game(rows[0])
    lib.close()


# -- import, export, delete ----------------------------------------------------------------

def test_import_copies_the_file_and_never_touches_it(home, data, tmp_path):
    src = tmp_path / "collection.pdn"
    src.write_bytes(pdn_of(5).replace("\n", "\r\n").encode("cp1252"))
    before = (src.read_bytes(), src.stat().st_mtime_ns)
    lib = open_library(home)
    lib.import_file(src)
    settle(lib)
    assert sorted(e.black for e in lib.catalog.entries) == [f"P{i}" for i in range(5)]
    assert (src.read_bytes(), src.stat().st_mtime_ns) == before
    copies = list((data / "library" / "imported").glob("*.pdn"))
    assert len(copies) == 1 and copies[0].name.startswith("collection ")
    assert any("Imported 5 games" in text for text, _ in lib.news)
    lib.import_file(src)
    settle(lib)
    assert lib.news[-1] == ("collection.pdn is already in the library", True) and len(lib.catalog) == 5
    with pytest.raises(LibraryError, match="no such file"):
        lib.import_file(tmp_path / "nope.pdn")
    with pytest.raises(LibraryError, match="folder"):
        lib.import_file(tmp_path)
    lib.close()


def test_import_of_a_file_that_cannot_be_read_is_news_not_a_crash(home, tmp_path):
    bad = tmp_path / "bad.pdn"
    bad.write_bytes(b"\x00" * 100)
    lib = open_library(home)
    lib.import_file(bad)
    settle(lib)
    assert lib.news[-1][1] is True and "not a text file" in lib.news[-1][0]
    assert len(lib.catalog) == 0
    lib.close()


def test_import_of_a_device_a_fifo_or_a_huge_file_is_refused_without_hanging(home, tmp_path, monkeypatch):
    fifo = tmp_path / "pipe.pdn"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.pdn"
    huge.write_text(pdn_of(3))
    monkeypatch.setattr(scan, "MAX_FILE_BYTES", 100)
    lib = open_library(home)
    for path, why in (("/dev/zero", "not a regular file"), (fifo, "not a regular file"), (huge, "too large")):
        lib.import_file(path)
        settle(lib)
        assert lib.news[-1][1] is True and why in lib.news[-1][0], lib.news[-1]
    assert len(lib.catalog) == 0 and not list((home / "data" / "library" / "imported").glob("*"))
    lib.close()


def test_export_writes_the_chosen_games_as_their_file_holds_them_and_never_over_a_file(home, data, tmp_path):
    (data / "games").mkdir(parents=True)
    messy = '[Black "M"]\n[White "N"]\n[Result "1-0"]\n11-15 23-19 8-11! 22-18 {a note} 1-0\n'
    (data / "games" / "club.pdn").write_text(pdn_of(3) + "\n" + messy + "\n" + BROKEN)
    lib = open_library(home)
    chosen = sorted(lib.catalog.entries, key=lambda e: e.number)[1:]
    dest = tmp_path / "out.pdn"
    lib.export(chosen, dest)
    settle(lib)
    games = read_pdn(dest.read_text())
    assert [g.tags.get("Black") for g in games] == ["P1", "P2", "M", "X"]
    assert [len(g.moves) for g in games] == [6, 6, 4, 4]
    assert games[2].result == "2-0" and games[2].error is None
    assert messy.strip() in dest.read_text()  # the game as its file has it: its comment, mark and result kept
    assert "30-26" in dest.read_text()  # a broken game keeps its text, nothing lost
    with pytest.raises(LibraryError, match="already exists"):
        lib.export(chosen, dest)
    with pytest.raises(LibraryError, match="no games"):
        lib.export([], tmp_path / "none.pdn")
    lib.close()


def test_delete_a_game_from_a_file_and_a_files_only_game(home, data):
    one = save_game(played(3), {"Black": "Solo", "White": "B"})
    (data / "games" / "club.pdn").write_text(pdn_of(3))
    lib = open_library(home)
    [solo] = [e for e in lib.catalog.entries if e.black == "Solo"]
    lib.delete(solo)
    assert "Solo" not in [e.black for e in lib.catalog.entries]  # gone from the list at once
    settle(lib)
    assert not one.exists()
    [p1] = [e for e in lib.catalog.entries if e.black == "P1"]
    lib.delete(p1)
    settle(lib)
    assert [g.tags["Black"] for g in read_pdn((data / "games" / "club.pdn").read_text())] == ["P0", "P2"]
    assert sorted(e.black for e in lib.catalog.entries) == ["P0", "P2"]
    lib.close()
    assert sorted(e.black for e in open_library(home).catalog.entries) == ["P0", "P2"]


def test_opening_a_game_from_a_big_file_reads_only_that_game(home, data, monkeypatch):
    (data / "games").mkdir(parents=True)
    (data / "games" / "big.pdn").write_text(pdn_of(60))
    lib = open_library(home)
    [e] = [e for e in lib.catalog.entries if e.black == "P41"]
    monkeypatch.setattr(scan, "read_source", lambda *a: pytest.fail("the file was read again"))
    loaded = lib.load_game(e)
    assert loaded.tags["Black"] == "P41" and loaded.game.moves == played(6, 41).moves
    lib.close()


class GatedWorker:
    """Runs jobs in a thread that waits after each batch of stored rows until the test lets it go on."""

    def __init__(self, db_path):
        import queue
        import threading

        self.db_path, self.events, self.gate = db_path, queue.Queue(), threading.Semaphore(0)
        self.pending, self.threads, self.n = set(), [], 0

    def submit(self, kind, *args):
        import threading

        self.n += 1
        job = (kind, self.n, *args)
        self.pending.add(self.n)

        def emit(event):
            self.events.put(event)
            if event[0] == "rows":
                self.gate.acquire()

        def run():
            conn = index.connect(self.db_path)
            jobs.run_job(conn, job, emit)
            conn.close()

        t = threading.Thread(target=run, daemon=True)
        t.start()
        self.threads.append(t)
        return self.n

    def poll(self):
        out = []
        while not self.events.empty():
            event = self.events.get()
            if event[0] == "done":
                self.pending.discard(event[1])
            out.append(event)
        return out

    @property
    def busy(self):
        return bool(self.pending)

    def close(self):
        for _ in range(100):
            self.gate.release()
        for t in self.threads:
            t.join(30)


def test_a_big_files_games_are_listed_while_it_is_still_being_read(home, tmp_path):
    src = tmp_path / "big.pdn"
    src.write_text(pdn_of(jobs.BATCH * 2 + 100))
    lib = open_library(home, worker=GatedWorker)
    lib.import_file(src)
    deadline = time.monotonic() + 60
    while not any(True for _ in lib.catalog.entries) and time.monotonic() < deadline:
        lib.update()
        time.sleep(0.005)
    for _ in range(20):
        lib.update()
    assert lib.busy and len(lib.catalog) == jobs.BATCH  # the first batch is listed, the rest still to read
    lib.worker.gate.release()
    lib.worker.gate.release()
    settle(lib)
    assert len(lib.catalog) == jobs.BATCH * 2 + 100
    assert len({e.id for e in lib.catalog.entries}) == len(lib.catalog)  # each game once
    lib.close()


# -- the real background process -----------------------------------------------------------

def test_background_process_imports_with_progress_and_ends(home, tmp_path):
    src = tmp_path / "many.pdn"
    src.write_text(pdn_of(1500))  # more than one piece of text: progress before the end
    lib = Library(data=home / "data")
    lib.open()
    job = lib.import_file(src)
    assert job and lib.busy
    seen = []
    poll = lib.worker.poll

    def watched():
        events = poll()
        seen.extend(e[2:] for e in events if e[0] == "progress" and e[2].startswith("Reading"))
        return events

    lib.worker.poll = watched
    deadline = time.monotonic() + 180
    while lib.busy and time.monotonic() < deadline:
        lib.update()
        time.sleep(0.01)
    settle(lib)
    assert len(lib.catalog) == 1500
    assert any(0 < done < total for _, done, total in seen)  # the bar moved...
    assert seen[-1][1] == seen[-1][2]  # ...to its end
    process = lib.worker._process
    lib.close()
    assert process is None or not process.is_alive()


def test_worker_reports_a_dead_process_instead_of_waiting_for_ever(home, tmp_path):
    w = Worker(home / "index.sqlite3")
    w.submit("index", str(tmp_path / "x.pdn"), "saved")
    w._process.kill()
    w._process.join(10)
    deadline = time.monotonic() + 30
    events = []
    while w.busy and time.monotonic() < deadline:
        events += w.poll()
        time.sleep(0.01)
    assert not w.busy
    w.close()
    assert w._process is None


def test_index_schema_keeps_ids_unique(tmp_path):
    conn = index.connect(tmp_path / "i.sqlite3")
    sid, old = index.begin_source(conn, tmp_path / "a.pdn", "saved", (1, 1), "v")
    rows = [r for r, _ in scan.iter_rows(pdn_of(2))]
    index.add_rows(conn, sid, rows)
    first = [r[0] for r in conn.execute("SELECT id FROM games")]
    sid2, old2 = index.begin_source(conn, tmp_path / "a.pdn", "saved", (1, 2), "v")
    assert old2 == sid and old is None
    index.add_rows(conn, sid2, rows)
    second = [r[0] for r in conn.execute("SELECT id FROM games")]
    assert not set(first) & set(second)  # an old id never names another game
    assert isinstance(conn, sqlite3.Connection)
    conn.close()


def test_rows_name_the_opening_and_the_filter_finds_it(home, data):
    from game.notation.openings import opening_of

    games = [played(8, i) for i in range(6)]
    labels = [opening_of(g).label if opening_of(g) else "" for g in games]
    assert any(labels)
    (data / "games").mkdir(parents=True)
    (data / "games" / "club.pdn").write_text("\n".join(write_pdn(g, {"Black": f"P{i}"})
                                                        for i, g in enumerate(games)))
    lib = open_library(home)
    by_player = {e.black: e.opening for e in lib.catalog.entries}
    assert [by_player[f"P{i}"] for i in range(6)] == labels
    named = next(label for label in labels if label)
    lib.catalog.set_query(named.split(" (")[0].lower())
    assert {e.black for e in lib.catalog.view} >= {f"P{i}" for i, label in enumerate(labels) if label == named}
    lib.close()


def test_saved_archived_and_imported_games_are_one_list(home, data, tmp_path):
    from game.store import archive_dir

    save_game(played(2), {"Black": "Saved"})
    archive_dir().mkdir(parents=True, exist_ok=True)
    (archive_dir() / "finished.pdn").write_text(write_pdn(played(4), {"Black": "Archived"}))
    src = tmp_path / "theirs.pdn"
    src.write_text(write_pdn(played(6), {"Black": "Imported"}))
    lib = open_library(home)
    lib.import_file(src)
    settle(lib)
    assert sorted((e.black, e.kind) for e in lib.catalog.entries) == [
        ("Archived", "archived"), ("Imported", "imported"), ("Saved", "saved")]
    lib.catalog.set_query("archived")
    assert [e.black for e in lib.catalog.view] == ["Archived"]
    lib.close()
