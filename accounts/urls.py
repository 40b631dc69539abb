from django.contrib.auth import views as auth_views
from django.urls import path

from . import forms, views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "password-reset/",
        auth_views.PasswordResetView.as_view(form_class=forms.PasswordResetForm),
        name="password_reset",
    ),
    path("password-reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("password-change/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("password-change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("profile/", views.profile, name="profile"),
    path("vacation/", views.vacation, name="vacation"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("push/", views.push_subscription, name="push_subscription"),
    path("mute/<int:pk>/", views.mute, name="mute"),
    path("players/<str:username>/", views.player, name="player"),
    path("players/<str:username>/block/", views.block, name="block"),
]
