"""The streams' lean ASGI route (chickenisland.streams): the same refusals as the Django views,
as JSON under /api/, the same resume from Last-Event-ID, the same headers, and Django's
application for everything else."""

import asyncio
import json

import pytest
from rest_framework.authtoken.models import Token

from chickenisland.streams import route
from games.live import presence
from tests.factories import make_user
from tests.live.test_live_events import parse, race, run_async

pytestmark = pytest.mark.django_db(transaction=True)  # the route reads in a pool thread


@pytest.fixture(autouse=True)
def _in_memory(settings):
    settings.REDIS_URL = ""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    presence._memory.clear()


async def _django(scope, receive, send):
    await send({"type": "http.response.start", "status": 418, "headers": []})
    await send({"type": "http.response.body", "body": b"django"})


def call(path, headers=(), frames=0, query=b""):
    """Ask the route; read the answer until `frames` SSE frames came (or it ended), then hang up."""

    async def run():
        gone = asyncio.Event()
        got = {"start": None, "body": b""}
        enough = asyncio.Event()

        async def receive():
            await gone.wait()
            return {"type": "http.disconnect"}

        async def send(message):
            if message["type"] == "http.response.start":
                got["start"] = message
            else:
                got["body"] += message.get("body", b"")
                if got["body"].count(b"\n\n") >= frames or not message.get("more_body"):
                    enough.set()

        scope = {"type": "http", "method": "GET", "path": path, "query_string": query, "root_path": "",
                 "headers": [(k.lower().encode(), v.encode()) for k, v in headers], "scheme": "http",
                 "server": ("testserver", 80), "client": ("127.0.0.1", 5000), "http_version": "1.1",
                 "asgi": {"version": "3.0"}}
        task = asyncio.ensure_future(route(_django)(scope, receive, send))
        await asyncio.wait_for(enough.wait(), 30)
        gone.set()
        await asyncio.wait_for(task, 30)
        return got["start"], got["body"].decode()

    return run_async(run())


def test_the_api_stream_refuses_a_stranger_with_json_and_no_word_of_the_match():
    match, a, b = race(private=True)
    stranger = make_user("stranger")
    token = Token.objects.create(user=stranger)
    start, body = call(f"/api/matches/{match.pk}/events/", [("Authorization", f"Token {token.key}")])
    assert start["status"] == 404  # as the Django view: a private match is not there for strangers
    assert dict(start["headers"])[b"content-type"] == b"application/json"
    assert json.loads(body) == {"detail": "No such match."}
    start, body = call(f"/api/matches/{match.pk}/events/", [("Authorization", "Token nope")])
    assert start["status"] == 401 and "detail" in json.loads(body)
    start, body = call(f"/api/matches/{match.pk}/events/")
    assert start["status"] == 401 and json.loads(body) == {"detail": "Authentication credentials were not provided."}


def test_the_api_stream_resumes_from_last_event_id():
    match, a, b = race()
    token = Token.objects.create(user=b)
    auth = ("Authorization", f"Token {token.key}")
    start, body = call(f"/api/matches/{match.pk}/events/", [auth], frames=4)
    headers = dict(start["headers"])
    assert start["status"] == 200 and headers[b"content-type"] == b"text/event-stream"
    assert headers[b"cache-control"] == b"no-cache, no-transform" and headers[b"x-accel-buffering"] == b"no"
    first = [f + "\n\n" for f in body.split("\n\n") if f]
    assert [parse(f)[0] for f in first] == [None, "board", "chat", "presence"]
    assert parse(first[3])[2] == {"seats": [1], "watching": 0}
    start, body = call(f"/api/matches/{match.pk}/events/", [auth, ("Last-Event-ID", f"{match.version}.0")], frames=2)
    assert [parse(f + "\n\n")[0] for f in body.split("\n\n") if f] == [None, "presence"]
    start, body = call(f"/api/matches/{match.pk}/events/", [auth], frames=3,
                       query=f"last_event_id={match.version - 1}.0".encode())
    assert [parse(f + "\n\n")[0] for f in body.split("\n\n") if f] == [None, "board", "presence"]


