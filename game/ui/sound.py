"""The sound device, opened quietly: on a machine without sound the audio library's own
complaints (ALSA prints eight ``ALSA lib … cannot find card`` lines on stderr) are kept
off the terminal, and the game says once, in one line, that sound is off.

    reason = open_mixer()        # None: sound works; else why not (tried once per process)

The C libraries write to file descriptor 2 directly, so ``sys.stderr`` cannot catch them:
descriptor 2 points at the null device while the mixer opens, and back after.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

_state: dict[str, object] = {}   # "reason": None (open) or why sound is off, once tried


@contextmanager
def quiet_stderr() -> Iterator[None]:
    """Descriptor 2 silenced for the block (the terminal keeps what was printed before)."""
    try:
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass
    try:
        saved = os.dup(2)
    except OSError:  # no descriptor 2 at all: nothing to silence
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def open_mixer(frequency: int = 44100, size: int = -16, channels: int = 2, buffer: int = 512) -> str | None:
    """Open pygame's mixer quietly: None when sound works, else the reason, said once on stderr
    as one line ("Sound is off: …") and not tried again in this process.  A mixer that worked
    and was closed since (pygame.quit) is opened again."""
    if _state.get("reason") is not None:  # no device: not tried again, not said again
        return _state["reason"]  # type: ignore[return-value]
    reason: str | None = None
    with quiet_stderr():
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.pre_init(frequency, size, channels, buffer)
                pygame.mixer.init()
            if not pygame.mixer.get_init():
                reason = "the mixer did not open"
        except (pygame.error, OSError, NotImplementedError) as e:
            reason = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
    _state["reason"] = reason
    if reason is not None:
        print(f"Sound is off: no sound device ({reason[:120]}).", file=sys.stderr)
    return reason


def forget() -> None:
    """Try again at the next ``open_mixer``, even after a failure."""
    _state.clear()
