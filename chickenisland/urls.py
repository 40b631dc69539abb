from django.contrib import admin
from django.urls import include, path

from games import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("matches/new/", views.new_match, name="new_match"),
    path("matches/mine/", views.my_matches, name="my_matches"),
    path("matches/<int:pk>/", views.match_page, name="match"),
    path("matches/<int:pk>/board/", views.match_board, name="match_board"),
    path("matches/<int:pk>/act/", views.match_act, name="match_act"),
    path("matches/<int:pk>/join/", views.join, name="join"),
    path("matches/<int:pk>/leave/", views.leave, name="leave"),
    path("accounts/", include("accounts.urls")),
    path("api/", include("games.api_urls")),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
]
