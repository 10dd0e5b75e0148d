"""The endgame database: consistent with the rules, equal to a plain solver, safe to load."""

import importlib.util
import random
from pathlib import Path

import pytest

from game.engine import endgame as eg
from game.rules import Position
from game.rules import bitboard as bb

TOOL = Path(__file__).resolve().parent.parent / "tools" / "endgame_check.py"


def _tool():
    spec = importlib.util.spec_from_file_location("endgame_check_under_test", TOOL)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def random_states(rng, count, max_pieces=4):
    out = []
    while len(out) < count:
        n = rng.randint(2, max_pieces)
        sq = rng.sample(range(1, 33), n)
        sets = [0, 0, 0, 0]
        sides = [0, 1] + [rng.randint(0, 1) for _ in range(n - 2)]
        for side, s in zip(sides, sq, strict=True):
            king = rng.random() < 0.5 or (side == 0 and s > 28) or (side == 1 and s < 5)
            sets[2 * side + king] |= bb.SQUARE_BITS[s - 1]
        out.append((*sets, rng.random() < 0.5))
    return out


def byte_of(state):
    return eg.default().probe_state(*state)


def test_database_file_is_shipped_and_loads():
    table = eg.default().table()
    assert table is not None and len(table) == eg.TOTAL_SLOTS


def test_known_positions():
    # two kings against one: a win for the two, whoever moves
    assert eg.probe(Position.from_fen("W:WK3,K14:BK26")) == 1
    assert eg.probe(Position.from_fen("B:WK3,K14:BK26")) == -1
    # one king each, far apart: a draw
    assert eg.probe(Position.from_fen("B:WK1:BK32")) == 0
    # the side to move is blocked: lost at once
    assert eg.probe_distance(Position.from_fen("B:W8,11:B4")) == (-1, 0)
    # outside the database
    assert eg.probe(Position.from_fen("B:W18,19,20:B1,2,3")) is None
    assert eg.probe(Position.initial()) is None


def check_consistent(st):
    """The look-ahead rule of test_self_consistent_on_a_large_sample for one
    state (asserted); returns its result."""
    res, dist = eg.decode(byte_of(st))
    moves = bb.moves(*st)
    inside, outside = [], []
    for m in moves:
        child = bb.play(*st, m)
        r, d = eg.decode(byte_of(child))
        crowned = m[0] & (st[0] if st[4] else st[2]) and m[1] & (bb.BLACK_CROWN if st[4] else bb.WHITE_CROWN)
        (outside if m[2] or crowned else inside).append((r, d))
    if not moves:
        assert (res, dist) == (eg.LOSS, 0), st
    elif res == eg.WIN:
        best = [1 for r, _ in outside if r == eg.LOSS] + [d + 1 for r, d in inside if r == eg.LOSS]
        assert best and min(best) == dist, st
    elif res == eg.LOSS:
        assert all(r == eg.WIN for r, _ in inside + outside), st
        assert dist == max([1] + [d + 1 for _, d in inside]), st
    else:
        results = [r for r, _ in inside + outside]
        assert eg.LOSS not in results and eg.DRAW in results, st
    return res


def test_self_consistent_on_a_large_sample():
    """Every win has a move to a loss for the opponent at one ply less (or a
    conversion: a capture or crowning into a lost position); every loss has only
    moves to wins for the opponent; a draw has a move to a draw and none to a
    loss.  Distances follow the same rule: a win's is one more than its best
    move's, a loss's one more than its longest defence's."""
    rng = random.Random(5)
    seen = [check_consistent(st) for st in random_states(rng, 6000)]
    assert min(seen.count(r) for r in (eg.WIN, eg.LOSS, eg.DRAW)) > 500


def test_agrees_with_a_plain_solver_on_every_two_piece_position():
    # (every 2- and 3-piece position: tools/endgame_check.py --exhaustive 3)
    plain = _tool().solve_plain(2)
    assert len(plain) == 6976
    assert {eg.probe(Position.from_state(s)) == v for s, v in plain.items()} == {True}
    assert set(plain.values()) == {-1, 0, 1}


def test_damaged_or_foreign_files_are_refused(tmp_path):
    bad = tmp_path / "eg.bin"
    bad.write_bytes(b"not a database")
    with pytest.raises(eg.EndgameError, match="too short|not a"):
        eg.read_table(bad)
    good = eg.default_path().read_bytes()
    bad.write_bytes(good[:-100])
    with pytest.raises(eg.EndgameError, match="damaged"):
        eg.read_table(bad)
    with pytest.raises(eg.EndgameError, match="cannot read"):
        eg.read_table(tmp_path / "missing.bin")
    assert issubclass(eg.EndgameError, ValueError)


