"""One test per rule of English draughts, each on a position written as FEN."""

import random

import pytest

from game.rules import (
    BLACK,
    CSCI561_NO_PROGRESS_PLIES,
    DRAW_RULES,
    NO_MOVES,
    NO_PIECES,
    NO_PROGRESS,
    OFFICIAL_NO_PROGRESS_PLIES,
    REPETITION,
    RESIGNATION,
    WHITE,
    FenError,
    Game,
    IllegalMoveError,
    Move,
    NotationError,
    Outcome,
    Position,
    PositionError,
    RulesError,
    board_outcome,
)


def moves_of(fen):
    return sorted(str(m) for m in Position.from_fen(fen).legal_moves())


def move(pos_or_game, text):
    """The legal move written ``text`` (full path)."""
    pos = pos_or_game.position if isinstance(pos_or_game, Game) else pos_or_game
    found = [m for m in pos.legal_moves() if str(m) == text]
    assert found, f"{text} not legal in {pos.fen()}: {[str(m) for m in pos.legal_moves()]}"
    return found[0]


def play(game, *texts):
    for t in texts:
        game.push(move(game, t))


def test_men_move_forward_only():
    # black man on 14 goes down the board only, white man on 23 up only
    assert moves_of("B:W23:B14") == ["14-17", "14-18"]
    assert moves_of("W:W23:B14") == ["23-18", "23-19"]


def test_men_capture_forward_only():
    # white man on 10 is behind black's man on 14: black may not take it backwards
    assert moves_of("B:W10,31:B14") == ["14-17", "14-18"]


def test_kings_move_in_all_four_directions():
    assert moves_of("B:W32:BK14") == ["14-10", "14-17", "14-18", "14-9"]
    assert moves_of("W:WK14:B1") == ["14-10", "14-17", "14-18", "14-9"]


def test_kings_capture_backwards():
    assert moves_of("B:W10,32:BK14") == ["14x7"]


def test_capture_is_compulsory():
    # black could play 1-5 or 1-6, but 14x23 is on and must be played
    assert moves_of("B:W18,32:B14,1") == ["14x23"]
    game = Game(Position.from_fen("B:W18,32:B14,1"))
    with pytest.raises(IllegalMoveError):
        game.push(Move((1, 6)))


def test_a_jump_must_be_completed():
    # after 6x15 the man must go on over 19
    assert moves_of("B:W10,19:B6") == ["6x15x24"]
    game = Game(Position.from_fen("B:W10,19:B6"))
    with pytest.raises(IllegalMoveError):
        game.push(Move((6, 15), (10,)))


def test_free_choice_among_capture_sequences_even_a_shorter_one():
    # 6x13 takes one piece, 6x15x24 two: both are legal (no majority rule)
    assert moves_of("B:W9,10,19:B6") == ["6x13", "6x15x24"]
    game = Game(Position.from_fen("B:W9,10,19:B6"))
    play(game, "6x13")
    assert game.position.white_men == {10, 19}


def test_crowning_ends_the_move():
    # 23x30 crowns; the new king may not go on over 25 in the same move
    pos = Position.from_fen("B:W25,26:B23")
    assert [str(m) for m in pos.legal_moves()] == ["23x30"]
    after = pos.play(pos.legal_moves()[0])
    assert after.black_kings == {30} and after.white_men == {25}
    # a white man crowning on a quiet move becomes a king too
    assert Position.from_fen("W:W5:B20").play(Move((5, 1))).white_kings == {1}


def test_two_sequences_with_same_start_and_end_are_separate_moves():
    pos = Position.from_fen("B:WK14,15,22,23,32:BK10,1")
    legal = pos.legal_moves()
    assert sorted(str(m) for m in legal) == ["10x17x26x19x10", "10x19x26x17x10"]
    assert legal[0] != legal[1] and legal[0].start == legal[1].start and legal[0].end == legal[1].end
    assert len(set(legal)) == 2


def test_side_without_a_legal_move_loses():
    pos = Position.from_fen("B:W32:B28")  # 28 is blocked by 32, and cannot jump off the board
    assert pos.legal_moves() == []
    outcome = Game(pos).outcome
    assert outcome.winner == WHITE and outcome.termination == NO_MOVES and outcome.result() == "0-2"


def test_side_without_pieces_loses():
    game = Game(Position.from_fen("W:W18:B14"))
    play(game, "18x9")
    assert game.outcome.winner == WHITE and game.outcome.termination == NO_PIECES
    assert game.legal_moves() == []
    assert board_outcome(Position.from_fen("W:W:B1")).winner == BLACK


def test_threefold_repetition_is_a_draw():
    game = Game(Position.from_fen("B:WK32:BK1"))
    cycle = ("1-5", "32-28", "5-1", "28-32")
    play(game, *cycle, *cycle[:3])
    assert game.outcome is None and game.repetitions() == 2
    play(game, cycle[3])
    assert game.repetitions() == 3
    assert game.outcome.termination == REPETITION and game.outcome.winner is None
    assert game.outcome.result() == "1-1"


