"""The Web Push channel (pywebpush, VAPID keys from the environment).

Each push carries `TTL` (how long the push service may hold it), `Urgency`, and a per-match
`Topic`, so a phone that was offline gets one notification per match, the newest; the service
worker shows it with the match as its tag (the newest replaces the older on screen too) and
opens the match on tap. One subscription per device (its endpoint); the push service's 404 or
410 means the device is gone, and its subscription is removed.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from ..refusals import IllegalMove
from ..models import Delivery, Notification, PushSubscription
from . import events, preferences
from .links import in_language_of, site_url

DAY = 86400
URGENT = (Notification.Kind.YOUR_TURN, Notification.Kind.REMINDER)


class Unavailable(Exception):
    """The push service could not take the message now (network, 429, 5xx): try again later."""


def configured() -> bool:
    return bool(settings.VAPID_PRIVATE_KEY and settings.VAPID_PUBLIC_KEY)


def subscribe(user, data, user_agent: str = "") -> PushSubscription:
    """Store (or move to this player) the subscription a browser gave: one row per endpoint."""
    if not isinstance(data, dict) or not isinstance(data.get("keys"), dict):
        raise IllegalMove(_("Send the browser's push subscription as JSON."))
    endpoint, keys = data.get("endpoint"), data["keys"]
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    if not all(isinstance(v, str) and v for v in (endpoint, p256dh, auth)):
        raise IllegalMove(_("The push subscription lacks its endpoint or keys."))
    parts = urlsplit(endpoint)
    allowed = ("https", "http") if settings.WEBPUSH_ALLOW_HTTP else ("https",)
    if parts.scheme not in allowed or not parts.hostname or len(endpoint) > 1000 or len(p256dh) > 200 or len(auth) > 100:
        raise IllegalMove(_("That is not a push service address."))
    sub, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth, "user_agent": user_agent[:200]}
    )
    return sub


def unsubscribe(user, endpoint) -> int:
    return PushSubscription.objects.filter(user=user, endpoint=str(endpoint or "")).delete()[0]


def payload(notice: Notification) -> dict:
    user = notice.user
    tz = preferences.zone(user)
    with in_language_of(user), timezone.override(tz):
        body = events.text(notice, tz)
        due = events.deadline(notice, tz)
    url = site_url(notice.match.get_absolute_url()) if notice.match_id else site_url("/notifications/")
    if notice.kind in (Notification.Kind.INVITATION, Notification.Kind.REMATCH):
        url = site_url("/#invitations")
    elif notice.kind == Notification.Kind.CHAT and notice.match_id:
        url += "#chat"  # the match page opens its chat
    return {
        "title": "Chicken Island Online",
        "body": f"{body}\n{due}" if due else body,
        "url": url,
        "match": notice.match_id,
        "kind": notice.kind,
        "tag": f"match-{notice.match_id}" if notice.match_id else f"notice-{notice.kind}",
        "key": notice.key,
    }


def headers_for(notice: Notification, now) -> tuple[int, dict]:
    """(TTL, headers): a turn or reminder is worth delivering until the deadline (a day at
    most) and is urgent; other news keeps a day at normal urgency."""
    ttl = DAY
    deadline = (notice.params or {}).get("deadline")
    if notice.kind in URGENT and deadline:
        ttl = max(60, min(DAY, int(deadline - now.timestamp())))
    topic = f"match-{notice.match_id}" if notice.match_id else f"notice-{notice.kind}"
    return ttl, {"Urgency": "high" if notice.kind in URGENT else "normal", "Topic": topic[:32]}


def send(notice: Notification, delivery: Delivery, now) -> str:
    """Push to each of the player's devices not yet reached by this delivery. Raises
    Unavailable when a device could not be reached now (those reached are remembered)."""
    from pywebpush import WebPushException, webpush

    reached = set(json.loads(delivery.how)) if delivery.how.startswith("[") else set()
    subs = [s for s in PushSubscription.objects.filter(user_id=notice.user_id) if s.pk not in reached]
    data = json.dumps(payload(notice))
    ttl, headers = headers_for(notice, now)
    gone, failed = 0, None
    for sub in subs:
        try:
            webpush(
                {"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}},
                data, vapid_private_key=settings.VAPID_PRIVATE_KEY,
                vapid_claims={"sub": settings.VAPID_SUBJECT}, ttl=ttl, headers=dict(headers), timeout=10,
            )
        except WebPushException as exc:
            status = getattr(exc.response, "status_code", None)
            if status in (404, 410):
                sub.delete()
                gone += 1
                continue
            failed = f"{status or ''} {exc}".strip()
            continue
        except Exception as exc:  # connection refused, DNS, timeout: the service may be back later
            failed = f"{type(exc).__name__}: {exc}"
            continue
        reached.add(sub.pk)
        PushSubscription.objects.filter(pk=sub.pk).update(last_sent_at=now)
    if failed:
        Delivery.objects.filter(pk=delivery.pk).update(how=json.dumps(sorted(reached)))
        raise Unavailable(failed[:300])
    return f"push to {len(reached)} device(s)" + (f", {gone} gone" if gone else "")
