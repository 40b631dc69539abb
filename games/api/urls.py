from django.urls import path
from drf_spectacular.views import SpectacularAPIView

from . import matches, streams, table, tokens, tournaments
from .schema import ApiDocsView

urlpatterns = [
    path("token/", tokens.TokenView.as_view(), name="api-token"),
    path("games/", matches.GameCatalogView.as_view(), name="api-games"),
    path("matches/", matches.MatchListView.as_view(), name="api-matches"),
    path("matches/<int:pk>/", matches.MatchDetailView.as_view(), name="api-match"),
    path("matches/<int:pk>/join/", matches.JoinView.as_view(), name="api-join"),
    path("matches/<int:pk>/leave/", matches.LeaveView.as_view(), name="api-leave"),
    path("matches/<int:pk>/actions/", matches.ActionView.as_view(), name="api-actions"),
    path("matches/<int:pk>/log/", matches.LogView.as_view(), name="api-log"),
    path("matches/<int:pk>/chat/", table.ChatView.as_view(), name="api-chat"),
    path("matches/<int:pk>/events/", streams.match_events, name="api-match-events"),
    path("events/", streams.player_events, name="api-events"),
    path("tournaments/", tournaments.TournamentListView.as_view(), name="api-tournaments"),
    path("tournaments/<int:pk>/", tournaments.TournamentDetailView.as_view(), name="api-tournament"),
    path("tournaments/<int:pk>/join/", tournaments.JoinView.as_view(), name="api-tournament-join"),
    path("tournaments/<int:pk>/leave/", tournaments.LeaveView.as_view(), name="api-tournament-leave"),
    path("tournaments/<int:pk>/start/", tournaments.StartView.as_view(), name="api-tournament-start"),
    path("players/<str:username>/", table.PlayerView.as_view(), name="api-player"),
    path("ping/", matches.PingView.as_view(), name="api-ping"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", ApiDocsView.as_view(url_name="api-schema"), name="api-docs"),
]
