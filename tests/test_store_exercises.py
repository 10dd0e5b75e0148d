"""The exercises file: hostile contents never raise, a damaged file is set aside and never overwritten."""

import json
import os
from dataclasses import replace

import pytest

from game.store import exercises as store
from game.store import paths
from game.store.exercises import StoredExercise

START = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"


def _record(n=1, fen=START, **more):
    return StoredExercise(f"ex-{n}", fen, "11-15", ("9-13",), f"Your game, move {n}", **more)


def _set_aside(home):
    return sorted(p.name for p in (home / "data").iterdir() if ".bad-" in p.name)


def test_round_trip_and_attempts(home):
    assert store.load_exercises().exercises == []
    assert store.add_exercises([_record(1), _record(2, fen=START.replace("B:", "W:"))]).added == 2
    assert store.add_exercises([_record(3)]).added == 0  # the same position as ex-1
    assert store.record_attempt("ex-2", True) and store.record_attempt("ex-2", True)
    assert not store.record_attempt("ex-9", True)
    loaded = store.load_exercises()
    assert loaded.problems == []
    assert [(r.id, r.attempts, r.solved, r.done) for r in loaded.exercises] == [
        ("ex-1", 0, 0, False), ("ex-2", 2, 2, True)]
    assert loaded.exercises[0].also == ("9-13",)


@pytest.mark.parametrize("content", [
    b"not json at all", b"\xff\xfe\x00garbage", b"[" * 100_000, b"[]", b'{"version": 1}',
    b'{"version": 1, "exercises": {}}', b'{"version": 7, "exercises": []}', b"123456789" * 10,
])
def test_a_damaged_file_is_set_aside_and_never_overwritten(home, content):
    path = store.exercises_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    loaded = store.load_exercises()
    assert loaded.exercises == [] and loaded.problems and loaded.writable
    assert any("set aside" in p for p in loaded.problems)
    (aside,) = _set_aside(home)
    assert (home / "data" / aside).read_bytes() == content  # kept whole
    assert store.add_exercises([_record(1)]).added == 1  # a new file, beside the old one
    assert (home / "data" / aside).read_bytes() == content
    assert [r.id for r in store.load_exercises().exercises] == ["ex-1"]


def test_bad_entries_are_left_out_the_good_kept_and_the_file_set_aside(home):
    path = store.exercises_path()
    path.parent.mkdir(parents=True)
    good = _record(1).to_json()
    entries = [good, "text", {"id": "x"}, {**good, "id": "ex-2", "attempts": -1},
               {**good, "id": "ex-3", "fen": "x" * 10_000}, {**good, "id": "ex-4", "also": "9-13"},
               {**good, "id": "ex-5", "solved": True}, {**good, "id": "ex-6", "fen": START.replace("B:", "W:")}]
    original = json.dumps({"version": 1, "exercises": entries})
    path.write_text(original)
    loaded = store.load_exercises()
    assert [r.id for r in loaded.exercises] == ["ex-1", "ex-6"]
    assert any("6 exercises in all were left out" in p for p in loaded.problems)
    (aside,) = _set_aside(home)
    assert (home / "data" / aside).read_text() == original
    # what could be read is in the new file already
    assert [r.id for r in store.load_exercises().exercises] == ["ex-1", "ex-6"]
    assert store.load_exercises().problems == []


def test_not_a_regular_file(home):
    path = store.exercises_path()
    path.mkdir(parents=True)  # a folder where the file should be
    loaded = store.load_exercises()
    assert loaded.exercises == [] and loaded.problems
    assert not path.exists() and _set_aside(home)


def test_a_fifo_never_blocks(home):
    path = store.exercises_path()
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    loaded = store.load_exercises()
    assert loaded.exercises == [] and loaded.problems


def test_a_file_that_cannot_be_set_aside_is_not_written_over(home, monkeypatch):
    path = store.exercises_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"{broken")
    monkeypatch.setattr(paths, "set_file_aside", lambda p: None)
    loaded = store.load_exercises()
    assert not loaded.writable
    assert store.add_exercises([_record(1)]).added == 0
    assert not store.record_attempt("ex-1", True)
    assert path.read_bytes() == b"{broken"


