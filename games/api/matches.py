"""The HTTP API (DESIGN.md "HTTP API"). Thin: it validates input and calls services."""

import logging

import orjson
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

import engine

from .. import jsonbody
from ..clocks.controls import CLOCKS, DEFAULT_CLOCK
from ..lobby import tables
from ..lobby.pace import PACES
from ..models import Match
from ..play import match_rows, services, visibility
from . import answers

log = logging.getLogger(__name__)


class MatchCreateSerializer(serializers.Serializer):
    game = serializers.CharField()
    players = serializers.IntegerField(min_value=1, max_value=8)
    options = serializers.DictField(required=False, default=dict)
    bots = serializers.DictField(child=serializers.CharField(), required=False, default=dict)
    clock = serializers.ChoiceField(
        choices=list(CLOCKS), required=False, allow_null=True, default=None,
        help_text=f"The time control; absent: the pace's usual one ({DEFAULT_CLOCK} when no pace is given).",
    )
    pace = serializers.ChoiceField(
        choices=PACES, required=False, allow_null=True, default=None,
        help_text="live (everyone at the table now, moves within minutes), fast (several moves a day) or slow "
        "(a move a day or so); absent: from the clock (a day a move or less: fast; longer or no clock: slow). "
        "A live table takes the clocks 1d, fast or none; a fast one fast, standard, 1d, 2d, 3d or none.",
    )
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
        "time_control": serializers.CharField(),
        "pace": serializers.ChoiceField(choices=PACES),
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
        "time_control": serializers.CharField(),
        "pace": serializers.ChoiceField(choices=PACES),
        "your_turn": serializers.BooleanField(),
        "url": serializers.CharField(),
    },
    many=True,
)
Error = inline_serializer("Error", {"detail": serializers.CharField()})


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
                    "levels": g.levels(),
                }
                for g in engine.all_games()
            ]
        )


class MatchListView(APIView):
    @extend_schema(
        operation_id="matches_list",
        parameters=[
            OpenApiParameter("mine", bool, description="my matches instead of the open lobby"),
            OpenApiParameter("pace", str, enum=PACES, description="only matches of this pace"),
        ],
        responses={200: MatchSummary, 400: Error},
    )
    def get(self, request):
        if request.query_params.get("mine") and request.user.is_authenticated:
            matches = Match.objects.with_seats().played_by(request.user).exclude(status=Match.Status.ABANDONED)
        else:
            matches = Match.objects.with_seats().filter(status=Match.Status.LOBBY)
        pace = request.query_params.get("pace")
        if pace is not None:
            if pace not in PACES:
                return answers.bad_request("pace must be live, fast or slow.")
            matches = matches.filter(pace=pace)
        matches = visibility.visible_to(matches, request.user).order_by("-updated_at")[:100]
        return Response([visibility.match_summary(m, request.user) for m in matches])

    @extend_schema(request=MatchCreateSerializer, responses={201: MatchPayload, 400: Error})
    def post(self, request):
        data = MatchCreateSerializer(data=request.data)
        if not data.is_valid():
            return Response({"detail": answers.first_error(data.errors)}, status=400)
        try:
            args = dict(data.validated_data)
            match = tables.create_match(request.user, args.pop("game"), args.pop("players"), **args)
        except services.ServiceError as exc:
            return answers.refusal(exc)
        match = Match.objects.with_seats().get(pk=match.pk)
        return Response(visibility.match_payload(match, request.user), status=status.HTTP_201_CREATED)


class MatchDetailView(APIView):
    permission_classes = [permissions.AllowAny]

    def dispatch(self, request, *args, **kwargs):
        answer = _token_read(request, kwargs["pk"])
        return answer if answer is not None else super().dispatch(request, *args, **kwargs)

    @extend_schema(responses={200: MatchPayload, 404: Error})
    def get(self, request, pk):
        try:
            match = match_rows.match_with_seats(pk)
        except services.ServiceError as exc:
            return answers.refusal(exc)
        if not visibility.may_see(match, request.user):
            return Response({"detail": "No such match."}, status=404)
        return Response(visibility.match_payload(match, request.user))


class _MatchCommand(APIView):
    operation = None

    @extend_schema(request=None, responses={200: MatchPayload, 400: Error, 403: Error, 409: Error})
    def post(self, request, pk):
        get_object_or_404(Match, pk=pk)
        try:
            type(self).operation(request.user, pk)
        except services.ServiceError as exc:
            return answers.refusal(exc)
        return Response(visibility.match_payload(Match.objects.with_seats().get(pk=pk), request.user))


class JoinView(_MatchCommand):
    operation = tables.join_match


class LeaveView(_MatchCommand):
    operation = tables.leave_match


class ActionView(APIView):
    def dispatch(self, request, *args, **kwargs):
        answer = _token_move(request, kwargs["pk"])
        return answer if answer is not None else super().dispatch(request, *args, **kwargs)

    @extend_schema(request=ActionSerializer, responses={200: MatchPayload, 400: Error, 403: Error, 409: Error})
    def post(self, request, pk):
        data = ActionSerializer(data=request.data)
        if not data.is_valid():
            return Response({"detail": answers.first_error(data.errors)}, status=400)
        try:
            match = services.submit_action(pk, request.user, data.validated_data["action"], data.validated_data["version"])
        except services.ServiceError as exc:
            return answers.refusal(exc)
        # The answer comes from what the write holds (seats, new state): no read after the commit.
        return Response(visibility.match_payload(match, request.user, match.engine_state))


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
        match = match_rows.match_with_seats(pk, token=key)
    except services.NotFound:
        return None
    user = match_rows.token_player(match)
    return None if user is None else _json(visibility.match_payload(match, user))


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
    return _json(visibility.match_payload(match, match_rows.token_player(match), match.engine_state))


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
        match = get_object_or_404(Match.objects.with_seats(), pk=pk)
        if not visibility.may_see(match, request.user):
            return Response({"detail": "No such match."}, status=404)
        try:
            since = answers.since(request)
        except answers.BadCursor:
            return answers.bad_request(answers.SINCE_ERROR)
        return Response(visibility.log_entries(match, request.user, since))


class PingView(APIView):
    """A trivial JSON endpoint: the framework's floor for the benchmark."""

    permission_classes = [permissions.AllowAny]
    authentication_classes = []

    @extend_schema(responses={200: inline_serializer("Ping", {"ok": serializers.BooleanField()})})
    def get(self, request):
        return Response({"ok": True})
