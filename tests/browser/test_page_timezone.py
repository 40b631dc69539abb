"""Sign-up takes the time zone from the browser, with no inline script."""

import pytest

from accounts.models import User
from tests.browser.people import sign_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_sign_up_takes_the_browsers_time_zone(chromium, live_server):
    context = chromium.new_context(base_url=live_server.url, timezone_id="Asia/Tokyo")
    try:
        page = context.new_page()
        sign_up(page, "hen")
    finally:
        context.close()
    assert User.objects.get(username="hen").time_zone == "Asia/Tokyo"
