"""The API's live streams (Server-Sent Events, JSON data), for apps, second tabs and bot programs
that would otherwise poll:

- `GET /api/matches/{id}/events/`: the match page's events (`board`, `chat`, `presence`), the
  same ids and `Last-Event-ID` resume; refused (404) where the caller may not see the match.
- `GET /api/events/`: one stream per player: `turn` ({"match", "version", "seat"}: a match now
  waits on them; one for each such match on connect) and `chat` ({"match", "id"}: a new message
  at one of their tables).

Plain Django async views, not DRF's (DRF renders whole bodies): a token (or the site's session)
is checked as the API does, and every refusal is JSON. Under uvicorn the stream process's lean
route (chickenisland.streams) calls the same `_match_stream`, `_caller` and `_player_first`.
"""

from __future__ import annotations

from django.http import JsonResponse
from django.utils.translation import gettext as _
from rest_framework import exceptions

from ..chat import inbox
from ..live import bus, recent, stream
from ..live.kept import MISSING, Kept
from ..models import Match, Seat
from ..play import match_rows, visibility
from ..refusals import ServiceError
from .auth import TokenAuthentication


class Refused(Exception):
    def __init__(self, status: int, detail: str):
        self.status, self.detail = status, detail


TOKEN_TTL = 5.0  # seconds a token's user is reused by the streams that open with it
_tokens = Kept(TOKEN_TTL)  # Authorization header -> its user


def _caller(request):
    """The token's user, else the session's; 401 for nobody."""
    found = _token_user(request)
    user = found if found is not None else request.user
    if not getattr(user, "is_authenticated", False):
        raise Refused(401, str(exceptions.NotAuthenticated.default_detail))
    return user


def _token_user(request):
    """The token's user, read once per TOKEN_TTL: a bot program or an app that reconnects (a
    storm, a flaky network) costs no token query each time. Only a good token is kept."""
    header = request.headers.get("Authorization", "")
    user = _tokens.get(header) if header else MISSING
    if user is not MISSING:
        return user
    try:
        found = TokenAuthentication().authenticate(request)
    except exceptions.AuthenticationFailed as exc:
        raise Refused(401, str(exc.detail)) from None
    if found is None:
        return None
    _tokens.put(header, found[0])
    return found[0]


def _match_stream(request, pk):
    user = _caller(request)
    try:  # shared until it changes by the streams that open on it (games.live.recent)
        match = recent.answer(("api", pk), bus.match_channel(pk), lambda: match_rows.match_with_seats(pk),
                              keep=lambda match: match.status != Match.Status.LOBBY)
    except ServiceError:
        raise Refused(404, _("No such match.")) from None
    viewer = visibility.viewer(match, user)
    if not viewer.may_see:
        raise Refused(404, _("No such match."))
    channel, chat_id = inbox.latest_id_recent(match, viewer)
    return stream.MatchStream(
        match_id=match.pk, version=match.version, status=match.status, chat_id=chat_id, chat_channel=channel,
        seat=viewer.seat, viewer="" if viewer.seat is not None else f"u{user.pk}",
        last_event_id=request.headers.get("Last-Event-ID") or request.GET.get("last_event_id"), user_id=user.pk,
    )


def _player_first(user):
    """The player's stream, with a "turn" for each match waiting on them now (read after its
    channel is subscribed: nothing falls in between)."""
    waiting = (Seat.objects.filter(user=user, bot="", match__status=Match.Status.ACTIVE)
               .values_list("match_id", "index", "match__version", "match__to_act"))
    first = [{"event": "turn", "match": m, "version": v, "seat": i} for m, i, v, to_act in waiting if i in (to_act or [])]
    return stream.PlayerStream(user_id=user.pk, first=first)


async def match_events(request, pk):
    try:
        live, sub = await stream.read_listening(request, [bus.match_channel(pk)], _match_stream, pk)
    except Refused as refused:
        return JsonResponse({"detail": refused.detail}, status=refused.status)
    return stream.response(request, live, sub)


async def player_events(request):
    """Who asks first; then their channel is subscribed, then the matches waiting on them read."""
    try:
        user = await stream.opener(_caller)(request)
    except Refused as refused:
        return JsonResponse({"detail": refused.detail}, status=refused.status)
    live, sub = await stream.read_listening(request, [bus.user_channel(user.pk)],
                                            lambda _request, user: _player_first(user), user)
    return stream.response(request, live, sub)
