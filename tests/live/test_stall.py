"""The stream process's loop watch (games.live.stall): a loop held up is reported, as long as it was held."""

import asyncio
import time

from games.live import stall
from tests.live.test_live_events import run_async


def test_a_held_loop_is_reported_with_how_long_it_was_held():
    async def run():
        stall.watch()
        stall.watch()  # once per loop, however many streams open
        await asyncio.sleep(0.05)  # the watch ticks freely
        quiet = stall.report()["loop"]
        time.sleep(0.12)  # a slow callback holds the loop
        await asyncio.sleep(0.03)
        return quiet, stall.report()["loop"]

    quiet, held = run_async(run())
    assert quiet["worst_ms"] < 100
    assert 100 <= held["worst_ms"] < 1000 and sum(ms >= 100 for _, ms in held["stalls"]) == 1
    assert stall.report() == {}  # its loop is gone: nothing to say
