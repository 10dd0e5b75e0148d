"""The controller's GameKeeper: a finished game's one way down to disk, and the library told of it."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from helpers import open_library, play

from game.controller import Match
from game.engine.levels import parse_level
from game.library import index, scan
from game.rules import BLACK, WHITE, Game
from game.store.gamefile import new_game_id
from game.store.paths import archive_dir
from game.training.record import read_record

pytestmark = pytest.mark.app(scenes=("menu",))


def test_a_finished_game_is_archived_saved_and_listed_from_its_record_without_reading_it(app, monkeypatch):
    match = Match({BLACK: None, WHITE: parse_level("Easy")}, play(Game(), 8, 5), game_id=new_game_id())
    match.game.resign(WHITE)
    assert match.keep() is None and match.keeper.archived is not None
    assert match.keeper.archived.parent == archive_dir()
    path, line = match.save()  # Save on the game-over card
    assert path is not None and line.startswith("Saved as")
    assert read_record().totals() == (1, 0, 0)
    read = []
    real = scan.read_source
    monkeypatch.setattr(scan, "read_source", lambda p: (read.append(os.fspath(p)), real(p))[1])
    scene = open_library(app)
    rows = [e for e in scene.library.copies(scene.view[0])] if scene.view else []
    assert {e.kind for e in rows} == {"archived", "saved"}
    assert all(e.key == match.game_id and e.result == "2-0" and e.plies == 8 for e in rows)
    # the whole text written is in the index, for export and delete
    assert all(index.game_text(scene.library.conn, e.id)[0].startswith("[Event") for e in rows)
    assert read == []  # neither file was read again: the library took the records it was given
    match.close()