def _king_walk(game, plies, rng):
    """Quiet king moves that allow no capture and never make a third repetition."""
    for _ in range(plies):
        options = []
        for m in game.position.legal_moves():
            after = game.position.play(m)
            if (game.position.piece_at(m.start)[1] and not m.captures and not after.has_capture()
                    and game.repetitions(after) < 2):
                options.append(m)
        assert options, game.position.fen()
        game.push(rng.choice(options))


# Four kings a side far from each other's reach, and a man each to reset the count.
WALK = "B:WK29,K30,K31,K32,24:BK1,K2,K3,K4,9"


def test_official_no_progress_rule_80_plies():
    game = Game(Position.from_fen(WALK), "official")
    _king_walk(game, 79, random.Random(1))
    assert game.quiet_plies == 79 and game.outcome is None
    _king_walk(game, 1, random.Random(2))
    assert game.outcome.termination == NO_PROGRESS and game.outcome.winner is None


def test_official_count_is_reset_by_a_man_move():
    game = Game(Position.from_fen(WALK), "official")
    _king_walk(game, 40, random.Random(3))
    man = [m for m in game.legal_moves() if not game.position.piece_at(m.start)[1]
           and not game.position.play(m).has_capture()]
    game.push(man[0])
    assert game.quiet_plies == 0


def test_official_count_is_reset_by_a_capture():
    game = Game(Position.from_fen("B:WK27,K32:BK14,K1"), "official")
    play(game, "1-5", "27-23", "14-18")
    assert game.quiet_plies == 3
    play(game, "23x14")
    assert game.quiet_plies == 0


def test_csci561_rule_50_plies_reset_by_capture_and_crowning_not_by_man_moves():
    game = Game(Position.from_fen(WALK), "csci561")
    _king_walk(game, 10, random.Random(4))
    man = [m for m in game.legal_moves() if not game.position.piece_at(m.start)[1]
           and not game.position.play(m).has_capture()]
    game.push(man[0])
    assert game.quiet_plies == 11  # a man move does not reset this rule
    _king_walk(game, 38, random.Random(5))
    assert game.quiet_plies == 49 and game.outcome is None
    _king_walk(game, 1, random.Random(6))
    assert game.outcome.termination == NO_PROGRESS

    crown = Game(Position.from_fen("B:WK32,K31:BK1,25"), "csci561")
    play(crown, "1-5", "32-28")
    assert crown.quiet_plies == 2
    play(crown, "25-29")
    assert crown.quiet_plies == 0

    capture = Game(Position.from_fen("B:WK27,K32:BK14,K1"), "csci561")
    play(capture, "1-5", "27-23", "14-18")
    assert capture.quiet_plies == 3
    play(capture, "23x14")
    assert capture.quiet_plies == 0


def test_undo_and_redo():
    game = Game()
    start = game.position
    play(game, "11-15", "23-19")
    mid = game.position
    assert game.undo() == Move((23, 19))
    assert game.can_redo and game.ply == 1
    assert game.redo() == Move((23, 19))
    assert game.position == mid and not game.can_redo
    game.undo()
    game.undo()
    assert game.position == start and game.undo() is None and not game.can_undo
    game.redo()
    play(game, "22-18")  # a new move drops the rest of the redo list
    assert not game.can_redo and game.redo() is None
    assert [str(m) for m in game.moves] == ["11-15", "22-18"]


def test_no_redo_is_offered_once_the_game_is_over():
    game = Game()
    play(game, "11-15")
    game.undo()
    game.resign(BLACK)
    assert not game.can_redo and game.redo() is None
    game.undo()  # takes back the resignation: the move can be played again
    assert game.can_redo and game.redo() == Move((11, 15))


def test_illegal_move_error_names_move_and_fen():
    game = Game()
    with pytest.raises(IllegalMoveError) as info:
        game.push(Move((1, 5)))  # a step onto black's own man
    text = str(info.value)
    assert "'1-5'" in text and Position.initial().fen() in text and "11-15" in text
    assert isinstance(info.value, RulesError) and isinstance(info.value, ValueError)
    with pytest.raises(IllegalMoveError):
        game.push("11-15")  # not a Move at all


def test_resign():
    game = Game()
    play(game, "11-15")
    game.resign(WHITE)
    assert game.outcome.winner == BLACK and game.outcome.termination == RESIGNATION
    assert game.outcome.result() == "2-0" and game.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        game.push(move(Position.initial().play(Move((11, 15))), "23-19"))
    assert game.undo() is None  # takes back the resignation only
    assert game.outcome is None and game.ply == 1
    game.resign(BLACK)
    assert game.outcome.winner == WHITE and game.outcome.result() == "0-2"


def test_unknown_draw_rule():
    with pytest.raises(RulesError, match="nope"):
        Game(draw_rule="nope")
    with pytest.raises(RulesError):
        Game(draw_rule=["official"])


def test_bad_game_arguments_are_rules_errors_quoting_them():
    with pytest.raises(RulesError, match="B:W18:B14"):
        Game("B:W18:B14")  # a FEN is not a Position
    game = Game()
    for bad in (2, None, "BLACK", True):
        with pytest.raises(RulesError):
            game.resign(bad)
    assert game.outcome is None


