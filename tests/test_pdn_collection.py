"""A generated collection with quirks mixed in reads back whole, and each game's opening is its ballot."""

import importlib.util
from pathlib import Path

from game.notation.openings import opening_of
from game.notation.pdn import iter_pdn, read_pdn

TOOL = Path(__file__).resolve().parent.parent / "tools" / "make_collection.py"


def _tool():
    spec = importlib.util.spec_from_file_location("make_collection", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generated_collection_with_quirks_reads_back_whole():
    text = _tool().make_collection(80, seed=3, quirks=0.6)
    games = read_pdn(text)
    assert len(games) == 80
    assert [g.error for g in games] == [None] * 80
    quirky = sum(1 for g in games if g.tags.get("Result", "").startswith("{") or g.comments)
    assert quirky > 5  # the quirks are really there
    for g in games:
        assert g.plies == len(g.moves) >= 3
        assert g.result in ("2-0", "0-2", "1-1", "*")
        assert opening_of(g).ballot_number == int(g.tags["Opening"].split()[1])
    heads = list(iter_pdn(text, headers_only=True))
    assert [(h.tags, h.result, h.plies) for h in heads] == [(g.tags, g.result, g.plies) for g in games]
