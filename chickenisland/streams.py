"""The live streams' own ASGI route, in front of Django's application (`chickenisland.asgi`).

A stream opened through Django runs the whole middleware stack, whose synchronous parts hold a
thread for as long as the stream stays open: 5,000 open pages were 5,000 threads. Here a
stream costs one call in the event loop's thread pool (the session cookie or the API token to
a user, then the very function the Django view uses to decide who may listen and what the
stream starts from; its database connection closed before it returns), and then a coroutine
that holds no thread (`games.live.stream.aframes`, the body the Django views send too).
Anything the route does not answer itself (a page's 404, another method) goes to Django.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from importlib import import_module

import orjson
from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib import auth
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections
from django.utils import translation
from django_permissions_policy import PermissionsPolicyMiddleware

from accounts.middleware import profile_language
from chickenisland.middleware import JSON_POLICY

from games.api import streams as api_streams
from games.live import bus, stall, stream
from games.live.kept import MISSING, Kept
from games.live.loops import per_loop
from games.views import events as page_events

PAGE, API_MATCH, API_PLAYER = "page", "api-match", "api-player"
ROUTES = (
    (re.compile(r"^/matches/(?P<pk>\d+)/events/$"), PAGE),
    (re.compile(r"^/api/matches/(?P<pk>\d+)/events/$"), API_MATCH),
    (re.compile(r"^/api/events/$"), API_PLAYER),
)
# What the site's middleware adds to a stream's answer (security, caching, framing).
HEADERS = [
    (b"cache-control", b"no-cache, no-transform"),
    (b"x-accel-buffering", b"no"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"vary", b"Cookie"),
    # a stream is never rendered: the policy that allows nothing, as the API's JSON answers get
    (b"content-security-policy", JSON_POLICY.encode()),
    (b"permissions-policy", PermissionsPolicyMiddleware(lambda request: None).permissions_policy.encode()),
]


# The opens' reads run on two threads of their own (one waits on the database while the other
# works): a storm of opens then never holds more than two threads and two database connections
# per process, leaves the loop's shared pool free for the presence batch and the heartbeats'
# checks, and leaves the loop thread, which fans events out, the interpreter most of the time.
OPENERS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="stream-open")
USER_TTL = 5.0  # seconds a session cookie's user is reused by the streams that open with it
_users = Kept(USER_TTL)  # session key -> the user it signs in


class Delegate(Exception):
    """Not for this route to answer: Django's application answers it."""


def route(django_app):
    """`django_app` behind the streams' lean route."""

    async def application(scope, receive, send):
        stall.watch()
        if scope["type"] == "http" and scope.get("method") == "GET":
            for pattern, kind in ROUTES:
                found = pattern.match(scope["path"])
                if found:
                    try:
                        return await serve(kind, found.groupdict().get("pk"), scope, receive, send)
                    except Delegate:
                        return await django_app(scope, receive, send)
        return await django_app(scope, receive, send)

    return application


@contextmanager
def _as_a_request():
    """The thread's database connection is let go as at a request's start and end
    (CONN_MAX_AGE): an open stream holds none, and the pool's few threads keep theirs, as
    gunicorn's do, since a new connection for every stream that opens cost ~15 ms each and
    capped a reconnect storm at ~55 streams a second."""
    close_old_connections()
    try:
        yield
    finally:
        close_old_connections()


def _open(kind: str, scope, pk):
    """In a pool thread: who asks (session or token), then the stream the Django view would
    open for them, or a refusal."""
    with _as_a_request():
        request = ASGIRequest(scope, io.BytesIO())
        engine = import_module(settings.SESSION_ENGINE)
        request.session = engine.SessionStore(request.COOKIES.get(settings.SESSION_COOKIE_NAME))
        request.user = _user(request)
        scope["language"] = _language(request)
        with translation.override(scope["language"].decode()):  # a refusal in the reader's language
            return _answer(kind, request, pk)


class Player:
    """The player stream's reader, known: its channel is subscribed before its turns are read."""

    def __init__(self, user):
        self.user = user


def _read_player(player: Player):
    with _as_a_request():
        return api_streams._player_first(player.user)


def _answer(kind: str, request, pk):
    if kind == API_PLAYER:
        try:
            return Player(api_streams._caller(request))
        except api_streams.Refused as refused:
            return refused
    if kind == PAGE:
        try:
            return page_events._open(request, int(pk))
        except Exception:  # a 404 (a private match, none such): Django's page says it
            raise Delegate from None
    try:
        return api_streams._match_stream(request, int(pk))
    except api_streams.Refused as refused:
        return refused


