"""The live tables on the production stack, for tests/production/test_live_*: nginx with the
shipped live snippet in front of gunicorn and the stream process (uvicorn), on the test
database and a Redis of their own that a test may stop; and a Server-Sent Events client that
reconnects as a browser does (`Last-Event-ID`, the server's `retry`)."""

from __future__ import annotations

import shutil

import httpx
import pytest

from deploy import stack
from deploy.stack import Reader  # noqa: F401 (the tests' stream client)
from tests.conftest import uses_postgres


class LiveStack:
    def __init__(self, workdir, redis: stack.Redis, **env):
        from tests.production.conftest import database_url_of_tests  # conftest imports this module

        self.workdir, self.redis = workdir, redis
        self.env = stack.site_env(database_url_of_tests(), redis.url, CHAT_LIMIT_30S="200", CHAT_LIMIT_HOUR="2000", **env)
        self.web_port, self.live_port = stack.free_port(), stack.free_port()
        self.web = stack.gunicorn(self.web_port, self.env, workdir, workers=1, threads=4)
        self.live = None
        self.proxy = None
        try:
            self.start_streams()
            self.proxy = stack.Nginx(workdir, [self.web_port], live=self.live_port)
        except BaseException:
            self.stop()
            raise
        self.url = self.proxy.url

    def start_streams(self) -> None:
        self.live = stack.uvicorn(self.live_port, self.env, self.workdir)

    def client(self, token: str | None = None) -> httpx.Client:
        headers = {"Authorization": f"Token {token}"} if token else {}
        return self.proxy.client(headers=headers)

    def stop(self) -> None:
        for process in (self.proxy, self.live, self.web):
            if process is not None:
                process.stop()


@pytest.fixture
def live_stack(nginx_installed, static_collected, workdir):
    if not uses_postgres():
        pytest.skip("needs PostgreSQL (set DATABASE_URL; .ci/run does)")
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server (.ci/run installs it)")
    redis = stack.Redis(workdir)
    try:
        site = LiveStack(workdir, redis)
        try:
            yield site
        finally:
            site.stop()
    finally:
        redis.stop()


def act(client: httpx.Client, match_id: int) -> int:
    """The caller's first legal action in the match; the new version."""
    state = client.get(f"/api/matches/{match_id}/").json()
    answer = client.post(f"/api/matches/{match_id}/actions/",
                         json={"version": state["version"], "action": state["legal_actions"][0]})
    assert answer.status_code == 200, answer.text
    return answer.json()["version"]


def to_act(clients: dict, match_id: int):
    """The client (of `clients`, by seat) whose turn it is."""
    state = next(iter(clients.values())).get(f"/api/matches/{match_id}/").json()
    return clients[state["to_act"][0]]
