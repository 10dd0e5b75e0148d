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
