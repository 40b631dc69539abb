"""Lobby and match pages, and the HTMX endpoints behind them."""

import json

import pytest
from django.urls import reverse

from games.models import Match, Turn
from tests.factories import acting_user, human_match, make_user

pytestmark = pytest.mark.django_db


def test_lobby_lists_open_matches_for_everyone(client):
    alice = make_user("alice")
    client.force_login(alice)
    response = client.post(reverse("new_match"), {"game": "chickenrun", "players": 2, "seat_1": ""})
    match = Match.objects.get()
    assert response.status_code == 302 and response.url == match.get_absolute_url()
    client.logout()
    page = client.get(reverse("lobby")).content.decode()
    assert f"/matches/{match.pk}/" in page


def test_create_form_offers_house_rules_and_bots(client):
    client.force_login(make_user("alice"))
    page = client.get(reverse("new_match") + "?game=chickenrun").content.decode()
    assert 'name="variants"' in page
    assert 'value="sensible"' in page


def test_create_form_refuses_bad_choices_with_a_message(client):
    client.force_login(make_user("alice"))
    response = client.post(reverse("new_match"), {"game": "chickenrun", "players": 9})
    assert response.status_code == 400
    assert not Match.objects.exists()


def test_join_then_leave_is_refused_once_started(client):
    alice, bob = make_user("alice"), make_user("bob")
    client.force_login(alice)
    client.post(reverse("new_match"), {"game": "chickenrun", "players": 2, "seat_1": ""})
    match = Match.objects.get()
    client.force_login(bob)
    client.post(reverse("join", args=[match.pk]))
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    response = client.post(reverse("leave", args=[match.pk]), follow=True)
    assert "before it starts" in response.content.decode()


def test_match_page_marks_exactly_the_legal_actions(client):
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    mover = acting_user(match, alice, bob)
    client.force_login(mover)
    page = client.get(match.get_absolute_url()).content.decode()
    import html
    import re

    found = [json.loads(html.unescape(m)) for m in re.findall(r'data-action="([^"]*)"', page)]
    from games.play import visibility

    _, legal = visibility.game_view(match, match.seat_of(mover))
    key = lambda a: json.dumps(a, sort_keys=True)  # noqa: E731
    assert sorted(map(key, found)) == sorted(map(key, legal))
    other = bob if mover == alice else alice
    client.force_login(other)
    assert "data-action=" not in client.get(match.get_absolute_url()).content.decode()


def test_board_poll_is_304_until_the_version_changes(client):
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    url = reverse("match_board", args=[match.pk])
    assert client.get(url, {"version": match.version, "status": "active"}).status_code == 304
    assert client.get(url, {"version": match.version + 1, "status": "active"}).status_code == 200


def test_act_view_status_codes_and_nothing_changes_on_refusal(client):
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    mover = acting_user(match, alice, bob)
    waiter = bob if mover == alice else alice
    from games.play import visibility

    _, legal = visibility.game_view(match, match.seat_of(mover))
    url = reverse("match_act", args=[match.pk])
    client.force_login(waiter)
    assert client.post(url, {"action": json.dumps(legal[0]), "version": 0}).status_code == 403
    client.force_login(mover)
    assert client.post(url, {"action": "{not json", "version": 0}).status_code == 400
    bad = client.post(url, {"action": json.dumps({"type": "step", "to": [8, 8]}), "version": 0})
    assert bad.status_code == 400 and b"action-error" in bad.content
    assert client.post(url, {"action": json.dumps(legal[0]), "version": 5}).status_code == 409
    assert not Turn.objects.exists()
    ok = client.post(url, {"action": json.dumps(legal[0]), "version": 0})
    assert ok.status_code == 200
    assert Turn.objects.count() == 1
    assert client.get(url).status_code == 405


def test_header_counts_matches_waiting_for_me(client):
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    mover = acting_user(match, alice, bob)
    client.force_login(mover)
    page = client.get(reverse("my_matches")).content.decode()
    assert 'class="badge"' in page and "Your turn" in page


@pytest.mark.django_db(transaction=True)
def test_replay_steps_through_a_finished_match(client):
    from games.lobby import tables

    match = tables.create_match(None, "race", 2, bots={0: "steady", 1: "steady"})
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    first = client.get(reverse("replay", args=[match.pk]) + "?v=0").content.decode()
    assert "The starting position" in first and "data-action" not in first
    step = client.get(reverse("replay", args=[match.pk]) + "?v=3").content.decode()
    assert "Seat 1 adds 1." in step and "&#x27;count&#x27;: 3" in step
    assert client.get(reverse("replay", args=[match.pk]) + "?v=999").status_code == 200


def test_replay_waits_for_the_end(client):
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    assert client.get(reverse("replay", args=[match.pk])).status_code == 302


def test_log_can_show_only_what_happened_since_my_last_move(client):
    from games.lobby import tables
    from games.play import services

    alice, bob = make_user("alice"), make_user("bob")
    match = tables.create_match(alice, "race", 2)
    tables.join_match(bob, match)
    for user in (alice, bob, alice, bob):
        match.refresh_from_db()
        services.submit_action(match.pk, user, {"type": "add", "n": 1}, match.version)
    client.force_login(alice)
    page = client.get(reverse("match_board", args=[match.pk]), {"log": "mine"}).content.decode()
    assert page.count('<span class="v">') == 1
    page = client.get(reverse("match_board", args=[match.pk])).content.decode()
    assert page.count('<span class="v">') == 4


def test_play_solo_starts_a_game_against_the_games_own_ai(client):
    client.force_login(make_user("alice"))
    assert 'id="play-race-solo"' in client.get(reverse("lobby")).content.decode()
    response = client.post(reverse("play_solo"), {"game": "race", "mode": "race-solo"})
    match = Match.objects.get()
    assert response.url == match.get_absolute_url()
    assert match.status == Match.Status.ACTIVE and [s.bot for s in match.seats.all()] == ["", "steady"]
    assert client.post(reverse("play_solo"), {"game": "race", "mode": "nope"}).status_code == 302
    assert Match.objects.count() == 1
