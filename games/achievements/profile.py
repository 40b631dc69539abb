"""A player's achievements as the profile page and the API show them."""

from __future__ import annotations

from ..models import Achievement
from ..play.visibility import may_see
from . import catalog


def of(user, viewer=None) -> list[dict]:
    """[{"id", "name", "text", "game", "match", "at"}], newest first. The match is None where the
    viewer may not see it (a private match stays private)."""
    rows = Achievement.objects.filter(user=user).select_related("match").order_by("-earned_at", "code")
    out = []
    for row in rows:
        if not catalog.known(row.code):
            continue  # an achievement a game no longer has
        match = row.match if row.match is not None and may_see(row.match, viewer) else None
        out.append({"id": row.code, "name": catalog.name(row.code), "text": catalog.text(row.code),
                    "game": row.game, "match": match, "at": row.earned_at})
    return out


def as_api(entry: dict) -> dict:
    return {"id": entry["id"], "name": entry["name"], "match": entry["match"].pk if entry["match"] else None,
            "at": entry["at"].isoformat()}
