"""Several nodes: two gunicorn servers and two Celery workers on one PostgreSQL and one Redis
(loopback). Racing submissions of the same version reach both servers at once; the row lock
alone must give one winner per version, lose no move, log none twice, and keep every log
replaying to its snapshot. Half the matches have a bot seat, so the workers move too.
"""

import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from django.db import connection
from rest_framework.authtoken.models import Token

from games.play import visibility
from games.models import Match, Turn
from tests.factories import make_user

ROOT = Path(__file__).resolve().parents[2]
SUBMISSIONS = 2000
RACERS = 4  # submissions of each version: two to each server
PAIRS = 12  # matches played at once; a finished one is replaced through the API
WITHIN = 150  # seconds for the whole run


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env() -> dict:
    db = connection.settings_dict
    url = f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    return dict(os.environ, DATABASE_URL=url, EMAIL_URL="dummymail://", AXES_ENABLED="false", CONN_MAX_AGE="60")


def _start(command: list[str]) -> subprocess.Popen:
    return subprocess.Popen(
        command, cwd=ROOT, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )


def _stop(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def _wait_until_serving(port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/ping/", timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"gunicorn on port {port} did not start")


@pytest.fixture
def nodes(broker):
    ports = [_free_port(), _free_port()]
    procs = [
        _start([sys.executable, "-m", "gunicorn", "chickenisland.wsgi", "-b", f"127.0.0.1:{port}",
                "--log-level", "warning", "-k", "gthread", "-w", "2", "--threads", "4",
                # keep the clients' connections open for the whole race, and never kill a
                # slow worker mid-request: a reset POST would leave its outcome unknown
                "--keep-alive", "300", "--timeout", "300", "--graceful-timeout", "30"])
        for port in ports
    ]
    procs += [
        _start([sys.executable, "-m", "celery", "-A", "chickenisland", "worker", "-n", f"node{i}@%h", "--concurrency=2",
                "--loglevel=warning", "--without-gossip", "--without-mingle", "--without-heartbeat"])
        for i in (1, 2)
    ]
    try:
        for port in ports:
            _wait_until_serving(port)
        yield [f"http://127.0.0.1:{port}" for port in ports]
    finally:
        for proc in procs:
            _stop(proc)


class Race:
    """Drives the matches: every round sends RACERS submissions of one version, both servers."""

    def __init__(self, servers, posts: ThreadPoolExecutor):
        self.clients = [httpx.Client(base_url=s, timeout=30, limits=httpx.Limits(max_connections=64)) for s in servers]
        self.posts = posts
        self.lock = threading.Lock()
        self.sent = 0
        self.statuses = Counter()
        self.rounds = Counter()  # winners per round, counted by how many won
        self.won = []  # (match id, version, action) of every 200
        self.matches = set()
        self.deadline = time.monotonic() + WITHIN

    def _claim(self) -> bool:
        with self.lock:
            if self.sent + RACERS > SUBMISSIONS or time.monotonic() > self.deadline:
                return False
            self.sent += RACERS
            return True

    def _new_match(self, tokens, bot: bool) -> int:
        body = {"game": "chickenrun", "players": 2, **({"bots": {"1": "sensible"}} if bot else {})}
        created = self.clients[0].post("/api/matches/", json=body, headers=_auth(tokens[0]))
        assert created.status_code == 201, created.text
        match_id = created.json()["id"]
        if not bot:
            joined = self.clients[1].post(f"/api/matches/{match_id}/join/", headers=_auth(tokens[1]))
            assert joined.status_code == 200, joined.text
        with self.lock:
            self.matches.add(match_id)
        return match_id

    def play(self, tokens, bot: bool, rng: random.Random) -> None:
        match_id = self._new_match(tokens, bot)
        while True:
            state = self._wait_for_a_person(match_id, tokens)
            if state is None:
                match_id = self._new_match(tokens, bot)
                continue
            if not self._claim():
                return
            seat, version, legal = state
            actions = [rng.choice(legal) for _ in range(RACERS)]  # racers may even disagree
            futures = [
                self.posts.submit(self._submit, self.clients[i % 2], match_id, tokens[seat], version, actions[i])
                for i in range(RACERS)
            ]
            results = [f.result() for f in futures]
            with self.lock:
                self.statuses.update(status for status, _ in results)
                self.rounds[sum(status == 200 for status, _ in results)] += 1
                self.won += [(match_id, version + 1, action) for status, action in results if status == 200]

    def _wait_for_a_person(self, match_id, tokens):
        """(seat, version, legal actions) once a person is to act; None when the match is over."""
        while time.monotonic() < self.deadline:
            for seat, token in enumerate(tokens):
                if token is None:
                    continue
                payload = self.clients[seat % 2].get(f"/api/matches/{match_id}/", headers=_auth(token)).json()
                if payload["status"] != "active":
                    return None
                if payload["legal_actions"]:
                    return seat, payload["version"], payload["legal_actions"]
            time.sleep(0.05)  # a bot is moving on a worker
        return None

    def _submit(self, client, match_id, token, version, action):
        response = client.post(
            f"/api/matches/{match_id}/actions/", json={"version": version, "action": action}, headers=_auth(token)
        )
        return response.status_code, action


def _auth(token: str) -> dict:
    return {"Authorization": f"Token {token}"}


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_racing_submissions_on_two_servers_and_two_workers(nodes):
    players = []
    for i in range(PAIRS):
        a, b = make_user(f"a{i}"), make_user(f"b{i}")
        bot = i % 2 == 1
        players.append(([Token.objects.create(user=a).key, None if bot else Token.objects.create(user=b).key], bot))

    started = time.monotonic()
    with ThreadPoolExecutor(PAIRS * RACERS) as posts, ThreadPoolExecutor(PAIRS) as drivers:
        race = Race(nodes, posts)
        runs = [drivers.submit(race.play, tokens, bot, random.Random(i)) for i, (tokens, bot) in enumerate(players)]
        for run in runs:
            run.result()
    elapsed = time.monotonic() - started
    print(f"\n{race.sent} submissions in {elapsed:.1f} s over {len(race.matches)} matches: "
          f"{dict(sorted(race.statuses.items()))}, winners per round {dict(race.rounds)}")

    assert race.sent == SUBMISSIONS, f"only {race.sent} sent within {WITHIN} s"
    assert set(race.statuses) <= {200, 409}
    assert race.rounds == Counter({1: SUBMISSIONS // RACERS}), "one winner per version"
    _wait_for_the_bots(race.matches)
    for match_id in race.matches:
        match = Match.objects.get(pk=match_id)
        turns = list(Turn.objects.filter(match=match).order_by("version"))
        assert [t.version for t in turns] == list(range(1, match.version + 1)), "no version lost or logged twice"
        assert visibility.replay(match) == match.state
    logged = {(t.match_id, t.version): t.action for t in Turn.objects.filter(match_id__in=race.matches)}
    assert all(logged.get((m, v)) == action for m, v, action in race.won), "every answered move is in the log"


def _wait_for_the_bots(match_ids, seconds=30):
    """The workers may still be playing a bot's reply to the last move."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        pending = [m for m in Match.objects.filter(pk__in=match_ids, status=Match.Status.ACTIVE) if 1 in m.to_act]
        if not any(m.seats.filter(index=1).exclude(bot="").exists() for m in pending):
            return
        time.sleep(0.2)
    raise AssertionError("the workers did not finish the bots' turns")
