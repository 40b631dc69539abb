"""The installable site in Chromium: every page links the web app manifest and registers the
service worker, which takes the whole site as its scope and controls the next page."""

import pytest

from tests.browser.people import log_in
from tests.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_service_worker_installs_and_the_manifest_is_linked(new_page):
    make_user("ann")
    page = new_page()
    log_in(page, "ann")
    page.goto("/")
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope.endswith("/")
    state = page.evaluate("navigator.serviceWorker.ready.then(r => r.active && r.active.state)")
    assert state in ("activating", "activated")
    script = page.evaluate("navigator.serviceWorker.ready.then(r => r.active.scriptURL)")
    assert script.endswith("/sw.js")
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
    assert manifest["display"] == "standalone" and manifest["name"] == "Chicken Island Online"
    page.goto("/notifications/")  # another page: the same worker controls it
    assert page.evaluate("navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)")
    assert page.console_errors == []
