"""The site channel: the notifications page and the header's badge.

A notice is read once the page showed it (the badge then counts none of it); a notice that
asked for something in a match that is over is closed: it stays listed, marked so, and
never counts as unread.
"""

from __future__ import annotations

from django.db.models import Q
from django.utils import timezone

from ..models import Invitation, Match, Notification, Seat
from . import events

ENDED = (Match.Status.FINISHED, Match.Status.ABANDONED)


def _open():
    return ~Q(kind__in=events.CLOSED_WHEN_OVER, match__status__in=ENDED)


def unread_count(user) -> int:
    return Notification.objects.filter(_open(), user=user, on_site=True, read_at__isnull=True).count()


def page(user, limit: int = 100) -> list[dict]:
    """The newest notices with their words in the reader's language, then marks every unread
    one read (all of them, not only those shown), so the badge clears."""
    notes = list(Notification.objects.filter(user=user, on_site=True).select_related("match")[:limit])
    muted = set(Seat.objects.filter(user=user, muted=True).values_list("match_id", flat=True))
    rows = [{"notice": n, "text": events.text(n), "new": n.read_at is None, "closed": events.closed(n),
             "muted": n.match_id in muted} for n in notes]
    Notification.objects.filter(user=user, read_at__isnull=True).update(read_at=timezone.now())
    return rows


def open_invitations(user):
    return Invitation.objects.filter(
        recipient=user, answered_at__isnull=True, match__status=Match.Status.LOBBY
    ).select_related("match", "sender").order_by("-created_at")


def set_muted(user, match_id: int, muted: bool) -> bool:
    """Mute or unmute a match the player sits in; False when they have no seat there."""
    return Seat.objects.filter(user=user, match_id=match_id).update(muted=muted) > 0
