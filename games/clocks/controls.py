"""Correspondence clocks: pure arithmetic over UTC datetimes, no database.

A clock only runs while its player is to act, and not during pauses: the match's weekend
pause (Saturday 00:00 to Monday 00:00 UTC) and the player's vacations. Three kinds:
- fischer: a bank of time; each move spends what it took, then earns an increment (up to a cap);
- per_move: N days for every move;
- none: no clock; a match with no move for 21 days is abandoned.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

HOUR = 3600
DAY = 24 * HOUR
ABANDON_AFTER = 21 * DAY

CLOCKS = {
    "fast": {"kind": "fischer", "initial": 1 * DAY, "increment": 4 * HOUR, "cap": 3 * DAY},
    "standard": {"kind": "fischer", "initial": 3 * DAY, "increment": 1 * DAY, "cap": 7 * DAY},
    "relaxed": {"kind": "fischer", "initial": 7 * DAY, "increment": 2 * DAY, "cap": 14 * DAY},
    **{f"{n}d": {"kind": "per_move", "days": n} for n in (1, 2, 3, 5, 7, 10, 14)},
    "none": {"kind": "none"},
}


def _per_move_text(n: int) -> str:
    return gettext("%(n)s days per move") % {"n": n} if n > 1 else gettext("1 day per move")


# Translated when read, like the names below ("%" on a lazy text would fix it in English at import).
_per_move = lazy(_per_move_text, str)

CLOCK_NAMES = {
    "fast": _("Fast: 1 day + 4 hours a move, up to 3 days"),
    "standard": _("Standard: 3 days + 1 day a move, up to 7 days"),
    "relaxed": _("Relaxed: 7 days + 2 days a move, up to 14 days"),
    **{f"{n}d": _per_move(n) for n in (1, 2, 3, 5, 7, 10, 14)},
    "none": _("No clock (friends' game; abandoned after 21 days without a move)"),
}
DEFAULT_CLOCK = "standard"


@dataclass(frozen=True)
class Pause:
    start: datetime
    end: datetime | None  # None: still running (a vacation not yet ended)


TOURNAMENT_VACATION_DAYS = 7  # how long vacations may pause a tournament match's clocks, in all


def capped(vacations, since: datetime, seconds: float) -> list[Pause]:
    """Vacations as a tournament match counts them: only their first `seconds` after `since`
    (a running vacation ends, for this clock, when they are used up)."""
    found, left = [], float(seconds)
    for p in sorted(vacations, key=lambda p: p.start):
        if left <= 0:
            break
        if p.end is not None and p.end <= since:
            continue
        start = max(p.start, since)
        end = start + timedelta(seconds=left)
        if p.end is not None:
            end = min(end, p.end)
        found.append(Pause(start, end))
        left -= (end - start).total_seconds()
    return found


def _weekend_containing_or_after(t: datetime) -> Pause:
    """The first weekend (Sat 00:00 → Mon 00:00 UTC) that ends after t."""
    midnight = t.replace(hour=0, minute=0, second=0, microsecond=0)
    saturday = midnight + timedelta(days=(5 - midnight.weekday()) % 7)
    if midnight.weekday() == 6:  # Sunday: this weekend began yesterday
        saturday = midnight - timedelta(days=1)
    return Pause(saturday, saturday + timedelta(days=2))


def _next_pause(t: datetime, weekend_pause: bool, vacations: list[Pause]) -> Pause | None:
    """The earliest pause that has not ended by t, merged with pauses it overlaps."""
    candidates = [p for p in vacations if p.end is None or p.end > t]
    if weekend_pause:
        candidates.append(_weekend_containing_or_after(t))
    if not candidates:
        return None
    first = min(candidates, key=lambda p: p.start)
    start, end = first.start, first.end
    merged = True
    while merged and end is not None:
        merged = False
        for p in candidates:
            if p.start <= end and (p.end is None or p.end > end):
                end = p.end
                merged = True
                if end is None:
                    break
        if weekend_pause and end is not None:
            w = _weekend_containing_or_after(end)
            if w.start <= end < w.end:
                end, merged = w.end, True
    return Pause(start, end)


def running_seconds(start: datetime, end: datetime, weekend_pause=False, vacations=()) -> float:
    """Seconds of [start, end) during which the clock ran."""
    vacations = list(vacations)
    total, t = 0.0, start
    while t < end:
        pause = _next_pause(t, weekend_pause, vacations)
        if pause is None or pause.start >= end:
            return total + (end - t).total_seconds()
        if pause.start > t:
            total += (pause.start - t).total_seconds()
        if pause.end is None:
            return total
        t = max(t, pause.end)
    return total


def deadline_after(start: datetime, budget: float, weekend_pause=False, vacations=()) -> datetime | None:
    """When `budget` running seconds will have passed since `start`; None while paused for good."""
    vacations = list(vacations)
    t, remaining = start, float(budget)
    for _step in range(10_000):
        pause = _next_pause(t, weekend_pause, vacations)
        if pause is None or pause.start > t + timedelta(seconds=remaining):
            return t + timedelta(seconds=remaining)
        if pause.start > t:
            remaining -= (pause.start - t).total_seconds()
        if pause.end is None:
            return None
        t = max(t, pause.end)
    return None


def turn_budget(clock: dict, time_left: float | None) -> float | None:
    """Seconds a player has for the turn that starts now (None: no clock)."""
    kind = clock.get("kind")
    if kind == "fischer":
        return float(time_left if time_left is not None else clock["initial"])
    if kind == "per_move":
        return float(clock["days"] * DAY)
    return None


def bank_after_move(clock: dict, time_left: float, used: float) -> float:
    """Fischer: what remains after a move that took `used` seconds, increment added, capped."""
    return min(float(clock["cap"]), max(0.0, time_left - used) + clock["increment"])


def describe(clock: dict) -> str:
    for key, value in CLOCKS.items():
        if value == clock:
            return str(CLOCK_NAMES[key])
    return str(_("Custom clock"))
