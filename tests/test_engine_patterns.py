"""The evaluation's band patterns: the shipped file, its format, and how the
evaluation uses it."""

import random

import pytest
from reference_eval import evaluate_reference

from game.engine import evaluate as E
from game.engine import patterns as P
from game.rules import Position


def test_shipped_patterns_are_read_and_colour_symmetric():
    table = P.read(P.default_path())
    assert len(table) == P.SIZE
    assert any(table), "the shipped table is all zero: nothing was fitted"
    for ph in range(P.PHASES):
        for k in range(P.BANDS):
            for c in range(P.CONFIGS):
                mk, mc = P.mirror(k, c)
                assert table[(ph * P.BANDS + k) * P.CONFIGS + c] == -table[(ph * P.BANDS + mk) * P.CONFIGS + mc]


def test_mirror_turns_the_band_round_and_swaps_colours():
    # black men on squares 1 and 6 (band 0, bits 0 and 5) become white men
    # on 32 and 27 (band 3, bits 7 and 2)
    k, c = P.mirror(0, P.config(0b00100001, 0))
    assert (k, c) == (3, P.config(0, 0b10000100))
    for c in random.Random(3).sample(range(P.CONFIGS), 200):
        assert P.mirror(*P.mirror(1, c)) == (1, c)


def test_write_then_read_gives_the_values_back(tmp_path):
    values = [(i * 7919) % 2001 - 1000 for i in range(P.SIZE)]
    path = tmp_path / "p.bin"
    P.write(path, values)
    assert list(P.read(path)) == values


@pytest.mark.parametrize("damage", ["truncated", "checksum", "magic", "empty"])
def test_a_damaged_file_is_named_not_used(tmp_path, damage):
    path = tmp_path / "p.bin"
    P.write(path, [1] * P.SIZE)
    data = bytearray(path.read_bytes())
    if damage == "truncated":
        data = data[:-10]
    elif damage == "checksum":
        data[-1] ^= 1
    elif damage == "magic":
        data[:4] = b"XXXX"
    else:
        data = b""
    path.write_bytes(bytes(data))
    with pytest.raises(P.PatternError, match="p.bin"):
        P.read(path)


def test_a_missing_file_means_no_patterns(tmp_path):
    assert not any(P.load(tmp_path / "none.bin"))


def _random_position(rng):
    squares = rng.sample(range(1, 33), rng.randrange(2, 25))
    bm, bk, wm, wk = [], [], [], []
    for s in squares:
        black = rng.random() < 0.5
        king = rng.random() < 0.2 or (black and s > 28) or (not black and s < 5)
        (bk if black and king else bm if black else wk if king else wm).append(s)
    return Position.from_squares(bm, bk, wm, wk, turn=rng.randrange(2))


def test_the_evaluation_adds_each_bands_pattern_value():
    """The fast tables hold the patterns: turning them off changes the
    evaluation by exactly the four bands' values of the men, by phase.
    (Two rebakes of the tables in all: every position with them, then every
    position without them.)"""
    table = P.load()
    rng = random.Random(11)
    states = [_random_position(rng).state for _ in range(2000)]
    saved = E.weights()["PATTERNS"]
    try:
        E.set_weights(PATTERNS=100)
        with_patterns = [E.evaluate(bm, bk, wm, wk, True) for bm, bk, wm, wk, _ in states]
        assert with_patterns == [evaluate_reference(bm, bk, wm, wk, True) for bm, bk, wm, wk, _ in states]
        E.set_weights(PATTERNS=0)
        without = [E.evaluate(bm, bk, wm, wk, True) for bm, bk, wm, wk, _ in states]
    finally:
        E.set_weights(PATTERNS=saved)
    changed = 0
    for (bm, bk, wm, wk, _), a, b in zip(states, with_patterns, without, strict=True):
        ph = P.phase((bm | bk | wm | wk).bit_count())
        expect = sum(table[(ph * P.BANDS + k) * P.CONFIGS + P.config(bm >> 9 * k & 255, wm >> 9 * k & 255)]
                     for k in range(P.BANDS))
        assert a - b == expect
        changed += expect != 0
    assert changed > 1000


def test_tables_share_their_values():
    """One int object per distinct value (see _build_tables): a lookup then
    stays in few cache lines."""
    ids = {id(v) for name in ("_MA0", "_MA1", "_MA2", "_MA3", "_MB0", "_MB1", "_MB2", "_MB3")
           for v in getattr(E, name)}
    values = {v for name in ("_MA0", "_MA1", "_MA2", "_MA3", "_MB0", "_MB1", "_MB2", "_MB3")
              for v in getattr(E, name)}
    assert len(ids) == len(values)


def test_fit_patterns_writes_a_symmetric_table_that_lowers_the_loss(tmp_path):
    pytest.importorskip("numpy")
    import subprocess
    import sys
    from pathlib import Path

    from game.engine.search import Searcher

    root = Path(__file__).resolve().parents[1]
    rng = random.Random(5)
    lines = []
    searcher = Searcher()
    for gi in range(60):
        p = Position.initial()
        for _ in range(rng.randrange(6, 30)):
            moves = p.legal_moves()
            if not moves:
                break
            p = p.play(rng.choice(moves))
        if not p.legal_moves() or p.has_capture():
            continue
        info = list(searcher.search(p, depth=3))[-1]
        score = info.score if p.state[4] else -info.score
        result = 1 if score > 0 else 0 if score < 0 else 0.5  # (the scale is fitted to results)
        lines.append(f"{gi} {score} {result} {p.fen()}")
    labels = tmp_path / "labels.txt"
    labels.write_text("\n".join(lines) + "\n")
    out = tmp_path / "p.bin"
    r = subprocess.run([sys.executable, str(root / "tools" / "fit_patterns.py"), str(labels),
                        "--out", str(out), "--iterations", "50"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "held out" in r.stdout and "fitted" in r.stdout
    before, after = (float(x) for x in r.stdout.split("fitted    log-loss ")[1].split()[0:3:2])
    assert after < before
    table = P.read(out)
    assert any(table)
    for c in random.Random(1).sample(range(P.CONFIGS), 300):
        mk, mc = P.mirror(2, c)
        assert table[2 * P.CONFIGS + c] == -table[mk * P.CONFIGS + mc]
