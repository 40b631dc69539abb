"""Lobby matchmaking: quick match, invitations, secret links, private matches, blocks, rematch."""

from datetime import datetime, timedelta, timezone

import pytest
import time_machine
from django.core.management import call_command

from games.lobby import quick, tables
from games.players import blocks
from games.play import services
from games.refusals import Forbidden, ServiceError
from games.models import Invitation, Match, QueueEntry, Rating
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)
T0 = datetime(2026, 11, 17, 10, 0, tzinfo=timezone.utc)


def rated(user, value):
    Rating.objects.create(user=user, game="race", rating=value)


def test_quick_match_pairs_close_ratings_at_once():
    a, b = make_user("a"), make_user("b")
    rated(a, 1500)
    rated(b, 1560)
    assert quick.enqueue(a, "race", "1d") is None
    match = quick.enqueue(b, "race", "1d")
    assert match is not None and match.status == Match.Status.ACTIVE and match.rated
    assert {s.user for s in match.seats.all()} == {a, b}
    assert not QueueEntry.objects.exists()


def test_quick_match_window_widens_while_waiting():
    with time_machine.travel(T0, tick=False) as clock:
        a, b = make_user("a"), make_user("b")
        rated(a, 1500)
        rated(b, 1750)
        quick.enqueue(a, "race", "1d")
        assert quick.enqueue(b, "race", "1d") is None  # 250 apart, windows are 100
        clock.shift(timedelta(minutes=2))
        call_command("run_periodic_jobs", "pair_quick_matches")
        assert QueueEntry.objects.count() == 2  # b's window is still 200
        clock.shift(timedelta(minutes=1))
        call_command("run_periodic_jobs", "pair_quick_matches")
        assert not QueueEntry.objects.exists()
        assert Match.objects.filter(status=Match.Status.ACTIVE).count() == 1


def test_quick_match_keeps_games_and_clocks_apart_and_needs_a_clock():
    a, b = make_user("a"), make_user("b")
    quick.enqueue(a, "race", "1d")
    assert quick.enqueue(b, "race", "3d") is None
    with pytest.raises(ServiceError):
        quick.enqueue(a, "race", "none")


def test_blocked_players_are_not_paired_or_invited():
    a, b = make_user("a"), make_user("b")
    blocks.block(b, a)
    quick.enqueue(a, "race", "1d")
    assert quick.enqueue(b, "race", "1d") is None
    with pytest.raises(ServiceError, match="does not accept"):
        tables.create_match(a, "race", 2, invite=["b"])


def test_invitation_by_username_to_a_private_match():
    a, b, c = make_user("a"), make_user("b"), make_user("c")
    match = tables.create_match(a, "race", 2, private=True, invite=["b"])
    assert Invitation.objects.filter(match=match, recipient=b).exists()
    assert b.notifications.filter(kind="invite").exists()
    with pytest.raises(Forbidden):
        tables.join_match(c, match)
    tables.join_match(b, match)
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert Invitation.objects.get(match=match, recipient=b).accepted is True


def test_secret_link_lets_anyone_with_it_join(client):
    a, b = make_user("a"), make_user("b")
    match = tables.create_match(a, "race", 2, private=True)
    assert f"/matches/{match.pk}/" not in client.get("/").content.decode()  # not listed
    with pytest.raises(Forbidden):
        tables.join_match(b, match, token="wrong")
    client.force_login(b)
    assert client.get(f"/invite/{match.invite_token}/").status_code == 200
    client.post(f"/matches/{match.pk}/join/", {"token": match.invite_token})
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE


def test_declining_an_invitation():
    a, b = make_user("a"), make_user("b")
    match = tables.create_match(a, "race", 2, invite=["b"])
    tables.decline_invitation(b, match)
    assert Invitation.objects.get(match=match).accepted is False


def test_rematch_invites_the_same_people():
    a, b = make_user("a"), make_user("b")
    match = tables.create_match(a, "race", 2, clock="2d")
    tables.join_match(b, match)
    services.submit_action(match.pk, b, {"type": "site.resign"}, 0)
    again = tables.rematch(b, match)
    assert again.rematch_of_id == match.pk and again.time_control == "2d" and again.private
    assert Invitation.objects.filter(match=again, recipient=a).exists()
    tables.join_match(a, again)


def test_waiting_match_limit():
    a = make_user("a")
    for _ in range(tables.MAX_WAITING_MATCHES):
        tables.create_match(a, "race", 2)
    with pytest.raises(ServiceError, match="already have"):
        tables.create_match(a, "race", 2)


def test_rated_matches_are_between_people_only():
    with pytest.raises(ServiceError):
        tables.create_match(make_user("a"), "race", 2, bots={1: "steady"}, rated=True)


def test_lobby_filters(client):
    a = make_user("a")
    three = tables.create_match(a, "race", 3, clock="1d")
    two = tables.create_match(a, "race", 2, clock="7d")

    def listed(query):
        page = client.get(query).content.decode()
        return {m.pk for m in (three, two) if f'href="/matches/{m.pk}/"' in page}

    assert listed("/?players=3") == {three.pk}
    assert listed("/?clock=7d") == {two.pk}
    assert listed("/?game=race") == {three.pk, two.pk}


def test_profile_and_leaderboard_pages(client):
    a, b = make_user("a"), make_user("b")
    match = tables.create_match(a, "race", 2, rated=True)
    tables.join_match(b, match)
    services.submit_action(match.pk, b, {"type": "site.resign"}, 0)
    page = client.get("/accounts/players/a/").content.decode()
    assert "Time-outs: 0" in page and "race" in page
    board = client.get("/leaderboard/race/").content.decode()
    assert board.index(">a<") < board.index(">b<")
    assert client.get("/leaderboard/nope/").status_code == 404
