"""The tournaments API: the contract's shapes, JSON refusals with their statuses, and the
services' refusals (a full cup, a banned player, joining twice, late entry after half the rounds)."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from games.models import Match, Seat, Tournament
from games.tournaments import progress, services
from tests.factories import make_user

pytestmark = pytest.mark.django_db

CONTRACT = {"id", "game", "format", "status", "entrants", "rounds", "standings"}


def client_for(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def cup_body(**extra):
    return {"game": "chickenrun", "format": "cup", "seats": 2, "entrants": 3, "clock": "standard", **extra}


def test_create_join_and_detail_shape():
    hen = make_user("hen")
    answer = client_for(hen).post("/api/tournaments/", cup_body(), format="json")
    assert answer.status_code == 201, answer.json()
    tid = answer.json()["id"]
    assert CONTRACT <= set(answer.json())
    players = [make_user(f"p{i}") for i in range(3)]
    for p in players[:2]:
        assert client_for(p).post(f"/api/tournaments/{tid}/join/").status_code == 200
    answer = client_for(players[2]).post(f"/api/tournaments/{tid}/join/")
    assert answer.status_code == 200
    data = client_for().get(f"/api/tournaments/{tid}/").json()
    assert data["status"] == "running" and data["format"] == "cup" and data["game"] == "chickenrun"
    assert sorted(data["entrants"]) == ["p0", "p1", "p2"]
    assert [r["number"] for r in data["rounds"]] == [1, 2, 3]
    for r in data["rounds"]:
        assert set(r) >= {"number", "matches", "bye"} and r["bye"] in data["entrants"]
        for m in r["matches"]:
            assert set(m) >= {"id", "players", "placement"} and m["placement"] is None
            assert len(m["players"]) == 2
    for row in data["standings"]:
        assert set(row) >= {"player", "points", "tiebreak", "rank", "absent"}
    assert data["created_by"] == "hen" and data["official"] is False
    assert data["points_scale"] == [1.0, 0.0] and data["rules"] and data["ended_reason"] == ""
    assert set(data["entries"][0]) == {"player", "absent", "withdrawn", "late"}


@pytest.mark.parametrize("body", [
    cup_body(game="nonesuch"),
    cup_body(entrants=12),
    cup_body(format="league"),
    cup_body(seats=3),  # Chicken Run is for two
    {"game": "chickenrun", "format": "swiss", "seats": 2, "entrants": 8, "rounds": 9},
    {"game": "chickenrun", "format": "swiss", "seats": 2, "entrants": 8, "rounds": 3, "clock": "none"},
    {"game": "chickendie", "format": "swiss", "seats": 3, "entrants": 8, "rounds": 3},
])
def test_create_refusals_are_json_400(body):
    answer = client_for(make_user("hen")).post("/api/tournaments/", body, format="json")
    assert answer.status_code == 400 and answer.json()["detail"]


def test_signed_out_and_not_staff():
    assert client_for().post("/api/tournaments/", cup_body(), format="json").status_code in (401, 403)
    answer = client_for(make_user("hen")).post("/api/tournaments/", cup_body(official=True), format="json")
    assert answer.status_code == 403 and answer.json()["detail"]


def test_unknown_tournament_is_json_404():
    answer = client_for(make_user("hen")).post("/api/tournaments/999/join/")
    assert answer.status_code == 404 and answer.json()["detail"]
    assert client_for().get("/api/tournaments/999/").status_code == 404


def test_full_cup_twice_and_leave():
    hen = make_user("hen")
    t = services.create(hen, game="chickenrun", format="cup", seats=2, entrants=3)
    a, b, c, d = (make_user(n) for n in "abcd")
    assert client_for(a).post(f"/api/tournaments/{t.pk}/join/").status_code == 200
    twice = client_for(a).post(f"/api/tournaments/{t.pk}/join/")
    assert twice.status_code == 400 and "already" in twice.json()["detail"]
    assert client_for(a).post(f"/api/tournaments/{t.pk}/leave/").status_code == 200
    assert client_for(a).post(f"/api/tournaments/{t.pk}/leave/").status_code == 403
    started = client_for(hen).post(f"/api/tournaments/{t.pk}/start/")
    assert started.status_code == 409 and "by itself" in started.json()["detail"]
    for u in (a, b, c):
        services.join(u, t)
    full = client_for(d).post(f"/api/tournaments/{t.pk}/join/")
    assert full.status_code == 409 and full.json()["detail"]


def test_banned_player_is_refused_and_told_why():
    hen = make_user("hen")
    t = services.create(hen, game="chickenrun", format="cup", seats=2, entrants=3)
    late = make_user("late")
    a, b = make_user("a"), make_user("b")
    for u in (late, a, b):
        services.join(u, t)
    match = Match.objects.filter(tournament=t, seats__user=late).first()
    Seat.objects.filter(match=match, user=late).update(timed_out=1)
    other = services.create(hen, game="chickenrun", format="cup", seats=2, entrants=3)
    answer = client_for(late).post(f"/api/tournaments/{other.pk}/join/")
    assert answer.status_code == 403 and "lost on time: 1; finished: 0." in answer.json()["detail"]


def test_swiss_start_by_creator_only_and_late_entry_closes_at_half():
    hen = make_user("hen")
    t = services.create(hen, game="chickenrun", format="swiss", seats=2, entrants=8, rounds=4)
    for n in "ab":
        services.join(make_user(n), t)
    assert client_for(make_user("x")).post(f"/api/tournaments/{t.pk}/start/").status_code == 403
    assert client_for(hen).post(f"/api/tournaments/{t.pk}/start/").status_code == 200
    t.refresh_from_db()
    assert t.current_round == 1 and services.join(make_user("c"), t).first_round == 2
    Tournament.objects.filter(pk=t.pk).update(current_round=2)  # half the rounds started
    answer = client_for(make_user("d")).post(f"/api/tournaments/{t.pk}/join/")
    assert answer.status_code == 409 and "half" in answer.json()["detail"]


def test_swiss_with_too_few_at_its_start_time_is_cancelled_and_says_why():
    hen = make_user("hen")
    t = services.create(hen, game="chickenrun", format="swiss", seats=2, entrants=8, rounds=3,
                        starts_at=timezone.now() + timedelta(hours=1))
    services.join(make_user("a"), t)
    assert progress.start_due() == 0
    assert progress.start_due(now=timezone.now() + timedelta(hours=2)) == 1
    data = client_for().get(f"/api/tournaments/{t.pk}/").json()
    assert data["status"] == "cancelled" and "Fewer than 2 players" in data["ended_reason"]


def test_listing():
    hen = make_user("hen")
    t = services.create(hen, game="chickenrun", format="cup", seats=2, entrants=3)
    answer = client_for().get("/api/tournaments/")
    assert answer.status_code == 200 and [x["id"] for x in answer.json()] == [t.pk]
    assert list(services.listing()["open"]) == [t]


def test_the_periodic_job_starts_a_swiss_at_its_time():
    from django.core.management import call_command

    hen = make_user("hen")
    t = services.create(hen, game="chickenrun", format="swiss", seats=2, entrants=8, rounds=3,
                        starts_at=timezone.now())
    for n in "abc":
        services.join(make_user(n), t)
    call_command("run_periodic_jobs", "advance_tournaments")
    data = client_for().get(f"/api/tournaments/{t.pk}/").json()
    assert data["status"] == "running" and data["current_round"] == 1
    assert len(data["rounds"][0]["matches"]) == 1 and data["rounds"][0]["bye"] in {"a", "b", "c"}
