"""One window at a time keeps an unfinished game (issue 45 item 1): the same game continued in two
windows (two processes) never loses the first window's moves; the second keeps nothing and says why."""

import os
import subprocess
import sys
import textwrap

from helpers import play

from game.controller import Match
from game.controller.keeper import GameKeeper
from game.rules import Game
from game.store.gamefile import new_game_id
from game.store.unfinished import keep_unfinished, load_unfinished

# window A: opens the game, and when told plays 10 moves (kept after each) and quits
WINDOW_A = textwrap.dedent("""
    import sys
    from game.controller import Match
    from game.store.unfinished import load_unfinished
    u = load_unfinished(sys.argv[1])
    match = Match({0: None, 1: None}, u.game, game_id=u.id)
    assert match.keeper.claim(u.id) is None
    print("ready", flush=True)
    sys.stdin.readline()
    for _ in range(10):
        match.game.push(match.game.legal_moves()[0])
        assert match.keep() is None and not match.keeper.unsaved
    match.close()
""")


def _open(gid):
    u = load_unfinished(gid)
    return Match({0: None, 1: None}, u.game, game_id=u.id)


def test_a_second_window_keeps_nothing_of_a_game_another_window_has_open(home):
    gid = new_game_id()
    assert keep_unfinished(gid, play(Game(), 10, 1), "2p", {}, ["black", "white"]).ok
    env = dict(os.environ, CHECKERS_HOME=str(home))
    a = subprocess.Popen([sys.executable, "-c", WINDOW_A, gid], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         env=env, text=True)
    try:
        assert a.stdout.readline().strip() == "ready"
        b = _open(gid)                            # window B opens the game A has open (10 plies)
        line = b.keeper.claim(gid)
        assert line is not None and "another window" in line  # said on B's screen
        a.stdin.write("quit\n")
        a.stdin.flush()
        assert a.wait(timeout=60) == 0            # A plays 10 moves and quits: 20 plies on disk
        b.game.push(b.game.legal_moves()[0])      # B makes one move on the game it read
        assert b.keep() is None
        assert "not kept" in b.keeper.warning()   # leaving B says its moves are not kept
        assert load_unfinished(gid).game.ply == 20  # A's moves are all there
        b.close()
    finally:
        if a.poll() is None:
            a.kill()
            a.wait()


def test_the_game_is_free_again_once_its_window_lets_it_go(home):
    gid = new_game_id()
    assert keep_unfinished(gid, play(Game(), 4, 2), "2p", {}, ["black", "white"]).ok
    first = GameKeeper()
    assert first.claim(gid) is None
    assert GameKeeper().claim(gid) is not None  # held (a second owner in this process is refused too)
    first.release()
    later = _open(gid)
    later.game.push(later.game.legal_moves()[0])
    assert later.keep() is None and load_unfinished(gid).game.ply == 5
    later.close()


def test_a_finished_game_lets_go_and_leaves_no_lock_file(home):
    from game.rules import WHITE
    from game.store.paths import unfinished_dir
    from game.store.unfinished import OWNERS

    gid = new_game_id()
    assert keep_unfinished(gid, play(Game(), 4, 2), "2p", {}, ["black", "white"]).ok
    match = _open(gid)
    assert match.keep_on_disk(gid) is None
    assert (unfinished_dir() / OWNERS / f"{gid}.lock").exists()
    match.game.resign(WHITE)
    assert match.keep() is None and match.keeper.archived is not None
    assert not (unfinished_dir() / OWNERS / f"{gid}.lock").exists()
    assert GameKeeper().claim(gid) is None  # nobody holds it


# -- deleting a game another window has open (issue 45 item 1, the library) ------------------------

# window A: opens the game and keeps it (its owner) until told to quit
HOLDER = textwrap.dedent("""
    import sys
    from game.controller import Match
    from game.store.unfinished import load_unfinished
    u = load_unfinished(sys.argv[1])
    match = Match({0: None, 1: None}, u.game, game_id=u.id)
    assert match.keep_on_disk(u.id) is None
    print("ready", flush=True)
    sys.stdin.readline()
    match.game.push(match.game.legal_moves()[0])
    assert match.keep() is None and not match.keeper.unsaved
    print(match.game.ply, flush=True)
    match.close()
""")


