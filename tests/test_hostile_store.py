"""The store against hostile and broken files: every class of bad input, made on the fly.

Nothing here may raise, hang or read without bound: nested JSON, NUL bytes,
names that are not UTF-8, FIFOs, symbolic links to /dev/zero, huge files,
folders where files should be.  A bad file is set aside under a new name
(and the message says exactly where), never deleted or overwritten.
"""

import json
import os
import subprocess
import sys
import threading

import pytest
from helpers import play
from library_helpers import open_library

from game.rules import Game, Position
from game.store import (
    StoreError,
    archive_dir,
    delete_unfinished,
    games_dir,
    latest_unfinished,
    list_unfinished,
    load_autosave,
    load_settings,
    load_unfinished,
    new_game_id,
    paths,
    read_games_file,
    save_game,
    save_settings,
    save_unfinished,
    settings_path,
    start_up,
    unfinished_dir,
)
from game.store.settings import SETTINGS_VERSION, Settings

NESTED = b"[" * 20_000 + b"]" * 20_000  # far past the recursion limit, under every size cap
HUGE = 200 * 1024 * 1024  # sparse: costs no disk


@pytest.fixture(autouse=True)
def _own_home(home):
    """Every test here gets its own CHECKERS_HOME (the ``home`` fixture of conftest)."""


