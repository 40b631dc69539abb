"""One open stream: what it sends first, what it forwards, its heartbeats and its presence.

`MatchStream` serves a match page or an API client: on connect the current board version, the
last chat message the reader may read and who is here, unless `Last-Event-ID` says the reader
has them already; then every event of the match the reader may know of. Its ids are
"<version>.<chat id>", so a reconnecting reader gets exactly what it missed.
`PlayerStream` serves one player: "your turn" and new chat in any of their matches.

The same stream runs in a coroutine (ASGI, `aframes`) or a thread (the development server,
`frames`): only the waiting differs.
"""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections, connections
from django.http import HttpResponse, StreamingHttpResponse

from . import beats, bus, hub, presence, publish, sessions, sse, stall

HEARTBEAT = 15.0  # seconds between keep-alive comments (and presence refreshes)
_open = [0]  # streams open in this process (for /health/)


def thread_streams_allowed() -> bool:
    """Whether a WSGI server may hold a stream in one of its threads: yes for the development
    server of `make run` (no Redis, one process); no where the site runs with Redis, whose
    gunicorn has a few threads for pages only. There a stream that reached gunicorn instead of
    the stream process (nginx not routing it) is answered 204: the page polls, nothing hangs."""
    return getattr(settings, "LIVE_THREAD_STREAMS", not bus.uses_redis())


async def listen(request, channels):
    """A Django-served stream's subscription, taken before it reads where the match stands (or
    which matches wait on the player), as the lean route's is: a move committed in between is
    heard, not lost between the read and the subscription. None where no stream will be served
    here (a WSGI server with Redis) or Redis cannot be reached (the stream then subscribes as it
    starts, and fails so that its page polls)."""
    try:
        if isinstance(request, ASGIRequest):
            return await bus.asubscribe(channels)
        if thread_streams_allowed():
            return bus.subscribe(channels)
    except Exception:
        pass
    return None


async def unlisten(sub) -> None:
    """A subscription taken by `listen` for a stream that is refused after all."""
    if sub is not None:
        await sub.aclose()


async def read_listening(request, channels, build, *args):
    """`build(request, *args)` (`opener`) read once `channels` are listened to (`listen`): the
    stream and its subscription. The subscription is closed if the read raises (a refusal)."""
    sub = await listen(request, channels)
    try:
        return await opener(build)(request, *args), sub
    except BaseException:
        await unlisten(sub)
        raise


def response(request, live, sub=None):
    """The answer around a stream: never cached, never buffered by a proxy. `sub`: its
    subscription from `listen`, if any."""
    if isinstance(request, ASGIRequest):
        frames_ = aframes(live, sub=sub)
    elif thread_streams_allowed():
        frames_ = frames(live, sub=sub)
    else:
        if sub is not None:
            sub.close()
        return HttpResponse(status=204)
    answer = StreamingHttpResponse(frames_, content_type="text/event-stream")
    answer["Cache-Control"] = "no-cache, no-transform"
    answer["X-Accel-Buffering"] = "no"
    return answer


def report() -> dict:
    """What /health/ says of the live tables: how events travel, the streams this process
    holds, (with Redis) how many match and player channels some stream process listens to,
    and (in the stream process) its event loop's stalls."""
    body = {"fan_out": "redis" if bus.uses_redis() else "memory", "streams_here": _open[0]}
    if bus.uses_redis():
        body["channels_listened"] = len(bus.redis_client().pubsub_channels(bus.PREFIX + "*"))
    return body | stall.report()


def parse_event_id(value: str | None) -> tuple[int, int] | None:
    try:
        version, chat = (value or "").split(".")
        return int(version), int(chat)
    except ValueError:
        return None


class Ended(Exception):
    """The reader may no longer listen (their session ended)."""