def _user(request):
    """The session's user, read once per USER_TTL: a page that reconnects (a storm, a flaky
    phone) costs no session and user queries each time. A session ended meanwhile still ends
    its open streams at their next heartbeat (`allowed`), as before."""
    key = request.session.session_key
    if not key:
        return auth.get_user(request)  # no cookie: nobody, without a query
    user = _users.get(key)
    if user is MISSING:
        user = auth.get_user(request)
        _users.put(key, user)
    return user


def _language(request) -> bytes:
    """The reader's language, as the site's middleware finds it (their profile's, else the
    browser's): the stream says it in Content-Language like every other answer."""
    return (profile_language(request.user) or translation.get_language_from_request(request)).encode()


async def serve(kind: str, pk, scope, receive, send) -> None:
    early = await _listen_first(kind, pk)
    try:
        live = await sync_to_async(_open, thread_sensitive=False, executor=OPENERS)(kind, scope, pk)
        if isinstance(live, Player):  # its channel known now: subscribed before its turns are read
            early = await _listen(bus.user_channel(live.user.pk))
            live = await sync_to_async(_read_player, thread_sensitive=False, executor=OPENERS)(live)
    except BaseException:
        await stream.unlisten(early)
        raise
    language = [(b"content-language", scope.get("language", b"en"))]
    if not isinstance(live, (stream.MatchStream, stream.PlayerStream)):
        await stream.unlisten(early)
    if isinstance(live, api_streams.Refused):
        return await _json(send, live.status, {"detail": live.detail}, language)
    if live is None:  # drawn for a login that is gone: the page's poll says "log in again"
        await send({"type": "http.response.start", "status": 204, "headers": [*HEADERS[2:], *language]})
        return await send({"type": "http.response.body", "body": b""})
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"text/event-stream"), *HEADERS, *language]})
    await _pump(stream.aframes(live, release=False, sub=early), receive, send)


async def _listen_first(kind: str, pk):
    """A stream subscribes before it reads where the match stands (a player's stream, before it
    reads the matches waiting on them): a move committed in between is then heard, never lost
    between the read and the subscription. (Redis down: None, and the stream fails as it opens,
    so its page polls.)"""
    if kind == API_PLAYER:
        return None  # whose channel it is is known only once the reader is (serve)
    return await _listen(bus.match_channel(int(pk)))


async def _listen(channel: str):
    try:
        return await bus.asubscribe([channel])
    except Exception:
        return None


async def _json(send, status: int, body: dict, language: list) -> None:
    data = orjson.dumps(body)
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()), *HEADERS[2:], *language]})
    await send({"type": "http.response.body", "body": data})


async def _pump(frames, receive, send) -> None:
    """Send each frame until the stream ends or the client goes away. The stream's own task
    writes; one watcher task waits for the client to go and stops it (not a writer task and a
    watcher task per stream, with a wait on both: thousands open and close at once in a storm)."""
    pump = asyncio.current_task()
    state = {"left": False, "done": False}

    async def gone():
        while (await receive())["type"] != "http.disconnect":
            pass
        if not state["done"]:
            state["left"] = True
            _reaper().end(pump)

    watcher = asyncio.ensure_future(gone())
    try:
        async for frame in frames:
            await send({"type": "http.response.body", "body": frame.encode(), "more_body": True})
        await send({"type": "http.response.body", "body": b""})
    except asyncio.CancelledError:
        if not state["left"]:
            raise
        pump.uncancel()  # the client went away: the stream simply ends
    finally:
        state["done"] = True
        watcher.cancel()
        await frames.aclose()


class Reaper:
    """Ends the streams whose clients went away, BATCH per turn of the event loop.

    When a network blip drops thousands of streams at once, each one's end (its presence, its
    subscription, its generator) is a few steps of the loop: all at once they held the loop
    for ~0.3 s, and every other request waited behind them. In batches, a request that comes
    meanwhile waits behind one batch at most; the streams still all end within a second."""

    BATCH = 64

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.waiting: deque[asyncio.Task] = deque()
        self.task: asyncio.Task | None = None

    def end(self, pump: asyncio.Task) -> None:
        self.waiting.append(pump)
        if self.task is None or self.task.done():
            self.task = self.loop.create_task(self._run())

    async def _run(self) -> None:
        while self.waiting:
            for _ in range(min(self.BATCH, len(self.waiting))):
                pump = self.waiting.popleft()
                if not pump.done():
                    pump.cancel()
            await asyncio.sleep(0)  # this batch ends in the next turn, beside what else waits


_reapers: dict[asyncio.AbstractEventLoop, Reaper] = {}


def _reaper() -> Reaper:
    return per_loop(_reapers, Reaper)
