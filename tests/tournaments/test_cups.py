"""Whole cups played through the write path: each person's moves chosen by a bot, every
follow-up (the end, the results, the trophy) as on the site; standings against a hand count."""

from collections import Counter
from itertools import combinations

import pytest

from games.achievements import profile
from games.models import Achievement, Match, Notification, Tournament
from games.tournaments import report, services
from tests.factories import make_user
from tests.tournaments.plays import hand_standings, order_of, play_out, same_standings

pytestmark = pytest.mark.django_db


def full_cup(game, seats, size, **kwargs):
    admin = make_user("admin", is_staff=True)
    t = services.create(admin, game=game, format="cup", seats=seats, entrants=size, **kwargs)
    players = [make_user(f"p{i}") for i in range(size)]
    for p in players:
        services.join(p, t)
    t.refresh_from_db()
    return t, players


def play_cup(t, capture):
    for match in t.matches.order_by("pk"):
        play_out(match, capture)
    t.refresh_from_db()
    return t


def tables_of(t):
    return [[s.user.username for s in m.seats.select_related("user").order_by("index")] for m in t.matches.all()]


def test_five_player_two_seat_cup(django_capture_on_commit_callbacks):
    t, players = full_cup("chickenrun", 2, 5)
    assert t.status == Tournament.Status.RUNNING and t.matches.count() == 10  # all at once
    assert set(t.matches.values_list("status", flat=True)) == {Match.Status.ACTIVE}
    assert set(t.matches.values_list("timeout_policy", flat=True)) == {"lose"}
    tables = tables_of(t)
    pairs = Counter(frozenset(x) for x in tables)
    assert len(pairs) == 10 and set(pairs.values()) == {1}  # each pair once
    assert sorted(Counter(x[0] for x in tables).values()) == [2] * 5  # first seat balanced
    byes = [r.bye.username for r in t.round_set.all()]
    assert sorted(byes) == sorted(p.username for p in players)  # one rest each, one per round
    assert Notification.objects.filter(kind="tournament", key__contains=".start.").count() == 5
    t = play_cup(t, django_capture_on_commit_callbacks)
    assert t.status == Tournament.Status.FINISHED
    data = report.payload(t)
    assert same_standings(data["standings"], hand_standings(t))
    assert all(r["bye"] is None or not any(r["bye"] in m["players"] for m in r["matches"]) for r in data["rounds"])
    winners = {s["player"] for s in data["standings"] if s["rank"] == 1}
    trophies = Achievement.objects.filter(code="chickenrun.tournament_winner")
    assert set(trophies.values_list("user__username", flat=True)) == winners
    assert [a["name"] for a in profile.of(trophies[0].user)] == ["Tournament winner"]
    assert Notification.objects.filter(kind="tournament", key__contains=".results.").count() == 5


def test_seven_player_three_seat_chickendie_cup(django_capture_on_commit_callbacks):
    t, players = full_cup("chickendie", 3, 7)
    tables = tables_of(t)
    assert len(tables) == 7 and all(len(x) == 3 for x in tables)
    meetings = Counter(frozenset(p) for x in tables for p in combinations(x, 2))
    assert len(meetings) == 21 and set(meetings.values()) == {1}  # every pair meets once
    for seat in range(3):  # each player once in each seat
        assert sorted(Counter(x[seat] for x in tables).values()) == [1] * 7
    t = play_cup(t, django_capture_on_commit_callbacks)
    assert t.status == Tournament.Status.FINISHED
    data = report.payload(t)
    assert data["points_scale"] == [2.0, 1.0, 0.0]
    for r in data["rounds"]:
        for m in r["matches"]:
            assert m["placement"] == order_of(Match.objects.get(pk=m["id"]))
    assert same_standings(data["standings"], hand_standings(t))


@pytest.mark.slow  # 4 matches of about 300 moves each, every one through the write path
def test_four_player_wfci_cup_at_four_seat_tables(django_capture_on_commit_callbacks):
    t, players = full_cup("wfci", 4, 4, options={"preset": "standard"})
    tables = tables_of(t)
    assert all(len(x) == 4 for x in tables)
    for seat in range(4):  # every seat position once each
        assert sorted(Counter(x[seat] for x in tables).values()) == [1] * 4
    meetings = Counter(frozenset(p) for x in tables for p in combinations(x, 2))
    assert len(set(meetings.values())) == 1 and len(meetings) == 6  # every pair equally often
    t = play_cup(t, django_capture_on_commit_callbacks)
    assert t.status == Tournament.Status.FINISHED
    assert same_standings(report.payload(t)["standings"], hand_standings(t))
