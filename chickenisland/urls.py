from django.contrib import admin
from django.urls import include, path

from accounts import views as account_views
from games.views import chat, events, lobby, match, pages, replay, tournaments, webapp
from games.health.views import health

urlpatterns = [
    path("", lobby.lobby, name="lobby"),
    path("manifest.webmanifest", webapp.manifest, name="webmanifest"),
    path("sw.js", webapp.service_worker, name="service_worker"),
    path("matches/new/", lobby.new_match, name="new_match"),
    path("matches/mine/", lobby.my_matches, name="my_matches"),
    path("matches/<int:pk>/", match.match_page, name="match"),
    path("matches/<int:pk>/board/", match.match_board, name="match_board"),
    path("matches/<int:pk>/act/", match.match_act, name="match_act"),
    path("matches/<int:pk>/events/", events.match_events, name="match_events"),
    path("matches/<int:pk>/join/", lobby.join, name="join"),
    path("matches/<int:pk>/leave/", lobby.leave, name="leave"),
    path("matches/<int:pk>/decline/", lobby.decline, name="decline"),
    path("matches/<int:pk>/rematch/", lobby.rematch, name="rematch"),
    path("matches/<int:pk>/replay/", replay.replay, name="replay"),
    path("matches/<int:pk>/chat/", chat.chat, name="match_chat"),
    path("matches/<int:pk>/chat/read/", chat.chat_read, name="match_chat_read"),
    path("chat/<int:message_id>/report/", chat.chat_report, name="chat_report"),
    path("players/<str:username>/mute/", chat.mute_player, name="mute_player"),
    path("matches/<int:pk>/site/", match.site_action, name="site_action"),
    path("matches/next/", lobby.next_match, name="next_match"),
    path("matches/quick/", lobby.quick_match, name="quick_match"),
    path("matches/solo/", lobby.play_solo, name="play_solo"),
    path("invite/<str:token>/", lobby.join_by_link, name="join_by_link"),
    path("tournaments/", tournaments.tournaments, name="tournaments"),
    path("tournaments/new/", tournaments.tournament_new, name="tournament_new"),
    path("tournaments/<int:pk>/", tournaments.tournament, name="tournament"),
    path("tournaments/<int:pk>/join/", tournaments.tournament_join, name="tournament_join"),
    path("tournaments/<int:pk>/leave/", tournaments.tournament_leave, name="tournament_leave"),
    path("tournaments/<int:pk>/start/", tournaments.tournament_start, name="tournament_start"),
    path("notifications/", pages.notifications_page, name="notifications"),
    path("games/<slug:game>/rules/", pages.rules, name="rules"),
    path("leaderboard/<slug:game>/", pages.leaderboard, name="leaderboard"),
    path("accounts/", include("accounts.urls")),
    path("api/", include("games.api.urls")),
    path("admin/", admin.site.urls),
    path("i18n/setlang/", account_views.set_language, name="set_language"),
    path("health/", health, name="health"),
]

# JSON under /api/, the site's pages elsewhere; an unreachable database is a 503 (chickenisland.errors).
handler400 = "chickenisland.errors.bad_request"
handler403 = "chickenisland.errors.permission_denied"
handler404 = "chickenisland.errors.page_not_found"
handler500 = "chickenisland.errors.server_error"