def test_the_page_stream_serves_a_session_and_hands_a_stranger_to_django():
    match, a, b = race(private=True)
    from django.test import Client

    client = Client()
    client.force_login(a)
    cookie = client.cookies["sessionid"].value
    start, body = call(f"/matches/{match.pk}/events/", [("Cookie", f"sessionid={cookie}")], frames=4)
    assert start["status"] == 200 and parse(body.split("\n\n")[3] + "\n\n")[2]["seats"] == [0]
    start, body = call(f"/matches/{match.pk}/events/")  # a visitor: the page's 404, from Django
    assert (start["status"], body) == (418, "django")
    start, body = call("/lobby/")
    assert (start["status"], body) == (418, "django")


def test_a_stream_carries_the_sites_policies_and_the_readers_language():
    match, a, b = race()
    token = Token.objects.create(user=b)
    start, _ = call(f"/api/matches/{match.pk}/events/", [("Authorization", f"Token {token.key}")], frames=1)
    headers = dict(start["headers"])
    assert headers[b"content-security-policy"] == b"default-src 'none'; frame-ancestors 'none'"
    assert b"camera=()" in headers[b"permissions-policy"] and b"geolocation=()" in headers[b"permissions-policy"]
    assert headers[b"content-language"] == b"en"


def test_a_refusal_is_in_the_readers_language():
    match, a, b = race(private=True)
    stranger = make_user("etranger")
    token = Token.objects.create(user=stranger)
    asks = [("Authorization", f"Token {token.key}"), ("Accept-Language", "fr")]
    start, body = call(f"/api/matches/{match.pk}/events/", asks)
    assert start["status"] == 404 and dict(start["headers"])[b"content-language"] == b"fr"
    assert json.loads(body) == {"detail": "Cette partie n'existe pas."}
    start, body = call(f"/api/matches/{match.pk}/events/", [("Accept-Language", "fr")])
    assert start["status"] == 401 and json.loads(body)["detail"] != "Authentication credentials were not provided."


def test_a_move_committed_while_the_stream_reads_the_match_is_heard(monkeypatch):
    """The stream subscribes before it reads where the match stands: a move published just after
    the read (before the stream would have subscribed, were it the other way round) still comes."""
    from chickenisland import streams
    from games.api import streams as api_streams
    from games.live import bus

    match, a, b = race()
    token = Token.objects.create(user=b)
    read = api_streams._match_stream

    def read_then_a_move(request, pk):
        opened = read(request, pk)
        bus.publish(bus.match_channel(pk), {"event": "board", "version": opened.version + 1, "status": "active"})
        return opened

    monkeypatch.setattr(streams.api_streams, "_match_stream", read_then_a_move)
    start, body = call(f"/api/matches/{match.pk}/events/", [("Authorization", f"Token {token.key}")], frames=5)
    frames = [parse(f + "\n\n") for f in body.split("\n\n") if f]
    boards = [data["version"] for kind, _, data in frames if kind == "board"]
    assert boards == [match.version, match.version + 1]


def test_a_turn_published_while_the_player_stream_reads_the_waiting_matches_is_heard(monkeypatch):
    """The player's own stream subscribes to their channel once it knows who they are and before
    it reads which matches wait on them: a turn published just after that read still comes."""
    from chickenisland import streams
    from games.api import streams as api_streams
    from games.live import bus

    match, a, b = race()
    token = Token.objects.create(user=b)
    start, body = call("/api/events/")
    assert start["status"] == 401 and "detail" in json.loads(body)
    read = api_streams._player_first
    waiting = len(read(b).first)

    def read_then_a_turn(user):
        opened = read(user)
        bus.publish(bus.user_channel(user.pk), {"event": "turn", "match": match.pk, "version": 99, "seat": 1})
        return opened

    monkeypatch.setattr(streams.api_streams, "_player_first", read_then_a_turn)
    start, body = call("/api/events/", [("Authorization", f"Token {token.key}")], frames=2 + waiting)
    assert start["status"] == 200
    turns = [data for kind, _, data in (parse(f + "\n\n") for f in body.split("\n\n") if f) if kind == "turn"]
    assert len(turns) == waiting + 1 and turns[-1]["version"] == 99


