"""A token client's move and poll skip DRF's request cycle (games/api.py `_token_move`,
`_token_read`): they must answer exactly as the general way does, refusals included."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

import engine
from games.lobby import tables
from games.models import Match, Turn
from tests.factories import human_match, make_user

pytestmark = pytest.mark.django_db


def _token_client(user, key=None) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key or Token.objects.get_or_create(user=user)[0].key}")
    return client


def _session_client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def game():
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    match = human_match(alice, bob)
    mover, waiter = (alice, bob) if match.seat_of(alice) in match.to_act else (bob, alice)
    return match, mover, waiter, carol


def _legal(match):
    g = engine.get_game(match.game)
    return g.legal_actions(g.deserialize(match.state), match.to_act[0])


def _same(a: dict, b: dict) -> bool:
    for body in (a, b):
        for row in body["seats"]:
            row.pop("time_left_seconds")  # the clock runs between two answers
    return a == b


def test_a_players_poll_is_what_the_general_way_answers(game):
    match, mover, waiter, _ = game
    for user in (mover, waiter):
        quick = _token_client(user).get(f"/api/matches/{match.pk}/")
        general = _session_client(user).get(f"/api/matches/{match.pk}/")
        assert quick.status_code == general.status_code == 200
        assert quick["Content-Type"] == general["Content-Type"] == "application/json"
        assert _same(quick.json(), general.json())
        assert quick.json()["your_seat"] == match.seat_of(user)


def test_a_move_answers_as_the_general_way_and_is_logged(game):
    match, mover, _, _ = game
    url = f"/api/matches/{match.pk}/actions/"
    answer = _token_client(mover).post(url, {"version": match.version, "action": _legal(match)[0]}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["version"] == match.version + 1
    assert Turn.objects.filter(match=match, version=match.version + 1, seat=match.seat_of(mover)).exists()
    assert _same(answer.json(), _session_client(mover).get(f"/api/matches/{match.pk}/").json())


@pytest.mark.parametrize("body, status", [
    ({"version": 0, "action": {"type": "step", "to": [7, 7]}}, 400),  # illegal
    ({"version": 0, "action": "end"}, 400),  # not an object
    ({"action": {"type": "end"}}, 400),  # no version
    ({"version": "x", "action": {"type": "end"}}, 400),
    ({"version": True, "action": {"type": "end"}}, 400),
    ({"version": 3, "action": {"type": "end"}}, 409),  # stale
    ([1, 2], 400),
])
def test_bad_moves_are_refused_and_change_nothing(game, body, status):
    match, mover, _, _ = game
    before = Match.objects.get(pk=match.pk)
    response = _token_client(mover).post(f"/api/matches/{match.pk}/actions/", body, format="json")
    assert response.status_code == status, response.content
    assert response.json()["detail"]
    after = Match.objects.get(pk=match.pk)
    assert (after.version, after.state) == (before.version, before.state)
    assert not Turn.objects.filter(match=match).exists()


def test_who_may_not_move_is_told_why(game):
    match, mover, waiter, carol = game
    url = f"/api/matches/{match.pk}/actions/"
    body = {"version": match.version, "action": _legal(match)[0]}
    assert _token_client(waiter).post(url, body, format="json").status_code == 403
    stranger = _token_client(carol).post(url, body, format="json")
    assert stranger.status_code == 403 and "seat" in stranger.json()["detail"]
    for client in (_token_client(mover, key="0" * 40), APIClient()):
        assert client.post(url, body, format="json").status_code in (401, 403)
    assert _token_client(mover, key="0" * 40).post(url, body, format="json").status_code == 401
    mover.is_active = False
    mover.save()
    assert _token_client(mover).post(url, body, format="json").status_code == 401
    assert not Turn.objects.filter(match=match).exists()


def test_a_bad_token_is_401_even_for_an_unknown_match(game):
    _, mover, _, _ = game
    assert _token_client(mover, key="0" * 40).post("/api/matches/999999/actions/", {"version": 0, "action": {}},
                                                   format="json").status_code == 401
    assert _token_client(mover).post("/api/matches/999999/actions/", {"version": 0, "action": {}},
                                     format="json").status_code == 404
    assert _token_client(mover, key="0" * 40).get("/api/matches/999999/").status_code == 401
    assert _token_client(mover).get(f"/api/matches/{2**70}/").status_code == 404


def test_a_private_match_stays_hidden_from_a_token_that_holds_no_seat(game):
    _, _, _, carol = game
    dave = make_user("dave")
    match = tables.create_match(dave, "chickenrun", 2, private=True, invite=["carol"])
    tables.join_match(carol, match)
    assert _token_client(carol).get(f"/api/matches/{match.pk}/").status_code == 200
    assert _token_client(make_user("eve")).get(f"/api/matches/{match.pk}/").status_code == 404


@pytest.mark.parametrize("slug", ["chickenrun", "wfci", "chickendie", "barnyard"])
def test_the_quick_answers_json_is_drfs_byte_for_byte(slug):
    """The token path writes its answers with orjson: the bytes must be DRF's renderer's, for
    each game's payload through a few moves, and for what orjson would write otherwise."""
    from rest_framework.renderers import JSONRenderer

    from games.api import matches
    from games.play import visibility, services

    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob, game=slug)
    g = engine.get_game(slug)
    for _ in range(6):
        match = Match.objects.get(pk=match.pk)
        for user in (alice, bob):
            payload = visibility.match_payload(match, user)
            assert matches._json(payload).content == JSONRenderer().render(payload)
        if not match.to_act:
            break
        seat = match.to_act[0]
        mover = alice if match.seat_of(alice) == seat else bob
        services.submit_action(match.pk, mover, g.legal_actions(g.deserialize(match.state), seat)[-1], match.version)
    for odd in ({"line": "a\u2028b\u2029c é"}, {"keys": {1: "one"}}, {"big": 2**70}, {"float": 0.1, "none": None}):
        assert matches._json(odd).content == JSONRenderer().render(odd)
