"""Delivering one outbox row: claim it, decide whether it is still wanted, send it, record how.

What is decided here rather than when the event happened: whether the notice still asks
for something (the turn was played, the invitation answered), a muted match, the player's
quiet hours (the delivery waits for their end), "only when I am away" (a player who has been
on the site since gets no mail), one "your turn" mail per match until the player comes back,
none to a player who has the match open on a live stream (games.live.presence), and a push
only to a player who has a device for it.
"""

from __future__ import annotations

import logging
import random
import uuid
from datetime import timedelta

from django.db.models import Q
from django.utils import timezone

from ..live import presence
from ..models import ChatRead, Delivery, Invitation, Match, Mute, Notification, Seat
from . import mail, outbox, preferences, push
from .events import busy_here

log = logging.getLogger(__name__)
K = Notification.Kind
MAX_ATTEMPTS = 12  # about two days of back-off
AWAY = timedelta(minutes=30)  # "away": not on the site for this long
# A player whose page of the match is open on a live stream sees these there: no mail, no push
# (the notice itself stays on the site).
LIVE_SKIPS = (K.YOUR_TURN, K.REMINDER, K.CHAT)


class TryLater(Exception):
    """A channel failed for now (SMTP or the push service down); retry in `countdown` s."""

    def __init__(self, countdown: float, error: str):
        super().__init__(error)
        self.countdown = countdown


def backoff(attempts: int) -> float:
    """Seconds before the next try: 5 s, 10 s, 20 s ... capped at an hour, with jitter."""
    return min(3600.0, 5.0 * 2 ** max(0, attempts - 1)) * random.uniform(0.8, 1.2)


def deliver(key: str, channel: str, now=None) -> str:
    """Deliver one (notice, channel) if it is due and nobody else holds it; returns what
    happened. Raises TryLater when the channel failed and a retry is due."""
    now = now or timezone.now()
    if not outbox.claim(key, channel, now):
        return "not mine"  # done already, not due yet, or claimed by another worker
    row = Delivery.objects.select_related("notice__user", "notice__match").get(notice_id=key, channel=channel)
    notice = row.notice
    reason = why_not(notice, row, now)
    if reason is not None:
        outbox.finish(key, channel, Delivery.Outcome.SKIPPED, reason, now)
        return reason
    quiet = preferences.quiet_until(notice.user, now)
    if quiet is not None:
        outbox.later(key, channel, quiet)
        return "quiet hours"
    try:
        if channel == Delivery.Channel.MAIL:
            how = mail.send(mail.notice_mail(notice, row.key))
        else:
            how = push.send(notice, row, now)
    except Exception as exc:  # SMTP down, the push service unreachable, a refused address
        return _failed(row, exc, now)
    outbox.finish(key, channel, Delivery.Outcome.SENT, how, timezone.now())
    return how


def _failed(row: Delivery, exc: Exception, now) -> str:
    error = f"{type(exc).__name__}: {exc}"[:300]
    if row.attempts + 1 >= MAX_ATTEMPTS:
        Delivery.objects.filter(pk=row.pk).update(last_error=error)
        outbox.finish(row.notice_id, row.channel, Delivery.Outcome.FAILED, error, now)
        log.warning("giving up on %s after %s attempts: %s", row.key, row.attempts + 1, error)
        return "failed"
    countdown = backoff(row.attempts + 1)
    outbox.later(row.notice_id, row.channel, now + timedelta(seconds=countdown), error)
    raise TryLater(countdown, error)


def why_not(notice: Notification, row: Delivery, now) -> str | None:
    """Why this delivery is no longer wanted, or None to send it."""
    user = notice.user
    if not user.is_active:
        return "skipped: account closed"
    if row.channel == Delivery.Channel.MAIL and not user.email:
        return "skipped: no e-mail address"
    if row.channel == Delivery.Channel.PUSH and not push.configured():
        return "skipped: push not configured"
    if row.channel == Delivery.Channel.PUSH and not user.push_subscriptions.exists():
        return "skipped: no device"
    seat = Seat.objects.filter(match_id=notice.match_id, user=user).first() if notice.match_id else None
    if seat is not None and seat.muted:
        return "skipped: match muted"
    stale = _stale(notice, seat)
    if stale:
        return stale
    if row.channel == Delivery.Channel.MAIL and not row.digest:
        want = preferences.for_kind(user, notice.kind)["mail"]
        if want == preferences.MAIL_AWAY and user.last_seen_at and user.last_seen_at > min(notice.created_at, now - AWAY):
            return "skipped: the player was on the site"
        if notice.kind == K.YOUR_TURN and seat is not None and _told_already(notice, seat):
            return "skipped: already told about this match"
    if notice.kind in (K.YOUR_TURN, K.REMINDER) and seat is not None and busy_here(seat.last_seen_at, None, now):
        return "skipped: the match is open"
    if notice.kind in LIVE_SKIPS and seat is not None and presence.seat_here(seat.match_id, seat.index):
        return "skipped: the match is open on a live stream"
    return None


