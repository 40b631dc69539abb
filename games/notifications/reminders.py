"""Periodic notices about turns: reminders before a clock runs out, and the "your turn" a
player missed because they were busy in the match when it came.

Reminders follow the turn's own time (docs/correspondence.md has the table): one at half
time and one when `last_call(budget)` is left — for a one-day clock at 12 hours and at
2 hours left — never more than two per move (thresholds passed together give one notice, the
later one), and none while the player has the match open (it counts as given).
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from ..clocks import seat_clocks
from ..models import Match, Notification, Seat
from . import events, outbox

HOUR = 3600
MISSED_AFTER = timedelta(minutes=2)  # a notice the move skipped has had its chance by then
MISSED_WITHIN = timedelta(days=1)  # older turns are past notifying


def last_call(budget: float) -> float:
    """Seconds left at the last reminder: a twelfth of the turn's time, at least 2 hours and
    at most a day (1 day: 2 h; 3 days: 6 h; 7 days: 14 h; 14 days: 24 h)."""
    return min(max(budget / 12, 2 * HOUR), 24 * HOUR)


def schedule(budget: float) -> list[tuple[str, float]]:
    """(label, seconds left) of a turn's reminders, earliest first; a short turn whose last call
    would come before half time gets only the half-time one."""
    half, last = budget / 2, last_call(budget)
    return [("half", half)] if last >= half else [("half", half), ("last", last)]


def due(budget: float, left: float, sent: list[str]) -> tuple[str | None, list[str]]:
    """The reminder to give now (or None) and every label to mark as given."""
    passed = [label for label, at in schedule(budget) if left <= at]
    fresh = [label for label in passed if label not in sent]
    return (fresh[-1] if fresh else None), fresh


def send_reminders(now=None) -> int:
    now = now or timezone.now()
    sent = 0
    seats = Seat.objects.filter(
        deadline__isnull=False, match__status=Match.Status.ACTIVE, user__isnull=False, bot=""
    ).select_related("match", "user").prefetch_related("match__seats")
    for seat in seats:
        match = seat.match
        if seat.index not in match.to_act:
            continue
        budget = seat_clocks.turn_budget(match, seat)
        left = seat_clocks.remaining_seconds(match, seat, now)
        if not budget or left is None:
            continue
        label, fresh = due(budget, left, seat.reminders_sent)
        if label is None:
            continue
        sent += _remind(seat, label, fresh, left, now)
    return sent


def _remind(seat: Seat, label: str, fresh: list[str], left: float, now) -> int:
    """Record the reminder and mark its thresholds given, in one transaction under the seat's
    lock, so two runs of the job give it once."""
    with transaction.atomic():
        locked = Seat.objects.select_for_update().filter(pk=seat.pk, turn_started_at=seat.turn_started_at).first()
        if locked is None or label in locked.reminders_sent:
            return 0
        locked.reminders_sent = [*locked.reminders_sent, *fresh]
        locked.last_reminder_at = now
        locked.save(update_fields=["reminders_sent", "last_reminder_at"])
        if events.busy_here(seat.last_seen_at, None, now) or len(events.people(seat.match.seats.all())) < 2:
            return 0  # the match is open before them: this one counts as given
        seat.deadline = locked.deadline
        outbox.record([events.reminder(seat.match, seat, label, left)], now)
    return 1


def send_missed_turn_notices(now=None) -> int:
    """A turn whose "your turn" the move did not record (the player was busy in the match,
    or it came at the start) gets it once they have left without starting it."""
    now = now or timezone.now()
    due_seats = Seat.objects.filter(
        match__status=Match.Status.ACTIVE, user__isnull=False, bot="", turn_moves=0,
        turn_started_at__lt=now - MISSED_AFTER, turn_started_at__gte=now - MISSED_WITHIN,
    ).select_related("match", "user").prefetch_related("match__seats")
    specs = []
    for seat in due_seats:
        match = seat.match
        if seat.index not in match.to_act or events.busy_here(seat.last_seen_at, seat.last_moved_at, now):
            continue
        if seat.last_moved_at and seat.last_moved_at >= seat.turn_started_at:
            continue
        if len(events.people(match.seats.all())) < 2:
            continue
        specs.append(events.your_turn(match, seat))
    known = set(Notification.objects.filter(key__in=[s.key for s in specs]).values_list("key", flat=True))
    specs = [s for s in specs if s.key not in known]
    with transaction.atomic():
        outbox.record(specs, now)
    return len(specs)
