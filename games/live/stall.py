"""How long the stream process's event loop stalls: the pause every open stream waits through.

A watch task per loop sleeps TICK and notes how late it wakes: whatever held the loop (a burst
of streams closing, a garbage collection, a slow callback) delays it by just that much, and
every stream of the loop waits as long. /health/ reports the worst stall of the last WINDOW
seconds and the recent stalls over NOTED ms, with the worker's pid, for operators and for
`make bench-live` (docs/live.md). It costs one timer every TICK per loop.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections import deque

from .loops import per_loop

TICK = 0.010  # seconds between the watch's wake-ups
NOTED = 0.020  # a stall at least this long is kept in `recent`
WINDOW = 60.0  # seconds the worst stall is kept for
_watches: dict[asyncio.AbstractEventLoop, "Watch"] = {}


class Watch:
    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.recent: deque[tuple[float, float]] = deque(maxlen=200)  # (wall time, stall seconds)
        self.task = loop.create_task(self._run())

    async def _run(self) -> None:
        while True:
            began = time.perf_counter()
            await asyncio.sleep(TICK)
            late = time.perf_counter() - began - TICK
            if late >= NOTED:
                self.recent.append((time.time(), late))

    def report(self, now: float | None = None) -> dict:
        now = time.time() if now is None else now
        window = [late for at, late in self.recent if now - at <= WINDOW]
        return {"pid": os.getpid(), "worst_ms": round(1000 * max(window, default=0.0), 1),
                "stalls": [[round(at, 3), round(1000 * late, 1)] for at, late in self.recent]}


def watch() -> None:
    """Watch the running loop, once (the stream process calls it as its streams open)."""
    per_loop(_watches, Watch, lambda known: not known.task.done())


def report() -> dict:
    """This process's loop stalls, for /health/ ({} where no loop is watched: WSGI)."""
    live = [w for loop, w in _watches.items() if not loop.is_closed() and not w.task.done()]
    return {"loop": live[0].report()} if live else {}
