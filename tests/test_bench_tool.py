"""tools/bench.py's --set: search parameters and weights for one run, as tools/match.py's @ sets them."""

import re

import bench
import overrides
import pytest


def _scores(text):
    return re.findall(r"score (\S+)", text)


def test_set_changes_the_search_for_the_run_and_no_further(capsys, monkeypatch):
    # (the tables are loaded before timing only: not every five-piece slice
    # into this test process for the rest of the session)
    monkeypatch.setattr(bench, "load_everything", lambda modules: None)
    run = ["--depth", "2", "--only", "4", "--engine", "interpreted"]
    try:
        bench.main(run)
        plain = _scores(capsys.readouterr().out)
        bench.main([*run, "--set", "MOBILITY=60"])
        heavy = _scores(capsys.readouterr().out)
    finally:
        overrides.apply({})  # (the weights back to their defaults for the tests after this one)
    bench.main(run)
    again = _scores(capsys.readouterr().out)
    assert len(plain) == len(heavy) == 4
    assert heavy != plain  # mobility weighed six times as much moves the scores
    assert again == plain  # and a run without --set is back to the defaults


def test_set_with_an_unknown_name_says_so(capsys):
    with pytest.raises(SystemExit) as e:
        bench.main(["--depth", "1", "--set", "NO_SUCH_THING=1"])
    assert e.value.code == 2
    assert "NO_SUCH_THING" in capsys.readouterr().err


def test_baseline_runs_without_this_checkouts_set(monkeypatch, capsys):
    # --baseline runs the other checkout's bench with the same options but
    # --set, whose names that checkout may not have, then this one with them
    runs = []

    class Done:
        stdout = "median depth 3\n"
        stderr = ""

    def fake_run(cmd, **kw):
        runs.append((kw["cwd"], cmd[2:]))
        return Done()

    monkeypatch.setattr(bench.subprocess, "run", fake_run)
    try:
        bench.main(["--depth", "3", "--baseline", "/elsewhere", "--set", "TT_ENTRIES=5000", "--only=2"])
    finally:
        overrides.apply({})
    assert runs[0] == (bench.Path("/elsewhere"), ["--depth", "3", "--only=2"])
    assert runs[1][1] == ["--depth", "3", "--set", "TT_ENTRIES=5000", "--only=2"]
    assert capsys.readouterr().out.count("median depth 3") == 4  # each run's output, then the summary


def test_overrides_build_one_search_params_and_patch_no_module():
    from game.engine import search

    before = search.DEFAULT_PARAMS
    got = overrides.params(overrides.parse("RFP_MARGIN=80;LMP=(99, 2);KING=150"))
    assert got == before._replace(rfp_margin=80, lmp=(99, 2))   # (KING is a weight: not the search's)
    assert search.DEFAULT_PARAMS is before and before.rfp_margin == 60
    assert not hasattr(search, "RFP_MARGIN")   # no module constant to patch
    with pytest.raises(ValueError, match="'NO_SUCH'"):
        overrides.params({"NO_SUCH": 1})
    with pytest.raises(ValueError, match="'rfp_margin'"):
        overrides.params({"rfp_margin": 1})   # (the names are in capitals, as the weights')


def test_set_reaches_the_search_as_its_params(capsys, monkeypatch):
    # a search parameter given with --set changes the trees: no pruning late, more nodes
    monkeypatch.setattr(bench, "load_everything", lambda modules: None)
    run = ["--depth", "5", "--only", "2", "--engine", "interpreted"]
    bench.main(run)
    plain = re.findall(r"depth +\d+  nodes +(\d+)", capsys.readouterr().out)
    bench.main([*run, "--set", "LMP=();LMR_FROM=99"])
    wide = re.findall(r"depth +\d+  nodes +(\d+)", capsys.readouterr().out)
    assert len(plain) == len(wide) == 2 and all(int(w) > int(p) for p, w in zip(plain, wide))
