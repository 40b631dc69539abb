"""The HTTP API (DESIGN.md "HTTP API"). Thin: it validates input and calls services."""

import logging

import orjson

from django.db.models import Prefetch
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView
from redis.exceptions import RedisError

import engine

from . import jsonbody, lobby, reading, rows, services
from .clock import CLOCKS, DEFAULT_CLOCK
from .models import Match, Seat

log = logging.getLogger(__name__)


class MatchCreateSerializer(serializers.Serializer):
    game = serializers.CharField()
    players = serializers.IntegerField(min_value=1, max_value=8)
    options = serializers.DictField(required=False, default=dict)
    bots = serializers.DictField(child=serializers.CharField(), required=False, default=dict)
    clock = serializers.ChoiceField(choices=list(CLOCKS), required=False, default=DEFAULT_CLOCK)
    weekend_pause = serializers.BooleanField(required=False, default=False)
    rated = serializers.BooleanField(required=False, default=False)
    timeout_policy = serializers.ChoiceField(choices=["bot", "lose"], required=False, allow_null=True, default=None)
    private = serializers.BooleanField(required=False, default=False)
    invite = serializers.ListField(child=serializers.CharField(), required=False, default=list)


class ActionSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=0)
    action = serializers.DictField()


MatchPayload = inline_serializer(
    "Match",
    {
        "id": serializers.IntegerField(),
        "game": serializers.CharField(),
        "players": serializers.IntegerField(),
        "options": serializers.DictField(),
        "status": serializers.ChoiceField(choices=Match.Status.choices),
        "seats": serializers.ListField(child=serializers.DictField()),
        "your_seat": serializers.IntegerField(allow_null=True),
        "version": serializers.IntegerField(),
        "to_act": serializers.ListField(child=serializers.IntegerField()),
        "outcome": serializers.DictField(allow_null=True),
        "url": serializers.CharField(),
        "created_at": serializers.DateTimeField(),
        "view": serializers.DictField(allow_null=True),
        "legal_actions": serializers.ListField(child=serializers.DictField()),
        "prompt": serializers.DictField(
            allow_null=True,
            help_text="What the view asks the caller: `text` in the caller's language (Accept-Language) and "
            "`message`, its id and arguments.",
        ),
    },
)
MatchSummary = inline_serializer(
    "MatchSummary",
    {
        "id": serializers.IntegerField(),
        "game": serializers.CharField(),
        "status": serializers.CharField(),
        "your_turn": serializers.BooleanField(),
        "url": serializers.CharField(),
    },
    many=True,
)
Error = inline_serializer("Error", {"detail": serializers.CharField()})


def _error(exc: services.ServiceError) -> Response:
    return Response({"detail": exc.message}, status=exc.status)


def _matches():
    return Match.objects.prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))


class TokenThrottle(ScopedRateThrottle):
    """The token endpoint's throttle counts in the cache (Redis). With Redis down a request goes
    through rather than failing: the log-in lock-out (django-axes, in the database) still limits
    guessing."""

    def allow_request(self, request, view):
        try:
            return super().allow_request(request, view)
        except RedisError as exc:
            log.warning("token throttle skipped: the cache is unreachable (%s)", type(exc).__name__)
            return True


class TokenView(ObtainAuthToken):
    """Username + password → token. Throttled, and failures count toward the log-in lock-out."""

    throttle_classes = [TokenThrottle]
    throttle_scope = "token"
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # the size and depth limits too

    def post(self, request, *args, **kwargs):
        try:
            return super().post(request, *args, **kwargs)
        finally:
            # django-axes marks a lock-out on the request it authenticated, DRF's; its middleware
            # looks at Django's to answer 429 instead of the serializer's 400.
            for name in ("axes_locked_out", "axes_credentials"):
                if name in request.__dict__:
                    setattr(request._request, name, request.__dict__[name])


