"""Vacation days: they accrue (30 a year, capped), and while one runs all the player's clocks
stand still. A vacation can also start by itself instead of a time-out."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction

from accounts.models import User
from django.utils import timezone
from django.utils.translation import gettext as _

from ..clocks import seat_clocks
from ..refusals import ServiceError
from ..models import Match, Seat, Vacation
from ..notifications import events, outbox

DAYS_PER_YEAR = 30.0
CAP = 45.0
DAY = 86400.0


def balance(user, now=None) -> float:
    """Days left, counting what accrued since the last bookkeeping and the running vacation."""
    now = now or timezone.now()
    accrued = (now - user.vacation_accrued_at).total_seconds() / DAY * DAYS_PER_YEAR / 365
    days = min(CAP, user.vacation_days + accrued)
    running = current(user)
    if running is not None:
        days -= (now - max(running.start, user.vacation_accrued_at)).total_seconds() / DAY
    return max(0.0, days)


def current(user) -> Vacation | None:
    return Vacation.objects.filter(user=user, end__isnull=True).first()


def _settle(user, now) -> None:
    """Fold accrual (and days spent) into the stored balance."""
    user.vacation_days = balance(user, now)
    user.vacation_accrued_at = now
    user.save(update_fields=["vacation_days", "vacation_accrued_at"])


RETURN_GRACE = timedelta(hours=1)


def start(user, automatic=False, now=None, since=None) -> Vacation:
    """Start a vacation now, or (automatic, instead of a time-out) from `since`: the moment the
    clock ran out less one hour, so that a returning player finds an hour to move in."""
    now = now or timezone.now()
    with transaction.atomic():
        if current(user) is not None:
            raise ServiceError(_("You are already on vacation."))
        if balance(user, now) < 1 / 24:
            raise ServiceError(_("You have no vacation days left."))
        _settle(user, now)
        begins = min(now, since) if since else now
        vacation = Vacation.objects.create(user=user, start=begins, automatic=automatic)
        _refresh_clocks(user)
        outbox.record(events.vacation(vacation, user, opponents(user), started=True), now)
    return vacation


def end(user, now=None, automatic=False) -> Vacation:
    """End the running vacation (`automatic`: its days ran out, so the player is told)."""
    now = now or timezone.now()
    with transaction.atomic():
        vacation = current(user)
        if vacation is None:
            raise ServiceError(_("You are not on vacation."))
        _settle(user, now)
        vacation.end = now
        vacation.save()
        _refresh_clocks(user)
        told = opponents(user)
        specs = events.vacation(vacation, user, told, started=False)
        outbox.record(specs if automatic else specs[1:], now)  # the player ended it: they know
    return vacation


def opponents(user) -> list:
    """The people this player faces in running matches (a bot match has none)."""
    return list(User.objects.filter(
        seats__match__status=Match.Status.ACTIVE, seats__match__seats__user=user, seats__bot="",
    ).exclude(pk=user.pk).distinct())


def end_exhausted(now=None) -> int:
    """Periodic job: vacations whose days ran out end by themselves."""
    now = now or timezone.now()
    count = 0
    for vacation in Vacation.objects.filter(end__isnull=True).select_related("user"):
        if balance(vacation.user, now) <= 0:
            end(vacation.user, now, automatic=True)
            count += 1
    return count


def _refresh_clocks(user) -> None:
    for seat in Seat.objects.filter(user=user, match__status=Match.Status.ACTIVE).select_related("match"):
        if seat.index in seat.match.to_act:
            seat_clocks.refresh_deadlines(seat.match, [seat])


def until(user, now=None) -> timedelta | None:
    running = current(user)
    if running is None:
        return None
    return timedelta(days=balance(user, now))
