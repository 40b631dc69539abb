"""What a tournament shows, on its page and in the API (GET /api/tournaments/{id}/): one
payload built in a few queries, names rather than ids."""

from __future__ import annotations

from django.utils.translation import gettext as _

from ..clocks.controls import CLOCK_NAMES
from ..models import Tournament
from ..notifications.events import tournament_title
from . import rules, scoring, tally


def title(t: Tournament) -> str:
    return tournament_title({"name": t.name, "game": t.game, "format": t.format})


def payload(t: Tournament, viewer=None) -> dict:
    entries = list(t.entries.select_related("user"))
    matches = list(tally.matches_of(t).prefetch_related("seats__user"))
    names = {e.user_id: e.user.username for e in entries}
    for m in matches:
        for s in m.seats.all():
            if s.user_id:
                names.setdefault(s.user_id, s.user.username)
    rounds = []
    byes = {r.number: r.bye_id for r in t.round_set.all()}
    for number in sorted(set(byes) | {m.tournament_round for m in matches if m.tournament_round}):
        listed = []
        for m in (m for m in matches if m.tournament_round == number):
            players = tally.seated(m)
            order = tally.placement_of(m, players)
            listed.append({"id": m.pk, "players": [names.get(p, "") for p in players], "status": m.status,
                           "placement": [[names.get(p, "") for p in group] for group in order] if order else None})
        bye = byes.get(number)
        rounds.append({"number": number, "matches": listed, "bye": names.get(bye) if bye else None})
    absent = tally.absent_ids(t, entries)
    standings = [
        {"player": names.get(s.player, ""), "points": s.points, "tiebreak": s.tiebreak, "rank": s.rank,
         "absent": bool(s.absent)}
        for s in (tally.standings(t, matches, entries) if entries else [])
    ]
    mine = next((e for e in entries if viewer is not None and e.user_id == getattr(viewer, "pk", None)), None)
    return {
        "id": t.pk,
        "name": title(t),
        "game": t.game,
        "format": t.format,
        "status": t.status,
        "seats": t.seats,
        "size": t.entrants,
        "round_count": t.rounds,
        "pace": t.pace,
        "time_control": t.time_control,
        "clock_text": str(CLOCK_NAMES.get(t.time_control, t.time_control)),
        "options": t.options,
        "official": t.official,
        "created_by": t.created_by.username if t.created_by_id else None,
        "starts_at": t.starts_at.isoformat() if t.starts_at else None,
        "round_days": t.round_days,
        "current_round": t.current_round,
        "rules": rules.sentences(t),
        "points_scale": scoring.place_points(t.seats),
        "ended_reason": _(t.ended_reason) if t.ended_reason else "",
        "entrants": [e.user.username for e in entries],
        "entries": [{"player": e.user.username, "absent": e.user_id in absent, "withdrawn": e.withdrawn_at is not None,
                     "late": e.first_round > 1} for e in entries],
        "rounds": rounds,
        "standings": standings,
        "you": _viewer(t, viewer, mine),
    }


def _viewer(t: Tournament, viewer, mine) -> dict | None:
    """What the reader may do here (the page's buttons), or None when not signed in."""
    if viewer is None or not getattr(viewer, "is_authenticated", False):
        return None
    running = t.status == Tournament.Status.RUNNING
    is_open = t.status == Tournament.Status.OPEN or (running and rules.late_entry_open(t))
    return {
        "entered": mine is not None,
        "withdrawn": bool(mine and mine.withdrawn_at),
        "may_join": mine is None and is_open,
        "may_leave": mine is not None and not mine.withdrawn_at and (t.status == Tournament.Status.OPEN or running),
        "may_start": t.format == Tournament.Format.SWISS and t.status == Tournament.Status.OPEN
        and (viewer.pk == t.created_by_id or viewer.is_staff),
        "refusal": rules.refusal(viewer) if mine is None and is_open else "",
    }
