"""Ending a match, shared by the write path (the game is over) and the site actions (a forfeit)."""

from django.utils import timezone

from ..models import Match


def finish(match: Match, outcome: dict) -> None:
    match.outcome = outcome
    match.status = Match.Status.FINISHED
    match.finished_at = timezone.now()
    match.to_act = []
