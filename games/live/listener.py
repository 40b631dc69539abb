"""The stream process's one Redis pub/sub connection (redis.asyncio), shared by every stream
of its event loop: one reader task hands each message to the in-memory queues of the streams
that listen to its channel, and the connection subscribes to a channel while at least one
stream here listens to it. Thousands of open streams then cost one connection and one task,
not a connection and a reader each.

When the connection breaks (Redis stopped), every stream it fed is told (`hub.Lost`): each
ends, so its page polls, and the next stream to open connects anew, or fails at once while
Redis is still down.
"""

from __future__ import annotations

import asyncio
import logging

import orjson

from . import hub, recent

log = logging.getLogger(__name__)
_listeners: dict[asyncio.AbstractEventLoop, "Listener"] = {}


class Listener:
    def __init__(self, url: str, prefix: str, options: dict):
        self.url, self.prefix, self.options = url, prefix, options
        self.hub = hub.Hub()
        self.client = None
        self.pubsub = None
        self.reader: asyncio.Task | None = None
        self.lock = asyncio.Lock()  # subscribe and unsubscribe commands leave in order
        self.broken = False

    async def _connect(self) -> None:
        import redis.asyncio as aredis

        self.client = aredis.Redis.from_url(self.url, **self.options)
        self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.ping()  # raises now if Redis cannot be reached

    async def add(self, sub: hub.Subscriber) -> None:
        async with self.lock:
            if self.pubsub is None:
                await self._connect()
            fresh = self.hub.add(sub)
            try:
                if fresh:
                    await self.pubsub.subscribe(*[self.prefix + c for c in fresh])
            except Exception:
                self.hub.remove(sub)
                raise
            recent.listening(sub.channels)
            if self.reader is None:
                self.reader = asyncio.get_running_loop().create_task(self._read())

    async def remove(self, sub: hub.Subscriber) -> None:
        gone = self.hub.remove(sub)
        if not gone or self.broken:
            return
        async with self.lock:
            gone = [c for c in gone if not self.hub.subscribers(c)]  # nobody came back meanwhile
            try:
                if gone and self.pubsub is not None:
                    await self.pubsub.unsubscribe(*[self.prefix + c for c in gone])
            except Exception:  # the reader sees the broken connection and tells everyone
                pass

    async def _read(self) -> None:
        try:
            while True:
                message = await self.pubsub.get_message(ignore_subscribe_messages=True, timeout=30.0)
                if not message or message.get("type") != "message":
                    continue
                channel = message["channel"]
                channel = (channel.decode() if isinstance(channel, bytes) else channel)[len(self.prefix):]
                data = orjson.loads(message["data"])
                recent.heard(channel, data)
                for sub in self.hub.subscribers(channel):
                    sub.deliver_here(channel, data)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("live: the Redis subscription broke (%s); %d streams end and their pages poll",
                        type(exc).__name__, len(self.hub.everyone()))
        finally:
            self.broken = True
            forget(self)
            recent.deaf(self.hub.names())
            for sub in self.hub.everyone():
                sub.deliver_here("", hub.LOST)
            await self._close()

    async def _close(self) -> None:
        try:
            await self.pubsub.aclose()
            await self.client.aclose()
        except Exception:
            pass

    def report(self) -> dict:
        return {"streams": len(self.hub.everyone()), "channels": self.hub.channels()}


def forget(listener: Listener) -> None:
    for loop, known in list(_listeners.items()):
        if known is listener:
            del _listeners[loop]


def of_this_loop(url: str, prefix: str, options: dict) -> Listener:
    """The listener of the running event loop (the stream process has one loop)."""
    loop = asyncio.get_running_loop()
    listener = _listeners.get(loop)
    if listener is None or listener.url != url or listener.broken:
        listener = _listeners[loop] = Listener(url, prefix, options)
    return listener


class SharedSubscription:
    """What `bus.asubscribe` hands a stream with Redis: a queue fed by the loop's listener."""

    def __init__(self, listener: Listener, channels):
        self.listener = listener
        self.sub = hub.Subscriber(channels, asyncio.get_running_loop())

    async def aopen(self):
        await self.listener.add(self.sub)
        return self

    async def aget(self, timeout: float):
        return await self.sub.aget(timeout)

    def put(self, channel: str, data) -> None:
        self.sub.deliver_here(channel, data)

    async def aclose(self) -> None:
        await self.listener.remove(self.sub)
