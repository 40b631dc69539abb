"""Times in the player's zone from the first day: sign-up takes the browser's zone, and the
settings page offers every zone name to search, checked on the server."""

import pytest

from accounts.models import User
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def _sign_up(client, **extra):
    data = {"username": "hen", "email": "hen@example.com", "password1": PASSWORD, "password2": PASSWORD, **extra}
    return client.post("/accounts/signup/", data)


def test_sign_up_page_carries_the_browser_zone_field_and_script(client):
    page = client.get("/accounts/signup/").content.decode()
    assert 'type="hidden" name="time_zone"' in page and "data-browser-time-zone" in page
    assert "js/timezone.js" in page and "<script>" not in page


def test_sign_up_keeps_the_zone_the_browser_sent(client):
    assert _sign_up(client, time_zone="America/Montreal").status_code == 302
    assert User.objects.get(username="hen").time_zone == "America/Montreal"


@pytest.mark.parametrize("sent", ["", "Mars/Olympus", "<b>"])
def test_sign_up_falls_back_to_utc_for_an_unknown_zone(client, sent):
    assert _sign_up(client, time_zone=sent).status_code == 302
    assert User.objects.get(username="hen").time_zone == "UTC"


def test_settings_offer_a_searchable_list_of_zones(client):
    client.force_login(make_user("ann"))
    page = client.get("/accounts/profile/").content.decode()
    assert 'list="time-zones"' in page and '<datalist id="time-zones">' in page
    assert '<option value="Europe/Paris">' in page and '<option value="Asia/Tokyo">' in page


def _save(client, zone):
    return client.post("/accounts/profile/", {"email": "ann@example.com", "time_zone": zone, "reminder_mail": "now"})


def test_settings_save_a_listed_zone_and_refuse_another(client):
    ann = make_user("ann")
    client.force_login(ann)
    assert _save(client, "Asia/Tokyo").status_code == 302
    ann.refresh_from_db()
    assert ann.time_zone == "Asia/Tokyo"
    response = _save(client, "Atlantis/Capital")
    assert response.status_code == 400 and "Choose a time zone from the list" in response.content.decode()
    ann.refresh_from_db()
    assert ann.time_zone == "Asia/Tokyo"
