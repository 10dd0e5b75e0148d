"""Hostile and broken PDN never crashes, hangs or eats memory: only per-game errors or a NotationError.

Costs are checked by counts and sizes, never by the clock: what is kept is capped,
nesting is counted rather than recursed, and an input a thousand times larger is
read without its cost growing faster than its size (a tracemalloc peak).
"""

import os
import random
import sys
import tracemalloc

import pytest

from game.notation.errors import NotationError
from game.notation.pdn import (
    MAX_COMMENT,
    MAX_COMMENT_TOTAL,
    MAX_TAG_VALUE,
    MAX_TAGS,
    PdnGame,
    find_move,
    read_pdn,
    read_pdn_file,
    write_pdn,
)
from game.rules import Game, Position
from game.textfile import FileReadError

RESULTS = {"2-0", "0-2", "1-1", "0-0", "*"}


def _check(games):
    """What every read must give: PdnGames whose moves are legal one after the other."""
    for g in games:
        assert isinstance(g, PdnGame)
        assert g.result in RESULTS
        assert g.error is None or (isinstance(g.error, str) and len(g.error) < 2000)
        assert all(len(v) <= MAX_TAG_VALUE + 1 for v in g.tags.values()) and len(g.tags) <= MAX_TAGS
        try:
            pos = g.start_position()
        except NotationError:
            assert g.error and not g.moves
            continue
        for m in g.moves:
            assert m in pos.legal_moves()
            pos = pos.play(m)
    return games


def _peak(fn):
    tracemalloc.start()
    try:
        out = fn()
        return tracemalloc.get_traced_memory()[1], out
    finally:
        tracemalloc.stop()


def test_huge_tag_value_is_capped_and_costs_memory_in_proportion():
    value = "x" * (8 * 1024 * 1024)
    text = f'[Event "{value}"]\n[Black "Ann"]\n1. 11-15 *\n'
    peak, games = _peak(lambda: read_pdn(text))
    (g,) = _check(games)
    assert len(g.tags["Event"]) <= MAX_TAG_VALUE + 1 and g.tags["Black"] == "Ann" and len(g.moves) == 1
    assert peak < 4 * len(text)  # a copy or two of the text, not gigabytes


def test_huge_unclosed_tag_and_huge_tag_name():
    for text in ('[Event "' + "y" * 3_000_000 + "\n1. 11-15 *", "[" + "N" * 3_000_000 + ' "v"]\n1. 11-15 *',
                 '[Event "' + "\\" * 3_000_001 + '"]\n1. 11-15 *'):
        games = _check(read_pdn(text))
        assert games and games[-1].moves and len(games[0].error or "") < 500


def test_nul_bytes_and_control_characters():
    text = '[Event "a\x00b\x07c"]\n[Black "\x1b[31mred"]\n1. 11-15 {\x00note\x1b} 23-19 \x00\x01 *' + \
        "\n" + write_pdn(Game()) + "\x00\x01 1. 11-15 \x00 *"
    games = _check(read_pdn(text))
    assert games[0].tags["Event"].isprintable() and "b" in games[0].tags["Event"]
    assert games[0].tags["Black"].isprintable() and "red" in games[0].tags["Black"]
    assert [str(m) for m in games[0].moves] == ["11-15", "23-19"]
    assert all(c.isprintable() for _, c in games[0].comments) and "note" in games[0].comments[0][1]
    _check(read_pdn("\x00" * 100_000))
    _check(read_pdn(b"[Event \"\xff\xfe\x00\"]\n1. 11-15 *"))


def test_deep_nesting_of_variations_and_comments_does_not_recurse():
    deep = 200_000
    assert deep > sys.getrecursionlimit() * 10
    for text in ("1. 11-15 " + "(" * deep + " 23-19 2-0",
                 "1. 11-15 " + "(" * deep + ")" * deep + " 23-19 2-0",
                 "1. 11-15 " + "{" * deep + "} 23-19 2-0",
                 "1. 11-15 " + "({" * deep + "\n[Event \"next\"]\n1. 9-13 *",
                 "[" * deep + "\n1. 11-15 *"):
        games = _check(read_pdn(text))
        assert games and [str(m) for m in games[0].moves][:1] in (["11-15"], [])
    closed = read_pdn("1. 11-15 " + "(" * deep + ")" * deep + " 23-19 2-0")[0]
    assert [str(m) for m in closed.moves] == ["11-15", "23-19"] and closed.error is None


def test_unclosed_comment_or_variation_spoils_one_game_not_the_file():
    text = '[Event "a"]\n1. 11-15 {never closed 23-19\n\n[Event "b"]\n1. 9-13 (1... 22-18\n\n[Event "c"]\n1. 10-14 *\n'
    games = _check(read_pdn(text))
    assert [g.tags["Event"] for g in games] == ["a", "b", "c"]
    assert "comment" in games[0].error and "variation" in games[1].error and games[2].error is None
    assert [len(g.moves) for g in games] == [1, 1, 1]


