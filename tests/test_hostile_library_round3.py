"""The library against issue 45's third hostile pass (items 5 and 7), one test per class.

- An export writes each game as its file holds it: every comment (``%clock`` times and
  annotations) kept, so a game continued from the export keeps its clocks.
- An index holding a planted trigger (every insert an IntegrityError) is set aside and
  rebuilt, whether it is there when the library opens or planted while it is open.
- A home whose path is not UTF-8 lists its games, and the Game library screen opens on it.
"""

import os
import sqlite3
import time
from pathlib import Path

import pytest
from helpers import play
from library_helpers import open_library, settle

from game.library import Library, index
from game.notation.pdn import read_pdn
from game.rules import Game
from game.store import save_game

CLOCKED = """[Event "Club night"]
[Black "Ann"]
[White "Bob"]
[Result "*"]
[TimeControl "300+5"]

1. 11-15 {[%clock b0:04:58]} 23-19 {[%clock w0:04:57] A fine reply; the usual.} 2. 8-11 {[%clock b0:04:51]}
22-17 {[%clock w0:04:40] (annotation: 22-18 is the book move)} *
"""


def played(n, seed=0):
    return play(Game(), n, seed)


def aside(folder, name="index.sqlite3"):
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(name + ".bad-"))


def plant_trigger(db):
    conn = sqlite3.connect(db)
    conn.execute("CREATE TRIGGER planted BEFORE INSERT ON games BEGIN SELECT RAISE(ABORT, 'refused'); END")
    conn.commit()
    conn.close()


# -- item 5: export writes what the game file holds --------------------------------------------------

def test_export_keeps_every_comment_clock_and_annotation(home, tmp_path):
    games = home / "data" / "games"
    games.mkdir(parents=True)
    (games / "club.pdn").write_text(CLOCKED + "\n" + CLOCKED.replace("Ann", "Cid"))
    lib = open_library(home)
    dest = tmp_path / "out.pdn"
    lib.export(sorted(lib.catalog.entries, key=lambda e: e.black), dest)
    settle(lib)
    lib.close()
    out = dest.read_text()
    assert out.count("%clock") == 2 * CLOCKED.count("%clock") == 8
    assert out.count("(annotation: 22-18 is the book move)") == 2 and out.count("A fine reply") == 2
    assert CLOCKED.strip() in out  # the game exactly as its file has it
    assert [g.tags["Black"] for g in read_pdn(out)] == ["Ann", "Cid"]


# -- item 5: an index with a planted trigger -------------------------------------------------------------

def test_an_index_with_a_planted_trigger_is_set_aside_and_rebuilt_when_the_library_opens(home):
    save_game(played(4), {"Black": "A", "White": "B"})
    open_library(home).close()
    db = home / "data" / "library" / "index.sqlite3"
    plant_trigger(db)
    save_game(played(6, 1), {"Black": "New", "White": "B"})
    lib = open_library(home)
    try:
        assert sorted(e.black for e in lib.catalog.entries) == ["A", "New"]
        assert any("trigger" in text for text, bad in lib.news), lib.news
    finally:
        lib.close()
    assert aside(db.parent)  # kept under a new name, never deleted


def test_an_index_that_keeps_failing_while_open_is_set_aside_and_rebuilt(home):
    save_game(played(4), {"Black": "A", "White": "B"})
    lib = Library()  # with its real background worker, which decides when an index keeps failing
    lib.open()
    try:
        settle(lib)
        db = home / "data" / "library" / "index.sqlite3"
        plant_trigger(db)
        for n in range(3):
            save_game(played(6 + n, n), {"Black": f"New{n}", "White": "B"})
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            lib.refresh()
            settle(lib)
            if sorted(e.black for e in lib.catalog.entries) == ["A", "New0", "New1", "New2"]:
                break
            time.sleep(0.2)
        assert sorted(e.black for e in lib.catalog.entries) == ["A", "New0", "New1", "New2"], lib.news[-4:]
        assert aside(db.parent)
        conn = sqlite3.connect(db)
        assert conn.execute("SELECT count(*) FROM sqlite_master WHERE type='trigger'").fetchone()[0] == 0
        conn.close()
    finally:
        lib.close()


def test_only_the_index_s_own_faults_count_as_faults():
    assert index.is_fault(sqlite3.IntegrityError("refused"))
    assert index.is_fault(sqlite3.DatabaseError("database disk image is malformed"))
    assert index.is_fault(sqlite3.OperationalError("no such table: games"))
    assert not index.is_fault(sqlite3.OperationalError("database is locked"))
    assert not index.is_fault(sqlite3.OperationalError("database or disk is full"))
    assert not index.is_fault(sqlite3.OperationalError("attempt to write a readonly database"))
    assert not index.is_fault(OSError(28, "No space left on device"))


# -- item 7: a home whose path is not UTF-8 ------------------------------------------------------------

@pytest.fixture
def odd_home(home, tmp_path, monkeypatch):
    """CHECKERS_HOME a folder whose name is not UTF-8 (after ``home``, so the ``app`` fixture uses it too)."""
    raw = os.path.join(os.fsencode(tmp_path), b"caf\xe9 home")
    try:
        os.mkdir(raw)
    except (OSError, UnicodeError):
        pytest.skip("this file system takes UTF-8 names only")
    home = Path(os.fsdecode(raw))
    monkeypatch.setenv("CHECKERS_HOME", str(home))
    return home


def test_a_home_whose_path_is_not_utf8_lists_its_games(odd_home, tmp_path):
    save_game(played(4), {"Black": "A", "White": "B"})
    lib = open_library(odd_home)
    try:
        assert [e.black for e in lib.catalog.entries] == ["A"]
        dest = Path(os.fsdecode(os.path.join(os.fsencode(tmp_path), b"out\xff.pdn")))
        lib.export(lib.catalog.entries, dest)
        settle(lib)
        assert os.path.exists(dest) and read_pdn(dest.read_text())[0].tags["Black"] == "A"
        said = lib.news[-1][0]
        assert "out?.pdn" in said and said.encode("utf-8")  # shown with "?", and drawable
    finally:
        lib.close()


@pytest.mark.app(scenes=("menu",))
def test_the_game_library_screen_opens_on_a_home_whose_path_is_not_utf8(odd_home, app):
    from helpers import frames
    from helpers import open_library as open_screen

    save_game(played(4), {"Black": "A", "White": "B"})
    scene = open_screen(app)
    frames(app, 3)
    assert [e.black for e in scene.view] == ["A"]