def _stale(notice: Notification, seat) -> str | None:
    p = notice.params or {}
    if notice.kind in (K.YOUR_TURN, K.REMINDER):
        match = notice.match
        if (match is None or seat is None or match.status != Match.Status.ACTIVE or seat.index not in match.to_act
                or seat.bot or int(seat.turn_started_at.timestamp() if seat.turn_started_at else 0) != p.get("turn")):
            return "skipped: the turn was played"
    if notice.kind == K.CHAT:
        read = ChatRead.objects.filter(user_id=notice.user_id, match_id=notice.match_id).values_list("last_read", flat=True)
        if (read.first() or 0) > p.get("read", 0):
            return "skipped: the chat was read"
        if Mute.objects.filter(muter_id=notice.user_id, muted__username=p.get("who", "")).exists():
            return "skipped: the writer is muted"
    if notice.kind in (K.INVITATION, K.REMATCH):
        open_ = Invitation.objects.filter(match_id=notice.match_id, recipient_id=notice.user_id,
                                          answered_at__isnull=True, match__status=Match.Status.LOBBY)
        if not open_.exists():
            return "skipped: the invitation was answered"
    return None


def _told_already(notice: Notification, seat: Seat) -> bool:
    """One "your turn" mail per match until the player comes back to it."""
    back = max([t for t in (seat.last_seen_at, seat.last_moved_at) if t is not None], default=None)
    sent = Delivery.objects.filter(
        notice__user_id=notice.user_id, notice__match_id=notice.match_id, notice__kind=K.YOUR_TURN,
        channel=Delivery.Channel.MAIL, outcome=Delivery.Outcome.SENT,
    ).exclude(notice_id=notice.key)
    if back is not None:
        sent = sent.filter(done_at__gte=back)
    return sent.exists()


def send_digest(user_id: int, now=None) -> str:
    """One mail with every digest e-mail of this player that is due, claimed together; the
    rows not wanted any more are closed as skipped."""
    now = now or timezone.now()
    claim = uuid.uuid4().hex[:12]
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    mine = Delivery.objects.filter(free, notice__user_id=user_id, digest=True, outcome="", due_at__lte=now)
    pks = list(mine.values_list("pk", flat=True)[:200])
    taken = Delivery.objects.filter(free, pk__in=pks, outcome="").update(
        claimed_until=now + outbox.lease(), how=f"digest {claim}")
    if not taken:
        return "nothing due"
    rows = list(Delivery.objects.filter(pk__in=pks, how=f"digest {claim}", claimed_until__gt=now)
                .select_related("notice__user", "notice__match").order_by("notice__created_at"))
    keep, skip = [], []
    for row in rows:
        (skip if why_not(row.notice, row, now) else keep).append(row)
    Delivery.objects.filter(pk__in=[r.pk for r in skip]).update(
        outcome=Delivery.Outcome.SKIPPED, done_at=now, claimed_until=None, how="skipped: no longer needed")
    if not keep:
        return "nothing left"
    user = keep[0].notice.user
    key = f"digest.u{user_id}.{claim}"
    try:
        how = mail.send(mail.digest_mail(user, [r.notice for r in keep], key))
    except Exception as exc:
        error = f"{type(exc).__name__}: {exc}"[:300]
        Delivery.objects.filter(pk__in=[r.pk for r in keep]).update(
            claimed_until=None, queued_at=None, how="", last_error=error,
            due_at=now + timedelta(seconds=backoff(2)))
        raise TryLater(backoff(2), error) from exc
    Delivery.objects.filter(pk__in=[r.pk for r in keep]).update(
        outcome=Delivery.Outcome.SENT, done_at=timezone.now(), claimed_until=None, how=f"digest {how}"[:200])
    return how
