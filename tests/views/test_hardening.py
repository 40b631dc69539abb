"""The security and fault review's defects (issue 17): bad input is a 4xx, private matches stay
private, `next` never leaves the site, one address cannot try many user names, pages carry a CSP."""

import json

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games.lobby import tables
from games.models import Match
from tests.factories import PASSWORD, human_match, make_user

pytestmark = pytest.mark.django_db


def api(user=None) -> APIClient:
    client = APIClient()
    if user:
        client.force_authenticate(user)
    return client


def deep(n: int) -> str:
    return "[" * n + "]" * n


# ------------------------------------------------------------------ 2. bad input is a 4xx


@pytest.mark.parametrize(
    "bots",
    [{"1": ""}, {"1": None}, {"x": "sensible"}, {"-1": "sensible"}, {"1.5": "sensible"}, {"1": ["sensible"]}],
)
def test_bad_bot_seats_and_names_are_refused(bots):
    alice = make_user("alice")
    response = api(alice).post("/api/matches/", {"game": "chickenrun", "players": 2, "bots": bots}, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["detail"]
    assert not Match.objects.exists()


def test_lobby_refuses_a_seat_key_that_is_not_a_number():
    with pytest.raises(tables.ServiceError):
        tables.create_match(make_user("alice"), "chickenrun", 2, bots={"one": "sensible"})


@pytest.mark.parametrize("path", ["/api/matches/", "/api/token/", "/api/matches/{id}/actions/"])
@pytest.mark.parametrize("depth", [100_000, 10_000, 40])
def test_deeply_nested_json_is_a_4xx(path, depth):
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    body = '{"version": 0, "action": ' + deep(depth) + "}"
    response = api(alice).post(path.format(id=match.pk), body, content_type="application/json")
    assert response.status_code == (413 if len(body) > 64 * 1024 else 400)
    assert match.turns.count() == 0


def test_an_oversized_json_body_is_a_413(settings):
    alice = make_user("alice")
    body = json.dumps({"game": "chickenrun", "players": 2, "options": {"pad": "x" * settings.API_MAX_BODY_BYTES}})
    response = api(alice).post("/api/matches/", body, content_type="application/json")
    assert response.status_code == 413
    assert not Match.objects.exists()


def test_nesting_within_the_limit_still_parses():
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    body = json.dumps({"version": match.version, "action": {"type": "end", "x": [[[1]]]}})
    response = api(alice).post(f"/api/matches/{match.pk}/actions/", body, content_type="application/json")
    assert response.status_code in (400, 403)


@pytest.mark.parametrize("depth", [100_000, 10_000])
def test_the_site_action_form_refuses_deep_json(client, depth):
    """Deep JSON is a 400; past the site's body cap (64 KiB) the body is refused unread, a 413."""
    alice, bob = make_user("alice"), make_user("bob")
    match = human_match(alice, bob)
    client.force_login(alice)
    response = client.post(reverse("match_act", args=[match.pk]), {"action": deep(depth), "version": match.version})
    assert response.status_code == (413 if depth == 100_000 else 400)
    match.refresh_from_db()
    assert match.version == 0 or match.turns.count() == match.version


# ------------------------------------------------------------------ 3. no open redirect


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/", "http:///evil.example/", "/\\evil.example"])
def test_signup_never_redirects_off_the_site(client, target):
    data = {"username": "newhen", "email": "newhen@example.com", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post(reverse("signup") + "?next=" + target, data)
    assert response.status_code == 302
    assert response["Location"] == reverse("lobby")


def test_signup_follows_a_next_on_the_site(client):
    data = {"username": "newhen", "email": "newhen@example.com", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post(reverse("signup") + "?next=/matches/mine/", data)
    assert response["Location"] == "/matches/mine/"


# ------------------------------------------------------------------ 4. private matches


@pytest.fixture
def private_match():
    alice, carol = make_user("alice"), make_user("carol")
    match = tables.create_match(alice, "chickenrun", 2, private=True, invite=["carol"])
    return match, alice, carol


def test_a_private_lobby_match_is_listed_only_for_its_players_and_invitees(private_match):
    match, alice, carol = private_match
    stranger = make_user("stranger")
    assert [m["id"] for m in api(alice).get("/api/matches/").json()] == [match.pk]
    assert [m["id"] for m in api(carol).get("/api/matches/").json()] == [match.pk]
    assert api(stranger).get("/api/matches/").json() == []
    assert api().get("/api/matches/").json() == []


def test_a_private_match_detail_log_and_page_are_hidden_from_others(client, private_match):
    match, alice, carol = private_match
    stranger = make_user("stranger")
    for who in (None, stranger):
        assert api(who).get(f"/api/matches/{match.pk}/").status_code == 404
        assert api(who).get(f"/api/matches/{match.pk}/log/").status_code == 404
    assert client.get(match.get_absolute_url()).status_code == 404
    client.force_login(stranger)
    assert client.get(match.get_absolute_url()).status_code == 404
    assert client.get(reverse("match_board", args=[match.pk])).status_code == 404
    for who in (alice, carol):
        assert api(who).get(f"/api/matches/{match.pk}/").status_code == 200
        assert api(who).get(f"/api/matches/{match.pk}/log/").status_code == 200
        client.force_login(who)
        assert client.get(match.get_absolute_url()).status_code == 200


def test_public_matches_stay_public(client):
    match = tables.create_match(make_user("alice"), "chickenrun", 2)
    assert [m["id"] for m in api().get("/api/matches/").json()] == [match.pk]
    assert api().get(f"/api/matches/{match.pk}/").status_code == 200
    assert client.get(match.get_absolute_url()).status_code == 200


# ------------------------------------------------------------------ 7. lock-out, CSP


def test_one_address_trying_many_user_names_is_locked_out(client, settings):
    settings.AXES_ENABLED = True
    make_user("hen")
    for n in range(40):
        client.post(reverse("login"), {"username": f"name{n}", "password": "wrong"})
    response = client.post(reverse("login"), {"username": "hen", "password": PASSWORD})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_pages_carry_a_content_security_policy_without_inline_scripts(client):
    response = client.get(reverse("lobby"))
    policy = response["Content-Security-Policy"]
    script = next(d for d in policy.split(";") if d.strip().startswith("script-src"))
    assert "'self'" in script and "unsafe-inline" not in script and "unsafe-eval" not in script
    assert "frame-ancestors 'none'" in policy


def test_json_answers_carry_a_policy_that_allows_nothing(client):
    response = client.get("/api/ping/")
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Security-Policy"] == "default-src 'none'; frame-ancestors 'none'"


@pytest.mark.parametrize("pk", [2**63, 29427236630506074112])
def test_a_match_id_past_the_database_range_is_a_404(pk):
    """An id past the bigint range names no match: a 404, never an overflow in the database driver."""
    hen = make_user("bigid")
    client = api(hen)
    assert client.post(f"/api/matches/{pk}/actions/", {"version": 1, "action": {"type": "end"}}, format="json").status_code == 404
    assert client.get(f"/api/matches/{pk}/").status_code == 404
    assert client.get(f"/api/matches/{pk}/log/").status_code == 404
