"""Online play in real windows under Xvfb (tools/net_xvfb.py): host in one window, join from another,
the joiner killed and reopened from the menu, the game played to its end, both libraries the same.

Skipped where Xvfb, xdotool or ImageMagick's import is missing (apt-get install xvfb xdotool imagemagick).
Everything listens on 127.0.0.1; the tool ends the display, both windows and the host's server."""

import os

import net_xvfb
import pytest


@pytest.mark.skipif(bool(net_xvfb.missing_programs()), reason="needs Xvfb, xdotool and ImageMagick")
def test_two_real_windows_play_online_through_a_killed_joiner_to_the_end(tmp_path, capsys):
    shots = tmp_path / "shots"
    before = set(_children())   # a worker of the test run may already hold others' processes (an engine)
    status = net_xvfb.main(["--shots", str(shots), "--kill-at", "6", "--max-plies", "40", "--seed", "5"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "the joiner was killed at ply 6 and came back" in out
    assert "both libraries hold the same game" in out
    names = sorted(p.name for p in shots.glob("*.png"))
    assert any("joiner-killed-host-waits" in n for n in names) and any("the-end" in n for n in names)
    # no window, server or display left behind: no child this run started outlives it
    left = [p for p in _children() if p not in before and not _is_resource_tracker(p)]
    assert left == [], left


def _children():
    return [p for p in os.listdir("/proc") if p.isdigit() and _parent(p) == os.getpid()]


def _is_resource_tracker(pid):
    """multiprocessing's resource tracker: started once per process by the first spawn, it lives as
    long as the process does (not ours to end)."""
    from game.textfile import read_bytes

    try:
        return b"resource_tracker" in read_bytes(f"/proc/{pid}/cmdline", limit=1 << 16)
    except OSError:
        return False


def _parent(pid):
    from game.textfile import read_text

    try:
        return int(read_text(f"/proc/{pid}/stat", limit=1 << 16).rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


