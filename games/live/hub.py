"""Fan-out in memory, for one process: the bus without Redis, and the last step with it.

A subscriber is either a thread waiting on a queue (the development server streams from a
thread per request) or a coroutine waiting on an asyncio queue in its event loop; a publisher
may be any thread, so async subscribers are woken through their loop.
"""

from __future__ import annotations

import asyncio
import queue
import threading

_lock = threading.Lock()
_subscribers: dict[str, set["Subscriber"]] = {}


class Subscriber:
    def __init__(self, channels, loop: asyncio.AbstractEventLoop | None = None):
        self.channels = tuple(channels)
        self.loop = loop
        self.queue = asyncio.Queue() if loop is not None else queue.SimpleQueue()

    def deliver(self, channel: str, data: dict) -> None:
        if self.loop is None:
            self.queue.put((channel, data))
            return
        try:
            self.loop.call_soon_threadsafe(self.queue.put_nowait, (channel, data))
        except RuntimeError:  # the loop is closed: the stream is gone
            pass

    def get(self, timeout: float):
        """The next (channel, data), or None after `timeout` seconds (threads)."""
        try:
            return self.queue.get(timeout=timeout)
        except queue.Empty:
            return None

    async def aget(self, timeout: float):
        """The next (channel, data), or None after `timeout` seconds (coroutines)."""
        try:
            return await asyncio.wait_for(self.queue.get(), timeout)
        except asyncio.TimeoutError:
            return None


def subscribe(channels, loop=None) -> Subscriber:
    sub = Subscriber(channels, loop)
    with _lock:
        for channel in sub.channels:
            _subscribers.setdefault(channel, set()).add(sub)
    return sub


def unsubscribe(sub: Subscriber) -> None:
    with _lock:
        for channel in sub.channels:
            subs = _subscribers.get(channel)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del _subscribers[channel]


def publish(channel: str, data: dict) -> int:
    with _lock:
        subs = list(_subscribers.get(channel, ()))
    for sub in subs:
        sub.deliver(channel, data)
    return len(subs)


def listeners() -> int:
    """Open subscriptions in this process (for /health/)."""
    with _lock:
        return len({sub for subs in _subscribers.values() for sub in subs})
