"""The puzzle progress in the store: kept across runs, and safe against hostile files.

A damaged record is set aside under a new name (the message says where, and it is
true), never overwritten; what can be read of it is kept; nothing here raises or hangs.
"""

import errno
import json
import os
import threading

import pytest

from game.store import (
    PuzzleProgress,
    StoredRating,
    load_puzzle_progress,
    paths,
    puzzle_progress_path,
    save_puzzle_progress,
)
from game.store.training import MAX_RECENT, RECORD_VERSION, update_puzzle_progress

NESTED = b"[" * 20_000 + b"]" * 20_000


@pytest.fixture(autouse=True)
def _own_home(home):
    """Every test gets its own CHECKERS_HOME."""


def returns_soon(fn, *args, timeout=60):
    out = {}

    def run():
        try:
            out["value"] = fn(*args)
        except BaseException as e:
            out["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(timeout)
    assert not t.is_alive(), f"{fn.__name__} hung"
    if "error" in out:
        raise out["error"]
    return out["value"]


def record_file():
    p = puzzle_progress_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    return p


def a_record():
    record = PuzzleProgress(player=StoredRating(1612.5, 120.25, 0.0601))
    record.puzzles["p-1"] = StoredRating(1480, 240, 0.06)
    record.note_attempt("p-1", True)
    record.note_attempt("p-2", False)
    record.note_served("p-1")
    record.note_served("p-2")
    return record


def test_a_new_player_starts_at_1500_and_the_record_survives_a_save():
    fresh = load_puzzle_progress()
    assert fresh.player == StoredRating() and fresh.problems == [] and not os.path.exists(puzzle_progress_path())
    record = a_record()
    assert save_puzzle_progress(record)
    again = load_puzzle_progress()
    assert again.problems == []
    assert again.player == StoredRating(1612.5, 120.25, 0.0601)
    assert again.puzzles == {"p-1": StoredRating(1480, 240, 0.06)}
    assert again.attempts == {"p-1": 1, "p-2": 1} and again.solved == {"p-1": 1}
    assert again.recent == ["p-1", "p-2"]


def test_recent_keeps_the_last_ones_once_each():
    record = PuzzleProgress()
    for i in range(MAX_RECENT + 10):
        record.note_served(f"p{i}")
    record.note_served("p20")
    assert len(record.recent) == MAX_RECENT and record.recent[-1] == "p20" and record.recent.count("p20") == 1
    assert "p0" not in record.recent


@pytest.mark.parametrize("make", ["not-json", "nested", "nul", "not-utf8", "big-int", "a-list", "folder",
                                  "dev-zero", "fifo", "huge"])
def test_an_unreadable_record_is_set_aside_never_overwritten(make):
    p = record_file()
    content = {"not-json": b'{"version": 1, "player": ', "nested": NESTED,
               "nul": b'{"version": 1\x00}', "not-utf8": b'{"version": 1, "recent": ["\xff"]}',
               "big-int": b'{"version": ' + b"1" * 5000 + b"}", "a-list": b"[1, 2, 3]"}.get(make)
    if make == "folder":
        p.mkdir()
    elif make == "dev-zero":
        p.symlink_to("/dev/zero")
    elif make == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(p)
    elif make == "huge":
        with open(p, "wb") as f:
            f.truncate(200 * 1024 * 1024)
    if content is not None:
        p.write_bytes(content)
    record = returns_soon(load_puzzle_progress)
    assert record.player == StoredRating() and record.puzzles == {}
    [problem] = record.problems
    assert "\n" not in problem and problem.startswith("puzzle progress: ")
    aside = problem.split("set aside as ")[1]
    assert os.path.lexists(aside) and not os.path.lexists(p)
    if content is not None:
        assert open(aside, "rb").read() == content
    # the next save writes a fresh file and leaves the set-aside one alone
    record.note_attempt("p-9", True)
    assert save_puzzle_progress(record)
    assert load_puzzle_progress().attempts == {"p-9": 1}
    assert os.path.lexists(aside)


def test_a_partly_bad_record_keeps_the_good_entries_and_the_old_file():
    p = record_file()
    data = {"version": RECORD_VERSION, "player": {"rating": 1700, "rd": 90, "volatility": 0.06},
            "puzzles": {"good": {"rating": 1400, "rd": 200, "volatility": 0.06},
                        "nan": {"rating": float("nan"), "rd": 200, "volatility": 0.06},
                        "text": {"rating": "high", "rd": 200, "volatility": 0.06}, "": {"rating": 1}},
            "attempts": {"good": 3, "neg": -1, "frac": 1.5, "flag": True}, "solved": {"good": 2},
            "recent": ["good", 7, None, "x" * 500], "extra": 1}
    text = json.dumps(data)
    p.write_text(text)
    record = load_puzzle_progress()
    assert record.player == StoredRating(1700, 90, 0.06)
    assert record.puzzles == {"good": StoredRating(1400, 200, 0.06)}
    assert record.attempts == {"good": 3} and record.solved == {"good": 2} and record.recent == ["good"]
    [problem] = record.problems
    assert "unknown 'extra'" in problem and "9 bad entries dropped" in problem
    aside = problem.split("set aside as ")[1]
    assert open(aside).read() == text


def test_a_record_that_cannot_be_set_aside_is_never_saved_over(monkeypatch):
    p = record_file()
    p.write_bytes(b"{broken")
    monkeypatch.setattr(paths, "set_file_aside", lambda path: None)
    record = load_puzzle_progress()
    assert "could not be moved" in record.problems[0] and record.no_save
    assert not save_puzzle_progress(record)
    assert p.read_bytes() == b"{broken"


def test_two_damaged_records_in_the_same_second_are_both_kept():
    p = record_file()
    asides = []
    for content in (b"{one", b"{two"):
        p.write_bytes(content)
        asides.append(load_puzzle_progress().problems[0].split("set aside as ")[1])
    assert asides[0] != asides[1]
    assert {open(a, "rb").read() for a in asides} == {b"{one", b"{two"}


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
def test_a_refused_save_says_false_and_keeps_the_old_file(monkeypatch, code):
    assert save_puzzle_progress(a_record())
    before = puzzle_progress_path().read_bytes()

    def refuse(path, data):
        raise OSError(code, "refused")

    monkeypatch.setattr(paths, "atomic_write", refuse)
    record = a_record()
    record.note_attempt("p-3", True)
    assert save_puzzle_progress(record) is False
    assert puzzle_progress_path().read_bytes() == before


def test_a_folder_where_the_record_goes_is_set_aside_before_the_save():
    puzzle_progress_path().mkdir(parents=True)
    (puzzle_progress_path() / "inside").write_text("kept")
    assert save_puzzle_progress(a_record()) is True   # every write reads the file first, under the lock
    (aside,) = [q for q in puzzle_progress_path().parent.iterdir() if ".bad-" in q.name]
    assert (aside / "inside").read_text() == "kept" and puzzle_progress_path().is_file()


# -- two windows: each attempt is a read-modify-write ------------------------------------------

def _attempt(puzzle_id, solved, rating):
    def change(record):
        record.note_served(puzzle_id)
        record.note_attempt(puzzle_id, solved)
        record.player = StoredRating(record.player.rating + rating, record.player.rd - 10, 0.06)
        record.puzzles[puzzle_id] = StoredRating(1500 - rating, 300, 0.06)
    return change


def test_two_windows_interleaving_attempts_keep_both():
    # both windows show the Puzzles screen; each attempt re-reads the file before it writes
    for i in range(10):
        window = "a" if i % 2 == 0 else "b"
        record, saved = update_puzzle_progress(_attempt(f"{window}{i}", i % 3 != 0, 10))
        assert saved and record.attempts[f"{window}{i}"] == 1
    record = load_puzzle_progress()
    assert record.problems == []
    assert sorted(record.attempts) == sorted(f"{'a' if i % 2 == 0 else 'b'}{i}" for i in range(10))
    assert sum(record.solved.values()) == 6 and len(record.puzzles) == 10 and len(record.recent) == 10
    # every rating change was made from the one before it, whichever window made it
    assert record.player == StoredRating(1600, 250, 0.06)


def test_a_window_keeps_what_the_other_saved_since_it_read():
    save_puzzle_progress(a_record())
    stale = load_puzzle_progress()                     # window A read the record long ago
    update_puzzle_progress(_attempt("b-1", True, 5))   # window B keeps an attempt
    record, saved = update_puzzle_progress(_attempt("a-1", False, -5))  # then A keeps one
    assert saved and "b-1" in record.attempts and "a-1" in record.attempts and "a-1" not in stale.attempts
    assert load_puzzle_progress().attempts == {"p-1": 1, "p-2": 1, "b-1": 1, "a-1": 1}
    assert load_puzzle_progress().player.rating == 1612.5


def test_a_record_damaged_since_is_set_aside_before_the_attempt_is_written():
    p = record_file()
    save_puzzle_progress(a_record())
    p.write_bytes(b"{damaged since")
    record, saved = update_puzzle_progress(_attempt("x", True, 0))
    assert saved and "set aside" in record.problems[0]
    (aside,) = [q for q in p.parent.iterdir() if ".bad-" in q.name]
    assert aside.read_bytes() == b"{damaged since"
    assert load_puzzle_progress().attempts == {"x": 1}


def test_a_record_damaged_since_that_cannot_be_moved_is_not_written_over(monkeypatch):
    p = record_file()
    p.write_bytes(b"{damaged since")
    monkeypatch.setattr(paths, "set_file_aside", lambda path: None)
    record, saved = update_puzzle_progress(_attempt("x", True, 0))
    assert not saved and record.no_save and record.attempts == {"x": 1}
    assert p.read_bytes() == b"{damaged since"


def test_a_change_that_raises_writes_nothing():
    save_puzzle_progress(a_record())
    before = record_file().read_bytes()

    def change(record):
        record.note_attempt("x", True)
        raise RuntimeError("no")

    with pytest.raises(RuntimeError):
        update_puzzle_progress(change)
    assert record_file().read_bytes() == before


# -- a big record: read once, each attempt appended (issue 45, item 4) ---------------------------

def test_an_attempt_reads_only_what_other_windows_added_never_the_whole_record_again(monkeypatch):
    from game.store import training

    record = a_record()
    for i in range(2000):
        record.puzzles[f"big-{i}"] = StoredRating(1500 + i % 300, 100, 0.06)
    assert save_puzzle_progress(record)
    load_puzzle_progress()                       # the screen reads it once, in its loader thread
    size = record_file().stat().st_size
    reads = []
    real = training.read_json
    monkeypatch.setattr(training, "read_json", lambda *a, **k: reads.append(a) or real(*a, **k))
    for i in range(5):
        _, saved = update_puzzle_progress(_attempt(f"q-{i}", True, 1))
        assert saved
    assert reads == [] and record_file().stat().st_size == size   # the file is neither read nor rewritten
    journal = training.journal_path(puzzle_progress_path())
    assert os.path.getsize(journal) < 2000                        # five short lines
    training._books.clear()                                       # another process: the file and the journal
    again = load_puzzle_progress()
    assert [again.attempts[f"q-{i}"] for i in range(5)] == [1] * 5 and len(again.puzzles) == 2006


def test_a_torn_journal_line_from_a_kill_is_skipped_and_the_next_attempt_kept():
    from game.store import training

    update_puzzle_progress(_attempt("a", True, 1))
    journal = training.journal_path(puzzle_progress_path())
    with open(journal, "ab") as f:
        f.write(b'{"seq": 2, "attempts": {"tor')            # a window killed while appending
    training._books.clear()
    record, saved = update_puzzle_progress(_attempt("b", True, 1))
    assert saved and record.attempts == {"a": 1, "b": 1}
    training._books.clear()
    assert load_puzzle_progress().attempts == {"a": 1, "b": 1} and load_puzzle_progress().problems == []


def test_a_fold_killed_before_the_journal_went_counts_nothing_twice(monkeypatch):
    from game.store import training

    for _ in range(3):
        update_puzzle_progress(_attempt("same", True, 1))
    journal = training.journal_path(puzzle_progress_path())
    kept = open(journal, "rb").read()
    monkeypatch.setattr(training, "COMPACT_AT", 0)
    training._books.clear()
    assert load_puzzle_progress().attempts == {"same": 3}      # folded into the file, the journal removed
    assert not os.path.exists(journal)
    open(journal, "wb").write(kept)                           # as if the kill came before the removal
    training._books.clear()
    assert load_puzzle_progress().attempts == {"same": 3}


def test_a_journal_that_is_not_a_regular_file_is_set_aside_never_read():
    from game.store import training

    record_file()
    journal = training.journal_path(puzzle_progress_path())
    os.mkfifo(journal)
    record = returns_soon(load_puzzle_progress)
    assert any("journal" in p and "set aside" in p for p in record.problems), record.problems
    _, saved = update_puzzle_progress(_attempt("x", True, 1))
    assert saved and os.path.isfile(journal)
