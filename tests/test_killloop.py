"""A short run of tools/kill_loop.py: games kept through SIGKILLs during saves and play, and the library
(its index checked against its files) through SIGKILLs during imports, exports, deletions and rebuilds."""

import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_few_kills_lose_nothing_and_leave_nothing():
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "kill_loop.py"), "--kills", "6", "--seed", "3",
                        "--max-library-delay", "1.0"],
                       capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "problems: 0; processes left: 0" in r.stdout
    assert "kills: 6" in r.stdout
    assert "kills during the library's work: import" in r.stdout  # rounds take turns with the library's jobs


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_the_training_records_lose_no_acknowledged_attempt_when_two_windows_are_killed():
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "kill_loop.py"), "--training", "--kills", "8",
                        "--seed", "5"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "problems: 0; processes left: 0" in r.stdout
    assert "kills: 8 (seed 5) of two windows writing at once" in r.stdout