def _holder(home, gid):
    a = subprocess.Popen([sys.executable, "-c", HOLDER, gid], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         env=dict(os.environ, CHECKERS_HOME=str(home)), text=True)
    assert a.stdout.readline().strip() == "ready"
    return a


def _quit(a):
    a.stdin.write("quit\n")
    a.stdin.flush()
    out = a.stdout.readline().strip()
    assert a.wait(timeout=60) == 0
    return int(out)


def test_an_unfinished_game_open_in_another_window_is_not_deleted(home):
    from game.store.unfinished import GameInUse, delete_unfinished

    gid = new_game_id()
    assert keep_unfinished(gid, play(Game(), 6, 3), "2p", {}, ["black", "white"]).ok
    a = _holder(home, gid)
    try:
        try:
            delete_unfinished(gid)
        except GameInUse as e:
            assert "open in another window" in str(e)
        else:
            raise AssertionError("deleted a game another window has open")
        assert load_unfinished(gid).game.ply == 6
        assert _quit(a) == 7                          # A's next move is kept, on the record it still has
        assert load_unfinished(gid).game.ply == 7
        assert delete_unfinished(gid)                 # A has let it go: the player may delete it
        assert not load_unfinished(gid).game
    finally:
        if a.poll() is None:
            a.kill()
            a.wait()


def test_the_library_says_a_game_open_in_another_window_was_not_deleted(app, home):
    import pygame
    from helpers import key, open_library
    from test_library_round4 import confirm, settle

    gid = new_game_id()
    assert keep_unfinished(gid, play(Game(), 6, 3), "2p", {}, ["black", "white"]).ok
    a = _holder(home, gid)
    try:
        scene = open_library(app)
        [row] = [i for i, e in enumerate(scene.view) if e.kind == "unfinished"]
        scene.select(row)
        key(app, pygame.K_DELETE)
        confirm(app)
        settle(app, scene)
        assert "open in another window" in scene.message and scene.message_bad
        assert [e.key for e in scene.view if e.kind == "unfinished"] == [gid]  # the row is back
        assert load_unfinished(gid).game.ply == 6
        assert _quit(a) == 7
    finally:
        if a.poll() is None:
            a.kill()
            a.wait()


def test_a_window_deletes_the_game_it_owns_itself(home):
    from game.store.unfinished import delete_unfinished

    gid = new_game_id()
    assert keep_unfinished(gid, play(Game(), 4, 2), "2p", {}, ["black", "white"]).ok
    match = _open(gid)
    assert match.keep_on_disk(gid) is None           # this process owns it
    assert delete_unfinished(gid)
    match.close()


def test_a_window_that_read_the_game_before_the_owners_last_moves_keeps_nothing_once_it_is_free(home):
    # B reads the game, A (its owner) plays 10 moves and quits, then B claims it: free now, but B's copy
    # is older than the record, so B's keeping is refused and said, and A's moves stay
    from game.store.unfinished import CHANGED

    gid = new_game_id()
    assert keep_unfinished(gid, play(Game(), 10, 1), "2p", {}, ["black", "white"]).ok
    env = dict(os.environ, CHECKERS_HOME=str(home))
    a = subprocess.Popen([sys.executable, "-c", WINDOW_A, gid], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         env=env, text=True)
    try:
        assert a.stdout.readline().strip() == "ready"
        u = load_unfinished(gid)                  # B reads the game (10 plies)
        a.stdin.write("quit\n")
        a.stdin.flush()
        assert a.wait(timeout=60) == 0            # A: 20 plies on disk, the game let go
        b = Match({0: None, 1: None}, u.game, game_id=gid)
        assert b.keep_on_disk(gid, stored=True) is None  # nobody owns it now: B's claim succeeds...
        assert b.keeper.read_only == CHANGED              # ...but its copy is older than the record
        line = b.keeper.take_line()
        assert line and line.startswith("Not kept:") and "another window" in line  # said on B's screen
        b.game.push(b.game.legal_moves()[0])
        assert b.keep() is None and "not kept" in b.keeper.warning()
        assert load_unfinished(gid).game.ply == 20  # A's moves are all there
        path, said = b.save()                       # Ctrl+S: a copy of B's game, the record left alone
        assert path is not None and said.startswith("Saved as")
        assert load_unfinished(gid).game.ply == 20
        b.close()
    finally:
        if a.poll() is None:
            a.kill()
            a.wait()
