"""Saving that fails, and one game with one entry (issue 36 item 2, issue 34 item 5).

When the disk refuses a write (full, read-only), the game is never dropped: the
player is told in one line, the next move tries again, Ctrl+S tries at once,
and leaving, quitting or the game-over card warn while it is unsaved.  And a
game is one entry of the library however it is saved: Ctrl+S and Save on the
game-over card replace the game's own copy, an annotated copy is saved again in
place with the game's tags, taking back the last move of a finished game takes
it out of the archive, and a game between two computers left unfinished is not
kept.
"""

import errno

import pygame
import pytest
from helpers import frames, key, settle
from library_helpers import InlineWorker
from library_helpers import settle as settle_library

from game.controller import Match
from game.rules import BLACK, WHITE, Game, Position
from game.store import archive_dir, games_dir, list_unfinished, paths, read_games_file, start_up, unfinished_dir
from game.store.archive import archived_files
from game.store.unfinished import keep_unfinished, new_game_id
from game.ui.layout_check import check_scene


class Disk:
    """The store's writes fail with ``code`` while ``broken`` (a full or read-only disk)."""

    def __init__(self, monkeypatch, code=errno.ENOSPC):
        self.broken = False
        self.code = code
        real = paths.atomic_write

        def atomic_write(path, data):
            if self.broken:
                raise OSError(self.code, "No space left on device" if code == errno.ENOSPC else "Read-only")
            return real(path, data)

        monkeypatch.setattr(paths, "atomic_write", atomic_write)


def start_2p(app, start=None):
    app.switch("play", players={BLACK: None, WHITE: None}, start=start)
    app.step()
    return app.stack.top


def move(app, scene, n=1):
    for _ in range(n):
        scene.play_move(scene.game.legal_moves()[0])
        settle(app)
    frames(app, 1)


def the_library():
    """The player's library (the store's unfinished games among its rows), every file read."""
    from game.library import Library

    lib = Library(worker_factory=InlineWorker)
    lib.open()
    return settle_library(lib)


def moves_kept(game_id):
    [entry] = [e for e in list_unfinished() if e.id == game_id]
    return len(entry.game.moves)


@pytest.mark.parametrize("code, words", [(errno.ENOSPC, "the disk is full"), (errno.EROFS, "the disk is read-only")])
def test_a_refused_save_is_said_the_game_is_kept_and_the_next_move_saves_it(app, monkeypatch, code, words):
    disk = Disk(monkeypatch, code)
    scene = start_2p(app)
    move(app, scene, 2)
    gid = scene.match.game_id
    assert moves_kept(gid) == 2
    disk.broken = True
    move(app, scene)
    shown = scene.status_text()[0]  # on the status line, not only remembered
    assert shown.startswith(f"Could not save: {words}") and "kept in memory" in shown
    assert len(scene.game.moves) == 3 and moves_kept(gid) == 2  # in memory, the disk has the older game
    key(app, pygame.K_q, mod=pygame.KMOD_CTRL)  # quitting asks, and says the game is lost if it goes
    ask = app.stack.top
    assert ask.name == "confirm" and "could not be saved" in ask.params["message"]
    key(app, pygame.K_ESCAPE)
    assert app.running and app.stack.top is scene
    disk.broken = False
    move(app, scene)  # the next move tries again
    assert moves_kept(gid) == 4 and scene.status_text()[0] == "Saved: your game is on disk again"
    assert scene.quit_question() == ("Quit during this game?", "You can pick it up again with Continue.")


def test_ctrl_s_retries_at_once_and_says_why_it_cannot(app, monkeypatch):
    disk = Disk(monkeypatch)
    scene = start_2p(app)
    move(app, scene)
    disk.broken = True
    move(app, scene)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert scene.status_text()[0].startswith("Could not save: the disk is full")
    disk.broken = False
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert scene.message.startswith("Saved as ") and moves_kept(scene.match.game_id) == 2


def finish(app, disk=None):
    """A 2-player game one move from its end, played to the end (the disk broken first, if given)."""
    scene = start_2p(app, Position.from_fen("B:W23:B18,K6,1,2"))
    if disk is not None:
        disk.broken = True
    while scene.game.outcome is None:
        move(app, scene)
    frames(app, 3)
    return scene


def test_a_finished_game_the_disk_refused_is_warned_of_on_the_card_and_saved_by_save(app, monkeypatch):
    disk = Disk(monkeypatch)
    scene = finish(app, disk)
    over = app.stack.top
    assert over.name == "game_over" and "could not be saved" in over.message
    assert check_scene(over) == []  # the warning fits the card at every size
    assert not list(archive_dir().glob("*.pdn"))
    disk.broken = False
    over.save()
    assert over.message.startswith("Saved as ")
    [archived] = archive_dir().glob("*.pdn")
    assert read_games_file(archived)[0].game.outcome is not None
    assert scene.match.game_id not in {e.id for e in list_unfinished()}


def test_leaving_an_unsaved_finished_game_asks_first(app, monkeypatch):
    disk = Disk(monkeypatch)
    scene = finish(app, disk)
    key(app, pygame.K_ESCAPE)  # the card goes: the final board
    scene.to_menu()
    frames(app, 1)
    assert app.stack.top.name == "confirm" and "could not be saved" in app.stack.top.params["message"]


# -- one game, one entry ----------------------------------------------------------------------------