@dataclass
class MatchStream:
    match_id: int
    version: int
    status: str
    chat_id: int  # the newest message the reader may read (0: none)
    chat_channel: str | None  # the channel the reader reads, if any
    seat: int | None = None
    viewer: str = ""  # a spectator's key (counted once however many tabs)
    last_event_id: str | None = None
    member: str = ""
    allowed: Callable[[], bool] | None = field(default=None, repr=False)  # still signed in?
    session_key: str | None = field(default=None, repr=False)  # ... asked in a batch (coroutines)
    user_id: int | None = None  # the signed-in reader: on the site while this stream is open
    _here: dict | None = field(default=None, repr=False)

    def __post_init__(self):
        self.member = presence.entry(self.seat, self.viewer)

    @property
    def channels(self) -> list[str]:
        return [bus.match_channel(self.match_id)]

    def _id(self) -> str:
        return f"{self.version}.{self.chat_id}"

    def entries(self) -> list[tuple]:
        """Its presence entries, for the stream process's batch (`beats`)."""
        return [(self.match_id, self.user_id, self.member)]

    def opening(self, here: dict | None = None) -> list[str]:
        """The first frames; `here`: who is at the table, if known already."""
        return self.standing() + self.present(presence.here(self.match_id) if here is None else here)

    def standing(self) -> list[str]:
        """The first frames but who is here: where the match stands, sent as soon as it is read."""
        frames = [sse.retry()]
        known = parse_event_id(self.last_event_id)
        if known is None or known[0] != self.version:
            frames.append(sse.event("board", {"version": self.version, "status": self.status}, self._id()))
        if self.chat_channel and (known is None or known[1] != self.chat_id):
            frames.append(sse.event("chat", {"id": self.chat_id}, self._id()))
        return frames

    def present(self, here: dict) -> list[str]:
        return [self._presence(here)]

    def on(self, channel: str, data: dict) -> str | None:
        kind = data.get("event")
        if kind == "board":
            self.version, self.status = int(data["version"]), data["status"]
            return sse.event("board", {"version": self.version, "status": self.status}, self._id())
        if kind == "chat" and data.get("channel") == self.chat_channel:
            self.chat_id = max(self.chat_id, int(data["id"]))
            return sse.event("chat", {"id": int(data["id"])}, self._id())
        if kind == "presence":
            here = {"seats": data["seats"], "watching": data["watching"]}
            return None if here == self._here else self._presence(here)
        return None

    def _presence(self, here: dict) -> str:
        self._here = here
        return sse.event("presence", here, self._id())

    def beat(self) -> list[str]:
        """A keep-alive; the stream's own entry refreshed; presence again if it changed unseen
        (a stream elsewhere died without a word). A stream opened by a session that has since
        ended stops here: the page then polls and is told to log in again."""
        if self.allowed is not None and not self.allowed():
            raise Ended
        presence.arrive(self.match_id, self.member)
        presence.user_arrive(self.user_id, self.member)
        frames = [sse.comment("keep-alive")]
        here = presence.here(self.match_id)
        if here != self._here:
            frames.append(self._presence(here))
        return frames

    def started(self) -> None:
        presence.arrive(self.match_id, self.member)
        presence.user_arrive(self.user_id, self.member)
        publish.here(self.match_id)

    def ended(self) -> None:
        presence.leave(self.match_id, self.member)
        presence.user_leave(self.user_id, self.member)

    def after_grace(self) -> None:
        publish.here(self.match_id)


@dataclass
class PlayerStream:
    user_id: int
    first: list[dict]  # what is true now: a "turn" for each match waiting on the player
    member: str = ""

    def __post_init__(self):
        self.member = presence.entry(None, f"u{self.user_id}")

    @property
    def channels(self) -> list[str]:
        return [bus.user_channel(self.user_id)]

    def entries(self) -> list[tuple]:
        return [(None, self.user_id, self.member)]

    def opening(self, here: dict | None = None) -> list[str]:
        return [sse.retry()] + [sse.event(e.pop("event"), e) for e in [dict(x) for x in self.first]]

    def standing(self) -> list[str]:
        return self.opening()

    def present(self, here: dict | None) -> list[str]:
        return []  # a player's own stream says nothing of who is at a table

    def on(self, channel: str, data: dict) -> str | None:
        data = dict(data)
        kind = data.pop("event", None)
        return sse.event(kind, data) if kind in ("turn", "chat") else None

    def beat(self) -> list[str]:
        presence.user_arrive(self.user_id, self.member)
        return [sse.comment("keep-alive")]

    def started(self) -> None:
        presence.user_arrive(self.user_id, self.member)

    def ended(self) -> None:
        presence.user_leave(self.user_id, self.member)

    def after_grace(self) -> None:
        pass


