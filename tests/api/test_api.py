"""The HTTP API's contract: paths, payloads and status codes (DESIGN.md)."""

import pytest
from rest_framework.test import APIClient

from games.models import Match, Turn
from tests.factories import PASSWORD, acting_user, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    return make_user("alice")


@pytest.fixture
def bob():
    return make_user("bob")


def api(user=None) -> APIClient:
    client = APIClient()
    if user:
        client.force_authenticate(user)
    return client


def start_human_match(alice, bob) -> int:
    created = api(alice).post("/api/matches/", {"game": "chickenrun", "players": 2}, format="json")
    assert created.status_code == 201, created.content
    assert created.json()["status"] == "lobby"
    joined = api(bob).post(f"/api/matches/{created.json()['id']}/join/")
    assert joined.status_code == 200
    assert joined.json()["status"] == "active"
    return created.json()["id"]


def test_token_from_username_and_password(alice):
    response = APIClient().post("/api/token/", {"username": "alice", "password": PASSWORD}, format="json")
    assert response.status_code == 200
    token = response.json()["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.post("/api/matches/", {"game": "chickenrun", "players": 2}, format="json").status_code == 201
    bad = APIClient().post("/api/token/", {"username": "alice", "password": "wrong"}, format="json")
    assert bad.status_code == 400


def test_catalog_lists_chicken_run_with_its_options():
    games = {g["slug"]: g for g in api().get("/api/games/").json()}
    assert games["chickenrun"]["min_players"] == 2
    assert games["chickenrun"]["variants"]
    assert "sensible" in games["chickenrun"]["bots"]


def test_schema_is_served():
    response = api().get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/matches/{id}/actions/" in response.content


def test_create_against_a_bot_starts_at_once(alice):
    response = api(alice).post(
        "/api/matches/", {"game": "chickenrun", "players": 2, "bots": {"1": "sensible"}}, format="json"
    )
    assert response.status_code == 201
    body = response.json()
    assert body["status"] == "active"
    assert body["url"] == f"/matches/{body['id']}/"
    assert [s["bot"] for s in body["seats"]] == [None, "sensible"]
    assert body["your_seat"] == 0
    assert set(body) >= {"id", "game", "status", "seats", "version", "to_act", "outcome", "url", "view", "legal_actions"}


@pytest.mark.parametrize(
    "payload",
    [
        {"game": "nope", "players": 2},
        {"game": "chickenrun", "players": 5},
        {"game": "chickenrun", "players": 2, "options": {"colour": "blue"}},
        {"game": "chickenrun", "players": 2, "bots": {"1": "grandmaster"}},
        {"game": "chickenrun", "players": 2, "bots": {"0": "sensible"}},
    ],
)
def test_create_refuses_bad_input_with_a_reason(alice, payload):
    response = api(alice).post("/api/matches/", payload, format="json")
    assert response.status_code == 400
    assert response.json()["detail"]
    assert not Match.objects.exists()


def test_anonymous_cannot_create(alice):
    assert api().post("/api/matches/", {"game": "chickenrun", "players": 2}, format="json").status_code in (401, 403)


def test_lobby_lists_open_matches_then_join_and_leave(alice, bob):
    carol = make_user("carol")
    created = api(alice).post("/api/matches/", {"game": "chickenrun", "players": 2}, format="json").json()
    assert [m["id"] for m in api().get("/api/matches/").json()] == [created["id"]]
    assert api(alice).post(f"/api/matches/{created['id']}/join/").status_code == 400  # already seated
    left = api(alice).post(f"/api/matches/{created['id']}/leave/")
    assert left.status_code == 200 and left.json()["status"] == "abandoned"
    assert api().get("/api/matches/").json() == []
    assert api(carol).post(f"/api/matches/{created['id']}/join/").status_code == 409


def test_action_status_codes(alice, bob):
    carol = make_user("carol")
    match_id = start_human_match(alice, bob)
    match = Match.objects.get(pk=match_id)
    mover = acting_user(match, alice, bob)
    waiter = bob if mover == alice else alice
    url = f"/api/matches/{match_id}/actions/"
    payload = api(mover).get(f"/api/matches/{match_id}/").json()
    version, legal = payload["version"], payload["legal_actions"]
    assert legal and api(waiter).get(f"/api/matches/{match_id}/").json()["legal_actions"] == []
    snapshot = Match.objects.get(pk=match_id).state

    def unchanged():
        m = Match.objects.get(pk=match_id)
        return m.version == version and m.state == snapshot and not Turn.objects.filter(match=m).exists()

    illegal = api(mover).post(url, {"version": version, "action": {"type": "step", "to": [7, 7]}}, format="json")
    assert illegal.status_code == 400 and illegal.json()["detail"]
    assert unchanged()
    assert api(mover).post(url, {"version": version, "action": "end"}, format="json").status_code == 400
    assert api(mover).post(url, {"action": legal[0]}, format="json").status_code == 400
    not_turn = api(waiter).post(url, {"version": version, "action": legal[0]}, format="json")
    assert not_turn.status_code == 403
    assert api(carol).post(url, {"version": version, "action": legal[0]}, format="json").status_code == 403
    assert api().post(url, {"version": version, "action": legal[0]}, format="json").status_code in (401, 403)
    stale = api(mover).post(url, {"version": version + 3, "action": legal[0]}, format="json")
    assert stale.status_code == 409
    assert unchanged()
    ok = api(mover).post(url, {"version": version, "action": legal[0]}, format="json")
    assert ok.status_code == 200
    assert ok.json()["version"] == version + 1
    again = api(mover).post(url, {"version": version, "action": legal[0]}, format="json")
    assert again.status_code in (403, 409)
    assert Turn.objects.filter(match_id=match_id).count() == 1


def test_unknown_match_is_404(alice):
    assert api(alice).get("/api/matches/999/").status_code == 404
    assert api(alice).post("/api/matches/999/actions/", {"version": 0, "action": {}}, format="json").status_code == 404


def test_log_since_and_redaction(alice, bob):
    match_id = start_human_match(alice, bob)
    for _ in range(3):
        match = Match.objects.get(pk=match_id)
        mover = acting_user(match, alice, bob)
        legal = api(mover).get(f"/api/matches/{match_id}/").json()["legal_actions"]
        end = next(a for a in legal if a["type"] == "end")
        api(mover).post(f"/api/matches/{match_id}/actions/", {"version": match.version, "action": end}, format="json")
    log = api().get(f"/api/matches/{match_id}/log/").json()
    assert [e["version"] for e in log] == [1, 2, 3]
    assert all(e["text"] for e in log)
    assert [e["version"] for e in api().get(f"/api/matches/{match_id}/log/?since=2").json()] == [3]
    assert api().get(f"/api/matches/{match_id}/log/?since=x").status_code == 400


def test_my_matches_say_whose_turn(alice, bob):
    match_id = start_human_match(alice, bob)
    mover = acting_user(Match.objects.get(pk=match_id), alice, bob)
    mine = api(mover).get("/api/matches/?mine=1").json()
    assert [(m["id"], m["your_turn"]) for m in mine] == [(match_id, True)]


def test_create_with_a_time_control_and_see_the_clocks(alice, bob):
    created = api(alice).post(
        "/api/matches/", {"game": "chickenrun", "players": 2, "clock": "3d", "weekend_pause": True}, format="json"
    ).json()
    assert (created["time_control"], created["weekend_pause"]) == ("3d", True)
    joined = api(bob).post(f"/api/matches/{created['id']}/join/").json()
    acting = [s for s in joined["seats"] if s["index"] in joined["to_act"]]
    assert acting[0]["deadline"] and acting[0]["time_left_seconds"] > 2 * 86400
    bad = api(alice).post("/api/matches/", {"game": "chickenrun", "players": 2, "clock": "9d"}, format="json")
    assert bad.status_code == 400 and "clock" in bad.json()["detail"]


def test_a_modes_own_ai_cannot_fill_an_ordinary_seat(alice):
    bad = api(alice).post("/api/matches/", {"game": "wfci", "players": 2, "bots": {"1": "challenger"}}, format="json")
    assert bad.status_code == 400
    solo = api(alice).post("/api/matches/", {"game": "wfci", "players": 2, "options": {"mode": "solo"}}, format="json")
    assert solo.status_code == 201
    assert [s["bot"] for s in solo.json()["seats"]] == [None, "challenger"]