def test_saving_a_game_again_replaces_its_copy_and_the_library_lists_it_once(app, home):
    scene = start_2p(app)
    move(app, scene, 2)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    move(app, scene)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    [copy] = games_dir().glob("*.pdn")
    assert len(read_games_file(copy)[0].game.moves) == 3
    lib = the_library()
    assert [e.kind for e in lib.catalog.entries] == ["unfinished"]
    lib.close()


def test_save_on_the_game_over_card_does_not_add_an_entry(app, home):
    finish(app)
    over = app.stack.top
    over.save()
    over.save()
    assert len(list(games_dir().glob("*.pdn"))) == 1 and len(list(archive_dir().glob("*.pdn"))) == 1
    lib = the_library()
    assert [e.kind for e in lib.catalog.entries] == ["archived"]
    [entry] = lib.catalog.entries
    lib.delete(entry)  # deleting the game's one entry deletes the game: no copy comes back
    settle_library(lib)
    assert len(lib.catalog) == 0 and not list(games_dir().glob("*.pdn"))
    lib.close()


def test_a_resigned_game_stays_archived_whatever_undo(app):
    # a resignation is final (issue 46 item 23): undo does not take the game out of the archive
    scene = start_2p(app)
    move(app, scene, 3)
    scene.match.resign(scene.game.turn)
    frames(app, 3)
    gid = scene.match.game_id
    assert archived_files(gid)
    key(app, pygame.K_ESCAPE)
    scene.undo()
    frames(app, 2)
    assert scene.game.outcome is not None
    assert archived_files(gid) and gid not in {e.id for e in list_unfinished()}


def test_undo_after_the_end_takes_the_game_out_of_the_archive(app):
    scene = finish(app)
    gid = scene.match.game_id
    assert archived_files(gid)
    key(app, pygame.K_ESCAPE)
    scene.undo()
    frames(app, 2)
    assert scene.game.outcome is None
    assert not archived_files(gid) and gid in {e.id for e in list_unfinished()}


def test_a_kill_between_taking_back_and_unarchiving_is_mended_at_start(home):
    game = Game(Position.from_fen("B:W23,14:B18,K6,1,2"))
    gid = new_game_id()
    while game.outcome is None:
        game.push(game.legal_moves()[0])
    assert keep_unfinished(gid, game, "2p", {}, ["black", "white"]).archived is not None
    game.undo()
    from game.store.unfinished import _archived

    _archived.clear()  # a new process: it does not know it archived the game
    assert keep_unfinished(gid, game, "2p", {}, ["black", "white"]).ok
    assert archived_files(gid) and (unfinished_dir() / f"{gid}.json").exists()
    start_up()
    assert not archived_files(gid) and (unfinished_dir() / f"{gid}.json").exists()


def test_a_game_between_computers_left_unfinished_is_not_kept(app):
    from game.engine.levels import level_by_name

    level = level_by_name("Beginner")
    match = Match({BLACK: level, WHITE: level}, game_id=new_game_id())
    match.game.push(match.game.legal_moves()[0])
    assert match.keep() is None
    assert list_unfinished() == []


def test_an_annotated_copy_is_saved_again_in_place_with_the_games_tags(app):
    from game.notation.pdn import write_pdn
    from game.store.saves import save_annotated
    from game.ui.store_hooks import review_tags

    scene = start_2p(app)
    move(app, scene, 4)
    tags = review_tags(scene.match.record())  # what Review gets from play (V, or Review on the card)
    assert {"Event", "Date", "Time", "GameId"} <= set(tags)
    text = write_pdn(scene.game, dict(tags, Annotator="Checkers engine"))
    first = save_annotated(text.replace("1. ", "1. {a first look} ", 1), "Human", "Human")
    again = save_annotated(text.replace("1. ", "1. {a deeper look} ", 1), "Human", "Human")
    assert first == again and len(list(games_dir().glob("annotated*"))) == 1
    [saved] = read_games_file(first)
    assert "deeper" in first.read_text()
    # marked as what it is (a report of the game), with the game's own date and time
    assert (saved.tags["Event"], saved.tags["Date"], saved.tags["Time"]) == ("Report: " + tags["Event"], tags["Date"],
                                                                            tags["Time"])
    assert saved.tags["Copy"] == "report"
    assert "GameId" not in saved.tags  # a copy of its own: listed beside the game, not hidden behind it


@pytest.mark.parametrize("ending", ["resigned", "agreed", "played out"])
def test_a_kill_between_archiving_and_dropping_the_record_keeps_the_game_as_it_ended(home, ending):
    from game.store.archive import _archived
    from game.store.paths import remove

    game = Game(Position.from_fen("B:W23,14:B18,K6,1,2"))
    game.push(game.legal_moves()[0])
    if ending == "resigned":
        game.resign(WHITE)
    elif ending == "agreed":
        game.agree_draw()
    else:
        while game.outcome is None:
            game.push(game.legal_moves()[0])
    result = game.outcome.result()
    gid = new_game_id()
    real_remove = remove
    try:  # the kill: the archive is written, the record is not removed
        paths.remove = lambda *a, **k: True
        assert keep_unfinished(gid, game, "2p", {}, ["black", "white"]).ok
    finally:
        paths.remove = real_remove
    _archived.clear()  # a new process
    assert (unfinished_dir() / f"{gid}.json").exists() and archived_files(gid)
    start_up()
    [archived] = archived_files(gid)
    assert read_games_file(archived)[0].result == result
    assert not (unfinished_dir() / f"{gid}.json").exists()
    assert gid not in {e.id for e in list_unfinished()}
