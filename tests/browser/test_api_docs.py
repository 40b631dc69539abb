"""/api/docs/ works offline and under the site's Content-Security-Policy: Swagger UI's files come
from the site (drf-spectacular-sidecar), its start-up script is a file of its own, and the page
lists the API's operations with no policy violation and no request to another host."""

import pytest

from tests.browser.test_csp import LISTEN, violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_api_docs_render_from_the_site_alone(new_page, live_server):
    page = new_page()
    page.context.add_init_script(LISTEN)
    elsewhere = []
    page.on("request", lambda request: request.url.startswith(live_server.url) or elsewhere.append(request.url))
    assert violations(page, "/api/docs/") == []
    page.wait_for_selector(".opblock-summary-path")
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert any("/api/matches/{id}/actions/" in p for p in paths), paths
    assert elsewhere == []
    assert page.console_errors == []
