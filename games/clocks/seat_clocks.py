"""Keeps each seat's clock in step with the match: who is to act, since when, until when.

Called inside the write path's transaction whenever `Match.to_act` may have changed, and when
a vacation starts or ends. The deadline is stored on the seat so the time-out job is one
indexed query.
"""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext as _

from . import controls as C
from ..models import Match, Seat, Vacation


def known_pauses(seats) -> dict:
    """Users known to have no vacation touching their clock (seats read by
    match_rows.match_with_seats say so): the clocks skip the vacation query for them."""
    return {s.user_id: [] for s in seats if s.user_id and getattr(s, "has_pauses", True) is False}


def has_clock(match: Match) -> bool:
    """Matches against bots only have no clock: nobody is waiting on the person."""
    return match.clock.get("kind") in ("fischer", "per_move")


def pauses_for(user_id, cache: dict | None = None) -> list[C.Pause]:
    if user_id is None:
        return []
    if cache is not None and user_id in cache:
        return cache[user_id]
    pauses = [C.Pause(v.start, v.end) for v in Vacation.objects.filter(user_id=user_id)]
    if cache is not None:
        cache[user_id] = pauses
    return pauses


def match_pauses(match: Match, user_id, cache: dict | None = None) -> list[C.Pause]:
    """The vacations that stop this player's clock in this match: in a tournament's match only
    their first C.TOURNAMENT_VACATION_DAYS days from its start (slow-play rules)."""
    pauses = pauses_for(user_id, cache)
    if pauses and match.tournament_id and match.started_at:
        return C.capped(pauses, match.started_at, C.TOURNAMENT_VACATION_DAYS * C.DAY)
    return pauses


def turn_budget(match: Match, seat: Seat) -> float | None:
    budget = C.turn_budget(match.clock, seat.time_left)
    if budget is None:
        return None
    return budget + C.DAY * len(seat.extra_day_from)


def compute_deadline(match: Match, seat: Seat, cache=None) -> datetime | None:
    if not has_clock(match) or seat.turn_started_at is None or seat.bot or not seat.user_id:
        return None
    if match.status != Match.Status.ACTIVE:
        return None
    return C.deadline_after(
        seat.turn_started_at, turn_budget(match, seat), match.weekend_pause, match_pauses(match, seat.user_id, cache)
    )


def used_seconds(match: Match, seat: Seat, now: datetime, cache=None) -> float:
    if seat.turn_started_at is None:
        return 0.0
    return C.running_seconds(seat.turn_started_at, now, match.weekend_pause, match_pauses(match, seat.user_id, cache))


def start_clocks(match: Match, seats: list[Seat], now: datetime) -> None:
    if match.clock.get("kind") == "fischer":
        for seat in seats:
            seat.time_left = float(match.clock["initial"])
    sync(match, seats, [], now)


def sync(match: Match, seats: list[Seat], previous_to_act, now: datetime, save=True) -> list[Seat]:
    """Start and stop seat clocks after a change (the write path's one call to the clocks);
    returns the seats it changed (saved unless `save` is false: the write path saves them
    together). Seats that say they have no vacation cost no query."""
    cache = known_pauses(seats)
    changed_seats = []
    current = set(match.to_act) if match.status == Match.Status.ACTIVE else set()
    for seat in seats:
        was, now_in = seat.index in previous_to_act, seat.index in current
        changed = False
        if was and not now_in:
            if match.clock.get("kind") == "fischer" and seat.turn_started_at and seat.time_left is not None:
                used = used_seconds(match, seat, now, cache)
                seat.time_left = C.bank_after_move(match.clock, seat.time_left, used)
            _reset_turn(seat)
            changed = True
        elif now_in and not was:
            _reset_turn(seat)
            seat.turn_started_at = now
            seat.deadline = compute_deadline(match, seat, cache)
            changed = True
        elif not current and seat.deadline is not None:
            seat.deadline = None
            changed = True
        if changed:
            changed_seats.append(seat)
            if save:
                seat.save()
    return changed_seats


def refresh_deadlines(match: Match, seats: list[Seat]) -> None:
    """Recompute deadlines after a pause or a gift of time changed them."""
    cache: dict = {}
    for seat in seats:
        if seat.turn_started_at is not None and seat.index in match.to_act:
            seat.deadline = compute_deadline(match, seat, cache)
            seat.save(update_fields=["deadline"])


def _reset_turn(seat: Seat) -> None:
    seat.turn_started_at = None
    seat.deadline = None
    seat.turn_moves = 0
    seat.reminders_sent = []
    seat.extra_day_from = []


def remaining_seconds(match: Match, seat: Seat, now: datetime, cache=None) -> float | None:
    budget = turn_budget(match, seat) if seat.turn_started_at else None
    if budget is None:
        if match.clock.get("kind") == "fischer" and seat.time_left is not None:
            return seat.time_left
        return None
    return budget - used_seconds(match, seat, now, cache)


def time_left(match: Match, seats, now: datetime) -> dict[int, float | None]:
    """{seat index: seconds left on its clock, or None without a clock}, for pages and the API."""
    if not has_clock(match):
        return {s.index: None for s in seats}
    cache = known_pauses(seats)
    return {s.index: remaining_seconds(match, s, now, cache) for s in seats}


def human_duration(seconds: float | None) -> str:
    if seconds is None:
        return ""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, C.DAY)
    hours, rest = divmod(rest, C.HOUR)
    minutes = rest // 60
    if days:
        return _("%(days)dd %(hours)dh") % {"days": days, "hours": hours}
    if hours:
        return _("%(hours)dh %(minutes)dm") % {"hours": hours, "minutes": minutes}
    return _("%(minutes)dm") % {"minutes": minutes}
