"""A damaged pasted game is reported as such (issue 46 item 9): the import says it stops early and
where, review invents no resignation, and the message has no FEN and fits the panel."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
from helpers import frames, frames_until, key, open_library

from game.library.library import imported_words
from game.notation.damage import stop_words
from game.notation.pdn import read_pdn
from game.ui import theme

# 3. 9-13 cannot be played: after 22-18 Red must jump 15x22.  The record still says 1-0.
DAMAGED = '[Event "Club"]\n[Black "A"]\n[White "B"]\n[Result "1-0"]\n\n1. 11-15 23-19 2. 8-11 22-18 3. 9-13 1-0\n'


def test_where_a_record_stops_is_said_in_a_player_s_words():
    (g,) = read_pdn(DAMAGED)
    assert "B:W" in g.error  # the reader's own error carries the FEN, for a log
    words = stop_words(g.tags, g.moves, g.error)
    assert words == ("after 2... 22-18; the record's next move, 3. 9-13, cannot be played "
                     "(a jump must be taken: 15x22)")
    (first,) = read_pdn('[FEN "B:W18:B14"]\n1. 14-15 1-0\n')
    assert stop_words(first.tags, first.moves, first.error).startswith("before its first move; the record's first")
    (unread,) = read_pdn("1. 11-15 23-19 2. 8-11 22-18 3. 15x22 99-13 1-0")
    assert stop_words(unread.tags, unread.moves, unread.error) == (
        "after 3. 15x22; the record's next move, 3... 99-13, cannot be played: no square 99 (squares are 1-32)")
    assert stop_words({}, [], None) == ""


def test_the_import_message_counts_the_games_that_stop_early():
    assert imported_words("x.pdn", 3) == "Imported 3 games from x.pdn"
    assert (imported_words("x.pdn", 1, 1, "after 2... 22-18; …")
            == "Imported 1 game from x.pdn; it stops early, after 2... 22-18")
    assert (imported_words("x.pdn", 4, 1, "after 1. 9-13; …")
            == "Imported 4 games from x.pdn; one stops early, after 1. 9-13")
    assert imported_words("x.pdn", 4, 2, "") == "Imported 4 games from x.pdn; 2 of them stop early"


def test_a_damaged_pasted_game_is_reported_and_reviewed_without_an_invented_resignation(app, monkeypatch):
    scene = open_library(app)
    monkeypatch.setattr(pygame.scrap, "get_text", lambda: DAMAGED)
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    frames_until(app, lambda: not scene.library.busy and len(scene.view) == 1)
    frames(app, 2)
    assert scene.message_bad and scene.message.startswith("Imported 1 game from the pasted text")
    assert scene.message.endswith("; it stops early, after 2... 22-18")
    (detail,) = [d for _, d, bad in scene.rows if bad]
    assert "after 2... 22-18" in detail and "B:W" not in detail
    key(app, pygame.K_RETURN)
    review = app.stack.top
    assert review.name == "review" and review.total == 4
    assert review.result() == "Red won, as recorded"       # the record says 1-0, nothing more
    assert "resigned" not in " ".join(review.info_lines())
    text = review.error_text()
    assert "after 2... 22-18" in text and "3. 9-13" in text and "B:W" not in text
    frames(app, 2)
    lines = theme.wrap(text, review.small_size, review.error_rect.width)
    assert len(lines) <= 3 and " ".join(lines) == text          # wrapped whole, within three lines
    assert all(theme.text_size(line, review.small_size)[0] <= review.error_rect.width for line in lines)
