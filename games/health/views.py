"""`GET /health/`: 200 when the database and Redis answer, 503 when either does not."""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import DatabaseError
from django.http import JsonResponse
from django.views.decorators.http import require_safe

from ..live import stream as live_stream
from . import checks

log = logging.getLogger(__name__)


@require_safe
def health(request):
    database = checks.database()
    body = {"database": "ok" if database else "down"}
    healthy = database
    if settings.REDIS_URL:
        try:
            body["queue_depth"] = checks.queue_depth()
            body["redis"] = "ok"
        except Exception as exc:  # noqa: BLE001 - any failure to reach Redis is "down"
            log.warning("health: Redis unreachable (%s)", type(exc).__name__)
            body.update(redis="down", queue_depth=None)
            healthy = False
    else:
        body.update(redis="not used", queue_depth=0)  # tasks run in-process (make run)
    try:
        body["oldest_undelivered_notification_seconds"] = checks.oldest_undelivered_notification() if database else None
    except DatabaseError:
        body["oldest_undelivered_notification_seconds"] = None
        body["database"], healthy = "down", False
    try:
        body["live"] = live_stream.report()
    except Exception as exc:  # noqa: BLE001 - Redis down is reported above; pages poll meanwhile
        body["live"] = {"fan_out": "down", "error": type(exc).__name__}
    body["status"] = "ok" if healthy else "unavailable"
    response = JsonResponse(body, status=200 if healthy else 503)
    response["Cache-Control"] = "no-store"
    return response