class GameCatalogView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: inline_serializer("Game", {"slug": serializers.CharField()}, many=True)})
    def get(self, request):
        return Response(
            [
                {
                    "slug": g.slug,
                    "name": g.name,
                    "min_players": g.min_players,
                    "max_players": g.max_players,
                    "presets": g.presets(),
                    "variants": g.variants(),
                    **({"islands": g.islands()} if hasattr(g, "islands") else {}),
                    "bots": g.bots(),
                }
                for g in engine.all_games()
            ]
        )


class MatchListView(APIView):
    @extend_schema(
        operation_id="matches_list",
        parameters=[OpenApiParameter("mine", bool, description="my matches instead of the open lobby")],
        responses={200: MatchSummary},
    )
    def get(self, request):
        if request.query_params.get("mine") and request.user.is_authenticated:
            matches = _matches().filter(seats__user=request.user).exclude(status=Match.Status.ABANDONED)
        else:
            matches = _matches().filter(status=Match.Status.LOBBY)
        matches = reading.visible_to(matches, request.user).order_by("-updated_at")[:100]
        return Response([reading.match_summary(m, request.user) for m in matches])

    @extend_schema(request=MatchCreateSerializer, responses={201: MatchPayload, 400: Error})
    def post(self, request):
        data = MatchCreateSerializer(data=request.data)
        if not data.is_valid():
            return Response({"detail": _first_error(data.errors)}, status=400)
        try:
            args = dict(data.validated_data)
            match = lobby.create_match(request.user, args.pop("game"), args.pop("players"), **args)
        except services.ServiceError as exc:
            return _error(exc)
        match = _matches().get(pk=match.pk)
        return Response(reading.match_payload(match, request.user), status=status.HTTP_201_CREATED)


class MatchDetailView(APIView):
    permission_classes = [permissions.AllowAny]

    def dispatch(self, request, *args, **kwargs):
        answer = _token_read(request, kwargs["pk"])
        return answer if answer is not None else super().dispatch(request, *args, **kwargs)

    @extend_schema(responses={200: MatchPayload, 404: Error})
    def get(self, request, pk):
        try:
            match = rows.match_with_seats(pk)
        except services.ServiceError as exc:
            return _error(exc)
        if not reading.may_see(match, request.user):
            return Response({"detail": "No such match."}, status=404)
        return Response(reading.match_payload(match, request.user))


class _MatchCommand(APIView):
    operation = None

    @extend_schema(request=None, responses={200: MatchPayload, 400: Error, 403: Error, 409: Error})
    def post(self, request, pk):
        get_object_or_404(Match, pk=pk)
        try:
            type(self).operation(request.user, pk)
        except services.ServiceError as exc:
            return _error(exc)
        return Response(reading.match_payload(_matches().get(pk=pk), request.user))


class JoinView(_MatchCommand):
    operation = lobby.join_match


class LeaveView(_MatchCommand):
    operation = lobby.leave_match


class ActionView(APIView):
    def dispatch(self, request, *args, **kwargs):
        answer = _token_move(request, kwargs["pk"])
        return answer if answer is not None else super().dispatch(request, *args, **kwargs)

    @extend_schema(request=ActionSerializer, responses={200: MatchPayload, 400: Error, 403: Error, 409: Error})
    def post(self, request, pk):
        data = ActionSerializer(data=request.data)
        if not data.is_valid():
            return Response({"detail": _first_error(data.errors)}, status=400)
        try:
            match = services.submit_action(pk, request.user, data.validated_data["action"], data.validated_data["version"])
        except services.ServiceError as exc:
            return _error(exc)
        # The answer comes from what the write holds (seats, new state): no read after the commit.
        return Response(reading.match_payload(match, request.user, match.engine_state))


def _token(request, method: str) -> str | None:
    scheme, _, key = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
    return key if request.method == method and scheme == "Token" and key else None


