"""The live tables on the production stack, for tests/production/test_live_*: nginx with the
shipped live snippet in front of gunicorn and the stream process (uvicorn), on the test
database and a Redis of their own that a test may stop; and a Server-Sent Events client that
reconnects as a browser does (`Last-Event-ID`, the server's `retry`)."""

from __future__ import annotations

import json
import shutil
import threading
import time
from dataclasses import dataclass, field

import httpx
import pytest

from deploy import stack
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


@dataclass
class Reader:
    """One client of a stream through nginx, in a thread of its own: every event it read (with
    the monotonic time it arrived), the connections it opened, and the id it resumes from."""

    url: str
    path: str
    token: str | None = None
    events: list = field(default_factory=list)
    connects: list = field(default_factory=list)
    last_id: str = ""
    retry: float = 3.0
    running: bool = True

    def start(self) -> "Reader":
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        return self

    def _run(self) -> None:
        with httpx.Client(base_url=self.url, verify=False, timeout=httpx.Timeout(10, read=60)) as client:
            while self.running:
                headers = {"Accept": "text/event-stream"}
                if self.token:
                    headers["Authorization"] = f"Token {self.token}"
                if self.last_id:
                    headers["Last-Event-ID"] = self.last_id
                try:
                    with client.stream("GET", self.path, headers=headers) as answer:
                        if answer.status_code == 200:
                            self.connects.append(time.monotonic())
                            self._read(answer)
                except httpx.HTTPError:
                    pass
                if self.running:
                    time.sleep(self.retry)

    def _read(self, answer) -> None:
        kind, data, event_id = None, None, None
        for line in answer.iter_lines():
            if not self.running:
                return
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                data = json.loads(line[6:])
            elif line.startswith("id: "):
                event_id = line[4:]
            elif line.startswith("retry: "):
                self.retry = int(line[7:]) / 1000
            elif line == "" and kind:
                if event_id:
                    self.last_id = event_id
                self.events.append((time.monotonic(), kind, data))
                kind, data, event_id = None, None, None

    def wait_for(self, check, seconds: float, since: int = 0):
        """The first event after the first `since` ones for which check(kind, data) holds."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for at, kind, data in self.events[since:]:
                if check(kind, data):
                    return at, kind, data
            time.sleep(0.01)
        return None

    def newest(self, kind: str):
        found = [data for _, k, data in self.events if k == kind]
        return found[-1] if found else None

    def stop(self) -> None:
        self.running = False


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
