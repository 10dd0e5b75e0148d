"""The readers of FEN, square names and board files against hostile and careless input.

Each class of trouble has a test: numbers Python refuses to convert, inputs that
make a backtracking pattern take quadratic time, NUL bytes, files that are not
files (/dev/zero, a FIFO, a folder, a link to a device), files too large, and what
a master program may reasonably write (a BOM, CRLF, seconds as ``1e9``).  Then a
seeded fuzz loop per reader: only the library's own ValueErrors may come out,
each with a short message.  All inputs are made on the fly.
"""

import os
import random
import threading
import time

import pytest
from fuzzing import mutate
from helpers import play

from game.notation import (
    BOARD_FILE_LIMIT,
    NotationError,
    csci_board,
    csci_input,
    digit_board,
    load_board_file,
    load_csci_input,
    parse_csci_board,
    parse_csci_input,
    parse_digit_board,
    parse_square,
    read_board_file,
    square_name,
)
from game.rules import WHITE, FenError, Game, Position, PositionError, RulesError
from game.textfile import FileReadError

ROWS = [".b.b.b.b", "b.b.b.b.", ".b.b.b.b", "........", "........", "w.w.w.w.", ".w.w.w.w", "w.w.w.w."]
INPUT = "GAME\nWHITE\n100.\n" + "\n".join(ROWS) + "\n"
SHORT = 400  # the longest error message a reader may produce: it quotes excerpts, not the input
HUGE = "1" * 5000  # int() of more than 4300 digits raises a bare ValueError in Python 3.11+


def _short_library_error(call, *args, errors=(NotationError,)):
    """The error ``call(*args)`` raises, checked to be one of ours with a short, printable message."""
    with pytest.raises(errors) as info:
        call(*args)
    message = str(info.value)
    assert message and len(message) < SHORT, message[:200]
    assert "\x00" not in message and "\n" not in message
    return info.value


# -- numbers Python refuses to convert -------------------------------------------------

@pytest.mark.parametrize("call, text", [
    (parse_square, HUGE),
    (parse_square, "0" * 5000 + "1" * 5000),
    (Position.from_fen, f"B:W{HUGE}:B1"),
    (Position.from_fen, f"B:W1-{HUGE}:B5"),
    (Position.from_fen, f"B:WK{HUGE}:B5"),
    (parse_csci_input, INPUT.replace("100.", HUGE)),
    (parse_csci_input, INPUT.replace("100.", HUGE + "." + HUGE)),
    (parse_csci_input, INPUT.replace("100.", "1e" + HUGE)),
    (parse_digit_board, HUGE + "\n" * 7),
    (read_board_file, HUGE),
    (read_board_file, f"B:W{HUGE}:B1"),
], ids=["square", "square-zeros", "fen", "fen-range", "fen-king", "seconds", "seconds-decimals",
        "seconds-exponent", "digits", "board-file", "board-file-fen"])
def test_numbers_too_long_for_int_raise_the_library_error(call, text):
    _short_library_error(call, text)


def test_huge_int_values_raise_the_library_error():
    big = 10 ** 5000  # even repr() of it raises ValueError
    _short_library_error(square_name, big)
    _short_library_error(parse_square, big)
    _short_library_error(Position.from_squares, [big], errors=(PositionError,))
    _short_library_error(csci_input, "GAME", big, Position.initial())  # float() overflows
    _short_library_error(csci_input, "GAME", 10 ** 400, Position.initial())
    _short_library_error(lambda: Game(draw_rule=big), errors=(RulesError,))


# -- patterns that must stay linear ------------------------------------------------------

