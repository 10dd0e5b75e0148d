"""tools/bench.py's --set: search constants and weights for one run, as tools/match.py's @ sets them."""

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