def test_copy_is_independent():
    game = Game()
    play(game, "11-15")
    other = game.copy()
    play(other, "23-19")
    assert game.ply == 1 and other.ply == 2


def test_push_of_a_move_built_from_its_path_alone_still_captures():
    # a move written by its path alone (as a player clicks it) takes what it jumps
    game = Game(Position.from_fen("B:W10,19,18:B6,1"))
    game.push(Move((6, 15, 24)))
    assert game.position == Position.from_fen("W:W18:B1,24")
    assert game.moves[0].captures == (10, 19) and game.quiet_plies == 0


def test_position_construction_errors_name_the_square():
    with pytest.raises(PositionError, match="square 5 holds both a black man and a white king"):
        Position.from_squares(black_men=[5], white_kings=[5])
    with pytest.raises(PositionError, match="33"):
        Position.from_squares(white_men=[33])
    with pytest.raises(PositionError, match="turn"):
        Position.from_squares(turn=2)


def test_position_views():
    pos = Position.from_fen("W:W18,K27:B14,K5")
    assert pos.piece_at(18) == (WHITE, False) and pos.piece_at(27) == (WHITE, True)
    assert pos.piece_at(14) == (BLACK, False) and pos.piece_at(5) == (BLACK, True)
    assert pos.piece_at(1) is None
    for bad in (0, 33, -1, "5", None):
        with pytest.raises(PositionError):
            pos.piece_at(bad)
    assert pos.count(WHITE) == 2 and pos.count(BLACK) == 2
    assert pos.movable_squares() == {18}  # 18x9 is compulsory
    assert pos.is_legal(Move((18, 9))) and not pos.is_legal(Move((27, 23)))
    assert str(Position.initial()).splitlines()[0] == " b b b b"
    assert hash(Position.from_fen(pos.fen())) == hash(pos)
    with pytest.raises(AttributeError):
        pos.turn = BLACK
    with pytest.raises(PositionError, match="bits"):
        Position.from_squares(white_men=[10 ** 5000])  # too long to print: named, not printed


def _random_positions(rng, n):
    for _ in range(n):
        game = Game()
        while game.outcome is None and game.ply < rng.randint(0, 80):
            game.push(rng.choice(game.legal_moves()))
        yield game.position


def test_equal_moves_play_the_same():
    # captures follow from the path: a move rebuilt from its path alone is the generated
    # move, with the same captures, hash and result
    rng = random.Random(11)
    checked = captures = 0
    hand_made = [Position.from_fen(f) for f in ("B:WK14,15,22,23,32:BK10,1", "B:W9,10,18,19,27,11:B6,K1,2")]
    for pos in [*hand_made, *_random_positions(rng, 200)]:
        for m in pos.legal_moves():
            rebuilt = Move(m.path)
            assert rebuilt == m and hash(rebuilt) == hash(m) and str(rebuilt) == str(m)
            assert rebuilt.captures == m.captures, (pos.fen(), str(m))
            assert pos.play(rebuilt) == pos.play(m)
            checked += 1
            captures += m.is_capture
    assert checked > 1000 and captures > 70


def test_a_move_with_captures_its_path_does_not_jump_is_refused():
    assert Move((6, 15, 24), (10, 19)).captures == (10, 19)
    with pytest.raises(RulesError, match="6-15-24"):
        Move((6, 15, 24), (10,))
    with pytest.raises(RulesError):
        Move((14, 18), (15,))


def test_outcome_is_a_frozen_value():
    outcome = Outcome(WHITE, NO_MOVES, "Black has no legal move")
    with pytest.raises(AttributeError):
        outcome.winner = BLACK
    assert outcome.winner == WHITE
    assert outcome == Outcome(WHITE, NO_MOVES, "other words") and hash(outcome) == hash(Outcome(WHITE, NO_MOVES, ""))
    assert outcome != Outcome(BLACK, NO_MOVES, "Black has no legal move")


def test_no_progress_counts_are_named():
    assert DRAW_RULES["csci561"].plies == CSCI561_NO_PROGRESS_PLIES == 50
    assert DRAW_RULES["official"].plies == OFFICIAL_NO_PROGRESS_PLIES == 80


def test_fen_errors_are_rules_and_notation_errors_quoting_the_text():
    bad = "B:W18:B" + "1" * 5000
    with pytest.raises(FenError) as info:
        Position.from_fen(bad)
    assert isinstance(info.value, NotationError) and isinstance(info.value, RulesError)
    assert "'B:W18:B111" in str(info.value) and len(str(info.value)) < 200
    with pytest.raises(NotationError, match="square 5"):
        Position.from_fen("B:W5:B5")


def test_a_move_after_the_end_says_the_game_is_over():
    game = Game(Position.from_fen("W:W18:B14"))
    play(game, "18x9")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.push(Move((9, 5)))


def test_illegal_move_error_quotes_a_short_excerpt():
    with pytest.raises(IllegalMoveError) as info:
        Game().push("x" * 100000)
    assert len(str(info.value)) < 400
