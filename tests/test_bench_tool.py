"""tools/bench.py's --set: search constants and weights for one run, as tools/match.py's @ sets them."""

import re

import bench
import overrides
import pytest


def _scores(text):
    return re.findall(r"score (\S+)", text)


def test_set_changes_the_search_for_the_run_and_no_further(capsys):
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
