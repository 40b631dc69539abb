"""Celery tasks. Each is safe to run twice: the write path's version check makes repeats no-ops."""

from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from . import notifications, services
from .models import Match


@shared_task(acks_late=True)
def play_bot_turns(match_id: int, version: int | None = None) -> int:
    """Play bot moves while a bot is to act (version is informational: stale tasks do nothing)."""
    return services.play_bot_turns(match_id)


@shared_task
def notify_turn(match_id: int, version: int, seats: list) -> int:
    return notifications.send_your_turn(match_id, version, seats)


@shared_task
def notify_finished(match_id: int) -> int:
    return notifications.send_finished(match_id)


@shared_task
def advance_stalled_bots(older_than_seconds: int = 30) -> int:
    """Beat job: a bot turn whose task was lost (worker restart) is played again."""
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    count = 0
    active = Match.objects.filter(status=Match.Status.ACTIVE, updated_at__lt=cutoff, seats__bot__gt="")
    for match in active.distinct().prefetch_related("seats"):
        bots = {s.index for s in match.seats.all() if s.bot}
        if bots.intersection(match.to_act):
            play_bot_turns.delay(match.pk, match.version)
            count += 1
    return count


PERIODIC_JOBS = {"advance_stalled_bots": advance_stalled_bots}
