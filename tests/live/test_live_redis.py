"""The live tables over Redis (any number of processes): an event published by one client
reaches a stream's subscription, sync and async; presence lives in Redis with its grace."""

import asyncio
from concurrent.futures import ThreadPoolExecutor
import time
import uuid

import pytest
from django.conf import settings

from games.live import bus, presence

pytestmark = pytest.mark.services


def run_async(coro):
    """Run a coroutine in a thread of its own (Playwright may hold this thread's event loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


@pytest.fixture
def redis_url():
    if not settings.REDIS_URL:
        pytest.skip("needs Redis (set REDIS_URL; .ci/run starts it)")
    return settings.REDIS_URL


def test_an_event_reaches_a_subscriber_through_redis(redis_url):
    channel = f"match:test-{uuid.uuid4().hex[:8]}"
    sub = bus.subscribe([channel])
    try:
        bus.publish(channel, {"event": "board", "version": 3, "status": "active"})
        assert sub.get(2) == (channel, {"event": "board", "version": 3, "status": "active"})
        assert sub.get(0.1) is None
    finally:
        sub.close()

    async def run():
        asub = await bus.asubscribe([channel])
        try:
            await asyncio.get_running_loop().run_in_executor(None, bus.publish, channel, {"event": "chat", "id": 4, "channel": "players"})
            return await asub.aget(2)
        finally:
            await asub.aclose()

    assert run_async(run()) == (channel, {"event": "chat", "id": 4, "channel": "players"})


def test_presence_in_redis_keeps_a_closed_stream_for_its_grace(redis_url):
    match_id = 10**9 + int(time.time()) % 10**6
    now = time.time()
    member = presence.entry(2, "")
    try:
        presence.arrive(match_id, member, now)
        assert presence.here(match_id, now + 1)["seats"] == [2]
        presence.leave(match_id, member, now)
        assert presence.here(match_id, now + presence.GRACE - 1)["seats"] == [2]
        assert presence.here(match_id, now + presence.GRACE + 1)["seats"] == []
    finally:
        bus.redis_client().delete(presence.KEY.format(match_id))


def test_on_the_site_in_redis_with_its_grace(redis_url):
    user_id = 10**9 + int(time.time()) % 10**6
    now = time.time()
    member = presence.entry(None, "u1")
    try:
        presence.user_arrive(user_id, member, now)
        assert presence.users_here([user_id, user_id + 1], now + 1) == {user_id}
        presence.user_leave(user_id, member, now)
        assert presence.users_here([user_id], now + presence.GRACE - 1) == {user_id}
        assert presence.users_here([user_id], now + presence.GRACE + 1) == set()
    finally:
        bus.redis_client().delete(presence.USER_KEY.format(user_id))
