import random

import pytest
from reference_eval import evaluate_reference

from game.engine.evaluate import evaluate
from game.rules import Position


def test_symmetric_start_is_even():
    p = Position.initial()
    assert evaluate(*p.state) == 0


def test_side_to_move_view():
    p = Position.from_fen("B:W20:B1,2")
    q = Position.from_fen("W:W20:B1,2")
    assert evaluate(*p.state) > 100
    assert evaluate(*q.state) == -evaluate(*p.state)


def test_king_worth_more_than_man():
    a = Position.from_fen("B:W30:BK14")
    b = Position.from_fen("B:W30:B14")
    assert evaluate(*a.state) > evaluate(*b.state)


def test_tables_match_popcount_version():
    rng = random.Random(1)
    for _ in range(500):
        sq = rng.sample(range(1, 33), rng.randrange(2, 24))
        parts = [[], [], [], []]
        for s in sq:
            parts[rng.randrange(4)].append(s)
        p = Position.from_squares(*parts, turn=rng.randrange(2))
        assert evaluate(*p.state) == evaluate_reference(*p.state)


def test_trading_down_when_ahead():
    # one man up is worth more with fewer pieces on the board (material
    # alone: the square terms would differ between the two positions)
    from game.engine.evaluate import SQUARE_TABLES, set_weights, weights

    saved = weights()
    few = Position.from_fen("B:W30:B1,2")
    many = Position.from_fen("B:W25,26,27,28,29,30:B1,2,3,4,5,6,7")
    try:
        set_weights(**{k: (0,) * 32 if k in SQUARE_TABLES else v if k in ("MAN", "KING") else 0
                       for k, v in saved.items()})
        assert evaluate(*many.state) >= 100
        assert evaluate(*few.state) > evaluate(*many.state) + 20
    finally:
        set_weights(**saved)


def test_set_weights_changes_evaluation_and_restores():
    from game.engine.evaluate import set_weights, weights

    p = Position.from_fen("B:W30:BK14,9")
    before, saved = evaluate(*p.state), weights()
    try:
        set_weights(KING=saved["KING"] + 20, GUARD=0)
        assert weights()["KING"] == saved["KING"] + 20
        assert evaluate(*p.state) > before + 20  # plus the trade-down share
        assert evaluate(*p.state) == evaluate_reference(*p.state)  # tables rebaked, not just the constant
    finally:
        set_weights(**saved)
    assert weights() == saved
    assert evaluate(*p.state) == before


def test_set_weights_refuses_unknown_names():
    from game.engine.evaluate import UnknownWeightError, set_weights, weights

    saved = weights()
    with pytest.raises(UnknownWeightError, match="'KNIG'") as err:
        set_weights(KING=saved["KING"] + 5, KNIG=150)
    assert isinstance(err.value, ValueError)
    assert weights() == saved  # nothing changed, not even the known name


def _random_position(rng):
    """Any legal-looking arrangement: men never on their own crowning row."""
    squares = rng.sample(range(1, 33), rng.randrange(2, 25))
    parts = [[], [], [], []]  # black men, black kings, white men, white kings
    for s in squares:
        kind = rng.randrange(4)
        if kind == 0 and s >= 29 or kind == 2 and s <= 4:
            kind += 1  # a man there would have been crowned
        parts[kind].append(s)
    return Position.from_squares(*parts, turn=rng.randrange(2))


def _mirror(p):
    """The same position seen from the other side: the board turned round
    (square s becomes 33 - s) and the colours swapped, the other side to move."""
    def turn(squares):
        return [33 - s for s in squares]
    return Position.from_squares(turn(p.white_men), turn(p.white_kings), turn(p.black_men),
                                 turn(p.black_kings), turn=1 - p.turn)


def test_evaluation_is_colour_symmetric():
    rng = random.Random(7)
    asymmetric = 0
    for _ in range(5000):
        p = _random_position(rng)
        m = _mirror(p)
        assert _mirror(m) == p
        assert evaluate(*m.state) == evaluate(*p.state), (p.fen(), m.fen())
        assert evaluate_reference(*m.state) == evaluate_reference(*p.state), (p.fen(), m.fen())
        # the test means something only if positions are not their own mirror
        asymmetric += m != p
    assert asymmetric > 4900


def test_square_tables_are_baked_in_and_stay_colour_symmetric():
    from game.engine.evaluate import BadWeightError, set_weights, weights

    saved = weights()
    rng = random.Random(11)
    try:
        set_weights(MAN_SQUARE=tuple(rng.randrange(-20, 21) for _ in range(32)),
                    KING_SQUARE=tuple(rng.randrange(-20, 21) for _ in range(32)))
        changed = 0
        for _ in range(2000):
            p = _random_position(rng)
            assert evaluate(*p.state) == evaluate_reference(*p.state)
            assert evaluate(*_mirror(p).state) == evaluate(*p.state)
            changed += evaluate(*p.state) != 0
        assert changed > 1500
        with pytest.raises(BadWeightError, match="MAN_SQUARE"):
            set_weights(MAN_SQUARE=(1, 2, 3))
    finally:
        set_weights(**saved)
    assert weights() == saved


def _only(**terms):
    """Weights with the named terms alone: a king is worth a man, the rest zero."""
    from game.engine.evaluate import SQUARE_TABLES, weights

    return {k: (0,) * 32 if k in SQUARE_TABLES else terms.get(k, 100 if k in ("MAN", "KING") else 0)
            for k in weights()}


def test_mobility_runaway_and_king_end_terms():
    from game.engine.evaluate import set_weights, weights

    saved = weights()
    try:
        set_weights(**_only(MOBILITY=7))
        # men on the edge have one step, inside two (black moves down the board)
        assert evaluate(*Position.from_fen("B:W28:B5").state) == 0
        assert evaluate(*Position.from_fen("B:W28:B6").state) == 7
        assert evaluate(*Position.from_fen("W:W28:B6").state) == -7
        assert evaluate(*Position.from_fen("B:W28:BK6").state) == 7 * 3  # a king steps back too
        set_weights(**_only(RUNAWAY=11))
        # black's man on 22 with nothing ahead of it; with white's man on 30 in its way, nothing
        assert evaluate(*Position.from_fen("B:W32:B22").state) == 11  # (white's man on 32 is not in its far half)
        assert evaluate(*Position.from_fen("B:W30,5:B22,1").state) == 0
        assert evaluate(*Position.from_fen("B:W9:B22").state) == 0  # both run
        set_weights(**_only(KING_END=24))
        # one king more with 2 of the 24 pieces left: 24 * 22 / 24
        assert evaluate(*Position.from_fen("B:W30:BK1").state) == 22
        for _ in range(3):
            rng = random.Random(5)
            set_weights(MOBILITY=rng.randrange(1, 12), RUNAWAY=rng.randrange(1, 30), KING_END=rng.randrange(-30, 30))
            for _ in range(1000):
                p = _random_position(rng)
                assert evaluate(*p.state) == evaluate_reference(*p.state)
                assert evaluate(*_mirror(p).state) == evaluate(*p.state)
    finally:
        set_weights(**saved)
