"""Celery tasks of the outbox: one delivery per task, with retries and back-off, and one
daily digest per player. Each is safe to run twice: a delivery is claimed before it is sent.

Short back-offs are Celery retries (they stay within the broker's visibility timeout);
longer ones wait in the row's `due_at` for the sweep (games.tasks.sweep_outbox, every minute).
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.dispatch import receiver

from .. import signals
from . import delivery

log = logging.getLogger(__name__)
CELERY_RETRY_UNDER = 50  # seconds: longer waits go back to the sweep


@shared_task(bind=True, acks_late=True, ignore_result=True, max_retries=None)
def deliver(self, key: str, channel: str) -> str:
    try:
        return delivery.deliver(key, channel)
    except delivery.TryLater as exc:
        if exc.countdown <= CELERY_RETRY_UNDER and not self.request.is_eager:
            raise self.retry(countdown=exc.countdown, exc=exc) from None
        return f"later: {exc}"


@shared_task(bind=True, acks_late=True, ignore_result=True, max_retries=None)
def send_digest(self, user_id: int) -> str:
    try:
        return delivery.send_digest(user_id)
    except delivery.TryLater as exc:
        return f"later: {exc}"


@receiver(signals.deliveries_due)
def _queue_deliveries(sender, items, **kwargs):
    for key, channel in items:
        deliver.delay(key, channel)


@receiver(signals.digests_due)
def _queue_digests(sender, users, **kwargs):
    for user_id in users:
        send_digest.delay(user_id)
