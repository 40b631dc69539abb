"""Live tables: events published only after the commit, a stream's first events and its resume
from Last-Event-ID, presence with its grace, the notice skipped for a player on a stream, and
a private match's stream refused to strangers."""

import asyncio
from concurrent.futures import ThreadPoolExecutor
import json
import time

import pytest
from django.core import mail
from django.db import transaction
from django.test import Client

from games.chat import store
from games.live import bus, hub, presence, sse, stream
from games.lobby import tables
from games.models import Delivery, Notification
from games.play import services
from tests.factories import make_user
from tests.live import streams

pytestmark = pytest.mark.django_db


def run_async(coro):
    """Run a coroutine in a thread of its own (Playwright may hold this thread's event loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()

MAIL_AT_ONCE = {"turn": {"site": True, "push": False, "mail": "now"}}


@pytest.fixture(autouse=True)
def _in_memory(settings):
    settings.REDIS_URL = ""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    presence._memory.clear()


def race(private=False):
    a, b = make_user("p0", notify_prefs=MAIL_AT_ONCE), make_user("p1", notify_prefs=MAIL_AT_ONCE)
    match = tables.create_match(a, "race", 2, private=private)
    tables.join_match(b, match, token=match.invite_token)
    match.refresh_from_db()
    return match, a, b


def mover(match, a, b):
    return a if match.seat_of(a) in match.to_act else b


def drain(sub):
    got = []
    while (item := sub.get(0.01)) is not None:
        got.append(item)
    return got


class Boom(Exception):
    pass


def test_a_move_is_published_after_its_commit_and_never_on_rollback(django_capture_on_commit_callbacks):
    match, a, b = race()
    sub = hub.subscribe([bus.match_channel(match.pk), bus.user_channel(a.pk), bus.user_channel(b.pk)])
    try:
        with django_capture_on_commit_callbacks(execute=True):
            with pytest.raises(Boom):
                with transaction.atomic():
                    services.submit_action(match.pk, mover(match, a, b), {"type": "add", "n": 1}, match.version)
                    assert drain(sub) == []  # not before the commit
                    raise Boom
        assert drain(sub) == []  # nor after a rollback
        with django_capture_on_commit_callbacks(execute=True):
            services.submit_action(match.pk, mover(match, a, b), {"type": "add", "n": 1}, match.version)
            assert drain(sub) == []  # committed only when the outer block ends
        got = drain(sub)
    finally:
        hub.unsubscribe(sub)
    boards = [d for c, d in got if d["event"] == "board"]
    assert boards == [{"event": "board", "version": match.version + 1, "status": "active"}]
    match.refresh_from_db()
    turns = [(c, d) for c, d in got if d["event"] == "turn"]
    waiting = mover(match, a, b)
    assert turns == [(bus.user_channel(waiting.pk), {"event": "turn", "match": match.pk,
                                                    "version": match.version, "seat": match.seat_of(waiting)})]
    assert not any("state" in d or "view" in d for _, d in got)  # versions and ids only


def test_a_chat_message_is_published_after_its_commit(django_capture_on_commit_callbacks):
    match, a, b = race()
    sub = hub.subscribe([bus.match_channel(match.pk)])
    try:
        with django_capture_on_commit_callbacks(execute=True):
            message = store.post(match, a, "hello")
            assert drain(sub) == []
        assert drain(sub) == [(bus.match_channel(match.pk), {"event": "chat", "id": message.pk, "channel": "players"})]
    finally:
        hub.unsubscribe(sub)


def frames_of(response, n):
    it = iter(response.streaming_content)
    out = [next(it).decode() for _ in range(n)]
    return it, out


def parse(frame):
    fields = dict(line.split(": ", 1) for line in frame.strip().splitlines() if not line.startswith(":"))
    return fields.get("event"), fields.get("id"), json.loads(fields["data"]) if "data" in fields else None


def test_the_stream_sends_the_current_versions_first_then_each_event():
    match, a, b = race()
    client = Client()
    client.force_login(b)
    response = client.get(f"/matches/{match.pk}/events/")
    assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
    it, first = frames_of(response, 4)
    try:
        assert first[0].startswith("retry:")
        assert parse(first[1]) == ("board", f"{match.version}.0", {"version": match.version, "status": "active"})
        assert parse(first[2]) == ("chat", f"{match.version}.0", {"id": 0})
        assert parse(first[3])[0] == "presence" and parse(first[3])[2] == {"seats": [1], "watching": 0}
        bus.publish(bus.match_channel(match.pk), {"event": "board", "version": 9, "status": "active"})
        assert parse(next(it).decode()) == ("board", "9.0", {"version": 9, "status": "active"})
        bus.publish(bus.match_channel(match.pk), {"event": "chat", "id": 5, "channel": "spectators"})
        bus.publish(bus.match_channel(match.pk), {"event": "chat", "id": 6, "channel": "players"})
        assert parse(next(it).decode()) == ("chat", "9.6", {"id": 6})  # not the other channel's
    finally:
        streams.close(response)


def test_a_move_committed_while_the_page_stream_reads_the_match_is_heard(monkeypatch):
    """The development server's stream subscribes before it reads where the match stands, as
    the lean route does: a move published just after the read still comes."""
    from games.views import events

    match, a, b = race()
    read = events._open

    def read_then_a_move(request, pk):
        opened = read(request, pk)
        bus.publish(bus.match_channel(pk), {"event": "board", "version": opened.version + 1, "status": "active"})
        return opened

    monkeypatch.setattr(events, "_open", read_then_a_move)
    client = Client()
    client.force_login(b)
    response = client.get(f"/matches/{match.pk}/events/")
    it, first = frames_of(response, 5)
    try:
        boards = [parse(f)[2]["version"] for f in first if parse(f)[0] == "board"]
        assert boards == [match.version, match.version + 1]
    finally:
        streams.close(response)


@pytest.mark.parametrize("behind,events", [(0, [None, "presence"]), (1, [None, "board", "presence"])])
def test_a_reconnecting_reader_gets_only_what_it_missed(behind, events):
    """One stream a test: a second request after a streaming answer finds the test's database
    connection closed on PostgreSQL."""
    match, a, b = race()
    client = Client()
    client.force_login(b)
    response = client.get(f"/matches/{match.pk}/events/", HTTP_LAST_EVENT_ID=f"{match.version - behind}.0")
    _, first = frames_of(response, len(events))
    streams.close(response)
    assert [parse(f)[0] for f in first] == events


def test_the_async_stream_sends_the_same_and_counts_a_spectator():
    async def run():
        live = stream.MatchStream(match_id=424242, version=3, status="active", chat_id=0,
                                  chat_channel="spectators", viewer="vkey")
        frames = stream.aframes(live, heartbeat=0.2)
        standing = await frames.__anext__()  # where the match stands leaves in one write ...
        got = [frame + "\n\n" for frame in standing.split("\n\n") if frame]
        assert [parse(f)[0] for f in got] == [None, "board", "chat"]
        got.append(await asyncio.wait_for(frames.__anext__(), 1))  # ... who is here once recorded
        bus.publish(bus.match_channel(424242), {"event": "board", "version": 4, "status": "finished"})
        got.append(await asyncio.wait_for(frames.__anext__(), 1))
        beat = await asyncio.wait_for(frames.__anext__(), 1)
        await frames.aclose()
        return got, beat

    got, beat = run_async(run())
    assert [parse(f)[0] for f in got] == [None, "board", "chat", "presence", "board"]
    assert parse(got[3])[2] == {"seats": [], "watching": 1}
    assert parse(got[4])[2] == {"version": 4, "status": "finished"}
    assert beat.startswith(":")
    assert presence.here(424242, time.time() + presence.GRACE + 1)["watching"] == 0


def test_presence_keeps_a_closed_stream_for_a_few_seconds():
    now = time.time()
    member = presence.entry(1, "")
    presence.arrive(7, member, now)
    assert presence.here(7, now + 1) == {"seats": [1], "watching": 0}
    presence.leave(7, member, now + 2)  # the page reloads ...
    assert presence.here(7, now + 2 + presence.GRACE - 1)["seats"] == [1]  # ... no flicker
    assert presence.here(7, now + 2 + presence.GRACE + 1)["seats"] == []
    watcher = presence.entry(None, "v1")
    presence.arrive(7, watcher, now)
    presence.arrive(7, presence.entry(None, "v1"), now)  # the same person in two tabs
    assert presence.here(7, now + 1)["watching"] == 1
    assert presence.here(7, now + presence.TTL + 1) == {"seats": [], "watching": 0}  # died silently


def waiting_after_a_move(match, a, b, capture):
    """Make one move (its deliveries run on commit); the person now waited on and their notice's mail."""
    with capture(execute=True):
        services.submit_action(match.pk, mover(match, a, b), {"type": "add", "n": 1}, match.version)
    match.refresh_from_db()
    other = mover(match, a, b)
    notice = Notification.objects.filter(user=other, kind=Notification.Kind.YOUR_TURN).latest("created_at")
    return other, Delivery.objects.get(notice=notice, channel=Delivery.Channel.MAIL)


