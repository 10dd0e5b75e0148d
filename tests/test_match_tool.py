import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_match_tool_plays_short_games(tmp_path):
    pdn = tmp_path / "m.pdn"
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "match.py"), "depth:1", "minimax:1",
                          "--games", "2", "--max-ply", "40", "--pdn", str(pdn)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("game ") >= 2
    assert "score" in out.stdout and "Elo" in out.stdout
    assert pdn.read_text().count("[Black ") == 2


def test_bench_tool_runs_at_tiny_depth():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "bench.py"), "--depth", "2"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "median depth 2" in out.stdout
    assert out.stdout.count("nodes ") >= 12
