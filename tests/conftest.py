"""Shared fixtures. Tasks run in-process unless a test asks for the real Celery worker.

Under CI=true a skipped service-backed or browser test fails the run: CI must prove them.
"""

import os
import random
import shutil
import zlib

import pytest
from django.conf import settings

from chickenisland import celery_app
from tests import racegame  # noqa: F401  registers the test-only "race" game

SERVICE_MARKERS = ("services", "browser")
_skipped_service_tests: list[str] = []


@pytest.fixture(autouse=True)
def _eager_tasks(request):
    eager = "celery_worker" not in request.fixturenames
    old = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = eager
    yield
    celery_app.conf.task_always_eager = old


@pytest.fixture(autouse=True)
def _reproducible_deals(request, monkeypatch):
    """Each test deals the same games on every run, so a rare deal (a Chicken Run bot that wins
    every roll before the person moves) fails it every time or never, not one CI run in forty."""
    from games.lobby import tables

    rng = random.Random(zlib.crc32(request.node.nodeid.encode()))
    monkeypatch.setattr(tables.secrets, "randbits", rng.getrandbits)


def pytest_configure(config):
    # Many tests log in with wrong passwords on purpose; the lock-out test turns axes back on.
    os.environ.setdefault("AXES_ENABLED", "false")


def uses_postgres() -> bool:
    return settings.DATABASES["default"]["ENGINE"].endswith("postgresql")


@pytest.fixture
def postgres():
    if not uses_postgres():
        pytest.skip("needs PostgreSQL (set DATABASE_URL; .ci/run does)")


@pytest.fixture
def broker(postgres):
    """Redis reachable as the Celery broker (.ci/run starts it), on the PostgreSQL test database."""
    if not settings.REDIS_URL:
        pytest.skip("needs Redis (set REDIS_URL; .ci/run starts it)")
    try:
        with celery_app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1)
    except Exception as exc:
        pytest.skip(f"Redis is not reachable: {exc}")


@pytest.fixture
def celery_worker(postgres):
    """A real Celery worker (started by .ci/run) consuming from Redis on the test database."""
    if not settings.REDIS_URL:
        pytest.skip("needs Redis and a Celery worker (set REDIS_URL; .ci/run starts both)")
    try:
        replies = celery_app.control.ping(timeout=3)
    except Exception as exc:  # broker unreachable
        pytest.skip(f"Redis is not reachable: {exc}")
    if not replies:
        pytest.skip("no Celery worker answers (.ci/run starts one)")
    return replies


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.skipped and any(item.get_closest_marker(m) for m in SERVICE_MARKERS):
        _skipped_service_tests.append(item.nodeid)


def pytest_sessionfinish(session, exitstatus):
    if os.environ.get("CI") == "true" and _skipped_service_tests:
        print("\nCI=true but these service-backed or browser tests were skipped:")
        for nodeid in _skipped_service_tests:
            print("  ", nodeid)
        session.exitstatus = 1


@pytest.fixture(autouse=True)
def _english_first():
    """Each test starts in English: a request read in French leaves French active in the thread
    (LocaleMiddleware activates, nothing deactivates), which would leak into the next test."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


# Playwright driving Debian's Chromium (/usr/bin/chromium), never a downloaded browser: one for the
# whole session, for tests/browser and tests/production alike (a second sync Playwright in the same
# process fails to start).
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


@pytest.fixture(scope="session")
def chromium():
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        pytest.skip("Debian's chromium is not installed (apt-get install chromium; .ci/run does)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in the test thread; the ORM calls of the tests that
    # drive it are ordinary synchronous calls.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield browser
        browser.close()