def test_missing_default_file_means_no_database(tmp_path):
    e = eg.Endgame()
    e.available = False
    assert e.probe_state(*Position.from_fen("W:WK3,K14:BK26").state) is None


def test_the_engine_converts_won_endings_within_the_no_progress_rule():
    from game.engine.search import Searcher
    from game.rules import Game

    rng = random.Random(1)
    positions = _tool().random_won_positions(rng, 100)
    for start in positions:
        game = Game(start, draw_rule="official")
        searcher = Searcher()
        while game.outcome is None:
            game.push(searcher.best_move(game.position, depth=3, history=game.reversible_history()))
        assert game.outcome.winner == start.turn, (start.fen(), str(game.outcome))


def test_the_engine_converts_three_v_two_past_the_database():
    # Three against two with men: the search must find the exchange into fewer pieces
    # (positions its own deeper search sees won; the database holds them too).
    tool = _tool()
    positions = tool.random_three_v_two(random.Random(2), 6)
    assert len(positions) == 6 and all(sum(x.bit_count() for x in p.state[:4]) == 5 for p, _ in positions)
    for start, winner in positions:
        ok, game = tool.play_out(start, winner, depth=6)
        assert ok, (start.fen(), str(game.outcome))


def test_king_endings_past_the_database_are_drawn_at_random_and_played_out(capsys):
    tool = _tool()
    positions = tool.random_kings(random.Random(3), 20, 4, 3)
    for p, strong in positions:
        bm, bk, wm, wk, _ = p.state
        assert not (bm | wm) and not p.has_capture() and p.legal_moves()
        assert (bk if strong == 0 else wk).bit_count() == 4 and (wk if strong == 0 else bk).bit_count() == 3
    assert len({p for p, _ in positions}) == 20
    # one short ending played out to its end, at a fixed depth
    p = Position.from_fen("W:WK1,K2:BK20,K27,K32")
    won, game = tool.play_out(p, 0, depth=4)
    assert game.outcome is not None and won == (game.outcome.winner == 0)


