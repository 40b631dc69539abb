from django.urls import path
from drf_spectacular.views import SpectacularAPIView

from . import api, api_table
from .api_schema import ApiDocsView

urlpatterns = [
    path("token/", api.TokenView.as_view(), name="api-token"),
    path("games/", api.GameCatalogView.as_view(), name="api-games"),
    path("matches/", api.MatchListView.as_view(), name="api-matches"),
    path("matches/<int:pk>/", api.MatchDetailView.as_view(), name="api-match"),
    path("matches/<int:pk>/join/", api.JoinView.as_view(), name="api-join"),
    path("matches/<int:pk>/leave/", api.LeaveView.as_view(), name="api-leave"),
    path("matches/<int:pk>/actions/", api.ActionView.as_view(), name="api-actions"),
    path("matches/<int:pk>/log/", api.LogView.as_view(), name="api-log"),
    path("matches/<int:pk>/chat/", api_table.ChatView.as_view(), name="api-chat"),
    path("players/<str:username>/", api_table.PlayerView.as_view(), name="api-player"),
    path("ping/", api.PingView.as_view(), name="api-ping"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", ApiDocsView.as_view(url_name="api-schema"), name="api-docs"),
]
