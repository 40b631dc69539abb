"""Where events travel: Redis pub/sub when the site has REDIS_URL (any number of web, worker
and stream processes), else the in-memory hub of this one process (`make run`).

Publishing never raises: the change it announces is committed already, and a page that
misses an event because Redis is down has lost its stream too and polls meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import time

import orjson
from django.conf import settings

from . import hub, listener

log = logging.getLogger(__name__)
PREFIX = "live:"
_sync_client = None


def match_channel(match_id: int) -> str:
    return f"match:{match_id}"


def user_channel(user_id: int) -> str:
    return f"user:{user_id}"


def uses_redis() -> bool:
    return bool(getattr(settings, "REDIS_URL", ""))


def redis_client():
    """The process's client for publishing and presence, with the site's short timeouts."""
    global _sync_client
    if _sync_client is None or _sync_client[0] != settings.REDIS_URL:
        import redis

        _sync_client = (settings.REDIS_URL, redis.Redis.from_url(settings.REDIS_URL, **settings.REDIS_CLIENT_OPTIONS))
    return _sync_client[1]


def _listen_options() -> dict:
    """A subscriber waits for minutes between messages: no read timeout, a quick connect."""
    return {"socket_connect_timeout": 1, "health_check_interval": 30}


def publish(channel: str, data: dict) -> None:
    if not uses_redis():
        hub.publish(channel, data)
        return
    try:
        redis_client().publish(PREFIX + channel, orjson.dumps(data))
    except Exception as exc:  # Redis down: the pages poll until their stream comes back
        log.warning("live event on %s not published: %s", channel, type(exc).__name__)


def publish_many(events) -> None:
    """Several (channel, data) at once: one round trip with Redis."""
    events = list(events)
    if not uses_redis():
        for channel, data in events:
            hub.publish(channel, data)
        return
    try:
        pipe = redis_client().pipeline(transaction=False)
        for channel, data in events:
            pipe.publish(PREFIX + channel, orjson.dumps(data))
        pipe.execute()
    except Exception as exc:  # as `publish`: the pages poll until their stream comes back
        log.warning("%d live events not published: %s", len(events), type(exc).__name__)


class MemorySubscription:
    def __init__(self, channels, loop=None):
        self._sub = hub.subscribe(channels, loop)

    def get(self, timeout: float):
        return self._sub.get(timeout)

    async def aget(self, timeout: float):
        return await self._sub.aget(timeout)

    def put(self, channel: str, data) -> None:
        """From the subscriber's own loop (the stream process's presence batch)."""
        self._sub.deliver_here(channel, data)

    def close(self) -> None:
        hub.unsubscribe(self._sub)

    async def aclose(self) -> None:
        self.close()


class RedisSubscription:
    """One pub/sub connection per stream, for a thread of the development server (the stream
    process shares one, `listener`); `open` raises if Redis cannot be reached, so the stream
    fails at once and the page polls."""

    def __init__(self, channels):
        self.channels = [PREFIX + c for c in channels]
        self.pubsub = None
        self.client = None

    def open(self):
        import redis

        self.client = redis.Redis.from_url(settings.REDIS_URL, **_listen_options())
        self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        self.pubsub.subscribe(*self.channels)
        return self

    @staticmethod
    def _decode(message):
        if not message or message.get("type") != "message":
            return None
        channel = message["channel"]
        channel = channel.decode() if isinstance(channel, bytes) else channel
        return channel[len(PREFIX):], orjson.loads(message["data"])

    def get(self, timeout: float):
        end = time.monotonic() + timeout
        while True:  # get_message may answer early with a subscribe confirmation
            left = end - time.monotonic()
            if left <= 0:
                return None
            got = self._decode(self.pubsub.get_message(timeout=left))
            if got is not None:
                return got

    def close(self) -> None:
        try:
            self.pubsub.close()
            self.client.close()
        except Exception:
            pass

    async def aclose(self) -> None:
        self.close()


def subscribe(channels):
    """A subscription for a thread (the development server)."""
    if uses_redis():
        return RedisSubscription(channels).open()
    return MemorySubscription(channels)


async def asubscribe(channels):
    """A subscription for a coroutine (the ASGI stream process): with Redis, a queue fed by the
    process's one pub/sub connection (`listener`); raises if Redis cannot be reached."""
    if uses_redis():
        shared = listener.of_this_loop(settings.REDIS_URL, PREFIX, _listen_options())
        return await listener.SharedSubscription(shared, channels).aopen()
    return MemorySubscription(channels, asyncio.get_running_loop())
