"""A whole Swiss played through the write path: 9 players of Chicken Run over 4 rounds, with a
late entry, a withdrawal and a time-out at a round's deadline."""

from collections import Counter
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match, Notification, Round, Tournament
from games.tournaments import progress, report, rules, services
from tests.factories import make_user
from tests.tournaments.plays import hand_standings, play_out, same_standings

pytestmark = pytest.mark.django_db


def round_matches(t, number):
    return list(t.matches.filter(tournament_round=number).order_by("pk"))


def play_round(t, number, capture, skip=()):
    for match in round_matches(t, number):
        play_out(match, capture, skip=skip)
    t.refresh_from_db()


def names(match):
    return [s.user.username for s in match.seats.select_related("user").order_by("index")]


def test_nine_player_swiss_with_late_entry_withdrawal_and_timeout(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    admin = make_user("admin", is_staff=True)
    t = services.create(admin, game="chickenrun", format="swiss", seats=2, entrants=9, rounds=4, round_days=3)
    players = [make_user(f"p{i}") for i in range(9)]
    for p in players[:8]:
        services.join(p, t)
    services.start(admin, t)
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING and t.current_round == 1
    assert len(round_matches(t, 1)) == 4 and t.round_set.get(number=1).bye is None
    assert Notification.objects.filter(kind="tournament", key__contains=".round.r1.").count() == 8

    # Late entry during round 1: ½ point for the round missed.
    late = services.join(players[8], t)
    assert late.first_round == 2
    play_round(t, 1, capture)
    assert t.current_round == 2
    r2 = t.round_set.get(number=2)
    assert r2.bye is not None and len(round_matches(t, 2)) == 4  # 9 players: one bye
    assert r2.deadline == r2.started_at + timedelta(days=3)

    # A withdrawal in round 2: the running match is resigned, no more pairings.
    leaver = next(p for p in players[:8] if p != r2.bye and any(p.username in names(m) for m in round_matches(t, 2)))
    with capture(execute=True):
        services.leave(leaver, t)
    resigned = next(m for m in round_matches(t, 2) if leaver.username in names(m))
    resigned.refresh_from_db()
    assert resigned.status == Match.Status.FINISHED and leaver.username not in [
        names(resigned)[i] for i in resigned.outcome["winners"]]
    play_round(t, 2, capture)
    assert t.current_round == 3 and t.round_set.get(number=3).bye is None  # 8 players left

    # A time-out in round 3: one player never moves; the deadline passes; the job ends it.
    sleeper = next(p for p in players if p != leaver and any(p.username in names(m) for m in round_matches(t, 3)))
    play_round(t, 3, capture, skip=(sleeper,))
    stalled = next(m for m in round_matches(t, 3) if sleeper.username in names(m))
    assert stalled.status == Match.Status.ACTIVE and t.current_round == 3
    Round.objects.filter(tournament=t, number=3).update(deadline=timezone.now() - timedelta(seconds=1))
    with capture(execute=True):
        assert progress.end_overdue_rounds() == 1
    stalled.refresh_from_db()
    assert stalled.status == Match.Status.FINISHED and stalled.outcome["reason"] == "lost on time"
    assert stalled.turns.filter(kind="site", action__type="site.timeout").exists()
    assert Notification.objects.filter(kind="timeout", match=stalled, user=sleeper).exists()
    t.refresh_from_db()
    assert t.current_round == 4
    play_round(t, 4, capture)
    assert t.status == Tournament.Status.FINISHED and t.ended_reason == ""

    data = report.payload(t)
    games = [names(m) for m in t.matches.all()]
    assert len(games) == 16
    pairs = Counter(frozenset(g) for g in games)
    assert set(pairs.values()) == {1}  # no rematch
    for r in data["rounds"]:  # a bye player has no match that round; nobody plays twice in a round
        seated = [p for m in r["matches"] for p in m["players"]]
        assert len(seated) == len(set(seated)) and r["bye"] not in seated
    assert leaver.username not in [p for r in data["rounds"][2:] for m in r["matches"] for p in m["players"]]
    assert players[8].username not in [p for m in data["rounds"][0]["matches"] for p in m["players"]]
    byes = [r["bye"] for r in data["rounds"] if r["bye"]]
    assert len(byes) == 1 and len(set(byes)) == len(byes)
    for name in {p for g in games for p in g}:
        firsts = sum(g[0] == name for g in games)
        assert abs(firsts - sum(g[1] == name for g in games)) <= 2
    hand = hand_standings(t, byes={players[8].username: rules.LATE_BYE, byes[0]: rules.PAIRING_BYE})
    assert same_standings(data["standings"], hand)
    absent = {s["player"] for s in data["standings"] if s["absent"]}
    assert absent == {leaver.username}
    assert {e["player"]: (e["withdrawn"], e["late"]) for e in data["entries"]}[players[8].username] == (False, True)
    assert Notification.objects.filter(kind="tournament", key__contains=".results.").count() == 9
