"""Fan-out in memory, for one process: the bus without Redis, and the last step with it (the
process's one Redis subscription hands each message to a `Hub` of its own).

A subscriber is either a thread waiting on a queue (the development server streams from a
thread per request) or a coroutine waiting on an asyncio queue in its event loop; a publisher
may be any thread, so async subscribers are woken through their loop.
"""

from __future__ import annotations

import asyncio
import queue
import threading

LOST = object()  # put in a subscriber's queue when its source is gone (Redis down)


class Lost(ConnectionError):
    """The subscription's source went away: the stream ends and the page polls."""


class Subscriber:
    def __init__(self, channels, loop: asyncio.AbstractEventLoop | None = None):
        self.channels = tuple(channels)
        self.loop = loop
        self.queue = asyncio.Queue() if loop is not None else queue.SimpleQueue()

    def deliver(self, channel: str, data) -> None:
        if self.loop is None:
            self.queue.put((channel, data))
            return
        try:
            self.loop.call_soon_threadsafe(self.queue.put_nowait, (channel, data))
        except RuntimeError:  # the loop is closed: the stream is gone
            pass

    def deliver_here(self, channel: str, data) -> None:
        """From a coroutine of the subscriber's own loop: no hop through the loop's queue."""
        self.queue.put_nowait((channel, data))

    def get(self, timeout: float):
        """The next (channel, data), or None after `timeout` seconds (threads)."""
        try:
            got = self.queue.get(timeout=timeout)
        except queue.Empty:
            return None
        if got[1] is LOST:
            raise Lost
        return got

    async def aget(self, timeout: float):
        """The next (channel, data), or None after `timeout` seconds (coroutines)."""
        try:
            got = await asyncio.wait_for(self.queue.get(), timeout)
        except asyncio.TimeoutError:
            return None
        if got[1] is LOST:
            raise Lost
        return got


class Hub:
    """Who listens to which channel, in this process."""

    def __init__(self):
        self._lock = threading.Lock()
        self._subscribers: dict[str, set[Subscriber]] = {}

    def add(self, sub: Subscriber) -> list[str]:
        """Register `sub`; the channels nobody here listened to before."""
        fresh = []
        with self._lock:
            for channel in sub.channels:
                subs = self._subscribers.setdefault(channel, set())
                if not subs:
                    fresh.append(channel)
                subs.add(sub)
        return fresh

    def remove(self, sub: Subscriber) -> list[str]:
        """Forget `sub`; the channels nobody here listens to any more."""
        gone = []
        with self._lock:
            for channel in sub.channels:
                subs = self._subscribers.get(channel)
                if subs is not None:
                    subs.discard(sub)
                    if not subs:
                        del self._subscribers[channel]
                        gone.append(channel)
        return gone

    def subscribers(self, channel: str) -> list[Subscriber]:
        with self._lock:
            return list(self._subscribers.get(channel, ()))

    def everyone(self) -> set[Subscriber]:
        with self._lock:
            return {sub for subs in self._subscribers.values() for sub in subs}

    def channels(self) -> int:
        with self._lock:
            return len(self._subscribers)

    def publish(self, channel: str, data) -> int:
        subs = self.subscribers(channel)
        for sub in subs:
            sub.deliver(channel, data)
        return len(subs)


_default = Hub()  # the process's hub when the site has no Redis


def subscribe(channels, loop=None) -> Subscriber:
    sub = Subscriber(channels, loop)
    _default.add(sub)
    return sub


def unsubscribe(sub: Subscriber) -> None:
    _default.remove(sub)


def publish(channel: str, data: dict) -> int:
    return _default.publish(channel, data)


def listeners() -> int:
    """Open subscriptions in this process (for /health/)."""
    return len(_default.everyone())
