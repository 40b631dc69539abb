"""The match page's live stream: `GET /matches/<id>/events/` (Server-Sent Events).

Under uvicorn the stream process answers it on its lean route (chickenisland.streams), which
calls `_open` below as this view does; the development server, which speaks WSGI, streams it
from its request's thread instead, so `make run` is live too (games.live.stream.response). Both
subscribe before they read the match. Refused as the page is: a private match is a 404 to
strangers.
"""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404

from ..chat import inbox
from ..live import bus, recent, stream
from ..spectators.presence import viewer_key
from ..models import Match
from .match import _session_lost, visible_match


def _match(pk):
    """The match row without its state (a stream needs its seats, version and status), shared
    by the streams that open on it until it changes (games.live.recent); not in the lobby,
    where seats fill without an event."""
    return recent.answer(("page", pk), bus.match_channel(pk), lambda: _row(pk),
                         keep=lambda match: match.status != Match.Status.LOBBY)


def _row(pk):
    return get_object_or_404(Match.objects.with_seats().defer("state"), pk=pk)


def _open(request, pk):
    if _session_lost(request):
        return None
    match, viewer = visible_match(request, pk, load=_match)
    channel, chat_id = inbox.latest_id_recent(match, viewer)
    return stream.MatchStream(
        match_id=match.pk, version=match.version, status=match.status, chat_id=chat_id, chat_channel=channel,
        seat=viewer.seat, viewer="" if viewer.seat is not None else viewer_key(request),
        last_event_id=request.headers.get("Last-Event-ID") or request.GET.get("last_event_id"),
        allowed=_session_alive(request), user_id=request.user.pk if request.user.is_authenticated else None,
        session_key=request.session.session_key if request.user.is_authenticated else None,
    )


def _session_alive(request):
    """For a signed-in reader: whether their session still exists (asked at each heartbeat)."""
    key = request.session.session_key
    if not request.user.is_authenticated or not key:
        return None
    store = type(request.session)
    return lambda: store().exists(key)


async def match_events(request, pk):
    live, sub = await stream.read_listening(request, [bus.match_channel(pk)], _open, pk)
    if live is None:  # drawn for a login that is gone: the page's poll says "log in again"
        await stream.unlisten(sub)
        return HttpResponse(status=204)
    return stream.response(request, live, sub)
