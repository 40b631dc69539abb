"""An error in after-commit work never turns a committed move into a 500."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

import engine
from games.play import services
from games.models import Match, Turn
from tests.factories import human_match, make_user


def _broken_follow_up(**news):
    raise RuntimeError("an eager task failed after the commit")


@pytest.mark.django_db(transaction=True)
def test_a_failing_follow_up_leaves_the_move_committed_and_answered(monkeypatch):
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    seat = match.to_act[0]
    mover = alice if match.seat_of(alice) == seat else bob
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=mover).key}")
    game = engine.get_game(match.game)
    action = game.legal_actions(game.deserialize(match.state), seat)[0]
    monkeypatch.setattr(services, "after_commit", _broken_follow_up)

    response = client.post(f"/api/matches/{match.pk}/actions/", {"version": match.version, "action": action}, format="json")

    assert response.status_code == 200, response.content
    assert response.json()["version"] == match.version + 1 == Match.objects.get(pk=match.pk).version
    assert Turn.objects.filter(match=match).count() == 1