PATHOLOGICAL = {
    # the input.txt seconds line once took seconds of CPU on this: "111...1x"
    "seconds": lambda n: INPUT.replace("100.", "1" * n + "x"),
    "seconds-dots": lambda n: INPUT.replace("100.", "1" * n + "." + "1" * n + "x"),
    "seconds-exponent": lambda n: INPUT.replace("100.", "1e" + "1" * n + "x"),
    "fen-commas": lambda n: "B:W" + "1," * n + "x:B5",
    "fen-ranges": lambda n: "B:W" + "1-2," * (n // 2) + ":B5",
    "fen-colons": lambda n: "B" + ":" * n,
    "board-digits": lambda n: "0 " * n + "x\n" + "0000\n" * 7,
    "board-csci": lambda n: "b." * n + "x\n" + "........\n" * 7,
    "board-long-row": lambda n: "\n".join(["." * n] + ROWS[1:]),
    "many-lines": lambda n: "\n" * n + "1111\n" * n,
    "square-spaces": lambda n: " " * n + "1" + " " * n,
}


@pytest.mark.parametrize("name", sorted(PATHOLOGICAL))
def test_100k_character_inputs_are_read_or_refused_quickly(name):
    text = PATHOLOGICAL[name](100_000)
    parse = parse_square if name.startswith("square") else read_board_file
    # CPU time of this process: a quadratic pattern takes minutes here, a linear one
    # milliseconds; 5 s is generous enough for any load on the machine
    start = time.process_time()
    try:
        parse(text)
    except NotationError as e:
        assert len(str(e)) < SHORT
    assert time.process_time() - start < 5.0
    if name.startswith("seconds"):
        start = time.process_time()
        _short_library_error(parse_csci_input, text)
        assert time.process_time() - start < 5.0


# -- NUL bytes and other control characters --------------------------------------------

@pytest.mark.parametrize("text", [
    INPUT.replace("WHITE", "WHI\x00TE"),
    INPUT.replace("100.", "100\x00"),
    INPUT.replace(".b.b.b.b", ".b.b\x00b.b", 1),
    "\x00" * 1000,
    "B:W18\x00:B14",
    "1111\n\x00\n" * 4,
])
def test_nul_bytes_are_refused_with_a_printable_message(text):
    _short_library_error(read_board_file, text)


def test_a_nul_in_a_square_name():
    _short_library_error(parse_square, "1\x00")


# -- files that are not files, or too large ----------------------------------------------

def _finishes(call, *args, seconds=30):
    """Run ``call`` in a thread; fail (instead of hanging the suite) if it never returns."""
    result = {}

    def run():
        try:
            result["value"] = call(*args)
        except BaseException as e:  # noqa: BLE001 -- handed back to the test
            result["error"] = e

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"{call.__name__} did not return within {seconds} s"
    return result


@pytest.mark.parametrize("load", [load_board_file, load_csci_input])
def test_dev_zero_is_refused_without_reading_it(load):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    got = _finishes(load, "/dev/zero")
    assert isinstance(got.get("error"), FileReadError), got
    assert "not a regular file" in str(got["error"])


@pytest.mark.parametrize("load", [load_board_file, load_csci_input])
def test_a_fifo_never_blocks(load, tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo = tmp_path / "input.txt"
    os.mkfifo(fifo)
    got = _finishes(load, fifo)
    assert isinstance(got.get("error"), FileReadError), got
    assert "not a regular file" in str(got["error"])


def test_links_folders_missing_and_large_files(tmp_path):
    link = tmp_path / "zero.txt"
    if os.path.exists("/dev/zero"):
        link.symlink_to("/dev/zero")
        assert isinstance(_finishes(load_board_file, link).get("error"), FileReadError)
    _short_library_error(load_board_file, tmp_path, errors=(FileReadError,))
    _short_library_error(load_board_file, tmp_path / "missing.txt", errors=(FileReadError,))
    big = tmp_path / "big.txt"
    big.write_text(digit_board(Position.initial()) + " " * BOARD_FILE_LIMIT)
    error = _short_library_error(load_board_file, big, errors=(FileReadError,))
    assert "too large" in str(error)
    # just under the cap is read: trailing blanks are allowed
    fits = tmp_path / "fits.txt"
    fits.write_text(digit_board(Position.initial()) + " " * (BOARD_FILE_LIMIT - 100))
    assert load_board_file(fits) == Position.initial()


def test_a_file_with_nul_bytes_or_undecodable_bytes(tmp_path):
    f = tmp_path / "board.txt"
    f.write_bytes(b"1111\n" * 3 + b"\x00\x00\x00\x00\n" + b"0000\n" + b"3333\n" * 3)
    _short_library_error(load_board_file, f)
    f.write_bytes(b"\xff\xfe\x00b\x00\n" * 8)
    _short_library_error(load_board_file, f)


# -- what a master program may reasonably write -------------------------------------------

@pytest.mark.parametrize("data, seconds", [
    (INPUT.encode(), 100.0),
    (b"\xef\xbb\xbf" + INPUT.encode(), 100.0),
    (b"\xef\xbb\xbf" + INPUT.replace("\n", "\r\n").encode(), 100.0),
    (INPUT.replace("\n", "\r\n").replace("100.", "1e9").encode(), 1e9),
    (INPUT.replace("100.", "100").encode(), 100.0),
    (INPUT.replace("100.", "  7.5  ").encode(), 7.5),
    (INPUT.rstrip("\n").encode(), 100.0),
    (INPUT.replace("\n", "\r").encode(), 100.0),
])
def test_input_txt_as_a_master_program_writes_it(tmp_path, data, seconds):
    f = tmp_path / "input.txt"
    f.write_bytes(data)
    got = load_csci_input(f)
    assert got == ("GAME", WHITE, seconds, Position(*Position.initial().state[:4], WHITE))
    assert load_board_file(f) == got.position


@pytest.mark.parametrize("seconds", ["nan", "inf", "-inf", "-5", "0", "0.0", "1e999", "1e-400", "NaN", "Infinity"])
def test_input_txt_seconds_that_are_no_time_left(seconds):
    error = _short_library_error(parse_csci_input, INPUT.replace("100.", seconds))
    assert "line 3" in str(error)


# -- fuzzing ------------------------------------------------------------------------------

PIECES = ["1", "9", "0", "32", "33", HUGE[:50], "1" * 4400, "K", "k", "B", "W", "b", "w", ":", ",", "-", ".",
          "x", " ", "\t", "\n", "\r\n", "\r", "\x00", "\ufeff", "\ud800", "\u0663", "\u00b2", "e", "E", "+",
          "nan", "inf", "1e9", "100.", "SINGLE", "GAME", "BLACK", "WHITE", "........", ".b.b.b.b", "w.w.w.w.",
          "1111", "0000", "3333", '"', "\u2028", "\x0b", "\x85"]


def _hostile(rng, sample):
    """A mutation of a valid ``sample``, or a string of hostile pieces."""
    if rng.random() < 0.3:
        return "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 40)))
    return mutate(rng, sample, PIECES, edits=5, repeat=50)


def _samples():
    pos = play(Game(), 40, seed=17).position
    return {
        "fen": (Position.from_fen, pos.fen()),
        "square": (parse_square, "b8"),
        "board text": (read_board_file, "\n".join(csci_board(pos))),
        "digits board": (parse_digit_board, digit_board(pos)),
        "csci board": (lambda t: parse_csci_board(t, "WHITE"), "\n".join(csci_board(pos))),
        "input.txt": (parse_csci_input, csci_input("GAME", 12.5, pos)),
    }


FUZZ_INPUTS = 3000


def fuzz(name, n=FUZZ_INPUTS, seed=0):
    """(inputs tried, misbehaviours) for one reader: anything but a short NotationError is one."""
    parse, sample = _samples()[name]
    rng = random.Random(f"{name}/{seed}")
    bad = []
    for _ in range(n):
        text = _hostile(rng, sample)
        try:
            parse(text)
        except NotationError as e:
            if not str(e) or len(str(e)) >= SHORT:
                bad.append((text[:80], f"message of {len(str(e))} characters"))
        except Exception as e:  # noqa: BLE001 -- any other error is what we are looking for
            bad.append((text[:80], repr(e)[:120]))
    return n, bad


@pytest.mark.parametrize("name", ["fen", "square", "board text", "digits board", "csci board", "input.txt"])
def test_fuzz_only_library_errors_escape(name):
    tried, bad = fuzz(name)
    print(f"fuzz {name}: {tried} inputs, {len(bad)} misbehaved")
    assert tried == FUZZ_INPUTS
    assert not bad, bad[:5]


def test_fuzz_files_through_the_file_readers(tmp_path):
    rng = random.Random("files")
    f = tmp_path / "board.txt"
    tried = 0
    for _ in range(300):
        sample = rng.choice([INPUT, digit_board(Position.initial()), Position.initial().fen()])
        data = _hostile(rng, sample).encode("utf-8", "surrogatepass")
        if rng.random() < 0.2:
            data = bytes(rng.randrange(256) for _ in range(rng.randint(0, 200)))
        f.write_bytes(data)
        for load in (load_board_file, load_csci_input):
            tried += 1
            try:
                load(f)
            except (NotationError, FileReadError) as e:
                assert str(e) and len(str(e)) < SHORT
    assert tried == 600


def test_fen_errors_are_both_rules_and_notation_errors():
    error = _short_library_error(Position.from_fen, "B:W33:B1", errors=(FenError,))
    assert isinstance(error, RulesError) and isinstance(error, NotationError) and isinstance(error, ValueError)


def test_excerpt_never_fails_and_stays_short():
    from game.textfile import excerpt

    assert excerpt(10 ** 5000) == "<a number of 16610 bits>"  # str() of it raises ValueError
    assert excerpt([10 ** 5000]) == "<a list too large to show>"
    assert excerpt("a\x00b") == repr("a\N{REPLACEMENT CHARACTER}b")
    assert len(excerpt("x" * 100_000)) < 70


def test_just_over_the_cap_is_told_in_bytes(tmp_path):
    f = tmp_path / "board.txt"
    f.write_text(" " * (BOARD_FILE_LIMIT + 1))
    error = _short_library_error(load_board_file, f, errors=(FileReadError,))
    assert f"{BOARD_FILE_LIMIT + 1} bytes; at most {BOARD_FILE_LIMIT} bytes" in str(error)
