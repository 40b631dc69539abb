"""The health checks, each small and bounded in time: the database, Redis, the task queue's
depth and the age of the oldest notification still waiting to be delivered."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import DatabaseError, connection
from django.db.models import Exists, OuterRef
from django.utils import timezone

from games import notifications
from games.models import Match, Notification, Seat

# Celery's Redis transport keeps a queue's higher priorities in keys of their own.
PRIORITY_SEPARATOR = "\x06\x16"
PRIORITY_STEPS = (3, 6, 9)
_redis = None


def database() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError:
        return False


def redis_client():
    """One client for the process, with the short timeouts the site uses for Redis."""
    global _redis
    if _redis is None:
        import redis

        _redis = redis.Redis.from_url(settings.REDIS_URL, **settings.REDIS_CLIENT_OPTIONS)
    return _redis


def queue_depth() -> int:
    """Tasks waiting in the default queue (all priorities); raises if Redis cannot answer."""
    queue = getattr(settings, "CELERY_TASK_DEFAULT_QUEUE", "celery")
    keys = [queue] + [f"{queue}{PRIORITY_SEPARATOR}{step}" for step in PRIORITY_STEPS]
    pipe = redis_client().pipeline(transaction=False)
    for key in keys:
        pipe.llen(key)
    return sum(pipe.execute())


def oldest_undelivered_notification(now: datetime | None = None) -> float | None:
    """Seconds since the oldest notification that should have been delivered by now was due, or
    None when none is waiting.

    Today's notices are written by a worker when a turn starts (or, at the latest, by the
    missed-turn job): a turn whose "your turn" notice is due by the site's own rule
    (`notifications.turn_notice`: the player has not started it, is not in the match, has not
    moved lately) but is still not written after the grace the missed-turn job allows means
    the queue is not delivering. This is the one function to swap for the outbox's own figure.
    """
    now = now or timezone.now()
    written = Notification.objects.filter(
        user_id=OuterRef("user_id"), match_id=OuterRef("match_id"),
        kind=Notification.Kind.YOUR_TURN, created_at__gte=OuterRef("turn_started_at"),
    )
    due = (
        Seat.objects.filter(
            match__status=Match.Status.ACTIVE, user__isnull=False, bot="", turn_moves=0,
            turn_started_at__lt=now - notifications.MISSED_AFTER,
            turn_started_at__gte=now - notifications.MISSED_WITHIN,
        )
        .exclude(last_seen_at__gte=now - notifications.SEEN_RECENTLY)
        .exclude(last_moved_at__gte=now - notifications.ACTED_RECENTLY)
        .exclude(Exists(written))
        .select_related("match")
        .order_by("turn_started_at")
    )
    for seat in due[:50]:
        if seat.index in seat.match.to_act:
            return round((now - seat.turn_started_at).total_seconds() - notifications.MISSED_AFTER.total_seconds(), 1)
    return None