def test_huge_numbers_as_squares_and_move_numbers_are_notation_errors():
    big = "1" * 5000
    for text in (f"1. {big}-15 *", f"{big}. 11-15 *", f"1. 11-{big} *", f"{big}... 11-15 *",
                 f"1. 11x{big}x{big} *", f"[FEN \"B:W{big}:B1\"]\n1. 1-5 *"):
        games = _check(read_pdn(text))
        assert games
    (g,) = read_pdn(f"1. 11-15 23-19 2. {big}-15 *")
    assert g.error.startswith("move 2. '1111") and len(g.error) < 300 and len(g.moves) == 2
    with pytest.raises(NotationError):
        find_move(Position.initial(), f"{big}-15")
    with pytest.raises(NotationError):
        find_move(Position.initial(), "-".join(["11"] * 5000))


def test_many_comments_and_tags_are_capped_per_game():
    text = "".join(f'[T{i} "v"]\n' for i in range(MAX_TAGS * 3)) + "1. 11-15 " + "{" + "c" * 50_000 + "} " + \
        " ".join("{note}" for _ in range(20_000)) + " *"
    (g,) = _check(read_pdn(text))
    assert len(g.tags) == MAX_TAGS
    assert all(len(c) <= MAX_COMMENT + 1 for _, c in g.comments)
    assert sum(len(c) for _, c in g.comments) <= MAX_COMMENT_TOTAL + MAX_COMMENT + 1


def test_long_runs_of_blanks_digits_and_separators_cost_linear_memory():
    n = 300_000
    for filler in (" ", "1", "1-", "x", "\n", "*", ".", "1.", "!", "}", ")"):
        text = "1. 11-15 " + filler * (n // len(filler)) + " 23-19 *"
        peak, games = _peak(lambda text=text: read_pdn(text))
        _check(games)
        assert peak < 8 * len(text) + 1_000_000, (filler, peak)


def test_file_reads_go_through_the_capped_reader(tmp_path):
    with pytest.raises(FileReadError):
        read_pdn_file("/dev/zero")
    fifo = tmp_path / "fifo.pdn"
    os.mkfifo(fifo)
    with pytest.raises(FileReadError, match="not a regular file"):
        read_pdn_file(fifo)  # never blocks waiting for a writer
    big = tmp_path / "big.pdn"
    big.write_text("1. 11-15 *\n" * 2000)
    with pytest.raises(FileReadError, match="too large"):
        read_pdn_file(big, limit=10_000)
    assert len(read_pdn_file(big)) == 2000
    with pytest.raises(FileReadError):
        read_pdn_file(tmp_path)


ALPHABET = "0123456789-x:.*!?$ \n\t[]{}();%\"\\abcdefghWBK/,\x00\u00bd\ufeff"


def _mutate(rng, text):
    chars = list(text)
    for _ in range(rng.randint(1, 8)):
        op = rng.randrange(5)
        i = rng.randrange(len(chars) + 1)
        if op == 0 and chars:
            del chars[min(i, len(chars) - 1):min(i, len(chars) - 1) + rng.randint(1, 5)]
        elif op == 1:
            chars.insert(i, rng.choice(ALPHABET))
        elif op == 2 and chars:
            chars[min(i, len(chars) - 1)] = rng.choice(ALPHABET)
        elif op == 3:
            j = rng.randrange(len(chars) + 1)
            chars[i:i] = chars[j:j + rng.randint(1, 40)]
        else:
            chars[i:i] = rng.choice(["(", "{", "*", "1-0", "[Event \"z\"]\n", "1...", "25-2", "c3-d4", "\\"]) \
                * rng.randint(1, 50)
    return "".join(chars)


FUZZ_INPUTS = 3000


def test_seeded_fuzz_gives_only_per_game_errors():
    rng = random.Random(14)
    seeds = []
    for k in range(6):
        g = Game()
        while g.outcome is None and g.ply < rng.randint(5, 80):
            g.push(rng.choice(g.legal_moves()))
        seeds.append(write_pdn(g, {"Event": f"seed {k}", "Black": "A"}))
    seeds.append('[FEN "W:W18,K27:B14,K5"]\n1... 18x9 {c} (1... 18-15 (2. 5-1)) 5x14 $3 2-0\n')
    seeds.append("1. 11-15! 23-19?{a}2.8-11* 22-17 9-13Black resigned.\n[Result \"{1/2-1/2}\"]\n")
    tried = broken = 0
    for _ in range(FUZZ_INPUTS):
        text = _mutate(rng, "\n".join(rng.sample(seeds, rng.randint(1, 3))))
        games = _check(read_pdn(text))  # anything but a list of games propagates and fails here
        tried += 1
        broken += sum(1 for g in games if g.error)
        head = read_pdn(text, headers_only=True)
        assert [g.tags for g in head] == [g.tags for g in games]
    assert tried == FUZZ_INPUTS and broken > FUZZ_INPUTS // 10  # the mutations do break games


def test_endless_legal_game_is_read_up_to_the_ply_cap():
    from game.notation.pdn import MAX_PLIES

    shuffle = " ".join(["1-5 32-28 5-1 28-32"] * (MAX_PLIES // 4 + 10))
    (g,) = _check(read_pdn('[FEN "B:WK32:BK1"]\n' + shuffle + " *"))
    assert len(g.moves) == MAX_PLIES and g.plies > MAX_PLIES and f"longer than {MAX_PLIES}" in g.error
