"""How many people watch a match: those without a seat who had its page open in the last
minute (the page polls every few seconds while it is open)."""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.utils import timezone

from ..models import Match, Spectator

WATCHING = timedelta(seconds=60)
REFRESH = timedelta(seconds=20)  # a viewer's row is written at most this often


def viewer_key(request) -> str | None:
    """The signed-in person, or a visitor by a hash of their address and browser (never stored
    in the clear)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"u{user.pk}"
    from axes.helpers import get_client_ip_address

    seen = f"{get_client_ip_address(request)}|{request.META.get('HTTP_USER_AGENT', '')}"
    return "v" + hashlib.sha256(seen.encode()).hexdigest()[:40]


def seen(match: Match, request, seat) -> None:
    """Remember that this person watches (players are not spectators)."""
    if seat is not None or match.private or match.status != Match.Status.ACTIVE:
        return
    key = viewer_key(request)
    now = timezone.now()
    fresh = Spectator.objects.filter(match=match, viewer=key, seen_at__gte=now - REFRESH)
    if fresh.exists():
        return
    Spectator.objects.update_or_create(match=match, viewer=key, defaults={"seen_at": now})


def count(match: Match) -> int:
    if match.private or match.status != Match.Status.ACTIVE:
        return 0
    return Spectator.objects.filter(match=match, seen_at__gte=timezone.now() - WATCHING).count()


def counts(match_ids) -> dict[int, int]:
    from django.db.models import Count

    rows = (Spectator.objects.filter(match_id__in=list(match_ids), seen_at__gte=timezone.now() - WATCHING)
            .values("match").annotate(n=Count("pk")))
    return {row["match"]: row["n"] for row in rows}


def forget_old(older_than: timedelta = timedelta(days=1)) -> int:
    """Periodic clean-up: rows of people long gone."""
    return Spectator.objects.filter(seen_at__lt=timezone.now() - older_than).delete()[0]
