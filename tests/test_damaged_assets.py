"""A damaged shipped file never stops the game: it is reported once and
play goes on without it (the plain evaluation, search instead of the
database, the rest of the book)."""

from array import array

import pytest

from game.engine import book, shipped
from game.engine import endgame as eg
from game.engine import patterns as P
from game.engine.search import Searcher
from game.rules import Position


@pytest.fixture(autouse=True)
def _fresh_reports(monkeypatch):
    monkeypatch.setattr(shipped, "_reported", {})
    monkeypatch.setattr(shipped, "_unshown", [])


def _flipped(src, dst, at):
    data = bytearray(src.read_bytes())
    data[at] ^= 0xFF
    dst.write_bytes(bytes(data))
    return dst


def test_a_damaged_pattern_file_means_the_plain_evaluation(tmp_path, monkeypatch):
    src = P.default_path()
    bad = _flipped(src, tmp_path / "patterns.bin", len(src.read_bytes()) // 2)
    monkeypatch.setattr(P, "_loaded", {})
    monkeypatch.setattr(P, "default_path", lambda: bad)
    values = P.load()
    assert values == array("h", bytes(2 * P.SIZE))
    assert "patterns.bin" in shipped.problems()
    assert "damaged" in shipped.problems()["patterns.bin"]
    P.load()
    assert len(shipped.take_problems()) == 1  # reported once


def _search(position, searcher):
    move = searcher.best_move(position, depth=6)
    assert move in position.legal_moves()
    return move


def test_a_damaged_four_piece_database_means_search(tmp_path):
    src = eg.default_path()
    bad = _flipped(src, tmp_path / "endgame4.bin", len(src.read_bytes()) // 2)
    searcher = Searcher(endgame=eg.Endgame(path=bad, five=False))
    for fen in ("B:WK14:BK31,K26,K8,K5", "W:W18,K3:BK9,14"):
        _search(Position.from_fen(fen), searcher)
    assert "endgame4.bin" in shipped.problems()
    assert len(shipped.take_problems()) == 1
    _search(Position.from_fen("B:WK7,K10:BK9,K19"), searcher)  # and the next search as well
    assert shipped.take_problems() == []


def test_a_damaged_five_piece_block_means_search(tmp_path):
    src = eg.default_path(eg.FIVE_FILE_NAME)
    position = Position.from_fen("B:WK7,K10:BK9,K19,K23")   # black to move: the table's own view
    index = eg.local_index(*position.state[:4], (0, 3, 0, 2)) >> eg.FIVE_BLOCK_SHIFT
    with open(src, "rb") as f:
        start, packed, _ = eg.read_five_directory(f, "x")[(0, 3, 0, 2)][index]   # that position's block
    bad = _flipped(src, tmp_path / "endgame5.bin", start + packed // 2)
    # White's move 3-7 reaches it inside the search (the core's fetch), not at the root: reported,
    # and the search goes on without the balance
    parent = Position.from_fen("W:WK3,K10:BK9,K19,K23")
    assert any(parent.play(m) == position for m in parent.legal_moves())
    searcher = Searcher(endgame=eg.Endgame(five=bad))
    _search(parent, searcher)
    assert "endgame5.bin" in shipped.problems()
    _search(position, searcher)   # and at the root, reported once
    assert len(shipped.take_problems()) == 1


START = Position.initial()


def test_one_bad_book_line_leaves_the_rest_of_the_book(tmp_path):
    after = START.play(START.legal_moves()[0])
    path = tmp_path / "book.txt"
    good_move = str(START.legal_moves()[0])
    lines = [f"{START.fen()} {good_move}:oops", f"{after.fen()} {after.legal_moves()[0]}:5"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert book.book_moves(START, path) == []
    assert book.choose(START, path=path) is None
    assert "book.txt" in shipped.problems()
    assert book.book_moves(after, path) == [(after.legal_moves()[0], 5)]


def test_a_non_utf8_byte_loses_only_its_line(tmp_path):
    path = tmp_path / "book.txt"
    move = START.legal_moves()[0]
    path.write_bytes(b"W:W\xff1:B2 1-5:0\n" + f"{START.fen()} {move}:3\n".encode())
    assert book.book_moves(START, path) == [(move, 3)]
    assert "not UTF-8" in shipped.problems()["book.txt"]


def test_a_book_too_big_to_be_ours_is_reported(tmp_path):
    path = tmp_path / "book.txt"
    path.write_bytes(b"# padding\n" * ((4 << 20) // 10 + 10))
    assert book.book_moves(START, path) == []
    assert "over 4 MB" in shipped.problems()["book.txt"]



def test_the_worker_passes_a_report_on_and_the_computer_keeps_it_for_the_screen(monkeypatch):
    from game.controller.computer import ComputerTurn
    from game.engine import process
    from game.engine.levels import LEVELS
    from game.rules import Game

    move = START.legal_moves()[0]

    def search_that_meets_a_damaged_file(go, stop, send, searcher=None):
        shipped.report("endgame4.bin", "endgame database 'endgame4.bin' is damaged: searching without it")
        return process.Done(go.request_id, move)

    # the worker attaches what was reported during the search to its answer, once
    monkeypatch.setattr(process, "_run_search", search_that_meets_a_damaged_file)
    sent = []
    worker = process._Worker.__new__(process._Worker)
    worker.searcher, worker.send = object(), sent.append
    go = process.Go(7, START, (), process.Limit(depth=1))
    worker._search(go, None)
    worker._search(go, None)
    assert "endgame4.bin" in sent[0].notice and sent[1].notice is None

    # the computer's turn keeps it until the screen shows it
    class Client:
        def go(self, *a, **k):
            return 7

        def poll(self):
            return [sent[0]]

        def stop(self):
            pass

        def cancel(self):
            pass

    turn = ComputerTurn(lambda: Client())
    assert turn.start(Game(START), LEVELS[0])
    assert turn.poll(START) == move
    assert "endgame4.bin" in turn.notice



def test_the_evaluation_tables_build_with_a_damaged_pattern_file(tmp_path, monkeypatch):
    # the symptom: these tables are built at import, so `checkers` did not start
    from game.engine import evaluate

    src = P.default_path()
    bad = _flipped(src, tmp_path / "patterns.bin", 100)
    monkeypatch.setattr(P, "_loaded", {})
    monkeypatch.setattr(P, "default_path", lambda: bad)
    try:
        evaluate._build_tables()
        assert "damaged" in shipped.problems()["patterns.bin"]
    finally:
        monkeypatch.undo()
        evaluate._build_tables()  # the shipped tables again for the other tests
