"""The outbox: notices and their deliveries are rows written in the same transaction as the
event that causes them, so an event that happened is never without its notices, whatever the
broker, the mail server or a worker does next.

- `rows()` turns notices to record into unsaved rows: the write path adds them to its one
  statement; everything else calls `record()`.
- After the commit, deliveries due now are handed to the task queue (`enqueue`); one that
  could not be (the broker was down) or whose worker died is found by `sweep()`.
- A worker `claim()`s a delivery for a short lease before sending it and `finish()`es it
  after, so two workers never send the same one and a dead worker's claim runs out.
- `backlog()` is what the health check reads: how long the oldest due delivery has waited
  and how many are due.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Count, F, Min, Q
from django.utils import timezone

from .. import signals
from ..models import Delivery, Notification
from . import preferences as prefs
from .events import Spec

log = logging.getLogger(__name__)
AWAY_DELAY = timedelta(minutes=10)  # an "only when I am away" e-mail waits this long for them


def lease() -> timedelta:
    return timedelta(seconds=getattr(settings, "NOTIFY_LEASE_SECONDS", 120))


def requeue_after() -> timedelta:
    return timedelta(seconds=getattr(settings, "NOTIFY_REQUEUE_SECONDS", 120))


def rows(specs: list[Spec], now) -> tuple[list[Notification], list[Delivery], list[tuple[str, str]]]:
    """Rows for the notices the recipients want (their preferences per kind), and the
    (notice key, channel) pairs due at once. Nothing here queries the database."""
    notes, deliveries, due = [], [], []
    for spec in specs:
        want = prefs.for_kind(spec.user, spec.kind)
        mail = want["mail"] if getattr(spec.user, "email", "") else prefs.MAIL_OFF
        if not (want["site"] or want["push"] or mail != prefs.MAIL_OFF):
            continue
        notes.append(Notification(key=spec.key, user_id=spec.user.pk, match_id=spec.match_id, kind=spec.kind,
                                  params=spec.params, on_site=want["site"], created_at=now))
        if spec.quiet:
            continue
        if want["push"]:
            deliveries.append(Delivery(notice_id=spec.key, channel=Delivery.Channel.PUSH, due_at=now, queued_at=now))
            due.append((spec.key, Delivery.Channel.PUSH))
        if mail == prefs.MAIL_NOW:
            deliveries.append(Delivery(notice_id=spec.key, channel=Delivery.Channel.MAIL, due_at=now, queued_at=now))
            due.append((spec.key, Delivery.Channel.MAIL))
        elif mail == prefs.MAIL_AWAY:
            deliveries.append(Delivery(notice_id=spec.key, channel=Delivery.Channel.MAIL, due_at=now + AWAY_DELAY))
        elif mail == prefs.MAIL_DIGEST:
            deliveries.append(Delivery(notice_id=spec.key, channel=Delivery.Channel.MAIL, digest=True,
                                       due_at=prefs.next_digest(spec.user, now)))
    return notes, deliveries, due


def record(specs: list[Spec], now=None) -> list[Notification]:
    """Write notices and deliveries in the caller's transaction (a notice already recorded
    under the same key is left as it is); the due ones are queued once it commits."""
    if not specs:
        return []
    now = now or timezone.now()
    notes, deliveries, due = rows(specs, now)
    with transaction.atomic():
        Notification.objects.bulk_create(notes, ignore_conflicts=True)
        Delivery.objects.bulk_create(deliveries, ignore_conflicts=True)
        if due:
            transaction.on_commit(lambda: enqueue(due), robust=True)
    return notes


def enqueue(items: list[tuple[str, str]]) -> None:
    """Hand deliveries to the task queue (games.notifications.tasks hears the signal). A
    failure here loses nothing: the rows are committed and the sweep queues them again."""
    try:
        signals.deliveries_due.send(Delivery, items=list(items))
    except Exception:
        log.exception("could not queue %s deliveries; the sweep will", len(items))


def claim(key: str, channel: str, now) -> bool:
    """Take a due delivery for one lease; False when it is done, not due, or someone holds it."""
    taken = Delivery.objects.filter(
        Q(claimed_until__isnull=True) | Q(claimed_until__lt=now),
        notice_id=key, channel=channel, outcome="", due_at__lte=now,
    ).update(claimed_until=now + lease(), attempts=F("attempts") + 1)
    return taken == 1


def finish(key: str, channel: str, outcome: str, how: str, now) -> None:
    Delivery.objects.filter(notice_id=key, channel=channel, outcome="").update(
        outcome=outcome, how=how[:200], done_at=now, claimed_until=None)


def later(key: str, channel: str, at, error: str = "", now=None) -> None:
    """Give the claim back and make the delivery due again at `at` (quiet hours, a retry)."""
    Delivery.objects.filter(notice_id=key, channel=channel, outcome="").update(
        due_at=at, claimed_until=None, queued_at=None, last_error=error[:300],
        **({} if error else {"attempts": F("attempts") - 1}))  # waiting is not a failed attempt


def sweep(now=None) -> int:
    """Periodic job: queue every delivery that is due and not in anyone's hands: the broker was
    down when it was made, it waited for quiet hours or a retry, or its worker died. Daily
    digests are queued one per player."""
    now = now or timezone.now()
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    stale = Q(queued_at__isnull=True) | Q(queued_at__lt=now - requeue_after())
    due = Delivery.objects.filter(free, stale, outcome="", due_at__lte=now)
    singles = list(due.filter(digest=False).values_list("pk", "notice_id", "channel")[:1000])
    digests = list(due.filter(digest=True).values_list("pk", "notice__user_id")[:1000])
    Delivery.objects.filter(pk__in=[r[0] for r in singles] + [r[0] for r in digests]).update(queued_at=now)
    if singles:
        enqueue([(key, channel) for _pk, key, channel in singles])
    users = sorted({user for _pk, user in digests})
    if users:
        try:
            signals.digests_due.send(Delivery, users=users)
        except Exception:
            log.exception("could not queue %s digests; the next sweep will", len(users))
    return len(singles) + len(users)


def backlog(now=None) -> dict:
    """For the health check: deliveries due and not done — how many, and how long the oldest
    has waited (seconds; None when there is none). One indexed query."""
    now = now or timezone.now()
    row = Delivery.objects.filter(outcome="", due_at__lte=now).aggregate(n=Count("pk"), oldest=Min("due_at"))
    oldest = row["oldest"]
    return {"depth": row["n"], "oldest_age_seconds": (now - oldest).total_seconds() if oldest else None}
