"""Slow-play rules of tournaments, in one place so the services enforce exactly what the
tournament page says before anyone joins."""

from __future__ import annotations

from django.db.models import Count, Q, Sum
from django.utils.translation import gettext as _, ngettext

from ..clocks.controls import TOURNAMENT_VACATION_DAYS
from ..models import Seat, Tournament

TIMEOUT_POLICY = "lose"  # a time-out loses the match: no bot stands in
VACATION_DAYS = TOURNAMENT_VACATION_DAYS  # vacations pause a tournament match's clocks this many days at most
PAIRING_BYE = 1.0  # a Swiss's pairing bye (odd number of players) is worth a win
LATE_BYE = 0.5  # each round a late entrant missed


def ban_counts(user) -> tuple[int, int]:
    """(time-outs in tournament matches, tournament matches finished without timing out)."""
    seats = Seat.objects.filter(user=user, match__tournament__isnull=False)
    counts = seats.aggregate(
        timeouts=Sum("timed_out"),
        finished=Count("pk", filter=Q(match__status="finished", timed_out=0)),
    )
    return counts["timeouts"] or 0, counts["finished"] or 0


def refusal(user) -> str:
    """Why `user` may not enter a tournament now ("" when they may)."""
    if not user.is_active:
        return _("This account is closed.")
    timeouts, finished = ban_counts(user)
    if timeouts and timeouts >= finished:
        return _(
            "You cannot enter for now: tournament matches lost on time: %(t)s; finished: %(f)s. You may enter "
            "again once you have finished more tournament matches than you lost on time."
        ) % {"t": timeouts, "f": finished}
    return ""


def late_entry_open(t: Tournament) -> bool:
    """A Swiss takes late entrants until half its rounds have started."""
    return t.format == Tournament.Format.SWISS and t.current_round * 2 < t.rounds


def sentences(t: Tournament) -> list[str]:
    """Every rule of this tournament, as the page shows it before anyone joins."""
    rules = [
        _("A time-out loses the match: no bot plays for you in a tournament."),
        ngettext(
            "Vacations pause the clocks of your tournament matches for at most %(n)s day in all, counted from "
            "each match's start; after that they run.",
            "Vacations pause the clocks of your tournament matches for at most %(n)s days in all, counted from "
            "each match's start; after that they run.",
            VACATION_DAYS,
        ) % {"n": VACATION_DAYS},
        _(
            "A player who lost a tournament match on time cannot enter another tournament until they have "
            "finished more tournament matches than they lost on time."
        ),
        _("A closed or banned account, or a player who withdraws, stays in the standings as absent."),
    ]
    if t.format == Tournament.Format.CUP:
        rules += [
            _("The cup starts by itself when its last place is taken, and all its matches start at once."),
            _("Each match is played at its own pace: a slow table holds up nobody else's matches."),
        ]
    else:
        rules += [
            ngettext("A round lasts at most %(n)s day, vacations or not: then whoever is still to move loses on time.",
                     "A round lasts at most %(n)s days, vacations or not: then whoever is still to move loses on time.",
                     t.round_days) % {"n": t.round_days},
            _("Players with the same score are paired; nobody meets the same opponent twice, and first seats "
              "are balanced."),
            _("With an odd number of players, one gets a bye worth 1 point, never twice if it can be avoided."),
            _("Late entry is open until half the rounds have started; each round missed counts ½ point."),
            _("A player who withdraws is no longer paired; their running matches are resigned."),
            _("If no pairing without a rematch exists, the tournament ends there."),
        ]
    rules.append(_("Ties are broken by Sonneborn–Berger, then direct encounters, then the number of first seats."))
    return rules