@pytest.mark.parametrize("closed", [False, True])
def test_no_your_turn_mail_for_a_player_on_a_live_stream_and_one_when_they_closed_it(
        closed, django_capture_on_commit_callbacks):
    match, a, b = race()
    waiting = b if mover(match, a, b) == a else a
    member = presence.entry(match.seat_of(waiting), "")
    presence.arrive(match.pk, member)
    if closed:
        presence.leave(match.pk, member, time.time() - presence.GRACE - 1)  # closed a while ago
    mail.outbox.clear()
    other, row = waiting_after_a_move(match, a, b, django_capture_on_commit_callbacks)
    assert other == waiting
    mails = [m for m in mail.outbox if m.to == [other.email]]
    if closed:
        assert row.outcome == Delivery.Outcome.SENT and len(mails) == 1
    else:
        assert row.outcome == Delivery.Outcome.SKIPPED and "live stream" in row.how and not mails
    assert Notification.objects.filter(user=other, kind=Notification.Kind.YOUR_TURN).count() == 1  # kept on the site


def test_a_private_matchs_stream_is_refused_to_strangers():
    match, a, b = race(private=True)
    stranger = Client()
    stranger.force_login(make_user("stranger"))
    assert stranger.get(f"/matches/{match.pk}/events/").status_code == 404
    assert Client().get(f"/matches/{match.pk}/events/").status_code == 404
    player = Client()
    player.force_login(a)
    response = player.get(f"/matches/{match.pk}/events/")
    assert response.status_code == 200
    streams.close(response)


