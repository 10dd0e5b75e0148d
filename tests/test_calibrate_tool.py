"""tools/calibrate_pruning.py: the spread of shallow against deep scores that the pruning margins rest on."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def games_pdn():
    """Two games of 70 plies, each move the one the rules list first (or second), in PDN."""
    from game.notation.pdn import write_pdn_games
    from game.rules import Game

    games = []
    for pick in (0, 1):
        g = Game()
        while g.ply < 70 and g.legal_moves():
            moves = g.legal_moves()
            g.push(moves[min(pick, len(moves) - 1)])
        games.append(g)
    return write_pdn_games(games)


def run(tmp_path, *args):
    pdn = tmp_path / "g.pdn"
    pdn.write_text(games_pdn())
    return subprocess.run([sys.executable, str(ROOT / "tools" / "calibrate_pruning.py"), "--pdn", str(pdn), *args],
                          capture_output=True, text=True, timeout=120)


def test_the_tool_compares_each_depth_with_the_probcut_probe_and_the_evaluation(tmp_path):
    out = run(tmp_path, "--positions", "4", "--depth", "8")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("4 positions from ")
    # depths 5-8 against 1-4 (PROBCUT_R 4), then the three reverse-futility depths, each over the 4 positions
    assert [ln.split()[:3] for ln in lines if " v " in ln and "n=" in ln] == [
        [str(d), "v", str(d - 4)] for d in range(5, 9)]
    assert [ln.split()[:2] for ln in lines if ln.strip().startswith("depth ")] == [["depth", str(d)] for d in (1, 2, 3)]
    assert all("n=   4" in ln for ln in lines if "n=" in ln and "all" not in ln)


def test_a_missing_file_is_named_not_a_traceback(tmp_path):
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "calibrate_pruning.py"), "--pdn",
                          str(tmp_path / "none.pdn")], capture_output=True, text=True, timeout=60)
    assert out.returncode != 0 and "none.pdn" in out.stderr and "Traceback" not in out.stderr
