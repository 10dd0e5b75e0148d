"""The library's parts by job, each without a Library, a window or a worker: one game one row
(copies), the worker's news (events), the rows read a batch at a time (loading), what a rescan
finds (rescan)."""

import os
import sqlite3

from game.library import Catalog, Entry, index
from game.library.copies import Copies
from game.library.events import WorkerJobs
from game.library.home import IndexHome
from game.library.loading import BATCH, RowLoader
from game.library.rescan import compare


def row(id, kind, key="", modified=0.0, source=1):
    return Entry(id, source, kind, black=f"B{id}", key=key, modified=modified)


# -- copies: one game, one row ------------------------------------------------------------

def test_of_a_games_copies_the_archived_file_is_listed_and_the_others_come_back_when_it_goes():
    catalog = Catalog()
    copies = Copies(catalog)
    saved, archived, imported = row(1, "saved", "g1", 3.0), row(2, "archived", "g1", 1.0), row(3, "imported", "g1", 5.0)
    other = row(4, "imported")  # no store id: a game of its own
    copies.show([saved, imported, other])
    assert {e.id for e in catalog.entries} == {1, 4}  # saved beats imported, however new the import
    copies.show([archived])
    assert {e.id for e in catalog.entries} == {2, 4}
    assert [e.id for e in copies.of(archived)] == [2, 1, 3]  # itself first, then every hidden copy
    copies.drop(lambda e: e.id == 2)
    assert {e.id for e in catalog.entries} == {1, 4}  # the next best copy shows again
    copies.drop_source(1)
    assert catalog.entries == []


def test_an_unfinished_record_outranks_every_file_of_its_game():
    catalog = Catalog()
    copies = Copies(catalog)
    copies.show([row(1, "archived", "g", 9.0), row(-2, "unfinished", "g", 0.0, source=-1)])
    assert [e.id for e in catalog.entries] == [-2]


# -- events: the worker's news ----------------------------------------------------------

class Heard:
    def __init__(self):
        self.said, self.again, self.stored, self.forgotten, self.replaced = [], [], [], [], 0

    def rows_stored(self, source_id, old_id):
        self.stored.append((source_id, old_id))

    def source_forgotten(self, source_id):
        self.forgotten.append(source_id)

    def rows_again(self, source_id):
        self.again.append(source_id)

    def index_replaced(self):
        self.replaced += 1

    def say(self, text, bad=False):
        self.said.append((text, bad))


class FakeWorker:
    busy = False

    def __init__(self, db_path):
        self.jobs = []

    def submit(self, kind, *args):
        self.jobs.append(kind)
        return len(self.jobs)

    def poll(self):
        return []


def jobs_of(tmp_path):
    return WorkerJobs(IndexHome(tmp_path / "index.sqlite3", lambda text, bad: None), FakeWorker)


def test_a_full_disk_while_indexing_is_said_once_but_each_time_for_what_the_player_asked(tmp_path):
    jobs, heard = jobs_of(tmp_path), Heard()
    first, second = jobs.submit("index", "a.pdn", "saved"), jobs.submit("index", "b.pdn", "saved")
    asked = jobs.submit("import", "c.pdn", "imported")
    for job in (first, second, asked, asked):
        jobs.handle(("failed", job, "The disk is full", "full"), heard)
    assert heard.said == [("The disk is full", True)] * 3


def test_a_removal_that_failed_lists_its_files_rows_again_and_news_become_rows_and_words(tmp_path):
    jobs, heard = jobs_of(tmp_path), Heard()
    job = jobs.submit("remove", [5, 6], what=("remove", [5, 6], [2, 3]))
    jobs.handle(("failed", job, "cannot write x.pdn"), heard)
    assert heard.again == [2, 3] and heard.said == [("cannot write x.pdn", True)]
    jobs.handle(("indexed", 0, 7, 1, "", 4), heard)
    jobs.handle(("forgotten", 0, 8), heard)
    jobs.handle(("imported", 1, "x.pdn", 3, 1, "after 2. 9-13; …"), heard)
    jobs.handle(("exported", 1, "/tmp/out.pdn", 2, 1), heard)
    jobs.handle(("reset", 0), heard)
    assert heard.stored == [(7, 4)] and heard.forgotten == [8] and heard.replaced == 1
    assert heard.said[1:] == [("Imported 3 games from x.pdn; one stops early, after 2. 9-13", True),
                              ("Exported 2 games to /tmp/out.pdn (1 no longer in the library)", True)]


