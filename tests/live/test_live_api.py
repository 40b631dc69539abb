"""The API's streams: a match's events with a token (the page's events, JSON data), refused as
JSON to nobody and to strangers of a private match; one stream per player with "your turn" on
connect and new chat at their tables."""

import json

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from games.chat import store
from games.live import bus, presence
from games.lobby import tables
from tests.factories import make_user
from tests.live import streams

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _in_memory(settings):
    settings.REDIS_URL = ""
    presence._memory.clear()


def client(user=None):
    c = Client()
    if user is not None:
        c.defaults["HTTP_AUTHORIZATION"] = f"Token {Token.objects.get_or_create(user=user)[0].key}"
    return c


def parse(frame):
    fields = dict(line.split(": ", 1) for line in frame.strip().splitlines() if not line.startswith(":"))
    return fields.get("event"), json.loads(fields["data"]) if "data" in fields else None


def first(response, n):
    it = iter(response.streaming_content)
    return it, [parse(next(it).decode()) for _ in range(n)]


def test_a_matchs_events_with_a_token():
    a, b = make_user("p0"), make_user("p1")
    match = tables.create_match(a, "race", 2)
    tables.join_match(b, match)
    match.refresh_from_db()
    response = client(a).get(f"/api/matches/{match.pk}/events/")
    assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
    it, got = first(response, 4)
    try:
        assert got[1] == ("board", {"version": match.version, "status": "active"})
        assert got[3] == ("presence", {"seats": [match.seat_of(a)], "watching": 0})
    finally:
        streams.close(response)


def test_the_api_stream_is_refused_as_json():
    a, b, stranger = make_user("p0"), make_user("p1"), make_user("stranger")
    match = tables.create_match(a, "race", 2, private=True)
    tables.join_match(b, match, token=match.invite_token)
    nobody = client().get(f"/api/matches/{match.pk}/events/")
    assert nobody.status_code == 401 and "detail" in nobody.json()
    wrong = Client(HTTP_AUTHORIZATION="Token nope").get(f"/api/matches/{match.pk}/events/")
    assert wrong.status_code == 401 and "detail" in wrong.json()
    refused = client(stranger).get(f"/api/matches/{match.pk}/events/")
    assert refused.status_code == 404 and refused.json() == {"detail": "No such match."}
    assert client(stranger).get("/api/matches/999999/events/").status_code == 404
    assert client().get("/api/events/").status_code == 401


def test_a_players_stream_tells_their_turn_and_new_chat(django_capture_on_commit_callbacks):
    a, b = make_user("p0"), make_user("p1")
    match = tables.create_match(a, "race", 2)
    tables.join_match(b, match)
    match.refresh_from_db()
    waiting = a if match.seat_of(a) in match.to_act else b
    other = b if waiting == a else a
    response = client(waiting).get("/api/events/")
    it, got = first(response, 2)
    try:
        assert got[1] == ("turn", {"match": match.pk, "version": match.version, "seat": match.seat_of(waiting)})
        with django_capture_on_commit_callbacks(execute=True):
            message = store.post(match, other, "your move!")
        assert parse(next(it).decode()) == ("chat", {"match": match.pk, "id": message.pk})
        bus.publish(bus.user_channel(other.pk), {"event": "turn", "match": match.pk, "version": 5, "seat": 0})
        bus.publish(bus.user_channel(waiting.pk), {"event": "turn", "match": 77, "version": 5, "seat": 1})
        assert parse(next(it).decode()) == ("turn", {"match": 77, "version": 5, "seat": 1})  # only their own
    finally:
        streams.close(response)


def test_health_reports_the_live_tables():
    live = Client().get("/health/").json()["live"]
    assert live == {"fan_out": "memory", "streams_here": 0}



def _race_and_reads(monkeypatch):
    """A race between two players, whose stream reads publish a move (the match's) or a turn
    (the player's) just after they read: what a commit in between would do."""
    from games.api import streams as api_streams

    a, b = make_user("p0"), make_user("p1")
    match = tables.create_match(a, "race", 2)
    tables.join_match(b, match)
    match.refresh_from_db()
    read_match, read_turns = api_streams._match_stream, api_streams._player_first

    def read_then_a_move(request, pk):
        opened = read_match(request, pk)
        bus.publish(bus.match_channel(pk), {"event": "board", "version": opened.version + 1, "status": "active"})
        return opened

    def read_then_a_turn(user):
        opened = read_turns(user)
        bus.publish(bus.user_channel(user.pk), {"event": "turn", "match": match.pk, "version": 99, "seat": 0})
        return opened

    monkeypatch.setattr(api_streams, "_match_stream", read_then_a_move)
    monkeypatch.setattr(api_streams, "_player_first", read_then_a_turn)
    return match, a


def test_a_move_published_while_the_api_match_stream_reads_is_heard(monkeypatch):
    """Django's own stream views subscribe before they read, as the lean route does."""
    match, a = _race_and_reads(monkeypatch)
    response = client(a).get(f"/api/matches/{match.pk}/events/")
    it, got = first(response, 5)
    try:
        assert [data["version"] for kind, data in got if kind == "board"] == [match.version, match.version + 1]
    finally:
        streams.close(response)


def test_a_turn_published_while_the_api_player_stream_reads_is_heard(monkeypatch):
    """The player's stream knows who asks first, subscribes to their channel, then reads."""
    match, a = _race_and_reads(monkeypatch)
    waiting = 1 if match.seat_of(a) in match.to_act else 0
    asking = client(a)
    response = asking.get("/api/events/")
    it, got = first(response, 2 + waiting)
    try:
        assert got[-1] == ("turn", {"match": match.pk, "version": 99, "seat": 0})
    finally:
        streams.close(response)
