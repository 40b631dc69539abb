"""Glicko-2 ratings per game, updated when a rated match ends (all people, no bots)."""

from __future__ import annotations

from . import glicko2
from ..models import Match, Rating


def placings(outcome: dict, seats) -> dict[int, int]:
    """Winners first, then players neither winning nor losing, then losers."""
    winners, losers = set(outcome.get("winners", [])), set(outcome.get("losers", []))
    return {s.index: 0 if s.index in winners else 2 if s.index in losers else 1 for s in seats}


def _partners(outcome: dict) -> set[tuple[int, int]]:
    """Pairs of seats on one team (an outcome's "teams"): a team result is each player's result
    against the other team, and partners never play each other."""
    return {(a, b) for team in outcome.get("teams") or [] for a in team for b in team if a != b}


def record(match: Match, seats) -> None:
    """Rate a finished rated match: every pair of players counts as one game (pairwise)."""
    if not match.rated or match.outcome is None or any(s.user_id is None for s in seats):
        return
    users = {s.index: s.user_id for s in seats}
    rows = {}
    for index, user_id in users.items():
        rows[index], _ = Rating.objects.select_for_update().get_or_create(user_id=user_id, game=match.game)
    before = {i: glicko2.Rating(r.rating, r.rd, r.volatility) for i, r in rows.items()}
    results = glicko2.pairwise_results(placings(match.outcome, seats))
    partners = _partners(match.outcome)
    for index, row in rows.items():
        games = [(before[j], score) for j, score in results[index] if (index, j) not in partners]
        new = glicko2.update(before[index], games)
        row.rating, row.rd, row.volatility = new.rating, new.rd, new.volatility
        row.games += 1
        row.save()
