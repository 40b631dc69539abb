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
from collections import deque

from . import recent

LOST = object()  # put in a subscriber's queue when its source is gone (Redis down)
BACKLOG = 200  # events a subscriber may have waiting; one more and it is dropped (too slow)


class Lost(ConnectionError):
    """The subscription's source went away: the stream ends and the page polls."""


class Subscriber:
    def __init__(self, channels, loop: asyncio.AbstractEventLoop | None = None):
        self.channels = tuple(channels)
        self.loop = loop
        self.queue = queue.SimpleQueue() if loop is None else None  # a thread's
        self.pending: deque = deque()  # a coroutine's, with the future it waits on if any
        self.waiter: asyncio.Future | None = None

    def deliver(self, channel: str, data) -> None:
        if self.loop is None:
            self.queue.put((channel, data))
            return
        try:
            self.loop.call_soon_threadsafe(self.deliver_here, channel, data)
        except RuntimeError:  # the loop is closed: the stream is gone
            pass

    def deliver_here(self, channel: str, data) -> None:
        """From a coroutine of the subscriber's own loop: no hop through the loop's queue, and
        never a wait. A reader that lets BACKLOG events pile up (its client does not read; its
        writes wait on a full socket) is dropped rather than waited on: its queue is emptied
        and it ends (`Lost`), and its client reconnects and gets what it missed."""
        if len(self.pending) >= BACKLOG:
            self.pending.clear()
            data = LOST
        self.pending.append((channel, data))
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

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
        """The next (channel, data), or None after `timeout` seconds (coroutines). A future and
        a timer, not `asyncio.wait_for` (a task for every wait): thousands of streams wait here."""
        if not self.pending:
            self.waiter = waiter = self.loop.create_future()
            timer = self.loop.call_later(timeout, _wake, waiter)
            try:
                await waiter
            finally:
                timer.cancel()
                self.waiter = None
            if not self.pending:
                return None
        got = self.pending.popleft()
        if got[1] is LOST:
            raise Lost
        return got


def _wake(waiter: asyncio.Future) -> None:
    if not waiter.done():
        waiter.set_result(None)


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
        recent.deaf(gone)
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

    def names(self) -> list[str]:
        with self._lock:
            return list(self._subscribers)

    def publish(self, channel: str, data) -> int:
        recent.heard(channel, data)
        subs = self.subscribers(channel)
        for sub in subs:
            sub.deliver(channel, data)
        return len(subs)


_default = Hub()  # the process's hub when the site has no Redis


def subscribe(channels, loop=None) -> Subscriber:
    sub = Subscriber(channels, loop)
    _default.add(sub)
    recent.listening(sub.channels)  # every event of them now passes through `publish` here
    return sub


def unsubscribe(sub: Subscriber) -> None:
    _default.remove(sub)


def publish(channel: str, data: dict) -> int:
    return _default.publish(channel, data)


def listeners() -> int:
    """Open subscriptions in this process (for /health/)."""
    return len(_default.everyone())
