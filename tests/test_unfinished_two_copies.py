"""The same unfinished game continued in two windows, at the store's level (issue 45 item 1): a window whose
copy was read before the other window's moves never writes over them (the record as it was read is what it
may replace).  Store calls only, as every version of the game has them; the windows are two processes."""

import os
import subprocess
import sys
import textwrap

from helpers import play

from game.rules import Game
from game.store.unfinished import load_unfinished, new_game_id, save_unfinished

# window A: continues the game, 10 moves, each kept, and quits
WINDOW_A = textwrap.dedent("""
    import sys
    from game.store.unfinished import load_unfinished, save_unfinished
    u = load_unfinished(sys.argv[1])
    for _ in range(10):
        u.game.push(u.game.legal_moves()[0])
        assert save_unfinished(u.id, u.game, "2p", {}, ["black", "white"])
""")


def test_a_copy_read_before_the_other_windows_moves_never_writes_over_them(home):
    gid = new_game_id()
    assert save_unfinished(gid, play(Game(), 10, 1), "2p", {}, ["black", "white"])
    b = load_unfinished(gid)                                  # window B reads the game: 10 plies
    subprocess.run([sys.executable, "-c", WINDOW_A, gid], check=True, timeout=120,
                   env=dict(os.environ, CHECKERS_HOME=str(home)))
    assert load_unfinished(gid).game.ply == 20                # A played 10 moves and quit
    b.game.push(b.game.legal_moves()[0])                      # B makes one move on its older copy
    kept = save_unfinished(gid, b.game, "2p", {}, ["black", "white"])
    assert not kept                                           # refused (the play screen says why)...
    assert load_unfinished(gid).game.ply == 20                # ...and A's moves are all there (not 11)


def test_the_window_that_wrote_last_goes_on_keeping_its_moves(home):
    gid = new_game_id()
    assert save_unfinished(gid, play(Game(), 4, 2), "2p", {}, ["black", "white"])
    u = load_unfinished(gid)
    for _ in range(5):
        u.game.push(u.game.legal_moves()[0])
        assert save_unfinished(gid, u.game, "2p", {}, ["black", "white"])
    assert load_unfinished(gid).game.ply == 9
