"""Slow-play rules: a vacation pauses a tournament match's clock for 7 days at most; the ban
lifts as matches are finished; a withdrawal resigns the running matches."""

from datetime import datetime, timedelta, timezone as tz

import pytest
from django.utils import timezone

from games.clocks import controls as C, seat_clocks
from games.models import Match, Seat, Tournament, Vacation
from games.tournaments import rules, services
from tests.factories import make_user

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 3, 2, tzinfo=tz.utc)
DAY = timedelta(days=1)


def test_capped_keeps_only_the_first_days_after_the_start():
    pauses = [C.Pause(T0 - 3 * DAY, T0 - DAY), C.Pause(T0 + DAY, T0 + 5 * DAY), C.Pause(T0 + 10 * DAY, None)]
    capped = C.capped(pauses, T0, 7 * C.DAY)
    assert capped == [C.Pause(T0 + DAY, T0 + 5 * DAY), C.Pause(T0 + 10 * DAY, T0 + 13 * DAY)]
    assert C.capped([C.Pause(T0 - DAY, None)], T0, 7 * C.DAY) == [C.Pause(T0, T0 + 7 * DAY)]
    assert C.capped(pauses, T0, 0) == []


def cup_of_three():
    t = services.create(make_user("hen"), game="chickenrun", format="cup", seats=2, entrants=3)
    players = [make_user(n) for n in ("a", "b", "c")]
    for p in players:
        services.join(p, t)
    return Tournament.objects.get(pk=t.pk), players


def test_a_long_vacation_pauses_a_tournament_clock_seven_days_only():
    t, players = cup_of_three()
    match = t.matches.filter(status=Match.Status.ACTIVE).first()
    seat = match.seats.get(index=match.to_act[0])
    before = seat_clocks.compute_deadline(match, seat)
    Vacation.objects.create(user=seat.user, start=timezone.now())  # open-ended
    during = seat_clocks.compute_deadline(match, seat)
    assert during is not None and during - before == timedelta(days=rules.VACATION_DAYS)
    friendly = Match.objects.filter(pk=match.pk).first()
    friendly.tournament_id = None  # the same match outside a tournament: paused for good
    assert seat_clocks.compute_deadline(friendly, seat) is None


def test_the_ban_lifts_once_enough_matches_are_finished():
    t, (a, b, c) = cup_of_three()
    first = t.matches.filter(seats__user=a).order_by("pk")[0]
    Seat.objects.filter(match=first, user=a).update(timed_out=1)
    assert rules.ban_counts(a) == (1, 0) and rules.refusal(a)
    other = t.matches.filter(seats__user=a).exclude(pk=first.pk).first()
    Match.objects.filter(pk=other.pk).update(status=Match.Status.FINISHED)
    assert rules.ban_counts(a) == (1, 1) and rules.refusal(a)  # as many finished as lost on time: not yet
    t2 = services.create(make_user("rooster"), game="chickenrun", format="cup", seats=2, entrants=3)
    t2.entries.create(user=a)  # entered before the time-out
    for name in ("d", "e"):
        services.join(make_user(name), t2)
    Match.objects.filter(tournament=t2, seats__user=a).update(status=Match.Status.FINISHED)
    assert rules.ban_counts(a) == (1, 3) and rules.refusal(a) == ""


def test_withdrawing_from_a_running_cup_resigns_its_matches(django_capture_on_commit_callbacks):
    t, (a, b, c) = cup_of_three()
    with django_capture_on_commit_callbacks(execute=True):
        services.leave(a, t)
    for match in t.matches.filter(seats__user=a):
        assert match.status == Match.Status.FINISHED
        assert match.outcome["reason"] == "resigned"
    entry = t.entries.get(user=a)
    assert entry.withdrawn_at is not None
    with pytest.raises(services.ServiceError):
        services.leave(a, t)