def test_the_kings_option_names_a_bad_spec():
    import subprocess
    import sys

    for bad in ("4x3", "3v4", "9v9", "v"):
        out = subprocess.run([sys.executable, str(TOOL), "--kings", bad], capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and repr(bad) in out.stderr and "Traceback" not in out.stderr


def random_states_of(rng, key, count):
    """Random states (black to move) with the material ``key`` (mine men,
    mine kings, their men, their kings) for black, then the same turned
    around with white to move."""
    a, b, c, d = key
    out = []
    while len(out) < count:
        mm = rng.sample(range(1, 29), a)
        rest = [s for s in range(1, 33) if s not in mm]
        tm = rng.sample([s for s in rest if s > 4], c)
        rest = [s for s in rest if s not in tm]
        kings = rng.sample(rest, b + d)
        p = Position.from_squares(mm, kings[:b], tm, kings[b:], turn=0)
        out.append(p.state)
        bm, bk, wm, wk, _ = p.state
        out.append((eg.flip(wm), eg.flip(wk), eg.flip(bm), eg.flip(bk), False))
    return out


def _shipped_five():
    if not eg.default_path(eg.FIVE_FILE_NAME).is_file():
        pytest.skip(f"no {eg.FIVE_FILE_NAME} (python tools/build_endgame.py --five)")


def test_five_piece_slices_are_shipped_and_self_consistent():
    """Every five-piece balance is shipped, and each (both sides to move) obeys
    the same look-ahead rule as the rest on a sample, its children read from
    the four-piece table (captures), from a balance with fewer men
    (crownings) or from itself; three kings against two win nearly always."""
    _shipped_five()
    keys = eg.default().five_keys()
    assert sorted(keys) == sorted(eg.five_slices()) and len(keys) == 44
    rng = random.Random(11)
    seen = set()
    for key in eg.five_slices():
        results = [check_consistent(st) for st in random_states_of(rng, key, 80)]   # (40 each side to move)
        assert len(results) == 80
        seen.update(results)
        if key == (0, 3, 0, 2):
            assert results.count(eg.WIN) > 0.9 * len(results) / 2, key  # (half of them: the other side moves)
    assert seen == {eg.WIN, eg.DRAW, eg.LOSS}


def test_every_five_piece_balance_is_solved_after_those_it_leaves_into():
    """five_slices(), the builder's order: a crowning (the side to move's man,
    (a, b, c, d) -> (c, d, a - 1, b + 1) for the opponent) leaves into a
    balance earlier in it, a quiet move into the balance's mirror, solved
    together with it; every balance is there."""
    import build_endgame as build  # (tools/ is on the tests' path)

    order = build.five_keys(build.FIVE_SLICES)
    assert order == eg.five_slices() and len(order) == 44 and set(build.FIVE_SLICES) == set(order)
    place = {key: i for i, key in enumerate(order)}
    for a, b, c, d in order:
        assert (c, d, a, b) in place
        if a:
            assert place[(c, d, a - 1, b + 1)] < min(place[(a, b, c, d)], place[(c, d, a, b)]), (a, b, c, d)
    assert sum(map(eg.slice_size, order)) == 179_655_000


def test_the_builders_check_finds_a_wrong_five_piece_byte():
    # the --five --check look-ahead: a shipped position passes it; the same slice with that
    # position's byte changed fails it, with what is wrong
    _shipped_five()
    import build_endgame as build  # (tools/ is on the tests' path)

    state = Position.from_fen("B:WK7,K10:BK9,K19,K23").state   # three kings v two: won, black to move
    db = eg.Endgame()
    assert build.check_five_state(db, state) is None
    key = (0, 3, 0, 2)
    index = eg.local_index(*state[:4], key)
    block = bytearray(db.five_block(key, index >> eg.FIVE_BLOCK_SHIFT))
    assert eg.decode(block[index % eg.FIVE_BLOCK])[0] == eg.WIN
    block[index % eg.FIVE_BLOCK] = 0   # a draw
    db._five_blocks[(key, index >> eg.FIVE_BLOCK_SHIFT)] = bytes(block)
    assert "but its moves give" in build.check_five_state(db, state)
    rng = random.Random(3)
    assert all(sum(x.bit_count() for x in build.random_five_state(rng, k)[:4]) == 5 for k in eg.five_slices())


def test_five_piece_positions_are_probed_and_others_are_not():
    _shipped_five()
    assert eg.probe(Position.from_fen("W:WK7,K10:BK9,K19,K23")) == -1   # three kings v two, white to move
    assert eg.probe(Position.from_fen("B:WK7,K10:BK9,K19,K23")) == 1
    assert eg.probe_distance(Position.from_fen("B:WK7,K10:BK9,K19,K23"))[1] > 0
    # five men, which the first five-piece file lacked: three against two win, whoever moves
    assert eg.probe(Position.from_fen("B:W18,19,20:B1,2")) == -1
    assert eg.probe(Position.from_fen("W:W18,19,20:B1,2")) == 1
    assert eg.probe(Position.from_fen("B:W18,19,20:B1,2,3")) is None    # six pieces


def test_five_piece_blocks_unpacked_are_bounded():
    # an Endgame keeps the blocks it used last, up to five_cache_bytes: a block dropped is unpacked
    # again; a slice is its blocks end to end, the last one short
    _shipped_five()
    db = eg.Endgame()
    key = (0, 1, 0, 4)   # 1.2 M slots: 74 blocks, the last one short
    size = eg.slice_size(key)
    last = (size - 1) >> eg.FIVE_BLOCK_SHIFT
    db.five_cache_bytes = 2 * eg.FIVE_BLOCK
    first = db.five_block(key, 0)
    assert len(first) == eg.FIVE_BLOCK and db.five_block(key, 0) is first
    db.five_block(key, 1)
    db.five_block(key, 0)            # (used last: kept)
    db.five_block(key, 2)
    assert list(db._five_blocks) == [(key, 0), (key, 2)]
    again = db.five_block(key, 1)
    assert len(again) == eg.FIVE_BLOCK and list(db._five_blocks) == [(key, 2), (key, 1)]
    assert len(db.five_block(key, last)) == size - last * eg.FIVE_BLOCK < eg.FIVE_BLOCK
    assert db.five_block(key, last + 1) is None and db.five_block((0, 0, 0, 5), 0) is None
    db.five_cache_bytes = None        # (keep every block)
    whole = db.five_slice(key)
    assert len(whole) == size and len(db._five_blocks) == last + 1
    assert whole[eg.FIVE_BLOCK:2 * eg.FIVE_BLOCK] == again
    # a probe reads the byte of its position from the block that holds it
    state = Position.from_fen("B:WK7,K10,K14,K23:BK27").state   # one king v four, black to move
    assert db.probe_state(*state) == whole[eg.local_index(*state[:4], key)]


def _counting_fetches(db, monkeypatch):
    """The database's core tables, the fetches of five-piece blocks counted in the list returned."""
    fetched = []
    tables = db.core_tables()
    five = tables["FIVE"]
    monkeypatch.setitem(tables, "FIVE", lambda key, index: fetched.append((key, index)) or five(key, index))
    return fetched


def test_a_search_core_holds_five_piece_blocks_up_to_its_share(monkeypatch):
    # the core keeps the blocks it is given, up to the Searcher's share (five_bytes): a block past
    # it drops those held and the search goes on, fetching again what it meets. The memory is
    # bounded; the search is the same, node for node
    _shipped_five()
    from game.engine import search as S

    position = Position.from_fen("B:W18,K10,K14:BK9,K19,23")   # six pieces: its captures reach five
    results = {}
    for share in (None, eg.FIVE_BLOCK):   # (None: no limit; then room for one block)
        db = eg.Endgame()
        fetched = _counting_fetches(db, monkeypatch)
        searcher = S.Searcher(endgame=db, five_bytes=share)
        info = list(searcher.search(position, depth=5))[-1]
        results[share] = (info.score, info.best_move, info.pv, info.nodes), fetched
    (unbounded, once), (bounded, again) = results[None], results[eg.FIVE_BLOCK]
    assert bounded == unbounded
    assert len(set(once)) == len(once) > 1          # no limit: each block fetched once
    assert set(again) == set(once) and len(again) > len(once)   # one block held: fetched again
    # a share set between searches holds from the next search (0: one block at a time): searched
    # again, the position needs no block with the blocks held, and some without
    for share, refetched in ((None, False), (0, True)):
        db = eg.Endgame()
        fetched = _counting_fetches(db, monkeypatch)
        searcher = S.Searcher(endgame=db, five_bytes=None)
        list(searcher.search(position, depth=5))
        assert len(fetched) == len(once)
        searcher.five_bytes = share
        info = list(searcher.search(position, depth=5))[-1]
        assert (info.score, info.best_move, info.pv) == unbounded[:3]
        assert (len(fetched) > len(once)) == refetched


def test_five_piece_files_that_are_damaged_or_foreign_are_refused(tmp_path):
    good = eg.default_path(eg.FIVE_FILE_NAME).read_bytes()
    state = Position.from_fen("B:WK7,K10:BK9,K19,K23").state
    for name, data, match in (("foreign", b"CKEGDB2\n" + good[8:], "not a five-piece"),
                              ("short", good[:-100], "damaged"),
                              ("tiny", b"CK", "not a five-piece")):
        path = tmp_path / name
        path.write_bytes(data)
        with pytest.raises(eg.EndgameError, match=match) as err:
            eg.Endgame(five=path).probe_state(*state)
        assert str(path) in str(err.value)
    # a block whose bytes were changed fails its checksum, named by its balance and block
    with open(eg.default_path(eg.FIVE_FILE_NAME), "rb") as f:
        directory = eg.read_five_directory(f, "x")
    index = eg.local_index(*state[:4], (0, 3, 0, 2)) >> eg.FIVE_BLOCK_SHIFT
    start, packed, _ = directory[(0, 3, 0, 2)][index]
    data = bytearray(good)
    data[start + packed // 2] ^= 0xFF
    path = tmp_path / "flipped"
    path.write_bytes(bytes(data))
    with pytest.raises(eg.EndgameError, match=rf"\(0, 3, 0, 2\), block {index} is damaged"):
        eg.Endgame(five=path).probe_state(*state)
    # no file: five pieces are outside the database, four still in it
    e = eg.Endgame(five=tmp_path / "missing.bin")
    with pytest.raises(eg.EndgameError, match="cannot read"):
        e.probe_state(*state)


def test_the_engine_converts_three_kings_against_two_with_the_database():
    # (without the five-piece slices, depth 2 lets two of these six go to a repetition)
    rng = random.Random(4)
    starts = []
    for _ in range(500):
        st = random_states_of(rng, (0, 3, 0, 2), 1)[rng.randint(0, 1)]
        p = Position.from_state(st)
        known = eg.probe_distance(p)
        if known is not None and known[0] == eg.WIN and known[1] > 20:
            starts.append(p)
            if len(starts) == 6:
                break
    assert len(starts) == 6
    tool = _tool()
    for start in starts:
        won, game = tool.play_out(start, start.turn, depth=2)
        assert won, (start.fen(), str(game.outcome))


def test_the_search_reads_five_piece_balances_it_holds_and_searches_the_rest():
    from game.engine.scores import describe_score, is_database_score
    from game.engine.search import Searcher

    held = Position.from_fen("B:WK7,K10:BK9,K19,K23")  # three kings v two: in the database
    infos = list(Searcher().search(held, depth=6))
    assert [i.depth for i in infos] == [1, 2]  # every move leads into the database: no deeper
    assert is_database_score(infos[-1].score) and describe_score(infos[-1].score) == "database win"
    # the same position without the five-piece file: an ordinary search, no database score
    infos = list(Searcher(endgame=eg.Endgame(five=False)).search(held, depth=6))
    assert [i.depth for i in infos] == [1, 2, 3, 4, 5, 6] and not is_database_score(infos[-1].score)
    # six pieces are not held: searched to the depth asked
    infos = list(Searcher().search(Position.from_fen("B:W18,19,20:B1,2,3"), depth=5))
    assert [i.depth for i in infos] == [1, 2, 3, 4, 5]


def test_a_won_ending_keeps_its_material():
    # every move is a database win here, and the database's shortest
    # conversion is 5-9 (14x5: a capture by either side counts); the
    # engine keeps its king instead, hint and play alike
    from game.engine.search import Searcher

    position = Position.from_fen("B:WK14:BK31,K26,K8,K5")
    for depth in (2, 4, 6):
        move = Searcher().best_move(position, depth=depth)
        assert not position.play(move).has_capture(), (depth, str(move))
    move = Searcher().best_move(position, time=0.2)
    assert not position.play(move).has_capture(), str(move)


def test_a_short_win_is_played_out_ahead_of_the_database():
    # B:WK30:BK6,K17: every move is a database win, and black also wins in
    # 2 moves; the engine plays that win and says so (a win in so many plies)
    from game.engine.scores import describe_score
    from game.engine.search import Searcher, iterative_search

    position = Position.from_fen("B:WK30:BK6,K17")
    info = list(iterative_search(position, depth=8))[-1]
    assert describe_score(info.score) == "win in 2"
    game_positions = [position]
    searcher = Searcher()
    while game_positions[-1].legal_moves() and len(game_positions) < 10:
        game_positions.append(game_positions[-1].play(searcher.best_move(game_positions[-1], depth=8)))
    assert not game_positions[-1].legal_moves() and len(game_positions) == 4  # 3 plies: over


def test_king_endings_of_six_to_eight_pieces_are_taken_from_games_and_judged(tmp_path):
    tool = _tool()
    pdn = tmp_path / "games.pdn"
    # 1: the start has 9 pieces, after 14x23 8 with a capture pending, after 27x18 7, kings among them
    # 2: 7 pieces with kings, no capture pending: the start itself
    # 3: men only: no king ending
    pdn.write_text('[FEN "B:W18,22,27,30,K5:B1,2,14,K32"]\n1. 14x23 27x18 *\n\n'
                   '[FEN "W:W21,30,K12,K31:BK3,6,1"]\n1... 12-16 *\n\n'
                   '[FEN "B:W21,22,30:B1,2,3"]\n1. 3-7 *\n', encoding="utf-8")
    got = tool.king_endings(pdn, 10)
    assert [p.fen() for p in got] == [Position.from_fen("B:W18,22,30,K5:B1,2,K32").fen(),
                                      Position.from_fen("W:W21,30,K12,K31:BK3,6,1").fen()]
    assert tool.king_endings(pdn, 1) == got[:1]
    assert tool.judge(Position.from_fen("W:W21,30,K12,K31,K32:BK3,1"), depth=6) == ("won", 1)   # white: 3 more
    kind, _ = tool.judge(Position.from_fen("B:WK28,K32,K5:BK1,K10,K20"), depth=6)
    assert kind == "drawn"   # three kings each


def test_the_endings_option_names_a_missing_file(tmp_path):
    import subprocess
    import sys

    out = subprocess.run([sys.executable, str(TOOL), "--endings", str(tmp_path / "none.pdn")], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2 and "none.pdn" in out.stderr and "Traceback" not in out.stderr