def frames(stream, heartbeat: float | None = None, sub=None):
    """The stream for a thread (the development server): blocks on its subscription (`sub`, if
    it subscribed before it read the match)."""
    heartbeat = heartbeat or HEARTBEAT
    if sub is None:
        sub = bus.subscribe(stream.channels)
    _open[0] += 1
    try:
        stream.started()
        yield from stream.opening()
        next_beat = time.monotonic() + heartbeat
        while True:
            got = sub.get(max(0.0, next_beat - time.monotonic()))
            if got is not None:
                frame = stream.on(*got)
                if frame:
                    yield frame
            if time.monotonic() >= next_beat:
                yield from stream.beat()
                next_beat = time.monotonic() + heartbeat
    except Ended:
        return
    finally:
        _open[0] -= 1
        sub.close()
        _end(stream, lambda: threading.Timer(presence.GRACE + 0.2, stream.after_grace).start())


async def aframes(stream, heartbeat: float | None = None, release: bool = True, sub=None):
    """The stream for a coroutine (the ASGI process): holds no thread while it waits. Its
    presence is kept by the process's batch (`beats`), not by round trips of its own.
    `release`: close the connection the request's own thread opened (Django's views; the lean
    route of `chickenisland.streams` has none). `sub`: its subscription, if it subscribed
    before it read the match (the lean route)."""
    heartbeat = heartbeat or HEARTBEAT
    if release:
        await sync_to_async(_release_database, thread_sensitive=True)()
    if sub is None:
        sub = await bus.asubscribe(stream.channels)
    loop = asyncio.get_running_loop()
    keeper = beats.of_this_loop()
    _open[0] += 1
    try:
        # Where the match stands goes out at once (one write); who is here once the presence
        # batch that records this stream has run (in a reconnect storm, a few hundred ms later).
        here = keeper.arrive(stream, sub)
        yield "".join(stream.standing())
        later = stream.present(await here)
        if later:
            yield "".join(later)
        next_beat = loop.time() + heartbeat
        while True:
            got = await sub.aget(max(0.0, next_beat - loop.time()))
            if got is not None:
                frame = stream.on(*got)
                if frame:
                    yield frame
            if loop.time() >= next_beat:
                if not await _still_allowed(stream):
                    return
                yield sse.comment("keep-alive")
                next_beat = loop.time() + heartbeat
    except (Ended, hub.Lost):
        return
    finally:
        _open[0] -= 1
        keeper.leave(stream)
        await sub.aclose()


async def _still_allowed(stream) -> bool:
    """Whether a signed-in reader's session still exists: with those of the loop's other
    streams in one query (`sessions`), else by the stream's own check."""
    key = getattr(stream, "session_key", None)
    if key:
        return await sessions.alive(key)
    allowed = getattr(stream, "allowed", None)
    return allowed is None or await _off_loop(allowed)()


def opener(build):
    """`build(request, ...)` (what a stream needs from the database) as a coroutine.

    Under ASGI each request has a thread of its own for its synchronous parts (Django's
    thread-sensitive rule), which lives as long as the stream. A stream's reads run instead in
    the event loop's shared threads, whose database connections stay open between streams (as
    gunicorn's threads keep theirs, CONN_MAX_AGE), so a burst of streams opening costs no new
    database connection each and open streams hold none. Under WSGI (the development server,
    tests) it runs in the request's thread, as any view."""
    in_thread = sync_to_async(build)
    in_pool = sync_to_async(_fresh(build), thread_sensitive=False)

    async def run(request, *args, **kwargs):
        if isinstance(request, ASGIRequest):
            return await in_pool(request, *args, **kwargs)
        return await in_thread(request, *args, **kwargs)

    return run


def _fresh(build):
    def run(*args, **kwargs):
        close_old_connections()  # as at a request's start: one past its age or broken goes
        return build(*args, **kwargs)

    return run


def _release_database() -> None:
    """A connection the request's own thread opened (the session of a signed-in reader, in the
    middleware) is closed as the stream starts: open streams hold no database connection."""
    connections.close_all()


def _off_loop(fn):
    """Presence and publishing (Redis, no database) in the loop's shared thread pool: a stream
    holds no thread of its own while it waits."""
    return sync_to_async(fn, thread_sensitive=False)


def _end(stream, later) -> None:
    """The stream closed: it counts GRACE seconds more, then the table hears it left."""
    try:
        stream.ended()
        later()
    except Exception:  # Redis gone as well: the entry expires by itself
        pass
