"""Playwright driving Debian's Chromium (/usr/bin/chromium), never a downloaded browser."""

import os

import pytest

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
