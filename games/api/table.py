"""The API around the table (DESIGN.md "HTTP API"): a match's chat and a player's public profile.

`GET /api/matches/{id}/chat/?since=<id>` gives only what the caller may read: a player the
players' channel, anyone else who may see the match the spectators' (none of a private match);
`POST` writes to the caller's own channel (201), 403 where they may not write, 429 too fast.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from ..achievements import profile as achievements
from ..chat import inbox, phrases, store
from ..models import Rating
from ..play import match_rows, visibility
from ..refusals import ServiceError
from . import answers

ChatMessage = inline_serializer(
    "ChatMessage",
    {
        "id": serializers.IntegerField(),
        "author": serializers.CharField(help_text="The writer's user name."),
        "text": serializers.CharField(help_text="Plain text; a ready phrase in the caller's language."),
        "at": serializers.DateTimeField(),
        "channel": serializers.ChoiceField(choices=["players", "spectators"]),
        "phrase": serializers.CharField(allow_null=True, help_text="The ready phrase's key, if it is one."),
    },
)
ChatList = inline_serializer("ChatMessages", {"messages": serializers.ListField(child=ChatMessage)})
Error = inline_serializer("ChatError", {"detail": serializers.CharField()})


class TextField(serializers.CharField):
    """Text only: a number or a list is refused, not turned into words."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class ChatPostSerializer(serializers.Serializer):
    text = TextField(required=False, allow_blank=True, trim_whitespace=False,
                                 max_length=4 * store.MAX_LENGTH,
                                 help_text=f"Plain text, at most {store.MAX_LENGTH} characters.")
    phrase = serializers.ChoiceField(choices=list(phrases.PHRASES), required=False,
                                     help_text="Instead of text: a ready phrase, shown in each reader's language.")


def _error(exc: ServiceError) -> Response:
    """A refusal; posting too fast says when to try again."""
    return answers.refusal(exc, {"Retry-After": str(exc.retry_after)} if isinstance(exc, store.TooFast) else None)


class ChatView(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="matches_chat_list",
        parameters=[OpenApiParameter("since", int, description="only messages after this message id")],
        responses={200: ChatList, 400: Error, 404: Error},
    )
    def get(self, request, pk):
        try:
            match = match_rows.match_with_seats(pk)
        except ServiceError as exc:
            return _error(exc)
        reader = visibility.viewer(match, request.user)
        if not reader.may_see:
            return Response({"detail": "No such match."}, status=404)
        try:
            since = answers.since(request)
        except answers.BadCursor:
            return answers.bad_request(answers.SINCE_ERROR)
        return Response({"messages": [inbox.as_dict(m) for m in inbox.messages(match, reader, since)]})

    @extend_schema(
        operation_id="matches_chat_create",
        request=ChatPostSerializer,
        responses={201: ChatMessage, 400: Error, 401: Error, 403: Error, 404: Error, 429: Error},
    )
    def post(self, request, pk):
        data = ChatPostSerializer(data=request.data)
        if not data.is_valid():
            field, errors = next(iter(data.errors.items()))
            return Response({"detail": f"{field}: {errors[0]}"}, status=400)
        try:
            match = match_rows.match_with_seats(pk)
            message = store.post(match, request.user, data.validated_data.get("text"), data.validated_data.get("phrase"))
        except ServiceError as exc:
            return _error(exc)
        return Response(inbox.as_dict(message), status=201)


Achievement = inline_serializer(
    "Achievement",
    {
        "id": serializers.CharField(help_text="Stable id, e.g. wfci.epic_death."),
        "name": serializers.CharField(help_text="In the caller's language."),
        "match": serializers.IntegerField(allow_null=True, help_text="The match that earned it (null if private)."),
        "at": serializers.DateTimeField(),
    },
)
Player = inline_serializer(
    "Player",
    {
        "username": serializers.CharField(),
        "joined": serializers.DateField(),
        "ratings": serializers.ListField(child=serializers.DictField()),
        "achievements": serializers.ListField(child=Achievement),
    },
)


class PlayerView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(operation_id="players_retrieve", responses={200: Player, 404: Error})
    def get(self, request, username):
        user = get_user_model().objects.filter(username=username, is_active=True).first()
        if user is None:
            return Response({"detail": "No such player."}, status=404)
        ratings = Rating.objects.filter(user=user, games__gt=0).order_by("game")
        return Response({
            "username": user.username,
            "joined": user.date_joined.date().isoformat(),
            "ratings": [{"game": r.game, "rating": round(r.rating), "rd": round(r.rd), "games": r.games} for r in ratings],
            "achievements": [achievements.as_api(a) for a in achievements.of(user, request.user)],
        })
