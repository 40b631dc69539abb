"""Outages, with the site in production mode under gunicorn: a PostgreSQL of its own restarted
under it gives 503s with Retry-After (JSON on the API, the friendly page on the site), never a
500, and the site is back by itself once the database is; with its Redis stopped, log-in,
tokens, the lobby and moves keep working, and the notices a move could not queue are written
later by the periodic job."""

from __future__ import annotations

import shutil
import threading
import time
from collections import Counter

import httpx
import pytest
from rest_framework.authtoken.models import Token

from deploy import stack
from games.models import Match, Notification
from tests.factories import PASSWORD, human_match, make_user
from tests.production.conftest import database_url_of_tests

pytestmark = pytest.mark.services

HTTPS = {"X-Forwarded-Proto": "https"}  # as nginx tells the node (PROXY_COUNT=1)

SEED = """
from rest_framework.authtoken.models import Token
from accounts.models import User
from games.lobby import tables
alice = User.objects.create_user("alice", "alice@example.com", "{password}")
bob = User.objects.create_user("bob", "bob@example.com", "{password}")
match = tables.create_match(alice, "chickenrun", 2)
tables.join_match(bob, match)
for user in (alice, bob):
    print("SEED", user.username, Token.objects.create(user=user).key)
print("SEED match", match.pk)
"""


@pytest.fixture
def own_database(workdir):
    if stack.postgres_bin() is None:
        pytest.skip("needs PostgreSQL's server binaries (.ci/run installs them)")
    pg = stack.Postgres(workdir)
    try:
        yield pg
    finally:
        pg.close()


def _seed(env) -> tuple[dict, int]:
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", SEED.format(password=PASSWORD)],
        cwd=stack.ROOT, env=env, check=True, capture_output=True, text=True,
    ).stdout.split("\n")
    seeded = dict(line.split()[1:] for line in out if line.startswith("SEED "))
    match_id = int(seeded.pop("match"))
    tokens = seeded
    return tokens, match_id


def test_a_database_restart_is_a_503_with_retry_after_never_a_500(static_collected, own_database, workdir):
    env = stack.site_env(own_database.url, CONN_MAX_AGE="600")
    stack.manage(env, "migrate", "--noinput", "-v0")
    tokens, match_id = _seed(env)
    port = stack.free_port()
    web = stack.gunicorn(port, env, workdir, workers=1, threads=2)
    base = f"http://127.0.0.1:{port}"
    token = {"Authorization": f"Token {tokens['alice']}", **HTTPS}
    try:
        with httpx.Client(base_url=base, headers=HTTPS, timeout=10) as client:
            assert client.get(f"/api/matches/{match_id}/", headers=token).status_code == 200
            assert client.get("/").status_code == 200

            statuses: Counter = Counter()
            missing_retry_after = []
            running = threading.Event()
            running.set()

            def keep_asking():
                with httpx.Client(base_url=base, headers=HTTPS, timeout=10) as asker:
                    while running.is_set():
                        for path, headers in ((f"/api/matches/{match_id}/", token), ("/", {}), ("/api/matches/", {})):
                            answer = asker.get(path, headers=headers)
                            statuses[answer.status_code] += 1
                            if answer.status_code == 503 and "Retry-After" not in answer.headers:
                                missing_retry_after.append(path)
                        time.sleep(0.02)

            asker = threading.Thread(target=keep_asking)
            asker.start()
            try:
                time.sleep(0.5)
                own_database.stop()
                down = {
                    "api": client.get(f"/api/matches/{match_id}/", headers=token),
                    "move": client.post(f"/api/matches/{match_id}/actions/", json={"version": 0, "action": {}}, headers=token),
                    "page": client.get("/"),
                    "health": client.get("/health/"),
                }
                time.sleep(1.0)
                own_database.start()
                time.sleep(1.0)
            finally:
                running.clear()
                asker.join()

            for name in ("api", "move"):
                answer = down[name]
                assert answer.status_code == 503, (name, answer.text[:300])
                assert answer.headers["Content-Type"].startswith("application/json")
                assert answer.json()["detail"] and int(answer.headers["Retry-After"]) > 0
            page = down["page"]
            assert page.status_code == 503 and int(page.headers["Retry-After"]) > 0
            assert page.headers["Content-Type"].startswith("text/html") and "Back in a moment" in page.text
            assert down["health"].status_code == 503 and down["health"].json()["database"] == "down"

            print(f"\nanswers while PostgreSQL restarted: {dict(statuses)}")
            assert set(statuses) <= {200, 503} and statuses[503] > 0, statuses
            assert not missing_retry_after

            # back by itself: the dead connection is replaced on the next request
            assert client.get(f"/api/matches/{match_id}/", headers=token).status_code == 200
            assert client.get("/").status_code == 200
            assert client.get("/health/").json()["database"] == "ok"
    finally:
        web.stop()


@pytest.fixture
def own_redis(postgres, workdir):
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server (.ci/run installs it)")
    redis = stack.Redis(workdir)
    try:
        yield redis
    finally:
        redis.stop()


@pytest.mark.django_db(transaction=True)
def test_with_redis_stopped_log_in_tokens_the_lobby_and_moves_keep_working(nginx_installed, static_collected, own_redis, workdir):
    """A node of its own on the test database with the Redis this test stops."""
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    mover = alice if match.seat_of(alice) in match.to_act else bob
    other = bob if mover is alice else alice
    env = stack.site_env(database_url_of_tests(), own_redis.url)
    port = stack.free_port()
    web = stack.gunicorn(port, env, workdir, workers=1, threads=2, name="web-redis")
    proxy = None
    try:
        proxy = stack.Nginx(workdir, [port])
        with proxy.client() as client:
            assert client.get("/health/").json()["redis"] == "ok"
            own_redis.stop()

            started = time.monotonic()
            token = client.post("/api/token/", json={"username": mover.username, "password": PASSWORD})
            assert token.status_code == 200, token.text
            key = token.json()["token"]
            state = client.get(f"/api/matches/{match.pk}/", headers={"Authorization": f"Token {key}"}).json()
            move = client.post(
                f"/api/matches/{match.pk}/actions/",
                json={"version": state["version"], "action": state["legal_actions"][0]},
                headers={"Authorization": f"Token {key}"},
            )
            assert move.status_code == 200, move.text
            assert move.json()["version"] == state["version"] + 1

            page = client.get("/accounts/login/")
            logged_in = client.post(
                "/accounts/login/",
                data={"username": other.username, "password": PASSWORD, "csrfmiddlewaretoken": client.cookies["csrftoken"]},
                headers={"Referer": f"{proxy.url}/accounts/login/"},
            )
            assert page.status_code == 200 and logged_in.status_code == 302, logged_in.text[:300]
            lobby = client.get("/")
            assert lobby.status_code == 200 and other.username in lobby.text
            elapsed = time.monotonic() - started
            health = client.get("/health/")
            assert health.status_code == 503 and health.json()["redis"] == "down"
            print(f"\ntoken, read, move, log-in and lobby with Redis down: {elapsed * 1000:.0f} ms")
            assert elapsed < 5
    finally:
        if proxy:
            proxy.stop()
        web.stop()

    # The move wrote its "your turn" notice into the outbox with the move itself, Redis or not;
    # what could not be queued waits there for the sweep (tests/notifications/test_outbox_delivery.py).
    match = Match.objects.get(pk=match.pk)
    assert match.version == 1
    if match.seat_of(other) in match.to_act:
        assert Notification.objects.filter(user=other, match=match, kind=Notification.Kind.YOUR_TURN).count() == 1
    assert Token.objects.filter(user=mover).exists()
