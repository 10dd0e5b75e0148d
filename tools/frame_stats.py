"""Figures of the headless UI benches (tools/ui_bench.py, tools/library_bench.py).

A bench runs the real ``App``, its ``step`` timed from outside (``start_measuring``:
the App's loop itself carries no benchmark code): each frame's work time (events,
engine poll, update, draw, flip; not the clock's sleep) goes to ``app.frame_times``
and the CPU time of its thread to ``app.frame_cpu_times``.  The machine is shared, so each bench also says how
loaded it was: others' work stretches wall-clock frames, not CPU ones.
"""

import os
import time


def percentile(values, p):
    """The ``p``-th percentile (nearest rank) of ``values``; NaN for none."""
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(p / 100 * (len(s) - 1)))))]


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def start_measuring(app):
    """From the next frame on, keep each frame's work and CPU time (and forget the earlier ones).
    ``app.step`` is wrapped once, on this app object only: the clock's tick (the sleep that holds the
    frame rate) runs before the timing starts, as the loop would run it."""
    app.frame_times, app.frame_cpu_times = [], []
    if getattr(app, "_timed_step", None) is None:
        from game.app import FPS

        step = app.step

        def timed_step(dt=None):
            if dt is None:
                dt = app.fixed_dt if app.fixed_dt is not None else app.clock.tick(FPS) / 1000.0
            began, began_cpu = time.perf_counter(), time.thread_time()
            try:
                return step(dt)
            finally:
                app.frame_times.append(time.perf_counter() - began)
                app.frame_cpu_times.append(time.thread_time() - began_cpu)

        app._timed_step = app.step = timed_step


def frame_lines(app, target=None):
    """Two lines: the frames' work time p50/p99/max (and the target of p99), then their CPU time."""
    times, cpu = list(app.frame_times), list(app.frame_cpu_times)
    if not times:
        return ["no frame measured"]
    aim = f" (target p99 <= {target:g} ms)" if target is not None else ""
    return [f"frames {len(times)}: p50 {ms(percentile(times, 50))}   p99 {ms(percentile(times, 99))}   "
            f"max {ms(max(times))}{aim}",
            f"CPU per frame: p50 {ms(percentile(cpu, 50))}   p99 {ms(percentile(cpu, 99))}   max {ms(max(cpu))}"
            f"   (wall minus CPU is time the machine gave to other work)"]


def load_line(before=None):
    """The machine: its cores and load average (at the start, if ``before`` was taken then, and now)."""
    now = os.getloadavg()[0]
    start = f"{before:.1f} at the start, " if before is not None else ""
    return f"machine: {os.cpu_count()} CPUs, load average {start}{now:.1f} at the end"
