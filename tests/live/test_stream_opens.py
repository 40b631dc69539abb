"""Opening many streams cheaply without ever starting one from a stale match: what the openers
share per match (games.live.recent) is dropped by every change heard on its channel and kept
only while the channel is listened to; a reader that falls behind is dropped, not waited on;
spectators who come are announced to their table in batches."""

import asyncio

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chickenisland.streams import route
from games.live import beats, hub, presence, recent
from games.play import services
from games.views import events
from tests.live.test_live_events import mover, parse, race, run_async

CHANNEL = "match:1"


@pytest.fixture(autouse=True)
def _fresh():
    recent.clear()
    yield
    recent.clear()


def asker(values):
    calls = []

    def compute():
        calls.append(1)
        return values[0]

    return compute, calls


def test_an_answer_is_not_kept_for_a_channel_nobody_here_listens_to():
    compute, calls = asker([7])
    assert recent.answer(("k",), CHANNEL, compute) == 7
    assert recent.answer(("k",), CHANNEL, compute) == 7
    assert len(calls) == 2  # its changes would go unheard here


def test_an_answer_is_kept_until_the_channel_hears_a_change_but_not_who_is_here():
    values = [1]
    compute, calls = asker(values)
    recent.listening([CHANNEL])
    assert recent.answer(("k",), CHANNEL, compute) == 1
    recent.heard(CHANNEL, {"event": "presence", "seats": [], "watching": 2})
    assert recent.answer(("k",), CHANNEL, compute) == 1 and len(calls) == 1
    values[0] = 2
    recent.heard(CHANNEL, {"event": "board", "version": 2, "status": "active"})
    assert recent.answer(("k",), CHANNEL, compute) == 2 and len(calls) == 2
    recent.deaf([CHANNEL])
    recent.listening([CHANNEL])
    assert recent.answer(("k",), CHANNEL, compute) == 2 and len(calls) == 3
    for _ in range(2):  # an answer `keep` refuses (a table in the lobby), or one past its time
        recent.answer(("lobby",), CHANNEL, compute, keep=lambda v: False)
        recent.answer(("old",), CHANNEL, compute, ttl=0)
    assert len(calls) == 7


def test_an_answer_read_while_a_change_was_heard_is_not_kept():
    recent.listening([CHANNEL])
    values = [1]

    def compute():  # the change commits and is heard while this read is on its way
        recent.heard(CHANNEL, {"event": "chat", "id": 9, "channel": "players"})
        values[0] += 1
        return values[0] - 1

    assert recent.answer(("k",), CHANNEL, compute) == 1
    assert recent.answer(("k",), CHANNEL, lambda: values[0]) == 2


OPS = st.lists(st.sampled_from(["listen", "deaf", "change", "presence", "ask"]), max_size=40)


@given(OPS)
def test_an_answer_is_never_older_than_the_last_change_heard(ops):
    """Whatever the order of listening, changes and questions: while the channel is listened
    to, every change is heard, so an answer is always the current value."""
    recent.clear()
    value, listened = 0, False
    for op in ops:
        if op == "listen":
            recent.listening([CHANNEL])
            listened = True
        elif op == "deaf":
            recent.deaf([CHANNEL])
            listened = False
        elif op == "change":
            value += 1
            if listened:  # a change is heard only by a process that listens
                recent.heard(CHANNEL, {"event": "board", "version": value})
        elif op == "presence":
            recent.heard(CHANNEL, {"event": "presence", "seats": [], "watching": 1})
        else:
            assert recent.answer(("k",), CHANNEL, lambda v=value: v) == value


def test_a_reader_that_lets_events_pile_up_is_dropped():
    async def run():
        sub = hub.Subscriber(["c"], asyncio.get_running_loop())
        for n in range(hub.BACKLOG):
            sub.deliver_here("c", {"n": n})
        assert (await sub.aget(0.1))[1] == {"n": 0}  # within the bound: nothing lost
        for n in range(2):
            sub.deliver_here("c", {"n": n})
        with pytest.raises(hub.Lost):  # one too many: the stream ends, its client comes back
            await sub.aget(0.1)

    run_async(run())


class Arrival:
    def __init__(self, match_id, seat=None):
        self.match_id, self.seat = match_id, seat


def test_spectators_who_come_are_announced_in_batches_and_a_player_within_a_second():
    async def run():
        keeper = beats.Keeper(asyncio.get_running_loop())
        keeper.task.cancel()
        now = keeper.loop.time()
        keeper.arriving = [(Arrival(5), None)]
        assert keeper._take()[3] == {5}  # the first who comes: told at once
        keeper.arriving = [(Arrival(5), None)]
        assert keeper._take()[3] == set()  # another spectator: with the next batch
        assert now + beats.SPREAD < keeper.spread[5] <= now + beats.WATCH_SPREAD + 1
        keeper.arriving = [(Arrival(5, seat=1), None)]
        keeper._take()
        assert keeper.spread[5] <= keeper.loop.time() + beats.SPREAD  # a player: within a second

    run_async(run())


pytestmark_db = pytest.mark.django_db(transaction=True)


def _scope(path):
    return {"type": "http", "method": "GET", "path": path, "query_string": b"", "root_path": "",
            "headers": [], "scheme": "http", "server": ("testserver", 80), "client": ("127.0.0.1", 5000),
            "http_version": "1.1", "asgi": {"version": "3.0"}}


async def _django(scope, receive, send):
    await send({"type": "http.response.start", "status": 418, "headers": []})


async def _open(path):
    """A page stream through the lean route, held open; its first frames."""
    gone, first = asyncio.Event(), asyncio.get_running_loop().create_future()

    async def receive():
        await gone.wait()
        return {"type": "http.disconnect"}

    async def send(message):
        body = message.get("body", b"").decode()
        if body and not first.done():
            first.set_result([f for f in body.split("\n\n") if f])

    task = asyncio.ensure_future(route(_django)(_scope(path), receive, send))
    frames = await asyncio.wait_for(first, 30)
    return frames, gone, task


@pytestmark_db
def test_streams_opening_on_one_table_share_its_row_and_never_start_before_a_move(settings, monkeypatch):
    settings.REDIS_URL = ""
    presence._memory.clear()
    match, a, b = race()
    read = []
    row = events._row
    monkeypatch.setattr(events, "_row", lambda pk: read.append(pk) or row(pk))

    def version(frames):
        return next(parse(f)[2]["version"] for f in frames if parse(f)[0] == "board")

    async def run():
        path = f"/matches/{match.pk}/events/"
        held = [await _open(path) for _ in range(3)]  # each listens before it reads: the first reads, the others reuse
        assert [version(f) for f, _, _ in held] == [match.version] * 3
        assert len(read) == 1
        await asyncio.get_running_loop().run_in_executor(None, _move)
        later, gone, task = await _open(path)  # the move was heard: read again, never the old row
        held.append((later, gone, task))
        for _, gone, task in held:
            gone.set()
        await asyncio.gather(*(task for _, _, task in held))
        return version(later)

    def _move():
        fresh = type(match).objects.get(pk=match.pk)
        services.submit_action(fresh.pk, mover(fresh, a, b), {"type": "add", "n": 1}, fresh.version)
        from django.db import connection

        connection.close()

    assert run_async(run()) == match.version + 1
    assert len(read) == 2
