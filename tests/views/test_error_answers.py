"""Error answers (issue 33): JSON for every error status under /api/, the token fast path
included; 503 + Retry-After when the database is unreachable (JSON on the API, a page on the
site); OPTIONS never a 5xx and TRACE a 405 on every URL pattern; the health endpoint."""

from __future__ import annotations

import re

import pytest
from django.db import OperationalError
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.authtoken.models import Token

from games.api import matches
from games.play import services
from games.health import checks
from tests.factories import PASSWORD, human_match, make_user

pytestmark = pytest.mark.django_db


def raw() -> Client:
    return Client(raise_request_exception=False)


def assert_json(response, status):
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    assert isinstance(response.json()["detail"], str) and response.json()["detail"]


@pytest.fixture
def table():
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    mover = alice if match.seat_of(alice) in match.to_act else bob
    waiter = bob if mover is alice else alice
    return match, Token.objects.create(user=mover).key, Token.objects.create(user=waiter).key


def auth(key):
    return {"HTTP_AUTHORIZATION": f"Token {key}"}


def test_every_error_status_under_the_api_is_json(table, settings):
    match, mover, waiter = table
    client = raw()
    url = f"/api/matches/{match.pk}/actions/"
    legal = client.get(f"/api/matches/{match.pk}/", **auth(mover)).json()["legal_actions"][0]
    cases = {
        400: client.post("/api/matches/", "{not json", content_type="application/json", **auth(mover)),
        401: client.post("/api/matches/", {"game": "chickenrun", "players": 2}, content_type="application/json"),
        403: client.post(url, {"version": match.version, "action": legal}, content_type="application/json", **auth(waiter)),
        404: client.get("/api/no/such/thing/"),
        405: client.delete("/api/matches/", **auth(mover)),
        409: client.post(url, {"version": match.version + 5, "action": legal}, content_type="application/json", **auth(mover)),
        413: client.post("/api/matches/", "x" * (settings.MAX_REQUEST_BYTES + 1), content_type="application/json", **auth(mover)),
    }
    for status, response in cases.items():
        assert_json(response, status)
    assert_json(client.get("/api/matches/999999/"), 404)
    assert_json(client.get("/api/matches/999999/log/"), 404)


