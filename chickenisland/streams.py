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
import time
from concurrent.futures import ThreadPoolExecutor
from importlib import import_module

import orjson
from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib import auth
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections

from games.api import streams as api_streams
from games.live import stream
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
]


# The opens' reads run on two threads of their own (one waits on the database while the other
# works): a storm of opens then never holds more than two threads and two database connections
# per process, leaves the loop's shared pool free for the presence batch and the heartbeats'
# checks, and leaves the loop thread, which fans events out, the interpreter most of the time.
OPENERS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="stream-open")
USER_TTL = 5.0  # seconds a session cookie's user is reused by the streams that open with it
_users: dict[str, tuple[float, object]] = {}  # session key -> (until, the user it signs in)


class Delegate(Exception):
    """Not for this route to answer: Django's application answers it."""


def route(django_app):
    """`django_app` behind the streams' lean route."""

    async def application(scope, receive, send):
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


def _open(kind: str, scope, pk):
    """In a pool thread: who asks (session or token), then the stream the Django view would
    open for them, or a refusal. The thread's database connection is let go as at a request's
    end (CONN_MAX_AGE): an open stream holds none, and the pool's few threads keep theirs, as
    gunicorn's do, since a new connection for every stream that opens cost ~15 ms each and
    capped a reconnect storm at ~55 streams a second."""
    close_old_connections()
    try:
        request = ASGIRequest(scope, io.BytesIO())
        engine = import_module(settings.SESSION_ENGINE)
        request.session = engine.SessionStore(request.COOKIES.get(settings.SESSION_COOKIE_NAME))
        request.user = _user(request)
        if kind == PAGE:
            try:
                return page_events._open(request, int(pk))
            except Exception:  # a 404 (a private match, none such): Django's page says it
                raise Delegate from None
        try:
            if kind == API_MATCH:
                return api_streams._match_stream(request, int(pk))
            return api_streams._player_stream(request)
        except api_streams.Refused as refused:
            return refused
    finally:
        close_old_connections()


def _user(request):
    """The session's user, read once per USER_TTL: a page that reconnects (a storm, a flaky
    phone) costs no session and user queries each time. A session ended meanwhile still ends
    its open streams at their next heartbeat (`allowed`), as before."""
    key = request.session.session_key
    if not key:
        return auth.get_user(request)  # no cookie: nobody, without a query
    now = time.monotonic()
    hit = _users.get(key)
    if hit is not None and hit[0] > now:
        return hit[1]
    user = auth.get_user(request)
    if len(_users) > 50_000:
        for old in [k for k, (until, _) in list(_users.items()) if until <= now]:
            _users.pop(old, None)
    _users[key] = (now + USER_TTL, user)
    return user


async def serve(kind: str, pk, scope, receive, send) -> None:
    live = await sync_to_async(_open, thread_sensitive=False, executor=OPENERS)(kind, scope, pk)
    if isinstance(live, api_streams.Refused):
        return await _json(send, live.status, {"detail": live.detail})
    if live is None:  # drawn for a login that is gone: the page's poll says "log in again"
        await send({"type": "http.response.start", "status": 204, "headers": HEADERS[2:]})
        return await send({"type": "http.response.body", "body": b""})
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-type", b"text/event-stream"), *HEADERS]})
    await _pump(stream.aframes(live, release=False), receive, send)


async def _json(send, status: int, body: dict) -> None:
    data = orjson.dumps(body)
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()), *HEADERS[2:]]})
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
            pump.cancel()

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
