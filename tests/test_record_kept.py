"""A finished game stays in "Your record" whatever copies of it are made or deleted (issue 46 item 1)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from helpers import frames_until, key, open_library, play

from game.notation.pdn import write_pdn
from game.rules import WHITE, Game
from game.store import save_game
from game.store.gamefile import new_game_id, players_tags
from game.store.saves import save_annotated
from game.store.unfinished import keep_unfinished
from game.training.record import read_record

pytestmark = pytest.mark.app(scenes=("menu",))


def test_deleting_the_saved_copy_keeps_the_win_in_the_record(app):
    # a win against the computer, kept as play keeps it (archived with its result)
    game = play(Game(), 6, 3)
    game.resign(WHITE)
    gid = new_game_id()
    tags = players_tags({"white": "Easy"}, ["black"], "1p")
    assert keep_unfinished(gid, game, "1p", {"white": "Easy"}, ["black"], tags=tags).ok
    assert read_record().totals() == (1, 0, 0)
    # Save on the game-over card, then Review's "Save report"
    saved = save_game(game, tags, game_id=gid)
    report = save_annotated(write_pdn(game, {**tags, "GameId": gid, "Result": "2-0"}), "Human", "Computer (Easy)")
    # the library: delete the saved copy (the row carrying the GameId), confirmed
    scene = open_library(app)
    rows = [e for e in scene.view if e.key == gid]
    assert rows, [(e.file, e.key) for e in scene.view]
    scene.selected = scene.view.index(rows[0])
    scene.current = rows[0]
    key(app, pygame.K_DELETE)
    assert app.stack.top.name == "confirm"
    assert "record" in app.stack.top.params.get("message", "")  # the dialog says what happens to the record
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    frames_until(app, lambda: not saved.exists() and not scene.library.busy)
    assert report.exists()
    assert read_record().totals() == (1, 0, 0)  # the win is still counted
