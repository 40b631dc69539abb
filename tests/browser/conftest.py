"""Playwright driving Debian's Chromium (/usr/bin/chromium), never a downloaded browser."""

import os
import time

import pytest
from django.db import connection

# The README's pictures are made only when asked (SCREENSHOTS=1); otherwise the file is not even
# collected, so CI's rule that no browser test may be skipped holds.
collect_ignore = [] if os.environ.get("SCREENSHOTS") == "1" else ["test_page_screenshots.py", "test_wfci_screen_shots.py",
                                                                   "test_phone_shots.py"]
# The figures of docs/wfci-ui.md (taps and scrolling per turn) are measured only when asked.
if os.environ.get("SCREEN_FIGURES") != "1":
    collect_ignore.append("test_wfci_screen_figures.py")

# Chromium itself (the session's one browser) is the `chromium` fixture of tests/conftest.py, shared
# with the production stack's browser test: two sync Playwrights cannot run in one process.


@pytest.fixture
def new_page(chromium, live_server, settings):
    """Open pages in fresh browser contexts (one per player); collects console errors. The test's
    live server (threads, WSGI) stands in for the stream process, with Redis or not, so a page
    follows the match through its stream as in production instead of the 4-second poll."""
    settings.LIVE_THREAD_STREAMS = True
    contexts = []

    def make(viewport=None):
        context = chromium.new_context(base_url=live_server.url, viewport=viewport or {"width": 1200, "height": 900})
        page = context.new_page()
        page.console_errors = []
        page.on("console", lambda msg: msg.type == "error" and page.console_errors.append(msg.text))
        page.on("pageerror", lambda exc: page.console_errors.append(str(exc)))
        page.set_default_timeout(15000)
        contexts.append(context)
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture(autouse=True)
def _quiet_before_flush(request):
    """A test on the live server ends while a page's last request (a board fetched after a
    stream event) may still run in a server thread. Its queries and the test database's
    TRUNCATE then take the same tables' locks in opposite orders, and PostgreSQL fails one of
    them as a deadlock: the flush, as an error of a test that passed. So the flush waits until
    no other connection to the test database is busy (at most a few seconds)."""
    if "live_server" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("transactional_db")  # set up first, so flushed after this waits
    yield
    wait_until_quiet()


def wait_until_quiet(timeout: float = 10.0) -> None:
    if connection.vendor != "postgresql":
        return
    deadline = time.monotonic() + timeout
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                           " AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
                           " AND state NOT IN ('idle', 'disabled')")
            if cursor.fetchone()[0] == 0:
                return
            time.sleep(0.05)
