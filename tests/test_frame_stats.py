"""The UI benches time the App's frames from outside (tools/frame_stats.py): the loop carries no bench code."""

import ast
from pathlib import Path

import pytest
from frame_stats import frame_lines, start_measuring

pytestmark = pytest.mark.app(scenes=("menu",))


def test_measuring_times_each_frame_from_the_next_one_on(app):
    app.step()
    start_measuring(app)
    for _ in range(5):
        assert app.step() is True
    assert len(app.frame_times) == len(app.frame_cpu_times) == 5
    assert all(t >= 0 for t in app.frame_times + app.frame_cpu_times)
    start_measuring(app)  # again: the earlier frames forgotten, the step wrapped once
    app.step()
    assert len(app.frame_times) == 1 and frame_lines(app)[0].startswith("frames 1: p50 ")


def test_the_app_s_loop_has_no_bench_code():
    source = (Path(__file__).resolve().parent.parent / "game" / "app.py").read_text(encoding="utf-8")
    names = {n.attr for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Attribute)}
    assert not names & {"measure", "frame_times", "frame_cpu_times", "thread_time"}
