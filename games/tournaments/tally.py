"""Standings from the matches' outcomes (never stored twice): the results, byes and absences
of a tournament handed to the pure scoring module."""

from __future__ import annotations

from engine import placement as engine_placement

from ..models import Match, Tournament
from . import rules, scoring


def placement_of(match: Match, users: list) -> list[list] | None:
    """The finishing order of a finished match as lists of the seats' user ids, else None."""
    if match.status != Match.Status.FINISHED or not match.outcome:
        return None
    order = engine_placement.of(match.outcome, match.players)
    return [[users[i] for i in group] for group in order]


def seated(match: Match) -> list:
    """The match's players (user ids) in seat order."""
    return [s.user_id for s in sorted(match.seats.all(), key=lambda s: s.index)]


def matches_of(t: Tournament):
    return t.matches.prefetch_related("seats").order_by("tournament_round", "pk")


def absent_ids(t: Tournament, entries=None) -> set:
    """Withdrawn players and closed or banned accounts: they stay in the standings as absent."""
    entries = entries if entries is not None else t.entries.select_related("user")
    return {e.user_id for e in entries if e.withdrawn_at is not None or not e.user.is_active}


def byes(t: Tournament, entries=None) -> dict:
    """Points from byes: a Swiss's pairing bye, and ½ for each round a late entrant missed. A
    cup's design byes are only rests (everyone sits out as often) and score nothing."""
    if t.format != Tournament.Format.SWISS:
        return {}
    entries = entries if entries is not None else t.entries.all()
    points = {e.user_id: rules.LATE_BYE * (e.first_round - 1) for e in entries}
    for r in t.round_set.exclude(bye=None):
        points[r.bye_id] = points.get(r.bye_id, 0.0) + rules.PAIRING_BYE
    return {k: v for k, v in points.items() if v}


def results(matches) -> list:
    found = []
    for m in matches:
        players = seated(m)
        found.append(scoring.Result(players=players, placement=placement_of(m, players)))
    return found


def standings(t: Tournament, matches=None, entries=None) -> list:
    """scoring.Standing rows, by rank, over the entrants' user ids."""
    entries = list(entries if entries is not None else t.entries.select_related("user"))
    matches = list(matches if matches is not None else matches_of(t))
    return scoring.standings([e.user_id for e in entries], results(matches), byes(t, entries),
                             absent=absent_ids(t, entries))
