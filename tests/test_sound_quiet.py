"""The sound device opens quietly (issue 46 item 32): no audio-library noise on stderr, and on a
machine without sound one line saying sound is off."""

import os
import subprocess
import sys

from game.ui.sound import quiet_stderr


def test_what_a_c_library_writes_to_descriptor_2_is_kept_off_the_terminal(capfd):
    os.write(2, b"before\n")
    with quiet_stderr():
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
    os.write(2, b"after\n")
    err = capfd.readouterr().err
    assert err == "before\nafter\n"


CHILD = """
import pygame
from game.ui import sound
reason = sound.open_mixer()
again = sound.open_mixer()
print("REASON", reason, again == reason)
"""


def test_a_machine_without_sound_gets_one_line_and_no_alsa_noise():
    """Run where the ALSA driver finds no card (this machine has none); skipped where it does."""
    env = dict(os.environ, SDL_AUDIODRIVER="alsa")
    done = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    if "REASON None" in done.stdout:
        import pytest

        pytest.skip("this machine has a sound device")
    assert "True" in done.stdout
    assert "ALSA lib" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Sound is off: "), done.stderr