def test_a_refused_write_leaves_the_old_file(home, monkeypatch):
    store.add_exercises([_record(1)])
    before = store.exercises_path().read_bytes()

    def full(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(paths, "atomic_write", full)
    assert not store.record_attempt("ex-1", True)
    assert store.exercises_path().read_bytes() == before


def test_the_file_keeps_at_most_max_exercises(home, monkeypatch):
    monkeypatch.setattr(store, "MAX_EXERCISES", 3)
    records = [_record(n, fen=f"{START}#{n}", solved=2 if n in (1, 2) else 0) for n in range(1, 5)]
    store.save_exercises(records)
    assert [r.id for r in store.load_exercises().exercises] == ["ex-2", "ex-3", "ex-4"]  # a done one went


def test_a_file_full_of_work_to_do_drops_none_and_says_the_new_ones_were_left_out(home):
    unsolved = [_record(n, fen=f"{START}#{n}") for n in range(store.MAX_EXERCISES)]
    assert store.save_exercises(unsolved)
    result = store.add_exercises([_record(10_000 + n, fen=f"{START}#new{n}") for n in range(3)])
    kept = store.load_exercises().exercises
    assert [r.id for r in kept] == [r.id for r in unsolved]   # not one old unsolved exercise dropped
    from game.training.exercises import added_words

    assert (result.added, result.left_out, result.saved) == (0, 3, True)
    assert added_words(result).startswith("3 new exercises were not kept: 5,000 exercises wait")
    # once some are done, they make room: the oldest done one goes, never one still to do
    store.save_exercises([replace(r, solved=2) if r.id == "ex-7" else r for r in kept])
    result = store.add_exercises([_record(9999, fen=f"{START}#new")])
    assert (result.added, result.left_out) == (1, 0)
    ids = [r.id for r in store.load_exercises().exercises]
    assert "ex-7" not in ids and "ex-9999" in ids and len(ids) == store.MAX_EXERCISES


def test_fields_this_version_does_not_know_are_kept(home):
    path = store.exercises_path()
    path.parent.mkdir(parents=True)
    entry = {**_record(1).to_json(), "difficulty": 3, "tags": ["opening"]}
    path.write_text(json.dumps({"version": 1, "exercises": [entry], "owner": {"name": "Ann"}}))
    assert store.record_attempt("ex-1", True)
    result = store.add_exercises([_record(2, fen=START.replace("B:", "W:"))])
    data = json.loads(path.read_text())
    assert data["owner"] == {"name": "Ann"}
    first = data["exercises"][0]
    assert (first["difficulty"], first["tags"], first["attempts"]) == (3, ["opening"], 1)
    assert result.added == 1
    assert store.load_exercises().problems == []


def test_a_refused_add_says_why(home, monkeypatch):
    from game.training.exercises import added_words

    def full(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(paths, "atomic_write", full)
    result = store.add_exercises([_record(1)])
    assert not result.saved and result.added == 0
    assert added_words(result) == "Your new exercises were not saved: the disk refused the exercises file"


def test_a_known_position_takes_a_fuller_list_of_moves_and_keeps_its_counts(home):
    assert store.add_exercises([StoredExercise("ex-1", START, "11-15", (), "first")]).added == 1
    assert store.record_attempt("ex-1", True)
    # a later, full analysis of the same position accepts more moves: not new, but kept
    fuller = StoredExercise("ex-1", START, "11-15", ("9-13", "10-14"), "again")
    assert store.add_exercises([fuller]).added == 0
    (kept,) = store.load_exercises().exercises
    assert (kept.best, kept.also, kept.attempts, kept.solved, kept.source) == (
        "11-15", ("9-13", "10-14"), 1, 1, "first")
    # a list that is not fuller (fewer moves, or other ones) changes nothing
    assert store.add_exercises([StoredExercise("ex-1", START, "11-15", ("9-13",))]).added == 0
    assert store.add_exercises([StoredExercise("ex-2", START, "12-16", ("9-13", "10-14", "11-16"))]).added == 0
    assert store.load_exercises().exercises == [kept]
