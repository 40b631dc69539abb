"""A match page drawn for a login that is gone: the board's poll and its actions answer "log in
again" back to the same match (never an error page, nothing played), also when the token the
page holds was refused; the API keeps its JSON errors."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from games.play import visibility
from games.models import Match
from tests.factories import acting_user, human_match, make_user

pytestmark = pytest.mark.django_db


def test_a_poll_after_the_session_ended_says_log_in_again(client):
    ann, bob = make_user("ann"), make_user("bob")
    match = human_match(ann, bob)
    url = reverse("match_board", args=[match.pk])
    response = client.get(url, {"version": match.version, "viewer": ann.pk})  # nobody logged in
    page = response.content.decode()
    assert response.status_code == 403
    assert 'id="session-ended"' in page and "Your session has ended" in page
    assert f'?next=/matches/{match.pk}/' in page.replace("%2F", "/")
    assert "Page not found" not in page and 'data-action=' not in page


def test_an_action_under_another_login_plays_nothing(client):
    ann, bob = make_user("ann"), make_user("bob")
    match = human_match(ann, bob)
    user = acting_user(match, ann, bob)
    other = bob if user == ann else ann
    action = visibility.game_view(match, match.seat_of(user))[1][0]
    client.force_login(other)  # the page was drawn for `user`; `other` logged in since
    response = client.post(reverse("match_act", args=[match.pk]),
                           {"action": json.dumps(action), "version": match.version, "viewer": user.pk})
    assert response.status_code == 403
    assert "This page was opened under another login" in response.content.decode()
    assert Match.objects.get(pk=match.pk).version == match.version


def test_a_refused_token_on_the_board_says_log_in_again_and_the_api_answers_json():
    ann, bob = make_user("ann"), make_user("bob")
    match = human_match(ann, bob)
    client = Client(enforce_csrf_checks=True)
    client.force_login(ann)
    response = client.post(reverse("match_act", args=[match.pk]), {"action": "{}", "version": match.version,
                                                                     "viewer": ann.pk}, HTTP_HX_REQUEST="true")
    assert response.status_code == 403 and 'id="session-ended"' in response.content.decode()
    api = client.post(f"/api/matches/{match.pk}/actions/", {}, content_type="application/json")
    assert api.status_code in (401, 403) and api["Content-Type"].startswith("application/json")
    assert Match.objects.get(pk=match.pk).version == match.version
