"""A draw agreed between two people: the rules' outcome, undo, and the match's policy (no window)."""

from game.controller import DRAW, Match
from game.rules import BLACK, WHITE, Game
from game.rules.game import AGREEMENT


def test_an_agreed_draw_is_an_outcome_that_undo_takes_back():
    game = Game()
    game.push(game.legal_moves()[0])
    game.agree_draw()
    assert game.outcome.winner is None and game.outcome.termination == AGREEMENT
    assert game.outcome.result() == "1-1" and game.legal_moves() == []
    copy = game.copy()
    assert copy.outcome == game.outcome
    assert game.undo() is None  # the agreement, not a move
    assert game.outcome is None and len(game.moves) == 1


def test_only_two_people_agree_a_draw_and_only_once_the_game_is_under_way():
    people = Match({BLACK: None, WHITE: None})
    assert not people.can_offer_draw()
    people.play(people.game.legal_moves()[0])
    changes = []
    people.add_listener(lambda match, change: changes.append(change))
    assert people.agree_draw() and people.over and changes == [DRAW]
    assert not people.agree_draw()  # over already
    from game.engine.levels import parse_level

    versus = Match({BLACK: None, WHITE: parse_level("Easy")})
    versus.play(versus.game.legal_moves()[0])
    assert not versus.can_offer_draw() and not versus.agree_draw() and not versus.over