def test_signed_in_streams_end_once_their_session_ended_and_are_asked_in_one_query(monkeypatch):
    from django.contrib.sessions.models import Session
    from django.test import Client

    from games.live import sessions, stream

    monkeypatch.setattr(stream, "HEARTBEAT", 0.3)
    monkeypatch.setattr(sessions, "WINDOW", 0.25)
    asked = []
    existing = sessions.existing
    monkeypatch.setattr(sessions, "existing", lambda keys: asked.append(sorted(keys)) or existing(keys))
    match, a, b = race()
    cookies = {}
    for user in (a, b):
        client = Client()
        client.force_login(user)
        cookies[user.pk] = client.cookies["sessionid"].value

    async def run():
        gone, ended, tasks = asyncio.Event(), {}, {}

        async def receive():
            await gone.wait()
            return {"type": "http.disconnect"}

        for user in (a, b):
            opened = asyncio.Event()

            async def send(message, user=user, opened=opened):
                if message["type"] == "http.response.body":
                    opened.set()
                    if not message.get("more_body"):
                        ended[user.pk] = True

            scope = {"type": "http", "method": "GET", "path": f"/matches/{match.pk}/events/", "query_string": b"",
                     "root_path": "", "headers": [(b"cookie", f"sessionid={cookies[user.pk]}".encode())],
                     "scheme": "http", "server": ("testserver", 80), "client": ("127.0.0.1", 5000),
                     "http_version": "1.1", "asgi": {"version": "3.0"}}
            tasks[user.pk] = asyncio.ensure_future(route(_django)(scope, receive, send))
            await asyncio.wait_for(opened.wait(), 30)
        await asyncio.get_running_loop().run_in_executor(
            None, lambda: Session.objects.filter(session_key=cookies[a.pk]).delete())
        await asyncio.wait_for(tasks[a.pk], 10)  # a's stream ends at its next heartbeat
        still = not tasks[b.pk].done()
        gone.set()
        await asyncio.wait_for(tasks[b.pk], 10)
        return ended, still

    ended, still = run_async(run())
    assert ended.get(a.pk) and still  # b, still signed in, kept streaming
    assert sorted([cookies[a.pk], cookies[b.pk]]) in asked  # both streams' sessions in one query


def test_a_token_is_read_once_for_streams_opening_with_it_within_seconds(monkeypatch):
    from games.api import auth, streams as api_streams
    from games.live.kept import Kept

    monkeypatch.setattr(api_streams, "_tokens", Kept(api_streams.TOKEN_TTL))
    reads = []
    authenticate = auth.TokenAuthentication.authenticate
    monkeypatch.setattr(auth.TokenAuthentication, "authenticate",
                        lambda self, request: reads.append(1) or authenticate(self, request))
    match, a, b = race()
    token = Token.objects.create(user=b)
    for _ in range(3):
        start, _ = call(f"/api/matches/{match.pk}/events/", [("Authorization", f"Token {token.key}")], frames=1)
        assert start["status"] == 200
    assert len(reads) == 1
    start, body = call(f"/api/matches/{match.pk}/events/", [("Authorization", "Token nope")])
    start, body = call(f"/api/matches/{match.pk}/events/", [("Authorization", "Token nope")])
    assert start["status"] == 401 and len(reads) == 3  # a bad token is asked each time, never kept
