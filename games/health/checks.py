"""The health checks, each small and bounded in time: the database, Redis, the task queue's
depth and the age of the oldest notification still waiting to be delivered."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import DatabaseError, connection

from games.notifications import outbox

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
    """Seconds the oldest notification due and not yet delivered has waited (the outbox's
    backlog, docs/correspondence.md), or None when none is waiting."""
    age = outbox.backlog(now)["oldest_age_seconds"]
    return None if age is None else round(age, 1)
