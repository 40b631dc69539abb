"""Behind nginx as shipped (deploy/nginx/chickenisland-proxy.conf, PROXY_COUNT=1): the client's
address is the one nginx saw, whatever X-Forwarded-For a client sends; bodies past the caps are
413s in the site's shape; TRACE is refused; slow clients hold nginx, not gunicorn; the headers of
a production answer."""

from __future__ import annotations

import re
import socket
import ssl
import threading
import time

import pytest
from axes.models import AccessAttempt

from tests.factories import PASSWORD, make_user

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def log_in(client, username, password, forged=None):
    page = client.get("/accounts/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)
    headers = {"Referer": f"{client.base_url}/accounts/login/"}
    if forged:
        headers["X-Forwarded-For"] = forged
    return client.post(
        "/accounts/login/", data={"username": username, "password": password, "csrfmiddlewaretoken": token}, headers=headers
    )


def test_lock_out_is_per_user_and_address_and_a_forged_header_changes_nothing(site):
    make_user("hen")
    make_user("rooster")
    limit = 5  # AXES_FAILURE_LIMIT's default, as the node runs
    with site.client("127.0.0.2") as attacker:
        for n in range(limit):
            # each failure claims to come from somewhere else: the site must not believe it
            answer = log_in(attacker, "hen", "wrong", forged=f"203.0.113.{n}, 127.0.0.3")
            assert answer.status_code == (429 if n == limit - 1 else 200), (n, answer.text[:200])
        assert log_in(attacker, "hen", PASSWORD).status_code == 429
        assert log_in(attacker, "hen", PASSWORD, forged="127.0.0.3").status_code == 429
        # the address itself is locked for every name (AXES_LOCKOUT_PARAMETERS)
        assert log_in(attacker, "rooster", PASSWORD).status_code == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"127.0.0.2"}

    # the same player from another address is not locked out, nor is anyone else
    with site.client("127.0.0.3") as player:
        answer = log_in(player, "hen", PASSWORD)
        assert answer.status_code == 302 and answer.headers["Location"] == "/"
    with site.client("127.0.0.4") as other:
        # claiming the locked address through the header does not lock an innocent client out
        answer = log_in(other, "rooster", PASSWORD, forged="127.0.0.2")
        assert answer.status_code == 302


def test_the_token_throttle_counts_per_address_not_per_forged_header(site):
    make_user("hen")
    with site.client("127.0.0.5") as client:
        statuses = [
            client.post("/api/token/", json={"username": "hen", "password": PASSWORD},
                        headers={"X-Forwarded-For": f"198.51.100.{n}"}).status_code
            for n in range(21)
        ]
        assert statuses[:20] == [200] * 20
        last = client.post("/api/token/", json={"username": "hen", "password": PASSWORD})
        assert statuses[20] == 429 and last.status_code == 429
        assert last.headers["Content-Type"].startswith("application/json") and last.json()["detail"]
        assert int(last.headers["Retry-After"]) > 0
    with site.client("127.0.0.6") as elsewhere:
        assert elsewhere.post("/api/token/", json={"username": "hen", "password": PASSWORD}).status_code == 200


@pytest.mark.parametrize("size", [64 * 1024, 1024 * 1024])  # nginx refuses them with the site's cap
def test_a_large_api_body_is_a_json_413(site, size):
    make_user("hen")
    with site.client() as client:
        token = client.post("/api/token/", json={"username": "hen", "password": PASSWORD}).json()["token"]
        body = b'{"game": "chickenrun", "players": 2, "pad": "' + b"x" * size + b'"}'
        for path, headers in [
            ("/api/matches/", {"Authorization": f"Token {token}"}),
            ("/api/matches/1/actions/", {"Authorization": f"Token {token}"}),  # the token fast path
            ("/api/token/", {}),
        ]:
            answer = client.post(path, content=body, headers={**headers, "Content-Type": "application/json"})
            assert answer.status_code == 413, (path, answer.text[:200])
            assert answer.headers["Content-Type"].startswith("application/json")
            assert answer.json()["detail"] == "The request body is too large."


def test_a_large_multipart_log_in_is_refused(site):
    with site.client() as client:
        files = {"upload": ("big.bin", b"\0" * (1024 * 1024), "application/octet-stream")}
        answer = client.post("/accounts/login/", data={"username": "hen"}, files=files)
        assert answer.status_code == 413


