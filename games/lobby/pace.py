"""A table's pace (Live, Fast, Slow): what each means, the clocks each takes, the default from a clock.

The one place these rules live: the lobby's form, the quick-match queue and the API all ask here,
so a Live table can never carry a 14-day clock whichever way it was made.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..clocks import controls as C
from ..models import Pace
from ..refusals import ServiceError

PACES = [p.value for p in Pace]

# One sentence each, shown wherever a pace is chosen.
MEANINGS = {
    Pace.LIVE: gettext_lazy("Everyone is at the table now: moves come within minutes."),
    Pace.FAST: gettext_lazy("Several moves a day."),
    Pace.SLOW: gettext_lazy("A move a day or so."),
}

# The site's clocks count in days, so a Live table keeps only the shortest (a safety net for a
# player who walks away) or none; Fast drops the clocks that give a week or more a move.
CLOCKS = {
    Pace.LIVE: ("1d", "fast", "none"),
    Pace.FAST: ("fast", "standard", "1d", "2d", "3d", "none"),
    Pace.SLOW: tuple(C.CLOCKS),
}
# Why a clock does not fit a pace, naming the clocks that do (the form and the API say it).
TOO_LONG = {
    Pace.LIVE: gettext_lazy("A Live table takes only the Fast clock, 1 day per move or no clock."),
    Pace.FAST: gettext_lazy("A Fast table takes no clock longer than Standard or 3 days per move."),
}
# The clock a table of that pace gets when only the pace is given.
USUAL_CLOCK = {Pace.LIVE: "1d", Pace.FAST: "fast", Pace.SLOW: C.DEFAULT_CLOCK}


def default_pace(clock: str) -> str:
    """The pace a clock suggests: a day a move or less is Fast, anything longer (or no clock) is Slow.

    Live is never a default: it promises that everyone is there now, which only people can say.
    """
    control = C.CLOCKS.get(clock, {"kind": "none"})
    if control["kind"] == "per_move":
        return Pace.FAST if control["days"] <= 1 else Pace.SLOW
    if control["kind"] == "fischer":
        return Pace.FAST if control["initial"] <= C.DAY else Pace.SLOW
    return Pace.SLOW


def choose(clock: str | None, pace: str | None) -> tuple[str, str]:
    """The (clock, pace) of a new table from what its creator gave (either may be missing).

    Refuses an unknown pace, and a clock the pace does not take (no narrowing behind the
    creator's back: they chose both, so they hear which clocks fit).
    """
    if pace in (None, ""):
        clock = clock or C.DEFAULT_CLOCK
        return clock, default_pace(clock)
    if pace not in PACES:
        raise ServiceError(_("Unknown pace %(p)r: choose live, fast or slow.") % {"p": pace})
    if not clock:
        return USUAL_CLOCK[pace], pace
    if clock in C.CLOCKS and clock not in CLOCKS[pace]:
        raise ServiceError(str(TOO_LONG[pace]))
    return clock, pace


def described() -> list[dict]:
    """Each pace with its name, its meaning and its clocks, in the reader's language (forms, docs)."""
    return [
        {"id": p.value, "name": str(p.label), "meaning": str(MEANINGS[p]), "clocks": list(CLOCKS[p])}
        for p in Pace
    ]
