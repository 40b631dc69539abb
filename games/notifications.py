"""Notices about matches: in-site rows, e-mails, reminders and daily digests.

A notice names the game and links to it and never shows game state, so nothing hidden can
leak through a mail. Every mail carries a signed one-click unsubscribe link and header.
Each notice and mail is written in its recipient's language (the profile's), not the language
of whichever request or worker happens to send it.
"""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import models
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import engine

from . import timecontrol
from .models import Match, Notification, Seat

SEEN_RECENTLY = timedelta(minutes=2)
ACTED_RECENTLY = timedelta(minutes=10)
MISSED_AFTER = timedelta(minutes=2)  # a queued notice has had its chance by then
MISSED_WITHIN = timedelta(days=1)  # older turns are past notifying
REMINDER_GAP = timedelta(hours=12)
FINAL_WARNING = 2 * 3600
UNSUBSCRIBE_SALT = "unsubscribe"


def site_url(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def unsubscribe_url(user) -> str:
    token = signing.dumps({"u": user.pk}, salt=UNSUBSCRIBE_SALT, compress=True)
    return site_url(reverse("unsubscribe", args=[token]))


def user_from_unsubscribe(token: str):
    from accounts.models import User

    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    return User.objects.filter(pk=data.get("u")).first()


def in_language_of(user):
    """Translations switched to the recipient's language for the block (`with`)."""
    return translation.override(getattr(user, "language", "") or settings.LANGUAGE_CODE)


def send(user, subject: str, template: str, context: dict) -> bool:
    """One mail, plain text plus HTML, with List-Unsubscribe headers (RFC 8058 one-click)."""
    if not user.email:
        return False
    link = unsubscribe_url(user)
    context = {"user": user, "unsubscribe": link, **context}
    with in_language_of(user):
        body = render_to_string(f"games/email/{template}.txt", context)
        html = render_to_string(f"games/email/{template}.html", context)
    message = EmailMultiAlternatives(
        subject, body, None, [user.email],
        headers={"List-Unsubscribe": f"<{link}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )
    message.attach_alternative(html, "text/html")
    message.send()
    return True


def _wants_mail(user, kind: str) -> bool:
    if kind == Notification.Kind.REMINDER:
        return user.notify_reminders
    return user.notify_turn


def notify(user, match, kind: str, text: str, mail: bool = True) -> Notification:
    """Record a notice; mail it now, or keep it for the digest if the user asked for one."""
    note = Notification.objects.create(user=user, match=match, kind=kind, text=text[:300])
    if not mail or not _wants_mail(user, kind):
        return note
    if user.digest_hour is not None:
        note.in_digest = True
        note.save(update_fields=["in_digest"])
        return note
    url = site_url(match.get_absolute_url()) if match else site_url("/")
    if send(user, text, "notice", {"text": text, "url": url, "match": match}):
        note.emailed_at = timezone.now()
        note.save(update_fields=["emailed_at"])
    return note


def _label(match: Match) -> str:
    return _("%(game)s #%(id)s") % {"game": engine.get_game(match.game).name, "id": match.pk}


def send_your_turn(match_id: int, version: int, seats: list) -> int:
    """A "your turn" notice to each person who just became one to act, as `turn_notice` allows."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.version != version or match.status != Match.Status.ACTIVE:
        return 0
    due = match.seats.filter(index__in=seats, user__isnull=False, bot="").select_related("user")
    return sum(_your_turn(seat, match) for seat in due if seat.index in match.to_act)


def send_missed_turn_notices(now=None) -> int:
    """Periodic job: a turn whose notice was never queued (the player was busy in the match when
    it came, or the broker was down) gets it now; a turn the player has already started needs none."""
    now = now or timezone.now()
    due = Seat.objects.filter(
        match__status=Match.Status.ACTIVE, user__isnull=False, bot="", turn_moves=0,
        turn_started_at__lt=now - MISSED_AFTER, turn_started_at__gte=now - MISSED_WITHIN,
    ).select_related("match", "user")
    return sum(_your_turn(seat, seat.match, now) for seat in due if seat.index in seat.match.to_act)


def busy_here(last_seen_at, last_moved_at, now) -> bool:
    """The player has the match open or moved in it lately: no "your turn" notice is due now.
    The write path's follow-ups ask this before queueing one, the worker again before sending."""
    return (last_seen_at is not None and now - last_seen_at < SEEN_RECENTLY) or (
        last_moved_at is not None and now - last_moved_at < ACTED_RECENTLY
    )


def turn_notice(seat: Seat, match: Match, now) -> tuple[bool, bool]:
    """The one rule for "your turn": (record a notice, mail it). Nothing while the player has
    the match open or moved in it lately (so bot replies never notify move by move), one notice
    per turn, and one mail per match until the player comes back to it."""
    if seat.turn_started_at and Notification.objects.filter(
        user_id=seat.user_id, match=match, kind=Notification.Kind.YOUR_TURN, created_at__gte=seat.turn_started_at
    ).exists():
        return False, False
    if busy_here(seat.last_seen_at, seat.last_moved_at, now):
        return False, False
    back = max([t for t in (seat.last_seen_at, seat.last_moved_at) if t is not None], default=None)
    mailed = Notification.objects.filter(user_id=seat.user_id, match=match, kind=Notification.Kind.YOUR_TURN).filter(
        models.Q(emailed_at__isnull=False) | models.Q(in_digest=True)
    )
    if back is not None:
        mailed = mailed.filter(created_at__gte=back)
    return True, not mailed.exists()


def _your_turn(seat: Seat, match: Match, now=None) -> bool:
    now = now or timezone.now()
    notice, mail = turn_notice(seat, match, now)
    if not notice:
        return False
    with in_language_of(seat.user):
        text = _("Your turn in %(m)s") % {"m": _label(match)}
    return notify(seat.user, match, Notification.Kind.YOUR_TURN, text, mail=mail).emailed_at is not None


def send_finished(match_id: int) -> int:
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.FINISHED:
        return 0
    sent = 0
    for seat in match.seats.filter(user__isnull=False).select_related("user"):
        won = seat.index in (match.outcome or {}).get("winners", [])
        with in_language_of(seat.user):
            text = (_("You won %(m)s!") if won else _("%(m)s is over.")) % {"m": _label(match)}
        sent += notify(seat.user, match, Notification.Kind.FINISHED, text).emailed_at is not None
    return sent


def send_reminders(now=None) -> int:
    """Periodic job: remind at 50% and 80% of a turn's time used and when under 2 hours remain;
    at most one reminder per match and player every 12 hours, never the same one twice."""
    now = now or timezone.now()
    sent = 0
    due = Seat.objects.filter(
        deadline__isnull=False, match__status=Match.Status.ACTIVE, user__isnull=False, bot=""
    ).select_related("match", "user")
    for seat in due:
        match = seat.match
        if seat.index not in match.to_act:
            continue
        budget = timecontrol.turn_budget(match, seat)
        left = timecontrol.remaining_seconds(match, seat, now)
        if not budget or left is None:
            continue
        used = 1 - left / budget
        steps = [s for s, hit in (("50", used >= 0.5), ("80", used >= 0.8), ("final", left <= FINAL_WARNING)) if hit]
        fresh = [s for s in steps if s not in seat.reminders_sent]
        if not fresh:
            continue
        if seat.last_reminder_at and now - seat.last_reminder_at < REMINDER_GAP:
            continue
        with in_language_of(seat.user):
            text = _("Reminder: %(left)s left for your move in %(m)s") % {
                "left": timecontrol.human_duration(left),
                "m": _label(match),
            }
        notify(seat.user, match, Notification.Kind.REMINDER, text)
        seat.reminders_sent = [*seat.reminders_sent, *fresh]
        seat.last_reminder_at = now
        seat.save(update_fields=["reminders_sent", "last_reminder_at"])
        sent += 1
    return sent


def send_digests(now=None) -> int:
    """Periodic job (hourly): one mail with the notices kept for it, at the user's chosen hour."""
    from accounts.models import User

    now = now or timezone.now()
    sent = 0
    waiting = Notification.objects.filter(in_digest=True, emailed_at__isnull=True)
    for user in User.objects.filter(digest_hour__isnull=False, notifications__in=waiting).distinct():
        try:
            local = now.astimezone(zoneinfo.ZoneInfo(user.time_zone))
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            local = now
        if local.hour != user.digest_hour:
            continue
        notes = list(waiting.filter(user=user).select_related("match").order_by("created_at"))
        items = [{"text": n.text, "url": site_url(n.match.get_absolute_url()) if n.match else ""} for n in notes]
        with in_language_of(user):
            subject = ngettext(
                "Your Chicken Island digest: %(n)d notice", "Your Chicken Island digest: %(n)d notices", len(notes)
            ) % {"n": len(notes)}
        if send(user, subject, "digest", {"items": items}):
            Notification.objects.filter(pk__in=[n.pk for n in notes]).update(emailed_at=now)
            sent += 1
    return sent
