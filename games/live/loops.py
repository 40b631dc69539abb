"""One of a kind per event loop: the stream process's batches, watches and reapers each keep one
instance for the loop that runs them (a test's loop, then the next test's, never shares one)."""

from __future__ import annotations

import asyncio
from typing import Callable, TypeVar

T = TypeVar("T")


def per_loop(registry: dict, make: Callable[[asyncio.AbstractEventLoop], T],
             alive: Callable[[T], bool] = lambda known: True) -> T:
    """The running loop's `make(loop)`, kept in `registry` while `alive`; closed loops are forgotten."""
    loop = asyncio.get_running_loop()
    known = registry.get(loop)
    if known is None or not alive(known):
        for old in [other for other in registry if other.is_closed()]:
            del registry[old]
        known = registry[loop] = make(loop)
    return known
