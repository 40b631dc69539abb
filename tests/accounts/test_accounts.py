import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import User
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def test_sign_up_logs_the_new_player_in(client):
    response = client.post(
        reverse("signup"),
        {"username": "hen", "email": "hen@example.com", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    user = User.objects.get(username="hen")
    assert user.check_password(PASSWORD)
    assert user.password.startswith("pbkdf2_sha256$")  # Django's default hasher
    assert client.get(reverse("lobby")).context["user"] == user


def test_sign_up_refuses_a_taken_email(client):
    make_user("hen")
    response = client.post(
        reverse("signup"),
        {"username": "other", "email": "HEN@example.com", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert not User.objects.filter(username="other").exists()


def test_log_in_and_out(client):
    make_user("hen")
    response = client.post(reverse("login"), {"username": "hen", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("profile")).status_code == 200
    client.post(reverse("logout"))
    assert client.get(reverse("profile")).status_code == 302


def test_wrong_password_is_refused(client):
    make_user("hen")
    response = client.post(reverse("login"), {"username": "hen", "password": "nope"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_login_attempts_are_rate_limited(client, settings):
    settings.AXES_ENABLED = True
    make_user("hen")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(reverse("login"), {"username": "hen", "password": "wrong"})
    response = client.post(reverse("login"), {"username": "hen", "password": PASSWORD})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_password_reset_by_email(client):
    make_user("hen")
    client.post(reverse("password_reset"), {"email": "hen@example.com"})
    assert len(mail.outbox) == 1
    link = re.search(r"http://\S+/reset/\S+/", mail.outbox[0].body).group(0)
    response = client.get(link, follow=True)
    form_url = response.redirect_chain[-1][0]
    new = "Another-Str0ng-one!"
    response = client.post(form_url, {"new_password1": new, "new_password2": new})
    assert response.status_code == 302
    assert User.objects.get(username="hen").check_password(new)


def test_profile_saves_notification_preferences(client):
    user = make_user("hen")
    client.force_login(user)
    response = client.post(
        reverse("profile"),
        {"email": "hen@example.com", "time_zone": "Europe/Paris", "digest_hour": "7", "quiet_start": "22",
         "quiet_end": "7", "turn_site": "on", "turn_push": "on", "turn_mail": "now", "reminder_site": "on",
         "reminder_mail": "off", "finished_mail": "digest"},
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert (user.time_zone, user.digest_hour, user.quiet_start, user.quiet_end) == ("Europe/Paris", 7, 22, 7)
    assert user.notify_prefs["turn"] == {"site": True, "push": True, "mail": "now"}
    assert user.notify_prefs["reminder"] == {"site": True, "push": False, "mail": "off"}
    assert user.notify_prefs["finished"] == {"site": False, "push": False, "mail": "digest"}


def test_quiet_hours_need_both_ends(client):
    user = make_user("hen")
    client.force_login(user)
    response = client.post(reverse("profile"), {"email": "hen@example.com", "time_zone": "UTC", "digest_hour": "8",
                                                "quiet_start": "22"})
    assert response.status_code == 400 and "both a start and an end" in response.content.decode()
    user.refresh_from_db()
    assert user.quiet_start is None


def test_forms_need_a_csrf_token():
    make_user("hen")
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("login"), {"username": "hen", "password": PASSWORD})
    assert response.status_code == 403


def test_admin_is_there_for_staff(client):
    admin = User.objects.create_superuser("root", "root@example.com", PASSWORD)
    client.force_login(admin)
    assert client.get("/admin/games/match/").status_code == 200
