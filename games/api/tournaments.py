"""The tournaments API (DESIGN.md "HTTP API"): thin views over games.tournaments.services."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from ..clocks.controls import CLOCKS, DEFAULT_CLOCK
from ..models import Tournament
from ..models.matches import Pace
from ..refusals import ServiceError
from ..tournaments import report, services
from . import answers
from .matches import Error


class TournamentCreateSerializer(serializers.Serializer):
    game = serializers.CharField(max_length=32)
    format = serializers.ChoiceField(choices=Tournament.Format.values)
    seats = serializers.IntegerField(min_value=1, max_value=8)
    entrants = serializers.IntegerField(min_value=2, max_value=services.MAX_SWISS)
    rounds = serializers.IntegerField(min_value=0, max_value=services.MAX_SWISS, required=False, default=0)
    options = serializers.DictField(required=False, default=dict)
    clock = serializers.ChoiceField(choices=[c for c in CLOCKS if c != "none"], required=False, default=DEFAULT_CLOCK)
    pace = serializers.ChoiceField(choices=Pace.values, required=False, default=Pace.SLOW)
    starts_at = serializers.DateTimeField(required=False, allow_null=True, default=None)
    round_days = serializers.IntegerField(min_value=1, max_value=services.MAX_ROUND_DAYS, required=False, default=7)
    name = serializers.CharField(max_length=80, required=False, allow_blank=True, default="")
    official = serializers.BooleanField(required=False, allow_null=True, default=None)


_Match = inline_serializer("TournamentMatch", {
    "id": serializers.IntegerField(),
    "players": serializers.ListField(child=serializers.CharField()),
    "status": serializers.CharField(),
    "placement": serializers.ListField(child=serializers.ListField(child=serializers.CharField()), allow_null=True),
})
TournamentPayload = inline_serializer("Tournament", {
    "id": serializers.IntegerField(),
    "name": serializers.CharField(),
    "game": serializers.CharField(),
    "format": serializers.ChoiceField(choices=Tournament.Format.values),
    "status": serializers.ChoiceField(choices=Tournament.Status.values),
    "seats": serializers.IntegerField(),
    "size": serializers.IntegerField(help_text="A cup's size, or a Swiss's cap."),
    "round_count": serializers.IntegerField(),
    "pace": serializers.CharField(),
    "time_control": serializers.CharField(),
    "clock_text": serializers.CharField(),
    "options": serializers.DictField(),
    "official": serializers.BooleanField(),
    "created_by": serializers.CharField(allow_null=True),
    "starts_at": serializers.DateTimeField(allow_null=True),
    "round_days": serializers.IntegerField(),
    "current_round": serializers.IntegerField(),
    "rules": serializers.ListField(child=serializers.CharField()),
    "points_scale": serializers.ListField(child=serializers.FloatField()),
    "ended_reason": serializers.CharField(),
    "entrants": serializers.ListField(child=serializers.CharField()),
    "entries": serializers.ListField(child=inline_serializer("TournamentEntry", {
        "player": serializers.CharField(), "absent": serializers.BooleanField(),
        "withdrawn": serializers.BooleanField(), "late": serializers.BooleanField()})),
    "rounds": serializers.ListField(child=inline_serializer("TournamentRound", {
        "number": serializers.IntegerField(), "matches": serializers.ListField(child=_Match),
        "bye": serializers.CharField(allow_null=True)})),
    "standings": serializers.ListField(child=inline_serializer("TournamentStanding", {
        "player": serializers.CharField(), "points": serializers.FloatField(), "tiebreak": serializers.FloatField(),
        "rank": serializers.IntegerField(), "absent": serializers.BooleanField()})),
    "you": serializers.DictField(allow_null=True),
})
TournamentSummary = inline_serializer("TournamentSummary", {
    "id": serializers.IntegerField(), "name": serializers.CharField(), "game": serializers.CharField(),
    "format": serializers.CharField(), "status": serializers.CharField(), "seats": serializers.IntegerField(),
    "size": serializers.IntegerField(), "entrants": serializers.IntegerField(), "official": serializers.BooleanField(),
}, many=True)


def _summary(t: Tournament) -> dict:
    return {"id": t.pk, "name": report.title(t), "game": t.game, "format": t.format, "status": t.status,
            "seats": t.seats, "size": t.entrants, "entrants": t.entered, "official": t.official}


def _found(pk):
    return Tournament.objects.filter(pk=pk).first()


def _missing() -> Response:
    return Response({"detail": _("No such tournament.")}, status=404)


class TournamentListView(APIView):
    @extend_schema(operation_id="tournaments_list", responses={200: TournamentSummary})
    def get(self, request):
        lists = services.listing()
        found = [*lists["open"][:100], *lists["running"][:100], *lists["finished"]]
        return Response([_summary(t) for t in found])

    @extend_schema(request=TournamentCreateSerializer, responses={201: TournamentPayload, 400: Error, 403: Error})
    def post(self, request):
        data = TournamentCreateSerializer(data=request.data)
        if not data.is_valid():
            return Response({"detail": answers.first_error(data.errors)}, status=400)
        try:
            t = services.create(request.user, **data.validated_data)
        except ServiceError as exc:
            return answers.refusal(exc)
        return Response(report.payload(t, request.user), status=status.HTTP_201_CREATED)


class TournamentDetailView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: TournamentPayload, 404: Error})
    def get(self, request, pk):
        t = _found(pk)
        return _missing() if t is None else Response(report.payload(t, request.user))


class _TournamentCommand(APIView):
    operation = None

    @extend_schema(request=None, responses={200: TournamentPayload, 400: Error, 403: Error, 404: Error, 409: Error})
    def post(self, request, pk):
        if _found(pk) is None:
            return _missing()
        try:
            type(self).operation(request.user, pk)
        except ServiceError as exc:
            return answers.refusal(exc)
        return Response(report.payload(Tournament.objects.get(pk=pk), request.user))


class JoinView(_TournamentCommand):
    operation = services.join


class LeaveView(_TournamentCommand):
    operation = services.leave


class StartView(_TournamentCommand):
    operation = services.start