def test_trace_is_refused_and_options_answers(site):
    with site.client() as client:
        for path in ["/", "/api/matches/", "/api/docs/", "/accounts/login/", "/health/"]:
            assert client.request("TRACE", path).status_code == 405
            assert client.options(path).status_code < 500


def test_production_answers_carry_the_headers(site):
    make_user("hen")
    with site.client() as client:
        page = client.get("/", headers={"Accept-Encoding": "gzip"})
        assert page.headers["Content-Encoding"] == "gzip"
        assert "camera=()" in page.headers["Permissions-Policy"]
        assert "Cache-Control" not in page.headers  # a visitor's lobby is not personal
        assert log_in(client, "hen", PASSWORD).status_code == 302
        mine = client.get("/matches/mine/")
        assert mine.status_code == 200 and "private" in mine.headers["Cache-Control"]
        client.post("/i18n/setlang/", data={"language": "fr", "next": "/", "csrfmiddlewaretoken": client.cookies["csrftoken"]},
                    headers={"Referer": f"{client.base_url}/"})
        cookie = next(c for c in client.cookies.jar if c.name == "django_language")
        assert cookie.secure
        assert cookie.get_nonstandard_attr("SameSite") == "Lax"
        assert client.get("/static/css/site.css", headers={"Accept-Encoding": "gzip"}).headers["Content-Encoding"] == "gzip"
        health = client.get("/health/")
        assert health.status_code == 200 and health.json()["status"] == "ok"


def _tls(port: int) -> ssl.SSLSocket:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=30), server_hostname="127.0.0.1")


class SlowClients:
    """Clients that send their request a byte at a time, or ask for a page and never read it."""

    def __init__(self, connect, count: int):
        self.sockets = []
        self.stop = threading.Event()
        for n in range(count):
            sock = connect()
            kind = n % 3
            if kind == 0:  # headers, a byte at a time
                sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            elif kind == 1:  # a body, a byte at a time
                sock.sendall(b"POST /api/token/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                             b"Content-Length: 60000\r\n\r\n{")
            else:  # pages asked for and never read
                sock.sendall(b"GET /api/docs/?script= HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 50)
            self.sockets.append((sock, kind))
        self.thread = threading.Thread(target=self._trickle, daemon=True)
        self.thread.start()

    def _trickle(self):
        while not self.stop.wait(1.0):
            for sock, kind in self.sockets:
                if kind in (0, 1):
                    try:
                        sock.sendall(b"x")
                    except OSError:
                        pass

    def close(self):
        self.stop.set()
        self.thread.join()
        for sock, _ in self.sockets:
            sock.close()


def _slowest(client, seconds: float = 4.0) -> float:
    """The slowest of normal requests sent one after another for a few seconds."""
    worst, deadline = 0.0, time.monotonic() + seconds
    while time.monotonic() < deadline:
        started = time.monotonic()
        for path in ("/api/ping/", "/accounts/login/"):
            assert client.get(path).status_code == 200
        worst = max(worst, time.monotonic() - started)
        time.sleep(0.1)
    return worst


def test_slow_clients_through_nginx_do_not_delay_a_normal_request(site):
    slow = SlowClients(lambda: _tls(site.port), 30)
    try:
        time.sleep(1.5)  # the slow requests are all under way
        with site.client() as client:
            worst = _slowest(client)
    finally:
        slow.close()
    print(f"\nslowest normal request with 30 slow clients on nginx: {worst * 1000:.0f} ms")
    assert worst < 1.0


def test_the_same_slow_clients_straight_at_gunicorn_stall_it(site):
    """What nginx prevents: gunicorn's two threads are taken by two slow clients. (This is why
    gunicorn listens on loopback only.)"""
    import httpx

    slow = SlowClients(lambda: socket.create_connection(("127.0.0.1", site.web_port), timeout=30), 2)
    try:
        time.sleep(1.0)
        with pytest.raises(httpx.TimeoutException):
            httpx.get(f"http://127.0.0.1:{site.web_port}/api/ping/", headers={"X-Forwarded-Proto": "https"}, timeout=1.0)
    finally:
        slow.close()
