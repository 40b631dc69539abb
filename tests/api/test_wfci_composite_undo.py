"""A War for Chicken Island composite choice through the API is one step of the match: one turn
row, and one undo takes the whole of it back (engine/wfci/composite.py)."""

import pytest
from rest_framework.test import APIClient

import engine
from engine.wfci import composite
from games.models import Match, Turn
from games.play import services
from tests.factories import acting_user, human_match, make_user

pytestmark = pytest.mark.django_db

GAME = engine.get_game("wfci")


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _until_an_undoable_composite(match, users, kinds=("take_all", "pick_dice")) -> dict:
    """Play the skirmisher's choices until the seat to act is offered a composite of `kinds` that
    uses no luck (picking dice by face before a reroll, taking the whole retrieve allowance, a
    move with where it goes, a retrieve with what it takes)."""
    for _ in range(600):
        match = Match.objects.get(pk=match.pk)
        state = GAME.deserialize(match.state)
        seat = GAME.to_act(state)[0]
        offered = [a for a in GAME.legal_actions(state, seat) if a["type"] in kinds and composite.is_composite(a)]
        if offered:
            return offered[-1]
        services.submit_action(match.pk, acting_user(match, *users), GAME.bot_action(state, seat, "skirmisher"),
                               match.version)
    pytest.fail("no composite without luck came up")


@pytest.mark.parametrize("kinds", [("take_all", "pick_dice"), ("move",), ("retrieve",)])
def test_a_composite_is_one_turn_and_one_undo_takes_it_back(kinds):
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob, game="wfci")
    action = _until_an_undoable_composite(match, (alice, bob), kinds)
    match = Match.objects.get(pk=match.pk)
    mover = acting_user(match, alice, bob)
    before, version = match.state, match.version
    state = GAME.deserialize(before)
    seat = GAME.to_act(state)[0]
    expected, steps = composite.run(state, seat, action, lambda s, p, a: GAME.apply(s, p, a), lambda s, p:
                                    [a for a in GAME.legal_actions(s, p) if not composite.is_composite(a)])
    assert len(steps) >= 2

    done = api(mover).post(f"/api/matches/{match.pk}/actions/", {"version": version, "action": action}, format="json")
    assert done.status_code == 200, done.content
    match = Match.objects.get(pk=match.pk)
    assert match.version == version + 1
    turn = Turn.objects.get(match=match, version=version + 1)
    assert turn.action == action and not turn.irreversible
    assert match.state == GAME.serialize(expected)

    undone = api(mover).post(f"/api/matches/{match.pk}/actions/",
                             {"version": match.version, "action": {"type": "site.undo"}}, format="json")
    assert undone.status_code == 200, undone.content
    match = Match.objects.get(pk=match.pk)
    assert match.state == before
    assert Turn.objects.get(pk=turn.pk).undone