def test_the_token_fast_path_answers_json_errors(table, monkeypatch):
    match, mover, waiter = table
    client = raw()
    url = f"/api/matches/{match.pk}/actions/"
    legal = client.get(f"/api/matches/{match.pk}/", **auth(mover)).json()["legal_actions"][0]
    assert_json(client.post(url, {"version": match.version, "action": {"type": "nonsense"}}, content_type="application/json", **auth(mover)), 400)
    assert_json(client.post(url, {"version": match.version, "action": legal}, content_type="application/json", **auth(waiter)), 403)
    assert_json(client.post(url, {"version": match.version + 1, "action": legal}, content_type="application/json", **auth(mover)), 409)
    assert_json(client.post(url, {"version": match.version, "action": legal}, content_type="application/json", **auth("0" * 40)), 401)

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(services, "submit_action", broken)
    assert_json(client.post(url, {"version": match.version, "action": legal}, content_type="application/json", **auth(mover)), 500)

    def unreachable(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(services, "submit_action", unreachable)
    response = client.post(url, {"version": match.version, "action": legal}, content_type="application/json", **auth(mover))
    assert_json(response, 503)
    assert int(response["Retry-After"]) > 0


def test_the_token_endpoint_answers_json(settings):
    from django.core.cache import cache

    cache.clear()
    settings.AXES_ENABLED = True
    make_user("hen")
    client = raw()
    assert_json(client.post("/api/token/", "u" * 100_000, content_type="application/x-www-form-urlencoded"), 413)
    missing = client.post("/api/token/", {"username": "hen"}, content_type="application/json")
    assert missing.status_code == 400 and missing.json() == {"password": ["This field is required."]}  # DRF's own shape
    for n in range(settings.AXES_FAILURE_LIMIT):
        wrong = client.post("/api/token/", {"username": "hen", "password": "no"}, content_type="application/json")
        assert wrong["Content-Type"] == "application/json"
        assert wrong.status_code == 400 or (wrong.status_code == 429 and n == settings.AXES_FAILURE_LIMIT - 1)
    locked = client.post("/api/token/", {"username": "hen", "password": PASSWORD}, content_type="application/json")
    assert_json(locked, 429)
    assert int(locked["Retry-After"]) > 0


def test_the_token_throttle_is_json_and_lets_requests_through_without_its_cache(monkeypatch):
    from redis.exceptions import ConnectionError as RedisConnectionError
    from rest_framework.throttling import ScopedRateThrottle

    from django.core.cache import cache

    cache.clear()  # the throttle's counts of earlier tests
    make_user("hen")
    client = raw()
    for _ in range(20):
        assert client.post("/api/token/", {"username": "hen", "password": PASSWORD}, content_type="application/json").status_code == 200
    throttled = client.post("/api/token/", {"username": "hen", "password": PASSWORD}, content_type="application/json")
    assert_json(throttled, 429)
    assert "Retry-After" in throttled

    def down(*args, **kwargs):
        raise RedisConnectionError("Connection refused")

    monkeypatch.setattr(ScopedRateThrottle, "allow_request", down)
    assert client.post("/api/token/", {"username": "hen", "password": PASSWORD}, content_type="application/json").status_code == 200


def test_a_500_under_the_api_is_json_and_elsewhere_a_page(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(matches.visibility, "visible_to", broken)
    assert_json(raw().get("/api/matches/"), 500)
    monkeypatch.setattr("games.views.lobby.LobbyFilterForm", broken)
    page = raw().get("/")
    assert page.status_code == 500 and page["Content-Type"].startswith("text/html")


def test_an_unreachable_database_is_a_503_with_retry_after(monkeypatch):
    def unreachable(*args, **kwargs):
        raise OperationalError("the database system is shutting down")

    monkeypatch.setattr(matches.visibility, "visible_to", unreachable)  # in a DRF view
    response = raw().get("/api/matches/")
    assert_json(response, 503)
    assert response["Retry-After"] == "10" and response["Cache-Control"] == "no-store"

    monkeypatch.setattr("games.views.lobby.LobbyFilterForm", unreachable)  # in a page
    page = raw().get("/")
    assert page.status_code == 503 and page["Retry-After"] == "10"
    assert page["Content-Type"].startswith("text/html")
    assert "Back in a moment" in page.content.decode() and "Traceback" not in page.content.decode()


def test_a_database_lost_before_the_view_is_a_503_too(client, monkeypatch):
    """The session and user are read by middleware, before any view: handler500 tells it apart."""
    hen = make_user("hen")
    client.force_login(hen)

    def unreachable(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr("django.contrib.auth.get_user", unreachable)
    client.raise_request_exception = False
    page = client.get("/matches/mine/")
    assert page.status_code == 503 and page["Retry-After"] == "10"
    api_answer = client.get("/api/matches/?mine=1")
    assert_json(api_answer, 503)


def test_the_503_page_is_in_french_for_a_french_reader(monkeypatch):
    def unreachable(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr("games.views.lobby.LobbyFilterForm", unreachable)
    page = raw().get("/", HTTP_ACCEPT_LANGUAGE="fr")
    assert page.status_code == 503
    assert "De retour dans un instant" in page.content.decode()


# ------------------------------------------------------------------ every URL pattern


def _patterns(resolver: URLResolver, prefix: str = ""):
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            yield from _patterns(entry, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern)


SAMPLES = {"int": "1", "str": "x", "slug": "wfci", "path": "1", "uuid": "00000000-0000-0000-0000-000000000000"}


def _sample_path(pattern: str) -> str:
    """A path that matches the pattern: route converters get sample values, regex groups the
    first sample that fits."""
    path = re.sub(r"<(?:(\w+):)?\w+>", lambda m: SAMPLES[m.group(1) or "str"], pattern)

    def group(m):
        body = m.group(1)
        return next((v for v in ("games", "accounts", "1", "x") if re.fullmatch(body, v)), "1")

    path = re.sub(r"\(\?P<\w+>([^)]*)\)", group, path)
    return "/" + path.replace("^", "").replace("$", "").replace("\\", "")


def test_options_is_never_a_5xx_and_trace_is_a_405_on_every_url():
    alice, bob = make_user("alice"), make_user("bob")
    human_match(alice, bob)
    admin = make_user("boss", is_staff=True, is_superuser=True)
    paths = sorted({_sample_path(p) for p in _patterns(get_resolver())})
    assert len(paths) > 50
    anonymous, staff = raw(), raw()
    staff.force_login(admin)
    failures = []
    for path in paths:
        for client in (anonymous, staff):
            options = client.options(path)
            if options.status_code >= 500:
                failures.append(("OPTIONS", path, options.status_code))
            trace = client.generic("TRACE", path)
            if trace.status_code != 405:
                failures.append(("TRACE", path, trace.status_code))
    assert not failures, failures


# ------------------------------------------------------------------ /health/


def test_health_says_ok_and_only_what_a_monitor_needs():
    answer = raw().get("/health/")
    assert answer.status_code == 200 and answer["Cache-Control"] == "no-store"
    body = answer.json()
    assert set(body) == {"status", "database", "redis", "queue_depth", "oldest_undelivered_notification_seconds", "live"}
    assert body["status"] == "ok" and body["database"] == "ok"
    assert raw().post("/health/").status_code == 405


def test_health_is_a_503_when_the_database_is_down(monkeypatch):
    monkeypatch.setattr(checks, "database", lambda: False)
    answer = raw().get("/health/")
    assert answer.status_code == 503
    assert answer.json()["database"] == "down" and answer.json()["status"] == "unavailable"


def test_health_is_a_503_when_redis_is_down(monkeypatch, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    monkeypatch.setattr(checks, "_redis", None)
    answer = raw().get("/health/")
    assert answer.status_code == 503
    assert answer.json()["redis"] == "down" and answer.json()["queue_depth"] is None
    assert "127.0.0.1" not in answer.content.decode()


def test_the_oldest_undelivered_notification_is_the_outbox_s_oldest_due_delivery():
    import datetime as dt

    from django.utils import timezone

    from games.models import Delivery

    assert checks.oldest_undelivered_notification() is None
    alice, bob = make_user("alice"), make_user("bob")
    human_match(alice, bob, game="race")  # seat 0, the creator, acts first: the joiner starts it and she is told
    waiting = Delivery.objects.filter(outcome="")
    assert waiting.exists(), "the match's start is told through the outbox"
    oldest = min(d.due_at for d in waiting)
    later = max(timezone.now(), oldest) + dt.timedelta(seconds=90)
    assert checks.oldest_undelivered_notification(later) == pytest.approx((later - oldest).total_seconds(), abs=1)
    waiting.update(outcome="sent", done_at=later)
    assert checks.oldest_undelivered_notification(later) is None