def returns_soon(fn, *args, timeout=60):
    """fn(*args) run in a thread; its result, failing the test if it does not return (a hang)."""
    out = {}

    def run():
        try:
            out["value"] = fn(*args)
        except BaseException as e:  # handed to the test below
            out["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(timeout)
    assert not t.is_alive(), f"{fn.__name__} hung"
    if "error" in out:
        raise out["error"]
    return out["value"]


def sparse(path, size=HUGE):
    with open(path, "wb") as f:
        f.truncate(size)


def fifo(path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    os.mkfifo(path)


# -- settings ---------------------------------------------------------------------

def settings_file():
    p = settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    return p


@pytest.mark.parametrize("make", ["nested", "nested-in-value", "nul", "huge", "fifo", "dev-zero", "folder",
                                  "not-utf8", "big-int"])
def test_bad_settings_file_gives_defaults_and_a_true_notice(make):
    p = settings_file()
    content = None
    if make == "nested":
        content = NESTED
    elif make == "nested-in-value":
        content = b'{"version": 1, "sound": ' + NESTED + b"}"
    elif make == "nul":
        content = b'{"version": 1, "sound"\x00: false}'
    elif make == "not-utf8":
        content = b'{"version": 1, "level": "\xff\xfe"}'
    elif make == "big-int":
        content = b'{"version": ' + b"1" * 5000 + b"}"
    elif make == "huge":
        sparse(p)
    elif make == "fifo":
        fifo(p)
    elif make == "dev-zero":
        p.symlink_to("/dev/zero")
    elif make == "folder":
        p.mkdir()
    if content is not None:
        p.write_bytes(content)
    s = returns_soon(load_settings)
    assert s == Settings()
    [problem] = s.problems()
    assert "\n" not in problem and len(problem) <= 250 + len(str(p))
    # the notice names the place the file was put, and it is true
    aside = problem.split("set aside as ")[1]
    assert os.path.lexists(aside) and not os.path.lexists(p)
    if content is not None:
        assert open(aside, "rb").read() == content
    # the next save writes a fresh file and leaves the set-aside one alone
    assert save_settings(Settings(sound=False))
    assert load_settings().sound is False and load_settings().problems() == []
    assert os.path.lexists(aside)


def test_settings_problems_quote_only_an_excerpt():
    data = {"version": SETTINGS_VERSION, "level": "x" * 20_000, "sound": "y" * 20_000}
    data.update({f"junk{i}": i for i in range(1000)})
    settings_file().write_text(json.dumps(data))
    s = load_settings()
    [problem] = s.problems()
    assert len(problem) <= 300 + len(str(settings_path())) and "yyyyy…" in problem
    assert s.level == Settings().level and s.sound is True


def test_a_settings_value_error_is_a_value_error_quoting_the_value():
    with pytest.raises(ValueError, match="animation") as e:
        Settings()["animation"] = "w" * 10_000
    assert len(str(e.value)) < 200 and "www" in str(e.value)


def test_settings_that_cannot_be_set_aside_are_never_saved_over(monkeypatch):
    p = settings_file()
    p.write_bytes(NESTED)
    monkeypatch.setattr(paths, "set_file_aside", lambda path: None)
    s = load_settings()
    assert "could not be moved" in s.problems()[0]
    assert save_settings(s) is False
    assert p.read_bytes() == NESTED


def test_ephemeral_settings_are_never_written():
    s = load_settings().ephemeral()
    s = s.replace(sound=False)  # the flag survives the settings screen's changes
    assert save_settings(s) is True
    assert not settings_path().exists()


# -- the set-aside place is new every time -----------------------------------------

def test_two_bad_files_set_aside_in_the_same_second_keep_both():
    p = settings_file()
    p.write_bytes(b"one")
    first = paths.set_file_aside(p)
    p.write_bytes(b"two")
    second = paths.set_file_aside(p)
    assert first != second
    assert first.read_bytes() == b"one" and second.read_bytes() == b"two"


# -- autosave and unfinished games ------------------------------------------------------

@pytest.mark.parametrize("make", ["nested", "nested-moves", "huge", "fifo", "dev-zero", "moves-not-text"])
def test_bad_autosave_is_set_aside_never_raised(make):
    p = paths.autosave_path()
    p.parent.mkdir(parents=True)
    if make == "nested":
        p.write_bytes(NESTED)
    elif make == "nested-moves":
        p.write_bytes(b'{"format": "checkers-autosave", "version": 1, "moves": ' + NESTED + b"}")
    elif make == "moves-not-text":
        p.write_text(json.dumps({"format": "checkers-autosave", "version": 1,
                                 "moves": ["11-15", [[["x"]]], "23-19"]}))
    elif make == "huge":
        sparse(p)
    elif make == "fifo":
        fifo(p)
    elif make == "dev-zero":
        p.symlink_to("/dev/zero")
    saved = returns_soon(load_autosave)
    if make == "moves-not-text":  # the legal prefix is kept, the original set aside
        assert saved.game.ply == 1 and "not a move" in saved.warning
    else:
        assert saved is None
    assert len(list(p.parent.glob("autosave.json.bad-*"))) == 1


def test_unfinished_games_are_all_kept_and_continue_takes_the_latest():
    ids = []
    for i in range(3):
        gid = new_game_id()
        assert save_unfinished(gid, play(Game(), 4 + i, seed=i), "1p", {"white": "Expert"}, ["black"])
        os.utime(unfinished_dir() / f"{gid}.json", (1000 + i, 1000 + i))
        ids.append(gid)
    entries = list_unfinished()
    assert [e.id for e in entries] == ids[::-1]
    assert latest_unfinished().id == ids[-1] and latest_unfinished().game.ply == 6
    assert entries[0].title == "You vs Computer (Expert), 6 plies"
    # resuming keeps its own players and level
    entry = load_unfinished(ids[0])
    assert entry.levels == {"white": "Expert"} and entry.humans == ["black"] and entry.game.ply == 4
    assert delete_unfinished(ids[1])
    assert [e.id for e in list_unfinished()] == [ids[2], ids[0]]


def test_a_broken_record_is_one_broken_row_and_is_set_aside_when_opened():
    good = new_game_id()
    save_unfinished(good, play(Game(), 6), "2p", {}, ["black", "white"])
    bad = new_game_id()
    (unfinished_dir() / f"{bad}.json").write_bytes(NESTED)
    rows = {e.id: e for e in list_unfinished()}
    assert rows[bad].broken and "nested too deeply" in rows[bad].error
    assert not rows[good].broken
    assert latest_unfinished().id == good
    entry = load_unfinished(bad)
    aside = entry.error.split("set aside as ")[1]
    assert open(aside, "rb").read() == NESTED
    assert [e.id for e in list_unfinished()] == [good]


def test_a_game_id_that_is_not_ours_is_refused():
    with pytest.raises(ValueError, match="not a game id"):
        load_unfinished("../../settings")


def test_a_finished_game_is_archived_with_players_levels_date_and_result():
    gid = new_game_id()
    game = Game(Position.from_fen("B:W18:B14"))
    assert save_unfinished(gid, game, "1p", {"white": "Master"}, ["black"])
    game.push(game.legal_moves()[0])
    assert save_unfinished(gid, game, "1p", {"white": "Master"}, ["black"])
    assert list_unfinished() == []
    [archived] = archive_dir().iterdir()
    text = archived.read_text()
    for tag in ('[Black "You"]', '[BlackType "human"]', '[White "Computer (Master)"]', '[WhiteLevel "Master"]',
                '[Result "1-0"]', "[Date ", f'[GameId "{gid}"]'):
        assert tag in text
    [loaded] = read_games_file(archived)
    assert loaded.game.moves == game.moves
    # archived again (a crash before the record was removed): one file, not two
    assert save_unfinished(gid, game, "1p", {"white": "Master"}, ["black"])
    assert len(list(archive_dir().iterdir())) == 1


def test_an_archive_name_taken_by_a_file_that_is_not_ours_is_left_alone():
    gid = new_game_id()
    game = Game(Position.from_fen("B:W18:B14"))
    game.push(game.legal_moves()[0])
    save_unfinished(gid, game, "2p", {}, ["black", "white"])
    [ours] = archive_dir().iterdir()
    ours.write_text("the player's own notes")
    save_unfinished(gid, game, "2p", {}, ["black", "white"])
    assert ours.read_text() == "the player's own notes"
    assert len(list(archive_dir().iterdir())) == 2


def test_ephemeral_games_write_nothing():
    assert save_unfinished(new_game_id(), play(Game(), 5), "1p", {"white": "Hard"}, ["black"], ephemeral=True)
    assert not unfinished_dir().exists() and not archive_dir().exists()


def test_start_up_adopts_the_old_autosave_and_finishes_what_a_crash_left():
    from game.store import save_autosave

    save_autosave(play(Game(), 7), mode="1p", levels={"white": "Easy"}, humans=["black"])
    gid = new_game_id()
    done = Game(Position.from_fen("B:W18:B14"))
    done.push(done.legal_moves()[0])
    # a record of a finished game: the process died between archiving and removing it
    from game.store.unfinished import _write

    _write(unfinished_dir() / f"{gid}.json", done, "2p", {}, ["black", "white"], None)
    assert start_up() == []
    [entry] = list_unfinished()
    assert entry.game.ply == 7 and entry.levels == {"white": "Easy"}
    assert not paths.autosave_path().exists()
    assert len(list(archive_dir().iterdir())) == 1


def test_start_up_removes_only_our_stale_temporaries(home):
    folder = unfinished_dir()
    folder.mkdir(parents=True)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    ours = folder / f".x.json.{dead.pid}.abcd1234.checkers-tmp"
    live = folder / f".x.json.{os.getppid()}.abcd1234.checkers-tmp"  # a running process's save
    theirs = [folder / ".notes.tmp", folder / "x.json.checkers-tmp", folder / ".x.json.12.ab.checkers-tmp",
              home / "config" / ".settings.json.tmp"]
    old_versions = [home / "config" / ".settings.json.ab_d1234.tmp", home / "data" / ".autosave.json.k9x0aa1z.tmp"]
    (home / "config").mkdir()
    (home / "data").mkdir(exist_ok=True)
    for p in [ours, live, *theirs, *old_versions]:
        p.write_text("x")
    start_up()
    assert not ours.exists() and not any(p.exists() for p in old_versions)
    assert live.exists() and all(p.exists() for p in theirs)


# -- saved games ------------------------------------------------------------------------

def test_listing_never_raises_one_bad_file_is_one_bad_row(home):
    folder = games_dir()
    good = save_game(play(Game(), 6), {"Black": "A", "White": "B"})
    pdn = good.read_bytes()
    bad_name = os.fsencode(str(folder)) + b"/caf\xe9 \x1b[31m.pdn"  # Latin-1 bytes and an escape
    with open(bad_name, "wb") as f:
        f.write(pdn)
    (folder / "nul.pdn").write_bytes(pdn + b" " * 5000 + b"\x00" + pdn)
    (folder / "nested.pdn").write_bytes(b'[Black "' + b"[" * 50_000 + b'"]\n1. 11-15 *\n')
    (folder / "ctrl.pdn").write_bytes(pdn.replace(b'[Black "A"]', b'[Black "A\x07\x1b\xe2\x80\xae"]'))
    sparse(folder / "huge.pdn")
    (folder / "zero.pdn").symlink_to("/dev/zero")
    fifo(folder / "fifo.pdn")
    lib = returns_soon(open_library, home)  # the list of saved games is the library's
    entries = lib.catalog.entries
    rows = {e.file: e for e in entries}
    for e in entries:
        for text in (e.file, e.players, e.black, e.white, e.event, e.error, e.cell("result")):
            assert text.isprintable() and len(text) <= 300, text
            text.encode("utf-8")  # no unpaired surrogates
    [latin] = [e for e in entries if e.file.startswith("caf")]
    assert latin.number == 0 and not latin.error
    assert lib.load_game(latin).game.moves == read_games_file(good)[0].game.moves  # and it opens
    # a NUL far into a file: the library lists the games around it (the store refuses the file, below)
    assert sorted(e.number for e in entries if e.file == "nul.pdn") == [0, 1]
    assert rows["huge.pdn"].broken and "too large" in rows["huge.pdn"].error
    assert rows[good.name].number == 0 and not rows[good.name].error
    assert "ctrl.pdn" in rows and rows["ctrl.pdn"].black.startswith("A")
    assert "zero.pdn" not in rows and "fifo.pdn" not in rows  # not regular files: not game files
    lib.close()


@pytest.mark.parametrize("make", ["dev-zero", "fifo", "huge", "nul-late", "folder"])
def test_reading_a_bad_game_file_is_a_store_error(home, make):
    p = home / "x.pdn"
    if make == "dev-zero":
        p = "/dev/zero"
    elif make == "fifo":
        fifo(p)
    elif make == "huge":
        sparse(p)
    elif make == "nul-late":
        p.write_bytes(b'[Black "a"]\n1. 11-15 ' + b" " * 5000 + b"\x00 *\n")
    elif make == "folder":
        p.mkdir()
    with pytest.raises(StoreError) as e:
        returns_soon(read_games_file, p)
    assert isinstance(e.value, ValueError) and "\n" not in str(e.value) and len(str(e.value)) < 300


def test_a_kill_between_archiving_and_removing_the_record_leaves_no_unfinished_copy(monkeypatch):
    gid = new_game_id()
    game = Game(Position.from_fen("B:W18:B14"))
    save_unfinished(gid, game, "1p", {"white": "Easy"}, ["black"])  # the record as it was a move ago

    class Killed(BaseException):
        pass

    def killed(*a, **k):
        raise Killed()

    game.push(game.legal_moves()[0])
    with monkeypatch.context() as m:
        m.setattr(paths, "remove", killed)  # the process dies right after the archive is written
        with pytest.raises(Killed):
            save_unfinished(gid, game, "1p", {"white": "Easy"}, ["black"])
    assert list_unfinished() == []  # a finished record is no game to resume
    start_up()
    assert not (unfinished_dir() / f"{gid}.json").exists()
    [archived] = archive_dir().iterdir()
    assert read_games_file(archived)[0].game.moves == game.moves


def test_an_autosave_that_mirrors_a_kept_game_is_not_adopted_twice():
    from game.store import save_autosave

    gid = new_game_id()
    game = play(Game(), 9)
    save_unfinished(gid, game, "1p", {"white": "Hard"}, ["black"])
    save_autosave(game, mode="1p", levels={"white": "Hard"}, humans=["black"], extra={"game_id": gid})
    start_up()
    assert [e.id for e in list_unfinished()] == [gid]
    assert paths.autosave_path().exists()  # still the mirror behind Continue
    # its record gone (deleted by hand, say): the autosave goes in under its own id
    (unfinished_dir() / f"{gid}.json").unlink()
    start_up()
    assert [e.id for e in list_unfinished()] == [gid] and not paths.autosave_path().exists()


def test_a_mirror_autosave_of_a_finished_or_deleted_game_does_not_bring_it_back():
    from game.store import save_autosave

    gid = new_game_id()
    game = Game(Position.from_fen("B:W18:B14"))
    save_autosave(game, mode="2p", humans=["black", "white"], extra={"game_id": gid})  # a move ago
    game.push(game.legal_moves()[0])
    save_unfinished(gid, game, "2p", {}, ["black", "white"])  # finished: archived; then a kill
    start_up()
    assert list_unfinished() == [] and not paths.autosave_path().exists()
    assert len(list(archive_dir().iterdir())) == 1
    other = new_game_id()
    save_unfinished(other, play(Game(), 5), "2p", {}, ["black", "white"])
    save_autosave(play(Game(), 5), mode="2p", humans=["black", "white"], extra={"game_id": other})
    assert delete_unfinished(other)  # the player deletes it: the mirror goes too
    start_up()
    assert list_unfinished() == [] and not paths.autosave_path().exists()