def _token_read(request, pk) -> HttpResponse | None:
    """A player's poll of their match with a token, in one query (the token checked by the query
    that reads the match). Anyone else goes DRF's way (see `_token_move`)."""
    key = _token(request, "GET")
    if key is None:
        return None
    try:
        match = rows.match_with_seats(pk, token=key)
    except services.NotFound:
        return None
    user = rows.token_player(match)
    return None if user is None else _json(reading.match_payload(match, user))


def _token_move(request, pk) -> HttpResponse | None:
    """A token client's well-formed move, answered without DRF's request cycle: a move is the hot
    path, and the token is checked by the query that locks the match. Anything else (a session,
    a body that is not a plain JSON object with a whole version and an action object, a token
    the database does not know) returns None and goes DRF's way, which answers as it always has.
    """
    key = _token(request, "POST")
    if key is None or request.content_type != "application/json":
        return None
    try:
        body = jsonbody.loads(request.body)
    except ValueError:
        return None
    if not isinstance(body, dict):
        return None
    version, action = body.get("version"), body.get("action")
    if type(version) is not int or version < 0 or not isinstance(action, dict):
        return None
    try:
        match = services.submit_action(pk, services.TokenHolder(key), action, version)
    except (services.NotAuthenticated, services.NotFound):  # which comes first is DRF's to say
        return None
    except services.ServiceError as exc:
        return _json({"detail": exc.message}, exc.status)
    return _json(reading.match_payload(match, rows.token_player(match), match.engine_state))


def _json(data, status_code: int = 200) -> HttpResponse:
    """JSON as DRF's renderer writes it (the general way's answers), written by orjson for a
    tenth of the CPU on the hot path: the same bytes, but for a float's exponent (orjson's 1e-5
    is DRF's 1e-05, the same number). What orjson writes otherwise goes to DRF's renderer: keys
    that are not strings (orjson refuses them) and the two line separators DRF escapes."""
    try:
        body = orjson.dumps(data)
    except TypeError:
        body = None
    if body is None or b"\xe2\x80\xa8" in body or b"\xe2\x80\xa9" in body:
        body = _RENDERER.render(data)
    return HttpResponse(body, status=status_code, content_type="application/json")


_RENDERER = JSONRenderer()


def _first_error(errors, prefix: str = "") -> str:
    """The first message of DRF's nested errors (a field's list, or a dict per key or item)."""
    if isinstance(errors, dict):
        for field, inner in errors.items():
            return _first_error(inner, f"{prefix}{field}: " if field != "non_field_errors" else prefix)
    if isinstance(errors, list) and errors:
        return _first_error(errors[0], prefix)
    if errors:
        return f"{prefix}{errors}"
    return "Invalid request."


class LogView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("since", int)],
        responses={200: inline_serializer(
            "LogEntry",
            {
                "version": serializers.IntegerField(),
                "seat": serializers.IntegerField(),
                "action": serializers.JSONField(),
                "text": serializers.CharField(help_text="The line in the caller's language (Accept-Language)."),
                "message": serializers.JSONField(
                    allow_null=True, help_text="The same line as a message id and arguments, for clients that translate themselves."
                ),
                "created_at": serializers.DateTimeField(),
            },
            many=True,
        )},
    )
    def get(self, request, pk):
        match = get_object_or_404(_matches(), pk=pk)
        if not reading.may_see(match, request.user):
            return Response({"detail": "No such match."}, status=404)
        try:
            since = int(request.query_params.get("since", 0))
        except ValueError:
            return Response({"detail": "since must be a whole number."}, status=400)
        return Response(reading.log_entries(match, request.user, since))


class PingView(APIView):
    """A trivial JSON endpoint: the framework's floor for the benchmark."""

    permission_classes = [permissions.AllowAny]
    authentication_classes = []

    @extend_schema(responses={200: inline_serializer("Ping", {"ok": serializers.BooleanField()})})
    def get(self, request):
        return Response({"ok": True})
