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


def test_a_stream_process_listens_through_one_redis_connection_for_all_its_streams(redis_url):
    """Many streams of one event loop: one subscription per channel in Redis, whatever the number
    of streams on it, each stream gets each event, and a channel nobody listens to is let go."""
    channels = [f"match:test-{uuid.uuid4().hex[:8]}" for _ in range(3)]

    async def run():
        subs = [await bus.asubscribe([channels[i % 3]]) for i in range(12)]
        client = bus.redis_client()
        numsub = dict(client.pubsub_numsub(*[bus.PREFIX + c for c in channels]))
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, bus.publish, channels[1], {"event": "board", "version": 7, "status": "active"})
        got = [await sub.aget(2) for sub in subs[1::3]]
        quiet = await subs[0].aget(0.2)
        for sub in subs[::3]:  # everyone on channels[0] leaves
            await sub.aclose()
        for _ in range(100):  # the unsubscribe is on its way on the listener's connection
            after = dict(client.pubsub_numsub(bus.PREFIX + channels[0]))
            if not after[(bus.PREFIX + channels[0]).encode()]:
                break
            await asyncio.sleep(0.02)
        for sub in subs[1::3] + subs[2::3]:
            await sub.aclose()
        return numsub, got, quiet, after

    numsub, got, quiet, after = run_async(run())
    assert all(numsub[(bus.PREFIX + c).encode()] == 1 for c in channels), numsub
    assert got == [(channels[1], {"event": "board", "version": 7, "status": "active"})] * 4
    assert quiet is None
    assert after[(bus.PREFIX + channels[0]).encode()] == 0


def test_the_stream_process_batch_writes_departures_alone_and_reads_presence_back(redis_url):
    """`presence.batch` as the stream process's keeper calls it: a batch of departures only
    reaches Redis too (a closed page's dot must go out after the grace)."""
    match_id = int(uuid.uuid4().int % 10**9) + 10**9
    seat, spectator = presence.entry(0, ""), presence.entry(None, "v9")
    now = time.time()
    here = presence.batch([(match_id, None, seat), (match_id, None, spectator)], (), [match_id], (), now)
    assert here[match_id] == {"seats": [0], "watching": 1}
    presence.batch((), [(match_id, None, seat)], (), (), now)  # nothing read back
    assert presence.here(match_id, now + 1)["seats"] == [0]  # the grace
    assert presence.here(match_id, now + presence.GRACE + 1) == {"seats": [], "watching": 1}
