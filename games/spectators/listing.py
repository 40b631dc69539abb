"""The lobby's Watch list: public matches in progress, the most recently moved first."""

from __future__ import annotations

from ..models import Match
from . import presence

LIMIT = 30


def watchable():
    return Match.objects.filter(status=Match.Status.ACTIVE, private=False)


def watch_list(user=None, limit: int = LIMIT) -> list[dict]:
    """[{"match", "watching"}]: public matches in progress the person does not play in."""
    rows = watchable().with_seats().select_related("tournament")  # a tournament match says which
    if getattr(user, "is_authenticated", False):
        rows = rows.not_played_by(user)
    matches = list(rows.order_by("-last_move_at", "-pk")[:limit])
    watching = presence.counts(m.pk for m in matches)
    return [{"match": m, "watching": watching.get(m.pk, 0)} for m in matches]
