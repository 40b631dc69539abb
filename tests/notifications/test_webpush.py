"""A real Web Push round trip against a push endpoint on this machine: the browser's side is
played by the test (its own P-256 key pair and auth secret, as a browser makes them); the
site pushes with pywebpush and its VAPID key; the endpoint gets `TTL`, `Urgency`, a per-match
`Topic` and a payload that decrypts (http_ece, aes128gcm) to the match's notice. A 410 from
the push service removes the subscription."""

from __future__ import annotations

import base64
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.urls import reverse

from games.lobby import tables
from games.models import Delivery, Match, Notification, PushSubscription
from games.notifications import delivery, events, outbox
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


class PushService:
    """Answers every POST with `status` and keeps what it got."""

    def __init__(self):
        self.status = 201
        self.got: list[dict] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                service.got.append({"path": self.path, "headers": dict(self.headers), "body": body})
                self.send_response(service.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


class Browser:
    """What a browser keeps for one push subscription: its key pair and auth secret."""

    def __init__(self, endpoint: str):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        public = self.key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        self.subscription = {"endpoint": endpoint, "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}

    def decrypt(self, body: bytes) -> dict:
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"))


@pytest.fixture
def vapid(settings):
    key = ec.generate_private_key(ec.SECP256R1())
    settings.VAPID_PRIVATE_KEY = b64(key.private_bytes(
        serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    settings.VAPID_PUBLIC_KEY = b64(key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))
    settings.VAPID_SUBJECT = "mailto:team@chickenisland.example"
    settings.WEBPUSH_ALLOW_HTTP = True
    settings.SITE_URL = "https://chickenisland.example"
    return settings


def your_turn(ann, bob):
    """bob's "your turn" in a fresh match, with its push delivery due."""
    match = tables.create_match(ann, "chickenrun", 2)
    tables.join_match(bob, match)
    match = Match.objects.get(pk=match.pk)
    seat = match.seats.select_related("user", "match").get(user=bob)
    seat.turn_started_at = seat.turn_started_at or match.started_at
    if seat.index not in match.to_act:
        match.to_act = [seat.index]
        match.save(update_fields=["to_act"])
    spec = events.your_turn(match, seat)
    spec.key = f"{spec.key}.test"
    bob.notify_prefs = {"turn": {"site": True, "push": True, "mail": "off"}}
    spec.user = bob
    outbox.record([spec])
    return Notification.objects.get(key=spec.key), match


def test_a_push_round_trip_decrypts_to_the_match_with_ttl_urgency_and_topic(client, vapid, monkeypatch):
    monkeypatch.setattr(delivery, "why_not", lambda *a: None)  # the rules have their own tests
    ann, bob = make_user("ann"), make_user("bob")
    with PushService() as service:
        browser = Browser(f"{service.url}/push/bob-phone")
        client.force_login(bob)
        answer = client.post(reverse("push_subscription"), json.dumps(browser.subscription), content_type="application/json")
        assert answer.status_code == 201
        notice, match = your_turn(ann, bob)
        result = delivery.deliver(notice.key, "push")
        assert result == "push to 1 device(s)"
        [got] = service.got
    headers = {k.lower(): v for k, v in got["headers"].items()}
    assert got["path"] == "/push/bob-phone"
    assert headers["content-encoding"] == "aes128gcm"
    assert 60 <= int(headers["ttl"]) <= 86400
    assert headers["urgency"] == "high"
    assert headers["topic"] == f"match-{match.pk}"
    assert headers["authorization"].startswith("vapid t=") and f"k={vapid.VAPID_PUBLIC_KEY}" in headers["authorization"]
    payload = browser.decrypt(got["body"])
    assert payload["match"] == match.pk
    assert payload["url"] == f"https://chickenisland.example/matches/{match.pk}/"
    assert payload["tag"] == f"match-{match.pk}" and payload["kind"] == "turn"
    # named by who plays, never by its id (a second line gives the deadline when the deal made
    # bob first to act, so his clock ran from the start)
    assert payload["body"].splitlines()[0] == "Your turn in Chicken Run with ann"
    row = Delivery.objects.get(notice=notice, channel="push")
    assert (row.outcome, row.how) == ("sent", "push to 1 device(s)")
    assert delivery.deliver(notice.key, "push") == "not mine"  # once
    assert len(service.got) == 1


def test_a_410_removes_the_subscription(client, vapid, monkeypatch):
    monkeypatch.setattr(delivery, "why_not", lambda *a: None)
    ann, bob = make_user("ann"), make_user("bob")
    with PushService() as service:
        service.status = 410
        browser = Browser(f"{service.url}/push/old-phone")
        client.force_login(bob)
        client.post(reverse("push_subscription"), json.dumps(browser.subscription), content_type="application/json")
        assert PushSubscription.objects.filter(user=bob).count() == 1
        notice, _match = your_turn(ann, bob)
        assert delivery.deliver(notice.key, "push") == "push to 0 device(s), 1 gone"
    assert not PushSubscription.objects.filter(user=bob).exists()


def test_a_push_service_that_is_down_is_tried_again_later(client, vapid, monkeypatch):
    monkeypatch.setattr(delivery, "why_not", lambda *a: None)
    ann, bob = make_user("ann"), make_user("bob")
    with PushService() as service:
        service.status = 503
        client.force_login(bob)
        client.post(reverse("push_subscription"), json.dumps(Browser(f"{service.url}/push/p").subscription),
                    content_type="application/json")
        notice, _match = your_turn(ann, bob)
        with pytest.raises(delivery.TryLater):
            delivery.deliver(notice.key, "push")
        row = Delivery.objects.get(notice=notice, channel="push")
        assert row.outcome == "" and row.attempts == 1 and "503" in row.last_error and row.claimed_until is None


def test_bad_subscriptions_are_refused_with_json(client, settings):
    settings.WEBPUSH_ALLOW_HTTP = False
    client.force_login(make_user("bob"))
    url = reverse("push_subscription")
    for body in ("not json", json.dumps([1]), json.dumps({"endpoint": "https://push.example/x"}),
                 json.dumps({"endpoint": "http://127.0.0.1/x", "keys": {"p256dh": "a", "auth": "b"}}),
                 json.dumps({"endpoint": "file:///etc/passwd", "keys": {"p256dh": "a", "auth": "b"}})):
        answer = client.post(url, body, content_type="application/json")
        assert answer.status_code == 400 and "detail" in answer.json(), body
    assert not PushSubscription.objects.exists()


def test_the_manifest_and_the_service_worker_are_served(client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    body = manifest.json()
    assert body["display"] == "standalone" and body["start_url"] == "/"
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in body["icons"]}
    worker = client.get("/sw.js")
    assert worker["Service-Worker-Allowed"] == "/" and b"showNotification" in worker.content
    page = client.get("/").content.decode()
    assert 'rel="manifest"' in page and "js/notify.js" in page