# -- loading: the index's rows a batch at a time ------------------------------------------

def indexed(tmp_path, files):
    """An index holding ``files`` ({name: number of games}); the connection and each file's source id."""
    conn = index.connect(tmp_path / "index.sqlite3")
    ids = {}
    for name, n in files.items():
        path = tmp_path / name
        path.write_text("x")
        ids[name], _old = index.begin_source(conn, path, "imported", (1, 1), "v")
        index.add_rows(conn, ids[name], [Entry(0, 0, black=f"{name}{i}") for i in range(n)])
        index.finish_source(conn, ids[name])
    return conn, ids


def test_the_rows_are_read_a_batch_a_step_and_listed_together_when_the_load_ends(tmp_path):
    conn, ids = indexed(tmp_path, {"a.pdn": BATCH + 10, "b.pdn": 3})
    loader = RowLoader(trouble=lambda e: None)
    loader.skip.add(ids["b.pdn"])  # its rows come by their own load
    loader.load_all()
    assert loader.step(conn) and loader.ready() == []  # a batch read, the load goes on
    assert loader.step(conn)
    rows = loader.ready()
    assert len(rows) == BATCH + 10 and {e.file for e in rows} == {"a.pdn"}
    assert loader.follow(ids["b.pdn"]) is False  # a new file: nothing to drop
    loader.step(conn)
    assert sorted(e.black for e in loader.ready()) == ["b.pdn0", "b.pdn1", "b.pdn2"]


def test_a_reindexed_files_old_rows_are_dropped_once_even_those_not_listed_yet(tmp_path):
    conn, ids = indexed(tmp_path, {"a.pdn": 2, "b.pdn": 2})
    loader = RowLoader(trouble=lambda e: None)
    loader.load_all()
    loader.step(conn)
    assert len(loader.pending) == 4
    assert loader.follow(99, old_id=ids["a.pdn"]) is True
    assert {e.source for e in loader.pending} == {ids["b.pdn"]}
    assert loader.follow(99, old_id=ids["a.pdn"]) is False


def test_a_broken_read_is_told_and_its_load_given_up(tmp_path):
    conn, _ids = indexed(tmp_path, {"a.pdn": 1})
    conn.execute("DROP TABLE games")
    told = []
    loader = RowLoader(trouble=told.append)
    loader.load_all()
    assert loader.step(conn) and loader.loads == []
    assert len(told) == 1 and isinstance(told[0], sqlite3.Error)


# -- rescan: what the index no longer matches ---------------------------------------------

def test_a_rescan_finds_the_changed_the_new_and_the_gone_files_smallest_first(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    conn = index.connect(tmp_path / "index.sqlite3")
    same, changed, gone = folder / "same.pdn", folder / "changed.pdn", folder / "gone.pdn"
    for p in (same, changed, gone):
        p.write_text("[Black \"A\"]\n\n1. 11-15 *\n")
    ids = {}
    for p in (same, changed, gone):
        ids[p.name], _ = index.begin_source(conn, p, "saved", index.file_stamp(p), "v1")
        index.finish_source(conn, ids[p.name])
    gone.unlink()
    changed.write_text("[Black \"A\"]\n\n1. 11-15 23-19 *\n")
    (folder / "new.pdn").write_text("x" * 1000)
    (folder / ".hidden.pdn").write_text("x")
    os.symlink(same, folder / "link.pdn")
    found = compare(index.known_sources(conn), [(folder, "saved")], "v1")
    assert [p.name for p, _kind, _size in found.stale] == ["changed.pdn", "new.pdn"]
    assert found.replaced == {ids["changed.pdn"]} and found.gone == [ids["gone.pdn"]]
    again = compare(index.known_sources(conn), [(folder, "archived")], "v1")  # another kind: all stale
    assert {p.name for p, _kind, _size in again.stale} == {"same.pdn", "changed.pdn", "new.pdn"}


def test_a_rescan_lists_the_smallest_stale_files_first(tmp_path):
    for i, size in enumerate((900, 50, 700, 10, 300, 5000)):
        (tmp_path / f"{i}.pdn").write_text("x" * size)
    found = compare({}, [(tmp_path, "imported")], "v1")
    assert [size for _path, _kind, size in found.stale] == [10, 50, 300, 700, 900, 5000]
