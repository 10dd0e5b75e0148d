"""Review: arrow keys, Home/End, the slider, continue from here; opened from play and from files."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from helpers import click, key, open_review, play

from game.rules import BLACK, WHITE, Game, Position

pytestmark = pytest.mark.app(scenes=("menu",))


def played(n, seed=2, start=None):
    return play(Game(start), n, seed)


def test_arrow_keys_home_end(app):
    game = played(20)
    scene = open_review(app, game)
    assert scene.name == "review" and scene.ply == 20
    assert scene.position == game.position
    key(app, pygame.K_LEFT)
    assert scene.ply == 19 and scene.position == game.positions[19]
    key(app, pygame.K_HOME)
    assert scene.ply == 0 and scene.position == Position.initial()
    key(app, pygame.K_LEFT)  # stays at the start
    assert scene.ply == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.ply == 2 and scene.picture().last_move == game.moves[1].path
    key(app, pygame.K_END)
    assert scene.ply == 20
    key(app, pygame.K_RIGHT)  # stays at the end
    assert scene.ply == 20
    key(app, pygame.K_PAGEUP)
    assert scene.ply == 10
    assert scene.slider.value == 10
    assert scene.status_text()[0].startswith(f"After 5... {game.moves[9]} — ")
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "menu"


def test_slider_click_and_drag(app):
    game = played(30)
    scene = open_review(app, game)
    r = scene.slider.rect
    click(app, (r.x, r.centery))
    assert scene.ply == 0
    click(app, (r.x + r.width // 2, r.centery))
    assert scene.ply == 15
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(r.x + r.width // 2, r.centery), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(r.right, r.centery), rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(r.right, r.centery), button=1))
    app.step()
    assert scene.ply == 30


def test_continue_from_here_with_a_friend(app):
    game = played(20)
    scene = open_review(app, game)
    for _ in range(6):
        key(app, pygame.K_LEFT)
    click(app, scene.vs_friend.rect.center)
    assert app.stack.top.name == "who_plays" and app.stack.top.chosen_mode() == "2p"
    key(app, pygame.K_RETURN)  # Enter plays what the question shows
    play = app.stack.top
    assert play.name == "play" and play.mode == "2p"
    assert play.game.moves == game.moves[:14]
    assert play.game.position == game.positions[14]
    assert play.game is not game  # the reviewed game is untouched
    assert len(game.moves) == 20


def test_continue_from_here_vs_computer_plays_the_side_to_move(app):
    game = played(11)  # white to move after 11 plies
    scene = open_review(app, game)
    assert game.turn == WHITE
    scene.continue_vs_computer()
    key(app, pygame.K_RETURN)  # who plays? as suggested
    play = app.stack.top
    assert play.name == "play" and play.mode == "1p"
    assert play.players[WHITE] is None and play.players[BLACK] is not None
    assert play.game.moves == game.moves


def test_continue_refused_at_a_finished_position(app):
    game = Game(Position.from_fen("B:W18:B14"))
    game.push(game.legal_moves()[0])
    assert game.outcome is not None
    scene = open_review(app, game)
    scene.continue_with_friend()
    assert app.stack.top is scene and "over" in scene.message
    key(app, pygame.K_LEFT)  # one move back the game goes on
    scene.continue_with_friend()
    key(app, pygame.K_RETURN)  # who plays? as suggested
    assert app.stack.top.name == "play"


def test_review_of_a_setup_game_and_a_broken_record(app):
    start = Position.from_fen("W:WK10,18:B14,K3")
    game = played(5, seed=4, start=start)
    scene = open_review(app, game, tags={"Black": "A", "White": "B"}, error="move 4: 1-5 is not legal", ply=0)
    assert scene.position == start
    assert scene.move_words(1).startswith("1...")  # white moved first
    app.step()  # draws the panel with the error


def test_v_in_play_opens_review_of_the_current_game(app):
    from game.ui.store_hooks import players_for, start_play

    game = played(8)
    start_play(app, game, players_for("2p"))
    app.step()
    key(app, pygame.K_v)
    scene = app.stack.top
    assert scene.name == "review" and scene.ply == 8
    key(app, pygame.K_HOME)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "play" and app.stack.top.game.ply == 8


def test_continue_vs_computer_keeps_the_reviewed_games_level(app):
    from game.engine.levels import parse_level

    game = played(10)  # black to move
    scene = open_review(app, game, players={BLACK: None, WHITE: parse_level("depth:5")})
    key(app, pygame.K_LEFT)  # white to move here: the person takes white
    scene.continue_vs_computer()
    key(app, pygame.K_RETURN)  # who plays? as suggested
    play = app.stack.top
    assert play.name == "play" and play.game.moves == game.moves[:9]
    assert play.players[WHITE] is None and play.players[BLACK].spec == "depth:5"


def test_version_grows_with_each_step_and_only_then(app):
    scene = open_review(app, played(6))
    assert scene.version == 0
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert scene.version == 2
    key(app, pygame.K_END)
    key(app, pygame.K_RIGHT)  # already at the end: nothing changes
    assert scene.version == 3 and scene.ply == 6
