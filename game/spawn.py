"""Starting a worker process so that a Ctrl+C at that moment breaks nothing.

A spawned child first reads its start-up data from the parent; a Ctrl+C that
interrupts the parent half-way through sending it leaves the child reading a
cut pipe, and the child prints a traceback into the player's terminal.  Held
back (blocked) for the moment of the start, the interrupt arrives just after
it.  The child inherits the blocked signal until it sets its own handling of
SIGINT (the engine and library workers ignore it), so a Ctrl+C sent to the
whole terminal cannot break its start either.

Imports nothing from the rest of the game: the engine and the library use it.
"""

from __future__ import annotations

import signal
import threading

TYPE_CHECKING = False
if TYPE_CHECKING:
    from multiprocessing.process import BaseProcess

__all__ = ["start_without_interrupt"]


def start_without_interrupt(proc: BaseProcess) -> None:
    """``proc.start()`` with Ctrl+C held back until it returns (main thread, POSIX)."""
    block = getattr(signal, "pthread_sigmask", None)
    if block is None or threading.current_thread() is not threading.main_thread():
        proc.start()
        return
    old = block(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        proc.start()
    finally:
        block(signal.SIG_SETMASK, old)
