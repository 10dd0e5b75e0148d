"""IllegalMoveError carries data (the move's text, the FEN, the legal moves), as python-chess's errors do."""

import pytest

from game.rules import Game, IllegalMoveError, Move, Position


def test_illegal_move_error_carries_the_fen_and_the_moves_as_text():
    game = Game()
    with pytest.raises(IllegalMoveError) as info:
        game.push(Move((1, 5)))
    error = info.value
    assert error.move == "1-5" and error.fen == Position.initial().fen() and error.reason is None
    assert set(error.legal) == {str(m) for m in Position.initial().legal_moves()}
    assert Position.from_fen(error.fen) == Position.initial()  # the position comes back from the data
    assert all(isinstance(value, str) for value in (error.move, error.fen, *error.legal))


def test_a_move_after_the_end_says_why_and_lists_no_moves():
    game = Game(Position.from_fen("W:W18:B14"))
    game.push(game.legal_moves()[0])
    with pytest.raises(IllegalMoveError) as info:
        game.push(Move((9, 5)))
    assert info.value.legal == () and "the game is over" in info.value.reason
    assert "legal: none" in str(info.value)