def test_sse_frames():
    assert sse.event("board", {"version": 2}, "2.0") == 'event: board\nid: 2.0\ndata: {"version":2}\n\n'
    assert sse.comment("x") == ": x\n\n"


@pytest.mark.parametrize("open_here", [True, False])
def test_a_chat_mail_waits_for_a_player_who_is_not_on_the_stream(open_here, django_capture_on_commit_callbacks):
    prefs = {"chat": {"site": True, "push": False, "mail": "now"}}
    a, b = make_user("c0", notify_prefs=prefs), make_user("c1", notify_prefs=prefs)
    match = tables.create_match(a, "race", 2)
    tables.join_match(b, match)
    if open_here:
        presence.arrive(match.pk, presence.entry(match.seat_of(b), ""))
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        store.post(match, a, "hello")
    row = Delivery.objects.get(notice__user=b, notice__kind=Notification.Kind.CHAT, channel=Delivery.Channel.MAIL)
    if open_here:
        assert row.outcome == Delivery.Outcome.SKIPPED and "live stream" in row.how
    else:
        assert row.outcome == Delivery.Outcome.SENT and [m for m in mail.outbox if m.to == [b.email]]


def test_a_stream_that_reaches_gunicorn_where_the_site_has_redis_is_a_204(settings):
    settings.LIVE_THREAD_STREAMS = False  # as with REDIS_URL: gunicorn's threads are for pages
    match, a, b = race()
    client = Client()
    client.force_login(a)
    assert client.get(f"/matches/{match.pk}/events/").status_code == 204


def test_a_stream_stops_at_its_heartbeat_once_the_session_ended(monkeypatch):
    monkeypatch.setattr(stream, "HEARTBEAT", 0.3)
    match, a, b = race()
    client = Client()
    client.force_login(a)
    response = client.get(f"/matches/{match.pk}/events/")
    it, _ = frames_of(response, 4)
    from django.contrib.sessions.models import Session

    Session.objects.all().delete()
    with pytest.raises(StopIteration):  # the next heartbeat ends it
        next(it)
    streams.close(response)
