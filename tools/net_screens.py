"""The online screens at several window sizes, rendered to PNG (to look at) without a network.

    python tools/net_screens.py [--out DIR] [--sizes 720x520,1280x800,2560x1440,600x900]

2 Players, Host a game online, Join a game (empty, and with a refused invitation), and the
online board in each connection state: connecting, hosting and waiting for the opponent (the
invitation shown), both connected with a draw offered, the opponent gone with their clock
running, this side reconnecting, could not play, and the game over and saved.  The board's
states come from a real ``game.net.room.Room`` (its ``state`` message), read by the board's view;
no client or server runs.  ``SCREENS`` is what tests/test_layout_online.py checks at every size.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

import _common

LONG_NAME = "Annabelle-Marguerite of the Chess Club"   # 38 characters: a name may be 40
SIZES = ((720, 520), (1280, 800), (2560, 1440), (600, 900))


def room_state(moves=4, joined=True, offer=False, resign=False, present=(True, True)):
    """The ``state`` fields of a real room: Black hosts, White joins, ``moves`` moves played."""
    from game.net.room import Room
    from game.rules import BLACK, WHITE

    room = Room.create("K7M2QX", "3+2", "official", "20261129-051900")
    room.take_seat(BLACK, "Host", 0.0)
    if joined:
        room.take_seat(WHITE, LONG_NAME, 0.0)
        for i in range(moves):
            room.play(room.game.turn, room.game.ply, room.game.legal_moves()[0].path, 1.0 + i)
        if offer:
            room.offer_draw(WHITE, room.game.ply, 10.0)
        if resign:
            room.resign(WHITE, 11.0)
    return room.snapshot(12.0, {BLACK: present[0], WHITE: present[1]})


def board(app, fields=None, seat="black", status="connected", reason="", hosted=False, invite=None, notice=None,
          saved=None):
    """The online board showing ``fields`` (a room's state) from ``seat``'s side, no network running."""
    from game.net.client import Welcome

    scene = app.switch("online_board", url="ws://127.0.0.1:9", hello={"type": "watch", "game": "K7M2QX"})
    scene.client.close(wait=0)
    scene.client = None   # nothing polled: the scene shows what is set here
    if fields is not None:
        scene.view.update(fields, time.monotonic())   # the clocks as they were when the state came
    scene.seat = Welcome("K7M2QX", seat, "token") if seat else None
    scene.status, scene.reason = status, reason
    scene.hosted = SimpleNamespace(port=8765, close=lambda wait=0: None) if hosted else None
    scene.invite, scene.notice, scene.saved = invite, notice, saved
    scene.resize(scene.size)
    return scene


def join_refused(app):
    scene = app.switch("online_join")
    scene.invite.text = "http://example.org/not-a-game-code-at-all"
    scene.act()
    return scene


INVITE = "ws://192.168.1.20:8765/K7M2QX"
SCREENS = {
    "two-players": lambda app: app.switch("two_players"),
    "host-setup": lambda app: app.switch("online_host"),
    "join-form": lambda app: app.switch("online_join"),
    "join-refused": join_refused,
    "board-connecting": lambda app: board(app, None, seat=None, status="connecting"),
    "board-waiting": lambda app: board(app, room_state(joined=False, present=(True, False)), hosted=True,
                                       invite=INVITE),
    "board-connected-draw-offered": lambda app: board(app, room_state(offer=True)),
    "board-opponent-gone": lambda app: board(app, room_state(moves=5, present=(True, False))),
    "board-reconnecting": lambda app: board(app, room_state(moves=5), seat="white", status="reconnecting",
                                            reason="nobody answers at that address"),
    "board-failed": lambda app: board(app, None, seat=None, status="failed",
                                      reason="no game K7M2QX here: check the code your friend read out"),
    "board-over-saved": lambda app: board(app, room_state(moves=6, resign=True), notice="it is not your turn",
                                          saved="Saved to your library (2026-11-29 05-19-00 Host - "
                                                f"{LONG_NAME}.pdn)"),
}


def render(out, sizes):
    import pygame

    from game.app import App

    paths = []
    for size in sizes:
        app = App(size, fixed_dt=1 / 60, sound=False)
        try:
            for name, make in SCREENS.items():
                scene = make(app)
                scene.resize(size)   # (the window itself is kept within the dummy desktop and a minimum size)
                surface = pygame.Surface(size)
                scene.draw(surface)
                path = Path(out) / f"{name}-{size[0]}x{size[1]}.png"
                pygame.image.save(surface, str(path))
                paths.append(path)
            app.switch("menu")
        finally:
            app.close()
    return paths


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", help="folder for the PNGs (default: a new scratch folder)")
    ap.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    args = ap.parse_args(argv)
    sizes = [tuple(int(n) for n in s.split("x")) for s in args.sizes.split(",")]
    _common.headless()   # no window; settings and games in a scratch folder, removed at exit
    out = Path(args.out or tempfile.mkdtemp(prefix="checkers-net-screens-png-"))
    out.mkdir(parents=True, exist_ok=True)
    for path in render(out, sizes):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
